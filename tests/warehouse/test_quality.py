"""warehouse/quality.py on fixture data: each check passes on the clean fixture and fails on a broken copy."""

from __future__ import annotations

import datetime as dt
import shutil

import pytest

from sources.records import Observation, Records
from tests.fixtures.warehouse import builder
from warehouse import db, load, marts, quality
from pipelines import loading


@pytest.fixture(scope="module")
def clean_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("quality") / "clean.duckdb"
    builder.build(path).close()
    return path


@pytest.fixture()
def con(clean_path, tmp_path):
    """A private copy of the fixture warehouse, free to break."""
    path = tmp_path / "w.duckdb"
    shutil.copyfile(clean_path, path)
    connection = db.connect_work(path)
    yield connection
    connection.close()


def add(con, *observations: Observation, origin: str = "broken") -> None:
    loading.load_records(con, origin, Records(observations=list(observations)))


def test_keys_unique(con):
    assert quality.keys_unique(con, "marts.bandwidth_roadmap", ["product_id"]).passed
    con.execute(
        "CREATE TABLE marts.dupes AS SELECT * FROM (VALUES ('a', 1), ('a', 2), ('b', NULL), ('b', NULL)) t(k, v)"
    )
    outcome = quality.keys_unique(con, "marts.dupes", ["k"])
    assert not outcome.passed
    assert outcome.rows == [{"k": "a", "n": 2}, {"k": "b", "n": 2}]
    assert "2 key value(s)" in outcome.description
    assert not quality.keys_unique(con, "marts.dupes", ["k", "v"]).passed  # NULLs count as equal
    with pytest.raises(quality.UnknownRelation):
        quality.keys_unique(con, "marts.dupes", ["k; DROP TABLE marts.dupes"])


def test_units_valid(con):
    assert quality.units_valid(con, "marts.market_size").passed
    add(
        con,
        builder.obs(
            "ai_backend_network_revenue",
            "AI back-end switches",
            "2026",
            5e9,
            "EUR",
            "forecast",
            published_on=dt.date(2025, 1, 1),
            segment="ai_backend",
        ),
    )
    outcome = quality.units_valid(con, "marts.market_size")
    assert not outcome.passed
    assert outcome.rows == [{"indicator": "ai_backend_network_revenue", "unit": "EUR", "allowed": ["USD"], "n": 1}]


def test_units_allow_the_listed_alternatives(con):
    # market_cagr allows "ratio|share": a share is as valid as a ratio
    add(
        con,
        builder.obs("market_cagr", "Optics", "2024-2028", 0.2, "share", "forecast", published_on=dt.date(2024, 5, 1)),
    )
    assert quality.units_valid(con, "marts.market_size").passed
    # as the ledger loads them: the first unit in unit, the others in compatible_units
    con.execute(
        "UPDATE core.indicators SET unit = 'ratio', compatible_units = ['share'] WHERE indicator = 'market_cagr'"
    )
    assert quality.units_valid(con, "marts.market_size").passed
    con.execute("UPDATE core.indicators SET compatible_units = [] WHERE indicator = 'market_cagr'")
    assert not quality.units_valid(con, "marts.market_size").passed


def test_shares_in_range(con):
    assert quality.shares_in_range(con, "marts.fabric_share", ["share"]).passed
    add(
        con,
        builder.obs(
            "fabric_revenue_share",
            "Ethernet",
            "2024",
            1.2,
            "share",
            "actual",
            "analyst_b",
            dt.date(2025, 1, 1),
            fabric="ethernet",
            segment="ai_backend",
        ),
    )
    outcome = quality.shares_in_range(con, "marts.fabric_share", ["share"])
    assert not outcome.passed
    assert [(r["fabric"], r["share"]) for r in outcome.rows] == [("ethernet", 1.2)]
    # in a mixed-unit mart only share rows are judged: 1e10 USD is not a share
    assert quality.shares_in_range(con, "marts.market_size", ["value"], only_unit="share").passed


def test_fabric_shares_of_one_report_must_not_exceed_one(con):
    groups = ["source_id", "segment", "period", "published_on", "kind"]
    # the fixture report: Ethernet 0.6 + InfiniBand 0.35 (+ Spectrum-X 0.25, already inside Ethernet)
    assert quality.share_sums_consistent(
        con, "marts.fabric_share", "share", groups, include_column="counts_toward_total"
    ).passed
    # without the Ethernet-based exclusion the same report would add to 1.2
    assert not quality.share_sums_consistent(con, "marts.fabric_share", "share", groups).passed
    kw = dict(source="analyst_b", published_on=dt.date(2025, 6, 1), segment="ai_backend")
    add(
        con,
        builder.obs("fabric_revenue_share", "Ethernet", "2025Q1", 0.7, "share", "actual", fabric="ethernet", **kw),
        builder.obs("fabric_revenue_share", "InfiniBand", "2025Q1", 0.5, "share", "actual", fabric="infiniband", **kw),
    )
    outcome = quality.share_sums_consistent(
        con, "marts.fabric_share", "share", groups, include_column="counts_toward_total"
    )
    assert not outcome.passed
    assert len(outcome.rows) == 1
    assert outcome.rows[0]["period"] == "2025Q1" and outcome.rows[0]["share_sum"] == pytest.approx(1.2)


def test_top500_shares_must_add_to_one(con):
    args = ("marts.top500_interconnects", "systems_share", ["list"])
    assert quality.share_sums_consistent(con, *args, expect_total=1.0, tolerance=0.01).passed
    load.insert_rows(
        con,
        "core.top500_families",
        [
            {
                "list": "2025-06",
                "family": "Myrinet",
                "notable": "Myrinet",
                "systems": 10,
                "systems_share": 0.02,
                "origin": "broken",
            }
        ],
    )
    outcome = quality.share_sums_consistent(con, *args, expect_total=1.0, tolerance=0.01)
    assert not outcome.passed
    assert outcome.rows[0]["share_sum"] == pytest.approx(1.02)


def test_dates_not_in_future(con):
    today = dt.date(2026, 6, 1)
    assert quality.dates_not_in_future(con, "marts.market_size", today=today).passed
    # a forecast may describe 2029; its publication date may not be after today
    add(
        con,
        builder.obs(
            "ai_backend_network_revenue",
            "AI back-end switches",
            "2030",
            1e11,
            "USD",
            "forecast",
            published_on=dt.date(2026, 7, 1),
            segment="ai_backend",
        ),
        builder.obs(
            "ai_backend_network_revenue",
            "AI back-end switches",
            "2026Q4",
            1e10,
            "USD",
            "actual",
            published_on=dt.date(2026, 5, 1),
            segment="ai_backend",
        ),
        builder.obs(
            "vendor_networking_revenue",
            "VendorX networking",
            "2026Q4",
            1e9,
            "USD",
            "actual",
            published_on=dt.date(2026, 5, 1),
            segment="fiscal",
        ),
    )
    load.replace_rows(
        con,
        "core.indicators",
        [
            {
                "indicator": "vendor_networking_revenue",
                "name": "n",
                "unit": "USD",
                "category": "market",
                "cadence": "quarterly",
            }
        ],
        where="indicator = ?",
        params=["vendor_networking_revenue"],
    )
    outcome = quality.dates_not_in_future(con, "marts.market_size", today=today)
    assert not outcome.passed
    # the fiscal-quarter actual is not judged by calendar bounds
    assert sorted((r["period"], r["kind"]) for r in outcome.rows) == [("2026Q4", "actual"), ("2030", "forecast")]


def test_row_count_not_collapsed(con):
    rel = "marts.market_size"
    current = marts.row_count(con, rel.split(".")[1])
    assert current == 10
    assert quality.row_count_not_collapsed(con, rel, None).passed
    assert quality.row_count_not_collapsed(con, rel, 19).passed  # 10 of 19 kept
    assert quality.row_count_not_collapsed(con, rel, 5).passed  # too small to judge
    outcome = quality.row_count_not_collapsed(con, rel, 100)
    assert not outcome.passed
    assert outcome.rows == [{"relation": rel, "previous": 100, "current": 10}]


def test_freshness_warns_with_the_stale_indicators(con, tmp_path):
    outcome = quality.indicators_fresh(con)
    assert not outcome.passed
    stale = [r["indicator"] for r in outcome.rows]
    assert "switch_ports_shipped" in stale and "uec_members" not in stale  # irregular cadence is never stale
    fresh = db.connect_work(tmp_path / "fresh.duckdb")
    load.replace_rows(
        fresh,
        "core.indicators",
        [
            {
                "indicator": "optics_units_shipped",
                "name": "n",
                "unit": "units",
                "category": "optics",
                "cadence": "quarterly",
            }
        ],
    )
    add(
        fresh,
        builder.obs(
            "optics_units_shipped",
            "Optical modules",
            "2026",
            1e6,
            "units",
            "estimate",
            published_on=dt.date.today() - dt.timedelta(days=30),
        ),
    )
    marts.apply_all(fresh)
    assert quality.indicators_fresh(fresh).passed
    fresh.close()


def test_conflicts_are_reported_with_both_sides(con, tmp_path):
    outcome = quality.conflicts_reported(con)
    assert not outcome.passed
    # the fixture's pairs (tests/warehouse/test_marts.py): Analyst B vs A's newest, A's two restatements and the
    # switch capacity; the compatible UEC hedges (">100" and ">50") are only apparent (marts.apparent_conflicts)
    assert "4 conflicting pair(s)" in outcome.description and "4 whose hedges cannot both hold" in outcome.description
    first = outcome.rows[0]  # incompatible pairs first, largest difference first
    assert (first["indicator"], first["a_value"], first["b_value"]) == ("switch_capacity_tbps", 51200.0, 25600.0)
    assert (first["a_source_id"], first["b_source_id"]) == ("vendor_x", "blog_y")
    empty = db.connect_work(tmp_path / "empty.duckdb")
    marts.apply_all(empty)
    assert quality.conflicts_reported(empty) == (True, "no conflicting figures", [])
    empty.close()


def test_check_plan_severities():
    plan = {m.name: {c.name: c.severity for c in quality.checks_for(m)} for m in marts.discover_marts()}
    assert plan["fabric_share"]["fabric_shares_sum"] == quality.ERROR
    assert plan["port_shipments"]["port_shares_sum"] == quality.WARN
    assert plan["conflicts"]["no_conflicts"] == quality.WARN
    assert plan["indicator_freshness"]["indicators_fresh"] == quality.WARN
    assert plan["market_size"] == {
        "keys_unique": "ERROR",
        "row_count_stable": "ERROR",
        "units_valid": "ERROR",
        "shares_in_range": "ERROR",
        "dates_not_in_future": "ERROR",
    }
    assert all("keys_unique" in checks and "row_count_stable" in checks for checks in plan.values())


def test_every_planned_check_passes_or_warns_on_the_clean_fixture(con):
    results = {
        (m.name, c.name): (c.severity, c.run(con, None).passed)
        for m in marts.discover_marts()
        for c in quality.checks_for(m)
    }
    failing = {k: v for k, v in results.items() if not v[1]}
    # the fixture's evidence is "fixture row" (no figure) and its subjects are not registered entities
    assert failing == {
        ("conflicts", "no_conflicts"): ("WARN", False),
        ("indicator_freshness", "indicators_fresh"): ("WARN", False),
        ("data_quality", "entities_resolved"): ("WARN", False),
        ("data_quality", "evidence_holds_value"): ("WARN", False),
    }


def test_checks_are_declared_beside_the_mart_sql(tmp_path):
    from warehouse import marts as wm

    path = tmp_path / "shares.sql"
    path.write_text(
        "-- key: k\n-- check: shares_in_range columns=s\n-- check: row_count_stable severity=WARN\n"
        "CREATE OR REPLACE VIEW marts.shares AS SELECT 1 AS k, 0.5 AS s;\n"
        "COMMENT ON VIEW marts.shares IS 'x';\n"
    )
    specs = {c.name: c.severity for c in quality.checks_for(wm.read_mart(path))}
    assert specs == {"keys_unique": "ERROR", "row_count_stable": "WARN", "shares_in_range": "ERROR"}
    path.write_text(path.read_text().replace("shares_in_range", "shares_in_rnage"))
    with pytest.raises(wm.MartError, match="unknown check 'shares_in_rnage'"):
        quality.checks_for(wm.read_mart(path))
