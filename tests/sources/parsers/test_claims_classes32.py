"""The classes of text tune32, tune33 and tune34 (collected as holdout32-34) showed the parser missing, each on
sentences written for the test, with the siblings a text not yet seen may write (tests/corpus/README.md, the round
paragraph after section 34). Values are hand-computed."""

from __future__ import annotations

from tests.sources.parsers.claims_sentences import figures

# --- en: a full stop glued to an acronym that opens the next sentence ---------------------------------------------


def test_a_sentence_glued_to_the_next_by_an_acronym_keeps_the_per_share_growth_out():
    text = (
        "Revenue was $2.0 billion, up 3% organically.GAAP earnings per share were $0.95, up 9% year over year. "
        "Orders were $2.1 billion."
    )
    assert figures(text) == [(2e9, "USD", None), (0.03, "share", None), (2.1e9, "USD", None)]


def test_an_abbreviation_before_an_acronym_stays_one_sentence():
    assert figures("Sales at Acme Inc. NASDAQ-listed rose 4% in 2024.") == [(0.04, "share", None)]
