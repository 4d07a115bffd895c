"""From rows to answers (issue 20): titles instead of keys, bounds as bounds, gaps as gaps, derived complements,
generations and doubling times, headline choice. Expected values are worked out by hand in each test."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import pytest

from dashboard import answer_charts, answers

D = pd.Timestamp


def test_bounds_are_told_apart_from_points():
    assert [answers.bound(q) for q in (">", ">=", "<", "<=", "~", None)] == [
        "lower",
        "lower",
        "upper",
        "upper",
        "point",
        "point",
    ]
    # a lower bound is a triangle pointing up, never a plain point; ~ is an open marker
    assert answer_charts.symbol("forecast", ">") == "triangle-up"
    assert answer_charts.symbol("actual", "<") == "triangle-down"
    assert answer_charts.symbol("actual", "~") == "diamond-open"
    assert answer_charts.symbol("forecast", None) == "circle"


def test_a_missing_period_breaks_the_line():
    xs = [D("2023-01-01"), D("2024-01-01"), D("2026-01-01")]
    gx, gy = answer_charts._gapped(xs, [1, 2, 4], "annual")
    assert gx == [D("2023-01-01"), D("2024-01-01"), None, D("2026-01-01")] and gy == [1, 2, None, 4]
    # quarters: 2025Q1 -> 2025Q2 is one step, 2025Q2 -> 2025Q4 skips one
    qx, _ = answer_charts._gapped([D("2025-01-01"), D("2025-04-01"), D("2025-10-01")], [1, 2, 3], "quarterly")
    assert qx.count(None) == 1 and qx.index(None) == 2


def test_ticks_read_as_the_unit_says():
    # $1.5 B in billions, never "1.500000001B"; 38 M units in millions
    assert answer_charts.scale("USD", pd.Series([1.5e9, 1.5e9])) == (1e9, "USD bn")
    assert answer_charts.scale("USD", pd.Series([6.3e8])) == (1e6, "USD M")
    assert answer_charts.scale("units", pd.Series([3.8e7])) == (1e6, "M units")
    assert answer_charts.scale("share", pd.Series([0.6667])) == (1.0, "%")


def test_flat_series_keeps_zero_on_the_axis():
    latest = pd.DataFrame(
        {
            "period": ["2024", "2025"],
            "period_start": [D("2024-01-01"), D("2025-01-01")],
            "kind": ["forecast"] * 2,
            "value": [1.5e9, 1.5e9],
            "value_qualifier": [None, None],
            "publisher": ["A", "A"],
            "published_on": [D("2024-03-01"), D("2025-03-01")],
        }
    )
    cons = pd.DataFrame(columns=["period", "period_start", "basis", "low", "high", "reference", "n_publishers"])
    fig = answer_charts.consensus_figure(latest, cons, "USD", "annual")
    assert fig.layout.yaxis.rangemode == "tozero" and fig.layout.yaxis.title.text == "USD bn"
    assert list(fig.data[-1].y) == [1.5, 1.5]


def test_derived_complement_flips_the_bound_and_says_it_is_derived():
    # Dell'Oro: Ethernet "more than two thirds" of AI back-end in 2025 -> InfiniBand less than one third
    shares = pd.DataFrame(
        {
            "publisher": ["Dell'Oro Group"],
            "segment": ["ai_backend"],
            "period": ["2025"],
            "published_on": [D("2026-03-10")],
            "kind": ["actual"],
            "fabric": ["ethernet"],
            "share": [0.6667],
            "value_qualifier": [">"],
        }
    )
    out = answers.with_complements(shares).set_index("fabric")
    assert not out.at["ethernet", "derived"] and out.at["infiniband", "derived"]
    assert out.at["infiniband", "share"] == pytest.approx(0.3333)
    assert out.at["infiniband", "value_qualifier"] == "<"
    # a report that gives both sides derives nothing
    both = pd.concat([shares, shares.assign(fabric="infiniband", share=0.3333, value_qualifier="<")])
    assert not answers.with_complements(both)["derived"].any()


def test_a_variant_is_not_a_generation_and_two_points_give_no_doubling_time():
    # Broadcom's Tomahawk line (switch capacity, Gb/s): 4 (25.6T, 2019-12), 5 (51.2T, 2022-08), 6 (102.4T, 2025-06);
    # Tomahawk Ultra (51.2T, 2025-07) is a variant of the 51.2T generation
    points = pd.DataFrame(
        {
            "series": ["TH"] * 4 + ["Pollara"] * 2,
            "name": ["Tomahawk 4", "Tomahawk 5", "Tomahawk 6", "Tomahawk Ultra", "Pollara 400", "Vulcano"],
            "introduced_on": pd.to_datetime(
                ["2019-12-01", "2022-08-01", "2025-06-01", "2025-07-01", "2024-10-01", "2025-06-01"]
            ),
            "bandwidth_gbps": [25600, 51200, 102400, 51200, 400, 800],
        }
    )
    gens = answers.generations(points).set_index("name")["is_generation"]
    assert gens.to_dict() == {
        "Tomahawk 4": True,
        "Tomahawk 5": True,
        "Tomahawk 6": True,
        "Tomahawk Ultra": False,
        "Pollara 400": True,
        "Vulcano": True,
    }
    from dashboard import charts

    g = answers.generations(points)
    summary, _ = charts.exponential_fit(g[g["is_generation"]], "introduced_on", "bandwidth_gbps", "series")
    fits = answers.doubling_times(g, summary)
    assert list(fits["series"]) == ["TH"]  # Pollara's two points make a ratio, not a trend
    # 25.6T to 102.4T is two doublings in 5.5 years; least squares over the three generations (x in years:
    # -2.72, -0.06, +2.78 around their mean; log2: -1, 0, +1): slope 5.5 / 15.13 = 0.3635/yr, 2.75 years a doubling
    assert fits["doubling_years"].iloc[0] == pytest.approx(2.75, abs=0.03)


def _latest(rows):
    return pd.DataFrame(rows, columns=["period", "kind", "value", "value_qualifier", "publisher", "published_on"])


def test_market_headline_is_last_year_actual_and_this_or_next_year_consensus():
    today = dt.date(2026, 12, 1)
    latest = _latest(
        [
            ("2024", "actual", 10e9, None, "A", D("2025-02-01")),
            ("2025", "actual", 14e9, None, "A", D("2026-02-01")),
            ("2027", "forecast", 20e9, None, "A", D("2026-02-01")),
            ("2030", "forecast", 100e9, ">", "B", D("2026-02-04")),
            ("2025-2029", "forecast", 80e9, "~", "B", D("2025-07-15")),
        ]
    )
    cons = pd.DataFrame(
        {"period": ["2027", "2030"], "kind": ["forecast", "forecast"], "median": [20e9, None], "n_publishers": [1, 1]}
    )
    head = answers.headline(latest, cons, today)
    assert head["year"] == 2025 and head["actual"]["period"] == "2025" and head["actual"]["value"] == 14e9
    # 2026 has no forecast, so 2027's; never 2030 (far out) nor 2025-2029 (a multi-year total)
    assert head["forecast"]["period"] == "2027"
    only_far = cons[cons["period"] == "2030"]
    assert answers.headline(latest, only_far, today)["forecast"] is None


def test_series_titles_never_show_keys():
    rows = pd.DataFrame(
        {
            "series_key": [
                "optics_units_shipped|optics-800g|-|800|-|-|annual",
                "dc_ethernet_switch|dc-ethernet-switch-market|200g_400g_800g|200|-|-|quarterly",
            ],
            "indicator": ["optics_units_shipped", "switch_ports_shipped"],
            "entity_id": ["optics-800g", "dc-ethernet-switch-market"],
            "subject": ["800G optical modules, worldwide", "DC Ethernet switch ports"],
            "segment": ["-", "200g_400g_800g"],
            "speed_gbps": [800.0, 200.0],
            "fabric": [None, None],
            "vendor": [None, None],
            "region": [None, None],
            "series_kind": ["annual", "quarterly"],
            "publisher": ["LightCounting", "Dell'Oro Group"],
            "period": ["2025", "2024Q3"],
            "period_start": [D("2025-01-01"), D("2024-07-01")],
            "unit": ["units", "ports"],
        }
    )
    titles = answers.series_titles(
        rows, {"optics-800g": "800G optical modules", "dc-ethernet-switch-market": "Data center Ethernet switch market"}
    )
    assert not titles["title"].str.contains("|", regex=False).any()
    by_key = dict(zip(titles["series_key"], titles["title"]))
    assert by_key[rows.series_key[0]] == "800G optical modules · annual"
    # a 200/400/800G total is named as the group, never as "200G"
    assert by_key[rows.series_key[1]] == "Data center Ethernet switch market (200G + 400G + 800G) · quarterly"


def test_conflict_groups_largest_disagreement_first():
    groups = pd.DataFrame(
        {
            "conflict_on": ["value", "value", "date"],
            "series_key": ["a", "b", "c"],
            "period": ["2026"] * 3,
            "forecast": [False, True, False],
            "spread": [0.1, 0.9, None],
            "max_days_apart": [None, None, 400],
            "pairs": [3, 1, 1],
        }
    )
    pairs = groups[["conflict_on", "series_key", "period"]].assign(kind=["actual", "forecast", "membership"])
    out = answers.sorted_groups(groups, pairs, {"a": "A", "b": "B", "c": "C"})
    assert list(out["title"]) == [
        "B · among forecasts",
        "A · among actuals, estimates and claims",
        "C · among actuals, estimates and claims",
    ]
    assert list(answers.sorted_groups(groups, pairs, {}, min_spread=0.5)["series_key"]) == ["b", "c"]


def test_one_series_and_period_disagreeing_among_forecasts_and_among_actuals_gets_two_titles():
    # the Conflicts page listed "Optical transceivers shipped - 1.6T optical modules (1.6T), annual" twice for 2025
    groups = pd.DataFrame(
        {
            "conflict_on": ["value", "value"],
            "series_key": ["k", "k"],
            "period": ["2025", "2025"],
            "forecast": [True, False],
            "spread": [0.6, 0.6],
            "max_days_apart": [None, None],
            "pairs": [3, 3],
        }
    )
    pairs = pd.DataFrame(
        {
            "conflict_on": ["value"] * 2,
            "series_key": ["k"] * 2,
            "period": ["2025"] * 2,
            "kind": ["forecast", "estimate"],
        }
    )
    out = answers.sorted_groups(groups, pairs, {"k": "1.6T modules, annual"})
    assert len(out) == 2 and out["title"].nunique() == 2


def test_no_annual_actual_gives_no_card_actual():
    # monthly counts only (UEC members): nothing to show as "last year's actual", and no empty row made up
    latest = _latest(
        [
            ("2023-07", "actual", 9.0, None, "UEC", D("2023-07-19")),
            ("2024-04", "actual", 55.0, None, "UEC", D("2024-04-10")),
        ]
    )
    cons = pd.DataFrame(columns=["period", "kind", "median", "n_publishers"])
    assert answers.headline(latest, cons, dt.date(2026, 12, 1))["actual"] is None


def test_a_catalog_definition_is_shown_without_the_indicator_id():
    rows = pd.DataFrame(
        {
            "series_key": ["k"],
            "indicator": ["optics_units_shipped"],
            "entity_id": ["optics-800g"],
            "subject": ["800G"],
            "segment": ["-"],
            "speed_gbps": [800.0],
            "fabric": [None],
            "vendor": [None],
            "region": [None],
            "series_kind": ["annual"],
            "publisher": ["A"],
            "period": ["2025"],
            "period_start": [D("2025-01-01")],
            "unit": ["units"],
        }
    )
    catalog = pd.DataFrame(
        {
            "series_key": ["k"],
            "title_en": ["800G optical modules, annual"],
            "title_zh": ["800G 光模組，年度"],
            "definition_en": ["optics_units_shipped: Optical modules shipped"],
            "definition_zh": ["optics_units_shipped：光模組出貨量"],
        }
    )
    titles = answers.series_titles(rows, {}, catalog)
    assert titles.loc[0, "title"] == "800G optical modules, annual"
    assert titles.loc[0, "definition"] == "Optical modules shipped"


def test_top_publishers_of_no_points_has_the_columns_the_chart_sorts_on():
    """A definition with a range but no publisher points (the Market page at 2x synthetic data) drew
    nothing and failed with KeyError 'is_other': the empty frame lacked the column the chart sorts on."""
    empty = pd.DataFrame({"publisher": pd.Series(dtype=str), "value": pd.Series(dtype=float)})
    out = answers.top_publishers(empty)
    assert {"legend", "is_other"} <= set(out.columns) and out.empty
    assert out.sort_values("is_other", kind="stable").empty
