"""The curated ledger's format: files, columns and vocabularies (see sources/curated/README.md)."""

from __future__ import annotations

import re
from pathlib import Path

from sources.cadence import Cadence
from sources.fabrics import LEDGER

DEFAULT_FOLDER = Path(__file__).parents[1] / "curated"

# Money: USD, or the currency the source wrote (a claim keeps it). The one home of the currencies, which the claims
# parser's mentions (sources/parsers/common/mentions.py, MONEY_UNITS) take from here, so every currency a press
# text's figure can carry is a ledger unit.
CURRENCY_UNITS = ("USD", "CNY", "TWD", "HKD", "SGD", "AUD", "CAD", "JPY", "EUR")
UNITS = (
    *CURRENCY_UNITS,
    "units",
    "share",
    "Gbps",
    "GBps",
    "Tbps",
    "TBps",
    "ns",
    "us",
    "ms",
    "W",
    "kW",
    "ports",
    "lanes",
    "count",
    "GB",
    "TB",
    "TFLOPS",
    "gpus",
    "pct_points",
    "ratio",
    "USD_per_Gbps",
    "years",
)
# Units whose values may be below zero (changes: growth ratios, point and year differences, as the
# public-facts ledger has them); every other unit is a count, size, rate or price.
SIGNED_UNITS = ("pct_points", "ratio", "years")
FABRICS = LEDGER  # what a ledger row may name (sources/fabrics.py: one fabric vocabulary)
QUALIFIERS = (">", "<", "~", ">=", "<=")
CADENCES = tuple(c.value for c in Cadence)  # sources/cadence.py
INDICATOR_CATEGORIES = (
    "market",
    "shipments",
    "optics",
    "prices",
    "share",
    "top500",
    "benchmark",
    "cloud",
    "uec",
    "spec",
    "software",
    "model",
)
DATE_PRECISIONS = ("day", "month", "quarter", "half", "year")
EVENT_CATEGORIES = (
    "spec_release",
    "product_announcement",
    "product_shipping",
    "membership",
    "plugfest",
    "compliance",
    "software_release",
    "deployment",
    "company",
    "other",
)
PRODUCT_KINDS = (
    "nic",
    "switch_asic",
    "switch_system",
    "optics",
    "nvlink_switch",
    "gpu_system",
    "dpu",
    "cable",
    "other",
)

PROVENANCE_COLUMNS = ("source_id", "publisher", "doc_title", "url", "via", "published_on", "evidence", "confidence")
OBSERVATION_COLUMNS = (
    "indicator",
    "subject",
    "period",
    "value",
    "value_qualifier",
    "unit",
    "kind",
    "speed_gbps",
    "fabric",
    "vendor",
    "product_id",
    "region",
    "segment",
    "note",
) + PROVENANCE_COLUMNS
EVENT_COLUMNS = (
    "event_date",
    "date_precision",
    "category",
    "subject",
    "event",
    "description",
    "fabric",
    "vendor",
    "product_id",
) + PROVENANCE_COLUMNS
PRODUCT_COLUMNS = (
    "product_id",
    "vendor",
    "name",
    "family",
    "kind",
    "fabric",
    "generation",
    "announced_on",
    "shipping_on",
) + PROVENANCE_COLUMNS
# Optional columns: an explicit canonical entity (entities.csv), how published_on is known
# (records.DATE_BASES; derived when empty), what the evidence is (records.EVIDENCE_KINDS; quote when
# empty); events also name their milestone so two sources' dates for one milestone meet, and their kind
# (actual, plan, forecast: sources/ledger/vocabulary.py EVENT_KINDS); observations may name their scope
# (sources/curated/vocabulary/scopes.csv).
OBSERVATION_OPTIONAL = ("entity_id", "date_basis", "evidence_kind", "scope")
EVENT_OPTIONAL = ("note", "entity_id", "milestone", "date_basis", "evidence_kind", "kind")
# products may say how precisely the source gives each date (DATE_PRECISIONS; a date without one is a day)
PRODUCT_OPTIONAL = ("note", "announced_precision", "shipping_precision")
INDICATOR_COLUMNS = ("indicator", "name", "unit", "category", "cadence", "description", "fed_by")
SOURCE_COLUMNS = ("source_id", "publisher", "kind", "homepage", "licence_note")  # optional extra: title, note

# A missing published_on must be explained in the row's note with one of these words.
UNDATED_NOTE_RE = re.compile(r"undated|unknown|not stated|not given|no date|\bdate\b", re.IGNORECASE)
INDICATOR_ID_RE = re.compile(r"^[a-z][A-Za-z0-9_]*$")  # nvlink_bandwidth_GBps keeps its unit's case
SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")
# A dated row whose note says the date is the document's own as-of date (e.g. seed 003's 以下資訊截至2025年6月).
AS_OF_NOTE_RE = re.compile(r"as-of date|as of date|資訊截至", re.IGNORECASE)
ISO_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


# Conversions from a compatible unit to the indicator's canonical (first-listed) unit.
UNIT_FACTORS = {
    ("TBps", "GBps"): 1000.0,
    ("GBps", "TBps"): 0.001,
    ("Tbps", "Gbps"): 1000.0,
    ("Gbps", "Tbps"): 0.001,
    ("TB", "GB"): 1000.0,
    ("GB", "TB"): 0.001,
    ("us", "ns"): 1000.0,
    ("ns", "us"): 0.001,
    ("ms", "us"): 1000.0,
    ("ms", "ns"): 1e6,
    ("kW", "W"): 1000.0,
    ("W", "kW"): 0.001,
    ("ports", "units"): 1.0,
    ("units", "ports"): 1.0,
    ("share", "ratio"): 1.0,
    ("ratio", "share"): 1.0,
}
