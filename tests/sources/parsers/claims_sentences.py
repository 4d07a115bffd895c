"""One home for the helpers of the claims class tests (test_claims_classes20.py onwards): the claims and the
(value, unit, qualifier) figures the parser gives for a sentence written for a test."""

from __future__ import annotations

import datetime as dt

from sources.parsers.claims import extract_claims

PUBLISHED = dt.date(2025, 11, 1)


def claims(text: str, published: dt.date | None = PUBLISHED) -> list:
    return extract_claims(text, published)


def figures(text: str, published: dt.date | None = PUBLISHED) -> list[tuple]:
    return [(c.value, c.unit, c.qualifier) for c in claims(text, published)]
