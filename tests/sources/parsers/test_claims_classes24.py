"""The classes of text tune24 (collected as holdout24) showed the parser missing or misreading, each on
sentences written for the test (tests/corpus/README.md, section 24). Values are hand-computed."""

from __future__ import annotations

import datetime as dt

import pytest

from sources.parsers.claims import extract_claims
from tests.sources.parsers.claims_sentences import figures


# --- Not claims -------------------------------------------------------------------------------------


def test_growth_figures_chained_after_a_per_share_amount_are_the_per_share_amounts():
    # Both changes ("but", "while") are of the EPS of $0.31; the revenue stays.
    text = (
        "Acme recorded revenue of $1.12 billion in the quarter and EPS of $0.31, a 3% increase from a year ago "
        "but a 4% decrease from the first quarter."
    )
    assert figures(text) == [(1.12e9, "USD", None)]
    text = "Acme reported EPS of $0.52, a 6% rise from a year earlier while a 2% fall from the prior quarter."
    assert figures(text) == []


# --- zh: a broker's table run together one row per line, cells apart by spaces and signs -------------------


def test_a_run_together_table_with_cells_apart_by_spaces_and_signs_is_read_by_column_year():
    text = (
        "財務指標 2021A 2022A 2023E 2024E 2025E 營業收入(百萬元)232 283 202 361 456 "
        "增長率 yoy(%)-0.5 21.9-28.6 78.7 26.3 歸母凈利潤(百萬元)95 100 48 118 160 增長率 yoy(%)20.9 5.3-52.4 146.3 35.9 ROE("
    )
    got = [(c.value, c.unit, c.period, c.kind) for c in extract_claims(text, dt.date(2023, 11, 20))]
    years = ["2021", "2022", "2023", "2024", "2025"]
    kinds = ["actual", "actual", "forecast", "forecast", "forecast"]
    want = []
    for values, unit in (
        ([232e6, 283e6, 202e6, 361e6, 456e6], "CNY"),
        ([-0.005, 0.219, -0.286, 0.787, 0.263], "share"),
        ([95e6, 100e6, 48e6, 118e6, 160e6], "CNY"),
        ([0.209, 0.053, -0.524, 1.463, 0.359], "share"),
    ):
        want += [(v, unit, y, k) for v, y, k in zip(values, years, kinds, strict=True)]
    assert [(round(v, 6), u, p, k) for v, u, p, k in got] == want


# --- en: a pipe table whose money unit is in a header cell or in its caption ---------------------------------


def test_a_pipe_table_reads_its_cells_in_the_unit_of_their_column():
    text = (
        "Acme Research sees IT spending grow in 2025.\n"
        "Category | 2025 Spending (M$) | Growth (%) |\n---|---|---|\n"
        "Data centers | 474,883 | +42.4 |\nDevices | 759,615 | -5.4 |\n"
    )
    got = [(round(c.value, 6), c.unit) for c in extract_claims(text, dt.date(2025, 7, 15))]
    assert got == [(474_883e6, "USD"), (0.424, "share"), (759_615e6, "USD"), (-0.054, "share")]


def test_a_pipe_table_under_a_caption_of_millions_of_dollars():
    text = (
        "(Millions of U.S. Dollars)\n"
        "Segment | 2024 Spending | 2025 Spending | Growth (%) |\n---|---|---|---|\n"
        "Data centers | 333,372 | 474,883 | +42.4 |\n"
    )
    got = [(round(c.value, 6), c.unit) for c in extract_claims(text, dt.date(2025, 7, 15))]
    assert got == [(333_372e6, "USD"), (474_883e6, "USD"), (0.424, "share")]


# --- zh: years of the Republic of China (民國) in a Taiwanese text -----------------------------------------


def test_a_minguo_year_in_a_taiwanese_text_is_its_calendar_year():
    text = "統計處今天發布統計,108年電腦製造業產值達新台幣1895億元,年增率達72.1%。民國89年時達4381億元歷史高峰。"
    got = [(round(c.value, 6), c.unit, c.period) for c in extract_claims(text, dt.date(2020, 3, 15))]
    assert got == [(189_500_000_000, "TWD", "2019"), (0.721, "share", "2019"), (438_100_000_000, "TWD", "2000")]


def test_a_three_digit_count_of_years_is_not_a_minguo_year():
    text = "台積電(2330)成立逾100年來,營收達新台幣2兆元。"
    assert all(c.period != "2011" for c in extract_claims(text, dt.date(2020, 3, 15)))


# --- zh: one change for each of two figures; a bare 亿 a money measure grew to --------------------------------


def test_one_change_stated_for_each_of_two_margins_is_a_claim_for_each():
    text = "2025 年毛利率為19.8%，營業利益率為 7.6%，分別較前一年提高 0.9 個百分點。"
    got = [(round(c.value, 6), c.unit) for c in extract_claims(text, dt.date(2026, 3, 1))]
    assert got == [(0.198, "share"), (0.076, "share"), (0.9, "pct_points"), (0.9, "pct_points")]


def test_a_bare_yi_after_growth_to_is_the_money_measure_grown_to():
    text = "2025年上半年,收入增速进一步扩大,同比增长31.7%至126.80亿。"
    got = [(round(c.value, 6), c.unit) for c in extract_claims(text, dt.date(2025, 9, 1))]
    assert got == [(0.317, "share"), (12_680_000_000, "CNY")]


# --- en: ports, k, small percentages, a fraction before its measure, a decline named before -------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "Acme switch port shipments rose 37.6% to 3.9 million units in the quarter.",
            [(0.376, "share"), (3.9e6, "ports")],
        ),
        ("Almost 500k physical coherent ports have shipped in the last 12 months.", [(500_000, "ports")]),
        ("Switch sales rose every quarter, sometimes by as little as half a percent.", [(0.005, "share")]),
        ("Router sales grew 2.8 percent in 1Q 2012 and .6 percent in 2Q 2012.", [(0.028, "share"), (0.006, "share")]),
        ("Asia is representing the one-third global spending on optical gear.", [(0.333333333333, "share")]),
        (
            "Router sales have been down four of the last eight quarters, once by as much as 7.9 percent.",
            [(-0.079, "share")],
        ),
    ],
)
def test_small_english_classes_of_tune24(text, want):
    assert [(round(v, 12), u) for v, u, _q in figures(text)] == want
