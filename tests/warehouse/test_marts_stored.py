"""Marts stored as tables in the working warehouse (warehouse/marts.py apply_mart_stored): the refresh's way.

The rows of each mart built as a table must be the rows of its view (the same SQL, the marts it reads
stored first), its columns and comments the same; a mart whose rows depend on the date stays a view."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixtures.warehouse import builder
from warehouse import db, marts

MARTS_DIR = Path(marts.__file__).parent / "sql" / "marts"


def _rows(con, name):
    # floats to 12 significant digits: DuckDB's parallel aggregates (the roadmap's fitted doubling time) may
    # sum in another order from one build to the next, so the last bits of a double differ between any two builds
    rows = [
        tuple(float(f"{v:.12g}") if isinstance(v, float) else v for v in r)
        for r in con.execute(f'SELECT * FROM marts."{name}"').fetchall()
    ]
    return sorted(rows, key=lambda r: tuple(map(repr, r)))


def _comments(con, name):
    return con.execute(
        "SELECT column_name, data_type, comment FROM duckdb_columns() WHERE schema_name = 'marts' "
        "AND table_name = ? ORDER BY column_index",
        [name],
    ).fetchall()


@pytest.fixture(scope="module")
def views(tmp_path_factory):
    con = builder.build(tmp_path_factory.mktemp("views") / "w.duckdb")  # every mart as a view
    yield con
    con.close()


def test_stored_marts_hold_the_rows_columns_and_comments_of_their_views(views, tmp_path):
    con = db.connect_work(tmp_path / "w.duckdb")
    try:
        builder.fill(con)
        marts.apply_helpers(con)
        found = marts.discover_marts()
        dated = marts.clock_marts(found)
        for mart in found:
            marts.apply_mart_stored(con, mart, as_view=mart.name in dated)
        kinds = marts.existing_marts(con)
        for mart in found:
            assert kinds[mart.name] == ("VIEW" if mart.name in dated else "TABLE"), mart.name
            assert _rows(con, mart.name) == _rows(views, mart.name), mart.name
            assert _comments(con, mart.name) == _comments(views, mart.name), mart.name
        # rebuilt over itself, and over a warehouse that held it as a view: the same rows again
        marts.apply_mart_stored(con, found[0])
        assert _rows(con, found[0].name) == _rows(views, found[0].name)
    finally:
        con.close()


def test_marts_reading_the_clock_and_their_readers_stay_views():
    found = marts.discover_marts()
    # read from the SQL by hand: forecast_targets and forecast_accuracy compare period_end with current_date,
    # indicator_freshness measures age against current_date; forecast_accuracy_summary reads forecast_accuracy
    assert marts.clock_marts(found) == {
        "forecast_targets",
        "forecast_accuracy",
        "forecast_accuracy_summary",
        "indicator_freshness",
    }
