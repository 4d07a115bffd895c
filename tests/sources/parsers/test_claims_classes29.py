"""The classes of text tune29 (collected as holdout29) showed the parser misreading, each on sentences written
for the test (tests/corpus/README.md, section 29). Values are hand-computed."""

from __future__ import annotations

import datetime as dt

from tests.sources.parsers.claims_sentences import claims

# --- en: a quarter named without its year and reported in the past tense is a result ------------------------------


def test_a_yearless_quarter_reported_in_the_past_tense_is_an_actual():
    # a page of late April: the calendar third quarter has not begun, but the verbs report a result
    # (a fiscal quarter over)
    april = dt.date(2011, 4, 28)
    got = claims("Third quarter revenues declined 13% from a year ago to $80.5 million.", april)
    assert [(c.value, c.unit, c.kind) for c in got] == [(-0.13, "share", "actual"), (80_500_000, "USD", "actual")]
    got = claims("Gross margins for the second quarter were 61%.", dt.date(2011, 5, 20))
    assert [(c.value, c.kind) for c in got] == [(0.61, "actual")]
    # a quarter to come in the future tense stays a forecast
    got = claims("Third quarter revenues will be about $85 million.", april)
    assert [(c.value, c.kind) for c in got] == [(85_000_000, "forecast")]
    # a quarter whose year the sentence writes is not inferred: no change
    got = claims("Revenue in the third quarter of 2011 was expected at $85 million.", april)
    assert [(c.value, c.kind) for c in got] == [(85_000_000, "forecast")]


# --- en: a per-share row of a table written one cell per line, its bracketed decline too --------------------------


def test_a_per_share_row_with_dollar_cells_and_a_bracketed_decline_is_no_claim():
    text = "Metric\nRevenue\n$310.0 million\nGAAP earnings per share\n$1.10\n$1.20\n(8.3%)\n"
    assert [(c.value, c.unit) for c in claims(text)] == [(310_000_000, "USD")]


# --- en: "the fourth quarter of last year" is the year before the page's -------------------------------------------


def test_a_quarter_of_last_year_takes_the_year_before_the_pages():
    got = claims("The maker held a 40% share in the fourth quarter of last year.", dt.date(2025, 12, 19))
    assert [(c.value, c.period, c.kind) for c in got] == [(0.4, "2024Q4", "actual")]
    got = claims("The maker held a 35% share in the second quarter of last year.", dt.date(2024, 3, 5))
    assert [(c.value, c.period, c.kind) for c in got] == [(0.35, "2023Q2", "actual")]


# --- en: "N basis points worse" is a fall of the margin ----------------------------------------------------------


def test_basis_points_worse_is_a_negative_change():
    assert [(c.value, c.unit) for c in claims("Gross margin was 210 basis points worse than a year ago.")] == [
        (-2.1, "pct_points")
    ]
    assert [(c.value, c.unit) for c in claims("Gross margin was 40 basis points better than a year ago.")] == [
        (0.4, "pct_points")
    ]


# --- en: "decreased by $9.2m (11.3%)": the percentage in brackets after a fall in money falls too ---------------------


def test_a_bracketed_percentage_after_a_fall_in_money_is_a_decline():
    got = [(c.value, c.unit) for c in claims("Revenue decreased by $9.2m (11.3%) from the prior quarter.")]
    assert (-0.113, "share") in got
    got = [(c.value, c.unit) for c in claims("Revenue fell $40 million (8%) to $460 million.")]
    assert got == [(40_000_000, "USD"), (-0.08, "share"), (460_000_000, "USD")]
    # a rise keeps its sign
    got = [(c.value, c.unit) for c in claims("Revenue increased by $9.2m (11.3%) from the prior quarter.")]
    assert (0.113, "share") in got
