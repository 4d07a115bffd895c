"""The classes of text tune23 (collected as holdout23) showed the parser missing or misreading, each on
sentences written for the test (tests/corpus/README.md, section 23). Values are hand-computed."""

from __future__ import annotations


import pytest

from tests.sources.parsers.claims_sentences import claims, figures


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


# --- English: a decline with a qualifier between the verb and the figure ---------------------------


@pytest.mark.parametrize(
    ("text", "value", "qualifier"),
    [
        ("Revenue declined by more than 13% year over year.", -0.13, ">"),
        ("Sales were all down by more than 20% year over year.", -0.2, ">"),
        ("Shipments are off by around 25% from the record levels.", -0.25, "~"),
        ("Orders were off by about 10% from a year earlier.", -0.1, "~"),
        ("Revenue decreased by nearly 8% year over year.", -0.08, "~"),
        ("Revenue dropped by less than 3% year over year.", -0.03, "<"),
        ("Revenue grew by more than 13% year over year.", 0.13, ">"),
    ],
)
def test_a_decline_by_a_qualified_figure_is_negative(text, value, qualifier):
    assert figures(text) == [(value, "share", qualifier)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The year-over-year decline narrowed to 7% in Q3 2025.", -0.07),
        ("The sales decline deepened to 12% in Q3 2025.", -0.12),
        ("Revenue growth slowed to 7% in Q3 2025.", 0.07),
    ],
)
def test_a_change_that_narrowed_or_widened_to_a_figure_is_still_the_change(text, value):
    assert [(c.value, c.unit) for c in claims(text)] == [(value, "share")]


def test_a_level_reached_after_a_decline_word_is_still_a_level():
    assert figures("Gross margin declined to 40% in 2024.") == [(0.4, "share", None)]


# --- Chinese: a list after 分别是: / 分別為： with the unit written once ------------------------------


@pytest.mark.parametrize(
    ("text", "values", "unit"),
    [
        ("2019-2025年营收分别是:2.59、3.25、5.41、23.70亿元。", [2.59e8, 3.25e8, 5.41e8, 23.70e8], "CNY"),
        ("近三年營收分別為：1.2、1.5、2.06億元。", [1.2e8, 1.5e8, 2.06e8], "TWD"),
        ("三季毛利率分别为：40.1、42.3、43.5%。", [0.401, 0.423, 0.435], "share"),
    ],
)
def test_every_item_of_a_respectively_list_after_a_colon(text, values, unit):
    got = [(c.value, c.unit) for c in claims(text)]
    assert got == [(pytest.approx(v), unit) for v in values]


# --- Signed basis points, 个点, 微跌 and its siblings, the verb 亏 ----------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "Margins hit 27.5% (+560bp year-over-year, +190bp sequential).",
            [(0.275, "share"), (5.6, "pct_points"), (1.9, "pct_points")],
        ),
        ("Gross margin was 40%, down 30bp year over year.", [(0.4, "share"), (-0.3, "pct_points")]),
    ],
)
def test_basis_points_written_bp(text, values):
    assert [(c.value, c.unit) for c in claims(text)] == values


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("上半年毛利率同比提升6.05个点。", 6.05),
        ("毛利率年減1.2個點。", -1.2),
        ("毛利率环比下降0.8个点。", -0.8),
    ],
)
def test_ge_dian_after_a_change_word_is_percentage_points(text, value):
    assert [(c.value, c.unit) for c in claims(text)] == [(value, "pct_points")]


def test_index_points_without_a_change_word_are_not_percentage_points():
    assert all(c.unit != "pct_points" for c in claims("指數收在100個點。"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("公司营收同比微跌4.56%。", -0.0456),
        ("营收同比小跌3.2%。", -0.032),
        ("營收年增率略跌1.5%。", -0.015),
        ("营收同比微降2.1%。", -0.021),
    ],
)
def test_a_slight_fall_is_a_decline(text, value):
    assert [(c.value, c.unit) for c in claims(text)] == [(value, "share")]


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("二季度单季只亏800万元。", -8e6, "CNY"),
        ("上季虧了3億元。", -3e8, "TWD"),
    ],
)
def test_the_verb_kui_before_an_amount_is_a_loss(text, value, unit):
    assert [(c.value, c.unit) for c in claims(text)] == [(value, unit)]


def test_the_noun_kuisun_keeps_the_amount_as_written():
    assert [(c.value, c.unit) for c in claims("GAAP净亏损为6090万美元。")] == [(6.09e7, "USD")]


# --- English: growth figures "respectively" after an amount and a per-share amount -------------------


@pytest.mark.parametrize(
    "text",
    [
        "For the full year 2025, the company delivered revenue of $12.4 billion and adjusted EPS of $6.05, "
        "representing growth of 28% and 56%, respectively.",
        "Adjusted EPS of $6.05 and revenue of $12.4 billion grew 56% and 28%, respectively, in 2025.",
    ],
)
def test_respective_growths_go_with_their_amounts(text):
    # The 28 % is the revenue's growth, the 56 % the per-share amount's (not a market claim).
    assert [(c.value, c.unit) for c in claims(text)] == [(12.4e9, "USD"), (0.28, "share")]


def test_respective_growths_of_two_amounts_are_both_kept():
    text = (
        "For the full year 2025, the company delivered revenue of $12.4 billion and operating income of "
        "$1.1 billion, representing growth of 28% and 56%, respectively."
    )
    assert [(c.value, c.unit) for c in claims(text)] == [
        (12.4e9, "USD"),
        (1.1e9, "USD"),
        (0.28, "share"),
        (0.56, "share"),
    ]


# --- Chinese: bare 億元 in a Traditional-script text that writes its money in 億美元 ------------------


def test_bare_yi_yuan_in_a_text_written_in_us_dollars_is_us_dollars():
    text = "預估2003年產值將達32.59億美元，較2002年的30.92億元成長5.4%。2002年上半產值為15.24億美元。"
    money = [(c.value, c.unit) for c in claims(text) if c.unit != "share"]
    assert money == [(32.59e8, "USD"), (30.92e8, "USD"), (15.24e8, "USD")]


@pytest.mark.parametrize(
    "text",
    [
        # Simplified script: a bare 亿元 stays renminbi beside market sizes in 亿美元.
        "全球市场规模达120亿美元，公司营收38.33亿元。",
        # A Taiwanese listing (a stock code): bare 億元 stay New Taiwan dollars.
        "全球市場規模達120億美元，聯亞(3081)營收38.33億元。",
    ],
)
def test_bare_yi_yuan_keeps_its_own_currency_otherwise(text):
    units = {c.unit for c in claims(text) if c.value == 38.33e8}
    assert units and "USD" not in units


# --- English: a results text in US GAAP terms written without any currency -------------------------


def test_bare_billions_of_revenue_in_a_gaap_text_without_a_currency_are_us_dollars():
    text = (
        "Arista Networks achieved record revenue of 1.93 billion, up 25.3% year-over-year.\n"
        "Non-GAAP operating margin for Q4 was 47%."
    )
    assert [(c.value, c.unit) for c in claims(text) if c.unit == "USD"] == [(1.93e9, "USD")]


def test_bare_billions_stay_unread_in_a_text_without_gaap_or_currency():
    text = "The company achieved record revenue of 1.93 billion, up 25.3% year-over-year."
    assert [c.unit for c in claims(text) if c.unit not in ("share", "pct_points")] == []


def test_bare_billions_stay_unread_when_the_text_names_another_currency():
    text = "Revenue was 1.93 billion, up 25.3% year-over-year.\nNon-GAAP margin was 47%; the dividend is 0.50 euros."
    assert [c.unit for c in claims(text) if c.unit == "USD"] == []


# --- Chinese: a rate before 的…增速 names its own measure ----------------------------------------------


def test_a_rate_before_its_own_measure_is_not_the_eps_growth_before_it():
    text = "仕佳光子以727.84%的EPS增速紧随其后,与727.74%的净利润增速形成呼应。"
    assert [(c.value, c.unit) for c in claims(text)] == [(7.2774, "share")]


def test_a_rate_before_eps_growth_is_still_per_share():
    assert claims("公司以120.5%的每股收益增速领先。") == []


# --- English: "near double-digit" growth -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Analysts anticipate a near double-digit compound annual growth rate (CAGR) between 2021 and 2026.",
        "Revenue posted nearly double-digit growth in 2024.",
        "The market is growing at close to double-digit growth rates in 2024.",
    ],
)
def test_near_double_digit_growth_is_about_ten_percent(text):
    assert figures(text) == [(0.1, "share", "~")]


def test_plain_double_digit_growth_is_at_least_ten_percent():
    # Not read until the round made from tune26/tune27, whose labels read "double-digit"/"triple-digit" growth as
    # at least 10 %/100 % (as tune25's did "兩位數/三位數百分比"; corpus README, section 27).
    assert figures("Sales should see double-digit growth in 2026.") == [(0.1, "share", ">=")]
