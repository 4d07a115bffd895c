"""A deleted mart file leaves nothing behind: the publish step drops the marts schema's views and tables
that no file under warehouse/sql/marts/ creates, in the working and so in the published warehouse, and
touches no other schema."""

from __future__ import annotations

import dagster as dg
import duckdb

from pipelines.assets.publish import build_publish_asset
from pipelines.resources import WarehouseResource
from warehouse import db, marts


def _objects(con, schema):
    return set(
        con.execute(
            "SELECT view_name FROM duckdb_views() WHERE database_name = current_database() AND schema_name = ? "
            "AND NOT internal UNION ALL SELECT table_name FROM duckdb_tables() "
            "WHERE database_name = current_database() AND schema_name = ?",
            [schema, schema],
        ).fetchall()
    )


def test_publish_drops_marts_whose_file_was_deleted_and_nothing_else(tmp_path):
    home = tmp_path / "home"
    con = db.connect_work(db.paths(home).work)
    # what an older code version built: a mart file since deleted (view) and one stored as a table
    con.execute("CREATE SCHEMA IF NOT EXISTS marts")
    con.execute("CREATE VIEW marts.retired_view AS SELECT 1 AS x")
    con.execute("CREATE TABLE marts.retired_table AS SELECT 2 AS y")
    # a mart whose file exists stays; so does a table of another schema
    con.execute("CREATE TABLE marts.source_tiers AS SELECT 'tier' AS t")
    con.execute("CREATE TABLE core.kept_rows AS SELECT 3 AS z")
    con.close()

    result = dg.materialize([build_publish_asset([])], resources={"warehouse": WarehouseResource(home=str(home))})
    assert result.success
    for path in (db.paths(home).work, db.paths(home).published):
        check = duckdb.connect(str(path), read_only=True)
        try:
            assert _objects(check, "marts") == {("source_tiers",)}, path.name
            assert ("kept_rows",) in _objects(check, "core"), path.name
            assert marts.stale_marts(check) == {}, path.name
        finally:
            check.close()
