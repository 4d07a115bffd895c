"""Lineage from what the code reads: an asset's parents are the assets that write the relations it reads.

Every asset says which relations it writes (`writes(...)` metadata, or derived: a parse asset writes
what its parser family yields, a mart writes `marts.<name>`), and an asset built on SQL says which
relations it reads (derived from its SQL with DuckDB's own parser). Its parents are the writers of
what it reads, given to the asset when it is built. A new mart, or a new parse family, gets its
lineage without anyone listing it; `unwired` finds any asset whose parents fall short.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from pathlib import Path
from typing import Iterable

import dagster as dg

from sources.parsers.dispatch import family_files
from warehouse import load, parse_state, raw
from warehouse.marts import relations_read

WRITES = "fabricwatch/writes"    # metadata: relations the asset writes, comma-separated
READS = "fabricwatch/reads"      # metadata: relations the asset's SQL reads, comma-separated
SQL_DIR = Path(load.__file__).resolve().parent / "sql"
# How a parser family hands rows to a core table: records.tables["name"] or Records(tables={"name": ...}).
_TABLE_INDEX = re.compile(r"""\btables\[\s*["'](\w+)["']\s*\]""")
_TABLE_DICT = re.compile(r"""\btables\s*=\s*\{([^}]*)\}""")
_DICT_KEY = re.compile(r"""["'](\w+)["']\s*:""")
# The record fields a family fills (records.observations.extend(...), Records(events=...)): named in its code.
_RECORD_FIELD = re.compile(r"\b(observations|events|products)\b")


# ---------------------------------------------------------------- what assets write

def family_tables(parser: str) -> tuple[str, ...]:
    """Core tables a parser family fills besides observations, events and products, read from its code."""
    names: set[str] = set()
    for path in family_files(parser, shared=False):
        code = path.read_text(encoding="utf-8")
        names.update(_TABLE_INDEX.findall(code))
        for body in _TABLE_DICT.findall(code):
            names.update(_DICT_KEY.findall(body))
    return tuple(sorted(names))


def family_record_tables(parser: str) -> tuple[str, ...]:
    """Record tables (core.observations, core.events, core.products) a parser family fills, read from its
    code: the ones it names (a mention in a comment only over-declares, which costs a rebuild, not a miss)."""
    names: set[str] = set()
    for path in family_files(parser, shared=False):
        names.update(_RECORD_FIELD.findall(path.read_text(encoding="utf-8")))
    return tuple(t for t in load.RECORD_TABLES if t.split(".", 1)[1] in names)


def parse_writes(parser: str) -> tuple[str, ...]:
    """What a parse asset writes: the records tables its family fills, its family's tables, its bookkeeping."""
    return (*family_record_tables(parser), *(f"core.{t}" for t in family_tables(parser)), *parse_state.TABLES)


def fetch_writes() -> tuple[str, ...]:
    return raw.TABLES


def metadata(*, writes: Iterable[str] = (), reads: Iterable[str] = ()) -> dict[str, str]:
    """Asset metadata declaring what an asset writes and reads (shown in the UI; `writers` reads it)."""
    out = {}
    if writes:
        out[WRITES] = ", ".join(sorted(set(writes)))
    if reads:
        out[READS] = ", ".join(sorted(set(reads)))
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
# declarations.

def writers(assets: Iterable[dg.AssetsDefinition]) -> dict[str, set[dg.AssetKey]]:
    """Relation -> the assets that write it, from their `writes` metadata."""
    out: dict[str, set[dg.AssetKey]] = defaultdict(set)
    for a in assets:
        for spec in a.specs:
            for relation in declared(spec, WRITES):
                out[relation].add(spec.key)
    return dict(out)


@functools.lru_cache(maxsize=1)
def source_writers() -> dict[str, set[dg.AssetKey]]:
    """Writers of the raw and core layers (registry, inbox, fetch, parse, curated ledger).

    Built from the same builders the definitions use, so the model assets (defined at import)
    can take their parents from it.
    """
    from pipelines.assets import curated, registry
    from pipelines.assets.fetch import build_fetch_assets
    from pipelines.assets.parse import build_parse_assets
    from sources.registry import REGISTRY

    return writers([*registry.assets, *curated.assets, *build_fetch_assets(REGISTRY), *build_parse_assets(REGISTRY)])


def parents(reads: Iterable[str], by_relation: dict[str, set[dg.AssetKey]],
            itself: dg.AssetKey | None = None) -> list[dg.AssetKey]:
    """The writers of the relations read (never the reader itself), sorted."""
    keys = {k for r in reads for k in by_relation.get(r, ())} - {itself}
    return sorted(keys, key=lambda k: k.to_user_string())


def sql_parents(*files: str) -> list[dg.AssetKey]:
    """Parents of an asset reading the given files under warehouse/sql/ (raw and core writers)."""
    return parents(declared_reads(*files), source_writers())


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
            missing = {k.to_user_string() for k in parents(reads, by_relation, spec.key)} - {k.to_user_string() for k in have}
            missing |= {f"(no writer of {r})" for r in reads if r not in by_relation}
            if missing:
                out[spec.key.to_user_string()] = missing
    return out
