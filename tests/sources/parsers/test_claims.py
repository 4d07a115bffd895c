"""Claim extraction from press releases and news pages (fixtures written for tests, see their headers)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import claims
from sources.parsers.claims import Claim, extract_claims
from sources.records import ParseError

PAGES = Path(__file__).resolve().parents[2] / "fixtures" / "pages"


def doc(name: str, url: str, published_on: dt.date | None = None, source_id: str = "test_claims") -> Document:
    return Document.from_path(PAGES / name, source_id=source_id, url=url, published_on=published_on)


def rows(d: Document) -> list[tuple]:
    return [
        (r["value"], r["unit"], r["value_qualifier"], r["period"], r["kind"], r["indicator"])
        for r in claims.parse(d).tables["claims"]
    ]


def test_delloro_press_release_html():
    d = doc("delloro_ai_backend_2025-07-15.html", "https://www.delloro.com/news/ethernet-is-winning")
    assert rows(d) == [
        # "nearly $80 B ... over the next five years", said in July 2025
        (80e9, "USD", "~", "2025-2029", "forecast", "ai_backend_network_revenue"),
        # "in late 2023 ... holding over 80 percent share"
        (0.8, "share", ">", "2023", "actual", "fabric_revenue_share"),
    ]
    r = claims.parse(d).tables["claims"]
    assert r[0]["subject"] == "Ethernet AI back-end networks"  # not InfiniBand: it is the object of "against"
    assert r[1]["subject"] == "InfiniBand AI back-end networks share"
    assert r[0]["published_on"] == dt.date(2025, 7, 15)  # sniffed from article:published_time
    assert r[0]["publisher"] == "Dell'Oro Group"
    assert r[0]["evidence"].startswith(
        "According to a recently published report from Dell'Oro Group, Ethernet is winning"
    )
    assert all(x["status"] == "pending" and x["document_sha"] == d.sha256 for x in r)


def test_delloro_plain_text_with_word_numbers():
    d = doc(
        "delloro_dc_switch_2023-07-18.txt",
        "https://www.fierce-network.com/newswire/delloro-100b",
        published_on=dt.date(2023, 7, 18),
    )
    assert rows(d) == [
        (100e9, "USD", None, "2027", "forecast", "dc_ethernet_switch_revenue"),  # headline "$100B ... by 2027"
        (0.2, "share", None, "2027", "forecast", "switch_port_share"),  # "twenty percent of ... ports"
        (100e9, "USD", ">", "2023-2027", "forecast", "dc_switch_revenue"),  # "exceed $100 B ... next five years"
    ]


def test_trendforce_units_and_growth():
    d = doc("trendforce_optics_2025-02-05.html", "https://www.trendforce.com/presscenter/news/20250205")
    assert rows(d) == [
        (0.565, "share", None, "2025", "forecast", "market_growth_rate"),  # headline growth
        (400.0, "Gbps", None, "2023", "actual", None),  # "400G and higher"
        (6.4e6, "units", None, "2023", "actual", "optics_units_shipped"),
        (20.4e6, "units", None, "2024", "actual", "optics_units_shipped"),  # "expected", but 2024 was over by Feb 2025
        (31.9e6, "units", ">", "2025", "forecast", "optics_units_shipped"),
    ]
    # "This figure is expected to grow to 20.4 million units": the topic comes from the sentence before.
    assert claims.parse(d).tables["claims"][3]["subject"] == "optical transceivers"


def test_lightcounting_cagr_and_decline():
    d = doc(
        "lightcounting_ai_optics_2024.html",
        "https://www.lightwaveonline.com/home/article/55127215",
        published_on=dt.date(2024, 1, 1),
    )
    assert rows(d) == [
        (4e9, "USD", ">", "2024", "forecast", "optics_revenue"),  # "will exceed $4 billion in 2024-up from ..."
        (2e9, "USD", None, "2023", "actual", "optics_revenue"),
        (1e9, "USD", "<", "2022", "actual", "optics_revenue"),
        (0.15, "share", None, "2024-2028", "forecast", "market_cagr"),
        (-0.06, "share", None, "2023", "actual", "market_growth_rate"),  # "a 6% decline" is negative growth
    ]


def test_vendor_newsroom_fiscal_quarter():
    d = doc("nvidia_newsroom_q1fy26.html", "https://nvidianews.nvidia.com/news/q1fy26", source_id="nvidia_newsroom")
    r = claims.parse(d).tables["claims"]
    assert [(x["value"], x["unit"], x["period"], x["subject"]) for x in r] == [
        (5e9, "USD", "FY2026Q1", "networking revenue"),
        (0.56, "share", "FY2026Q1", "networking revenue growth y/y"),
        (0.64, "share", "FY2026Q1", "networking revenue growth q/q"),  # "sequentially" binds to the second figure
    ]
    assert r[0]["publisher"] == "NVIDIA"  # from the source registry
    assert r[0]["published_on"] == dt.date(2025, 5, 28)  # <meta name="date">


def test_chinese_news_item():
    d = doc("zh_backend_network_news.html", "https://example.com/zh/backend-network")
    assert rows(d) == [
        (3.2e9, "USD", "~", "2023", "actual", "ai_backend_network_revenue"),  # 約32億美元
        (12e9, "USD", ">", "2028", "forecast", "ai_backend_network_revenue"),  # 預計2028年 ... 超過120億美元
        (0.3, "share", "~", "2023-2028", "forecast", "market_cagr"),  # 年複合增長率約30%, source note ignored
        (800.0, "Gbps", None, "2024", "forecast", None),  # 800G光模組
        (10e6, "units", ">", "2024", "forecast", "optics_units_shipped"),  # 超過1000萬隻
    ]


def test_cli_json_contract():
    d = doc("nvidia_newsroom_q1fy26.html", "https://nvidianews.nvidia.com/news/q1fy26")
    out = claims.cli_json(d)
    assert list(out) == ["claims"]
    assert out["claims"][0] == {
        "value": 5e9,
        "unit": "USD",
        "period": "FY2026Q1",
        "kind": "actual",
        "subject": "networking revenue",
        "evidence": "In the first quarter of fiscal 2026, Data Center networking revenue was $5.0 billion, "
        "up 56% year-over-year and 64% sequentially.",
    }


def test_claim_ids_are_stable_and_no_observations():
    d = doc("delloro_ai_backend_2025-07-15.html", "https://www.delloro.com/news/ethernet-is-winning")
    first, second = claims.parse(d), claims.parse(d)
    assert [r["claim_id"] for r in first.tables["claims"]] == [r["claim_id"] for r in second.tables["claims"]]
    assert len({r["claim_id"] for r in first.tables["claims"]}) == 2
    assert first.observations == [] and first.events == []  # claims wait for an analyst


P = dt.date(2025, 2, 10)


@pytest.mark.parametrize(
    "sentence, published, expected",
    [
        # "USD 12 billion": currency code before the figure
        ("Revenue reached USD 12 billion in 2024.", P, [(12e9, "USD", "2024", "actual", None)]),
        # "US$ 1.5 trillion": US$ with a space, trillion scale
        ("Spending could reach US$ 1.5 trillion by 2030.", P, [(1.5e12, "USD", "2030", "forecast", None)]),
        # "$3.2B": one-letter suffix glued to the figure
        ("The segment grew to $3.2B in 1Q24.", P, [(3.2e9, "USD", "2024Q1", "actual", None)]),
        # NT$ is not US dollars: New Taiwan dollars
        ("Sales were NT$ 1.5 billion in 2024.", P, [(1.5e9, "TWD", "2024", "actual", None)]),
        # "2H25" half-year, forecast because it starts after the published date
        ("Shipments of 1.6T ports will ramp in 2H25.", P, [(1.6, "Tbps", "2025H2", "forecast", None)]),
        # share points ("percentage points") are not a share
        (
            "Ethernet gained 5 percentage points of share in 2024.",
            P,
            [(5.0, "pct_points", "2024", "actual", "fabric_revenue_share")],
        ),
        # "estimated" keeps a past figure an estimate
        ("An estimated $2 billion was spent in 2023.", P, [(2e9, "USD", "2023", "estimate", None)]),
        # a year followed by a unit is a count, not a period ("2048 GPUs")
        ("The cluster has 2048 GPUs.", P, [(2048.0, "gpus", None, "actual", "cloud_cluster_gpus")]),
        # full-width digits and simplified characters (亿, 美元)
        ("２０２４年全球市场规模约３２亿美元。", P, [(3.2e9, "USD", "2024", "actual", None)]),
        # "fiscal 2025" stays a fiscal label; "expected" makes it a forecast
        ("Revenue is expected to be $10 billion in fiscal 2025.", P, [(10e9, "USD", "FY2025", "forecast", None)]),
        # "next year" is relative to the published date
        (
            "Port shipments will double next year, reaching 20 million ports.",
            P,
            [(20e6, "ports", "2026", "forecast", "switch_ports_shipped")],
        ),
        # a clause after ", but" does not make the first figure a forecast
        (
            "Networking revenue declined 3% sequentially, but growth is expected to return.",
            P,
            [(-0.03, "share", None, "actual", "market_growth_rate")],
        ),
        # without a published date only the wording decides
        ("Sales will exceed $4 billion in 2024.", None, [(4e9, "USD", "2024", "forecast", None)]),
    ],
)
def test_sentence_quirks(sentence, published, expected):
    got = [(c.value, c.unit, c.period, c.kind, c.indicator) for c in extract_claims(sentence, published)]
    assert got == expected


def test_claim_is_frozen_and_carries_evidence():
    [c] = extract_claims("Shipments reached 6.4 million units in 2023.", P)
    assert (
        isinstance(c, Claim)
        and c.evidence == "Shipments reached 6.4 million units in 2023."
        and c.raw == "6.4 million units"
    )
    with pytest.raises(AttributeError):
        c.value = 1  # type: ignore[misc]


def test_empty_page_is_a_parse_error():
    with pytest.raises(ParseError, match="empty document"):
        claims.parse(Document(source_id="test_claims", url="https://www.delloro.com/news/x", body=b""))


def test_page_with_only_scripts_is_a_parse_error():
    # A consent wall or script shell: nothing readable.
    body = b"<html><body><script>var x = 1;</script><nav><a href='/'>Home</a></nav></body></html>"
    with pytest.raises(ParseError, match="no readable text"):
        claims.parse(Document(source_id="test_claims", url="https://www.delloro.com/news/x", body=body))


def test_page_without_figures_warns_instead_of_returning_silently():
    # Layout changed so that only the navigation-like teaser is left: warn, never an empty success.
    body = b"<html><body><main><h1>News</h1><p>Read our latest press releases.</p></main></body></html>"
    r = claims.parse(Document(source_id="test_claims", url="https://www.delloro.com/news/", body=body))
    assert r.tables["claims"] == []
    assert any("no quantitative statements" in w for w in r.warnings)
    assert any("no published date" in w for w in r.warnings)


def test_broken_html_still_reads_text():
    # Truncated download: unclosed tags; lxml recovers the paragraph.
    body = b"<html><body><main><p>Shipments reached 6.4 million units in 2023.<p>Revenue grew"
    out = claims.cli_json(
        Document(
            source_id="test_claims", url="https://www.trendforce.com/x", body=body, published_on=dt.date(2025, 2, 5)
        )
    )
    assert [(c["value"], c["unit"], c["period"]) for c in out["claims"]] == [(6.4e6, "units", "2023")]


# --- issue 21 item 3: claims that know what they are -----------------------------------------


def facts(text: str, published: dt.date | None) -> list[tuple]:
    return [(c.value, c.unit, c.qualifier, c.period, c.kind, c.attributed_to) for c in extract_claims(text, published)]


NVIDIA_RELEASE = (
    "NVIDIA (NASDAQ: NVDA) today reported revenue for the third quarter ended October 27, 2024, of $35.1 billion.\n"
    "Outlook\n"
    "NVIDIA's outlook for the fourth quarter of fiscal 2025 is as follows:\n"
    "Revenue is expected to be $37.5 billion, plus or minus 2%."
)


@pytest.mark.parametrize(
    "text, published, expected",
    [
        # A reported result stays an actual when the same sentence gives guidance.
        (
            "NVIDIA reported revenue of $35.1 billion for the third quarter of fiscal 2025 and expects revenue of "
            "$37.5 billion for the next quarter.",
            dt.date(2024, 11, 20),
            [
                (35.1e9, "USD", None, "FY2025Q3", "actual", "NVIDIA"),
                (37.5e9, "USD", None, "FY2025Q4", "forecast", "NVIDIA"),
            ],
        ),
        # The quarter a date closes, in the company's fiscal calendar; an outlook line dates the forecasts after it.
        (
            NVIDIA_RELEASE,
            dt.date(2024, 11, 20),
            [
                (35.1e9, "USD", None, "FY2025Q3", "actual", "NVIDIA"),
                (37.5e9, "USD", None, "FY2025Q4", "forecast", "NVIDIA"),
                (0.02, "share", None, "FY2025Q4", "forecast", "NVIDIA"),
            ],
        ),
        (
            "Cisco reported revenue of $14.7 billion for the first quarter ended October 26, 2024.",
            dt.date(2024, 11, 13),
            [(14.7e9, "USD", None, "FY2025Q1", "actual", "Cisco")],
        ),
        # A range keeps its unit on both ends.
        (
            "Arista expects 2025 revenue of $8.2-$8.4 billion.",
            dt.date(2025, 2, 18),
            [
                (8.2e9, "USD", ">=", "2025", "forecast", "Arista Networks"),
                (8.4e9, "USD", "<=", "2025", "forecast", "Arista Networks"),
            ],
        ),
        # Per-share amounts, multipliers and growth factors are not claims.
        (
            "Non-GAAP earnings per share were $0.65, compared to $0.52 a year ago, and revenue grew 3-fold to $1.2 billion in 2024.",
            dt.date(2025, 3, 1),
            [(1.2e9, "USD", None, "2024", "actual", None)],
        ),
        ("Blackwell delivers 35x lower cost per token than Hopper.", dt.date(2025, 3, 1), []),
        # "by the end of the year" takes its year from the text around it.
        (
            "In 2025 AI servers led the market. Shipments should reach 5 million units by the end of the year.",
            None,
            [(5e6, "units", None, "2025", "forecast", None)],
        ),
        # The same figure twice in a sentence is two claims.
        (
            "Marvell reported Q3 FY 2026 revenue of $2.1 billion, versus Wall Street consensus of $2.1 billion.",
            dt.date(2025, 12, 2),
            [
                (2.1e9, "USD", None, "FY2026Q3", "actual", "Marvell"),
                (2.1e9, "USD", None, "FY2026Q3", "estimate", "analyst consensus"),
            ],
        ),
    ],
)
def test_claims_know_what_they_are(text, published, expected):
    assert facts(text, published) == expected


def test_publisher_the_text_names_and_the_page_that_carries_it():
    text = "According to IDC, Ethernet switch revenue reached $11.7 billion in the second quarter of 2025."
    d = Document(
        source_id="test_claims",
        url="https://www.businesswire.com/news/home/idc-switch",
        body=text.encode(),
        published_on=dt.date(2025, 9, 10),
    )
    [row] = claims.parse(d).tables["claims"]
    assert (row["publisher"], row["via"], row["period"], row["kind"]) == (
        "IDC",
        "www.businesswire.com",
        "2025Q2",
        "actual",
    )
    own = Document(
        source_id="test_claims",
        url="https://www.idc.com/getdoc.jsp",
        body=text.encode(),
        published_on=dt.date(2025, 9, 10),
    )
    assert (claims.parse(own).tables["claims"][0]["publisher"], claims.parse(own).tables["claims"][0]["via"]) == (
        "IDC",
        None,
    )


def test_results_table_flattened_one_cell_per_line():
    text = (
        "Broadcom Inc. reported results for its fourth quarter of fiscal year 2025. Broadcom Inc. said so.\n"
        "(Dollars in millions, except per share data) |\nQ4 25 |\nQ4 24 |\nChange |\n||||||\n|\n"
        "Net revenue |\n$ |\n18,015 |\n$ |\n14,054 |\n+28 |\n% |\n||||||\n|\n"
        "Earnings per common share - diluted |\n$ |\n1.74 |\n$ |\n0.90 |\n+93 |\n% |\n"
    )
    got = [(c.value, c.unit, c.period, c.kind, c.subject) for c in extract_claims(text, None)]
    assert got == [
        (18015e6, "USD", "FY2025Q4", "actual", "Net revenue"),
        (14054e6, "USD", "FY2024Q4", "actual", "Net revenue"),
        (0.28, "share", "FY2025Q4", "actual", "Net revenue"),  # the change column: the newer quarter
    ]  # per-share row: no claims


@pytest.mark.parametrize(
    "text, expected",
    [
        # currency signs other than the dollar, each its own unit (values hand-computed)
        ("Revenue was HK$2.5 billion in 2024.", [(2.5e9, "HKD")]),
        ("Revenue was S$120 million in 2024.", [(1.2e8, "SGD")]),
        ("Net profit rose to RMB4.6bn in 2024.", [(4.6e9, "CNY")]),
        ("Net profit rose to CN¥9.8 billion in 2024.", [(9.8e9, "CNY")]),
        ("Net profit rose to 9.8 billion yuan in 2024.", [(9.8e9, "CNY")]),
        ("Revenue was 14.4 billion New Taiwan dollars in 2024.", [(1.44e10, "TWD")]),
        # a range whose high end is bare after a scale ("RMB4.6bn-5.8bn")
        ("Net profit will be RMB4.6bn-5.8bn in 2026.", [(4.6e9, "CNY"), (5.8e9, "CNY")]),
        # a conversion in brackets after the figure is not a second claim
        ("Revenue was NT$4.69 billion (US$143.9 million) in 2024.", [(4.69e9, "TWD")]),
        ("Net profit was ¥11.8 billion RMB ($1.64 billion USD) in 2024.", [(1.18e10, "CNY")]),
        # a minus sign before the currency sign
        ("It posted a -$28.37 million net loss in 2024.", [(-2.837e7, "USD")]),
        # run-together layouts: a word runs into "$", a scale word into the next label or figure
        ("There was a net loss of$18.2 million in 2024.", [(1.82e7, "USD")]),
        ("Actual Revenue$102.95 millionExpected Revenue$104.96 million", [(1.0295e8, "USD"), (1.0496e8, "USD")]),
        ("Revenue (GAAP)$2.89 billion$2.39 billion21 %", [(2.89e9, "USD"), (2.39e9, "USD"), (0.21, "share")]),
        # a hard-wrapped line goes on in the next one
        (
            "GAAP operating expenses are expected to be between $88.3 million and\n$90.3 million in fiscal 2027.",
            [(8.83e7, "USD"), (9.03e7, "USD")],
        ),
        ("Non-GAAP net income of the company was $65.3\nmillion in fiscal 2025.", [(6.53e7, "USD")]),
        # a range cut by the page's end: the bare high end takes the low end's scale
        ("Operating expenses are expected to be between $54.0 million and $56.0", [(5.4e7, "USD"), (5.6e7, "USD")]),
        # Chinese: 下跌/大跌 are declines, p.p. are percentage points, a decline carries to the figure after 、
        ("营收同比下滑24%,环比下跌31%", [(-0.24, "share"), (-0.31, "share")]),
        ("净利润同比大跌49%", [(-0.49, "share")]),
        ("毛利率同比-3.65p.p.、环比-3.58p.p.", [(-3.65, "pct_points"), (-3.58, "pct_points")]),
        ("毛利率同、环比分别下降10.3ppt、13.7ppt", [(-10.3, "pct_points"), (-13.7, "pct_points")]),
        # a bare 亿 after a money noun of a Simplified text; 万亿 is 10^12
        ("公司25Q4归母净利润或实现5.5 亿", [(5.5e8, "CNY")]),
        ("全球AI资本开支预计达3-4万亿美元", [(3e12, "USD"), (4e12, "USD")]),
        # a table row whose label states the unit of its bare cells
        (
            "营业收入(亿元) 238.62 +122.64% 66.74 +37.82%",
            [(2.3862e10, "CNY"), (1.2264, "share"), (6.674e9, "CNY"), (0.3782, "share")],
        ),
        # a bare 亿 in a text that writes all its money in 亿美元 is US dollars
        ("营收 13.5 亿美元(精确为 13.52 亿),去年同期 11.24 亿", [(1.35e9, "USD"), (1.352e9, "USD"), (1.124e9, "USD")]),
        # ... and in a text that declared its currency once
        ("過去三年半分別虧損逾63億（人民幣．下同）、28億", [(6.3e9, "CNY"), (2.8e9, "CNY")]),
        # a figure run into the next table cell ("約 34.5 億3.79 元" reads 34.5 億; 3.79 元 is a per-share cell)
        ("營收約 34.5 億3.79 元", [(3.45e9, "TWD")]),
        # a margin in its own clause after a per-share sentence is not per-share
        ("Adjusted EPS rose 52% to $1.58, with 7.6% non-GAAP operating margin.", [(0.076, "share")]),
        # a per-share row of a table, a change of a target price: nothing
        ("| 基本每股收益(元/股) | 0.2870 | 0.3243 | -11.50% | 0.8554 |", []),
        ("维持买入评级,下调目标价13.4%至97元", []),
        # Chinese names of other currencies, after or before the figure
        ("公司营收达12.5亿港元", [(1.25e9, "HKD")]),
        ("收入为港幣12億元", [(1.2e9, "HKD")]),
        ("收入为50亿日元", [(5e9, "JPY")]),
        # a currency's name after the figure; a conversion after 折合 is not a second claim
        ("Operating profit reached 435 million euros ($507 million) in 2025.", [(4.35e8, "EUR")]),
        ("营收达新台币796.8亿元,折合人民币174.9亿元", [(7.968e10, "TWD")]),
        # a rise word after an earlier decline word keeps the figure a rise
        ("虽受春节影响工作天数减少,单月营收仍较去年同期成长9.4%", [(0.094, "share")]),
        # whole yuan in a pipe table whose row label gives the unit; a money list sharing its currency
        ("| 营业收入(元) | 4,031,122,370.58 | 20.93% |", [(4031122370.58, "CNY"), (0.2093, "share")]),
        ("| 经营活动产生的现金流量净额(元) | - | -245,762,188.38 |", [(-245762188.38, "CNY")]),
        ("资本开支总和预计分别为4065亿、5964亿美元", [(4.065e11, "USD"), (5.964e11, "USD")]),
        ("NP grew by 64.9% YoY/3.8% QoQ in 4Q24", [(0.649, "share"), (0.038, "share")]),
        ("Revenue of €2.3 billion in 2024", [(2.3e9, "EUR")]),
    ],
)
def test_currencies_signs_and_run_together_layouts(text, expected):
    got = [(c.value, c.unit) for c in extract_claims(text, P)]
    assert [(round(v, 6), u) for v, u in got] == [(round(v, 6), u) for v, u in expected]


@pytest.mark.parametrize(
    "text, published, expected",
    [
        # a year to date is reported though its year is under way; "three quarters" of it is a period, not a share
        (
            "For the first three quarters of 2020, net profit totaled NT$3.688 billion, decreasing 5% from a year earlier.",
            dt.date(2020, 11, 12),
            [(3.688e9, "TWD", "2020", "actual"), (-0.05, "share", "2020", "actual")],
        ),
        (
            "For the first nine months of 2020, revenue was $1.2 billion.",
            dt.date(2020, 11, 12),
            [(1.2e9, "USD", "2020", "actual")],
        ),
        # a period after "compared to" is the base of the change, not its period
        (
            "Year to date in 2023, the market is up 27,7% compared to the first three quarters of 2022.",
            dt.date(2023, 12, 12),
            [(0.277, "share", "2023", "actual")],
        ),
        # a decline "by" N basis points
        ("The gross margin decreased by 130 basis points in 2024.", P, [(-1.3, "pct_points", "2024", "actual")]),
    ],
)
def test_year_to_date_and_compared_periods(text, published, expected):
    assert [(c.value, c.unit, c.period, c.kind) for c in extract_claims(text, published)] == expected


def test_last_month_and_periodic_reports():
    # "last month" in a page of 9 August 2024 is July 2024, reported
    got = extract_claims("Revenue rose 1.17 percent to NT$31.12 billion last month.", dt.date(2024, 8, 9))
    assert [(c.value, c.unit, c.period, c.kind) for c in got] == [
        (0.0117, "share", "2024-07", "actual"),
        (3.112e10, "TWD", "2024-07", "actual"),
    ]
    # 本月 followed by a day is a date, not the month's figure
    assert [c.period for c in extract_claims("本月2日上市,過去三年分別虧損逾63億元", dt.date(2026, 1, 14))] != [
        "2026-01"
    ]
    # a company's quarterly report: its figures of the year under way are reported
    text = "锐捷网络股份有限公司2025年第三季度报告\n| 营业收入(元) | 4,031,122,370.58 | 20.93% |"
    assert {c.kind for c in extract_claims(text, dt.date(2025, 10, 21))} == {"actual"}


def test_bare_amount_takes_the_currency_a_text_writes_its_money_in():
    text = (
        "Net sales rose 12 per cent to 4.83 billion euros, above the 4.6 billion forecast.\n"
        "It expects annual operating profit between 1.7 billion and 2.2 billion euros."
    )
    got = [(c.value, c.unit) for c in extract_claims(text, dt.date(2025, 10, 23))]
    assert (4.6e9, "EUR") in got and (1.7e9, "EUR") in got and (2.2e9, "EUR") in got


def test_result_better_than_expected_is_reported():
    got = extract_claims(
        "Revenue was also better than expected, at €4.83bn in the third quarter of 2025.", dt.date(2025, 10, 23)
    )
    assert [(c.value, c.unit, c.kind) for c in got] == [(4.83e9, "EUR", "actual")]
