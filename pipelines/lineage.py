"""Lineage from what the code reads: an asset's parents are the assets that write the relations it reads.

Every asset says which relations it writes (`writes(...)` metadata, or derived: a parse asset writes
what its parser family yields, a mart writes `marts.<name>`), and an asset built on SQL says which
relations it reads (derived from its SQL with DuckDB's own parser). `wire(assets)` then adds, to
every asset that reads, a dependency on every writer of what it reads. A new mart, or a new parse
family, gets its lineage without anyone listing it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Iterable

import dagster as dg

from sources.parsing import PARSERS_DIR
from warehouse import load, parse_state, raw
from warehouse.marts import relations_read

WRITES = "fabricwatch/writes"    # metadata: relations the asset writes, comma-separated
READS = "fabricwatch/reads"      # metadata: relations the asset's SQL reads, comma-separated
SQL_DIR = Path(load.__file__).resolve().parent / "sql"
# How a parser family hands rows to a core table: records.tables["name"] or Records(tables={"name": ...}).
_TABLE_INDEX = re.compile(r"""\btables\[\s*["'](\w+)["']\s*\]""")
_TABLE_DICT = re.compile(r"""\btables\s*=\s*\{([^}]*)\}""")
_DICT_KEY = re.compile(r"""["'](\w+)["']\s*:""")


# ---------------------------------------------------------------- what assets write

def family_tables(parser: str) -> tuple[str, ...]:
    """Core tables a parser family fills besides observations, events and products, read from its code."""
    names: set[str] = set()
    for path in sorted(PARSERS_DIR.glob(f"{parser}*.py")):
        code = path.read_text(encoding="utf-8")
        names.update(_TABLE_INDEX.findall(code))
        for body in _TABLE_DICT.findall(code):
            names.update(_DICT_KEY.findall(body))
    return tuple(sorted(names))


def parse_writes(parser: str) -> tuple[str, ...]:
    """What a parse asset writes: the records tables, its family's tables, its bookkeeping."""
    return (*load.RECORD_TABLES, *(f"core.{t}" for t in family_tables(parser)), *parse_state.TABLES)


def fetch_writes() -> tuple[str, ...]:
    return raw.TABLES


def metadata(*, writes: Iterable[str] = (), reads: Iterable[str] = ()) -> dict[str, str]:
    """Asset metadata declaring what an asset writes and reads (shown in the UI, used by `wire`)."""
    out = {}
    if writes:
        out[WRITES] = ", ".join(sorted(set(writes)))
    if reads:
        out[READS] = ", ".join(sorted(set(reads)))
    return out


def reads_sql(*files: str) -> dict[str, str]:
    """Metadata for an asset whose reads are the given files under warehouse/sql/."""
    return metadata(reads=set().union(*(relations_read((SQL_DIR / f).read_text(encoding="utf-8")) for f in files)))


def _split(value) -> set[str]:
    text = value.value if isinstance(value, dg.TextMetadataValue) else value
    return {v.strip() for v in str(text or "").split(",") if v.strip()}


def declared(spec: dg.AssetSpec, key: str) -> set[str]:
    return _split(spec.metadata.get(key))


# ---------------------------------------------------------------- the wiring

def writers(assets: Iterable[dg.AssetsDefinition]) -> dict[str, set[dg.AssetKey]]:
    """Relation -> the assets that write it."""
    out: dict[str, set[dg.AssetKey]] = defaultdict(set)
    for a in assets:
        for spec in a.specs:
            for relation in declared(spec, WRITES):
                out[relation].add(spec.key)
    return dict(out)


def parents(spec: dg.AssetSpec, by_relation: dict[str, set[dg.AssetKey]]) -> set[dg.AssetKey]:
    """The writers of what `spec` reads (never itself)."""
    return {k for r in declared(spec, READS) for k in by_relation.get(r, ())} - {spec.key}


def unwritten(assets: Iterable[dg.AssetsDefinition]) -> dict[str, set[str]]:
    """Asset -> relations it reads that no asset writes (a lineage hole; tested to be empty)."""
    assets = list(assets)
    by_relation = writers(assets)
    out = {}
    for a in assets:
        for spec in a.specs:
            missing = {r for r in declared(spec, READS) if r not in by_relation}
            if missing:
                out[spec.key.to_user_string()] = missing
    return out


def wire(assets: list[dg.AssetsDefinition]) -> list[dg.AssetsDefinition]:
    """Add to every asset that declares reads a dependency on each writer of what it reads."""
    by_relation = writers(assets)

    def add_parents(spec: dg.AssetSpec) -> dg.AssetSpec:
        extra = parents(spec, by_relation) - {d.asset_key for d in spec.deps}
        return spec.merge_attributes(deps=sorted(extra, key=lambda k: k.to_user_string())) if extra else spec

    return [a.map_asset_specs(add_parents) if any(declared(s, READS) for s in a.specs) else a for a in assets]
