"""The classes of text tune23 (collected as holdout23) showed the parser missing or misreading, each on
sentences written for the test (tests/corpus/README.md, section 23). Values are hand-computed."""

from __future__ import annotations

import datetime as dt

import pytest

from sources.parsers.claims import extract_claims


def claims(text: str, published: dt.date | None = dt.date(2025, 11, 1)) -> list:
    return extract_claims(text, published)


def figures(text: str, published: dt.date | None = dt.date(2025, 11, 1)) -> list[tuple]:
    return [(c.value, c.unit, c.qualifier) for c in claims(text, published)]


# --- Not claims -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "quote",
    [
        "$371.95 +2.86 (+0.77%)",
        "$22.07 -0.26 (-1.18%)",
        "US$12.40 -0.35 (-2.74%)",
        "1,085.00 +15.00 (+1.40%)",
        "NT$1,085.00 +15.00（+1.40%）",
    ],
)
def test_a_stock_quote_price_change_and_percent_change_is_not_a_claim(quote):
    # A price, its signed change and its signed percent change in parentheses: the share's move that day.
    assert figures(f"Fabrinet Q2 2025 Earnings Report {quote} Closing price 03:59 PM Eastern.") == []


def test_a_growth_figure_beside_a_stock_quote_is_still_read():
    text = "Acme $371.95 +2.86 (+0.77%) Closing price. Acme revenue rose 24% year over year in Q2 2025."
    assert figures(text) == [(0.24, "share", None)]
