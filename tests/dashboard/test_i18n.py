"""English and Traditional Chinese: the catalog is complete, the code uses only keys it has, numbers read
as a Chinese reader writes them, and source evidence is never translated."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from dashboard import i18n
from dashboard.i18n import numbers
from dashboard.pages_index import PAGES
from tests.dashboard.test_pages import figures, frames_with, trace_values

DASHBOARD = Path(__file__).resolve().parents[2] / "dashboard"
# t("key"...) and t('key'...) calls (t_or takes keys built from data, with a fallback, and is not listed)
T_CALL = re.compile(r"""(?<![\w.])t\(\s*(["'])([A-Za-z0-9_.\-]+)\1""")
CJK = re.compile(r"[\u3400-\u9fff]")
# catalog entries whose Chinese is the English on purpose (names)
SAME_IN_BOTH = {
    "page.top500",
    "answers.fabric.infiniband",
    "roadmap.kind_value.dpu",
    *(f"top500.group.{g}" for g in ("infiniband", "slingshot", "omni-path", "myrinet", "quadrics")),
}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_catalog_key_has_both_languages_with_the_same_fields():
    catalog = i18n.catalog()
    assert len(catalog) > 100
    for key, entry in catalog.items():
        assert set(entry) == set(i18n.LANGUAGES), key
        assert all(isinstance(v, str) and v.strip() for v in entry.values()), key
        assert _fields(entry["en"]) == _fields(entry["zh-TW"]), key  # {rows} in one language is {rows} in the other
        if key not in SAME_IN_BOTH:
            assert CJK.search(entry["zh-TW"]), f"{key}: zh-TW text has no Chinese: {entry['zh-TW']!r}"


def test_every_key_the_code_uses_is_in_the_catalog():
    used = {}
    for path in DASHBOARD.rglob("*.py"):
        for m in T_CALL.finditer(path.read_text(encoding="utf-8")):
            used.setdefault(m.group(2), path.relative_to(DASHBOARD).as_posix())
    assert len(used) > 40  # the scan finds the pages' keys (a broken pattern would find none)
    missing = {k: f for k, f in used.items() if k not in i18n.catalog()}
    assert not missing, f"t() keys missing from dashboard/i18n/catalog.toml: {missing}"


def test_every_page_title_and_section_is_in_the_catalog():
    for page in PAGES:
        assert f"page.{page.url_path}" in i18n.catalog(), page.url_path
        assert i18n.t(f"page.{page.url_path}", "en") == page.title  # the English title is pages_index's
        assert f"nav.section.{page.section.lower()}" in i18n.catalog(), page.section
    roadmap = next(p for p in PAGES if p.url_path == "roadmap")
    assert roadmap.label("zh-TW") == "技術路線圖" and roadmap.section_label("zh-TW") == "追蹤"


def test_language_from_environment_is_read_at_call_time(monkeypatch):
    monkeypatch.delenv(i18n.ENV, raising=False)
    assert i18n.current() == "en"
    monkeypatch.setenv(i18n.ENV, "zh-TW")
    assert i18n.current() == "zh-TW" and i18n.t("page.uec") == "UEC 追蹤"
    monkeypatch.setenv(i18n.ENV, "klingon")  # unknown: English, not an error
    assert i18n.current() == "en"


@pytest.mark.parametrize(
    "code, expected",
    [
        ("zh-TW", "zh-TW"),
        ("zh_tw", "zh-TW"),
        ("zh-Hant", "zh-TW"),
        ("en-US", "en"),
        ("EN", "en"),
        ("fr", None),
        ("", None),
        (None, None),
    ],
)
def test_language_codes(code, expected):
    assert i18n.normalize(code) == expected


def test_format_placeholders_are_filled():
    assert i18n.t("ui.sources_title_publishers", "zh-TW", rows=12, publishers=3) == "來源與資料（12 列，3 個發布者）"
    assert (
        i18n.t("ui.sources_title_publishers", "en", rows=12, publishers=3) == "Sources and data (12 rows, 3 publishers)"
    )
    assert i18n.t("no.such.key", "zh-TW") == "no.such.key"
    assert i18n.t_or("status.nonsense", "nonsense", "zh-TW") == "nonsense"


# Hand-computed: 1.29e9 / 1e8 = 12.9 (億); 35,000,000 / 1e4 = 3,500 (萬); 2e6 / 1e4 = 200 (萬);
# 3.5e12 / 1e12 = 3.5 (兆); 3.2e9 / 1e9 = 3.2 (B); 0.355 * 100 = 35.5 (%).
@pytest.mark.parametrize(
    "value, unit, lang, qualifier, expected",
    [
        (1.29e9, "USD", "zh-TW", None, "12.9 億美元"),
        (35_000_000, None, "zh-TW", None, "3,500 萬"),
        (35_000_000, "units", "zh-TW", None, "3,500 萬個"),
        (2e6, "ports", "zh-TW", None, "200 萬個埠"),
        (3.5e12, "USD", "zh-TW", "~", "~3.5 兆美元"),
        (3.2e9, "USD", "zh-TW", "~", "~32 億美元"),
        (25_000_000, "USD", "zh-TW", None, "2,500 萬美元"),
        (9_500, "USD", "zh-TW", None, "9,500 美元"),
        (55, "count", "zh-TW", None, "55 個"),
        (800, "Gbps", "zh-TW", None, "800 Gbps"),
        (0.355, "share", "zh-TW", None, "35.5%"),
        (0.355, "share", "en", None, "35.5%"),
        (0.8, "share", "en", ">", ">80%"),
        (3.2e9, "USD", "en", "~", "~$3.2 B"),
        (1.29e9, "USD", "en", None, "$1.29 B"),
        (2e6, "ports", "en", None, "2 M ports"),
        (float("nan"), "USD", "zh-TW", None, "—"),
    ],
)
def test_numbers_for_the_reader(value, unit, lang, qualifier, expected):
    assert numbers.format_amount(value, unit, lang, qualifier) == expected


def test_exact_value_for_the_tooltip():
    assert numbers.format_exact(1.29e9, "USD", "zh-TW") == "1,290,000,000 美元"
    assert numbers.format_exact(1.29e9, "USD", "en") == "1,290,000,000 USD"
    assert numbers.format_exact(35_000_000, "ports", "zh-TW") == "35,000,000 個埠"
    assert numbers.format_exact(0.355, "share", "en") == "0.355 (35.5%)"
    assert numbers.significant(12.94) == "12.9" and numbers.significant(3_500) == "3,500"


def test_shape_format_value_follows_the_reader(monkeypatch):
    from dashboard import shape

    monkeypatch.setenv(i18n.ENV, "zh-TW")
    assert shape.format_value(1.29e9, "USD") == "12.9 億美元"
    assert shape.format_exact(1.29e9, "USD") == "1,290,000,000 美元"
    monkeypatch.setenv(i18n.ENV, "en")
    assert shape.format_value(1.29e9, "USD") == "$1.29 B"


# Columns holding what a source wrote: their values are shown as written, in the source's language.
SOURCE_TEXT = ("evidence", "title", "subject", "a_evidence", "b_evidence", "name", "description", "note")


def test_zh_labels_translate_names_never_values(monkeypatch):
    monkeypatch.setenv(i18n.ENV, "zh-TW")
    labels = i18n.localize_labels({"evidence": "The sentence, table cell or locator", "title": "Title", "xyz": "Xyz"})
    assert labels == {"evidence": "佐證（原文）", "title": "文件標題", "xyz": "Xyz"}  # unknown column: English kept
    # nothing in the i18n package takes a data frame or a value to translate
    source = "\n".join(p.read_text(encoding="utf-8") for p in (DASHBOARD / "i18n").glob("*.py"))
    assert "DataFrame" not in source and "translate(" not in source


def test_mart_columns_lacking_a_zh_tw_name(fixture_home, monkeypatch):
    """Every column of the published marts has a zh-TW name (add new ones to dashboard/i18n/dictionary.zh-TW.toml)."""
    import duckdb

    from warehouse import db

    with duckdb.connect(str(db.paths(fixture_home).published), read_only=True) as con:
        columns = {
            r[0]
            for r in con.execute(
                "SELECT DISTINCT column_name FROM meta.data_dictionary "
                "WHERE schema_name = 'marts' AND column_name <> ''"
            ).fetchall()
        }
    assert len(columns) > 150
    names = i18n.dictionary()["columns"]
    missing = sorted(columns - set(names))
    assert not missing, f"mart columns without a zh-TW name ({len(missing)}): {missing}"
    assert all(CJK.search(v) for v in names.values())


def test_every_indicator_has_a_zh_tw_name():
    """The one home of the Chinese indicator names is sources/curated/vocabulary/indicators.csv (the dashboard reads
    them from the warehouse, dashboard.data.indicator_names); every catalog indicator has one, in Chinese."""
    import csv

    curated = Path(__file__).resolve().parents[2] / "sources" / "curated"
    ids = set()
    for path in sorted(curated.glob("indicators*.csv")):
        with path.open(encoding="utf-8") as fh:
            ids |= {row["indicator"] for row in csv.DictReader(fh)}
    assert {"ai_backend_network_revenue", "growth_multiple"} <= ids  # indicators.csv and indicators_extra.csv
    with (curated / "vocabulary" / "indicators.csv").open(encoding="utf-8") as fh:
        names = {row["term"]: row["name_zh"] for row in csv.DictReader(fh)}
    assert not sorted(ids - set(names)), "indicators without a zh-TW name in vocabulary/indicators.csv"
    assert all(CJK.search(v) for v in names.values())
    assert "indicators" not in i18n.dictionary()  # no second home in the dashboard


def test_mart_summaries_in_zh_tw(fixture_home):
    import duckdb

    from warehouse import db

    with duckdb.connect(str(db.paths(fixture_home).published), read_only=True) as con:
        marts = {
            f"marts.{r[0]}"
            for r in con.execute(
                "SELECT DISTINCT table_name FROM meta.data_dictionary WHERE schema_name = 'marts'"
            ).fetchall()
        }
    missing = sorted(marts - set(i18n.dictionary()["relations"]))
    assert not missing, f"marts without a zh-TW summary: {missing}"


# ---- the translated pages in zh-TW (AppTest on the fixture warehouse) ----


@pytest.fixture
def zh_app(app, monkeypatch):
    monkeypatch.setenv(i18n.ENV, "zh-TW")
    return app


def test_roadmap_in_zh_tw(zh_app):
    at = zh_app("roadmap_page.py")
    assert not at.exception
    assert at.title[0].value == "技術路線圖"
    assert [s.value for s in at.subheader][:1] == ["各世代頻寬"]
    assert at.subheader[-1].value.startswith("產品目錄（")
    assert at.caption[0].value.startswith("網路架構產品（網卡、DPU")  # the mart's summary, in Chinese
    assert at.text_input(key="roadmap_search").label == "搜尋產品（名稱、廠商、系列、世代）"
    # the fixture's Quantum line has two generations: no doubling time, and the page says why, in Chinese
    assert any("尚無序列具備 3 個世代" in c.value for c in at.caption)
    chart = figures(at)[0]
    assert chart["layout"]["yaxis"]["title"]["text"] == "頻寬，Gb/s"
    names = {t.get("name") for t in chart["data"] if t.get("name")}
    assert any("埠速率" in n or "交換器容量" in n for n in names), names  # series: family · kind · basis, in Chinese
    assert any(e.label.startswith("來源與資料（") for e in at.expander)


def test_uec_in_zh_tw(zh_app):
    at = zh_app("uec_page.py")
    assert not at.exception
    assert at.title[0].value == "UEC 追蹤"
    assert [s.value for s in at.subheader] == ["里程碑與成員產品", "成員數變化", "全部項目"]
    members = figures(at)[-1]
    assert sorted(v for t in members["data"] for v in trace_values(t, "y")) == [9, 9, 55]
    assert members["layout"]["yaxis"]["title"]["text"] == "成員數"
    at.multiselect(key="uec_row_types").set_value([]).run()
    assert "此選擇下沒有里程碑。" in [i.value for i in at.info]


def test_ports_optics_in_zh_tw(zh_app):
    at = zh_app("ports_optics_page.py")
    assert not at.exception
    assert at.title[0].value == "交換器埠與光模組"
    assert [s.value for s in at.subheader] == ["各速率光模組"]
    units = figures(at)[0]
    assert units["layout"]["yaxis"]["title"]["text"] == "萬個"  # 10 M modules read as 1,000 萬個
    at.segmented_control(key="ports_section").set_value("prices").run()
    prices = figures(at)[-1]
    assert prices["layout"]["yaxis"]["title"]["text"] == "美元"
    names = {tr.get("name") for tr in prices["data"] if tr.get("name")}
    assert "參考線（最新實際值，否則為預測中位數）" in names or "fabricwatch tests" in names


def test_evidence_is_shown_as_written_in_both_languages(app, monkeypatch):
    """The same rows in English and in zh-TW: labels change, evidence, titles and subjects do not."""
    shown = {}
    for lang in ("en", "zh-TW"):
        monkeypatch.setenv(i18n.ENV, lang)
        at = app("uec_page.py")
        frame = frames_with(at, "title")[0]
        shown[lang] = frame[[c for c in SOURCE_TEXT if c in frame]]
    assert shown["en"].columns.tolist() and shown["en"].equals(shown["zh-TW"])


def test_language_switch_query_param_and_default(app, monkeypatch):
    monkeypatch.delenv(i18n.ENV, raising=False)
    at = app("uec_page.py")
    assert at.title[0].value == "UEC tracker"
    assert at.query_params["lang"] in ("en", ["en"])
    at.button_group(key="lang").set_value("zh-TW").run()  # the sidebar switch
    assert at.title[0].value == "UEC 追蹤"
    assert at.query_params["lang"] in ("zh-TW", ["zh-TW"])  # a copied link opens in Chinese
    assert at.session_state["lang"] == "zh-TW"


def test_link_with_lang_opens_in_that_language(fixture_home, monkeypatch):
    from streamlit.testing.v1 import AppTest

    from tests.dashboard.conftest import APP

    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    monkeypatch.setenv(i18n.ENV, "en")  # the link wins over the default
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params["lang"] = "zh-TW"
    at.run()
    assert not at.exception
    assert at.button_group(key="lang").value == "zh-TW"
    assert any(e.label.startswith("來源與資料（") for e in at.expander)


def test_column_help_in_zh_tw_keeps_the_english_description(zh_app):
    import json

    at = zh_app("uec_page.py")
    entries = next(df for df in at.dataframe if "on_date" in df.value.columns and "row_type" in df.value.columns)
    config = json.loads(entries.proto.columns)  # the column configs the browser receives
    assert config["row_type"]["label"] == "項目類型"
    assert config["row_type"]["help"] == "項目類型。原文說明：event, membership_count or product_claim."
    assert config["url"]["type_config"]["display_text"] == "連結"


def _headline_card():
    import streamlit as st

    from dashboard import components as ui

    ui.metric(st, "AI back-end network revenue", 1.29e9, "USD", "~")


@pytest.mark.parametrize(
    "lang, shown, exact",
    [("zh-TW", "~12.9 億美元", "精確數值：1,290,000,000 美元"), ("en", "~$1.29 B", "Exact value: 1,290,000,000 USD")],
)
def test_headline_card_rounds_for_the_reader_and_shows_the_exact_value_on_hover(monkeypatch, lang, shown, exact):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv(i18n.ENV, lang)
    at = AppTest.from_function(_headline_card, default_timeout=30).run()
    assert not at.exception
    assert at.metric[0].value == shown
    assert at.metric[0].help == exact


def test_overview_in_zh_tw(zh_app):
    at = zh_app("overview_page.py")
    assert not at.exception
    assert at.title[0].value == "fabricwatch"
    assert [s.value for s in at.subheader] == ["重點數字", "上次更新以來的變動"]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["2023 年實際值"] == "~32 億美元"  # Dell'Oro 2023 actual, ~$3.2 B
    assert metrics["Ultra Ethernet Consortium"] == "55 個"  # the subject as the source words it
    assert metrics["新觀測值"] == "1" and metrics["檢查失敗／警告"] == "0 / 1"
    # every card says period, kind, publisher and vintage in the reader's language
    captions = [c.value for c in at.caption]
    assert any(c.startswith("2023·實際值（約數）·Dell'Oro Group，發布於 2024-07-01") for c in captions)
    at.selectbox(key="overview_category").set_value("uec").run()
    assert set(frames_with(at, "indicator_name")[-1]["indicator_name"]) == {"UEC members"}  # data stays as written


def test_overview_card_names_the_stronger_statement(monkeypatch):
    """A headline that shows the previous period's stronger bound says so, with both figures (hand-written row)."""
    from types import SimpleNamespace

    from dashboard import headlines

    row = SimpleNamespace(
        headline_is_previous=True,
        value=50,
        unit="count",
        value_qualifier=">",
        period="2026",
        headline_value=100,
        headline_value_qualifier=">",
        headline_period="2025",
        kind="actual",
        headline_publisher="UEC",
        headline_published_on="2025-06-11",
        subject="UEC members",
    )
    monkeypatch.setenv(i18n.ENV, "en")
    card = headlines.latest_card(row, "UEC members")
    assert card.lines == [
        "2025 · actual (lower bound) · UEC, published 2025-06-11",
        "Shown: the stronger statement >100 count (2025); the latest figure >50 count (2026) is only "
        "a weaker lower bound.",
    ]
    monkeypatch.setenv(i18n.ENV, "zh-TW")
    assert (
        headlines.latest_card(row, "UEC").lines[1]
        == "顯示：較強的陳述 >100 個（2025）；最新數字 >50 個（2026）只是較弱的下限。"
    )


def test_market_in_zh_tw(zh_app):
    at = zh_app("market_page.py")
    assert not at.exception
    assert at.title[0].value == "市場"
    assert [s.value for s in at.subheader] == ["市場規模：各發布者的實際值與預測", "預測修正", "預測準確度記分卡"]
    assert at.selectbox(key="market_indicator").label == "指標"
    at.selectbox(key="market_indicator").set_value("vendor_networking_revenue").run()
    target = next(s for s in at.selectbox if s.key.startswith("revision_target::vendor_networking_revenue::"))
    assert target.label == "預測目標" and "個發布日期）" in target.format_func(target.value)
    revisions = figures(at)[-1]
    points = sorted(v for tr in revisions["data"] if tr["mode"] == "markers" for v in trace_values(tr, "y"))
    assert points == [27.5, 32.5, 35.0]  # 2.75, 3.25 and 3.5 billion USD in 億美元
    assert revisions["layout"]["yaxis"]["title"]["text"] == "億美元"


def test_share_in_zh_tw(zh_app):
    at = zh_app("share_page.py")
    assert not at.exception
    assert at.title[0].value == "InfiniBand 與乙太網路"
    share = figures(at)[0]
    names = {tr.get("name") for tr in share["data"] if tr.get("name")}
    assert {"乙太網路", "InfiniBand"} <= names and "ethernet" not in names  # legend in Chinese ...
    assert share["layout"]["yaxis"]["title"]["text"] == "佔 AI 後端網路營收比例（%）"
    assert "ethernet" in set(frames_with(at, "evidence")[0]["fabric"])  # ... the downloaded rows keep the code


def test_top500_in_zh_tw(zh_app):
    at = zh_app("top500_page.py")
    assert not at.exception
    assert at.title[0].value == "TOP500"
    assert at.subheader[0].value == "網路架構類別：2018-11 至 2023-11 共 4 期榜單"
    chart = figures(at)[0]
    ib = next(tr for tr in chart["data"] if tr["name"] == "InfiniBand")  # a name, kept
    assert trace_values(ib, "y") == pytest.approx([135 / 500, 140 / 500, 141 / 500, 218 / 500])
    names = [tr["name"] for tr in chart["data"]]
    assert names.index("乙太網路（不含 Slingshot）") < names.index("Slingshot")
    assert "無榜單紀錄" in names  # the gaps' shading, named once in the legend
    assert "systems" not in chart["data"][0]["hovertemplate"] and "套系統" in chart["data"][0]["hovertemplate"]
    eth = figures(at)[2]
    assert "乙太網路（未說明速率）" in {tr["name"] for tr in eth["data"]} or any(
        "G 乙太網路" in tr["name"] for tr in eth["data"]
    )
    groups = frames_with(at, "fabric_label")[0]
    assert "乙太網路（不含 Slingshot）" in set(groups["fabric_label"])


def test_benchmarks_in_zh_tw(zh_app):
    at = zh_app("benchmarks_page.py")
    assert not at.exception
    assert at.title[0].value == "基準測試"
    assert "記錄的 nccl-tests 執行：各訊息大小的匯流排頻寬" in [s.value for s in at.subheader]
    assert at.selectbox(key="bench_collective").label == "集體通訊"
    assert any(m.value.startswith("**失敗或截斷的執行") for m in at.markdown)
    curve = next(f for f in figures(at) if f["layout"]["xaxis"].get("type") == "log")
    assert all("measured" not in (tr.get("name") or "") for tr in curve["data"])
    assert any("量測值" in (tr.get("name") or "") for tr in curve["data"])
    assert "all_reduce" in set(frames_with(at, "collective")[0]["collective"])  # rows keep their codes


def test_mlperf_in_zh_tw(zh_app):
    at = zh_app("mlperf_page.py")
    assert not at.exception
    assert at.title[0].value == "MLPerf 訓練基準測試"
    assert [s.value for s in at.subheader] == ["各輪提交系統的網路架構佔比", "各網路架構的最大受測系統", "提交的系統"]
    share = figures(at)[0]
    v40 = {tr["name"]: y for tr in share["data"] for x, y in zip(tr["x"], trace_values(tr, "y")) if x == "v4.0"}
    assert v40 == pytest.approx({"infiniband": 1 / 3, "roce": 1 / 3, "TPU 晶片間互連（ICI）": 1 / 3})
    assert share["data"][-1]["name"] == "未說明"
    at.multiselect(key="mlperf_rounds").set_value(["v4.0"]).run()
    assert sorted(frames_with(at, "accelerators_total")[-1]["fabric"]) == ["infiniband", "roce", "tpu-ici"]  # codes


def test_model_in_zh_tw(zh_app):
    import fabric_model as fm

    at = zh_app("model_page.py")
    assert not at.exception
    assert at.title[0].value == "網路架構模型"
    assert at.sidebar.header[0].value == "情境"
    at.select_slider(key="model_gpus").set_value(1024).run()
    expected = fm.evaluate(fm.Scenario(gpus=1024, fabric="ib", nic_gbps=400), fm.load_catalog())
    assert at.metric[1].value == f"{expected.capex_network_per_gpu_usd:,.0f} 美元"  # same figure, Chinese unit
    assert at.metric[1].label == "每顆 GPU 網路資本支出"
    assert [tab.label for tab in at.tabs] == ["物料清單", "比較網路架構", "敏感度", "情境網格", "假設"]
    bom = frames_with(at, "item")[0]
    assert set(bom["item"]) >= {"交換器", "網卡"} and "葉層" in set(bom["type"])


def test_alerts_in_zh_tw(zh_app, fixture_home):
    import json

    from alerts import rules as alerts

    rule = alerts.Rule(
        name="zh-check",
        indicator="uec_members",
        condition="above",
        threshold=50,
        channel="webhook",
        target="https://hooks.example.org/zh",
    )
    alerts.add_rule(fixture_home, rule)
    try:
        at = zh_app("alerts_page.py")
        assert not at.exception
        assert at.title[0].value == "監看規則"
        assert [s.value for s in at.subheader][:1] == ["規則"]
        table = next(df for df in at.dataframe if "condition" in df.value.columns)
        config = json.loads(table.proto.columns)
        assert config["condition"]["label"] == "條件" and config["threshold"]["label"] == "門檻"
        assert "zh-check" in set(table.value["name"])  # the rule's own name, as the analyst wrote it
    finally:
        alerts.remove_rule(fixture_home, "zh-check")  # the fixture home is shared with the other page tests


def test_sources_quality_in_zh_tw(zh_app):
    at = zh_app("sources_quality_page.py")
    assert not at.exception
    assert at.title[0].value == "來源與品質"
    assert [tab.label for tab in at.tabs] == ["來源", "檢查", "衝突", "過期指標", "待審聲明", "SQL 主控台"]
    assert [s.label for s in at.selectbox] == ["來源", "審核狀態", "資料字典"]
    # the checks tab counts as the Overview does: failed (ERROR) and warnings (WARN) of all checks
    assert any("2 項檢查中 0 項失敗、1 項警告。" in m.value for m in at.markdown)
    assert any("對衝突數字" in m.value for m in at.markdown)  # the conflicts live on their own page
    # the SQL console answers in Chinese; the dictionary's headers follow the reader, its descriptions stay English
    at.text_area(key="sql_text").input("DROP TABLE core.observations")
    at.button[0].click().run()
    assert any(e.value.startswith("已拒絕：") for e in at.error)
    dictionary = next(df for df in at.dataframe if "data_type" in df.value.columns)
    columns = json.loads(dictionary.proto.columns)
    assert columns["column_name"]["label"] == "欄位名稱" and columns["description"]["label"] == "說明（原文）"


def test_conflicts_in_zh_tw(zh_app):
    at = zh_app("conflicts_page.py")
    assert not at.exception
    assert at.title[0].value == "來源衝突"
    groups = next(df for df in at.dataframe if "title" in df.value.columns)
    columns = json.loads(groups.proto.columns)
    assert columns["title"]["label"] == "序列" and columns["spread"]["label"] == "差距"
    assert not groups.value["title"].str.contains("|", regex=False).any()  # titles, never keys
