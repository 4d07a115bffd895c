"""Marts stored as tables in the working warehouse (warehouse/marts.py apply_mart_stored): the refresh's way.

The rows of each mart built as a table must be the rows of its view (the same SQL, the marts it reads
stored first), its columns and comments the same; a mart whose rows depend on the date stays a view."""

from __future__ import annotations

import dataclasses
import re
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


def _rows_of_view(con, mart):
    """The mart's rows as its query gives them now (a temporary view of the same query)."""
    con.execute(f"CREATE OR REPLACE TEMP VIEW fresh AS {marts.query_of(mart)}")
    rows = sorted(
        (
            tuple(float(f"{v:.12g}") if isinstance(v, float) else v for v in r)
            for r in con.execute("SELECT * FROM fresh").fetchall()
        ),
        key=lambda r: tuple(map(repr, r)),
    )
    con.execute("DROP VIEW fresh")
    return rows


def _built(con):
    return dict(con.execute("SELECT name, built_at FROM meta.marts_built").fetchall())


def test_a_mart_of_unchanged_sql_gets_new_rows_in_place_and_keeps_its_comments(views, tmp_path):
    """The second build of the same SQL replaces the rows of the table it made (meta.marts_built says which SQL
    that was): the rows follow the inputs, the columns and comments stay those of the view, nothing is created
    again; an edited SQL, or another schema version, creates the mart again."""
    con = db.connect_work(tmp_path / "w.duckdb")
    try:
        builder.fill(con)
        marts.apply_helpers(con)
        found = {m.name: m for m in marts.discover_marts()}
        market = found["market_size"]  # a table mart reading core.observations_stated only
        assert "marts.market_size" not in [f"marts.{n}" for n in marts.clock_marts(list(found.values()))]
        marts.apply_mart_stored(con, market)
        first = _built(con)["market_size"]
        before = _rows(con, "market_size")
        assert before == _rows(views, "market_size") and len(before) > 0

        # an input row changes: the in-place rebuild shows it, and is not a new table
        con.execute(
            "UPDATE core.observations SET value = value * 2 WHERE indicator IN (SELECT indicator FROM marts.market_size)"
        )
        built = marts.built_marts(con)
        assert marts.apply_mart_stored(con, market, built=built) == len(before)
        assert _built(con)["market_size"] == first  # replaced in place, not created again
        assert _rows(con, "market_size") != before
        assert _rows(con, "market_size") == _rows_of_view(con, market)  # as if created from scratch
        assert _comments(con, "market_size") == _comments(views, "market_size")

        # an edited SQL: created again, with the edit
        create = "CREATE OR REPLACE VIEW marts.market_size AS\nSELECT\n"
        assert create in market.sql
        edited = dataclasses.replace(market, sql=market.sql.replace(create, create + "    1 AS edited,\n", 1))
        marts.apply_mart_stored(con, edited)
        assert con.execute("SELECT DISTINCT edited FROM marts.market_size").fetchall() == [(1,)]
        assert _built(con)["market_size"] != first

        # the same SQL on another schema version: created again
        marts.apply_mart_stored(con, market)
        again = _built(con)["market_size"]
        stale = marts.built_marts(con)
        stale.schema -= 1
        con.execute("UPDATE meta.marts_built SET sql_version = ? WHERE name = 'market_size'", [stale.version(market)])
        marts.apply_mart_stored(con, market)
        assert _built(con)["market_size"] != again
        assert "edited" not in [c for c, _, _ in _comments(con, "market_size")]
    finally:
        con.close()


def test_the_query_of_every_mart_is_its_create_statements_as_duckdb_splits_it():
    """marts.query_of finds the end of the CREATE statement by text; DuckDB's own statement splitter agrees on every
    mart file (a `;` then COMMENT ON inside a query's string or comment would make them differ)."""
    import duckdb

    for mart in marts.discover_marts():
        create = duckdb.extract_statements(mart.sql)[0].query.strip().removesuffix(";").rstrip()
        assert create.endswith(marts.query_of(mart)), mart.name
        head = create[: len(create) - len(marts.query_of(mart))]  # the whole query: only CREATE ... AS before it
        assert re.search(rf"CREATE\s+OR\s+REPLACE\s+VIEW\s+marts\.{mart.name}\s+AS\s*$", head, re.I), mart.name
