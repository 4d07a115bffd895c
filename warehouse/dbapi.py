"""Transactions and rows as dicts on a DuckDB connection: one home for both (they were copied by hand)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import duckdb


@contextlib.contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
    """BEGIN ... COMMIT, or ROLLBACK and re-raise when the block fails: all of it or nothing."""
    con.execute("BEGIN")
    try:
        yield con
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def dict_rows(cur: duckdb.DuckDBPyConnection, limit: int | None = None) -> list[dict]:
    """The rows of an executed statement as dicts keyed by column name (at most `limit`)."""
    cols = [d[0] for d in cur.description]
    rows = cur.fetchall() if limit is None else cur.fetchmany(limit)
    return [dict(zip(cols, row, strict=True)) for row in rows]


def dict_row(cur: duckdb.DuckDBPyConnection) -> dict | None:
    """The first row of an executed statement as a dict, or None when there is none."""
    row = cur.fetchone()
    return dict(zip([d[0] for d in cur.description], row, strict=True)) if row is not None else None
