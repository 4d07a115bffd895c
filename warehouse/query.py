"""Read-only SQL over the published warehouse, for the CLI and the dashboard's console."""

from __future__ import annotations

import datetime as dt
import decimal
import json
import math
import re
import threading
from dataclasses import dataclass
from pathlib import Path

import duckdb

from warehouse import db

# Statement types a read-only console may run (duckdb.StatementType names).
READ_ONLY_STATEMENTS = {"SELECT", "EXPLAIN", "PRAGMA", "VARIABLE_SET"}


# Functions that reach outside the warehouse file (files, URLs, the environment, other databases).
# The console's connection also runs with enable_external_access=false; this check names the
# problem before anything runs, from DuckDB's own parse tree (json_serialize_sql), not a regex.
FILE_FUNCTIONS = frozenset(
    {
        "glob",
        "parquet_scan",
        "parquet_metadata",
        "parquet_schema",
        "parquet_file_metadata",
        "parquet_kv_metadata",
        "sniff_csv",
        "getenv",
        "query",
        "query_table",
        "sqlite_scan",
        "sqlite_attach",
        "postgres_scan",
        "mysql_scan",
        "iceberg_scan",
        "iceberg_metadata",
        "delta_scan",
        "st_read",
        "json_execute_serialized_sql",
        "load_aws_credentials",
    }
)
FILE_PREFIXES = ("read_", "scan_")
FILE_LIKE_TABLE = re.compile(r"[/\\:]|\.(csv|tsv|parquet|json|jsonl|ndjson|txt|gz|zst|xlsx|db|duckdb|sqlite)$", re.I)


class QueryRejected(ValueError):
    """The statement is not a single read-only query; nothing was run."""


@dataclass(frozen=True)
class QueryResult:
    columns: list[str]
    rows: list[tuple]
    truncated: bool  # more rows existed than max_rows

    def records(self) -> list[dict]:
        """Rows as JSON-ready dicts (dates as ISO strings, decimals as floats, NaN as None)."""
        return [{c: json_value(v) for c, v in zip(self.columns, row)} for row in self.rows]


def check_statement(sql: str, *, no_files: bool = False) -> None:
    """Reject anything but exactly one read-only statement (and, `no_files`, any file access)."""
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        raise QueryRejected(f"cannot parse the statement: {exc}") from exc
    if len(statements) != 1:
        raise QueryRejected(f"one statement at a time, got {len(statements)}")
    kind = statements[0].type.name
    if kind not in READ_ONLY_STATEMENTS or (
        kind == "PRAGMA" and not sql.strip().lower().startswith(("pragma table_info", "pragma show"))
    ):
        raise QueryRejected(f"the warehouse is read-only here: {kind} statements are not allowed (use SELECT)")
    if kind == "VARIABLE_SET":
        raise QueryRejected("SET statements are not allowed")
    if no_files and kind == "SELECT":
        reached = _outside_reads(sql)
        if reached:
            raise QueryRejected(f"reading outside the warehouse is not allowed here: {', '.join(sorted(reached))}")


def _outside_reads(sql: str) -> set[str]:
    """Function calls and table names in the statement's parse tree that read files, URLs or the environment."""
    con = duckdb.connect()
    try:
        tree = json.loads(con.execute("SELECT json_serialize_sql(?)", [sql]).fetchone()[0])
    finally:
        con.close()
    if tree.get("error"):
        return set()  # not serializable: the safe connection still refuses file access
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            name = node.get("function_name")
            if isinstance(name, str) and (name.lower() in FILE_FUNCTIONS or name.lower().startswith(FILE_PREFIXES)):
                found.add(f"{name}()")
            table = node.get("table_name")
            if node.get("type") == "BASE_TABLE" and isinstance(table, str) and FILE_LIKE_TABLE.search(table):
                found.add(repr(table))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(tree)
    return found


def run_query(
    home: str | Path, sql: str, *, max_rows: int | None = None, timeout_s: float | None = None, safe: bool = True
) -> QueryResult:
    """Run one read-only statement on the published warehouse.

    `safe` blocks every access outside the warehouse file (ATTACH, COPY, file functions, extension
    loading); `timeout_s` interrupts a long query; `max_rows` caps what is fetched.
    """
    check_statement(sql, no_files=safe)
    with db.published_connection(home, safe=safe) as con:
        timer = threading.Timer(timeout_s, con.interrupt) if timeout_s else None
        if timer:
            timer.start()
        try:
            cur = con.execute(sql)
            columns = [d[0] for d in cur.description] if cur.description else []
            rows = cur.fetchmany(max_rows + 1) if max_rows is not None else cur.fetchall()
        except duckdb.InterruptException as exc:
            raise QueryRejected(f"query took longer than {timeout_s:g} s and was stopped") from exc
        except duckdb.Error as exc:  # syntax, unknown table, blocked file access: the user's query
            raise QueryRejected(f"{type(exc).__name__}: {exc}") from exc
        finally:
            if timer:
                timer.cancel()
    truncated = max_rows is not None and len(rows) > max_rows
    return QueryResult(columns=columns, rows=rows[:max_rows] if truncated else rows, truncated=truncated)


def json_value(v):
    if isinstance(v, (dt.date, dt.datetime, dt.time)):
        return v.isoformat()
    if isinstance(v, decimal.Decimal):
        return float(v)
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return None
    if isinstance(v, dt.timedelta):
        return v.total_seconds()
    if isinstance(v, (list, tuple)):
        return [json_value(x) for x in v]
    if isinstance(v, dict):
        return {k: json_value(x) for k, x in v.items()}
    return v
