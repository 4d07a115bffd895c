"""The curated analyst ledger: CSV facts in `sources/curated/`, validated, turned into records.

Format (one fact a row, provenance on every row) is described in `sources/curated/README.md`.
`load_ledger()` is all-or-nothing over the whole folder: every file is checked, every problem is
collected with its file, line and field, and one `LedgerError` lists them all; no record is
returned unless every row of every file is valid. Pure: reads CSV files, nothing else.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from sources.ledger.format import (
    CADENCES,
    DATE_PRECISIONS,
    DEFAULT_FOLDER,
    EVENT_CATEGORIES,
    EVENT_COLUMNS,
    FABRICS,
    INDICATOR_CATEGORIES,
    INDICATOR_COLUMNS,
    OBSERVATION_COLUMNS,
    PRODUCT_COLUMNS,
    PRODUCT_OPTIONAL,
    PRODUCT_KINDS,
    QUALIFIERS,
    SIGNED_UNITS,
    SOURCE_COLUMNS,
    UNIT_FACTORS,
    UNITS,
    AS_OF_NOTE_RE,
    EVENT_OPTIONAL,
    INDICATOR_ID_RE,
    OBSERVATION_OPTIONAL,
    SLUG_RE,
    UNDATED_NOTE_RE,
)
from sources.ledger.cells import (  # noqa: F401 (parse_date, convert_exact re-exported)
    _choice,
    _date,
    _FileCheck,
    _number,
    _read_rows,
    _required,
    convert_exact,
    parse_date,
)
from sources.ledger.entities import Registry, load_registry
from sources.periods import period_bounds  # re-exported: the ledger's period rules are the warehouse's
from sources.registry import REGISTRY
from sources.records import (
    CONFIDENCES,
    DATE_BASES,
    EVIDENCE_KINDS,
    KINDS,
    Event,
    Observation,
    Product,
    Provenance,
    Records,
)
from sources.ledger.vocabulary import (
    FOLDER_NAME as VOCABULARY_FOLDER,
    Vocabulary,
    default_folder as vocabulary_folder,
    load_vocabulary,
    resolve_row,
)


class LedgerError(ValueError):
    """The ledger folder has invalid rows; `errors` holds one "file:line: field: message" per problem."""

    def __init__(self, errors: list[str]):
        self.errors = errors
        super().__init__(f"{len(errors)} problem(s) in the curated ledger:\n" + "\n".join(errors))


@dataclass
class Ledger:
    records: Records
    indicators: list[dict]
    sources: list[dict]
    files: dict[str, int] = field(default_factory=dict)  # file name -> rows loaded
    entities: Registry = field(default_factory=Registry)
    vocabulary: Vocabulary = field(default_factory=Vocabulary)


def _published_on(check: _FileCheck, row: dict) -> tuple[dt.date | None, str | None]:
    """published_on: YYYY-MM-DD, or YYYY-MM / YYYY when the source gives no day (stored as the 1st,
    and the note says so). Empty only with a note that says why the date is unknown."""
    text = row.get("published_on", "")
    if not text:
        if not UNDATED_NOTE_RE.search(row.get("note", "")):
            check.fail("published_on", "empty: give the date or a note saying why it is unknown (e.g. 'undated')")
        return None, None
    if re.match(r"^\d{4}(-\d{2})?$", text):
        try:
            start, _ = period_bounds(text)
        except ValueError as exc:
            check.fail("published_on", str(exc))
            return None, None
        return start, f"published_on given as {text} (day unknown; stored as the 1st)"
    return _date(check, row, "published_on"), None


def date_basis_for(row: dict, published_on: dt.date | None) -> str:
    """How a curated row's date is known: its explicit `date_basis`, else `undated` without a date,
    `as_of` when the note says the date is the document's as-of date, else `published`."""
    if row.get("date_basis"):
        return row["date_basis"]
    if published_on is None:
        return "undated"
    if AS_OF_NOTE_RE.search(row.get("note", "") or ""):
        return "as_of"
    return "published"


def _provenance(check: _FileCheck, row: dict, sources: set[str]) -> tuple[Provenance | None, str | None]:
    _required(check, row, "publisher", "doc_title", "evidence")
    source_id = row.get("source_id", "")
    if not source_id:
        check.fail("source_id", "required")
    elif source_id not in sources:
        check.fail("source_id", f"unknown source {source_id!r} (add it to sources.csv)")
    url = row.get("url") or None
    via = row.get("via") or None
    if url and not re.match(r"^https?://\S+$", url):
        check.fail("url", f"not an http(s) address: {url!r}")
    if not url and not (via and "seed" in via.lower()):
        check.fail("url", "required unless `via` names the seed document that carried the fact")
    published_on, date_note = _published_on(check, row)
    confidence = _choice(check, row, "confidence", CONFIDENCES)
    basis = _choice(check, row, "date_basis", DATE_BASES, required=False)
    if basis == "undated" and row.get("published_on"):
        check.fail("date_basis", "undated, but published_on is given")
    elif basis and basis != "undated" and not row.get("published_on"):
        check.fail("date_basis", f"{basis} needs a published_on")
    evidence_kind = _choice(check, row, "evidence_kind", EVIDENCE_KINDS, required=False)
    prov = Provenance(
        source_id=source_id,
        publisher=row.get("publisher", ""),
        title=row.get("doc_title", ""),
        url=url,
        published_on=published_on,
        evidence=row.get("evidence", ""),
        via=via,
        confidence=confidence or "reported",
        date_basis=date_basis_for(row, published_on),
        evidence_kind=evidence_kind or "quote",
    )
    return prov, date_note


def _entity(check: _FileCheck, row: dict, entities: Registry) -> str | None:
    ident = row.get("entity_id") or None
    if ident and ident not in entities.entities:
        check.fail("entity_id", f"unknown entity {ident!r} (add it to entities.csv)")
    return ident


def _keyed_entity(check: _FileCheck, row: dict, entities: Registry, entity_id: str | None) -> None:
    """A figure's series key names a registered entity (issue 19: no key dimension from free wording): its
    explicit `entity_id`, or a `subject` or `product_id` equal to an entity id or alias. A row resolved only
    through its vendor would key on its subject's wording, so it is refused. A folder without a registry
    (a test fixture) is not checked."""
    if not entities.entities or entity_id or not row.get("subject"):
        return
    if entities.resolve(row.get("subject"), row.get("product_id"))[0] is None:
        vendor = entities.resolve(vendor=row.get("vendor"))[0]
        check.fail(
            "subject",
            f"{row['subject']!r} names no registered entity (nor does product_id {row.get('product_id') or ''!r})"
            + (f"; its vendor resolves to {vendor!r}, but a vendor's figure needs entity_id={vendor}" if vendor else "")
            + ": add the entity or this wording as an alias in an entities*.csv file, or give an entity_id",
        )


def _join_note(*parts: str | None) -> str | None:
    text = "; ".join(p for p in parts if p)
    return text or None


def _load_indicators(paths: list[Path], errors: list[str]) -> dict[str, dict]:
    catalog: dict[str, dict] = {}
    for path in paths:
        check = _FileCheck(path, errors)
        for line, row in _read_rows(path, INDICATOR_COLUMNS, check):
            _required(check, row, "name", "description")
            ident = row["indicator"]
            if not INDICATOR_ID_RE.match(ident or ""):
                check.fail("indicator", f"bad id {ident!r} (letters, digits, _; starts lowercase)")
                continue
            if ident in catalog:
                check.fail("indicator", f"duplicate id {ident!r} (first in {catalog[ident]['_where']})")
                continue
            units = [u.strip() for u in row["unit"].split("|") if u.strip()]
            if not units:
                check.fail("unit", "required")
            for unit in units:
                if unit not in UNITS:
                    check.fail("unit", f"{unit!r} not one of {', '.join(UNITS)}")
            _choice(check, row, "category", INDICATOR_CATEGORIES)
            _choice(check, row, "cadence", CADENCES)
            catalog[ident] = dict(row, _units=units, _where=f"{path.name}:{line}")
    return catalog


def _load_sources(paths: list[Path], errors: list[str]) -> dict[str, dict]:
    known: dict[str, dict] = {}
    for path in paths:
        check = _FileCheck(path, errors)
        for line, row in _read_rows(path, SOURCE_COLUMNS, check, optional=("title", "note")):
            _required(check, row, "publisher", "kind")
            ident = row["source_id"]
            if not SLUG_RE.match(ident or ""):
                check.fail("source_id", f"bad id {ident!r} (lowercase letters, digits, _ - .)")
                continue
            if ident in known:
                # sources_extra.csv may repeat a source of sources.csv: fine if it is the same publisher
                if known[ident]["publisher"] != row["publisher"]:
                    check.fail(
                        "source_id",
                        f"duplicate id {ident!r} with another publisher (first in {known[ident]['_where']})",
                    )
                continue
            if row.get("homepage") and not re.match(r"^https?://\S+$", row["homepage"]):
                check.fail("homepage", f"not an http(s) address: {row['homepage']!r}")
            known[ident] = {"title": "", "note": ""} | row | {"_where": f"{path.name}:{line}"}
    return known


def _controlled(prov: Provenance | None, canon: dict) -> Provenance | None:
    """The provenance with what the vocabulary says of it: how precise its date is, who carried it, its tier."""
    if prov is None:
        return None
    return dataclasses.replace(
        prov,
        published_precision=canon.get("published_precision"),
        carrier=canon.get("carrier"),
        source_tier=canon.get("source_tier"),
        tier_reason=canon.get("tier_reason"),
    )


def _observation(
    check: _FileCheck,
    row: dict,
    catalog: dict[str, dict],
    sources: set[str],
    entities: Registry,
    vocab: Vocabulary,
    source_kinds: dict[str, str],
) -> Observation | None:
    before = len(check.errors)
    entity_id = _entity(check, row, entities)
    _keyed_entity(check, row, entities, entity_id)
    indicator = row["indicator"]
    spec = catalog.get(indicator)
    if not indicator:
        check.fail("indicator", "required")
    elif spec is None:
        check.fail("indicator", f"unknown indicator {indicator!r} (add it to indicators.csv)")
    _required(check, row, "subject")
    period = row["period"]
    try:
        period_bounds(period)
    except ValueError as exc:
        check.fail("period", str(exc))
    value = _number(check, row, "value", required=True)
    _choice(check, row, "value_qualifier", QUALIFIERS, required=False)
    unit = _choice(check, row, "unit", UNITS)
    if unit and spec and unit not in spec["_units"]:
        check.fail("unit", f"{unit!r} does not match indicator {indicator!r} unit {'|'.join(spec['_units'])}")
    if unit == "share" and value is not None and not 0 <= value <= 1:
        check.fail("value", f"share {value} outside 0-1 (write percent as a fraction)")
    elif unit and unit not in SIGNED_UNITS and value is not None and value < 0:
        check.fail("value", f"negative value {value:g} {unit}: counts, sizes, rates and prices cannot be below zero")
    kind = _choice(check, row, "kind", KINDS)
    speed = _number(check, row, "speed_gbps", required=False)
    # every key dimension resolves to a term of the controlled vocabulary, or the row is refused
    canon = resolve_row(vocab, row, check, observation=True, source_kind=source_kinds.get(row.get("source_id", "")))
    prov, date_note = _provenance(check, row, sources)
    if len(check.errors) > before:
        return None
    prov = _controlled(prov, canon)
    canonical = spec["_units"][0]
    unit_note = None
    if unit != canonical:  # store every indicator in one unit; keep what the source wrote in the note
        if (unit, canonical) not in UNIT_FACTORS:
            check.fail("unit", f"no conversion from {unit!r} to {canonical!r} (add it to UNIT_FACTORS)")
            return None
        unit_note = f"source figure {row['value']} {unit}"
        value, unit = convert_exact(row["value"], UNIT_FACTORS[(unit, canonical)]), canonical
    return Observation(
        indicator=indicator,
        subject=row["subject"],
        period=period,
        value=value,
        unit=unit,
        kind=kind,
        prov=prov,
        value_qualifier=row["value_qualifier"] or None,
        speed_gbps=speed,
        fabric=canon["fabric"],
        vendor=row["vendor"] or None,
        product_id=row["product_id"] or None,
        region=canon["region"],
        segment=canon["segment"],
        note=_join_note(row["note"], date_note, unit_note),
        entity_id=entity_id,
        scope=canon["scope"],
    )


def _event(
    check: _FileCheck, row: dict, sources: set[str], entities: Registry, vocab: Vocabulary, source_kinds: dict[str, str]
) -> Event | None:
    before = len(check.errors)
    entity_id = _entity(check, row, entities)
    # with an entity registry, every event names one of its entities (a registry-less folder: a test fixture)
    if (
        entities.entities
        and not entity_id
        and entities.resolve(row.get("subject"), row.get("product_id"), row.get("vendor"))[0] is None
    ):
        check.fail(
            "entity_id",
            "the event names no registered entity (subject, product_id and vendor match no alias): "
            "give an entity_id (every event has an entity and a milestone)",
        )
    else:  # named only through its vendor: the event would pair with every other event of that vendor
        _keyed_entity(check, row, entities, entity_id)
    # the milestone (explicit, else the category's default) and the event's kind come from the vocabulary
    canon = resolve_row(vocab, row, check, observation=False, source_kind=source_kinds.get(row.get("source_id", "")))
    milestone = canon["milestone"]
    precision = _choice(check, row, "date_precision", DATE_PRECISIONS)
    event_date = _date(check, row, "event_date")
    if not row["event_date"]:
        check.fail("event_date", "required")
    else:
        _first_day_of_precision(check, row, "event_date", event_date, precision)
    _choice(check, row, "category", EVENT_CATEGORIES)
    _required(check, row, "subject", "event")
    fabric = canon["fabric"]
    prov, date_note = _provenance(check, row, sources)
    if len(check.errors) > before:
        return None
    prov = _controlled(prov, canon)
    return Event(
        event_date=event_date,
        date_precision=precision,
        category=row["category"],
        subject=row["subject"],
        title=row["event"],
        prov=prov,
        description=_join_note(row["description"], row.get("note"), date_note),
        fabric=fabric,
        vendor=row["vendor"] or None,
        product_id=row["product_id"] or None,
        entity_id=entity_id,
        milestone=milestone,
        kind=canon["kind"],
    )


def _first_day_of_precision(check: _FileCheck, row: dict, column: str, date, precision: str | None) -> None:
    """An imprecise date is written as the first day of its month/quarter/half/year."""
    if not date or not precision:
        return
    first_ok = {
        "day": True,
        "month": date.day == 1,
        "quarter": date.day == 1 and date.month in (1, 4, 7, 10),
        "half": date.day == 1 and date.month in (1, 7),
        "year": (date.month, date.day) == (1, 1),
    }[precision]
    if not first_ok:
        check.fail(column, f"{row[column]} is not the first day of its {precision}")


def _product_date(check: _FileCheck, row: dict, column: str, precision_column: str):
    """A product date and its precision: as the row gives it (a date written without one is a day); a precision
    without a date is an error."""
    date = _date(check, row, column)
    precision = _choice(check, row, precision_column, DATE_PRECISIONS, required=False)
    if precision and not row.get(column):
        check.fail(precision_column, f"{precision!r} given without {column}")
        return None, None
    _first_day_of_precision(check, row, column, date, precision)
    return date, (precision or "day") if date else None


def _product(
    check: _FileCheck, row: dict, sources: set[str], vocab: Vocabulary, source_kinds: dict[str, str]
) -> Product | None:
    before = len(check.errors)
    if not SLUG_RE.match(row["product_id"] or ""):
        check.fail("product_id", f"bad id {row['product_id']!r} (lowercase slug, e.g. connectx-8)")
    _required(check, row, "vendor", "name", "family")
    _choice(check, row, "kind", PRODUCT_KINDS)
    fabric = _choice(check, row, "fabric", FABRICS, required=False)
    announced, announced_precision = _product_date(check, row, "announced_on", "announced_precision")
    shipping, shipping_precision = _product_date(check, row, "shipping_on", "shipping_precision")
    prov, _ = _provenance(check, row, sources)
    canon = resolve_row(
        vocab,
        {**row, "segment": "", "region": "", "scope": ""},
        check,
        observation=True,
        source_kind=source_kinds.get(row.get("source_id", "")),
    )
    if len(check.errors) > before:
        return None
    prov = _controlled(prov, canon)
    return Product(
        product_id=row["product_id"],
        vendor=row["vendor"],
        name=row["name"],
        family=row["family"],
        kind=row["kind"],
        prov=prov,
        fabric=fabric,
        generation=row["generation"] or None,
        announced_on=announced,
        shipping_on=shipping,
        announced_precision=announced_precision,
        shipping_precision=shipping_precision,
    )


def load_ledger(folder: Path | None = None, extra_files: Sequence[Path] = ()) -> Ledger:
    """Load and validate every ledger file in `folder` (default: sources/curated), plus `extra_files`
    (analyst CSVs from the inbox, any name: their header says what they hold). All or nothing."""
    folder = Path(folder) if folder is not None else DEFAULT_FOLDER
    errors: list[str] = []
    indicator_files = [p for p in (folder / "indicators.csv", folder / "indicators_extra.csv") if p.exists()]
    source_files = [p for p in (folder / "sources.csv", folder / "sources_extra.csv") if p.exists()]
    if not indicator_files:
        errors.append(f"indicators.csv:0: file: missing from {folder.name}/")
    if not source_files:
        errors.append(f"sources.csv:0: file: missing from {folder.name}/")
    catalog = _load_indicators(indicator_files, errors)
    known_sources = _load_sources(source_files, errors)
    entities = load_registry(folder, errors)
    # a ledger folder without its own vocabulary (a test fixture, an analyst's folder) uses the repository's
    vocab_folder = folder / VOCABULARY_FOLDER if (folder / VOCABULARY_FOLDER).is_dir() else vocabulary_folder()
    own_vocabulary = vocab_folder == folder / VOCABULARY_FOLDER
    vocab = load_vocabulary(
        vocab_folder,
        errors,
        indicators=set(catalog) if own_vocabulary else None,
        entities=set(entities.entities) if own_vocabulary else None,
    )
    source_kinds = {k: v.get("kind", "") for k, v in known_sources.items()}
    # rows may also cite a fetched source of the registry (e.g. a claim accepted from a press release)
    source_ids = set(known_sources) | {s.source_id for s in REGISTRY}

    records = Records()
    files: dict[str, int] = {}
    seen: dict[str, str] = {}
    # events and products may carry an optional `note` (e.g. why published_on is unknown)
    # optional columns: an explicit entity, how the date is known, what the evidence is
    kinds = (
        (
            "_observations.csv",
            OBSERVATION_COLUMNS,
            OBSERVATION_OPTIONAL,
            records.observations,
            lambda check, row: _observation(check, row, catalog, source_ids, entities, vocab, source_kinds),
        ),
        (
            "_events.csv",
            EVENT_COLUMNS,
            EVENT_OPTIONAL,
            records.events,
            lambda check, row: _event(check, row, source_ids, entities, vocab, source_kinds),
        ),
        (
            "_products.csv",
            PRODUCT_COLUMNS,
            PRODUCT_OPTIONAL,
            records.products,
            lambda check, row: _product(check, row, source_ids, vocab, source_kinds),
        ),
    )
    extra_by_kind = {suffix: [] for suffix, *_ in kinds}
    for path in map(Path, extra_files):
        try:
            first = path.read_text(encoding="utf-8-sig").split("\n", 1)[0].split(",", 1)[0].strip()
        except UnicodeDecodeError as exc:
            errors.append(f"{path.name}:1: file: not UTF-8: {exc}")
            continue
        suffix = {"indicator": "_observations.csv", "event_date": "_events.csv", "product_id": "_products.csv"}.get(
            first
        )
        if suffix is None:
            errors.append(
                f"{path.name}:1: header: not a ledger file (first column must be indicator, event_date or product_id)"
            )
        else:
            extra_by_kind[suffix].append(path)
    for suffix, columns, optional, bucket, build in kinds:
        for path in sorted(folder.glob(f"*{suffix}")) + extra_by_kind[suffix]:
            check = _FileCheck(path, errors)
            count = 0
            for line, row in _read_rows(path, columns, check, optional=optional):
                record = build(check, row)
                if record is None:
                    continue
                key = record.key()
                where = f"{path.name}:{line}"
                if key in seen:
                    check.fail("row", f"duplicate of {seen[key]} (same record key)")
                    continue
                seen[key] = where
                bucket.append(record)
                count += 1
            files[path.name] = count
    if errors:
        raise LedgerError(errors)
    strip = lambda d: {k: v for k, v in d.items() if not k.startswith("_")}  # noqa: E731
    indicators = [strip(d) | {"unit": d["_units"][0], "compatible_units": d["_units"][1:]} for d in catalog.values()]
    return Ledger(
        records=records,
        indicators=indicators,
        sources=[strip(d) for d in known_sources.values()],
        files=files,
        entities=entities,
        vocabulary=vocab,
    )
