"""AppTest of the MLPerf systems page on the fixture warehouse.

The fixture holds eleven real recorded system files (tests/dashboard/fixture_warehouse.MLPERF_FILES). Expected
values were read from those files by hand: in v4.0 there are three — Google cloud-tpu-v5p-1024-maxtext (128 nodes
x 4 TPU-v5p, no host network: tpu-ici), Oracle 16xBM.GPU.H100.8 (16 x 8 H100, "ROCE2; ...": roce) and NVIDIA
eos-dfw_n1452 (1452 x 8 H100, "Compute: 8x NVIDIA ConnectX-7 IB NDR 400Gb/s": infiniband, 11616 accelerators).
"""

from __future__ import annotations

import pytest

from tests.dashboard.test_pages import figures, frames_with, trace_values


def test_mlperf_shares_largest_systems_and_table_filters(app):
    at = app("mlperf_page.py")
    assert not at.exception, [e.message for e in at.exception]
    share, largest = figures(at)[:2]
    x_rounds = [x for t in share["data"] for x in t["x"]]
    assert {"v0.6", "v4.0", "v5.1"} <= set(x_rounds)
    v40 = {t["name"]: y for t in share["data"] for x, y in zip(t["x"], trace_values(t, "y")) if x == "v4.0"}
    assert v40 == pytest.approx({"infiniband": 1 / 3, "roce": 1 / 3, "tpu-ici": 1 / 3})
    # the traces stack with "not stated" last (HPE's XD670 lists Slingshot and InfiniBand NICs, no roles)
    assert share["data"][-1]["name"] == "not stated"
    ib = next(t for t in largest["data"] if t["name"] == "infiniband")
    assert max(trace_values(ib, "y")) == 11616
    assert "not stated" not in {t["name"] for t in largest["data"]}

    table = frames_with(at, "accelerators_total")[-1]
    assert set(table["round"]) == {"v5.1"}                     # latest round by default
    at.multiselect(key="mlperf_rounds").set_value(["v4.0"]).run()
    table = frames_with(at, "accelerators_total")[-1]
    assert sorted(table["accelerators_total"].tolist()) == [128, 512, 11616]
    at.text_input(key="mlperf_search").set_value("BM.GPU").run()
    table = frames_with(at, "accelerators_total")[-1]
    assert table["fabric"].tolist() == ["roce"]
