"""The curated analyst ledger: CSV facts in `sources/curated/`, validated, turned into records.

Format (one fact a row, provenance on every row) is described in `sources/curated/README.md`.
`load_ledger()` is all-or-nothing over the whole folder: every file is checked, every problem is
collected with its file, line and field, and one `LedgerError` lists them all; no record is
returned unless every row of every file is valid. Pure: reads CSV files, nothing else.
"""

from __future__ import annotations

import csv
import datetime as dt
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from sources.curated_format import (
    CADENCES, DATE_PRECISIONS, DEFAULT_FOLDER, EVENT_CATEGORIES, EVENT_COLUMNS, FABRICS, INDICATOR_CATEGORIES,
    INDICATOR_COLUMNS, OBSERVATION_COLUMNS, PRODUCT_COLUMNS, PRODUCT_KINDS, QUALIFIERS, SIGNED_UNITS, SOURCE_COLUMNS, UNIT_FACTORS,
    UNITS, INDICATOR_ID_RE, ISO_DATE_RE, SLUG_RE, UNDATED_NOTE_RE)
from sources.periods import period_bounds  # re-exported: the ledger's period rules are the warehouse's
from sources.registry import REGISTRY
from sources.spreadsheet import looks_like_formula
from sources.records import CONFIDENCES, KINDS, Event, Observation, Product, Provenance, Records


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


def parse_date(text: str) -> dt.date:
    """A strict ISO date (YYYY-MM-DD)."""
    if not ISO_DATE_RE.match(text):
        raise ValueError(f"bad date {text!r} (want YYYY-MM-DD)")
    try:
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise ValueError(f"bad date {text!r}: {exc}") from None


class _FileCheck:
    """Errors for one file, each tagged with file name, line and field."""

    def __init__(self, path: Path, errors: list[str]):
        self.name = path.name
        self.errors = errors
        self.line = 1

    def fail(self, column: str, message: str) -> None:
        self.errors.append(f"{self.name}:{self.line}: {column}: {message}")


def _read_rows(path: Path, columns: tuple[str, ...], check: _FileCheck, optional: tuple[str, ...] = ()):
    """Yield (line number, row dict) for data rows; '#' lines are comments. Header problems are errors."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # -sig: tolerate the BOM spreadsheets write
    except UnicodeDecodeError as exc:
        check.fail("file", f"not UTF-8: {exc}")
        return
    reader = csv.reader(text.splitlines(keepends=True))
    header, start = None, 1
    try:
        for cells in reader:
            check.line, start = start, reader.line_num + 1  # a quoted field may span lines
            if not any(c.strip() for c in cells) or cells[0].startswith("#"):
                continue
            if header is None:
                header = [c.strip() for c in cells]
                missing = [c for c in columns if c not in header]
                unknown = [c for c in header if c not in columns and c not in optional]
                if missing:
                    check.fail("header", f"missing column(s) {', '.join(missing)}")
                if unknown:
                    check.fail("header", f"unknown column(s) {', '.join(unknown)}")
                if missing:
                    return
            elif len(cells) != len(header):
                check.fail("row", f"{len(cells)} cells, header has {len(header)}")
            else:
                row = {k: v.strip() for k, v in zip(header, cells)}
                for column, value in row.items():
                    if looks_like_formula(value):
                        check.fail(column, f"{value[:40]!r} looks like a spreadsheet formula (CSV injection); "
                                           "not accepted: write the value itself")
                yield check.line, row
    except csv.Error as exc:
        check.fail("row", f"CSV error: {exc}")
    if header is None:
        check.line = 1
        check.fail("header", "empty file (no header row)")


def _number(check: _FileCheck, row: dict, column: str, required: bool) -> float | None:
    text = row.get(column, "")
    if not text:
        if required:
            check.fail(column, "required")
        return None
    try:
        value = float(text.replace("_", ""))
    except ValueError:
        check.fail(column, f"not a number: {text!r}")
        return None
    if not math.isfinite(value):
        check.fail(column, f"not a finite number: {text!r}")
        return None
    return value


def _choice(check: _FileCheck, row: dict, column: str, allowed, required: bool = True) -> str | None:
    text = row.get(column, "")
    if not text:
        if required:
            check.fail(column, "required")
        return None
    if text not in allowed:
        check.fail(column, f"{text!r} not one of {', '.join(allowed)}")
        return None
    return text


def _required(check: _FileCheck, row: dict, *columns: str) -> None:
    for column in columns:
        if not row.get(column):
            check.fail(column, "required")


def _date(check: _FileCheck, row: dict, column: str) -> dt.date | None:
    text = row.get(column, "")
    if not text:
        return None
    try:
        return parse_date(text)
    except ValueError as exc:
        check.fail(column, str(exc))
        return None


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
    prov = Provenance(source_id=source_id, publisher=row.get("publisher", ""), title=row.get("doc_title", ""),
                      url=url, published_on=published_on, evidence=row.get("evidence", ""), via=via,
                      confidence=confidence or "reported")
    return prov, date_note


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
                    check.fail("source_id", f"duplicate id {ident!r} with another publisher "
                                            f"(first in {known[ident]['_where']})")
                continue
            if row.get("homepage") and not re.match(r"^https?://\S+$", row["homepage"]):
                check.fail("homepage", f"not an http(s) address: {row['homepage']!r}")
            known[ident] = {"title": "", "note": ""} | row | {"_where": f"{path.name}:{line}"}
    return known


def _observation(check: _FileCheck, row: dict, catalog: dict[str, dict], sources: set[str]) -> Observation | None:
    before = len(check.errors)
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
    fabric = _choice(check, row, "fabric", FABRICS, required=False)
    prov, date_note = _provenance(check, row, sources)
    if len(check.errors) > before:
        return None
    canonical = spec["_units"][0]
    unit_note = None
    if unit != canonical:  # store every indicator in one unit; keep what the source wrote in the note
        if (unit, canonical) not in UNIT_FACTORS:
            check.fail("unit", f"no conversion from {unit!r} to {canonical!r} (add it to UNIT_FACTORS)")
            return None
        unit_note = f"source figure {row['value']} {unit}"
        value, unit = value * UNIT_FACTORS[(unit, canonical)], canonical
    return Observation(indicator=indicator, subject=row["subject"], period=period, value=value, unit=unit,
                       kind=kind, prov=prov, value_qualifier=row["value_qualifier"] or None, speed_gbps=speed,
                       fabric=fabric, vendor=row["vendor"] or None, product_id=row["product_id"] or None,
                       region=row["region"] or None, segment=row["segment"] or None,
                       note=_join_note(row["note"], date_note, unit_note))


def _event(check: _FileCheck, row: dict, sources: set[str]) -> Event | None:
    before = len(check.errors)
    precision = _choice(check, row, "date_precision", DATE_PRECISIONS)
    event_date = _date(check, row, "event_date")
    if not row["event_date"]:
        check.fail("event_date", "required")
    elif event_date and precision:
        # an imprecise date is written as the first day of its month/quarter/half/year
        first_ok = {"day": True, "month": event_date.day == 1,
                    "quarter": event_date.day == 1 and event_date.month in (1, 4, 7, 10),
                    "half": event_date.day == 1 and event_date.month in (1, 7),
                    "year": (event_date.month, event_date.day) == (1, 1)}[precision]
        if not first_ok:
            check.fail("event_date", f"{row['event_date']} is not the first day of its {precision}")
    _choice(check, row, "category", EVENT_CATEGORIES)
    _required(check, row, "subject", "event")
    fabric = _choice(check, row, "fabric", FABRICS, required=False)
    prov, date_note = _provenance(check, row, sources)
    if len(check.errors) > before:
        return None
    return Event(event_date=event_date, date_precision=precision, category=row["category"], subject=row["subject"],
                 title=row["event"], prov=prov,
                 description=_join_note(row["description"], row.get("note"), date_note),
                 fabric=fabric, vendor=row["vendor"] or None, product_id=row["product_id"] or None)


def _product(check: _FileCheck, row: dict, sources: set[str]) -> Product | None:
    before = len(check.errors)
    if not SLUG_RE.match(row["product_id"] or ""):
        check.fail("product_id", f"bad id {row['product_id']!r} (lowercase slug, e.g. connectx-8)")
    _required(check, row, "vendor", "name", "family")
    _choice(check, row, "kind", PRODUCT_KINDS)
    fabric = _choice(check, row, "fabric", FABRICS, required=False)
    announced = _date(check, row, "announced_on")
    shipping = _date(check, row, "shipping_on")
    prov, _ = _provenance(check, row, sources)
    if len(check.errors) > before:
        return None
    return Product(product_id=row["product_id"], vendor=row["vendor"], name=row["name"], family=row["family"],
                   kind=row["kind"], prov=prov, fabric=fabric, generation=row["generation"] or None,
                   announced_on=announced, shipping_on=shipping)


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
    # rows may also cite a fetched source of the registry (e.g. a claim accepted from a press release)
    source_ids = set(known_sources) | {s.source_id for s in REGISTRY}

    records = Records()
    files: dict[str, int] = {}
    seen: dict[str, str] = {}
    # events and products may carry an optional `note` (e.g. why published_on is unknown)
    kinds = (("_observations.csv", OBSERVATION_COLUMNS, (), records.observations,
              lambda check, row: _observation(check, row, catalog, source_ids)),
             ("_events.csv", EVENT_COLUMNS, ("note",), records.events,
              lambda check, row: _event(check, row, source_ids)),
             ("_products.csv", PRODUCT_COLUMNS, ("note",), records.products,
              lambda check, row: _product(check, row, source_ids)))
    extra_by_kind = {suffix: [] for suffix, *_ in kinds}
    for path in map(Path, extra_files):
        try:
            first = path.read_text(encoding="utf-8-sig").split("\n", 1)[0].split(",", 1)[0].strip()
        except UnicodeDecodeError as exc:
            errors.append(f"{path.name}:1: file: not UTF-8: {exc}")
            continue
        suffix = {"indicator": "_observations.csv", "event_date": "_events.csv", "product_id": "_products.csv"}.get(first)
        if suffix is None:
            errors.append(f"{path.name}:1: header: not a ledger file (first column must be indicator, event_date or product_id)")
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
    return Ledger(records=records, indicators=indicators, sources=[strip(d) for d in known_sources.values()],
                  files=files)
