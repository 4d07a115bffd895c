"""Loading rows into the working warehouse. Each loader replaces the rows of one origin.

An origin is whoever wrote the rows (`curated`, or a parser asset such as `parse_nccl_logs`):
reloading an origin deletes its previous rows and inserts the new ones in one transaction, so a
refresh is idempotent and one source's failure never removes another's rows.

Storage only: the rows arrive resolved (entity, series key, period basis: sources/ledger/resolve.py,
`ResolvedRecords`), and re-resolution is handed the resolving function (`re_resolve`); this module
imports no ledger code (the storage contract in pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Sequence

import duckdb

from sources.records import ResolvedRecords
from warehouse.dbapi import registered_rows, transaction


# The tables every origin writes (replace_origin empties them for the origin, then refills them).
RECORD_TABLES = ("core.observations", "core.events", "core.products")
# Provenance the parse step offers every family-table row (sources/parsers/dispatch.py); a table without
# such a column (a child table like core.nccl_rows) takes its provenance from its parent row.
OFFERED_PROVENANCE = ("source_id", "url", "document_sha", "published_on", "parser_version")
# A child table without document_sha: its rows belong to the parent row with the same key.
CHILD_OF = {"core.nccl_rows": ("core.nccl_runs", "run_id")}


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
    with registered_rows(con, rows, columns) as name:
        con.execute(f"INSERT INTO {table} SELECT * FROM {name}")  # columns in the table's order
    return len(rows)


def replace_origin(
    con: duckdb.DuckDBPyConnection,
    origin: str,
    rows: ResolvedRecords,
    keep: Sequence[str] = (),
    tables: Sequence[str] = (),
) -> dict[str, int]:
    """Replace every row written by `origin` with `rows` (resolved: sources/ledger/resolve.py), atomically.
    Returns rows per table.

    `rows.tables` rows go to `core.<name>` tables, which must have an `origin` column. Rows parsed from
    a body in `keep` (their document_sha; the carried-forward documents, warehouse/parse_state.py) stay
    as they are, in every table (`tables` names the origin's family tables even when `rows` has no rows
    for them).
    """
    counts: dict[str, int] = {}
    family = [f"core.{name}" for name in dict.fromkeys([*rows.tables, *tables])]
    with transaction(con):
        _delete_origin(con, origin, [*RECORD_TABLES, *family], list(keep))
        counts["observations"] = insert_rows(con, "core.observations", _dedupe(rows.observations))
        counts["events"] = insert_rows(con, "core.events", _dedupe(rows.events))
        counts["products"] = insert_rows(con, "core.products", _dedupe(rows.products))
        for name, table_rows in rows.tables.items():
            table = f"core.{name}"
            skip = set(OFFERED_PROVENANCE) - set(_table_columns(con, table))
            counts[name] = insert_rows(
                con, table, [{**{k: v for k, v in r.items() if k not in skip}, "origin": origin} for r in table_rows]
            )
    return counts


def _delete_origin(con: duckdb.DuckDBPyConnection, origin: str, tables: list[str], keep: list[str]) -> None:
    """Delete the origin's rows from `tables`, except those parsed from a body in `keep` (children first)."""
    if not keep:
        for table in tables:
            con.execute(f"DELETE FROM {table} WHERE origin = ?", [origin])
        return
    for table in sorted(tables, key=lambda t: t not in CHILD_OF):
        if table in CHILD_OF:
            parent, key = CHILD_OF[table]
            con.execute(
                f"DELETE FROM {table} WHERE origin = ? AND {key} NOT IN (SELECT {key} FROM {parent} "
                "WHERE origin = ? AND list_contains(?, document_sha))",
                [origin, origin, keep],
            )
        else:
            con.execute(
                f"DELETE FROM {table} WHERE origin = ? AND NOT coalesce(list_contains(?, document_sha), false)",
                [origin, keep],
            )


def replace_vocabulary(con: duckdb.DuckDBPyConnection, vocabulary) -> int:
    """core.vocabulary and core.carriers from the vocabulary (sources/ledger/vocabulary.py; all rows replaced)."""
    replace_rows(con, "core.carriers", vocabulary.carrier_rows())
    return replace_rows(con, "core.vocabulary", vocabulary.rows())


# What re-resolution reads of a stored row: the inputs of its resolution, and its entity only when given
# explicitly (a resolved entity is what is recomputed).
_RESOLVE_SQL = {
    "observations": (
        "SELECT record_id, indicator, subject, period, segment, speed_gbps, fabric, region, scope, vendor, "
        "product_id, published_on, date_basis, evidence_kind, evidence, value, document_sha, origin, "
        "CASE WHEN entity_resolution = 'explicit' THEN entity_id END AS entity_id "
        "FROM core.observations"
    ),
    "events": (
        "SELECT record_id, subject, vendor, product_id, published_on, date_basis, evidence_kind, "
        "document_sha, CASE WHEN entity_resolution = 'explicit' THEN entity_id END AS entity_id FROM core.events"
    ),
}


RESOLVE_CHUNK = 25_000  # rows re-resolved at a time: memory stays flat however many vintages the warehouse holds

# (table, rows as read) -> rows holding record_id and the columns to write back (sources/ledger/resolve.py)
Resolver = Callable[[str, list[dict]], list[dict]]


def re_resolve(con: duckdb.DuckDBPyConnection, stamp: str, resolve: Resolver) -> int:
    """Re-resolve, with `resolve`, the stored observations and events not stamped `stamp` (the current
    registry, vocabulary and resolution code); returns how many. Read, resolved and written back a page
    at a time."""
    import pandas as pd  # the rows as a DataFrame gives them the values the resolver was written for

    done = 0
    for table, select in _RESOLVE_SQL.items():
        after = ""  # keyset pagination on the primary key: each chunk is read, resolved and written back
        while True:
            frame = con.execute(
                f"{select} WHERE resolved_with IS DISTINCT FROM ? AND record_id > ? "
                f"ORDER BY record_id LIMIT {RESOLVE_CHUNK}",
                [stamp, after],
            ).df()
            if frame.empty:
                break
            after = frame["record_id"].iloc[-1]
            rows = [{k: (None if pd.isna(v) else v) for k, v in r.items()} for r in frame.to_dict("records")]
            _write_back(con, table, resolve(table, rows))
            done += len(frame)
    return done


def _write_back(con: duckdb.DuckDBPyConnection, table: str, rows: list[dict]) -> None:
    """UPDATE core.<table> from `rows` by record_id (every other key of the rows is a column to set)."""
    if not rows:
        return
    cols = list(rows[0])
    with registered_rows(con, rows, cols) as resolved:
        sets = ", ".join(f"{c} = u.{c}" for c in cols if c != "record_id")
        con.execute(f"UPDATE core.{table} AS t SET {sets} FROM {resolved} u WHERE t.record_id = u.record_id")


def replace_rows(
    con: duckdb.DuckDBPyConnection, table: str, rows: Sequence[dict], where: str = "true", params: Sequence = ()
) -> int:
    """Delete rows of `table` matching `where` and insert `rows`, in one transaction."""
    with transaction(con):
        con.execute(f"DELETE FROM {table} WHERE {where}", list(params))
        n = insert_rows(con, table, rows)
    return n


def _dedupe(rows: list[dict]) -> list[dict]:
    """The same fact stated twice in one origin (same record id) is stored once."""
    seen: dict[str, dict] = {}
    for row in rows:
        seen.setdefault(row["record_id"], row)
    return list(seen.values())
