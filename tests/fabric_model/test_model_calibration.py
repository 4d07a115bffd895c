"""Calibration against independent truth: the recorded nccl-tests logs' own numbers and the published
benchmark figures of the curated ledger (sources/curated/benchmarks_observations.csv)."""

import json
import re
from pathlib import Path

import pandas as pd
import pytest

from fabric_model import CALIBRATION_TOLERANCE, calibrate, calibration_failures, load_catalog, reference_points
from fabric_model.calibration import (
    BENCHMARK_INDICATOR,
    check_calibration,
    ledger_observations,
    parse_hardware,
    points_from_observations,
    points_from_runs,
    run_status,
)
from sources.ledger.ledger import load_ledger
from sources.parsers.nccl.runs import read_runs

LOGS = Path(__file__).resolve().parents[2] / "sources" / "snapshots" / "nccl_logs"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _log_rows() -> pd.DataFrame:
    """The recorded logs as warehouse-style rows (model_nccl_rows.sql columns), straight from the parser."""
    manifest = json.loads((LOGS / "manifest.json").read_text(encoding="utf-8"))
    rows = []
    for entry in manifest["entries"]:
        for i, run in enumerate(read_runs((LOGS / entry["file"]).read_text(encoding="utf-8"), entry["file"])):
            wrong = any((r.get("oop_wrong") or 0) > 0 for r in run.rows)
            for r in run.rows:
                if r.get("oop_busbw_GBps") is None:
                    continue
                rows.append(
                    {
                        "run_id": f"{entry['file']}:{i}",
                        "url": entry["url"],
                        "collective": run.collective,
                        "system": entry["system"],
                        "size_bytes": r["size_bytes"],
                        "time_us": r["oop_time_us"],
                        "busbw_GBps": r["oop_busbw_GBps"],
                        "has_errors": wrong,
                        "truncated": run.truncated,
                    }
                )
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def runs(catalog):
    return calibrate(points_from_runs(_log_rows()), catalog).set_index("point_id")


@pytest.fixture(scope="module")
def published(catalog):
    return calibrate(points_from_observations(ledger_observations(load_ledger())), catalog)


def test_every_recorded_log_with_rows_has_its_hardware_described():
    ref = reference_points()
    manifest = json.loads((LOGS / "manifest.json").read_text(encoding="utf-8"))
    assert {e["url"] for e in manifest["entries"]} <= set(ref["source_url"])
    assert ref["source"].str.contains("sidecar").all()


def test_a100_three_node_log_within_tolerance(runs):
    # NVIDIA/nccl-tests#119: 3 x 8 A100, 4 x HDR 200G per server; the log prints 95.74 GB/s at 133169160 B
    point = runs.loc["03_nccl-tests-119_a100_3node_hdr_ib.txt:0:133169160"]
    assert point["measured_busbw_GBps"] == 95.74
    assert point["fitted"] and abs(point["rel_error"]) <= CALIBRATION_TOLERANCE


def test_nvl72_log_is_a_ring_and_its_miss_is_documented(runs):
    # coreweave/nccl-tests#43: 586.06 GB/s at 512 MiB rising to 834.57 at 8 GiB over 72 ranks
    small = runs.loc["01_coreweave_gb200_nvl72_allreduce.txt:0:536870912"]
    big = runs.loc["01_coreweave_gb200_nvl72_allreduce.txt:0:8589934592"]
    assert small["algorithm"] == big["algorithm"] == "ring"
    assert small["measured_busbw_GBps"] == 586.06 and big["measured_busbw_GBps"] == 834.57
    assert abs(small["rel_error"]) <= CALIBRATION_TOLERANCE  # the ring's latency term at 72 ranks
    assert big["predicted_busbw_GBps"] < big["measured_busbw_GBps"]
    assert big["within_tolerance"] or "SM100_NVLINK_BW" in big["miss_reason"]


def test_failed_and_truncated_runs_are_flagged_and_not_fitted(runs):
    zero = runs[runs.index.str.startswith("06_")]  # NVIDIA/nccl-tests#294: busbw printed as 0.00 on every row
    assert len(zero) and (zero["status"] == "failed").all() and not zero["fitted"].any()
    spark = runs[runs.index.str.startswith("07_")]  # Avg line cut; recorded before the MTU fix
    assert set(spark["status"]) <= {"truncated", "misconfigured"} and not spark["fitted"].any()
    unknown = runs[runs.index.str.startswith("04_")]  # GPU model not stated
    assert (unknown["status"] == "hardware_unknown").all()


def test_run_status_rules():
    rows = pd.DataFrame(
        {
            "run_id": ["a", "a", "b", "c"],
            "size_bytes": [2**20, 2**30, 2**30, 2**30],
            "busbw_GBps": [0.0, 0.0, 100.0, 50.0],
            "has_errors": [False, False, True, False],
            "truncated": [False, False, False, True],
        }
    )
    assert run_status(rows).to_dict() == {"a": "failed", "b": "failed", "c": "truncated"}


def test_hardware_block_is_read_from_the_note():
    hw = parse_hardware("NCCL 2.26.2 | hw: gpu=GB200; ngpus=144; gpus_per_node=4; domain=72; nic_gbps=400; sharp=false")
    assert hw["gpu"] == "GB200" and hw["ngpus"] == 144 and hw["domain"] == 72 and hw["sharp"] is False


def test_benchmark_rows_keep_the_three_kinds_apart():
    obs = ledger_observations(load_ledger())
    assert len(obs) >= 80
    kinds = obs.groupby("kind").size()
    assert kinds["actual"] >= 50 and kinds["estimate"] >= 15 and kinds["vendor_claim"] >= 3
    thresholds = obs[obs["kind"] == "estimate"]
    assert thresholds["note"].str.contains("threshold|expected|guidance|reference value|gate", case=False).all()


def test_published_figures_are_in_their_evidence():
    csv = pd.read_csv(Path(__file__).resolve().parents[2] / "sources" / "curated" / "benchmarks_observations.csv")
    for row in csv.itertuples():
        figure = re.search(r"source figure\D*([\d.]+)", str(row.note))
        wanted = figure.group(1) if figure else f"{row.value:g}"
        digits = wanted.rstrip("0").rstrip(".") if "." in wanted else wanted
        assert digits in str(row.evidence).replace(",", ""), (row.subject, wanted, row.evidence)


def test_disagreements_keep_both_sides(published):
    def values(text):
        return set(published.loc[published["description"].str.contains(text, regex=False), "measured_busbw_GBps"])

    assert {480.0, 431.0, 479.98} <= values("Azure ND H200 v5")  # README vs conf threshold vs measured
    assert {304.0, 312.912} <= values("MI300X") and 314.0 in values("ND MI300X")
    assert {487.09, 800.0} <= values("p5") and 300.0 in values("p5.48xlarge (H100, 32 EFA)")
    assert 89.54 in values("Google Cloud A3 (") and 338.82 in values("A3 Mega")


def test_thresholds_and_claims_are_not_fitted(published):
    assert not published.loc[published["kind"] != "actual", "fitted"].any()
    assert set(published.loc[published["kind"] == "estimate", "status"]) == {"threshold"}


def test_published_measurements_against_the_model(published):
    fitted = published[published["fitted"]]
    assert len(fitted) >= 30
    assert fitted["abs_rel_error"].median() <= CALIBRATION_TOLERANCE
    # every miss carries a documented cause written with the data, none is silently outside
    assert (calibration_failures(published)["miss_reason"] != "outside tolerance: no documented cause").all()
    ok, summary = check_calibration(published)
    assert ok, summary


@pytest.mark.parametrize(
    "text, value",
    [
        ("8x H200 node (NVLink 4, NVSwitch)", 367.61),  # ML Engineering: ring with NCCL_NVLS_ENABLE=0
        ("8x A100 node (NVLink 3)", 234.89),
        ("Azure ND H100 v5", 478.87),
        ("AWS P6-B200", 381.80),  # 4 nodes x 8 B200, 8 x 400G EFA, 16 GiB
        ("3 NVL partitions", 196.72),  # GB200 NVL4 x 3 ring over IB
    ],
)
def test_named_published_points_within_tolerance(published, text, value):
    row = published[
        published["description"].str.contains(text, regex=False) & (published["measured_busbw_GBps"] == value)
    ].iloc[0]
    assert row["fitted"] and abs(row["rel_error"]) <= CALIBRATION_TOLERANCE, (row["predicted_busbw_GBps"], value)


def test_indicator_is_the_ledgers():
    assert BENCHMARK_INDICATOR in {i["indicator"] for i in load_ledger().indicators}
