"""The SQL console cannot change anything or reach outside the warehouse (dashboard.data.run_console)."""

from __future__ import annotations

import time

import duckdb
import pytest

from dashboard import data
from warehouse import db
from warehouse.query import QueryRejected


@pytest.fixture
def console_home(fixture_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    return fixture_home


def _counts(home) -> tuple:
    with db.published_connection(home) as con:
        return (
            con.execute("SELECT count(*) FROM core.observations").fetchone()[0],
            con.execute("SELECT count(*) FROM duckdb_tables()").fetchone()[0],
        )


ATTACKS = {
    # name: (statement, words the message must contain)
    "drop": ("DROP TABLE core.observations", "read-only"),
    "delete": ("DELETE FROM core.observations", "read-only"),
    "update": ("UPDATE core.observations SET value = 0", "read-only"),
    "create": ("CREATE TABLE core.x AS SELECT 1", "read-only"),
    "stacked": ("SELECT 1; DROP TABLE core.observations", "one statement"),
    "attach": ("ATTACH '{tmp}/other.duckdb' AS other", "read-only"),
    "copy_out": ("COPY core.observations TO '{tmp}/leak.csv'", "read-only"),
    "export": ("EXPORT DATABASE '{tmp}/dump'", "read-only"),
    "install": ("INSTALL httpfs", "read-only"),
    "load": ("LOAD httpfs", "read-only"),
    "set": ("SET enable_external_access = true", "not allowed"),
    "reset": ("RESET enable_external_access", "read-only"),
    "pragma_write": ("PRAGMA enable_profiling", "read-only"),
    "read_csv": ("SELECT * FROM read_csv('/etc/passwd')", "not allowed here: read_csv()"),
    "read_text": ("SELECT * FROM read_text('/etc/hostname')", "not allowed here: read_text()"),
    "glob": ("SELECT * FROM glob('/*')", "not allowed here: glob()"),
    "file_scan": ("SELECT * FROM '/etc/passwd'", "not allowed here: '/etc/passwd'"),
    "remote": ("SELECT * FROM read_parquet('https://example.com/x.parquet')", "not allowed here: read_parquet()"),
    "nested": ("SELECT (SELECT count(*) FROM read_blob('/etc/*')) AS n", "read_blob()"),
    "in_cte": ("WITH t AS (SELECT * FROM read_json('/etc/x.json')) SELECT * FROM t", "read_json()"),
    "getenv": ("SELECT getenv('HOME')", "getenv()"),
    "parquet_file": ("SELECT * FROM 'leak.parquet'", "'leak.parquet'"),
    "garbage": ("SELEC oops", "parse"),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_attack_is_rejected_and_changes_nothing(console_home, tmp_path, name):
    statement, words = ATTACKS[name]
    before = _counts(console_home)
    with pytest.raises(QueryRejected) as err:
        data.run_console(statement.format(tmp=tmp_path))
    assert words.lower() in str(err.value).lower()
    assert _counts(console_home) == before
    assert list(tmp_path.iterdir()) == []  # nothing written next to the warehouse either


def test_row_cap(console_home, monkeypatch):
    monkeypatch.setattr(data, "CONSOLE_MAX_ROWS", 10)
    result = data.run_console("SELECT range AS i FROM range(100)")
    assert [r[0] for r in result.rows] == list(range(10)) and result.truncated


def test_time_limit(console_home, monkeypatch):
    monkeypatch.setattr(data, "CONSOLE_TIMEOUT_S", 0.3)
    started = time.monotonic()
    with pytest.raises(QueryRejected, match="longer than 0.3 s"):
        data.run_console("SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range + b.range = -1")
    assert time.monotonic() - started < 10


def test_select_runs_read_only(console_home):
    result = data.run_console(
        "SELECT publisher FROM marts.market_size WHERE indicator = 'ai_backend_network_revenue' GROUP BY 1"
    )
    assert result.columns == ["publisher"] and result.rows == [("Dell'Oro Group",)]


def test_console_connection_is_read_only_even_if_checks_were_bypassed(console_home):
    """Second line of defence: the connection itself refuses writes and file access."""
    with db.published_connection(console_home, safe=True) as con:
        with pytest.raises(duckdb.Error):
            con.execute("CREATE TABLE core.x (i INTEGER)")
        with pytest.raises(duckdb.Error):
            con.execute("SELECT * FROM read_csv('/etc/passwd')")
