"""Consensus, reference line, source tiers and the forecast scorecard on hand-made rows: every expected
figure below is computed by hand from the rows written here (issue 19 item 6, issue 20 items 2-3)."""

from __future__ import annotations

import datetime as dt

import pytest

from sources.ledger.vocabulary import default_folder, load_vocabulary
from warehouse import db, load, marts

KEY = "optics_units_shipped|optics-800g|-|800|-|-|-|annual"
ESTIMATED = "optics_units_shipped|optics-1.6t|-|1600|-|-|-|annual"  # a series whose past years are estimates


def _obs(record_id, period, value, kind, publisher, published_on, tier, qualifier=None, key=KEY):
    year = int(period)
    return {
        "record_id": record_id,
        "indicator": "optics_units_shipped",
        "subject": "800G modules",
        "period": period,
        "period_start": dt.date(year, 1, 1),
        "period_end": dt.date(year, 12, 31),
        "value": value,
        "unit": "units",
        "kind": kind,
        "value_qualifier": qualifier,
        "source_id": publisher.lower(),
        "publisher": publisher,
        "title": f"{publisher} note",
        "url": f"https://{publisher.lower()}.example/{record_id}",
        "evidence": f"{value:g} units",
        "confidence": "reported",
        "origin": "curated",
        "published_on": published_on,
        "series_key": key,
        "entity_id": "optics-800g",
        "source_tier": tier,
        "tier_reason": "test",
        "date_basis": "published",
        "loaded_at": dt.datetime(2026, 1, 1),
    }


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    connection = db.connect_work(tmp_path_factory.mktemp("consensus") / "w.duckdb")
    load.replace_vocabulary(connection, load_vocabulary(default_folder()))
    d = dt.date
    load.insert_rows(
        connection,
        "core.observations",
        [
            # 2026 forecasts: A revised 40 -> 45 (latest counts), B 30, C 50 via a spam mirror, D a bound ">35"
            _obs("f1", "2026", 40e6, "forecast", "A", d(2025, 6, 1), "original"),
            _obs("f2", "2026", 45e6, "forecast", "A", d(2025, 12, 1), "original"),
            _obs("f3", "2026", 30e6, "forecast", "B", d(2025, 11, 1), "press"),
            _obs("f4", "2026", 50e6, "forecast", "C", d(2025, 10, 1), "aggregator"),
            _obs("f5", "2026", 35e6, "forecast", "D", d(2025, 9, 1), "press", qualifier=">"),
            # 2024: forecasts made before the year ended, then actuals
            _obs("g1", "2024", 10e6, "forecast", "A", d(2023, 12, 31), "original"),
            _obs("g2", "2024", 8e6, "forecast", "B", d(2024, 3, 1), "press"),
            _obs("g3", "2024", 12e6, "forecast", "C", d(2023, 6, 1), "press", qualifier=">"),
            _obs("a1", "2024", 9e6, "actual", "B", d(2025, 2, 1), "press"),
            _obs("a2", "2024", 9.5e6, "actual", "A", d(2025, 3, 1), "original"),
            _obs("a3", "2024", 20e6, "actual", "E", d(2025, 4, 1), "unverified"),
            # ESTIMATED 2024: F's forecast, then G's estimate (newest), then F's actual published before G's estimate
            _obs("h1", "2024", 3e6, "forecast", "F", d(2024, 1, 1), "original", key=ESTIMATED),
            _obs("h2", "2024", 2.5e6, "actual", "F", d(2025, 1, 15), "original", key=ESTIMATED),
            _obs("h3", "2024", 2.8e6, "estimate", "G", d(2025, 6, 1), "press", key=ESTIMATED),
            # ESTIMATED 2025: a forecast of F and two estimates of G (the newer wins), one of H via an aggregator
            _obs("h4", "2025", 6e6, "forecast", "F", d(2024, 1, 1), "original", key=ESTIMATED),
            _obs("h5", "2025", 4e6, "estimate", "G", d(2025, 9, 1), "press", key=ESTIMATED),
            _obs("h6", "2025", 4.4e6, "estimate", "G", d(2026, 2, 1), "press", key=ESTIMATED),
            _obs("h7", "2025", 9e6, "estimate", "H", d(2026, 3, 1), "aggregator", key=ESTIMATED),
        ],
    )
    marts.apply_all(connection)
    yield connection
    connection.close()


def test_consensus_takes_each_publishers_latest_vintage_and_keeps_low_tiers_apart(con):
    row = con.execute(
        "SELECT publishers, points, bounds, median_value, min_value, max_value, strongest_lower_bound, "
        "low_tier_publishers, all_publishers, median_value_all_tiers FROM marts.consensus "
        "WHERE series_key = ? AND period = '2026' AND kind = 'forecast'",
        [KEY],
    ).fetchone()
    # original/press points: A 45 (its 40 is superseded), B 30 -> median 37.5; D's ">35" is a bound; C (aggregator) apart
    assert row == (3, 2, 1, 37.5e6, 30e6, 45e6, 35e6, 1, 4, 45e6)


def test_reference_line_is_the_latest_actual_else_the_median_forecast(con):
    lines = {
        (r[0]): r[1:]
        for r in con.execute(
            "SELECT period, basis, value, publisher FROM marts.reference_line WHERE series_key = ?", [KEY]
        ).fetchall()
    }
    # 2024: A's actual (2025-03-01) is newer than B's; E's 20M is unverified and never the reference
    assert lines["2024"] == ("latest_actual", 9.5e6, "A")
    assert lines["2026"] == ("median_forecast", 37.5e6, None)


def test_an_estimate_anchors_the_reference_line_before_a_forecast_never_before_an_actual(con):
    lines = {
        r[0]: r[1:]
        for r in con.execute(
            "SELECT period, basis, value, publisher, label_en FROM marts.reference_line WHERE series_key = ?",
            [ESTIMATED],
        ).fetchall()
    }
    # 2024: F's actual (2025-01-15) beats G's newer estimate (2025-06-01) and F's forecast
    assert lines["2024"][:3] == ("latest_actual", 2.5e6, "F")
    # 2025: no actual; G's newer estimate (2026-02-01, 4.4M) beats F's forecast; H's aggregator estimate stays out
    assert lines["2025"] == ("latest_estimate", 4.4e6, "G", "Latest estimate (G, 2026-02-01)")


def test_forecast_scorecard_pairs_passed_forecasts_with_the_actual(con):
    rows = {
        r[0]: r[1:]
        for r in con.execute(
            "SELECT forecast_record_id, actual_record_id, signed_pct_error, abs_pct_error, bound_held, horizon_months "
            "FROM marts.forecast_accuracy WHERE series_key = ?",
            [KEY],
        ).fetchall()
    }
    assert set(rows) == {"g1", "g2", "g3"}  # 2026 has not ended: not scored
    assert rows["g1"][0] == "a2"  # the original tier's actual, then the newest
    assert rows["g1"][1] == pytest.approx(10 / 9.5 - 1) and rows["g1"][2] == pytest.approx(10 / 9.5 - 1)
    assert rows["g2"][1] == pytest.approx(8 / 9.5 - 1)
    assert rows["g3"][1] is None and rows["g3"][3] is False  # ">12M" did not hold
    assert rows["g1"][4] == 12 and rows["g2"][4] == 9  # months to 2024-12-31
    summary = con.execute(
        "SELECT point_forecasts, bound_forecasts, bounds_held FROM marts.forecast_accuracy_summary "
        "WHERE forecast_publisher = 'C'"
    ).fetchone()
    assert summary == (0, 1, 0)
    targets = con.execute(
        "SELECT period, has_actual FROM marts.forecast_targets WHERE series_key = ?", [KEY]
    ).fetchall()
    assert targets == [("2024", True)]
