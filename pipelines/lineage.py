"""Lineage from what the code reads: an asset's parents are the assets that write the relations it reads.

Every asset says which relations it writes (`writes(...)` metadata, or derived: a parse asset writes
what its parser family yields, a mart writes `marts.<name>`), and an asset built on SQL says which
relations it reads (derived from its SQL with DuckDB's own parser). Its parents are the writers of
what it reads, given to the asset when it is built. A new mart, or a new parse family, gets its
lineage without anyone listing it; `unwired` finds any asset whose parents fall short.

At the grain of rows: an asset that writes only the rows of one origin (a parse asset: its
`parse_<source>` rows; `origin` metadata) is a writer of a core view only when the view keeps that
origin's rows. The core views that select rows by origin (`CREATE VIEW core.x AS SELECT ... FROM
core.y WHERE origin [NOT] IN (...)`, in warehouse/migrations/) are read with DuckDB's parser, so a
mart reading `core.observations_stated` is not a child of the nccl-tests parser, whose rows that
view leaves out. An asset without `origin` (the ledger, which also re-resolves every row's entity)
writes every row of what it writes.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import dagster as dg

import duckdb

from pipelines.family_writes import family_code, family_record_tables, family_tables, parse_writes  # noqa: F401
from warehouse import db, load, raw
from warehouse.marts import parse_tree, relations_read

WRITES = "fabricwatch/writes"  # metadata: relations the asset writes, comma-separated
READS = "fabricwatch/reads"  # metadata: relations the asset's SQL reads, comma-separated
ORIGIN = "fabricwatch/origin"  # metadata: the only origin (core.*.origin) of the rows it writes; absent: any
SQL_DIR = Path(load.__file__).resolve().parent / "sql"


# ---------------------------------------------------------------- what assets write


def fetch_writes() -> tuple[str, ...]:
    return raw.TABLES


def metadata(*, writes: Iterable[str] = (), reads: Iterable[str] = (), origin: str | None = None) -> dict[str, str]:
    """Asset metadata declaring what an asset writes and reads, and the one origin of the rows it
    writes when it has one (shown in the UI; `writers` reads it)."""
    out = {}
    if writes:
        out[WRITES] = ", ".join(sorted(set(writes)))
    if reads:
        out[READS] = ", ".join(sorted(set(reads)))
    if origin:
        out[ORIGIN] = origin
    return out


def reads_sql(*files: str) -> dict[str, str]:
    """Metadata for an asset whose reads are the given files under warehouse/sql/."""
    return metadata(reads=declared_reads(*files))


def _split(value) -> set[str]:
    text = value.value if isinstance(value, dg.TextMetadataValue) else value
    return {v.strip() for v in str(text or "").split(",") if v.strip()}


def declared(spec: dg.AssetSpec, key: str) -> set[str]:
    return _split(spec.metadata.get(key))


# ---------------------------------------------------------------- the wiring
# Parents are passed to the asset decorators (`deps=`): Dagster orders a run only by the deps an
# asset was built with, so they are computed before the readers are built, from the writers'
# declarations: the definitions build the writers first and hand them to the readers' builders
# (nothing here imports or builds an asset).


def writers(assets: Iterable[dg.AssetsDefinition]) -> dict[str, set[dg.AssetKey]]:
    """Relation -> the assets that write it, from their `writes` and `origin` metadata; a core view
    that keeps rows by origin is written by the writers of the rows it keeps."""
    out: dict[str, set[dg.AssetKey]] = defaultdict(set)
    by_origin: dict[str, list[tuple[str | None, dg.AssetKey]]] = defaultdict(list)
    for a in assets:
        for spec in a.specs:
            origin = (declared(spec, ORIGIN) or {None}).pop()
            for relation in declared(spec, WRITES):
                out[relation].add(spec.key)
                by_origin[relation].append((origin, spec.key))
    for view, (base, keeps) in origin_views().items():
        if base in by_origin:
            out[view] = {key for origin, key in by_origin[base] if origin is None or keeps(origin)}
    return dict(out)


# ---------------------------------------------------------------- core views that select rows by origin


@dataclass(frozen=True)
class OriginRule:
    """A view's row filter on the origin column: `origin IN (...)`, or NOT IN when `negated`."""

    origins: frozenset[str]
    negated: bool

    def __call__(self, origin: str) -> bool:
        return (origin in self.origins) != self.negated


@functools.lru_cache(maxsize=1)
def origin_views() -> dict[str, tuple[str, OriginRule]]:
    """core view -> (the one relation it reads, its origin filter), for the views in the migrations whose
    only filter is on the origin column. The last migration that creates a view defines it."""
    views: dict[str, str] = {}
    for _, _, path in db.migration_files():
        for statement in duckdb.extract_statements(path.read_text(encoding="utf-8")):
            m = _CREATE_VIEW.match(statement.query)
            if m:
                views[m.group(1)] = statement.query[m.end() :]
    out = {}
    for view, query in views.items():
        reads = relations_read(query)
        rule = _origin_rule(query)
        if len(reads) == 1 and rule is not None:
            out[view] = (next(iter(reads)), rule)
    return out


_CREATE_VIEW = re.compile(
    r"\s*(?:--[^\n]*\n\s*)*CREATE\s+(?:OR\s+REPLACE\s+)?VIEW\s+(core\.\w+)\s+AS\s+", re.IGNORECASE
)


def _origin_rule(query: str) -> OriginRule | None:
    """The origin filter of a one-table SELECT (`WHERE [alias.]origin [NOT] IN ('a', ...)`), read by
    DuckDB's parser; None for any other WHERE (the view then counts as reading every row)."""
    tree = parse_tree(query)
    if tree.get("error") or len(tree.get("statements", ())) != 1:
        return None
    where = tree["statements"][0]["node"].get("where_clause")
    negated = False
    if where and where.get("type") == "OPERATOR_NOT" and len(where.get("children", ())) == 1:
        negated, where = True, where["children"][0]
    if not where or where.get("type") != "COMPARE_IN":
        return None
    column, *values = where["children"]
    if column.get("class") != "COLUMN_REF" or column["column_names"][-1] != "origin":
        return None
    if not values or any(v.get("class") != "CONSTANT" or v["literal"].get("kind") != "STRING" for v in values):
        return None
    return OriginRule(frozenset(v["literal"]["text"] for v in values), negated)


def parents(
    reads: Iterable[str], by_relation: dict[str, set[dg.AssetKey]], itself: dg.AssetKey | None = None
) -> list[dg.AssetKey]:
    """The writers of the relations read (never the reader itself), sorted."""
    keys = {k for r in reads for k in by_relation.get(r, ())} - {itself}
    return sorted(keys, key=lambda k: k.to_user_string())


def declared_reads(*files: str) -> set[str]:
    return set().union(*(relations_read((SQL_DIR / f).read_text(encoding="utf-8")) for f in files))


def unwired(assets: Iterable[dg.AssetsDefinition]) -> dict[str, set[str]]:
    """Asset -> writers of what it reads that are not its parents, or reads nobody writes (tested empty)."""
    assets = list(assets)
    by_relation = writers(assets)
    out = {}
    for a in assets:
        for spec in a.specs:
            have = {d.asset_key for d in spec.deps}
            reads = declared(spec, READS)
            missing = {k.to_user_string() for k in parents(reads, by_relation, spec.key)} - {
                k.to_user_string() for k in have
            }
            missing |= {f"(no writer of {r})" for r in reads if r not in by_relation}
            if missing:
                out[spec.key.to_user_string()] = missing
    return out
