"""Loading records into the working warehouse. Each loader replaces the rows of one origin.

An origin is whoever wrote the rows (`curated`, or a parser asset such as `parse_nccl_logs`):
reloading an origin deletes its previous rows and inserts the new ones in one transaction, so a
refresh is idempotent and one source's failure never removes another's rows.
"""

from __future__ import annotations

import datetime as dt
from typing import Iterable, Sequence

import duckdb
import pandas as pd

from sources.periods import period_bounds
from sources.records import Event, Observation, Product, Records, flat

# The tables every origin writes (replace_origin empties them for the origin, then refills them).
RECORD_TABLES = ("core.observations", "core.events", "core.products")
# Provenance the parse step offers every family-table row (sources/parsing.py); a table without
# such a column (a child table like core.nccl_rows) takes its provenance from its parent row.
OFFERED_PROVENANCE = ("source_id", "url", "document_sha", "published_on", "parser_version")

def _observation_rows(observations: Iterable[Observation], origin: str, loaded_at: dt.datetime) -> list[dict]:
    rows = []
    for obs in observations:
        row = flat(obs)
        row["period_start"], row["period_end"] = period_bounds(obs.period)
        row["origin"] = origin
        row["loaded_at"] = loaded_at
        rows.append(row)
    return rows


def _rows(records: Iterable[Event | Product], origin: str) -> list[dict]:
    rows = []
    for rec in records:
        row = flat(rec)
        row["origin"] = origin
        rows.append(row)
    return rows


def _table_columns(con: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    schema, name = table.split(".")
    cols = con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() "
        "AND schema_name = ? AND table_name = ? ORDER BY column_index",
        [schema, name],
    ).fetchall()
    if not cols:
        raise LookupError(f"table {table} does not exist")
    return [c[0] for c in cols]


class UnknownColumns(ValueError):
    """Rows carry columns the table does not have (a renamed or dropped column): nothing is inserted."""


def insert_rows(con: duckdb.DuckDBPyConnection, table: str, rows: Sequence[dict]) -> int:
    """Insert plain dict rows into `table` by column name (missing columns become NULL).

    A key that is not a column of the table raises UnknownColumns as soon as one row gives it a
    value: shape drift fails loudly instead of being dropped. (A record field whose column a later
    migration adds may ride along while it is None everywhere: nothing is lost.)
    """
    if not rows:
        return 0
    columns = _table_columns(con, table)
    unknown = sorted({k for r in rows for k, v in r.items() if v is not None} - set(columns))
    if unknown:
        raise UnknownColumns(f"{table} has no column(s) {', '.join(unknown)}")
    frame = pd.DataFrame.from_records([{c: r.get(c) for c in columns} for r in rows], columns=columns)
    con.from_df(frame).insert_into(table)  # frame columns are in the table's order
    return len(rows)


def replace_origin(con: duckdb.DuckDBPyConnection, origin: str, records: Records) -> dict[str, int]:
    """Replace every row written by `origin` with `records`, atomically. Returns rows per table.

    `records.tables` rows go to `core.<name>` tables, which must have an `origin` column.
    """
    loaded_at = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    counts: dict[str, int] = {}
    con.execute("BEGIN")
    try:
        for table in RECORD_TABLES:
            con.execute(f"DELETE FROM {table} WHERE origin = ?", [origin])
        for name in records.tables:
            con.execute(f"DELETE FROM core.{name} WHERE origin = ?", [origin])
        counts["observations"] = insert_rows(con, "core.observations", _dedupe(_observation_rows(records.observations, origin, loaded_at)))
        counts["events"] = insert_rows(con, "core.events", _dedupe(_rows(records.events, origin)))
        counts["products"] = insert_rows(con, "core.products", _dedupe(_rows(records.products, origin)))
        for name, rows in records.tables.items():
            table = f"core.{name}"
            skip = set(OFFERED_PROVENANCE) - set(_table_columns(con, table))
            counts[name] = insert_rows(con, table, [{**{k: v for k, v in r.items() if k not in skip}, "origin": origin}
                                                    for r in rows])
        con.execute("COMMIT")
    except Exception:
        con.execute("ROLLBACK")
        raise
    return counts


def replace_rows(con: duckdb.DuckDBPyConnection, table: str, rows: Sequence[dict], where: str = "true",
                 params: Sequence = ()) -> int:
    """Delete rows of `table` matching `where` and insert `rows`, in one transaction."""
    con.execute("BEGIN")
    try:
        con.execute(f"DELETE FROM {table} WHERE {where}", list(params))
        n = insert_rows(con, table, rows)
        con.execute("COMMIT")
    except Exception:
        con.execute("ROLLBACK")
        raise
    return n


def _dedupe(rows: list[dict]) -> list[dict]:
    """The same fact stated twice in one origin (same record id) is stored once."""
    seen: dict[str, dict] = {}
    for row in rows:
        seen.setdefault(row["record_id"], row)
    return list(seen.values())
