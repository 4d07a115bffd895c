"""Records into the working warehouse: resolved on the sources side, stored by the loader.

The one place the two layers meet for loading: sources/ledger/resolve.py turns records into resolved rows
(entity, series key, period basis, `resolved_with` stamp) and warehouse/load.py stores them; re-resolution
hands the loader the resolving function. The assets (curated, parse, registry) and the tests load through
here. Imports no Dagster.
"""

from __future__ import annotations

import functools
from typing import Sequence

import duckdb

from sources.ledger import resolve
from sources.ledger.entities import Registry
from sources.records import Records
from warehouse import load


def load_records(
    con: duckdb.DuckDBPyConnection,
    origin: str,
    records: Records,
    registry: Registry | None = None,
    keep: Sequence[str] = (),
    tables: Sequence[str] = (),
) -> dict[str, int]:
    """Replace every row written by `origin` with `records`, resolved against `registry` (default: the
    repository's entity registry); `keep` and `tables` as in warehouse/load.py `replace_origin`."""
    return load.replace_origin(con, origin, resolve.resolved(records, origin, registry), keep=keep, tables=tables)


def re_resolve(con: duckdb.DuckDBPyConnection, registry: Registry) -> int:
    """Re-resolve the stored rows not stamped with the current registry, vocabulary and code; returns how many."""
    stamp = resolve.resolution_stamp(registry)
    return load.re_resolve(con, stamp, functools.partial(_re_resolved, registry, stamp))


def _re_resolved(registry: Registry, stamp: str, table: str, rows: list[dict]) -> list[dict]:
    return resolve.re_resolved(registry, table, rows, stamp)


def replace_entities(con: duckdb.DuckDBPyConnection, registry: Registry) -> int:
    """core.entities from the registry (all rows replaced), and every origin's observations and events that
    were not resolved with this registry and code re-resolved against it: a parser whose documents did not
    change is not re-parsed, but its rows still follow the current registry."""
    n = load.replace_rows(con, "core.entities", registry.rows())
    re_resolve(con, registry)
    return n
