"""The dashboard on the real offline warehouse (one `fabricwatch refresh` into a temporary home),
not only on the hand-built fixture: every page renders, and the tables show the marts' columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import data
from dashboard.pages_index import PAGES
from warehouse import db, marts

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
pytestmark = pytest.mark.slow  # the session's offline refresh (tests/conftest.py) takes a while


@pytest.fixture
def real(refreshed_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(refreshed_home))
    return refreshed_home


@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_every_page_renders_on_the_real_warehouse(real, page):
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    if page != "overview_page.py":
        at.switch_page(f"views/{page}").run()
    assert not at.exception, [e.message for e in at.exception]


def test_the_mart_list_is_the_warehouses(real):
    with db.published_connection(real) as con:
        built = sorted(marts.existing_marts(con))
    assert data.marts_in_warehouse() == built == sorted(m.name for m in marts.discover_marts())


def test_source_status_is_the_mart_with_every_registry_source(real):
    from sources.registry import REGISTRY

    status = data.source_status()
    assert {s.source_id for s in REGISTRY} <= set(status["source_id"])
    nccl = status.set_index("source_id").loc["nccl_logs"]
    # seven recorded nccl-tests logs are shipped in sources/snapshots/nccl_logs/ (manifest.json)
    assert (nccl["documents"], nccl["stored"], nccl["failing"]) == (7, 7, 0)


def test_sources_say_when_the_replayed_recording_was_made(real):
    """Offline, a replayed source says the day its recording was made (the newest `recorded_at` of its manifest,
    read here from the file), not only "replayed"; a source with no recording has none."""
    import json

    status = data.source_status().set_index("source_id")
    snapshots = Path(__file__).resolve().parents[2] / "sources" / "snapshots"
    for source in ("nccl_logs", "top500_lists", "mlperf_training"):
        entries = json.loads((snapshots / source / "manifest.json").read_text(encoding="utf-8"))["entries"]
        assert status.at[source, "last_outcome"] == "replayed"
        assert str(status.at[source, "recorded_on"])[:10] == max(e["recorded_at"] for e in entries), source
    live_only = status[status["last_outcome"] == "not_recorded"]
    assert len(live_only) > 10 and live_only["recorded_on"].isna().all()


def test_the_model_page_can_build_the_catalog_the_published_run_used(real):
    import fabric_model as fm

    overrides = data.spec_overrides()
    assert list(overrides.columns[:3]) == ["product_id", "field", "value"]
    catalog = fm.load_catalog(overrides)
    with db.published_connection(real) as con:
        published = sorted(con.execute("SELECT name, source FROM model.assumptions").fetchall())
    assert sorted((a["name"], a.get("source")) for a in fm.assumptions(catalog)) == published


# ---- issue 20: answers, on the real offline warehouse -------------------------------------------------------

import re  # noqa: E402
import time  # noqa: E402

from tests.dashboard.test_pages import figures, trace_values  # noqa: E402

CJK = re.compile(r"[\u3400-\u9fff]")
PIPE_KEY = re.compile(r"[a-z0-9_]+\|[a-z0-9_:.\-/]*\|")  # indicator|entity|… as series_key writes it
RENDER_BUDGET_S = 2.0


def _open(page: str, lang: str = "en", monkeypatch=None) -> AppTest:
    if monkeypatch is not None:
        monkeypatch.setenv("FABRICWATCH_LANG", lang)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    if page != "overview_page.py":
        at.switch_page(f"views/{page}").run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_a_headline_card_names_its_definition_period_kind_publisher_and_vintage(real):
    at = _open("overview_page.py")
    metrics = [m.label for m in at.metric]
    # the market card: a year and what the figure is (an actual, or a forecast with how many publishers)
    assert any(re.fullmatch(r"20\d\d (forecast, (consensus of \d+|.+ only)|actual|estimate)", m) for m in metrics), (
        metrics
    )
    captions = [c.value for c in at.caption]
    dated = [c for c in captions if re.search(r"^20\d\d(Q\d)? · .+ · .+, published (20\d\d(-\d\d){0,2}|undated)", c)]
    assert len(dated) >= 4, captions  # period · kind · publisher, published vintage
    titles = [md.value for md in at.markdown if md.value.startswith("**")]
    assert any("annual" in t for t in titles), titles  # the card's definition names its period basis
    # never a far-out, cumulative or single-vendor figure on a market card
    assert not any(re.search(r"20(29|30) forecast", m) for m in metrics)
    assert not any(re.search(r"20\d\d-20\d\d", m) for m in metrics)


def test_headline_cards_name_their_subject_in_the_readers_language(real, monkeypatch):
    """The Ethernet switch card's subject: the source's English wording in English; in zh-TW the entity's Chinese
    name as the vocabulary file gives it (read here from the CSV, the one home of that name), never the English."""
    import csv

    vocabulary = Path(__file__).resolve().parents[2] / "sources" / "curated" / "vocabulary" / "entity_names.csv"
    with vocabulary.open(encoding="utf-8") as f:
        zh_names = {
            r["entity_id"]: r["name_zh"] for r in csv.DictReader(line for line in f if not line.startswith("#"))
        }
    assert zh_names["ethernet-switch-market"] == "全球乙太網路交換器市場"
    english = [m.label for m in _open("overview_page.py", "en", monkeypatch).metric]
    assert "Worldwide Ethernet switch market" in english, english
    chinese = [m.label for m in _open("overview_page.py", "zh-TW", monkeypatch).metric]
    assert zh_names["ethernet-switch-market"] in chinese, chinese
    assert "Worldwide Ethernet switch market" not in chinese, chinese


def _market_definitions_by_hand(con, year: int):
    """The market-wide annual USD definitions and, per definition, the original/press publishers with a figure for
    `year` or the next (marts.series_catalog, core.entities, marts.consensus_points), computed here in pandas."""
    catalog = con.execute(
        "SELECT c.series_key, c.indicator, c.period_basis, c.unit, c.category, c.publishers, e.kind "
        "FROM marts.series_catalog c JOIN core.entities e USING (entity_id)"
    ).df()
    wide = catalog[
        (catalog["category"] == "market")
        & (catalog["unit"] == "USD")
        & (catalog["period_basis"] == "annual")
        & catalog["kind"].isin(["market", "segment"])
    ]
    points = con.execute("SELECT series_key, period, publisher, in_consensus FROM marts.consensus_points").df()
    near = points[points["in_consensus"].astype(bool) & points["period"].isin([str(year), str(year + 1)])]
    counts = near.groupby("series_key")["publisher"].nunique()
    return wide.assign(near=wide["series_key"].map(counts).fillna(0).astype(int))


def test_market_opens_on_the_definition_with_most_publishers_for_this_year_or_next(real):
    import datetime as dt

    at = _open("market_page.py")
    indicator = at.selectbox(key="market_indicator").value
    key = at.selectbox(key=f"market_size::{indicator}_series").value
    with db.published_connection(real) as con:
        wide = _market_definitions_by_hand(con, dt.date.today().year)
    assert key in set(wide["series_key"]), key  # a whole market's definition, never one company's figure
    best = wide["near"].max()
    assert wide.set_index("series_key").at[key, "near"] == best
    leaders = wide[wide["near"] == best]
    assert wide.set_index("series_key").at[key, "publishers"] == leaders["publishers"].max()
    assert any("Opened on the market definition with the most publishers" in c.value for c in at.caption)


def test_market_shows_a_revision_trail_of_a_market_forecast_by_default(real):
    at = _open("market_page.py")
    target = [s for s in at.selectbox if s.label == "Forecast target"]
    assert target, "no revision trail offered"
    chart = figures(at)[1]
    # a trail: one publisher's figure for one target, on at least two dates
    dates = {x for tr in chart["data"] for x in trace_values(tr, "x")}
    assert len(dates) >= 2, dates


def test_the_market_page_shows_a_consensus_line_for_one_definition(real):
    at = _open("market_page.py")
    chart = figures(at)[0]
    names = [tr.get("name") for tr in chart["data"]]
    assert "reference line (latest actual, else latest estimate, else median forecast)" in names
    # one definition per chart: the points drawn are exactly that series' latest figure per publisher and period
    indicator = at.selectbox(key="market_indicator").value
    key = at.selectbox(key=f"market_size::{indicator}_series").value
    with db.published_connection(real) as con:
        latest = con.execute(
            "SELECT count(*) FROM marts.consensus_points WHERE series_key = ? AND in_consensus", [key]
        ).fetchone()[0]
    drawn = sum(len(trace_values(tr, "y")) for tr in chart["data"] if tr.get("mode") == "markers")
    assert latest >= 1 and drawn == latest


def test_a_bound_renders_as_a_bound(real):
    with db.published_connection(real) as con:
        bounds = con.execute(
            "SELECT count(*) FROM marts.uec_tracker WHERE row_type = 'membership_count' "
            "AND member_count_qualifier IN ('>', '>=')"
        ).fetchone()[0]
    assert bounds >= 1  # e.g. ">50" members in 2026, after ">100"
    at = _open("uec_page.py")
    members = figures(at)[-1]
    symbols = [s for tr in members["data"] for s in tr["marker"]["symbol"]]
    assert symbols.count("triangle-up") == bounds
    assert all(tr["mode"] == "markers" for tr in members["data"])  # never joined into a fall


@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_no_pipe_joined_key_is_visible(real, page):
    at = _open(page)
    shown = [o for s in at.selectbox for o in s.options]  # the options as the picker shows them
    shown += [m.value for m in at.markdown] + [c.value for c in at.caption] + [s.value for s in at.subheader]
    leaked = [s for s in shown if isinstance(s, str) and PIPE_KEY.search(s)]
    assert not leaked, leaked[:3]


@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_every_zh_tw_page_title_and_header_is_chinese(real, page, monkeypatch):
    at = _open(page, "zh-TW", monkeypatch)
    title = at.title[0].value
    assert CJK.search(title) or title in ("fabricwatch", "TOP500"), title  # names stay as written
    headers = [s.value for s in at.subheader] + [h.value for h in at.header]
    assert all(CJK.search(h) for h in headers), headers
    assert all(CJK.search(tab.label) or tab.label.startswith("SQL") for tab in at.tabs)
    # chart titles, axis and legend titles too (a bare unit such as "Gbps" stays a unit)
    for fig in figures(at):
        layout = fig.get("layout", {})
        named = [layout.get("title"), layout.get("legend", {}).get("title")]
        named += [v.get("title") for k, v in layout.items() if re.fullmatch(r"[xy]axis\d*", k)]
        texts = [n.get("text") if isinstance(n, dict) else n for n in named]
        english = [x for x in texts if x and not CJK.search(x) and not re.fullmatch(r"[A-Za-z/%]{1,6}", x)]
        assert not english, english


@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_each_page_renders_within_its_budget(real, page):
    at = _open(page)  # first run: imports and the cached loaders
    started = time.perf_counter()
    at.run()
    elapsed = time.perf_counter() - started
    assert not at.exception
    assert elapsed < RENDER_BUDGET_S, f"{page}: {elapsed:.2f} s"


def test_the_cloud_page_draws_the_disclosures(real):
    with db.published_connection(real) as con:
        per_gpu = con.execute(
            "SELECT count(*) FROM marts.cloud_fabrics WHERE disclosure = 'cloud_per_gpu_bandwidth' "
            "AND value IS NOT NULL"
        ).fetchone()[0]
    at = _open("cloud_page.py")
    chart = figures(at)[0]
    assert per_gpu > 0 and sum(len(trace_values(tr, "x")) for tr in chart["data"]) == per_gpu


def test_a_vintage_given_as_a_year_prints_as_the_year(real):
    with db.published_connection(real) as con:
        years = con.execute(
            "SELECT count(*) FROM marts.consensus_points WHERE published_label ~ '^[0-9]{4}$'"
        ).fetchone()[0]
    assert years >= 1  # e.g. IDC's 2023 estimate, published "2025"
    at = _open("market_page.py")
    shown = [c.value for c in at.caption] + [m.value for m in at.markdown]
    for df in at.dataframe:
        shown += [str(v) for col in df.value.columns if col == "published_on" for v in df.value[col]]
    assert not [s for s in shown if re.search(r"\b20\d\d-01-01\b", s)], "a year printed as its first day"
    assert any(re.search(r"published 20\d\d\b(?!-)", s) for s in shown)


def test_no_two_conflict_groups_share_a_title_and_period(real):
    at = _open("conflicts_page.py")
    groups = next(df.value for df in at.dataframe if "title" in df.value.columns and "period" in df.value.columns)
    assert not groups.duplicated(["title", "period"]).any(), groups[groups.duplicated(["title", "period"], keep=False)]


def test_series_titles_are_unique_and_zh_titles_use_the_entities_chinese_names(real):
    with db.published_connection(real) as con:
        rows = con.execute(
            "SELECT c.title_en, c.title_zh, e.name, v.name_zh FROM marts.series_catalog c "
            "JOIN core.entities e USING (entity_id) "
            "LEFT JOIN core.vocabulary v ON v.dimension = 'entity' AND v.term = c.entity_id"
        ).df()
        kinds = con.execute(
            "SELECT DISTINCT e.kind, e.entity_id, v.name_zh FROM marts.series_catalog c "
            "JOIN core.entities e USING (entity_id) "
            "LEFT JOIN core.vocabulary v ON v.dimension = 'entity' AND v.term = c.entity_id"
        ).df()
    assert not rows["title_en"].duplicated().any() and not rows["title_zh"].duplicated().any()
    named = rows[rows["name_zh"].notna()]
    assert len(named) >= 50
    assert all(zh in title for zh, title in zip(named["name_zh"], named["title_zh"]))
    # (after "——" a title may add the subject as the sources word it, which stays in its language)
    assert not any(f"—{en}" in title.split("——")[0] for en, title in zip(named["name"], named["title_zh"]))
    # a market or segment is a description, not a name: each one a series reads has its Chinese name
    unnamed = kinds[kinds["kind"].isin(["market", "segment"]) & kinds["name_zh"].isna()]
    assert unnamed.empty, sorted(unnamed["entity_id"])


def test_indicator_names_in_zh_tw_are_the_vocabularys(real, monkeypatch):
    import csv

    monkeypatch.setenv("FABRICWATCH_LANG", "zh-TW")
    path = Path(__file__).resolve().parents[2] / "sources" / "curated" / "vocabulary" / "indicators.csv"
    with path.open(encoding="utf-8") as fh:
        vocabulary = {row["term"]: row["name_zh"] for row in csv.DictReader(fh)}
    names = data.indicator_names()
    assert names["ai_backend_network_revenue"] == "AI 後端網路營收"
    assert {i: names[i] for i in vocabulary if i in names} == {i: vocabulary[i] for i in vocabulary if i in names}


def test_mlperf_states_the_rounds_it_lacks(real):
    at = _open("mlperf_page.py")
    note = next(c.value for c in at.caption if c.value.startswith("Coverage:"))
    assert "11 rounds recorded, v0.6 to v6.0" in note
    assert "Not recorded: v0.5 (2018-12), v3.1 (2023), v5.0 (2025-06)" in note


# ---- issue 20, closing gaps: dates by precision, no "None", rounds from data, zh labels, one spread rule -------


def _catalog_row(at, name: str) -> dict:
    catalog = next(df.value for df in at.dataframe if "introduced_on" in df.value.columns)
    return catalog.set_index("name").loc[name].to_dict()


def test_roadmap_dates_print_as_precisely_as_their_sources_give_them(real):
    at = _open("roadmap_page.py")
    # labelled by reading the curated rows: Spectrum-4 "revealed at GTC" in March 2022 (month), samples "late 2022"
    # (recorded as H2); Arista 7060XE7 planned for "Q4 2026"; Jericho4 unveiled "during the 2025 OCP APAC Summit"
    # (month); GB200 NVL72 "announced at GTC 2024 on March 18, 2024" (a day)
    spectrum4 = _catalog_row(at, "Spectrum-4")
    assert (spectrum4["announced_on"], spectrum4["shipping_on"], spectrum4["introduced_on"]) == (
        "2022-03",
        "2022H2",
        "2022-03",
    )
    assert _catalog_row(at, "Arista 7060XE7 Series")["shipping_on"] == "2026Q4"
    assert _catalog_row(at, "Broadcom Jericho4")["announced_on"] == "2025-08"
    assert _catalog_row(at, "NVIDIA GB200 NVL72")["announced_on"] == "2024-03-18"
    # and no date the sources give less precisely than a day prints as one
    with db.published_connection(real) as con:
        vague = con.execute("SELECT name FROM marts.bandwidth_roadmap WHERE introduced_precision <> 'day'").fetchall()
    catalog = next(df.value for df in at.dataframe if "introduced_on" in df.value.columns).set_index("name")
    assert len(vague) >= 20
    shown = [catalog.at[name, "introduced_on"] for (name,) in vague]
    assert not [s for s in shown if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s)], shown
    # the chart's hover too: ConnectX-7 (announced November 2021) and ConnectX-8 (shipping August 2025) by month
    hovers = {
        row[0] if isinstance(row, list) else row
        for tr in figures(at)[0]["data"]
        if "Introduction date=%{customdata[0]}" in (tr.get("hovertemplate") or "")
        for row in tr["customdata"]
    }
    assert {"2021-11", "2025-08"} <= hovers and "2021-11-01" not in hovers


def test_the_scorecard_prints_forecast_vintages_by_their_precision(real):
    at = _open("market_page.py")
    scored = next(df.value for df in at.dataframe if "forecast_published_on" in df.value.columns)
    by_publisher = scored.groupby("forecast_publisher")["forecast_published_on"].apply(set)
    # Dell'Oro Group's scored forecast was published "2022" (a year), LightCounting's in "2023-05" (a month)
    assert by_publisher["Dell'Oro Group"] == {"2022"}
    assert "2023-05" in by_publisher["LightCounting"]
    assert not scored["forecast_published_on"].str.fullmatch(r"\d{4}-01-01").any()


NONE_WORD = re.compile(r"(?<![A-Za-z])(None|nan|NaN|NaT)(?![A-Za-z])")


def _shown_texts(at) -> list[str]:
    out = [str(e.value) for kind in ("title", "header", "subheader", "caption", "markdown") for e in getattr(at, kind)]
    out += [str(e.value) for kind in ("info", "warning", "success", "error") for e in getattr(at, kind)]
    out += [str(v) for m in at.metric for v in (m.label, m.value, m.delta) if v is not None]
    out += [str(o) for w in list(at.selectbox) + list(at.multiselect) + list(at.radio) for o in [w.label, *w.options]]
    out += [str(e.label) for e in at.expander] + [str(tab.label) for tab in at.tabs]
    return out


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_no_page_prints_none_nan_or_nat(real, page, lang, monkeypatch):
    at = _open(page, lang, monkeypatch)
    leaked = [s[:120] for s in _shown_texts(at) if NONE_WORD.search(s)]
    for i, df in enumerate(at.dataframe):
        frame = df.value
        # the browser prints a null cell as "None": a gap must arrive as words ("—", "undated")
        leaked += [f"table {i} column {c}: null" for c in frame.columns if frame[c].isna().any()]
        for c in frame.columns:
            cells = frame[c].dropna().astype(str).str.strip()
            if cells.isin(["None", "nan", "NaN", "NaT", "<NA>"]).any():
                leaked.append(f"table {i} column {c}: {cells[cells.isin(['None', 'nan', 'NaN', 'NaT'])].iloc[0]!r}")
    assert not leaked, leaked[:5]


def test_mlperf_names_the_calendar_rounds_the_warehouse_lacks(real):
    import csv

    path = Path(__file__).resolve().parents[2] / "sources" / "curated" / "vocabulary" / "mlperf_rounds.csv"
    with path.open(encoding="utf-8") as fh:
        calendar = {
            r["term"]: dict(p.split("=", 1) for p in r["rule"].split(";"))["published"] for r in csv.DictReader(fh)
        }
    with db.published_connection(real) as con:
        held = {r for (r,) in con.execute("SELECT DISTINCT round FROM marts.mlperf_fabric_summary").fetchall()}
    assert held <= set(calendar) and len(held) == 11
    lacking = sorted(set(calendar) - held, key=lambda r: tuple(map(int, r[1:].split("."))))
    at = _open("mlperf_page.py")
    note = next(c.value for c in at.caption if c.value.startswith("Coverage:"))
    assert "Not recorded: " + ", ".join(f"{r} ({calendar[r]})" for r in lacking) + "." in note


def test_zh_tw_chart_titles_and_segment_names_are_chinese(real, monkeypatch):
    with db.published_connection(real) as con:
        titles = con.execute(
            "SELECT c.title_zh, c.segment_zh, c.segment_en FROM marts.series_catalog c WHERE c.segment IS NOT NULL"
        ).fetchall()
    # a segment the source words in English ("switches and NICs", "2 nodes x 8 GPUs") reads in Chinese in zh-TW
    worded = [(zh, seg) for zh, seg, en in titles if re.search(r"\b(and|per|nodes?|vs|expected|average)\b", en)]
    assert len(worded) >= 10
    assert all(CJK.search(seg) for _, seg in worded), [s for _, s in worded if not CJK.search(s)][:5]
    assert not any("switches and NICs" in zh for zh, _, _ in titles)
    # legend entries are publishers, fabrics or Chinese words, never an English code such as "stated"
    for page in ("market_page.py", "uec_page.py", "benchmarks_page.py", "share_page.py", "cloud_page.py"):
        at = _open(page, "zh-TW", monkeypatch)
        for fig in figures(at):
            codes = [tr.get("name") for tr in fig["data"] if re.fullmatch(r"[a-z_ ]+", tr.get("name") or "")]
            assert not codes, (page, codes)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_side_by_side_names_each_definition_by_the_catalogs_definition_name(real, lang, monkeypatch):
    at = _open("market_page.py", lang, monkeypatch)
    side = next(df.value for df in at.dataframe if "definition" in df.value.columns)
    column = "definition_name_zh" if lang == "zh-TW" else "definition_name_en"
    with db.published_connection(real) as con:
        names = {
            n
            for (n,) in con.execute(
                f"SELECT {column} FROM marts.series_catalog WHERE indicator = 'ai_backend_network_revenue'"
            ).fetchall()
        }
    assert set(side["definition"]) <= names and side["definition"].nunique() >= 3
    # the indicator is the picker's: no definition repeats its name
    assert not side["definition"].str.startswith(("AI back-end network revenue", "AI 後端網路營收")).any()


def test_conflict_spreads_print_by_one_rule(real):
    at = _open("conflicts_page.py")
    groups = next(df.value for df in at.dataframe if "spread" in df.value.columns)
    spreads = groups["spread"].astype(str)
    assert (spreads.str.fullmatch(r"\d+(,\d{3})*\.\d%") | (spreads == "—")).all(), spreads.unique()[:10]
    assert spreads.str.fullmatch(r"\d+(,\d{3})*\.\d%").sum() >= 20


def test_share_markers_are_open_exactly_when_derived(real):
    """The Share caption says "filled: a share as reported; open: derived as 1 − the other fabric's share". Dell'Oro's
    "~90%" InfiniBand share of 2023 (an approximate figure as its document states it) was drawn open, as if derived,
    and derived bounds were drawn filled. Every marker of a reported trace is filled, every derived one open."""
    at = _open("share_page.py")
    marker_traces = [tr for fig in figures(at) for tr in fig["data"] if tr.get("mode") == "markers"]
    assert marker_traces
    for tr in marker_traces:
        symbols = tr["marker"]["symbol"]
        symbols = symbols if isinstance(symbols, list) else [symbols]
        derived = tr["name"].endswith("(derived)")
        assert all(s.endswith("-open") == derived for s in symbols), (tr["name"], symbols)
    reported_ib = [tr for tr in marker_traces if tr["name"] == "InfiniBand"]
    assert reported_ib and 90.0 in [round(v, 6) for v in trace_values(reported_ib[0], "y")]


def test_no_percent_axis_or_picker_of_top500_is_titled_0_1(real):
    """Issue 20: '"0-1" axis title over % ticks'. The TOP500 shares are drawn with % ticks, but their axis titles and
    the measure picker read the dictionary label "Share of the list's systems, 0-1"."""
    at = _open("top500_page.py")
    titles = []
    for fig in figures(at):
        for name, axis in fig["layout"].items():
            if name.startswith("yaxis") and isinstance(axis, dict):
                titles.append(((axis.get("title") or {}).get("text") or "", axis.get("tickformat") or ""))
    percent_titles = [title for title, fmt in titles if "%" in fmt]
    assert percent_titles and not [x for x in percent_titles if "0-1" in x], titles
    options = [o for r in at.radio for o in r.options]
    assert options and not [o for o in options if "0-1" in o], options


def test_the_top500_history_axis_spans_the_lists_it_draws(real):
    """At 420 px the history chart's x axis ran to 2030 (the gap labels' text stretched it) while the newest list
    is 2025-06: the axis now spans the first and the last list drawn."""
    at = _open("top500_page.py")
    area = next(f for f in figures(at) if any(tr.get("stackgroup") for tr in f["data"]))
    lo, hi = area["layout"]["xaxis"]["range"]
    assert str(lo)[:7] == "2000-06" and str(hi)[:7] == "2025-06", (lo, hi)


def test_the_top500_gaps_are_shaded_and_named_once_in_the_legend(real, monkeypatch):
    """At 420 px the 'no list recorded' label written on each gap overlapped its neighbours' (three gaps within six
    years). Each gap is still shaded, and the shading is named once, as a legend entry. The gaps, read from the
    recorded list files (sources/snapshots/top500_lists/, 2000-06 to 2025-06): 2005-11, 2019-06, 2021-06 to
    2023-06 and 2024-06 are missing."""
    for lang, name in (("en", "No list recorded"), ("zh-TW", "無榜單紀錄")):
        at = _open("top500_page.py", lang, monkeypatch)
        area = next(f for f in figures(at) if any(tr.get("stackgroup") for tr in f["data"]))
        spans = sorted((str(s["x0"])[:7], str(s["x1"])[:7]) for s in area["layout"].get("shapes", []))
        assert spans == [("2005-06", "2006-06"), ("2018-11", "2019-11"), ("2020-11", "2023-11"), ("2023-11", "2024-11")]
        assert [a.get("text") for a in area["layout"].get("annotations", [])] == []
        assert [tr["name"] for tr in area["data"] if not tr.get("stackgroup")] == [name]
