"""Every unit a claim can carry is a ledger unit (sources/ledger/format.py UNITS): the currencies have one home,
the ledger's CURRENCY_UNITS, which the claims parser's mentions take; the units people read in the real press
texts of tests/corpus/claims_* and the units the parser yields there are all known to the ledger."""

from __future__ import annotations

import datetime as dt

import pytest

from sources.ledger.format import CURRENCY_UNITS, UNITS
from sources.parsers import claims
from sources.parsers.claims import extract_claims
from sources.parsers.common import mentions
from tests.sources.parsers.claims_corpus import documents, labels

P = dt.date(2025, 2, 10)


def test_the_claims_parser_takes_its_currencies_from_the_ledger():
    assert mentions.MONEY_UNITS is CURRENCY_UNITS
    assert set(CURRENCY_UNITS) <= set(UNITS)


@pytest.mark.parametrize(
    "sentence, value, unit",
    [
        ("Revenue was HK$1.2 billion in 2024.", 1.2e9, "HKD"),
        ("Revenue was S$500 million in 2024.", 500e6, "SGD"),
        ("Revenue was A$2 billion in 2024.", 2e9, "AUD"),
        ("Revenue was C$3 billion in 2024.", 3e9, "CAD"),
        ("Revenue was 2 billion yen in 2024.", 2e9, "JPY"),
        ("Revenue was 435 million euros in 2024.", 435e6, "EUR"),
        ("Revenue was RMB 12 billion in 2024.", 12e9, "CNY"),
        ("Revenue was NT$ 1.5 billion in 2024.", 1.5e9, "TWD"),
        ("2024年營收為12.5亿港元。", 1.25e9, "HKD"),  # 亿 = 1e8
        ("2024年營收為50億日圓。", 5e9, "JPY"),
    ],
)
def test_each_currency_a_text_writes_is_a_ledger_unit(sentence, value, unit):
    assert [(c.value, c.unit) for c in extract_claims(sentence, P)] == [(value, unit)]
    assert unit in UNITS


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_units_read_in_the_real_corpora_and_parsed_from_them_are_ledger_units(lang):
    read = {row["unit"] for row in labels(lang)}  # labelled by reading the documents (CNY, TWD, EUR among them)
    parsed = {r["unit"] for d in documents(lang) for r in claims.parse(d.document()).tables["claims"]}
    assert read and parsed
    assert read - set(UNITS) == set() and parsed - set(UNITS) == set()
