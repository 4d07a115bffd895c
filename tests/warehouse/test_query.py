"""Read-only SQL: the CLI's and the dashboard console's guard rails."""

from __future__ import annotations

import pytest

from warehouse import db
from warehouse import publish as wpublish
from warehouse.query import QueryRejected, run_query


@pytest.fixture()
def home(tmp_path):
    con = db.connect_work(db.paths(tmp_path).work)
    con.execute(
        "INSERT INTO core.indicators (indicator, name, unit, category, cadence) VALUES ('a', 'A', 'USD', 'market', 'yearly'), "
        "('b', 'B', 'share', 'share', 'quarterly')"
    )
    wpublish.publish(tmp_path, con)
    return tmp_path


@pytest.mark.parametrize(
    "sql",
    [
        "DROP TABLE core.indicators",  # destructive DDL
        "INSERT INTO core.indicators VALUES ('x','x','x','x','x',NULL,NULL)",
        "SELECT 1; DROP TABLE core.indicators",  # statement smuggled after a select
        "ATTACH 'other.duckdb' AS o",  # reaching outside the warehouse
        "COPY core.indicators TO 'out.csv'",
        "INSTALL httpfs",
        "LOAD httpfs",
        "SET enable_external_access = true",  # undoing the sandbox
        "PRAGMA enable_profiling",
    ],
)
def test_rejects_anything_but_one_read_only_statement(home, sql):
    with pytest.raises(QueryRejected):
        run_query(home, sql)


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT * FROM read_csv('/etc/passwd')",  # file functions inside a SELECT
        "SELECT * FROM read_text('/etc/hostname')",
    ],
)
def test_safe_mode_blocks_file_access_inside_select(home, sql):
    import duckdb

    # refused before it runs (the file function named from DuckDB's parse tree), or by DuckDB's own sandbox:
    # either way the user gets a rejected query (the CLI's exit 2, the console's message)
    with pytest.raises(QueryRejected, match="(?i)permission|disabled|external|outside the warehouse") as exc:
        run_query(home, sql, safe=True)
    assert exc.value.__cause__ is None or isinstance(exc.value.__cause__, duckdb.Error)


def test_row_cap_and_records(home):
    res = run_query(home, "SELECT indicator, unit FROM core.indicators ORDER BY 1", max_rows=1)
    assert res.truncated and res.records() == [{"indicator": "a", "unit": "USD"}]


def test_timeout_interrupts_a_long_query(home):
    with pytest.raises(QueryRejected, match="longer than"):
        run_query(home, "SELECT count(*) FROM range(10000000000) a", timeout_s=0.5)
