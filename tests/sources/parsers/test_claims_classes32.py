"""The classes of text tune32, tune33 and tune34 (collected as holdout32-34) showed the parser missing, each on
sentences written for the test, with the siblings a text not yet seen may write (tests/corpus/README.md, the round
paragraph after section 34). Values are hand-computed."""

from __future__ import annotations

import datetime as dt

from tests.sources.parsers.claims_sentences import claims, figures

# --- en: a full stop glued to an acronym that opens the next sentence ---------------------------------------------


def test_a_sentence_glued_to_the_next_by_an_acronym_keeps_the_per_share_growth_out():
    text = (
        "Revenue was $2.0 billion, up 3% organically.GAAP earnings per share were $0.95, up 9% year over year. "
        "Orders were $2.1 billion."
    )
    assert figures(text) == [(2e9, "USD", None), (0.03, "share", None), (2.1e9, "USD", None)]


def test_an_abbreviation_before_an_acronym_stays_one_sentence():
    assert figures("Sales at Acme Inc. NASDAQ-listed rose 4% in 2024.") == [(0.04, "share", None)]


# --- en: "$US12 billion", "$A3 billion": the country's letters after the dollar sign -----------------------------


def test_the_letters_after_the_dollar_sign_name_the_currency():
    assert figures("Ovum said optical networking was a $US14 billion business in 2024.") == [(1.4e10, "USD", None)]
    assert figures("Acme said its revenue was $A3.2 billion in 2024.") == [(3.2e9, "AUD", None)]
    assert figures("Acme said its revenue was $C1.5 billion in 2024.") == [(1.5e9, "CAD", None)]
    assert figures("Acme said its revenue was $NT500 million in 2024.") == [(5e8, "TWD", None)]
    assert figures("Acme said its revenue was $HK2 billion in 2024.") == [(2e9, "HKD", None)]


def test_a_hedge_before_the_lettered_sign_is_kept():
    assert figures("Spending was just over $US1.6 billion in the quarter, Ovum said.") == [(1.6e9, "USD", ">")]


# --- zh: 人民幣 … 億元 in Traditional script -----------------------------------------------------------------------


def test_renminbi_named_before_an_amount_in_traditional_script_is_yuan():
    assert figures("立訊上半年營收人民幣1,234.5億元，淨利人民幣56.7億元。") == [
        (1.2345e11, "CNY", None),
        (5.67e9, "CNY", None),
    ]
    assert figures("鵬鼎將投入人民幣12億元擴建新廠。") == [(1.2e9, "CNY", None)]
    assert figures("鵬鼎將投入人民币12億元擴建新廠。") == [(1.2e9, "CNY", None)]


def test_new_taiwan_dollars_named_before_an_amount_stay_new_taiwan_dollars():
    assert figures("臻鼎上半年營收新台幣800億元。") == [(8e10, "TWD", None)]


# --- zh: a bare 億 in a column's spoken style --------------------------------------------------------------------


def test_a_bare_yi_closing_its_clause_in_traditional_script_is_new_taiwan_dollars():
    text = "今年第一季，甲公司以 3.1 億小勝乙公司的 2.9 億，丙公司由 0.8 億退到 0.3 億，其餘兩家在 1 億上下。"
    assert figures(text) == [
        (3.1e8, "TWD", None),
        (2.9e8, "TWD", None),
        (8e7, "TWD", None),
        (3e7, "TWD", None),
        (1e8, "TWD", "~"),
    ]
    assert figures("甲公司的營益一口氣衝到 21.4 億，乙公司也放大到 3到4 億的進步。") == [
        (2.14e9, "TWD", None),
        (3e8, "TWD", ">="),
        (4e8, "TWD", "<="),
    ]


def test_a_bare_yi_of_people_or_a_gap_is_no_amount():
    assert figures("全台用戶突破 1 億，人口約 2.3 億。") == []
    assert figures("兩家之間已拉開近 12 億的鴻溝。") == []


# --- en: "7-9B ARR", "3B over 5 years": a unit-less amount in a text whose money is in dollars --------------------


def test_a_unit_less_run_rate_in_a_dollar_text_is_dollars():
    text = (
        "Acme raised its ARR guidance from 2B ARR at the end of 2025 to between 4-6B ARR at the end of 2026. "
        "Revenue was $146.1 million in the third quarter of 2025."
    )
    assert figures(text) == [
        (2e9, "USD", None),
        (4e9, "USD", ">="),
        (6e9, "USD", "<="),
        (1.461e8, "USD", None),
    ]


def test_a_unit_less_amount_over_years_in_a_dollar_text_is_a_contract_worth():
    text = "Acme signed a $2 billion deal with Microsoft. It also named a new customer (1.5B over 4 years)."
    assert figures(text) == [(2e9, "USD", None), (1.5e9, "USD", None)]


def test_a_letter_scale_of_other_things_is_no_amount():
    assert figures("Revenue was $2 billion in 2024, and the model has 70B parameters and 3-5B tokens.") == [
        (2e9, "USD", None)
    ]
    assert figures("Revenue was $2 billion in 2024; the chip packs 80B transistors.") == [(2e9, "USD", None)]


# --- en: "adj." is an abbreviation, not a sentence's end ----------------------------------------------------------


def test_adj_abbreviation_keeps_the_sentence_whole():
    assert figures("For the fourth quarter Acme guides revenue $310–$330M, adj. GM 47–49%.") == [
        (3.1e8, "USD", ">="),
        (3.3e8, "USD", "<="),
        (0.47, "share", ">="),
        (0.49, "share", "<="),
    ]
    got = claims("- Adj. EBITDA increased to $41.2m in the quarter.")
    assert [(c.value, c.unit) for c in got] == [(4.12e7, "USD")]
    assert got[0].evidence.startswith("- Adj. EBITDA")


# --- en: "$(51.7)m": a loss in brackets with the scale's letter ------------------------------------------------


def test_a_bracketed_amount_with_a_scale_letter_is_read():
    assert figures("Net income was $84.6m (vs. a net loss of $(21.3)m a year earlier).") == [
        (8.46e7, "USD", None),
        (2.13e7, "USD", None),
    ]
    assert figures("Acme reported a net loss of $(1.2)bn for 2024.") == [(1.2e9, "USD", None)]


# --- zh/en: "CAGR25.71%": the measure's name glued to its figure ---------------------------------------------------


def test_a_growth_rate_glued_to_cagr_is_read():
    assert figures("2019-2024年营收由3.2亿元增至9.8亿元,CAGR25.1%,净利润CAGR31.4%。") == [
        (3.2e8, "CNY", None),
        (9.8e8, "CNY", None),
        (0.251, "share", None),
        (0.314, "share", None),
    ]


# --- en: "gaining two points to reach a 17% share": share points before the share they reach -------------------


def test_points_before_the_share_they_reach_are_percentage_points():
    assert figures("Acme's share rose to 21%, with Beta gaining three points to reach a 14% share.") == [
        (0.21, "share", None),
        (3.0, "pct_points", None),
        (0.14, "share", None),
    ]


def test_points_of_an_index_are_no_percentage_points():
    assert figures("The index rose three points to 112 in March.") == []


# --- en: "shipped 4.09 million X86 server CPUs": processors counted ------------------------------------------------


def test_processors_shipped_are_units():
    assert figures("In the second quarter, AMD shipped 1.2 million server CPUs, up 20% year on year.") == [
        (1.2e6, "units", None),
        (0.2, "share", None),
    ]
    assert figures("Acme sold 3.5 million processors in 2024.") == [(3.5e6, "units", None)]


# --- zh: "季增0.2及0.8個百分點": the first of a pair of changes takes the points written after the second ----------


def test_a_pair_of_point_changes_shares_its_unit():
    assert figures("毛利率與營益率分別年增1.5及0.6個百分點。") == [(1.5, "pct_points", None), (0.6, "pct_points", None)]
    assert figures("毛利率与净利率同比提升1.2和0.5个百分点。") == [(1.2, "pct_points", None), (0.5, "pct_points", None)]


def test_a_pair_before_a_percent_sign_stays_unread():
    assert figures("營收季增3及5%。") == [(0.05, "share", None)]


# --- zh: "规模达1.5万亿" without 元: a size of the economy in yuan --------------------------------------------------


def test_a_size_in_wanyi_without_yuan_is_yuan():
    assert figures("据测算,截至2022年底,我国数字经济核心产业规模达2.3万亿,关联产业规模超过9万亿。") == [
        (2.3e12, "CNY", None),
        (9e12, "CNY", ">"),
    ]


def test_a_size_in_wanyi_of_something_counted_is_no_amount():
    assert figures("我国移动支付规模达10万亿次。") == []


# --- zh: "營收增雙位數": a growth of at least 10 % right after its verb ------------------------------------------


def test_double_digits_right_after_a_verb_of_growth_are_at_least_ten_per_cent():
    assert figures("公司拚下半年營收增雙位數。") == [(0.1, "share", ">=")]
    assert figures("公司预计今年营收增长双位数。") == [(0.1, "share", ">=")]


# --- zh: "第1季17%、第2季23%": a quarter listed with its percentage glued after it ----------------------------------


def test_a_percentage_glued_after_its_quarter_is_read():
    got = figures("液冷產品占營收比重從2024年的10%，攀升到2025年第1季15%、第2季21%。")
    assert got == [(0.1, "share", None), (0.15, "share", None), (0.21, "share", None)]


# --- zh: racks counted with 架, their measure word ------------------------------------------------------------


def test_racks_counted_with_their_measure_word_are_units():
    assert figures("在用数据中心机架数量从2021年的约520万架增长至2024年的830万架。") == [
        (5.2e6, "units", "~"),
        (8.3e6, "units", None),
    ]
    assert figures("公司已投产机柜约 5.4 万架,另有约 20 万架机柜资源储备。") == [
        (5.4e4, "units", "~"),
        (2e5, "units", "~"),
    ]


def test_jia_of_aircraft_is_no_rack():
    assert figures("公司今年交付无人机 3 万架。") == []


# --- en: counts without their noun: the end of a rise from units, sites grown in number --------------------------


def test_the_count_a_rise_from_units_reaches_is_units():
    assert figures("Shipments are expected to rise from 10.4 million units in 2024 to over 14 million by 2028.") == [
        (1.04e7, "units", None),
        (1.4e7, "units", ">"),
    ]


def test_the_count_it_rises_to_in_money_stays_money():
    got = figures("Revenue rose from 2.1 million units in 2023 to 16 million dollars in 2024.")
    assert (1.6e7, "USD", None) in got and (1.6e7, "units", None) not in got


def test_sites_grown_in_number_are_units():
    assert figures("Hyperscale data centres have now grown in number to 612, Synergy said.") == [(612.0, "units", None)]
    assert figures("Its employees have grown in number to 4,500.") == []


# --- en (kind): a change set after a reported amount of a quarter without its year is reported too ---------------


def test_a_change_after_a_reported_amount_is_an_actual():
    text = "Acme reported results for the fiscal third quarter. Orders were $2.6 billion, up 7% year over year and 2% sequentially."
    got = [(c.value, c.unit, c.kind) for c in claims(text, dt.date(2025, 7, 24))]
    assert got == [(2.6e9, "USD", "actual"), (0.07, "share", "actual"), (0.02, "share", "actual")]


def test_a_change_after_an_expected_amount_stays_a_forecast():
    text = "For the fourth quarter, Acme expects orders of $2.8 billion, up 5% year over year."
    got = [(c.value, c.unit, c.kind) for c in claims(text, dt.date(2025, 7, 24))]
    assert got == [(2.8e9, "USD", "forecast"), (0.05, "share", "forecast")]


# --- zh: one figure said of each of two consecutive years ("2025與2026年…每年", "2024-2025 增长都在") -----------------


def test_a_figure_said_of_each_of_two_years_is_one_claim_per_year():
    got = claims("甲公司表示，2026與2027年資本支出將維持每年新台幣200億元以上。")
    assert [(c.value, c.unit, c.qualifier, c.period) for c in got] == [
        (2e10, "TWD", ">", "2026"),
        (2e10, "TWD", ">", "2027"),
    ]
    got = claims("乙预计全球光模块2025-2026 增长都在40%以上。")
    assert [(c.value, c.period) for c in got] == [(0.4, "2025"), (0.4, "2026")]


def test_a_figure_of_a_span_of_years_stays_one_claim():
    got = claims("2024-2025年营收增长40%。")
    assert [(c.value, c.period) for c in got] == [(0.4, "2024-2025")]


# --- en: "$(18.8)m" not called a loss: a negative amount -----------------------------------------------------------


def test_a_bracketed_amount_not_called_a_loss_is_negative():
    assert figures("EBITDA rose to $120.4m (vs. $(12.6)m a year earlier).") == [
        (1.204e8, "USD", None),
        (-1.26e7, "USD", None),
    ]


def test_a_bracketed_net_loss_stays_the_amount_lost():
    assert figures("GAAP net loss for the quarter was $(31.5) million.") == [(3.15e7, "USD", None)]
    assert figures("Non-GAAP net loss for the second quarter of fiscal 2024 was $(9.4) million.") == [
        (9.4e6, "USD", None)
    ]
