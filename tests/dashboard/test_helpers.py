"""Pure helpers of the dashboard: labels from the data dictionary, reshaping, trend fits, and the
data module's cache following the published file."""

from __future__ import annotations

import datetime as dt
import math

import pandas as pd
import pytest

from dashboard import charts, data, shape
from dashboard.dictionary import column_label, fallback_label, table_summary
from tests.dashboard import fixture_warehouse as fx
from warehouse import db
from warehouse import publish as wpublish


@pytest.mark.parametrize(
    "description, label",
    [
        ("Message size, bytes.", "Message size, bytes"),  # name, unit
        ("Sum of Rmax, TFlop/s.", "Sum of Rmax, TFlop/s"),
        ("Share of the 500 systems, 0-1.", "Share of the 500 systems, 0-1"),  # "0-1" is the unit, not a caveat
        ("Port or link speed dimension in Gb/s, NULL when not applicable.", "Port or link speed dimension in Gb/s"),
        (
            "Out-of-place bus bandwidth, GB/s (nccl-tests definition).",
            "Out-of-place bus bandwidth, GB/s",
        ),  # long aside dropped
        ("Money figures in billions of USD (value / 1e9), NULL for rates.", "Money figures in billions of USD"),
        ("Product slug (e.g. connectx-8, quantum-x800).", "Product slug"),
        ("Vintage: when the source said it. Forecast revisions are rows with later vintages.", "Vintage"),
    ],
)
def test_column_label_keeps_name_and_unit(description, label):
    assert column_label("x", description) == label


@pytest.mark.parametrize(
    "column, label",
    [
        ("capex_network_per_gpu_usd", "Capex network per GPU, USD"),
        ("effective_GBps_per_gpu", "Effective, GB/s per GPU"),
        ("power_network_w", "Power network, W"),
        ("step_time_s", "Step time, s"),
        ("switches_total", "Switches total"),
    ],
)
def test_fallback_label_spells_out_unit_suffix(column, label):
    assert fallback_label(column) == label
    assert column_label(column, None) == label


def test_table_summary_is_first_sentence():
    assert table_summary("One row per figure. Conflicts are kept (e.g. two vintages).") == "One row per figure."


def test_format_value_per_unit():
    assert shape.format_value(3.2e9, "USD", "~") == "~$3.2 B"
    assert shape.format_value(0.8, "share", ">") == ">80%"
    assert shape.format_value(2e6, "ports", None) == "2 M ports"
    assert shape.format_value(800, "Gbps", float("nan")) == "800 Gbps"
    assert shape.format_value(None, "USD") == "—"
    assert shape.format_change(0.25) == "+25%" and shape.format_change(float("nan")) is None


def test_headline_rows_prefers_newest_vintage_then_actuals():
    latest = pd.DataFrame(
        [
            dict(indicator="a", kind="forecast", published_on=dt.date(2024, 7, 1), value=12),
            dict(indicator="a", kind="actual", published_on=dt.date(2024, 7, 1), value=3),
            dict(indicator="b", kind="actual", published_on=dt.date(2023, 1, 1), value=1),
            dict(indicator="b", kind="forecast", published_on=dt.date(2025, 1, 1), value=2),
            dict(indicator="c", kind="actual", published_on=dt.date(2025, 1, 1), value=9),
        ]
    )
    heads = shape.headline_rows(latest, ("b", "a"))
    assert heads[["indicator", "value"]].values.tolist() == [["b", 2], ["a", 3]]


def test_search_matches_every_word_in_any_column():
    df = pd.DataFrame({"name": ["Quantum-2", "Quantum-X800", "Tomahawk 5"], "vendor": ["NVIDIA", "NVIDIA", "Broadcom"]})
    assert shape.search(df, "nvidia x800", ["name", "vendor"])["name"].tolist() == ["Quantum-X800"]
    assert len(shape.search(df, "  ", ["name"])) == 3


def test_exponential_fit_recovers_doubling_time():
    dates = pd.to_datetime(["2020-01-01", "2022-01-01", "2024-01-01"])
    df = pd.DataFrame({"d": dates, "bw": [100.0, 200.0, 400.0], "family": "x"})  # doubles every 2 years
    summary, line = charts.exponential_fit(df, "d", "bw", "family")
    assert summary["doubling_years"].iloc[0] == pytest.approx(2.0, rel=0.01)
    assert line["y_fit"].iloc[0] == pytest.approx(100, rel=0.01) and line["y_fit"].iloc[-1] == pytest.approx(
        400, rel=0.01
    )
    one_point, _ = charts.exponential_fit(df.head(1), "d", "bw", "family")
    assert one_point["doubling_years"].isna().all()


def test_query_frame_makes_duplicate_columns_unique():
    assert shape.query_frame(["n", "n"], [(1, 2)]).columns.tolist() == ["n", "n_2"]


def test_new_publish_shows_up_without_restart(tmp_path, monkeypatch):
    """The cache key is the published file's mtime: a refresh (new publish) is visible at once."""
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path))
    fx.build_home(tmp_path)
    before = data.mart("forecast_revisions")
    con = db.connect_work(db.paths(tmp_path).work)
    con.execute("DELETE FROM core.observations WHERE indicator = 'vendor_networking_revenue'")
    wpublish.publish(tmp_path, con)
    after = data.mart("forecast_revisions")
    assert (before["indicator"] == "vendor_networking_revenue").sum() == 3
    assert (after["indicator"] == "vendor_networking_revenue").sum() == 0


def test_marts_get_evidence_from_their_records(fixture_home, monkeypatch):
    """Marts that keep only record_id still show source, date, link and evidence."""
    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    optics = data.mart("optics")
    lc = optics[optics["publisher"] == "LightCounting"].iloc[0]
    assert lc["evidence"].startswith("§市場規模") and lc["title"].startswith("LightCounting High-Speed")
    assert not math.isnan(lc["units"])


def test_read_refuses_relations_outside_the_allowed_set(fixture_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    with pytest.raises(ValueError):
        data.read("core.observations; DROP TABLE x")
    with pytest.raises(ValueError):
        data.mart("not_a_mart")


def test_download_is_the_rows_and_their_sources(fixture_home, monkeypatch):
    """A table download is a zip: the rows as CSV and SOURCES.md naming every document they use."""
    import io
    import zipfile

    from dashboard import components

    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    rows = data.read("marts.market_size")
    assert not rows.empty
    with zipfile.ZipFile(io.BytesIO(components.download_bundle(rows, "market_size"))) as zf:
        assert sorted(zf.namelist()) == ["SOURCES.md", "market_size.csv"]
        back = pd.read_csv(zf.open("market_size.csv"))
        sources_md = zf.read("SOURCES.md").decode("utf-8")
    assert len(back) == len(rows)
    for url in rows["url"].dropna().unique():
        assert f"<{url}>" in sources_md
    for publisher in rows["publisher"].dropna().unique():
        assert publisher in sources_md
    assert "Suggested citation: fabricwatch warehouse" in sources_md
