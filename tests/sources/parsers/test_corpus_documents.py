"""Corpus hygiene: a real document is listed once (one address, one row), and every label names a listed document."""

from __future__ import annotations

import collections
import csv
from pathlib import Path

import pytest

from tests.sources.parsers import claims_corpus

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
LISTS = sorted(CORPUS.glob("*/documents.csv"))


def test_there_are_document_lists():
    assert {p.parent.name for p in LISTS} >= {"claims_en", "claims_zh", "specs", "uec"}


@pytest.mark.parametrize("listing", LISTS, ids=lambda p: p.parent.name)
def test_each_address_is_listed_once(listing):
    rows = list(csv.DictReader(listing.open(encoding="utf-8")))
    twice = {url: n for url, n in collections.Counter(r["url"] for r in rows).items() if n > 1}
    assert twice == {}


@pytest.mark.parametrize("lang", ("en", "zh"))
def test_claims_labels_and_not_claims_name_listed_documents(lang):
    listed = {d.doc for d in claims_corpus.documents(lang)}
    for name in ("labels.csv", "not_claims.csv"):
        assert {x["doc"] for x in claims_corpus.labels(lang, name)} <= listed, name
