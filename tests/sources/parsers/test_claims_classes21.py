"""The classes of text tune21 (collected as holdout21) showed the parser missing or misreading, each on
sentences written for the test (tests/corpus/README.md, section 21). Values are hand-computed."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.sources.parsers.claims_sentences import claims, figures


# --- Chinese ----------------------------------------------------------------------------------------


def test_lists_after_a_year_range_written_with_a_spaced_dash():
    text = "经营情况 - 2021 - 2025年营业收入分别为1200、1500、1800、2100、2400百万元净利润分别为300、350、420、500、610百万元"
    got = [(c.value, c.unit, c.period) for c in claims(text, dt.date(2024, 5, 1))]
    years = ["2021", "2022", "2023", "2024", "2025"]
    revenue = [1200e6, 1500e6, 1800e6, 2100e6, 2400e6]
    profit = [300e6, 350e6, 420e6, 500e6, 610e6]
    assert got == [(v, "CNY", y) for v, y in zip(revenue + profit, years + years)]


def test_a_forecast_list_in_yi_after_a_spaced_year_range():
    got = [(c.value, c.period, c.kind) for c in claims("预计公司2025 - 2027年归母净利润分别为8.5、10.2、12.8亿元。")]
    assert got == [(850e6, "2025", "forecast"), (1020e6, "2026", "forecast"), (1280e6, "2027", "forecast")]


def test_a_list_of_figures_holds_no_year():
    # 1950 is a figure in millions among others, not the year 1950
    got = [(c.value, c.period) for c in claims("2023 - 2025年营业收入分别为1200、1950、2300百万元。")]
    assert got == [(1200e6, "2023"), (1950e6, "2024"), (2300e6, "2025")]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("净利润5.20亿元同比+30.10%环比 - 12.50%", [(520e6, "CNY"), (0.301, "share"), (-0.125, "share")]),
        ("毛利率45.10%(同比+2.10PCT环比 - 0.80PCT)", [(0.451, "share"), (2.1, "pct_points"), (-0.8, "pct_points")]),
        ("研发费用率6.10%同比 - 1.20PCT销售费用率1.10%", [(0.061, "share"), (-1.2, "pct_points"), (0.011, "share")]),
        ("财务费用率 - 2.05%同比+1.40PCT", [(-0.0205, "share"), (1.4, "pct_points")]),
        ("(收入 5321.10 万元,同比 – 6.20%)", [(53_211_000, "CNY"), (-0.062, "share")]),
    ],
)
def test_changes_with_a_spaced_minus_or_an_en_dash(text, expected):
    assert [(c.value, c.unit) for c in claims(text)] == expected


def test_a_range_spaced_around_its_dash_stays_a_range():
    assert figures("月产能 2000 万 – 4000 万颗") == [(20e6, "units", ">="), (40e6, "units", "<=")]


def test_the_amount_of_the_period_compared_with():
    got = [
        (c.value, c.unit, c.period)
        for c in claims("2025年上半年,公司营业收入达30.10亿元,较上年同期25.00亿元增长20.40%。")
    ]
    assert got == [(3_010e6, "CNY", "2025H1"), (2_500e6, "CNY", "2024H1"), (0.204, "share", "2025H1")]


@pytest.mark.parametrize(
    "text, value",
    [
        ("明年手機市場恐面臨負成長3.5%", -0.035),
        ("今年营收预计负增长4%", -0.04),
        ("十月營收月減 21.3%", -0.213),
        ("十月營收月增 8.2%", 0.082),
    ],
)
def test_negative_growth_and_month_over_month_changes(text, value):
    assert [c.value for c in claims(text)] == [value]


def test_per_share_rows_of_a_table_one_cell_per_line_are_not_claims():
    text = "项目\n2025上半年\n上年同期\n营业收入(亿元)\n30.10\n25.00\n20.40%\n基本每股收益(元)\n0.60\n0.40\n50.00%"
    # (bare cells carry no unit; the revenue row's growth stays, the per-share row's does not)
    assert [c.value for c in claims(text)] == [0.204]


def test_returns_on_equity_are_not_market_claims():
    text = "毛利率分别为40.1%、42.3%,净资产收益率分别为12.5%、14.8%。加权平均净资产收益率为6.20%,较上年同期4.10%增加2.10个百分点。"
    assert [c.value for c in claims(text)] == [0.401, 0.423]


def test_preliminary_results_of_a_period_that_is_over_are_estimates():
    text = "7月10日,某公司发布2025年半年度业绩预告,2025年上半年净利润预计在5亿元到6亿元之间,同比增长40%到60%。"
    got = [(c.value, c.period, c.kind) for c in claims(text, dt.date(2025, 7, 12))]
    assert got == [
        (500e6, "2025H1", "estimate"),
        (600e6, "2025H1", "estimate"),
        (0.4, "2025H1", "estimate"),
        (0.6, "2025H1", "estimate"),
    ]
    # without a preliminary announcement, what is expected of a half not over stays a forecast
    later = [c.kind for c in claims("公司预计2025年下半年净利润在5亿元到6亿元之间。", dt.date(2025, 7, 12))]
    assert set(later) == {"forecast"}


# --- English ----------------------------------------------------------------------------------------


def test_table_cells_run_together_with_their_label():
    assert figures("Gross margin58.2%60.1%-190bps") == [
        (0.582, "share", None),
        (0.601, "share", None),
        (-1.9, "pct_points", None),
    ]
    got = [
        (c.value, c.qualifier, c.period)
        for c in claims("Non-GAAP Gross MarginQ2 FY202658-59%58.6%", dt.date(2026, 3, 1))
    ]
    assert got[:3] == [(0.58, ">=", "FY2026Q2"), (0.59, "<=", "FY2026Q2"), (0.586, None, "FY2026Q2")]


def test_money_in_words():
    assert figures("Its sales came in above two billion dollars for the first time.") == [(2_000_000_000, "USD", ">")]
    assert figures("It paid two thousand dollars.") == []


def test_one_figure_for_two_years_is_two_claims():
    got = [
        (c.value, c.period)
        for c in claims("Sales grew by just 4% in both 2016 and 2015, the firm said.", dt.date(2017, 3, 1))
    ]
    assert got == [(0.04, "2016"), (0.04, "2015")]


def test_less_than_half():
    assert figures("Ethernet took 60% of the market, up from less than half in the same period last year.")[-1] == (
        0.5,
        "share",
        "<",
    )


def test_a_prior_guidance_range_is_a_forecast():
    text = "Acme printed $3.10B in Q2, beating its own $2.90–3.00B guide."
    got = [(c.value, c.kind) for c in claims(text, dt.date(2025, 8, 1))]
    assert got == [(3.1e9, "actual"), (2.9e9, "forecast"), (3.0e9, "forecast")]
    table = "MetricPeriodPrior guideActual\nRevenueQ2 FY2025$2.9-$3.0 billion$3.10 billion"
    got = [(c.value, c.kind) for c in claims(table, dt.date(2025, 8, 1))]
    assert got == [(2.9e9, "forecast"), (3.0e9, "forecast"), (3.1e9, "actual")]
