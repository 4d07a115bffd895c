"""AppTest per page on the fixture warehouse: renders without exception, and one widget changes what is shown."""

from __future__ import annotations

import base64
import datetime as dt
import json

import numpy as np
import pytest

import fabric_model as fm
from dashboard.pages_index import PAGES
from tests.dashboard.fixture_warehouse import observations


def figures(at) -> list[dict]:
    """The plotly figures of a page, as the JSON the browser receives."""
    return [json.loads(el.proto.spec) for el in at.get("plotly_chart")]


def trace_values(trace: dict, axis: str) -> list:
    """x or y of a trace; plotly 7 sends numbers as base64 typed arrays."""
    values = trace.get(axis)
    if isinstance(values, dict) and "bdata" in values:
        return np.frombuffer(base64.b64decode(values["bdata"]), dtype=np.dtype(values["dtype"])).tolist()
    return list(values or [])


def frames_with(at, column: str) -> list:
    return [df.value for df in at.dataframe if column in df.value.columns]


@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_every_page_renders_without_exception(app, page):
    at = app(page)
    assert not at.exception, [e.message for e in at.exception]
    title = next(p.title for p in PAGES if p.file == page)
    assert at.title[0].value == ("fabricwatch" if page == "overview_page.py" else title)


def test_overview_headlines_and_what_changed(app):
    at = app("overview_page.py")
    metrics = {m.label: m.value for m in at.metric}
    # the AI back-end market card: Dell'Oro's 2023 actual, dated and sourced under the figure; the fixture has no
    # forecast for this year or next, and its 2028 target (far out) is never a card
    assert metrics["2023 actual"] == "~$3.2 B"
    captions = [c.value for c in at.caption]
    assert any(c.startswith("2023 · actual (approximate) · Dell'Oro Group, published 2024-07-01") for c in captions)
    if dt.date.today().year + 1 < 2028:
        assert ">$12 B" not in metrics.values()
        assert any("No forecast for" in c for c in captions)
    titles = [m.value for m in at.markdown]
    assert any("AI back-end network" in md and "annual" in md for md in titles)  # the card names its definition
    assert metrics["Ultra Ethernet Consortium"] == "55 count"
    assert metrics["New observations"] == "1"  # the May 2026 vintage of Arista's 2026 AI networking target
    assert metrics["New conflicts"] == "2"  # it disagrees with both earlier vintages
    assert metrics["Checks failed / warnings"] == "0 / 1"  # the fixture's one failed check is a WARN (freshness)
    new = frames_with(at, "record_id")[0]
    assert new["value"].tolist() == [3.5e9]
    # Interaction: narrowing the latest-figures table to one category.
    all_rows = len(frames_with(at, "indicator_name")[-1])
    at.selectbox(key="overview_category").set_value("uec").run()
    uec_rows = frames_with(at, "indicator_name")[-1]
    assert set(uec_rows["indicator_name"]) == {"UEC members"} and len(uec_rows) < all_rows


def test_market_shows_one_definition_with_bounds_reference_line_and_no_keys(app):
    at = app("market_page.py")
    picker = at.selectbox(key="market_size::ai_backend_network_revenue_series")
    assert picker.options and not any("|" in o for o in picker.options)  # titles, never series keys
    chart = figures(at)[0]
    names = [tr.get("name") for tr in chart["data"]]
    assert "reference line (latest actual, else latest estimate, else median forecast)" in names
    # Dell'Oro's "more than $12 B" in 2028 is a lower bound: a triangle pointing up, in USD bn; the 2023 "~$3.2 B"
    # actual an open diamond
    points = [
        (s, v)
        for tr in chart["data"]
        if tr.get("mode") == "markers"
        for s, v in zip(tr["marker"]["symbol"], trace_values(tr, "y"))
    ]
    assert ("triangle-up", 12.0) in points and ("diamond-open", 3.2) in points
    assert chart["layout"]["yaxis"]["title"]["text"] == "USD bn"
    # switching indicator keeps a valid selection: the new indicator's own definitions, no stale key
    at.selectbox(key="market_indicator").set_value("vendor_networking_revenue").run()
    assert not at.exception
    sources = frames_with(at, "evidence")[0]
    assert set(sources["publisher"]) == {"Arista Networks"}
    picker = at.selectbox(key="market_size::vendor_networking_revenue_series")
    assert picker.value.startswith("vendor_networking_revenue|")


def test_ports_optics_prices_one_module_type_per_chart(app):
    at = app("ports_optics_page.py")
    at.segmented_control(key="ports_section").set_value("prices").run()
    assert not at.exception
    prices = figures(at)[-1]
    assert prices["layout"]["yaxis"]["title"]["text"] == "USD"
    # 800G opens: 600 (2024) and 500 (2025); the 400G price (350) is another module type, never on this chart
    shown = sorted(v for tr in prices["data"] if tr.get("mode") == "markers" for v in trace_values(tr, "y"))
    assert shown == [500.0, 600.0]
    at.segmented_control(key="optics_price_speed").set_value(400.0).run()
    shown = sorted(v for tr in figures(at)[-1]["data"] if tr.get("mode") == "markers" for v in trace_values(tr, "y"))
    assert shown == [350.0]


def test_ports_optics_units_show_a_bound_as_a_bound(app):
    """LightCounting's "more than 10 M" 800G modules in 2024 is a lower bound: ▲, never a point on a line."""
    at = app("ports_optics_page.py")
    assert not at.exception
    units = figures(at)[0]
    points = [
        (s, v)
        for tr in units["data"]
        if tr.get("mode") == "markers"
        for s, v in zip(tr["marker"]["symbol"], trace_values(tr, "y"))
    ]
    assert points == [("triangle-up", 10.0)]
    assert units["layout"]["yaxis"]["title"]["text"] == "M units"


def test_roadmap_search_filters_catalog(app):
    at = app("roadmap_page.py")
    # one series per family, kind and bandwidth basis: port speeds and switch capacities are never one trend
    names = {t.get("name") for t in figures(at)[0]["data"] if t.get("name") and not t["name"].startswith("trend")}
    assert names and all(" · " in n for n in names), names
    # Quantum has two switch generations: too few for a doubling time (two points make a ratio, not a trend)
    assert not frames_with(at, "doubling_years")
    at.text_input(key="roadmap_search").input("quantum").run()
    catalog = frames_with(at, "switch_radix")[0]
    assert sorted(catalog["name"]) == ["Quantum-2", "Quantum-X800"]
    assert (
        any("Quantum-2 (" in s for s in (at.subheader[-1].value,))
        or at.subheader[-1].value == "Product catalog (2 of 5)"
    )


def test_uec_membership_and_row_type_filter(app):
    at = app("uec_page.py")
    members = figures(at)[-1]
    # the stated counts (9 founders, 55 in April 2024) and the 9 organizations of the members listing
    assert sorted(v for t in members["data"] for v in trace_values(t, "y")) == [9, 9, 55]
    at.multiselect(key="uec_row_types").set_value([]).run()
    assert "No milestones for this selection." in [i.value for i in at.info]


def test_model_capex_responds_to_cluster_size(app):
    at = app("model_page.py")

    def capex_per_gpu() -> str:
        return at.metric[1].value  # network capex per GPU

    small = capex_per_gpu()
    # 4,096 GPUs need 3 tiers of QM9700 (DGX SuperPOD RA, 16 SU); 1,024 fit in 2, so cost less per GPU
    at.select_slider(key="model_gpus").set_value(1024).run()
    two_tier = capex_per_gpu()
    assert small != two_tier
    expected = fm.evaluate(fm.Scenario(gpus=1024, fabric="ib", nic_gbps=400), fm.load_catalog())
    assert two_tier == f"${expected.capex_network_per_gpu_usd:,.0f}"
    assert expected.tiers == 2


def test_benchmarks_system_filter(app):
    at = app("benchmarks_page.py")
    runs = frames_with(at, "peak_busbw_GBps")[-1]
    assert runs["run_id"].tolist() == ["fixture-gb200"]  # the truncated A100 log is listed apart (issue #14 §4)
    apart = [df.value for df in at.dataframe if "run_status" in df.value.columns]
    assert apart and apart[0]["run_id"].tolist() == ["fixture-a100"]
    at.multiselect(key="bench_systems").set_value(["GB200 NVL72, 72 GPUs (CoreWeave)"]).run()
    runs = frames_with(at, "peak_busbw_GBps")[-1]
    assert runs["peak_busbw_GBps"].tolist() == [839.16]
    curve = figures(at)[0]
    assert max(v for t in curve["data"] for v in trace_values(t, "y")) == pytest.approx(839.16)


def test_top500_measure_switch(app):
    at = app("top500_page.py")
    chart = figures(at)[0]
    # lists 2018-11, 2019-11, 2020-06, 2023-11 of the fixture; InfiniBand group = Infiniband family less
    # Omni-Path/BXI filed under it (none before 2023-11, one BXI system then)
    ib = next(t for t in chart["data"] if t["name"] == "InfiniBand")
    assert trace_values(ib, "y") == pytest.approx([135 / 500, 140 / 500, 141 / 500, 218 / 500])
    names = [t["name"] for t in chart["data"]]
    assert names.index("Ethernet (excl. Slingshot)") < names.index("Slingshot")  # the mapping's order
    # the fixture's gaps (2019-06, 2020-11 to 2023-06) shaded, and named once in the legend, not on each gap
    assert len(chart["layout"]["shapes"]) == 2 and "No list recorded" in names
    at.radio(key="top500_measure").set_value("rmax_share").run()
    chart = figures(at)[0]
    assert chart["layout"]["yaxis"]["title"]["text"].startswith("Share of the list's total Rmax")
    ib_gen = figures(at)[1]
    assert {t["name"] for t in ib_gen["data"]} >= {"InfiniBand EDR", "InfiniBand HDR", "InfiniBand NDR"}


def test_sql_console_rejects_drop_and_runs_select(app):
    at = app("sources_quality_page.py")
    # The console is a form: type, then submit in the same run.
    at.text_area(key="sql_text").input("DROP TABLE core.observations")
    at.button[0].click().run()
    assert any("Rejected" in e.value and "read-only" in e.value for e in at.error)
    at.text_area(key="sql_text").input("SELECT count(*) AS n FROM core.observations")
    at.button[0].click().run()
    assert not at.error
    assert frames_with(at, "n")[0]["n"].tolist() == [len(observations(later=True))]


def test_alerts_page_lists_rules_and_deliveries(app, fixture_home):
    """A rule and one delivery written through the alert store show on the Watch rules page."""
    from alerts import rules as alerts

    rule = alerts.Rule(
        name="ui-check",
        indicator="ai_backend_network_revenue",
        condition="above",
        threshold=1e9,
        channel="webhook",
        target="https://hooks.example.org/x",
    )
    if "ui-check" not in [r.name for r in alerts.list_rules(fixture_home)]:
        alerts.add_rule(fixture_home, rule)
        payload = {
            "alert": "ui-check",
            "indicator": "ai_backend_network_revenue",
            "subject": "AI back-end switches",
            "period": "2027",
            "value": 12.5e9,
            "unit": "USD",
            "publisher": "Analyst A",
        }
        alerts.record(fixture_home, [(alerts.Pending(rule, "rec-1", payload), "webhook answered HTTP 500")], "run-1")
    at = app("alerts_page.py")
    assert not at.exception, [e.message for e in at.exception]
    rules = next(df.value for df in at.dataframe if "condition" in df.value.columns)
    assert rules.loc[0, "name"] == "ui-check" and rules.loc[0, "threshold"] == 1e9
    log = next(df.value for df in at.dataframe if "last_error" in df.value.columns)
    assert log.loc[0, "status"] == "failed" and log.loc[0, "value"] == 12.5e9
    assert any("retried at the next refresh" in w.value for w in at.warning)
