"""Parse a source's stored documents with its registry parser: pure except for reading bodies.

One document's failure does not stop the others; every document gets a status, so a layout
change that makes a page parse to nothing is visible (and fails the asset check) instead of
silently publishing emptiness.
"""

from __future__ import annotations

import datetime as dt
import importlib
import inspect
from dataclasses import dataclass, field
from typing import Callable

from sources.document import Document
from sources.code_versions import family_version
from sources.records import ParseError, Records
from sources.registry import Source

# Manifest keys a parser may take as keyword arguments (e.g. nccl's `system`, `period`; `via`, the carrier
# a recorded copy was taken from, for the citation of TOP500 lists and MLPerf files).
PARSER_HINTS = ("system", "period", "via", "published_on_precision")


@dataclass(frozen=True)
class StoredDocument:
    url: str
    sha256: str
    content_type: str | None = None
    encoding: str | None = None
    title: str | None = None
    published_on: dt.date | None = None
    fetched_at: dt.datetime | None = None
    hints: dict = field(default_factory=dict)  # from the recording's manifest entry


@dataclass(frozen=True)
class DocumentStatus:
    url: str
    sha256: str
    status: str  # ok | empty | error | duplicate (same body already parsed under another address)
    records: int
    error: str | None = None


def parser_module(parser: str):
    return importlib.import_module(f"sources.parsers.{parser}")


def parser_version(parser: str) -> str:
    """The parser family's code version: the hash of its package and of every project module it imports
    (sources/code_versions.py). A change to any code the family runs re-parses its documents; a change
    to code it does not import re-parses nothing."""
    return family_version(parser)


def parse_documents(
    source: Source, documents: list[StoredDocument], read_body: Callable[[str], bytes]
) -> tuple[Records, list[DocumentStatus]]:
    """Run the source's parser over its documents; provenance fields fill the family tables."""
    module = parser_module(source.parser)
    version = parser_version(source.parser)
    accepts = set(inspect.signature(module.parse).parameters)
    records, statuses = Records(), []
    first_url: dict[str, str] = {}
    # A family whose documents are distinct facts even with identical bodies (an MLPerf system file
    # copied unchanged into another round or submitter folder is another submitted system) says so.
    per_address = getattr(module, "RECORD_PER_ADDRESS", False)
    for stored in documents:
        if (
            stored.sha256 in first_url and not per_address
        ):  # one body, one set of records, however many addresses carry it
            statuses.append(
                DocumentStatus(stored.url, stored.sha256, "duplicate", 0, f"same body as {first_url[stored.sha256]}")
            )
            continue
        first_url[stored.sha256] = stored.url
        try:
            body = read_body(stored.sha256)
        except OSError as exc:  # missing or damaged stored body (DocumentDamaged): that document fails
            statuses.append(DocumentStatus(stored.url, stored.sha256, "error", 0, str(exc)))
            continue
        doc = Document(
            source_id=source.source_id,
            url=stored.url,
            body=body,
            content_type=stored.content_type,
            encoding=stored.encoding,
            fetched_at=stored.fetched_at,
            published_on=stored.published_on,
            title=stored.title,
        )
        kwargs = {k: v for k, v in stored.hints.items() if k in PARSER_HINTS and k in accepts and v}
        try:
            parsed = module.parse(doc, **kwargs)
        except ParseError as exc:
            statuses.append(DocumentStatus(stored.url, stored.sha256, "error", 0, str(exc)))
            continue
        for rows in parsed.tables.values():
            for row in rows:
                row.setdefault("source_id", source.source_id)
                row.setdefault("url", stored.url)
                row.setdefault("document_sha", stored.sha256)
                row.setdefault("published_on", stored.published_on)
                row.setdefault("parser_version", version)  # the one parser version: the family's code hash
        n = sum(parsed.counts().values())
        statuses.append(
            DocumentStatus(stored.url, stored.sha256, "ok" if n else "empty", n, "; ".join(parsed.warnings) or None)
        )
        records.extend(parsed)
    return records, statuses
