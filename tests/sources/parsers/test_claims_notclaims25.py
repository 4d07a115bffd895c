"""The classes of strict not-claim tune25 (collected as holdout25) showed the parser extracting (tests/corpus/README.md, section 25),
each on sentences written for the test. Values are hand-computed."""

from __future__ import annotations

import datetime as dt

import pytest

from sources.parsers.claims import extract_claims


def figures(text: str, published: dt.date = dt.date(2025, 11, 1)) -> list[tuple]:
    return [(c.value, c.unit) for c in extract_claims(text, published)]


@pytest.mark.parametrize(
    "text",
    [
        "Acme reported adjusted earnings per share of 52 cents. However, the bottom line declined 3% year over year.",
        "Adjusted EPS came in at $1.10. But the bottom line rose 8% from a year ago.",
        "Acme posted diluted EPS of $0.40. Meanwhile, the figure increased 12% year over year.",
    ],
)
def test_the_bottom_line_after_a_connective_is_still_the_per_share_amount(text):
    # "However, the bottom line declined 3%": the growth of the per-share amount named just before
    assert [u for _, u in figures(text)] == []


def test_a_connective_before_a_market_figure_keeps_it():
    # a connective alone does not make a figure a per-share one: the revenue growth is a claim
    text = "Adjusted EPS came in at $1.10. However, revenue rose 3% year over year."
    assert figures(text) == [(0.03, "share")]


@pytest.mark.parametrize(
    "text",
    [
        "400G交换机每比特成本已降至低位,800G虽高出50%,但仍比100G方案便宜30%。",
        "新一代方案的价格比上一代便宜20%。",
        "The new switch is 20% cheaper than two older ones at the same price per port.",
        "Its optics cost 35% less expensive than the pluggable modules they replace.",
        "The 1.6T module's price is higher, more expensive by 40% than an 800G one.",
    ],
)
def test_how_much_cheaper_or_dearer_one_product_is_is_not_a_claim(text):
    # 高出 / 便宜 / cheaper / less expensive N%, with a price or cost word: a unit-price difference
    assert [f for f in figures(text) if f[1] == "share"] == []


def test_a_share_growth_near_a_cost_word_stays_a_claim():
    # a cost word in the sentence is not enough: the growth is not a "cheaper by"
    text = "数据中心交换机市场规模增长30%,成本持续下降。"
    assert (0.3, "share") in figures(text)


def test_the_link_speeds_compared_in_a_price_difference_are_not_claims():
    # "800G虽高出50%,但仍比100G方案便宜30%": the speeds name the products compared; the 400G of the
    # clause before (no price difference in it) is left as the parser reads any speed
    text = "400G交换机每比特成本已降至低位,800G虽高出50%,但仍比100G方案便宜30%。"
    assert figures(text) == [(400.0, "Gbps")]


def test_a_link_speed_beside_a_market_growth_is_left_as_is():
    assert figures("800G交换机出货量增长50%。") == [(800.0, "Gbps"), (0.5, "share")]
