"""Benchmarks page: failed or truncated runs are listed, never plotted; thresholds and vendor claims
stay apart from the measurements the model is checked against (issue #14 §4, issue #11 §5)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from dashboard import data

GOOD = dict(
    system="2 x 8 A100, HDR",
    collective="all_reduce",
    gpu="A100",
    ngpus=24,
    nodes=3,
    nccl_version="2.14",
    peak_busbw_GBps=95.74,
    avg_busbw_GBps=84.9,
    has_errors=False,
    truncated=False,
    source_id="nccl_logs",
    url="https://github.com/NVIDIA/nccl-tests/issues/119",
    published_on=pd.Timestamp("2022-11-17"),
    run_status="ok",
    is_failed=False,
    model_algorithm="Tree/LL128",
    model_fitted=True,
    model_miss_reason=None,
)
# NVIDIA/nccl-tests#294: busbw printed as 0.00 on every row
FAILED = dict(
    GOOD,
    system="2 x 8 H100, IB (busbw 0)",
    gpu="H100",
    ngpus=16,
    nodes=2,
    peak_busbw_GBps=None,
    url="https://github.com/NVIDIA/nccl-tests/issues/294",
    run_status="failed",
    is_failed=True,
    model_algorithm=None,
    model_fitted=False,
)


def _results() -> pd.DataFrame:
    rows = [
        dict(
            GOOD,
            run_id="good",
            row_index=i,
            size_bytes=s,
            busbw_GBps=b,
            predicted_busbw_GBps=p,
            model_rel_error=p / b - 1,
        )
        for i, (s, b, p) in enumerate([(130023432, 96.42, 91.6), (133169160, 95.74, 91.6)])
    ]
    rows += [
        dict(
            FAILED,
            run_id="zero",
            row_index=i,
            size_bytes=s,
            busbw_GBps=0.0,
            predicted_busbw_GBps=None,
            model_rel_error=None,
        )
        for i, s in enumerate([134217728, 536870912])
    ]
    return pd.DataFrame(rows)


def _points() -> pd.DataFrame:
    base = dict(
        origin="published",
        collective="all_reduce",
        gpu="H100",
        ngpus=8,
        size_bytes=2**33,
        rel_error=0.004,
        nccl_choice="NVLS/Simple",
        publisher="Microsoft Azure",
        url="https://github.com/Azure/AI-benchmarking-guide",
        published_on=pd.Timestamp("2024-09-24"),
        miss_reason="",
        setup="1 VM x 8 GPUs, 8 GB",
        value_qualifier=None,
        requested_algorithm="nvls",
        evidence="| 8G | 478.87 |",
    )
    return pd.DataFrame(
        [
            dict(
                base,
                point_id="p-measured",
                status="ok",
                fitted=True,
                within_tolerance=True,
                figure_kind="actual",
                system="Azure ND H100 v5",
                measured_busbw_GBps=478.87,
                predicted_busbw_GBps=480.9,
            ),
            dict(
                base,
                point_id="p-threshold",
                status="threshold",
                fitted=False,
                within_tolerance=True,
                figure_kind="estimate",
                system="Azure ND H100 v5 (health check)",
                measured_busbw_GBps=460.0,
                predicted_busbw_GBps=480.9,
            ),
            dict(
                base,
                point_id="p-claim",
                status="vendor_claim",
                fitted=False,
                within_tolerance=True,
                figure_kind="vendor_claim",
                system="NVIDIA H100 HGX (maintainer)",
                measured_busbw_GBps=480.0,
                predicted_busbw_GBps=480.9,
            ),
        ]
    )


@pytest.fixture
def page(app, monkeypatch):
    real = data.mart
    frames = {"nccl_results": _results(), "benchmark_calibration": _points()}
    monkeypatch.setattr(data, "mart", lambda name: frames[name].copy() if name in frames else real(name))
    return app("benchmarks_page.py")


def test_failed_run_is_listed_not_plotted(page):
    assert not page.exception, [e.message for e in page.exception]
    plotted = json.dumps([json.loads(el.proto.spec)["data"] for el in page.get("plotly_chart")])
    assert "busbw 0" not in plotted and "2 x 8 A100, HDR" in plotted
    failed_tables = [
        df.value
        for df in page.dataframe
        if "run_status" in df.value.columns and (df.value["run_status"] == "failed").any()
    ]
    assert failed_tables and failed_tables[0]["run_id"].tolist() == ["zero"]


def test_thresholds_and_claims_stay_out_of_the_measurements(page):
    tables = [df.value for df in page.dataframe]
    measured = next(t for t in tables if "rel_error" in t.columns)
    assert measured["measured_busbw_GBps"].tolist() == [478.87]
    apart = next(t for t in tables if "figure_kind" in t.columns)
    assert sorted(apart["figure_kind"]) == ["estimate", "vendor claim"]  # kinds in the reader's words
    assert page.metric[0].value == "1"
