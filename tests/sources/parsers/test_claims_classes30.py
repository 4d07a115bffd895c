"""The classes of text tune30 (collected as holdout30) showed the parser misreading, each on sentences written
for the test (tests/corpus/README.md, section 30). Values are hand-computed."""

from __future__ import annotations

from tests.sources.parsers.claims_sentences import claims

# --- en/zh: a unit price's change (an average selling price, rents) is no market's or company's figure ------------


def test_a_change_of_an_average_selling_price_is_no_claim():
    assert claims("本季平均銷售單價較上季增長4.5%。") == []
    assert claims("平均售价同比下降7%。") == []
    assert claims("The average selling price rose 6% from a year ago.") == []


def test_a_change_of_rents_is_no_claim():
    assert claims("The landlord reported a 9.5% increase in cash-basis renewal leases.") == []
    assert claims("Rental rates rose 4% on renewals.") == []


def test_a_result_beside_a_unit_price_stays_read():
    assert [(c.value, c.unit) for c in claims("營收年增12%，平均銷售單價持平。")] == [(0.12, "share")]
    assert [(c.value, c.unit) for c in claims("Revenue rose 7% while the average selling price was flat.")] == [
        (0.07, "share")
    ]


# --- en: "shrink to between 30% and 32%": the range reached is a level, not a fall ----------------------------------


def test_a_range_reached_after_a_fall_word_is_a_level():
    got = claims("Gross margin is expected to shrink to between 30% and 32% next quarter, from 41% now.")
    assert [(c.value, c.unit, c.qualifier) for c in got][:2] == [(0.3, "share", ">="), (0.32, "share", "<=")]
    # a fall by a range (no "to") stays a fall
    got = claims("Sales are expected to decline between 5% and 7%.")
    assert sorted(c.value for c in got) == [-0.07, -0.05]


def test_a_price_rise_to_come_and_a_renewal_rate_stay_read():
    # an outlook of prices is a market's figure; a software renewal rate is no price
    assert [(c.value, c.kind) for c in claims("新平台將推升產品平均售價約15%。")] == [(0.15, "forecast")]
    got = claims("Software revenue grew with 112% renewal rates (121% in large accounts).")
    assert sorted(c.value for c in got) == [1.12, 1.21]


# --- en: a stock move joined to its cause ("after", "but", "why"): the cause's figures are results ---------------


def test_the_results_a_stock_move_followed_stay_read():
    text = (
        "Shares of the maker fell about 7 per cent in late trading after it reported revenue up 40 per cent to "
        "$120 million but said gross margin would fall to 30 per cent to 32 per cent."
    )
    assert [(c.value, c.unit, c.qualifier) for c in claims(text)] == [
        (0.4, "share", None),
        (120_000_000, "USD", None),
        (0.3, "share", ">="),
        (0.32, "share", "<="),
    ]
    got = claims(
        "The maker showed 50% revenue growth, but a 20%-22% margin guide explained why investors sold the stock."
    )
    assert [(c.value, c.qualifier) for c in got] == [(0.5, None), (0.2, ">="), (0.22, "<=")]


def test_a_stock_move_alone_stays_out():
    assert claims("Shares fell 8% after the company reported results.") == []
    assert claims("The stock rose as much as 12% while the index was flat.") == []


# --- zh: amounts after one written "亿元新台币": the currency after the unit closes its clause ----------------------


def test_amounts_after_one_in_yi_yuan_new_taiwan_dollars_stay_read():
    got = claims("上半年营收为180.5亿元新台币,营业毛利为30.25亿元新台币,营业净利为12.4亿元新台币。")
    assert [(c.value, c.unit) for c in got] == [
        (18_050_000_000, "TWD"),
        (3_025_000_000, "TWD"),
        (1_240_000_000, "TWD"),
    ]


# --- zh: "億元,-25.7% QoQ": a minus right after a comma that follows no digit is a signed change -------------------


def test_signed_changes_listed_after_an_amount_keep_their_minus():
    got = claims("第三季營收為38.5億元,-12.5% QoQ,-4.2% YoY。")
    assert [(c.value, c.unit) for c in got] == [(3_850_000_000, "TWD"), (-0.125, "share"), (-0.042, "share")]


# --- zh/en: "持平至成長6%", "flat to up 4%": no change (0) is the low end of the range ------------------------------


def test_flat_to_a_growth_is_a_range_from_zero():
    got = claims("公司預估第四季營收較上一季持平至成長5%。")
    assert [(c.value, c.unit, c.qualifier) for c in got] == [(0.0, "share", ">="), (0.05, "share", "<=")]
    got = claims("Revenue is expected to be flat to up 4% sequentially.")
    assert [(c.value, c.unit, c.qualifier) for c in got] == [(0.0, "share", ">="), (0.04, "share", "<=")]
    # "持平" alone before another figure is no range (since tune35-36, flat revenue is a growth of 0 % of its own)
    assert [(c.value, c.qualifier) for c in claims("營收持平,毛利率為40%。")] == [(0.0, None), (0.4, None)]


# --- zh: "净利润降32%": a bare 降 right before the figure is a fall -------------------------------------------------


def test_a_bare_jiang_before_the_figure_is_a_fall():
    got = claims("该公司前三季净利润降27%,营收增长12%。")
    assert [(c.value, c.unit) for c in got] == [(-0.27, "share"), (0.12, "share")]


# --- en: "minus 28 per cent to minus 32 per cent": a minus written as a word, a range of negatives ------------------


def test_a_range_of_negatives_written_with_minus_words():
    got = claims("The company guided operating margins of minus 15 per cent to minus 18 per cent.")
    # the lower bound is the larger loss
    assert [(c.value, c.unit, c.qualifier) for c in got] == [(-0.15, "share", "<="), (-0.18, "share", ">=")]
    assert [(c.value, c.unit) for c in claims("Operating margin was minus 6 per cent.")] == [(-0.06, "share")]
    # "plus or minus 3%" is a tolerance, not a negative
    assert [c.value for c in claims("Revenue is expected to be $40.0 billion, plus or minus 3%.")] == [
        40_000_000_000,
        0.03,
    ]


# --- en: a growth of a measure named after a per-share amount is that measure's ------------------------------------


def test_a_growth_named_after_a_per_share_amount_is_its_own_measures():
    got = claims("Core earnings reached $2.10 per share, with adjusted EBITDA up by 7% year-over-year.")
    assert [(c.value, c.unit) for c in got] == [(0.07, "share")]
    # the per-share amount's own growth stays out
    assert claims("Core earnings per share were $2.10, up 7% year-over-year.") == []


# --- en: "$7.9 million or (9.4%) of revenue": a bracketed share of revenue written as the amount's other form -------


def test_a_bracketed_share_of_revenue_after_or_is_negative():
    got = claims("The operating loss was $5.2 million or (6.5%) of revenue.")
    assert [(c.value, c.unit) for c in got] == [(5_200_000, "USD"), (-0.065, "share")]
    # a bracketed share in passing (no "or") keeps its sign
    got = claims("Networking was $40 million (12%) of sales.")
    assert [(c.value, c.unit) for c in got] == [(40_000_000, "USD"), (0.12, "share")]
