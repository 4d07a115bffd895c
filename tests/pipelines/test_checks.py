"""pipelines/checks.py: a check outcome's fields are named once, in check_outcome; store_check stores
what it builds."""

from __future__ import annotations

import json

import dagster as dg

from pipelines import checks
from warehouse import db


def test_store_check_stores_the_row_and_returns_the_result_check_outcome_builds(tmp_path):
    con = db.connect_work(tmp_path / "w.duckdb")
    try:
        result = checks.store_check(
            con,
            "run-1",
            asset="curated_ledger",
            check_name="rows_loaded",
            passed=False,
            description="0 rows",
            metadata={"rows": 0},
            severity=dg.AssetCheckSeverity.WARN,
        )
        stored = con.execute(
            "SELECT run_id, asset, check_name, passed, severity, description, metadata FROM meta.checks"
        ).fetchall()
    finally:
        con.close()
    assert (result.check_name, result.passed, result.severity) == ("rows_loaded", False, dg.AssetCheckSeverity.WARN)
    assert [(*r[:6], json.loads(r[6])) for r in stored] == [
        ("run-1", "curated_ledger", "rows_loaded", False, "WARN", "0 rows", {"rows": 0})
    ]


def test_store_check_takes_whatever_check_outcome_takes(tmp_path, monkeypatch):
    """One home for the keyword list: a field added to check_outcome reaches it through store_check
    without store_check being edited (before, store_check repeated the list and refused a new one)."""
    seen = {}
    real = checks.check_outcome

    def with_a_new_field(run_id, *, added_field=None, **kwargs):
        seen["added_field"] = added_field
        return real(run_id, **kwargs)

    monkeypatch.setattr(checks, "check_outcome", with_a_new_field)
    con = db.connect_work(tmp_path / "w.duckdb")
    try:
        checks.store_check(con, "run-2", asset="a", check_name="c", passed=True, description="d", added_field=7)
    finally:
        con.close()
    assert seen == {"added_field": 7}
