"""The published copy holds marts as tables with the views' rows and comments (warehouse/materialize.py)."""

from __future__ import annotations

import duckdb

from warehouse.materialize import materialize_marts


def _con():
    con = duckdb.connect()
    con.execute("CREATE SCHEMA core; CREATE SCHEMA marts")
    con.execute("CREATE TABLE core.obs (k VARCHAR, v DOUBLE)")
    con.execute("INSERT INTO core.obs VALUES ('a', 1), ('a', 3), ('b', 2)")
    con.execute("CREATE VIEW marts.totals AS SELECT k, sum(v) AS total FROM core.obs GROUP BY k")
    con.execute("CREATE VIEW marts.top AS SELECT k FROM marts.totals ORDER BY total DESC LIMIT 1")
    con.execute("COMMENT ON VIEW marts.totals IS 'Sum per key; it''s quoted'")
    con.execute("COMMENT ON COLUMN marts.totals.total IS 'Sum of v'")
    return con


def test_views_become_tables_with_rows_and_comments_and_dependents_still_read():
    con = _con()
    assert materialize_marts(con, order=["totals", "top"]) == ["totals", "top"]
    kinds = dict(con.execute("SELECT table_name, 'TABLE' FROM duckdb_tables() WHERE schema_name = 'marts'").fetchall())
    assert kinds == {"totals": "TABLE", "top": "TABLE"}
    assert (
        con.execute("SELECT count(*) FROM duckdb_views() WHERE schema_name = 'marts' AND NOT internal").fetchone()[0]
        == 0
    )
    assert con.execute("SELECT k, total FROM marts.totals ORDER BY k").fetchall() == [("a", 4.0), ("b", 2.0)]
    assert con.execute("SELECT k FROM marts.top").fetchall() == [("a",)]
    assert (
        con.execute("SELECT comment FROM duckdb_tables() WHERE table_name = 'totals'").fetchone()[0]
        == "Sum per key; it's quoted"
    )
    assert (
        con.execute(
            "SELECT comment FROM duckdb_columns() WHERE table_name = 'totals' AND column_name = 'total'"
        ).fetchone()[0]
        == "Sum of v"
    )
    # a table no longer follows its inputs: that is why only the published copy is materialized
    con.execute("INSERT INTO core.obs VALUES ('b', 10)")
    assert con.execute("SELECT total FROM marts.totals WHERE k = 'b'").fetchone()[0] == 2.0


def test_materializing_twice_changes_nothing():
    con = _con()
    materialize_marts(con, order=["totals", "top"])
    assert materialize_marts(con, order=["totals", "top"]) == []
