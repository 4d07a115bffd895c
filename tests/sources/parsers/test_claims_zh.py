"""Chinese-language press text: numerals, 萬/億/兆 scales, measure words, 成 and 百分之, fiscal quarters
and year ranges. Expected figures are those an analyst recorded from the same sentences
(tests/fixtures/claims_zh/README.md) or, for the seed documents, the figures the seeds state."""

from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

import pytest

from sources.parsers.common.cjk import cjk_integer
from sources.parsers.common.mentions import find_mentions
from sources.parsers.common.dates import find_periods
from sources.parsers.claims import extract_claims

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "claims_zh"
PRESS = list(csv.DictReader((FIXTURES / "press_figures.csv").open(encoding="utf-8")))


@pytest.mark.parametrize(
    "text, value",
    [
        ("三", 3),
        ("十", 10),
        ("十五", 15),
        ("二十", 20),
        ("二十五", 25),
        ("一百零八", 108),
        ("兩千", 2000),
        ("三千五百", 3500),
        ("九千九百九十九", 9999),
        ("二〇二五", 2025),
    ],
)
def test_chinese_numerals(text, value):
    assert cjk_integer(text) == value


@pytest.mark.parametrize("text", ["", "三萬", "abc", "十十"])
def test_not_chinese_numerals(text):
    with pytest.raises(ValueError):
        cjk_integer(text)


@pytest.mark.parametrize("row", PRESS, ids=[f"facts-line-{r['facts_line']}" for r in PRESS])
def test_real_press_sentence_yields_the_recorded_figure(row):
    found = [(m.value, m.unit, m.qualifier or "") for m in find_mentions(row["evidence"])]
    expected = (float(row["value"]), row["unit"], row["qualifier"])
    assert any(
        v == pytest.approx(expected[0], rel=1e-9) and u == expected[1] and q == expected[2] for v, u, q in found
    ), f"{row['evidence']} -> {found}"


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # seed 000, §xAI Colossus: "10 萬顆 NVIDIA Hopper GPU（後續擴至 20 萬顆）"
        (
            "馬斯克的 xAI 在孟菲斯建造的 Colossus 超級電腦，用 Spectrum-X 乙太網路串連 10 萬顆 NVIDIA Hopper GPU（後續擴至 20 萬顆）",
            [(100_000, "gpus", None), (200_000, "gpus", None)],
        ),  # 20 萬顆 counts the GPUs named before it
        # seed 000, closing section: "讓十萬顆 GPU 能像一台電腦一樣工作" (一台 is an article, not a count)
        ("讓十萬顆 GPU 能像一台電腦一樣工作", [(100_000, "gpus", None)]),
        # seed 000, "擴大到數千顆 GPU 時，通訊與同步合計可能吃掉約八成"
        ("擴大到數千顆 GPU 時，通訊與同步合計可能吃掉約八成", [(0.8, "share", "~")]),
        # seed 000, Project Ceiba "20,736 顆 B200" and Rainier "近 50 萬顆 Trainium2"
        (
            "連 NVIDIA 自家的 Project Ceiba（20,736 顆 B200）與 Project Rainier（近 50 萬顆 Trainium2）",
            [(20_736, "gpus", None), (500_000, "gpus", "~")],
        ),
    ],
)
def test_seed_sentences(sentence, expected):
    assert [(m.value, m.unit, m.qualifier) for m in find_mentions(sentence)] == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("市占率約百分之三十五", (0.35, "share", "~")),
        ("毛利率為百分之 52.5", (0.525, "share", None)),
        ("營收年增三成", (0.3, "share", None)),
        ("營收成長六成五", (0.65, "share", None)),
        ("成本降低兩成以上", (0.2, "share", ">")),
        ("市占率逾7成", (0.7, "share", ">")),
        ("全球有逾三千億美元投入", (3e11, "USD", ">")),
        ("資本支出達1.2兆美元", (1.2e12, "USD", None)),
        ("交換器出貨20萬台", (200_000, "units", None)),
        ("連接埠出貨量達5萬埠", (50_000, "ports", None)),
        ("晶片出貨五百萬片", (5_000_000, "units", None)),
        ("光模組出貨量1600萬支", (16_000_000, "units", None)),
    ],
)
def test_chinese_ways_of_writing_a_quantity(sentence, expected):
    got = [(m.value, m.unit, m.qualifier) for m in find_mentions(sentence)]
    assert got == [expected]


@pytest.mark.parametrize("sentence", ["營收成長強勁", "成本結構改變", "完成三成", "成為市場領導者", "組成聯盟"])
def test_cheng_that_is_not_tenths(sentence):
    # 成長 (growth), 成本 (cost), 成為 (become), 組成 (form): 成 as tenths only after a number
    assert [m for m in find_mentions(sentence) if m.unit == "share" and m.raw != "三成"] == []


@pytest.mark.parametrize(
    "text, published, labels",
    [
        ("在2020至2025年期間，數據中心交換機市場的年復合增長率為9%", None, ["2020-2025"]),
        ("預估2025年至2029年累計銷售額", None, ["2025-2029"]),
        ("2025~2029年", None, ["2025-2029"]),
        ("輝達2026財年第一季網路營收為49億美元", None, ["FY2026Q1"]),
        ("FY2026第1季", None, ["FY2026Q1"]),
        ("2026會計年度", None, ["FY2026"]),
        ("2024年第三季度出貨量", None, ["2024Q3"]),
        ("今年第三季出貨", dt.date(2025, 8, 8), ["2025Q3"]),
        ("去年第4季", dt.date(2025, 8, 8), ["2024Q4"]),
    ],
)
def test_chinese_periods(text, published, labels):
    assert [p.label for p in find_periods(text, published)] == labels


# --- issue 21 item 3 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, published, expected",
    [
        # A range keeps its unit (萬顆) on both ends.
        (
            "集邦科技預估今年出貨將達690~700萬顆。",
            dt.date(2025, 3, 1),
            [
                (6.9e6, "units", ">=", "2025", "forecast", "TrendForce"),
                (7e6, "units", "<=", "2025", "forecast", "TrendForce"),
            ],
        ),
        # A count with or without its measure word; 1.6T names a product, not a count.
        (
            "TrendForce預估2025年800G光模組出貨量將達2,000萬個，1.6T則達250萬。",
            dt.date(2025, 1, 10),
            [
                (800.0, "Gbps", None, "2025", "forecast", "TrendForce"),
                (2e7, "units", None, "2025", "forecast", "TrendForce"),
                (1.6, "Tbps", None, "2025", "forecast", "TrendForce"),
                (2.5e6, "units", None, "2025", "forecast", "TrendForce"),
            ],
        ),
        # "N 倍" is a growth factor, not a claim; the count after it is.
        (
            "集邦科技指出，2024年AI伺服器出貨量年增1.5倍至167萬台。",
            dt.date(2025, 3, 1),
            [(1.67e6, "units", None, "2024", "actual", "TrendForce")],
        ),
        # 季減: a decline keeps its sign.
        (
            "輝達第二季營收季減5%至300億美元。",
            dt.date(2025, 9, 1),
            [(-0.05, "share", None, "2025Q2", "actual", "NVIDIA"), (3e10, "USD", None, "2025Q2", "actual", "NVIDIA")],
        ),
        # A table flattened to one cell per line: the year on its own line dates the cells after it.
        (
            "AI伺服器出貨量\n2024\n167萬台\n2025\n214萬台",
            dt.date(2025, 3, 1),
            [(1.67e6, "units", None, "2024", "actual", None), (2.14e6, "units", None, "2025", "forecast", None)],
        ),
        # Bullets run into one line: a heading with 預測 does not make the reported quarter a forecast.
        (
            "公司2025年第三季度業績符合市場預期 [8] 財務表現與預測 - 2025年第三季度毛利率達42.8%,同比提升9.2個百分點",
            None,
            [(0.428, "share", None, "2025Q3", "actual", None), (9.2, "pct_points", None, "2025Q3", "actual", None)],
        ),
    ],
)
def test_chinese_claims_know_what_they_are(text, published, expected):
    got = [(c.value, c.unit, c.qualifier, c.period, c.kind, c.attributed_to) for c in extract_claims(text, published)]
    assert got == expected
