"""Canonical entities and series identity: the registry (`sources/curated/entities*.csv`), how a
record's subject, product and vendor resolve to one entity, and the series key.

Resolution is deterministic and never fuzzy:
  1. an explicit `entity_id` on the row (validated against the registry by the ledger loader);
  2. otherwise the row's `subject`, then its `product_id`, then its `vendor` (the most specific field
     first): the first field whose text equals an entity id or alias, compared after `normalize()`
     (case folded, full-width characters made half-width, punctuation and whitespace folded).
A row none of whose fields names an entity stays unresolved (entity_id NULL): it keeps its own
series (keyed on its normalized subject) and is listed in `marts.data_quality`. The curated ledger
refuses such rows, and rows only their vendor resolves (sources/ledger/ledger.py), so its keys are
controlled; parsed rows may still be unresolved.

A registry row with no kind and no name is an alias row: it adds its aliases to an entity another
row defines (possibly in another entities*.csv file).

The registry is validated like the ledger: one "file:line: field: message" per problem (unknown
kind, parent or platform (built_on), duplicate id, an alias two entities claim after normalization). Pure: reads CSV.
"""

from __future__ import annotations

import csv
import dataclasses
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from sources.periods import period_bounds

# The registry's files, relative to the folder that holds `sources`: the one home of its pattern. It is
# this module's declared data (sources/code_versions.py hashes the files into the code version of every
# parser family that imports this module, so a registry edit re-parses what reads it), and
# `registry_files` matches its file part in the curated folder it is given.
DATA_INPUTS = ("sources/curated/entities*.csv",)
REGISTRY_PATTERN = Path(DATA_INPUTS[0]).name  # entities*.csv

ENTITY_COLUMNS = ("entity_id", "kind", "name", "parent_id", "aliases", "note")
# optional: the platform a cloud instance, server or cluster is built from (an entity id: the Azure ND MI300X v5 VM
# is an 8 x MI300X platform, a Voltage Park H100 node an HGX H100), so a figure of the instance and one of its
# platform meet as a near pair (marts.apparent_conflicts, different_scope) without making the platform its vendor
ENTITY_OPTIONAL = ("built_on",)
# company: a vendor, operator or publisher; product: a switch ASIC or system, NIC, optic, GPU system,
# NVLink part (core.products says which); market / segment: a market and a slice of one; consortium;
# cluster: a named deployment (xAI Colossus); benchmark: a list or suite (TOP500); standard: a
# specification or fabric technology; software: a library or repository (NVIDIA/nccl).
ENTITY_KINDS = ("company", "product", "market", "segment", "consortium", "cluster", "benchmark", "standard", "software")
ENTITY_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")
# period bases of a series: two figures of different bases never belong to one series
PERIOD_BASES = ("annual", "half_yearly", "quarterly", "monthly", "daily", "cumulative")

_PUNCT_RE = re.compile(r"[\s\-_./,;:·・'\"`()\[\]{}（）【】「」、，。：；！？!?&+]+")


class RegistryError(ValueError):
    """The entity registry has invalid rows; `errors` holds one "file:line: field: message" each."""

    def __init__(self, errors: list[str]):
        self.errors = errors
        super().__init__(f"{len(errors)} problem(s) in the entity registry:\n" + "\n".join(errors))


def normalize(text: str | None) -> str:
    """The form aliases are compared in: NFKC (full-width -> half-width), case folded, runs of
    punctuation and whitespace removed. 'ConnectX‑8', 'connectx 8' and 'ＣｏｎｎｅｃｔＸ－８' agree."""
    if not text:
        return ""
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = folded.replace("\u2010", "-").replace("\u2011", "-").replace("\u2013", "-").replace("\u2014", "-")
    return _PUNCT_RE.sub("", folded)


@dataclass(frozen=True)
class Entity:
    entity_id: str
    kind: str
    name: str
    parent_id: str | None
    aliases: tuple[str, ...]
    note: str | None = None
    built_on: str | None = None


@dataclass
class Registry:
    entities: dict[str, Entity] = field(default_factory=dict)
    by_alias: dict[str, str] = field(default_factory=dict)  # normalized alias -> entity_id

    def resolve(
        self,
        subject: str | None = None,
        product_id: str | None = None,
        vendor: str | None = None,
        entity_id: str | None = None,
    ) -> tuple[str | None, str]:
        """(entity_id, how): how is explicit, subject, product_id, vendor or unresolved."""
        if entity_id:
            return (entity_id if entity_id in self.entities else None), "explicit"
        for how, text in (("subject", subject), ("product_id", product_id), ("vendor", vendor)):
            hit = self.by_alias.get(normalize(text)) if text else None
            if hit:
                return hit, how
        return None, "unresolved"

    def ancestors(self, entity_id: str) -> list[str]:
        out, seen = [], set()
        parent = self.entities[entity_id].parent_id if entity_id in self.entities else None
        while parent and parent not in seen:
            out.append(parent)
            seen.add(parent)
            parent = self.entities[parent].parent_id if parent in self.entities else None
        return out

    def rows(self) -> list[dict]:
        """The registry as plain rows for core.entities."""
        return [
            {
                "entity_id": e.entity_id,
                "kind": e.kind,
                "name": e.name,
                "parent_id": e.parent_id,
                "aliases": list(e.aliases),
                "note": e.note,
                "built_on": e.built_on,
            }
            for e in self.entities.values()
        ]


def registry_files(folder: Path) -> list[Path]:
    """The registry's files in a curated folder (`REGISTRY_PATTERN`), in name order."""
    return sorted(Path(folder).glob(REGISTRY_PATTERN))


def load_registry(folder: Path, errors: list[str] | None = None) -> Registry:
    """Read and validate every `entities*.csv` in `folder`. With `errors` given, problems are
    appended there (the ledger collects them with its own); otherwise a RegistryError is raised."""
    own = errors if errors is not None else []
    before = len(own)
    registry = Registry()
    where: dict[str, str] = {}
    alias_where: dict[str, tuple[str, str]] = {}
    parents: list[tuple[str, str, str]] = []
    platforms: list[tuple[str, str, str]] = []
    extra_aliases: list[tuple[str, str, tuple[str, ...]]] = []
    for path in registry_files(folder):
        try:
            text = path.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError as exc:
            own.append(f"{path.name}:1: file: not UTF-8: {exc}")
            continue
        reader = csv.reader(text.splitlines(keepends=True))
        header: list[str] | None = None
        start = 1
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(c.strip() for c in cells) or cells[0].startswith("#"):
                continue
            if header is None:
                header = [c.strip() for c in cells]
                missing = [c for c in ENTITY_COLUMNS if c not in header]
                unknown = [c for c in header if c not in ENTITY_COLUMNS + ENTITY_OPTIONAL]
                if missing or unknown:
                    own.append(
                        f"{path.name}:{line}: header: want columns {','.join(ENTITY_COLUMNS)}"
                        + (f" (missing {', '.join(missing)})" if missing else "")
                        + (f" (unknown {', '.join(unknown)})" if unknown else "")
                    )
                    break
                continue
            if len(cells) != len(header):
                own.append(f"{path.name}:{line}: row: {len(cells)} cells, header has {len(header)}")
                continue
            row = {k: v.strip() for k, v in zip(header, cells)}
            row.setdefault("built_on", "")
            here = f"{path.name}:{line}"
            ident = row["entity_id"]
            bad = False
            if not ENTITY_ID_RE.match(ident):
                own.append(f"{here}: entity_id: bad id {ident!r} (lowercase slug, e.g. connectx-8)")
                continue
            if not row["kind"] and not row["name"]:
                # an alias row: more spellings of an entity another row defines (a file of its own adds
                # aliases without editing the file that defines the entity)
                if row["parent_id"]:
                    own.append(f"{here}: parent_id: an alias row (no kind, no name) cannot set a parent")
                if row["built_on"]:
                    own.append(f"{here}: built_on: an alias row (no kind, no name) cannot set a platform")
                extra_aliases.append((here, ident, tuple(a.strip() for a in row["aliases"].split("|") if a.strip())))
                continue
            if ident in where:
                own.append(f"{here}: entity_id: duplicate id {ident!r} (first in {where[ident]})")
                continue
            if row["kind"] not in ENTITY_KINDS:
                own.append(f"{here}: kind: {row['kind']!r} not one of {', '.join(ENTITY_KINDS)}")
                bad = True
            if not row["name"]:
                own.append(f"{here}: name: required")
                bad = True
            aliases = tuple(a.strip() for a in row["aliases"].split("|") if a.strip())
            for alias in (ident, row["name"], *aliases):
                key = normalize(alias)
                if not key:
                    own.append(f"{here}: aliases: {alias!r} is empty once normalized")
                    bad = True
                    continue
                claimed = alias_where.get(key)
                if claimed and claimed[0] != ident:
                    own.append(f"{here}: aliases: {alias!r} is already claimed by {claimed[0]!r} ({claimed[1]})")
                    bad = True
                elif not claimed:
                    alias_where[key] = (ident, here)
            where[ident] = here
            if row["parent_id"]:
                parents.append((here, ident, row["parent_id"]))
            if row["built_on"]:
                platforms.append((here, ident, row["built_on"]))
            if not bad:
                registry.entities[ident] = Entity(
                    ident,
                    row["kind"],
                    row["name"],
                    row["parent_id"] or None,
                    aliases,
                    row["note"] or None,
                    row["built_on"] or None,
                )
        if header is None:
            own.append(f"{path.name}:1: header: empty file (no header row)")
    for here, ident, aliases in extra_aliases:
        if ident not in where:
            own.append(f"{here}: entity_id: alias row for unknown entity {ident!r} (define it with a kind and a name)")
            continue
        if not aliases:
            own.append(f"{here}: aliases: an alias row needs at least one alias")
            continue
        added = []
        for alias in aliases:
            key = normalize(alias)
            if not key:
                own.append(f"{here}: aliases: {alias!r} is empty once normalized")
                continue
            claimed = alias_where.get(key)
            if claimed and claimed[0] != ident:
                own.append(f"{here}: aliases: {alias!r} is already claimed by {claimed[0]!r} ({claimed[1]})")
            elif not claimed:
                alias_where[key] = (ident, here)
                added.append(alias)
        entity = registry.entities.get(ident)
        if entity is not None and added:
            registry.entities[ident] = dataclasses.replace(entity, aliases=entity.aliases + tuple(added))
    for here, ident, parent in parents:
        if parent not in where:
            own.append(f"{here}: parent_id: unknown entity {parent!r}")
        elif parent == ident:
            own.append(f"{here}: parent_id: an entity cannot be its own parent")
    for here, ident, platform in platforms:
        if platform not in where:
            own.append(f"{here}: built_on: unknown entity {platform!r}")
        elif platform == ident:
            own.append(f"{here}: built_on: an entity cannot be built on itself")
    registry.by_alias = {k: v[0] for k, v in alias_where.items() if v[0] in registry.entities}
    if errors is None and len(own) > before:
        raise RegistryError(own)
    return registry


def period_basis(period: str, segment: str | None = None) -> str:
    """annual, half_yearly, quarterly, monthly, daily or cumulative (a range 2025-2029, or a segment
    marked cumulative: a running total is never one series with per-period figures)."""
    period_bounds(period)  # raises on a malformed period
    if re.fullmatch(r"\d{4}-\d{4}", period) or "cumulative" in (segment or "").casefold():
        return "cumulative"
    if re.fullmatch(r"\d{4}", period):
        return "annual"
    if re.fullmatch(r"\d{4}H[12]", period):
        return "half_yearly"
    if re.fullmatch(r"\d{4}Q[1-4]", period):
        return "quarterly"
    if re.fullmatch(r"\d{4}-\d{2}", period):
        return "monthly"
    return "daily"


def _dim(value) -> str:
    if value is None or value == "":
        return "-"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def series_key(
    indicator: str,
    entity_id: str | None,
    subject: str,
    *,
    segment: str | None = None,
    speed_gbps: float | None = None,
    fabric: str | None = None,
    region: str | None = None,
    period: str,
    resolution: str | None = None,
) -> str:
    """indicator | entity | segment | speed | fabric | region | period basis.

    An unresolved row is its own series: 'subject:' + its normalized subject stands in for the
    entity, so two unresolved wordings never merge by accident. A row resolved only through its
    vendor ('Google TPU v4 pod', vendor Google) is about something of that vendor the registry does
    not name: its entity part is '<vendor entity>/subject:<normalized subject>', so a vendor's
    different products never merge; an explicit `entity_id` on the row says "this is the vendor's
    own figure" and merges its wordings. `kind` is not part of the key (a forecast and the later
    actual of one quantity are one series); the marts compare kinds apart."""
    if entity_id is None:
        entity = f"subject:{normalize(subject)}"
    elif resolution == "vendor":
        entity = f"{entity_id}/subject:{normalize(subject)}"
    else:
        entity = entity_id
    return "|".join(
        [indicator, entity, _dim(segment), _dim(speed_gbps), _dim(fabric), _dim(region), period_basis(period, segment)]
    )


def resolve_all(registry: Registry, rows: Iterable[dict]) -> list[dict]:
    """Add entity_id, entity_resolution (and series_key for observations) to flat record rows."""
    out = []
    for row in rows:
        entity, how = registry.resolve(
            row.get("subject"), row.get("product_id"), row.get("vendor"), row.get("entity_id")
        )
        row = dict(row, entity_id=entity, entity_resolution=how)
        if "indicator" in row and "period" in row:
            row["series_key"] = series_key(
                row["indicator"],
                entity,
                row.get("subject") or "",
                segment=row.get("segment"),
                speed_gbps=row.get("speed_gbps"),
                fabric=row.get("fabric"),
                region=row.get("region"),
                period=row["period"],
                resolution=how,
            )
        out.append(row)
    return out
