"""Forecast revisions open on the most-revised target: the series and target period stated on the most dates,
with every vintage's figure for that one target (issue #14 §4)."""

from __future__ import annotations

import duckdb
import pandas as pd

from dashboard import shape
from tests.dashboard.test_pages import figures, trace_values
from warehouse import db


def _rev(series, period, publisher, published_on, value, bound="point", unit="USD"):
    return dict(
        series_key=series,
        period=period,
        unit=unit,
        publisher=publisher,
        bound=bound,
        indicator="x",
        subject=series,
        published_on=pd.Timestamp(published_on),
        value=value,
    )


def test_targets_rank_by_distinct_vintage_dates():
    rows = pd.DataFrame(
        [
            # A: one publisher restating its 2027 forecast three times
            _rev("A", "2027", "Dell'Oro", "2024-01-10", 10),
            _rev("A", "2027", "Dell'Oro", "2024-07-10", 12),
            _rev("A", "2027", "Dell'Oro", "2025-01-10", 15),
            # B: a range ($5-8) on one date and a point later: two vintages though three figures
            _rev("B", "2026", "IDC", "2024-03-01", 5, "lower"),
            _rev("B", "2026", "IDC", "2024-03-01", 8, "upper"),
            _rev("B", "2026", "IDC", "2025-03-01", 7),
            # C: two publishers on the same day: one vintage, not a revision
            _rev("C", "2025", "IDC", "2024-05-01", 3),
            _rev("C", "2025", "650 Group", "2024-05-01", 4),
            # A's 2028 target: another period of the same series is another target
            _rev("A", "2028", "Dell'Oro", "2024-01-10", 20),
            _rev("A", "2028", "Dell'Oro", "2025-01-10", 22),
        ]
    )
    targets = shape.revision_targets(rows)
    assert targets[["series_key", "period", "vintages", "figures"]].values.tolist() == [
        ["A", "2027", 3, 3],
        ["B", "2026", 2, 3],
        ["A", "2028", 2, 2],
    ]
    trail = shape.target_trails(rows, targets["target"].iloc[1])
    assert sorted(set(trail["trail"])) == ["IDC", "IDC · lower bound", "IDC · upper bound"]


def test_market_page_opens_on_the_target_with_most_vintages(app, fixture_home):
    with duckdb.connect(str(db.paths(fixture_home).published), read_only=True) as con:
        revisions = con.execute("SELECT * FROM marts.forecast_revisions WHERE kind = 'forecast'").df()
    # independently: distinct publication dates per (series, target period, unit)
    dated = revisions.dropna(subset=["published_on"])
    per_target = dated.groupby(["series_key", "period", "unit"])["published_on"].nunique()
    assert per_target.max() >= 3  # the fixture's Arista 2026 target: three vintages

    at = app("market_page.py")
    at.selectbox(key="market_indicator").set_value("vendor_networking_revenue").run()
    assert not at.exception
    series_key, period, unit = next(
        s for s in at.selectbox if s.key.startswith("revision_target::vendor_networking_revenue::")
    ).value.split(" @ ")
    assert per_target[(series_key, period, unit)] == per_target.max()
    # the chart holds that target's figures (in USD bn), one point per vintage, and nothing else
    target = dated[(dated["series_key"] == series_key) & (dated["period"] == period) & (dated["unit"] == unit)]
    chart = figures(at)[-1]
    points = [v for tr in chart["data"] if tr["mode"] == "markers" for v in trace_values(tr, "y")]
    assert sorted(points) == sorted(v / 1e9 for v in target["value"])
    assert chart["layout"]["xaxis"]["title"]["text"].startswith("Vintage")  # x: the date each forecast was published
