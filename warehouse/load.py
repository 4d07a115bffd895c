"""Loading records into the working warehouse. Each loader replaces the rows of one origin.

An origin is whoever wrote the rows (`curated`, or a parser asset such as `parse_nccl_logs`):
reloading an origin deletes its previous rows and inserts the new ones in one transaction, so a
refresh is idempotent and one source's failure never removes another's rows.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
from pathlib import Path
from typing import Iterable, Sequence

import duckdb
import pandas as pd

from sources.clock import naive_utc
from sources.ledger.format import DEFAULT_FOLDER
from sources.ledger.entities import Registry, load_registry, period_basis, resolve_all, series_key
from sources.ledger.vocabulary import (
    Vocabulary,
    default_folder as vocabulary_folder,
    key_dimensions,
    load_vocabulary,
    with_scope,
)
from sources.evidence import evidence_supports
from sources.periods import period_bounds
from sources.records import Event, Observation, Product, Records, flat
from warehouse.dbapi import transaction


# The tables every origin writes (replace_origin empties them for the origin, then refills them).
RECORD_TABLES = ("core.observations", "core.events", "core.products")
# Provenance the parse step offers every family-table row (sources/parsers/dispatch.py); a table without
# such a column (a child table like core.nccl_rows) takes its provenance from its parent row.
OFFERED_PROVENANCE = ("source_id", "url", "document_sha", "published_on", "parser_version")
# A child table without document_sha: its rows belong to the parent row with the same key.
CHILD_OF = {"core.nccl_rows": ("core.nccl_runs", "run_id")}


@functools.lru_cache(maxsize=4)
def _registry_at(folder: str) -> Registry:
    return load_registry(folder)


def default_registry() -> Registry:
    """The entity registry of the repository's ledger (validated; a bad registry raises)."""
    return _registry_at(str(DEFAULT_FOLDER))


@functools.lru_cache(maxsize=4)
def _vocabulary_at(folder: str) -> Vocabulary:
    return load_vocabulary(Path(folder))


def default_vocabulary() -> Vocabulary:
    """The controlled vocabulary of the repository's ledger (validated; a bad vocabulary raises)."""
    return _vocabulary_at(str(vocabulary_folder()))


# resolutions whose key names a registered entity; an unresolved row (subject wording) or one resolved only
# through its vendor (vendor + subject wording) keeps free wording in its key
CONTROLLED_RESOLUTIONS = ("explicit", "subject", "product_id")


def _keyed(rows: list[dict], registry: Registry, vocabulary: Vocabulary | None = None) -> list[dict]:
    """Series keys from the controlled vocabulary (issue 19): indicator | entity | segment | speed | fabric |
    region | scope | period basis, where the speed is left out when the indicator's figure is itself a speed,
    the fabric an entity's definition fixes fills a fabric-agnostic row, and worldwide is no region. A curated
    row's key is controlled when its dimensions came from the vocabulary (the ledger refuses the others) and
    its entity is registered."""
    vocab = vocabulary if vocabulary is not None else default_vocabulary()
    for row in rows:
        if "indicator" not in row or "period" not in row:
            continue
        entity = row.get("entity_id")
        chain = [entity, *registry.ancestors(entity)] if entity else []
        dims = key_dimensions(
            vocab,
            row["indicator"],
            chain,
            segment=row.get("segment"),
            speed_gbps=row.get("speed_gbps"),
            fabric=row.get("fabric"),
            region=row.get("region"),
        )
        base = series_key(
            row["indicator"],
            entity,
            row.get("subject") or "",
            period=row["period"],
            resolution=row.get("entity_resolution"),
            **dims,
        )
        row["series_key"] = with_scope(base, row.get("scope"))
        if row.get("origin") == "curated":  # the ledger refuses a row whose dimensions are not controlled
            row["key_controlled"] = row.get("entity_resolution") in CONTROLLED_RESOLUTIONS
    return rows


def dedupe_statements(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    """One statement loaded twice (the same figure of one series and period, from one publisher, address and
    evidence, under two wordings) is kept once: (kept, dropped). The first row in load order stays."""
    kept: dict[tuple, dict] = {}
    dropped = []
    for row in rows:
        key = (
            row.get("series_key"),
            row.get("period"),
            row.get("value"),
            row.get("value_qualifier"),
            row.get("kind"),
            row.get("unit"),
            row.get("publisher"),
            row.get("url"),
            row.get("evidence"),
        )
        if key in kept:
            dropped.append(row)
        else:
            kept[key] = row
    return list(kept.values()), dropped


def resolution_stamp(registry: Registry) -> str:
    """What a row's entity, series key, period basis and evidence flag were computed with: the registry's
    entities and aliases, the controlled vocabulary the keys come from, and the version of the code applying
    them (this module and the project code it imports, sources/code_versions.py). A row stamped with the
    current value needs no re-resolution."""
    h = hashlib.sha256(_resolution_code_version().encode())
    h.update(json.dumps([registry.rows(), sorted(registry.by_alias.items())], sort_keys=True, default=str).encode())
    h.update(_vocabulary_files_hash(str(vocabulary_folder())).encode())
    return h.hexdigest()[:16]


@functools.lru_cache(maxsize=4)
def _vocabulary_files_hash(folder: str) -> str:
    h = hashlib.sha256()
    for path in sorted(Path(folder).glob("*.csv")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def _resolution_code_version() -> str:
    from sources.code_versions import code_version

    return code_version([__name__])


def _dated(row: dict) -> dict:
    """date_basis defaults: a record that does not say is `published` when dated, else `undated`."""
    if not row.get("date_basis"):
        row["date_basis"] = "published" if row.get("published_on") else "undated"
    # a parsed row's evidence is a locator in the stored document (table); a hand-entered one quotes
    row["evidence_kind"] = row.get("evidence_kind") or ("table" if row.get("document_sha") else "quote")
    return row


def _observation_rows(
    observations: Iterable[Observation], origin: str, loaded_at: dt.datetime, registry: Registry
) -> list[dict]:
    rows, stamp = [], resolution_stamp(registry)
    for obs in observations:
        row = _dated(flat(obs))
        row["period_start"], row["period_end"] = period_bounds(obs.period)
        row["period_basis"] = period_basis(obs.period, obs.segment)
        row["evidence_has_value"] = evidence_supports(obs.prov.evidence, obs.value)
        row["origin"] = origin
        row["loaded_at"] = loaded_at
        row["resolved_with"] = stamp
        rows.append(row)
    kept, _ = dedupe_statements(_keyed(resolve_all(registry, rows), registry))
    return kept


def _rows(records: Iterable[Event | Product], origin: str, registry: Registry | None = None) -> list[dict]:
    rows = []
    for rec in records:
        row = flat(rec)
        row["origin"] = origin
        rows.append(row)
    if registry is not None:  # events resolve to entities; products are entities themselves
        stamp = resolution_stamp(registry)
        rows = resolve_all(registry, [{**_dated(r), "resolved_with": stamp} for r in rows])
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


def replace_origin(
    con: duckdb.DuckDBPyConnection,
    origin: str,
    records: Records,
    registry: Registry | None = None,
    keep: Sequence[str] = (),
    tables: Sequence[str] = (),
) -> dict[str, int]:
    """Replace every row written by `origin` with `records`, atomically. Returns rows per table.

    Observations and events get their canonical entity and series key from `registry` (default:
    the repository's entities.csv). `records.tables` rows go to `core.<name>` tables, which must
    have an `origin` column. Rows parsed from a body in `keep` (their document_sha; the carried-
    forward documents, warehouse/parse_state.py) stay as they are, in every table (`tables` names
    the origin's family tables even when `records` has no rows for them).
    """
    registry = registry if registry is not None else default_registry()
    loaded_at = naive_utc()
    counts: dict[str, int] = {}
    family = [f"core.{name}" for name in dict.fromkeys([*records.tables, *tables])]
    with transaction(con):
        _delete_origin(con, origin, [*RECORD_TABLES, *family], list(keep))
        counts["observations"] = insert_rows(
            con, "core.observations", _dedupe(_observation_rows(records.observations, origin, loaded_at, registry))
        )
        counts["events"] = insert_rows(con, "core.events", _dedupe(_rows(records.events, origin, registry)))
        counts["products"] = insert_rows(
            con, "core.products", _dedupe([_dated(r) for r in _rows(records.products, origin)])
        )
        for name, rows in records.tables.items():
            table = f"core.{name}"
            skip = set(OFFERED_PROVENANCE) - set(_table_columns(con, table))
            counts[name] = insert_rows(
                con, table, [{**{k: v for k, v in r.items() if k not in skip}, "origin": origin} for r in rows]
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


def replace_entities(con: duckdb.DuckDBPyConnection, registry: Registry) -> int:
    """core.entities from the registry (all rows replaced), and every origin's observations and
    events that were not resolved with this registry and code re-resolved against it: a parser whose
    documents did not change is not re-parsed, but its rows still follow the current registry."""
    n = replace_rows(con, "core.entities", registry.rows())
    re_resolve(con, registry)
    return n


def replace_vocabulary(con: duckdb.DuckDBPyConnection, vocabulary: Vocabulary) -> int:
    """core.vocabulary and core.carriers from the vocabulary folder (all rows replaced)."""
    replace_rows(con, "core.carriers", vocabulary.carrier_rows())
    return replace_rows(con, "core.vocabulary", vocabulary.rows())


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


def re_resolve(con: duckdb.DuckDBPyConnection, registry: Registry) -> int:
    """Re-resolve the rows not stamped with the current registry and code; returns how many."""
    stamp, done = resolution_stamp(registry), 0
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
            _re_resolve_chunk(con, registry, table, frame, stamp)
            done += len(frame)
    return done


def _re_resolve_chunk(
    con: duckdb.DuckDBPyConnection, registry: Registry, table: str, frame: pd.DataFrame, stamp: str
) -> None:
    rows = [_dated({k: (None if pd.isna(v) else v) for k, v in r.items()}) for r in frame.to_dict("records")]
    rows = [{**r, "resolved_with": stamp} for r in resolve_all(registry, rows)]
    cols = ["record_id", "entity_id", "entity_resolution", "date_basis", "evidence_kind", "resolved_with"]
    if table == "observations":
        rows = _keyed(rows, registry)
        for r in rows:
            r["period_basis"] = period_basis(r["period"], r.get("segment"))
            r["evidence_has_value"] = evidence_supports(r.get("evidence") or "", r["value"])
        cols += ["series_key", "period_basis", "evidence_has_value", "key_controlled"]
    update = pd.DataFrame.from_records([{c: r.get(c) for c in cols} for r in rows], columns=cols)
    if update.empty:
        return
    con.register("_resolved", update)
    try:
        sets = ", ".join(f"{c} = u.{c}" for c in cols[1:])
        con.execute(f"UPDATE core.{table} AS t SET {sets} FROM _resolved u WHERE t.record_id = u.record_id")
    finally:
        con.unregister("_resolved")


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
