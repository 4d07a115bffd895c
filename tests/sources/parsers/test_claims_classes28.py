"""The classes of text tune28 (collected as holdout28) showed the parser missing or misreading, each on sentences
written for the test (tests/corpus/README.md, section 28). Values are hand-computed."""

from __future__ import annotations

from tests.sources.parsers.claims_sentences import figures

# --- zh: the currency of a bare 亿元/億元 follows the company's home, not the script -------------------------------


def test_a_simplified_copy_of_a_taiwanese_results_text_is_in_taiwan_dollars():
    # Taiwanese reporting words (合併营收, 税后纯益) in Simplified script: New Taiwan dollars
    text = "联茂第2季合併营收达76.5亿元,季减7.5%;税后纯益4.4亿元。"
    assert [f for f in figures(text) if f[1] != "share"] == [(7_650_000_000, "TWD", None), (440_000_000, "TWD", None)]
    # a listing code in brackets does the same
    assert (14_825_000_000, "TWD", None) in figures("世芯-KY(3661)第三季营收148.25亿元,季增9.15%。")
    # an amount written in renminbi stays renminbi
    assert (2_000_000_000, "CNY", None) in figures("该厂合併营收中,人民币20亿元来自大陆。")


def test_a_traditional_copy_of_a_mainland_text_is_in_renminbi():
    # mainland reporting words (同比, 資本開支) and no Taiwanese marker: renminbi
    text = "三家運營商資本開支合計爲3189億元,同比下降9.7%。"
    assert (318_900_000_000, "CNY", None) in figures(text)
    # a Traditional-script Taiwanese text keeps New Taiwan dollars
    assert (17_500_000_000, "TWD", None) in figures("川湖去年營收175億元,年增72.7%。")


# --- zh: "N個股本" is earnings per share in units of the par capital, not a count ---------------------------------


def test_earnings_of_n_times_the_share_capital_is_not_a_count():
    assert figures("川湖去年大賺10個股本。") == []
    assert figures("該廠今年出貨1000萬個光模組。") == [(10_000_000, "units", None)]


# --- zh: 雙位數年增率, 低双位数, 十几个百分点 ----------------------------------------------------------------------------


def test_double_digit_growth_rates_and_ten_odd_percent():
    assert figures("公司全年維持雙位數年增率。") == [(0.1, "share", ">=")]
    assert figures("资本支出占收入的比例维持在「低双位数」。") == [(0.1, "share", ">=")]
    assert figures("企业服务收入同比增长十几个百分点。") == [(0.1, "share", ">")]
    assert figures("毛利率提升3.2个百分点。") == [(3.2, "pct_points", None)]


# --- zh: 縮水 is a decline -------------------------------------------------------------------------------------------


def test_shrinking_is_a_decline():
    assert figures("第2季獲利比第1季大幅縮水40.5%。") == [(-0.405, "share", None)]


# --- zh: 數十億美元 (several billion) and a quoted sentence ended after its closing quote ---------------------------


def test_several_billion_is_more_than_one_billion():
    assert figures("公司預計明年達到數十億美元的規模。") == [(1_000_000_000, "USD", ">")]
    assert figures("營收可達二十億美元。") == [(2_000_000_000, "USD", None)]


def test_a_quoted_sentence_ends_after_its_closing_quote():
    from sources.parsers.common.mentions import split_sentences

    assert split_sentences("他說「營收會成長。」公司也補充。") == ["他說「營收會成長。」", "公司也補充。"]


# --- zh: passing the mark of one 万亿/兆 -----------------------------------------------------------------------------


def test_passing_the_trillion_mark():
    assert figures("该运营商去年收入突破万亿元大关。") == [(1_000_000_000_000, "CNY", ">")]
    assert figures("台灣伺服器產值達新台幣兆元規模。") == [(1_000_000_000_000, "TWD", "~")]


# --- en: "took a hit of", "a third of", a revenue growth beside a stock price -----------------------------------


def test_taking_a_hit_is_a_decline():
    assert figures("Its consumer revenue took a hit of 12 percent in the quarter.") == [(-0.12, "share", None)]


def test_a_third_of_is_a_third():
    [(value, unit, qualifier)] = figures("Accelerators made up more than a third of the unit's revenue.")
    assert (round(value, 6), unit, qualifier) == (0.333333, "share", ">")
    assert figures("The job took a third of the time.") == []


def test_revenue_growth_beside_a_stock_price_is_the_revenue_growth():
    text = (
        "With revenue growth of 64% during the quarter and a stock price that has doubled, the firm is off to a start."
    )
    assert figures(text) == [(0.64, "share", None)]
    assert figures("The stock rose 5% after the report.") == []


# --- zh: a horizon in words right before its figure ----------------------------------------------------------------


def test_a_figure_right_after_a_horizon_in_words_is_read():
    assert figures("该集团正推进未来三年5000亿元的数据中心建设。") == [(500_000_000_000, "CNY", None)]
    assert figures("该集团正推进未来三年 5000亿元的数据中心建设。") == [(500_000_000_000, "CNY", None)]


# --- zh: 降幅 (the size of a decline) -------------------------------------------------------------------------------


def test_the_size_of_a_decline_is_a_decline():
    text = "三家公司資本開支合計同比下降9.7%,降幅高於年初指引4.5%。"
    assert figures(text) == [(-0.097, "share", None), (-0.045, "share", None)]
