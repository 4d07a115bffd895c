"""The record types every source produces: one shape from curated ledger rows and parsers alike.

They mirror the warehouse tables `core.observations`, `core.events` and `core.products`
(warehouse/migrations). Parsers and the curated loader build these; `warehouse.load`
writes them. Nothing here knows about DuckDB or Dagster.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field, fields, asdict

KINDS = ("actual", "estimate", "forecast", "vendor_claim", "spec")
CONFIDENCES = ("reported", "derived", "analyst_estimate")
# How a record's `published_on` is known (DESIGN §4): the document's own date, an as-of date it
# states, a TOP500 list's release date, the date an undated page was read, or not at all.
DATE_BASES = ("published", "as_of", "list_release", "retrieved", "undated")
# What `evidence` is: a quote holding the figure, a table cell or locator, or context from which the
# figure was computed (the note says how).
EVIDENCE_KINDS = ("quote", "table", "context")


class ParseError(ValueError):
    """A document did not have the shape its parser expects (layout changed, empty, broken)."""


@dataclass(frozen=True)
class Provenance:
    source_id: str  # id in the source registry / curated sources (e.g. "delloro_press")
    publisher: str  # original publisher (e.g. "Dell'Oro Group")
    title: str  # document title (e.g. "Dell'Oro press release, July 2024")
    url: str | None  # address of the document, when it has one
    published_on: dt.date | None  # when the source said it (the vintage)
    evidence: str  # quote, table cell or locator
    via: str | None = None  # secondary carrier (a seed document, a repost) when not read first-hand
    document_sha: str | None = None  # sha256 of the stored document it was parsed from
    confidence: str = "reported"
    date_basis: str | None = None  # one of DATE_BASES; None = "published" when dated, else "undated"
    evidence_kind: str | None = None  # one of EVIDENCE_KINDS; None = "quote"
    published_precision: str | None = None  # day | month | year: how precisely the source gave published_on
    carrier: str | None = None  # host that carried the document (sources/ledger/vocabulary.py carrier_host)
    source_tier: str | None = None  # original | press | aggregator | unverified (vocabulary/source_tiers.csv)
    tier_reason: str | None = None  # why, in words


@dataclass(frozen=True)
class Observation:
    indicator: str
    subject: str
    period: str  # 2024, 2024Q3, 2024H2, 2024-07, 2024-07-15, 2023-2027 (cumulative range)
    value: float
    unit: str
    kind: str  # one of KINDS
    prov: Provenance
    value_qualifier: str | None = None  # '>', '<', '~', '>=', '<=' when the source hedges
    speed_gbps: float | None = None
    fabric: str | None = None
    vendor: str | None = None
    product_id: str | None = None
    region: str | None = None
    segment: str | None = None
    note: str | None = None
    entity_id: str | None = None  # explicit canonical entity (sources/curated/entities.csv); else resolved at load
    scope: str | None = None  # what a market figure covers (vocabulary/scopes.csv); a key dimension

    def key(self) -> str:
        """Stable id: the same fact from the same source and vintage always gets the same id."""
        parts = [
            self.indicator,
            self.subject,
            self.period,
            self.kind,
            repr(self.value),
            self.unit,
            str(self.speed_gbps),
            str(self.fabric),
            str(self.vendor),
            str(self.product_id),
            str(self.region),
            str(self.segment),
            self.prov.source_id,
            self.prov.url or "",
            str(self.prov.published_on),
            self.prov.evidence,
        ]
        return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:20]


@dataclass(frozen=True)
class Event:
    event_date: dt.date
    date_precision: str  # day | month | quarter | half | year
    category: str  # spec_release | product_announcement | product_shipping | membership | plugfest | compliance | software_release | deployment | company | other
    subject: str  # e.g. "Ultra Ethernet Consortium", "NVIDIA/nccl"
    title: str
    prov: Provenance
    description: str | None = None
    fabric: str | None = None
    vendor: str | None = None
    product_id: str | None = None
    entity_id: str | None = None  # explicit canonical entity; else resolved at load
    milestone: str | None = (
        None  # slug naming the milestone (e.g. uec-1.0-release): same entity + milestone = same event
    )
    kind: str | None = None  # actual (stated as fact), plan or forecast (vocabulary EVENT_KINDS); None = actual

    def key(self) -> str:
        parts = [
            str(self.event_date),
            self.category,
            self.subject,
            self.title,
            self.prov.source_id,
            self.prov.url or "",
            str(self.prov.published_on),
        ]
        return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:20]


@dataclass(frozen=True)
class Product:
    product_id: str  # slug, e.g. "connectx-8", "quantum-x800-q3400", "tomahawk-6"
    vendor: str
    name: str
    family: str  # e.g. "ConnectX", "Quantum", "Spectrum", "Tomahawk", "NVLink"
    kind: str  # nic | switch_asic | switch_system | optics | nvlink_switch | gpu_system | dpu | cable | other
    prov: Provenance
    fabric: str | None = None  # infiniband | ethernet | nvlink | uec | other
    generation: str | None = None
    announced_on: dt.date | None = None
    shipping_on: dt.date | None = None
    # how precisely the source gives each date (day | month | quarter | half | year); an imprecise date is the first
    # day of its period, as an event's is
    announced_precision: str | None = None
    shipping_precision: str | None = None

    def key(self) -> str:
        """One row per product per source document: several sources may describe the same product."""
        parts = [
            self.product_id,
            self.vendor,
            self.name,
            self.kind,
            self.prov.source_id,
            self.prov.url or "",
            str(self.prov.published_on),
            self.prov.evidence,
        ]
        return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:20]


@dataclass
class Records:
    """What one parse or one ledger load yields."""

    observations: list[Observation] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    products: list[Product] = field(default_factory=list)
    # Family-specific tables (e.g. "nccl_results"): table name -> list of plain dict rows.
    tables: dict[str, list[dict]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def extend(self, other: "Records") -> None:
        self.observations.extend(other.observations)
        self.events.extend(other.events)
        self.products.extend(other.products)
        for name, rows in other.tables.items():
            self.tables.setdefault(name, []).extend(rows)
        self.warnings.extend(other.warnings)

    def counts(self) -> dict[str, int]:
        out = {"observations": len(self.observations), "events": len(self.events), "products": len(self.products)}
        out.update({name: len(rows) for name, rows in self.tables.items()})
        return out


def flat(record) -> dict:
    """A record as one flat dict (provenance fields inlined), the shape the warehouse loads."""
    row = {f.name: getattr(record, f.name) for f in fields(record) if f.name != "prov"}
    if "title" in row:  # an Event's own title; `title` in the warehouse is the document's
        row["event"] = row.pop("title")
    row.update(asdict(record.prov))
    row["record_id"] = record.key()
    return row


@dataclass
class ResolvedRecords:
    """Records as the rows the loader stores (warehouse/load.py): observations and events resolved to their
    entity, series key, period basis and evidence flag by sources/ledger/resolve.py, every row stamped with
    its origin. The loader only stores them; it resolves nothing."""

    observations: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    products: list[dict] = field(default_factory=list)
    tables: dict[str, list[dict]] = field(default_factory=dict)  # family tables, as the parser gave them
