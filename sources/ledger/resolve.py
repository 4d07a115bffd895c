"""Entity resolution and series keys: records become the rows the loader stores.

The loader (warehouse/load.py) stores rows and resolves nothing; this module gives it resolved rows as
data. A row's entity (sources/ledger/entities.py, the registry), its series key from the controlled
vocabulary (sources/ledger/vocabulary.py), its period basis and its evidence flag are computed here,
and every observation and event is stamped `resolved_with` the registry, vocabulary and code that
computed them (`resolution_stamp`), so a later refresh re-resolves only the stored rows whose stamp
is not the current one (`re_resolved`, driven by warehouse/load.py `re_resolve` page by page).
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
from pathlib import Path
from typing import Iterable

from sources.clock import naive_utc
from sources.evidence import evidence_supports
from sources.ledger.entities import Registry, load_registry, period_basis, resolve_all, series_key
from sources.ledger.format import DEFAULT_FOLDER
from sources.ledger.vocabulary import (
    Vocabulary,
    default_folder as vocabulary_folder,
    key_dimensions,
    load_vocabulary,
    with_scope,
)
from sources.periods import period_bounds
from sources.records import Event, Observation, Product, Records, ResolvedRecords, flat


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

# The columns re-resolution writes back to a stored row (besides its record_id), per record table.
RESOLVED_COLUMNS = {
    "events": ("entity_id", "entity_resolution", "date_basis", "evidence_kind", "resolved_with"),
    "observations": (
        "entity_id",
        "entity_resolution",
        "date_basis",
        "evidence_kind",
        "resolved_with",
        "series_key",
        "period_basis",
        "evidence_has_value",
        "key_controlled",
    ),
}


def keyed(rows: list[dict], registry: Registry, vocabulary: Vocabulary | None = None) -> list[dict]:
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
    from sources.code_versions import modules_version

    return modules_version((__name__,))


def dated(row: dict) -> dict:
    """date_basis defaults: a record that does not say is `published` when dated, else `undated`."""
    if not row.get("date_basis"):
        row["date_basis"] = "published" if row.get("published_on") else "undated"
    # a parsed row's evidence is a locator in the stored document (table); a hand-entered one quotes
    row["evidence_kind"] = row.get("evidence_kind") or ("table" if row.get("document_sha") else "quote")
    return row


def observation_rows(
    observations: Iterable[Observation], origin: str, loaded_at: dt.datetime, registry: Registry
) -> list[dict]:
    """Observations as stored rows: dated, bounded, resolved, keyed, stamped; one statement kept once."""
    rows, stamp = [], resolution_stamp(registry)
    for obs in observations:
        row = dated(flat(obs))
        row["period_start"], row["period_end"] = period_bounds(obs.period)
        row["period_basis"] = period_basis(obs.period, obs.segment)
        row["evidence_has_value"] = evidence_supports(obs.prov.evidence, obs.value)
        row["origin"] = origin
        row["loaded_at"] = loaded_at
        row["resolved_with"] = stamp
        rows.append(row)
    kept, _ = dedupe_statements(keyed(resolve_all(registry, rows), registry))
    return kept


def event_rows(events: Iterable[Event], origin: str, registry: Registry) -> list[dict]:
    """Events as stored rows: dated, resolved to their entity, stamped."""
    stamp = resolution_stamp(registry)
    return resolve_all(registry, [{**dated(flat(e)), "origin": origin, "resolved_with": stamp} for e in events])


def product_rows(products: Iterable[Product], origin: str) -> list[dict]:
    """Products as stored rows (products are entities themselves: nothing to resolve)."""
    return [dated({**flat(p), "origin": origin}) for p in products]


def resolved(
    records: Records, origin: str, registry: Registry | None = None, loaded_at: dt.datetime | None = None
) -> ResolvedRecords:
    """`records` of `origin` as the rows the loader stores, resolved against `registry` (default: the
    repository's entity registry)."""
    registry = registry if registry is not None else default_registry()
    loaded_at = loaded_at if loaded_at is not None else naive_utc()
    return ResolvedRecords(
        observations=observation_rows(records.observations, origin, loaded_at, registry),
        events=event_rows(records.events, origin, registry),
        products=product_rows(records.products, origin),
        tables=records.tables,
    )


def re_resolved(registry: Registry, table: str, rows: list[dict], stamp: str | None = None) -> list[dict]:
    """Stored rows of `table` (observations or events, as warehouse/load.py reads them for re-resolution:
    their inputs, and their entity only when it was given explicitly) resolved again against `registry`;
    each returned row holds its record_id and the RESOLVED_COLUMNS of the table."""
    stamp = stamp if stamp is not None else resolution_stamp(registry)
    rows = [{**r, "resolved_with": stamp} for r in resolve_all(registry, [dated(dict(r)) for r in rows])]
    if table == "observations":
        rows = keyed(rows, registry)
        for r in rows:
            r["period_basis"] = period_basis(r["period"], r.get("segment"))
            r["evidence_has_value"] = evidence_supports(r.get("evidence") or "", r["value"])
    cols = ("record_id", *RESOLVED_COLUMNS[table])
    return [{c: r.get(c) for c in cols} for r in rows]
