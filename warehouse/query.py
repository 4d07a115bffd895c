"""Read-only SQL over the published warehouse, for the CLI and the dashboard's console."""

from __future__ import annotations

import datetime as dt
import decimal
import math
import threading
from dataclasses import dataclass
from pathlib import Path

import duckdb

from warehouse import db

# Statement types a read-only console may run (duckdb.StatementType names).
READ_ONLY_STATEMENTS = {"SELECT", "EXPLAIN", "PRAGMA", "VARIABLE_SET"}


class QueryRejected(ValueError):
    """The statement is not a single read-only query; nothing was run."""


@dataclass(frozen=True)
class QueryResult:
    columns: list[str]
    rows: list[tuple]
    truncated: bool          # more rows existed than max_rows

    def records(self) -> list[dict]:
        """Rows as JSON-ready dicts (dates as ISO strings, decimals as floats, NaN as None)."""
        return [{c: json_value(v) for c, v in zip(self.columns, row)} for row in self.rows]


def check_statement(sql: str) -> None:
    """Reject anything but exactly one read-only statement."""
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        raise QueryRejected(f"cannot parse the statement: {exc}") from exc
    if len(statements) != 1:
        raise QueryRejected(f"one statement at a time, got {len(statements)}")
    kind = statements[0].type.name
    if kind not in READ_ONLY_STATEMENTS or (kind == "PRAGMA" and not sql.strip().lower().startswith(("pragma table_info", "pragma show"))):
        raise QueryRejected(f"the warehouse is read-only here: {kind} statements are not allowed (use SELECT)")
    if kind == "VARIABLE_SET":
        raise QueryRejected("SET statements are not allowed")


def run_query(home: str | Path, sql: str, *, max_rows: int | None = None, timeout_s: float | None = None,
              safe: bool = True) -> QueryResult:
    """Run one read-only statement on the published warehouse.

    `safe` blocks every access outside the warehouse file (ATTACH, COPY, file functions, extension
    loading); `timeout_s` interrupts a long query; `max_rows` caps what is fetched.
    """
    check_statement(sql)
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
        except duckdb.Error as exc:   # syntax, unknown table, blocked file access: the user's query
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
