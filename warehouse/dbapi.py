"""Transactions, rows as dicts, and Python rows as a relation on a DuckDB connection: one home for each
(they were copied by hand)."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator, Sequence

import duckdb

_NAMES = itertools.count()


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


@contextlib.contextmanager
def registered_rows(
    con: duckdb.DuckDBPyConnection,
    rows: Sequence[dict],
    columns: Sequence[str] | None = None,
    name: str | None = None,
) -> Iterator[str]:
    """Plain dict rows as a relation the block's SQL reads by the name yielded (`name`, or a fresh one):
    `columns` in that order (default: the first row's keys); a key a row lacks is NULL.

    Each column is a NumPy array of Python objects, which DuckDB scans directly and types by its values (as
    it types a DataFrame's object columns; NaN is NULL). Neither pandas nor pyarrow is imported: building
    a DataFrame (or `pyarrow.Table.from_pylist`, which imports pandas itself) was ~0.25 s of every command
    that writes rows, and half of the insert's own time (docs/benchmarks.md, issue 23's sixth pass)."""
    import numpy as np  # here, not at import: a command that writes no rows (a no-change refresh) never loads it

    name = name or f"_rows_{next(_NAMES)}"
    if columns is None:
        columns = list(rows[0]) if rows else []
    # fromiter keeps a list value as one object (np.array would make it a dimension)
    frame = {c: np.fromiter((r.get(c) for r in rows), dtype=object, count=len(rows)) for c in columns}
    con.register(name, frame)
    try:
        yield name
    finally:
        con.unregister(name)
