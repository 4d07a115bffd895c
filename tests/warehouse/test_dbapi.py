"""warehouse/dbapi.py and sources/clock.py: the one home of transactions, dict rows, rows as a relation and UTC time."""

from __future__ import annotations

import datetime as dt

import duckdb
import pytest

from sources.clock import naive_utc, utc_iso
from warehouse.dbapi import dict_row, dict_rows, registered_rows, transaction


def test_a_failed_block_leaves_nothing_and_a_good_one_commits():
    con = duckdb.connect()
    con.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v VARCHAR)")
    with pytest.raises(duckdb.ConstraintException):
        with transaction(con):
            con.execute("INSERT INTO t VALUES (1, 'a')")
            con.execute("INSERT INTO t VALUES (1, 'again')")  # duplicate key: the whole block goes
    assert con.execute("SELECT count(*) FROM t").fetchone() == (0,)
    with transaction(con):
        con.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')")
    assert dict_rows(con.execute("SELECT * FROM t ORDER BY k"), limit=2) == [{"k": 1, "v": "a"}, {"k": 2, "v": "b"}]
    assert dict_row(con.execute("SELECT v, k FROM t WHERE k = 3")) == {"v": "c", "k": 3}
    assert dict_row(con.execute("SELECT * FROM t WHERE k = 9")) is None


def test_utc_time_by_hand():
    taipei = dt.timezone(dt.timedelta(hours=8))
    # 2026-12-01 08:30 in Taipei (UTC+8) is 00:30 UTC the same day
    assert naive_utc(dt.datetime(2026, 12, 1, 8, 30, tzinfo=taipei)) == dt.datetime(2026, 12, 1, 0, 30)
    assert naive_utc(dt.datetime(2026, 12, 1, 0, 30)) == dt.datetime(2026, 12, 1, 0, 30)  # naive: UTC already
    assert utc_iso(dt.datetime(2026, 12, 1, 8, 30, 15, 999, tzinfo=taipei)) == "2026-12-01T00:30:15+00:00"
    assert naive_utc().tzinfo is None


def test_rows_as_a_relation_keep_every_value_as_written():
    """Python rows in, the same values out (typed by the table), without pandas: lists stay one value, a key a
    row lacks and NaN are NULL, and a value of another type after DuckDB's sample of 1,000 rows still goes in."""
    con = duckdb.connect()
    con.execute("CREATE TABLE t (k INTEGER, v DOUBLE, s VARCHAR, tags VARCHAR[], d DATE, ts TIMESTAMP, ok BOOLEAN)")
    rows = [{"k": i, "v": 1, "s": None} for i in range(1500)]  # integers in a DOUBLE column, then a float
    rows += [
        {
            "k": 1500,
            "v": 2.5,
            "s": "x",
            "tags": ["a", "b"],
            "d": dt.date(2024, 2, 29),
            "ts": dt.datetime(2024, 1, 1, 6),
        },
        {"k": 1501, "v": float("nan"), "tags": [], "ok": True},
    ]
    with registered_rows(con, rows, ["k", "v", "s", "tags", "d", "ts", "ok"]) as name:
        con.execute(f"INSERT INTO t SELECT * FROM {name}")
    assert con.execute("SELECT count(*), sum(v) FROM t WHERE k < 1500").fetchone() == (1500, 1500.0)
    assert con.execute("SELECT * FROM t WHERE k >= 1500 ORDER BY k").fetchall() == [
        (1500, 2.5, "x", ["a", "b"], dt.date(2024, 2, 29), dt.datetime(2024, 1, 1, 6), None),
        (1501, None, None, [], None, None, True),
    ]
    assert con.execute("SELECT count(*) FROM duckdb_views() WHERE NOT internal").fetchone() == (0,)  # unregistered


def test_rows_as_a_relation_under_a_given_name_and_the_first_rows_keys():
    con = duckdb.connect()
    with registered_rows(con, [{"b": 2, "a": "x"}], name="log_rows"):
        assert con.execute("SELECT * FROM log_rows").fetchall() == [(2, "x")]
    with pytest.raises(duckdb.CatalogException):
        con.execute("SELECT * FROM log_rows")
