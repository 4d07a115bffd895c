"""The benchmark scripts still work on the current graph and schema (correctness, not timing).

bench_scale.py at factor 2 must print its JSON contract as the last line, with the synthetic rows
marked; plain_refresh.py (the Dagster-free baseline) must call every asset and check of the
definitions. Timings are not asserted: CI machines differ.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

SCALE_KEYS = {
    "factor",
    "observations",
    "baseline_observations",
    "refresh_s",
    "baseline_refresh_s",
    "p95_query_ms",
    "peak_rss_mb",
}


def test_bench_scale_factor_2_prints_its_json_contract(tmp_path):
    keep = tmp_path / "x2"
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "bench_scale.py"),
            "--factor",
            "2",
            "--runs",
            "1",
            "--json",
            "--keep",
            str(keep),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert SCALE_KEYS <= set(out)
    assert out["factor"] == 2
    # observations doubled exactly: every real row has one synthetic copy
    assert out["observations"] == 2 * out["baseline_observations"] > 0
    assert out["refresh_s"] > 0 and out["baseline_refresh_s"] > 0 and out["peak_rss_mb"] > 0
    assert out["queries"] > 0 and out["p95_query_ms"] > 0
    assert out["synthetic_rows"] > 0 and out["synthetic_unmarked"] == 0 and out["baseline_synthetic_rows"] == 0
    assert all(not p["errors"] for p in out["pages"]), out["pages"]
    # the kept 2x warehouse: half of the observations are synthetic and say so in their provenance
    con = duckdb.connect(str(keep / "warehouse.duckdb"), read_only=True)
    try:
        total, synthetic, marked = con.execute(
            "SELECT count(*), count(*) FILTER (source_id LIKE 'synthetic_bench%'), count(*) FILTER (source_id LIKE "
            "'synthetic_bench%' AND publisher = 'SYNTHETIC (bench)' AND url LIKE 'https://synthetic.invalid/%' "
            "AND origin = 'synthetic_bench') FROM core.observations"
        ).fetchone()
    finally:
        con.close()
    assert total == out["observations"] and synthetic == total // 2 == marked


def test_plain_baseline_calls_every_asset_and_check(tmp_path):
    sys.path.insert(0, str(ROOT))
    from pipelines.definitions import build_definitions

    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "plain_refresh.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
        env={**__import__("os").environ, "FABRICWATCH_HOME": str(tmp_path)},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    defs = build_definitions(str(tmp_path), "offline")
    expected = {a.node_def.name for a in defs.assets} | {c.node_def.name for c in defs.asset_checks or []}
    assert set(out["nodes"]) == expected
    assert (tmp_path / "warehouse.duckdb").exists()  # it published, as a refresh does
