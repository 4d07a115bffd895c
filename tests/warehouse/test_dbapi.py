"""warehouse/dbapi.py and sources/clock.py: the one home of transactions, dict rows and UTC time."""

from __future__ import annotations

import datetime as dt

import duckdb
import pytest

from sources.clock import naive_utc, utc_iso
from warehouse.dbapi import dict_row, dict_rows, transaction


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
