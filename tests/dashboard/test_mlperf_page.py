"""AppTest of the MLPerf systems page on the fixture warehouse.

The fixture holds eleven real recorded system files (tests/dashboard/fixture_warehouse.MLPERF_FILES). Expected
values were read from those files by hand: in v4.0 there are three — Google cloud-tpu-v5p-1024-maxtext (128 nodes
x 4 TPU-v5p, no host network: tpu-ici), Oracle 16xBM.GPU.H100.8 (16 x 8 H100, "ROCE2; ...": roce) and NVIDIA
eos-dfw_n1452 (1452 x 8 H100, "Compute: 8x NVIDIA ConnectX-7 IB NDR 400Gb/s": infiniband, 11616 accelerators).
In v6.0 two: CoreWeave_GB300_2048x4 (2048 x 4 GB300, "4 cards x 4x200 Gb/s breakout" RoCE ports: 3,200 Gb/s a
node) and MiTAC 8xMI350X_2xEPYC_9575F_SUTA (one node, a 10 GbE X550 card only: no scale-out fabric).
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
    assert v40 == pytest.approx({"infiniband": 1 / 3, "roce": 1 / 3, "TPU inter-chip interconnect (ICI)": 1 / 3})
    # the traces stack with "not stated" last (HPE's XD670 lists Slingshot and InfiniBand NICs, no roles)
    assert share["data"][-1]["name"] == "not stated"
    ib = next(t for t in largest["data"] if t["name"] == "infiniband")
    assert max(trace_values(ib, "y")) == 11616
    assert "not stated" not in {t["name"] for t in largest["data"]}

    v60 = {t["name"]: y for t in share["data"] for x, y in zip(t["x"], trace_values(t, "y")) if x == "v6.0"}
    assert v60 == pytest.approx({"roce": 1 / 2, "single node (no scale-out)": 1 / 2})  # shown as such
    assert "single node (no scale-out)" not in {t["name"] for t in largest["data"]}  # no fabric, no largest

    table = frames_with(at, "accelerators_total")[-1]
    assert set(table["round"]) == {"v6.0"}  # latest round by default
    coreweave = table[table["system_name"].str.contains("GB300")].iloc[0]
    # columns with gaps arrive as the text the reader sees ("—" for a gap, never a null the browser prints "None")
    assert (coreweave["ports_per_nic"], coreweave["scaleout_gbps_per_node"]) == ("4", "3,200")
    single = table[table["nodes"] == 1].iloc[0]
    assert single["fabric"] == "none" and "management" in single["excluded_nics"]
    at.multiselect(key="mlperf_rounds").set_value(["v4.0"]).run()
    table = frames_with(at, "accelerators_total")[-1]
    assert sorted(table["accelerators_total"].tolist()) == [128, 512, 11616]
    at.text_input(key="mlperf_search").set_value("BM.GPU").run()
    table = frames_with(at, "accelerators_total")[-1]
    assert table["fabric"].tolist() == ["roce"]


def test_the_round_calendar_agrees_with_the_recorded_rounds_manifest():
    """The calendar of rounds that exist (vocabulary/mlperf_rounds.csv, the one list the page compares with) dates
    every recorded round as the snapshot manifest does, names a source for each, and lists the three rounds the
    manifest's provenance says were not received (v0.5 has no systems folder; v3.1, v5.0)."""
    import csv
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    with (root / "sources" / "curated" / "vocabulary" / "mlperf_rounds.csv").open(encoding="utf-8") as fh:
        calendar = {r["term"]: dict(p.split("=", 1) for p in r["rule"].split(";")) for r in csv.DictReader(fh)}
    manifest = json.loads((root / "sources" / "snapshots" / "mlperf_training" / "manifest.json").read_text())
    recorded = manifest["rounds"]
    assert {r: calendar[r]["published"] for r in recorded} == {r: v["published"] for r, v in recorded.items()}
    assert sorted(set(calendar) - set(recorded)) == ["v0.5", "v3.1", "v5.0"]
    assert all(c["source"].startswith("https://") for c in calendar.values())
