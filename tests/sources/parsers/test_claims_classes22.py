"""The classes of text tune22 (collected as holdout22) showed the parser missing or misreading, each on
sentences written for the test (tests/corpus/README.md, section 22). Values are hand-computed."""

from __future__ import annotations

import datetime as dt

import pytest

from sources.parsers.claims import extract_claims


def claims(text: str, published: dt.date | None = dt.date(2025, 11, 1)) -> list:
    return extract_claims(text, published)


def figures(text: str, published: dt.date | None = dt.date(2025, 11, 1)) -> list[tuple]:
    return [(c.value, c.unit, c.qualifier) for c in claims(text, published)]


# --- Chinese ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("去年光通訊總產值為83.17億新臺幣。", 8317e6, "TWD"),
        ("該公司營收為12.5億新台幣。", 1250e6, "TWD"),
        ("今年营收为50亿台币。", 50e8, "TWD"),
        ("營收達350萬新臺幣。", 350e4, "TWD"),
        ("公司今年營收為12億人民幣。", 12e8, "CNY"),
        ("全年營收達50億日圓。", 50e8, "JPY"),
        ("营收达3亿港币。", 3e8, "HKD"),
    ],
)
def test_the_currency_name_after_the_scale_in_place_of_yuan(text, value, unit):
    assert figures(text) == [(value, unit, None)]


def test_more_than_a_scaled_amount_written_with_the_currency_name():
    assert figures("預計明年將突破100億新臺幣的產值。") == [(100e8, "TWD", ">")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("公司十月單月營收來到二八○六．二四億元。", 280624e6),  # ○ zero, full-width point
        ("累計前十個月營收達一．九三兆元。", 1.93e12),  # 兆 = 10^12
        ("全年營收為三百億元。", 300e8),
        ("單月營收１２３億元。", 123e8),  # full-width digits
    ],
)
def test_chinese_numerals_and_full_width_digits_before_yi_yuan_and_zhao_yuan(text, value):
    assert figures(text) == [(value, "TWD", None)]


def test_ten_months_is_no_count():
    assert figures("累計前十一個月營收達一．九三兆元。") == [(1.93e12, "TWD", None)]


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("法人預估明年營收將上看73億餘元。", 73e8, "TWD"),
        ("全年營收50億多元。", 50e8, "TWD"),
        ("公司营收达12亿余元，净利润为3亿元。", 12e8, "CNY"),
        ("全年營收逾50億元。", 50e8, "TWD"),
    ],
)
def test_more_than_after_the_scale(text, value, unit):
    assert figures(text)[0] == (value, unit, ">")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("预计2025年全国数据中心规模突破500万标准机架。", 500e4),
        ("目前在用機櫃規模達2萬座機櫃。", 2e4),
    ],
)
def test_a_count_of_racks(text, value):
    assert [(v, u) for v, u, _ in figures(text)] == [(value, "units")]
