"""The marts over a small fixture warehouse (tests/fixtures/warehouse/builder.py): concrete rows per mart."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from tests.fixtures.warehouse import builder
from warehouse import db, marts
from sources.records import Records
from pipelines import loading


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    connection = builder.build(tmp_path_factory.mktemp("marts") / "w.duckdb")
    yield connection
    connection.close()


def rows(con, sql, params=()):
    cur = con.execute(sql, list(params))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


def test_discovery_orders_marts_after_the_marts_they_read():
    found = marts.discover_marts()
    names = [m.name for m in found]
    assert set(names) == {
        "market_size",
        "forecast_revisions",
        "fabric_share",
        "port_shipments",
        "optics",
        "bandwidth_roadmap",
        "uec_tracker",
        "top500_interconnects",
        "top500_history",
        "top500_generations",
        "nccl_results",
        "benchmark_calibration",
        "software_releases",
        "cloud_fabrics",
        "fabric_cost_performance",
        "latest_indicators",
        "indicator_freshness",
        "conflicts",
        "source_changes",
        "claims_inbox",
        "data_quality",
        "mlperf_systems",
        "mlperf_fabric_summary",
        "source_status",
        "conflict_pairs",
        "apparent_conflicts",
        "conflict_groups",
        "series_catalog",
        "consensus",
        "consensus_points",
        "reference_line",
        "source_tiers",
        "forecast_accuracy",
        "forecast_accuracy_summary",
        "forecast_targets",
    }
    by_name = {m.name: m for m in found}
    assert by_name["forecast_revisions"].depends_on == ("market_size",)
    assert by_name["latest_indicators"].depends_on == (
        "conflicts",
    )  # a comment naming marts.conflicts elsewhere does not count
    assert by_name["bandwidth_roadmap"].depends_on == ()
    # what a mart reads, by DuckDB's parser: tables, not the macros it calls (marts.speed_label(...))
    assert by_name["source_status"].reads == {
        "raw.documents",
        "raw.fetch_log",
        "core.sources",
        "raw.parse_state",
        "raw.parse_carried",
    }
    assert by_name["top500_interconnects"].reads == {"core.top500_families"}
    assert names.index("market_size") < names.index("forecast_revisions")
    assert names.index("conflicts") < names.index("latest_indicators")
    assert by_name["conflicts"].key == ("a_record_id", "b_record_id")
    assert all(m.description for m in found)


def test_forecast_revisions_show_the_change_between_vintages(con):
    trail = rows(
        con,
        "SELECT published_on, value, previous_value, change, change_ratio, revision, vintage_number, "
        "vintage_count, is_latest_vintage FROM marts.forecast_revisions "
        "WHERE indicator = 'ai_backend_network_revenue' AND period = '2027' AND publisher = 'Analyst A' "
        "ORDER BY vintage_number",
    )
    assert [(r["published_on"], r["value"]) for r in trail] == [
        (dt.date(2024, 1, 15), 10e9),
        (dt.date(2025, 1, 15), 12.5e9),
        (dt.date(2025, 7, 15), 11e9),
    ]
    assert trail[0]["change"] is None and trail[0]["revision"] is None
    assert trail[1]["change"] == pytest.approx(2.5e9) and trail[1]["change_ratio"] == pytest.approx(0.25)
    assert trail[1]["revision"] == "up"
    assert trail[2]["change"] == pytest.approx(-1.5e9) and trail[2]["revision"] == "down"
    assert [r["is_latest_vintage"] for r in trail] == [False, False, True]
    assert {r["vintage_count"] for r in trail} == {3}
    # the other publisher's figure is its own trail, not a revision of Analyst A's
    other = rows(
        con,
        "SELECT vintage_count, previous_value FROM marts.forecast_revisions "
        "WHERE indicator = 'ai_backend_network_revenue' AND period = '2027' AND publisher = 'Analyst B'",
    )
    assert other == [{"vintage_count": 1, "previous_value": None}]


def test_cumulative_and_annual_figures_never_share_a_series(con):
    got = rows(
        con,
        "SELECT period, series_kind, value_usd_bn, series_key FROM marts.market_size "
        "WHERE indicator = 'dc_ethernet_switch_revenue' ORDER BY period",
    )
    assert [(r["period"], r["series_kind"], r["value_usd_bn"]) for r in got] == [
        ("2025-2029", "cumulative", 80.0),
        ("2029", "annual", 25.0),
    ]
    assert got[0]["series_key"] != got[1]["series_key"]
    trails = rows(
        con,
        "SELECT series_kind, count(*) AS vintages FROM marts.forecast_revisions "
        "WHERE indicator = 'dc_ethernet_switch_revenue' GROUP BY ALL ORDER BY 1",
    )
    assert trails == [{"series_kind": "annual", "vintages": 1}, {"series_kind": "cumulative", "vintages": 1}]


def test_conflicts_pair_both_sides_with_their_sources(con):
    between = rows(
        con,
        "SELECT a_value, a_source_id, a_published_on, b_value, b_source_id, b_published_on, b_publisher, "
        "conflict_type, bounds_compatible, relative_difference FROM marts.conflicts "
        "WHERE indicator = 'ai_backend_network_revenue' AND 'analyst_b' IN (a_source_id, b_source_id)",
    )
    # Analyst B (9e9, 2025-03-01) meets Analyst A's newest vintage (11e9, 2025-07-15) only; side a is the older.
    # A's superseded vintages (10e9, 12.5e9) are not paired with B again: their disagreement is A's own
    # restatement, below (pairing every vintage with every other grows with the square of the vintages).
    assert [
        (
            r["a_value"],
            r["a_source_id"],
            r["b_value"],
            r["b_source_id"],
            r["b_published_on"],
            r["conflict_type"],
            r["bounds_compatible"],
        )
        for r in between
    ] == [(9e9, "analyst_b", 11e9, "analyst_a", dt.date(2025, 7, 15), "between_sources", False)]
    assert between[0]["relative_difference"] == pytest.approx(2 / 11)
    # Analyst A's restatements, each vintage against the one before it: 10 -> 12.5 -> 11
    revisions = rows(
        con,
        "SELECT a_value, b_value FROM marts.conflicts WHERE conflict_type = 'between_vintages' "
        "ORDER BY a_published_on, b_published_on",
    )
    assert [(r["a_value"], r["b_value"]) for r in revisions] == [(10e9, 12.5e9), (12.5e9, 11e9)]
    spec = rows(
        con,
        "SELECT unit, a_value, b_value, a_confidence, b_confidence FROM marts.conflicts "
        "WHERE indicator = 'switch_capacity_tbps'",
    )
    assert spec == [
        {
            "unit": "Gbps",
            "a_value": 51200.0,
            "b_value": 25600.0,
            "a_confidence": "reported",
            "b_confidence": "analyst_estimate",
        }
    ]
    # ">100" and ">50" admit a common value: not a disagreement (issue 19), kept with its reason
    assert rows(con, "SELECT * FROM marts.conflicts WHERE indicator = 'uec_members'") == []
    uec = rows(
        con,
        "SELECT a_value_qualifier, a_value, b_value, apparent_reason FROM marts.apparent_conflicts "
        "WHERE indicator = 'uec_members'",
    )
    assert uec == [
        {"a_value_qualifier": ">", "a_value": 100.0, "b_value": 50.0, "apparent_reason": "compatible_bounds"}
    ]


def test_doubling_time_of_a_three_product_family_is_the_fitted_value(con):
    family = rows(
        con,
        "SELECT product_id, announced_on, bandwidth_gbps, bandwidth_basis, family_points, "
        "family_doubling_time_years, family_fit_r2 FROM marts.bandwidth_roadmap "
        "WHERE family = 'TestSwitch' ORDER BY announced_on",
    )
    assert [r["bandwidth_gbps"] for r in family] == [12800.0, 25600.0, 51200.0]
    years = [
        1970
        + (dt.datetime.combine(r["announced_on"], dt.time()) - dt.datetime(1970, 1, 1)).total_seconds()
        / (365.25 * 86400)
        for r in family
    ]
    slope = np.polyfit(years, np.log2([r["bandwidth_gbps"] for r in family]), 1)[0]
    assert {r["family_points"] for r in family} == {3}
    assert family[0]["family_doubling_time_years"] == pytest.approx(1 / slope, rel=1e-9)
    assert family[0]["family_doubling_time_years"] == pytest.approx(2.0, abs=1e-3)
    assert family[0]["family_fit_r2"] == pytest.approx(1.0, abs=1e-6)


def test_roadmap_prefers_reported_specs_converts_units_and_flags_disputes(con):
    ts3 = rows(
        con,
        "SELECT name, switch_capacity_tbps, port_latency_ns, disputed_specs, source_ids "
        "FROM marts.bandwidth_roadmap WHERE product_id = 'ts-3'",
    )
    assert ts3 == [
        {
            "name": "TS-3",
            "switch_capacity_tbps": 51.2,
            "port_latency_ns": 500.0,
            "disputed_specs": "switch_capacity_tbps",
            "source_ids": "blog_y, vendor_x",
        }
    ]
    nics = rows(
        con,
        "SELECT product_id, bandwidth_gbps, family_points, family_doubling_time_years "
        "FROM marts.bandwidth_roadmap WHERE family = 'TestNIC' ORDER BY product_id",
    )
    # one dated point is no trend; a product without a bandwidth is not a point
    assert nics == [
        {"product_id": "nic-x", "bandwidth_gbps": 400.0, "family_points": 1, "family_doubling_time_years": None},
        {"product_id": "nic-y", "bandwidth_gbps": None, "family_points": 0, "family_doubling_time_years": None},
    ]


def test_fabric_share_counts_ethernet_based_fabrics_once(con):
    got = {
        (r["fabric"], r["measure"]): r for r in rows(con, "SELECT * FROM marts.fabric_share WHERE period = '2025Q3'")
    }
    assert got[("ethernet", "share")]["share"] == 0.6
    assert got[("spectrum-x", "share")]["counts_toward_total"] is False
    assert got[("spectrum-x", "share")]["fabric_level"] == "ethernet_based"
    assert [r["share_sum_in_report"] for r in got.values()] == [pytest.approx(0.95)] * 5
    assert got[("ethernet", "revenue")]["revenue_usd"] == 6e9
    assert got[("ethernet", "revenue")]["share_of_reported_revenue"] == pytest.approx(6 / 9.5)


def test_port_shipments_by_speed_with_shares_of_the_reported_total(con):
    got = rows(
        con,
        "SELECT speed_label, measure, ports, port_share, share_of_reported_total, share_sum_in_report "
        "FROM marts.port_shipments WHERE period = '2024' ORDER BY measure, speed_gbps NULLS FIRST",
    )
    assert got == [
        {
            "speed_label": None,
            "measure": "ports",
            "ports": 1_000_000.0,
            "port_share": None,
            "share_of_reported_total": None,
            "share_sum_in_report": pytest.approx(0.5),
        },
        {
            "speed_label": "400G",
            "measure": "ports",
            "ports": 300_000.0,
            "port_share": None,
            "share_of_reported_total": pytest.approx(0.3),
            "share_sum_in_report": pytest.approx(0.5),
        },
        {
            "speed_label": "800G",
            "measure": "ports",
            "ports": 200_000.0,
            "port_share": None,
            "share_of_reported_total": pytest.approx(0.2),
            "share_sum_in_report": pytest.approx(0.5),
        },
        {
            "speed_label": "400G",
            "measure": "share",
            "ports": None,
            "port_share": 0.3,
            "share_of_reported_total": None,
            "share_sum_in_report": pytest.approx(0.5),
        },
        {
            "speed_label": "800G",
            "measure": "share",
            "ports": None,
            "port_share": 0.2,
            "share_of_reported_total": None,
            "share_sum_in_report": pytest.approx(0.5),
        },
    ]
    labels = con.execute("SELECT marts.speed_label(1600), marts.speed_label(3200), marts.speed_label(200)").fetchall()
    assert labels == [("1.6T", "3.2T", "200G")]


def test_optics_derives_price_per_gbps_from_the_asp(con):
    got = rows(
        con,
        "SELECT measure, units, revenue_usd, asp_usd, usd_per_gbps, usd_per_gbps_derived FROM marts.optics ORDER BY measure",
    )
    assert got == [
        {
            "measure": "asp",
            "units": None,
            "revenue_usd": None,
            "asp_usd": 400.0,
            "usd_per_gbps": 0.5,
            "usd_per_gbps_derived": True,
        },
        {
            "measure": "revenue",
            "units": None,
            "revenue_usd": 16e9,
            "asp_usd": None,
            "usd_per_gbps": None,
            "usd_per_gbps_derived": False,
        },
        {
            "measure": "units",
            "units": 20e6,
            "revenue_usd": None,
            "asp_usd": None,
            "usd_per_gbps": None,
            "usd_per_gbps_derived": False,
        },
    ]


def test_uec_tracker_events_counts_and_product_claims_in_time_order(con):
    got = rows(
        con,
        "SELECT row_type, on_date, title, member_count, member_count_qualifier, count_basis, product_id, "
        "uec_status FROM marts.uec_tracker ORDER BY on_date, row_type, count_basis",
    )
    assert [(r["row_type"], r["on_date"]) for r in got] == [
        ("event", dt.date(2023, 7, 19)),
        ("membership_count", dt.date(2024, 4, 1)),
        ("product_claim", dt.date(2024, 10, 10)),
        ("membership_count", dt.date(2025, 5, 1)),
        ("event", dt.date(2025, 6, 11)),
        ("membership_count", dt.date(2025, 9, 1)),
        ("membership_count", dt.date(2025, 9, 1)),
        ("product_claim", dt.date(2025, 10, 14)),
    ]
    claims = {r["product_id"]: r["uec_status"] for r in got if r["row_type"] == "product_claim"}
    assert claims == {"nic-x": "ready", "nic-y": "compliant"}
    counts = [
        (r["member_count"], r["member_count_qualifier"], r["count_basis"])
        for r in got
        if r["row_type"] == "membership_count"
    ]
    assert counts == [
        (55.0, None, "stated"),
        (100.0, ">", "stated"),
        (3.0, None, "members_page"),
        (50.0, ">", "stated"),
    ]
    assert got[3]["title"] == ">100 members"


def test_top500_shows_slingshot_apart_from_other_ethernet(con):
    got = rows(
        con,
        "SELECT fabric_group, fabric_label, interconnect, systems, rmax_share, rank_in_list "
        "FROM marts.top500_interconnects WHERE list = '2025-06' ORDER BY rank_in_list",
    )
    assert got == [
        {
            "fabric_group": "ethernet",
            "fabric_label": "Ethernet (excl. Slingshot)",
            "interconnect": "100G Ethernet",
            "systems": 230,
            "rmax_share": 0.2,
            "rank_in_list": 1,
        },
        {
            "fabric_group": "infiniband",
            "fabric_label": "InfiniBand",
            "interconnect": "InfiniBand NDR",
            "systems": 200,
            "rmax_share": 0.3,
            "rank_in_list": 2,
        },
        {
            "fabric_group": "slingshot",
            "fabric_label": "Slingshot",
            "interconnect": "Slingshot",
            "systems": 50,
            "rmax_share": 0.45,
            "rank_in_list": 3,
        },
        {
            "fabric_group": "proprietary",
            "fabric_label": "Proprietary/custom",
            "interconnect": "Tofu",
            "systems": 20,
            "rmax_share": 0.05,
            "rank_in_list": 4,
        },
    ]


def test_nccl_results_put_the_model_prediction_beside_the_measurement(con):
    got = rows(
        con,
        "SELECT size_bytes, busbw_GBps, is_peak_size, peak_busbw_GBps, predicted_busbw_GBps, nodes "
        "FROM marts.nccl_results ORDER BY size_bytes",
    )
    assert got == [
        {
            "size_bytes": 1 << 20,
            "busbw_GBps": 10.0,
            "is_peak_size": False,
            "peak_busbw_GBps": 180.0,
            "predicted_busbw_GBps": None,
            "nodes": 2,
        },
        {
            "size_bytes": 1 << 30,
            "busbw_GBps": 180.0,
            "is_peak_size": True,
            "peak_busbw_GBps": 180.0,
            "predicted_busbw_GBps": 190.0,
            "nodes": 2,
        },
    ]


def test_software_releases_flag_the_latest_per_repo(con):
    got = rows(
        con,
        "SELECT repo, release, previous_release, days_since_previous FROM marts.software_releases "
        "WHERE is_latest ORDER BY repo",
    )
    assert got == [
        {"repo": "NVIDIA/nccl", "release": "v2.21.5", "previous_release": "v2.20.3", "days_since_previous": 92},
        {"repo": "ofiwg/libfabric", "release": "v1.22.0", "previous_release": None, "days_since_previous": None},
    ]


def test_cloud_fabrics_list_each_disclosure_with_bandwidth_in_gbps(con):
    got = rows(
        con, "SELECT provider, disclosure, value, unit, value_gbps, detail FROM marts.cloud_fabrics ORDER BY disclosure"
    )
    assert [(r["provider"], r["disclosure"], r["value"], r["value_gbps"]) for r in got] == [
        ("CloudCo", "cloud_cluster_gpus", 100_000.0, None),
        ("CloudCo", "cloud_per_gpu_bandwidth", 3.2, 3200.0),
        ("CloudCo", "deployment", None, None),
    ]
    assert got[2]["detail"] == "Cluster Z on a multipath transport: packet spraying over many paths"


def test_fabric_cost_performance_premium_over_roce_ecmp(con):
    got = {r["scenario_id"]: r for r in rows(con, "SELECT * FROM marts.fabric_cost_performance")}
    ib = got["s-ib"]
    assert ib["baseline_scenario_id"] == "s-roce"
    assert ib["premium_per_gpu_usd"] == pytest.approx(600.0)
    assert ib["premium_ratio"] == pytest.approx(0.2)
    assert ib["bandwidth_gain_ratio"] == pytest.approx(0.15)
    assert ib["step_speedup_ratio"] == pytest.approx(1 / 0.9 - 1)
    assert ib["power_per_gpu_w"] == pytest.approx(120.0)
    assert got["s-roce"]["premium_per_gpu_usd"] == 0.0
    assert got["s-ib-small"]["baseline_scenario_id"] is None  # no RoCE scenario of that shape


def test_latest_indicators_give_the_previous_period_and_conflict_flag(con):
    ports = rows(
        con,
        "SELECT period, value, previous_period, previous_value, change, change_ratio, periods_in_series "
        "FROM marts.latest_indicators WHERE indicator = 'switch_ports_shipped' AND speed_gbps IS NULL",
    )
    assert ports == [
        {
            "period": "2024",
            "value": 1_000_000.0,
            "previous_period": "2023",
            "previous_value": 800_000.0,
            "change": 200_000.0,
            "change_ratio": pytest.approx(0.25),
            "periods_in_series": 2,
        }
    ]
    forecast = rows(
        con,
        "SELECT value, published_on, source_id, vintages_for_period, has_conflict FROM marts.latest_indicators "
        "WHERE indicator = 'ai_backend_network_revenue' AND fabric IS NULL",
    )
    assert forecast == [
        {
            "value": 11e9,
            "published_on": dt.date(2025, 7, 15),
            "source_id": "analyst_a",
            "vintages_for_period": 4,
            "has_conflict": True,
        }
    ]


def test_freshness_flags_a_stale_indicator_and_passes_a_fresh_one(con, tmp_path):
    local = builder.build(tmp_path / "fresh.duckdb")
    recent = dt.date.today() - dt.timedelta(days=10)
    loading.load_records(
        local,
        "recent",
        Records(
            observations=[
                builder.obs(
                    "optics_units_shipped", "Optical modules", "2026", 1e6, "units", "estimate", "analyst_b", recent
                )
            ]
        ),
    )
    got = {r["indicator"]: r for r in rows(local, "SELECT * FROM marts.indicator_freshness")}
    local.close()
    stale = got["switch_port_share"]
    assert (stale["status"], stale["stale"], stale["expected_interval_days"], stale["stale_after_days"]) == (
        "stale",
        True,
        92,
        138,
    )
    assert stale["last_published_on"] == dt.date(2025, 2, 1)
    assert stale["days_since_last_published"] == (dt.date.today() - dt.date(2025, 2, 1)).days
    fresh = got["optics_units_shipped"]
    assert (fresh["status"], fresh["stale"], fresh["days_since_last_published"]) == ("fresh", False, 10)
    assert got["uec_members"]["status"] == "irregular"
    assert got["nccl_busbw"]["status"] == "no_data"


def test_source_changes_join_the_version_they_produced(con):
    got = rows(
        con,
        "SELECT change_kind, version_number, added_lines, new_bytes, title FROM marts.source_changes ORDER BY detected_at",
    )
    assert got == [
        {
            "change_kind": "first_seen",
            "version_number": 1,
            "added_lines": 10,
            "new_bytes": 1000,
            "title": "Fixture page",
        },
        {"change_kind": "changed", "version_number": 2, "added_lines": 2, "new_bytes": 1200, "title": "Fixture page"},
    ]


def test_every_mart_and_mart_column_has_a_comment(con):
    db.refresh_data_dictionary(con)
    described = rows(
        con,
        "SELECT table_name, column_name, description FROM meta.data_dictionary WHERE schema_name IN ('marts', 'model')",
    )
    names = {r["table_name"] for r in described if r["column_name"] == ""}
    assert {m.name for m in marts.discover_marts()} <= names
    assert [r for r in described if not (r["description"] or "").strip()] == []
    # every column of every mart is in the dictionary (views included)
    columns = con.execute("SELECT count(*) FROM duckdb_columns() WHERE schema_name = 'marts'").fetchall()[0][0]
    assert (
        sum(
            1
            for r in described
            if r["column_name"]
            and r["table_name"] in names
            and r["table_name"] in {m.name for m in marts.discover_marts()}
        )
        == columns
    )


def test_apply_mart_rebuilds_one_mart_with_its_comments(con):
    assert marts.apply_mart(con, "optics") == 3
    listed = {m["name"]: m for m in marts.list_marts(con)}
    assert listed["optics"]["kind"] == "VIEW"
    assert listed["optics"]["description"].startswith("Optical transceivers by speed")
    assert {
        "name": "usd_per_gbps",
        "type": "DOUBLE",
        "description": "Price per Gb/s, USD per Gb/s: reported, or derived as asp_usd / speed_gbps.",
    } in listed["optics"]["columns"]


def test_a_bad_mart_file_is_rejected(tmp_path):
    (tmp_path / "wrong_name.sql").write_text("CREATE OR REPLACE VIEW marts.other AS SELECT 1 AS x;")
    with pytest.raises(marts.MartError):
        marts.discover_marts(tmp_path)
    (tmp_path / "wrong_name.sql").unlink()
    (tmp_path / "a.sql").write_text("CREATE OR REPLACE VIEW marts.a AS SELECT * FROM marts.b;")
    (tmp_path / "b.sql").write_text("CREATE OR REPLACE VIEW marts.b AS SELECT * FROM marts.a;")
    with pytest.raises(marts.MartError, match="circular"):
        marts.discover_marts(tmp_path)


def test_roadmap_dates_come_from_events_too(tmp_path):
    """A catalog row often has no dates; dated announcement and shipping events of the product fill them in."""
    from sources.records import Event

    con = builder.build(tmp_path / "w.duckdb")
    day = dt.date(2021, 6, 1)
    loading.load_records(
        con,
        "events_test",
        Records(
            events=[
                Event(
                    event_date=day,
                    date_precision="day",
                    category="product_announcement",
                    subject="TS-2",
                    title="TS-2 announced",
                    product_id="ts-2",
                    prov=builder.prov("vendor_x", "VendorX", day),
                ),
                Event(
                    event_date=dt.date(2022, 9, 1),
                    date_precision="month",
                    category="product_shipping",
                    subject="TS-2",
                    title="TS-2 shipping",
                    product_id="ts-2",
                    prov=builder.prov("vendor_x", "VendorX", dt.date(2022, 9, 1)),
                ),
            ]
        ),
    )
    got = rows(
        con, "SELECT announced_on, shipping_on, introduced_on FROM marts.bandwidth_roadmap WHERE product_id = 'ts-2'"
    )
    con.close()
    # the event is earlier than the catalog's 2022-01-01 announcement, and the only shipping date
    assert got == [{"announced_on": day, "shipping_on": dt.date(2022, 9, 1), "introduced_on": day}]
