"""What a parser family writes, read from its code: the core tables a parse asset fills.

Dagster-free (pipelines/lineage.py builds the asset lineage from it; the parse step, run by a Dagster
asset or by the fast ingest, loads into these tables).
"""

from __future__ import annotations

import re

from sources.code_versions import family_package, module_file, package_modules
from warehouse import load, parse_state

# How a parser family hands rows to a core table: records.tables["name"] or Records(tables={"name": ...}).
_TABLE_INDEX = re.compile(r"""\btables\[\s*["'](\w+)["']\s*\]""")
_TABLE_DICT = re.compile(r"""\btables\s*=\s*\{([^}]*)\}""")
_DICT_KEY = re.compile(r"""["'](\w+)["']\s*:""")
# The record fields a family fills (records.observations.extend(...), Records(events=...)): named in its code.
_RECORD_FIELD = re.compile(r"\b(observations|events|products)\b")


def family_code(parser: str) -> list[str]:
    """The code of a parser family's own package (sources/parsers/<family>/, listed by
    sources/code_versions.py): where it builds the records it returns. Not the shared helpers, which
    return values, nor the record types, which name every table."""
    return [module_file(m).read_text(encoding="utf-8") for m in package_modules(family_package(parser))]


def family_tables(parser: str) -> tuple[str, ...]:
    """Core tables a parser family fills besides observations, events and products, read from its code."""
    names: set[str] = set()
    for code in family_code(parser):
        names.update(_TABLE_INDEX.findall(code))
        for body in _TABLE_DICT.findall(code):
            names.update(_DICT_KEY.findall(body))
    return tuple(sorted(names))


def family_record_tables(parser: str) -> tuple[str, ...]:
    """Record tables (core.observations, core.events, core.products) a parser family fills, read from its
    code: the ones it names (a mention in a comment only over-declares, which costs a rebuild, not a miss)."""
    names: set[str] = set()
    for code in family_code(parser):
        names.update(_RECORD_FIELD.findall(code))
    return tuple(t for t in load.RECORD_TABLES if t.split(".", 1)[1] in names)


def parse_writes(parser: str) -> tuple[str, ...]:
    """What a parse asset writes: the records tables its family fills, its family's tables, its bookkeeping."""
    return (*family_record_tables(parser), *(f"core.{t}" for t in family_tables(parser)), *parse_state.TABLES)
