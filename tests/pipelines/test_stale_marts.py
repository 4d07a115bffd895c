"""A deleted mart or helper file leaves nothing behind: the publish step drops the marts schema's views and tables
that no file under warehouse/sql/marts/ creates and the macros of the project's schemas that no helper file
(`_*.sql`) creates, in the working and so in the published warehouse, and touches nothing else."""

from __future__ import annotations

import shutil

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


def _macros(con):
    return set(
        con.execute(
            "SELECT DISTINCT schema_name, function_name FROM duckdb_functions() "
            "WHERE database_name = current_database() AND NOT internal AND function_type IN ('macro', 'table_macro')"
        ).fetchall()
    )


def test_a_deleted_helper_file_leaves_no_macro_behind(tmp_path):
    # a marts folder as the code has it, plus a helper file of macros (a scalar and a table macro)
    folder = tmp_path / "marts"
    folder.mkdir()
    shutil.copy(marts.MARTS_DIR / "_functions.sql", folder / "_functions.sql")
    (folder / "_retired.sql").write_text(
        "CREATE OR REPLACE MACRO marts.retired_double(x) AS 2 * x;\n"
        "CREATE OR REPLACE MACRO marts.retired_rows() AS TABLE SELECT 1 AS n;\n",
        encoding="utf-8",
    )
    con = duckdb.connect()
    marts.apply_helpers(con, folder)
    assert con.execute("SELECT marts.retired_double(21), (SELECT n FROM marts.retired_rows())").fetchone() == (42, 1)
    assert marts.stale_macros(con, folder) == {}
    (folder / "_retired.sql").unlink()  # the file is deleted; the next build applies what is left
    marts.apply_helpers(con, folder)
    assert marts.drop_stale_macros(con, folder) == ["marts.retired_double", "marts.retired_rows"]
    assert {n for s, n in _macros(con) if s == "marts"} == {n for _, n in marts.defined_macros(folder)}
    assert len(marts.defined_macros(folder)) == 13  # _functions.sql's CREATE OR REPLACE MACRO lines, counted by hand
    con.close()


def test_publish_drops_macros_no_helper_file_defines_in_both_warehouses(tmp_path):
    home = tmp_path / "home"
    con = db.connect_work(db.paths(home).work)
    marts.apply_helpers(con)  # the current helper macros
    # what an older code version built: a helper file's macro since deleted; a macro outside the project's schemas
    con.execute("CREATE MACRO marts.retired_label(x) AS x || 'G'")
    con.execute("CREATE MACRO main.someone_elses(x) AS x")
    con.close()

    result = dg.materialize([build_publish_asset([])], resources={"warehouse": WarehouseResource(home=str(home))})
    assert result.success
    current = marts.defined_macros()
    for path in (db.paths(home).work, db.paths(home).published):
        check = duckdb.connect(str(path), read_only=True)
        try:
            left = _macros(check)
            assert ("marts", "retired_label") not in left, path.name
            assert current <= left, path.name
            assert marts.stale_macros(check) == {}, path.name
        finally:
            check.close()
    work = duckdb.connect(str(db.paths(home).work), read_only=True)
    try:
        assert ("main", "someone_elses") in _macros(work)  # not a project schema: untouched
    finally:
        work.close()


def test_macros_are_created_only_by_the_marts_helper_files():
    # the one home that makes "no file defines it any more" decidable: no other SQL file creates a macro
    root = marts.MARTS_DIR.parents[1]  # warehouse/
    others = [
        p.relative_to(root).as_posix()
        for p in root.rglob("*.sql")
        if p not in marts.helper_files() and marts._MACRO_RE.search(p.read_text(encoding="utf-8"))
    ]
    assert others == []
