"""Series keys and conflicts on the real curated ledger (sources/curated/), not a fixture.

Independent truth: the disagreements documented in the project's facts notes (copied here as the
expected pairs: QM9700 latency <150 / ~330 / <400 ns, GB200 NVL72 HBM 13.4 / 13.5 / 13.8 TB, SN5600
buffer 128 / 160 MB, Tomahawk 5 power ~500 / 450 W, ConnectX-8 Ethernet 800G vs 2x400G, Vera Rubin
rack power 190-230 / ~200 kW, UEC 1.0 date, NVIDIA FY2027Q1 networking $14.8B vs $14.9B), and the
pairs they say must never be made (Dell'Oro's cumulative 2025-2029 vs annual 2030 ">$100B", a
range and its own bounds, xAI Colossus 100k -> 200k GPUs as an expansion).
"""

from __future__ import annotations

import datetime as dt

import pytest

from sources.ledger.ledger import load_ledger
from warehouse import db, load, marts
from pipelines import loading


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    ledger = load_ledger()
    connection = db.connect_work(tmp_path_factory.mktemp("real") / "w.duckdb")
    load.replace_rows(connection, "core.indicators", ledger.indicators)
    loading.replace_entities(connection, ledger.entities)
    loading.load_records(connection, "curated", ledger.records, ledger.entities)
    marts.apply_all(connection)
    yield connection
    connection.close()


def _pairs(con, where: str, params=()) -> set[tuple]:
    rows = con.execute(
        f"SELECT a_value, a_value_qualifier, b_value, b_value_qualifier, a_publisher, b_publisher "
        f"FROM marts.conflicts WHERE {where}",
        list(params),
    ).fetchall()
    return {frozenset([(r[0], r[1], r[4]), (r[2], r[3], r[5])]) for r in rows}


def _side(value, qualifier, publisher):
    return (value, qualifier, publisher)


def test_qm9700_latency_three_secondary_figures_meet(con):
    pairs = _pairs(con, "conflict_on = 'value' AND entity_id = 'qm9700' AND indicator = 'port_latency_ns'")
    yobitel, router, _spec = (
        _side(330.0, "~", "Yobitel"),
        _side(150.0, "<", "router-switch.com"),
        _side(400.0, "<", "systemspecbase.com"),
    )
    # "<150" and "~330" cannot both hold; "<400" is compatible with either (issue 19: compatible bounds are
    # not conflicts): those two pairs are kept in marts.apparent_conflicts with their reason
    assert pairs == {frozenset([yobitel, router])}
    apparent = con.execute(
        "SELECT apparent_reason, count(*) FROM marts.apparent_conflicts WHERE entity_id = 'qm9700' "
        "AND indicator = 'port_latency_ns' GROUP BY 1"
    ).fetchall()
    assert apparent == [("compatible_bounds", 2)]


def test_gb200_hbm_figures_meet_across_subject_wordings(con):
    rows = con.execute(
        "SELECT DISTINCT a_value FROM marts.conflicts WHERE entity_id = 'gb200-nvl72' "
        "AND indicator = 'memory_capacity_gb' UNION SELECT DISTINCT b_value FROM marts.conflicts "
        "WHERE entity_id = 'gb200-nvl72' AND indicator = 'memory_capacity_gb'"
    ).fetchall()
    assert {r[0] for r in rows} >= {13400.0, 13500.0, 13800.0}
    publishers = con.execute(
        "SELECT DISTINCT a_publisher FROM marts.conflicts WHERE entity_id = 'gb200-nvl72' "
        "AND a_value = 13500 AND b_value = 13400"
    ).fetchall()
    assert publishers == [("awesomeagents.ai",)]  # the real publisher, no longer aiwiki's address


@pytest.mark.parametrize(
    "entity, indicator, a, b",
    [
        ("sn5600", "switch_buffer_gb", 0.16, 0.128),
        ("tomahawk-5", "power_w", 500.0, 450.0),
        ("connectx-8", "port_speed_gbps", 800.0, 400.0),
    ],
)
def test_documented_spec_disagreements_appear(con, entity, indicator, a, b):
    n = con.execute(
        "SELECT count(*) FROM marts.conflicts WHERE entity_id = ? AND indicator = ? AND "
        "((a_value = ? AND b_value = ?) OR (a_value = ? AND b_value = ?))",
        [entity, indicator, a, b, b, a],
    ).fetchone()[0]
    assert n >= 1


def test_vera_rubin_power_range_holds_the_point_figure(con):
    # facts-notes.md Specs 9: 190-230 kW (drills) against ~200 kW (wavesplitter): ~200 lies inside the range, so
    # by issue 19's rule the two are compatible bounds, kept in marts.apparent_conflicts, not in marts.conflicts
    reasons = con.execute(
        "SELECT apparent_reason FROM marts.apparent_conflicts WHERE entity_id = 'vera-rubin-nvl144' "
        "AND indicator = 'rack_power_kw' AND 200000 IN (a_value, b_value)"
    ).fetchall()
    assert reasons and {r[0] for r in reasons} == {"compatible_bounds"}
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts WHERE entity_id = 'vera-rubin-nvl144' "
            "AND indicator = 'rack_power_kw' AND 200000 IN (a_value, b_value)"
        ).fetchone()[0]
        == 0
    )


def test_connectx8_ethernet_pairs_show_both_sources(con):
    row = con.execute(
        "SELECT a_publisher, a_url, b_publisher, b_url FROM marts.conflicts WHERE entity_id = 'connectx-8' "
        "AND a_value = 400 AND b_value = 800"
    ).fetchone()
    assert row[0] == "NVIDIA" and row[2] == "ServeTheHome" and row[1] and row[3]


def test_nvidia_networking_carrier_difference_is_not_hidden(con):
    row = con.execute(
        "SELECT conflict_type, a_value, b_value, a_carrier, b_carrier FROM marts.conflicts "
        "WHERE indicator = 'vendor_networking_revenue' AND period = '2026Q1'"
    ).fetchone()
    assert row[0] == "between_carriers"
    assert {row[1], row[2]} == {14.8e9, 14.9e9}
    assert row[3] != row[4] and "earningscalls.dev" in (row[3] + row[4])


def test_uec_1_0_release_date_conflict(con):
    rows = con.execute(
        "SELECT a_event_date, b_event_date, a_date_precision, b_date_precision, bounds_compatible "
        "FROM marts.conflicts WHERE conflict_on = 'date' AND period = 'uec-1.0-release'"
    ).fetchall()
    dates = {d for r in rows for d in (r[0], r[1])}
    assert dt.date(2025, 6, 11) in dates and dt.date(2024, 11, 1) in dates  # the release vs seed 003's Nov 2024
    nov_vs_june = [r for r in rows if {r[0], r[1]} == {dt.date(2024, 11, 1), dt.date(2025, 6, 11)}]
    assert nov_vs_june and not nov_vs_june[0][4]  # a month and a day that do not overlap


def test_no_false_pairs(con):
    # Dell'Oro's cumulative 2025-2029 and annual-2030 ">$100B" are different periods and bases
    hundred_bn = "SELECT record_id FROM core.observations WHERE publisher = 'Dell''Oro Group' AND value = 100e9"
    assert (
        con.execute(
            f"SELECT count(*) FROM marts.conflicts WHERE a_record_id IN ({hundred_bn}) "
            f"AND b_record_id IN ({hundred_bn})"
        ).fetchone()[0]
        == 0
    )
    # a range is never paired with its own bounds (same document, same evidence)
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts WHERE conflict_on = 'value' AND "
            "a_url IS NOT DISTINCT FROM b_url AND a_evidence = b_evidence"
        ).fetchone()[0]
        == 0
    )
    # xAI Colossus: 100k (2024) then 200k (2025) is an expansion, not a conflict (only 2025's 200k vs 230k is)
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts WHERE entity_id = 'xai-colossus' AND 100000 IN (a_value, b_value)"
        ).fetchone()[0]
        == 0
    )
    # the two Broadcom Thor Ultra SerDes options (100G and 200G) are not a disagreement
    assert con.execute("SELECT count(*) FROM marts.conflicts WHERE entity_id = 'thor-ultra'").fetchone()[0] == 0
    # both sides of a value pair share series, period and (forecast or not) kind
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts c JOIN core.observations a ON a.record_id = c.a_record_id "
            "JOIN core.observations b ON b.record_id = c.b_record_id WHERE a.series_key <> b.series_key "
            "OR a.period <> b.period OR (a.kind = 'forecast') <> (b.kind = 'forecast')"
        ).fetchone()[0]
        == 0
    )


def test_dell_oro_100b_figures_are_two_series(con):
    keys = con.execute(
        "SELECT DISTINCT series_key FROM core.observations WHERE publisher = 'Dell''Oro Group' "
        "AND value = 100e9 AND value_qualifier = '>'"
    ).fetchall()
    bases = {k[0].rsplit("|", 1)[1] for k in keys}
    assert {"cumulative", "annual"} <= bases


def test_every_row_is_dated_or_explicitly_undated(con):
    bad = con.execute("SELECT count(*) FROM marts.data_quality WHERE problem = 'date_basis_mismatch'").fetchone()[0]
    assert bad == 0
    bases = dict(con.execute("SELECT date_basis, count(*) FROM core.observations GROUP BY 1").fetchall())
    assert set(bases) <= {"published", "as_of", "undated"} and bases["as_of"] > 0


def test_market_series_draw_one_line_per_series_and_vintage(con):
    # NVIDIA's quarterly networking revenue is one series across its wordings and carriers
    n = con.execute(
        "SELECT count(DISTINCT subject), count(DISTINCT series_key) FROM marts.market_size "
        "WHERE entity_id = 'nvidia' AND indicator = 'vendor_networking_revenue' "
        "AND series_key LIKE '%|quarterly'"
    ).fetchone()
    assert n[0] >= 2 and n[1] == 1


def test_uec_headline_takes_the_strongest_statement_and_says_why(con):
    row = con.execute(
        "SELECT value, value_qualifier, period, headline_value, headline_value_qualifier, headline_period, "
        "headline_rule FROM marts.latest_indicators WHERE series_key = 'uec_members|uec|-|-|uec|-|-|annual'"
    ).fetchone()
    # the latest figure is EANTC's ">50" (2026); LAVX said ">100" for 2025: a weaker bound, not a decline
    assert row[:3] == (50.0, ">", "2026")
    assert row[3:6] == (100.0, ">", "2025")
    assert row[6].startswith("strongest statement")


# --- facts.csv's 2026-11-30 batches (facts-notes.md, "Disagreements found among the added rows" and
# "in this batch"): each named pair, by entity, indicator, period and the two documented figures.
@pytest.mark.parametrize(
    "entity, indicator, period, a, b",
    [
        ("xai-colossus", "cloud_cluster_gpus", "2025", 230000.0, 200000.0),  # batch 2 #11
        ("tesla-cortex", "cloud_cluster_gpus", "2024", 50000.0, 100000.0),  # batch 2 #11
        ("alibaba-hpn", "cloud_cluster_gpus", "2024", 15000.0, 8192.0),  # batch 2 #8
        ("bytedance-megascale", "port_speed_gbps", "2024", 200.0, 400.0),  # batch 2 #8
        ("genai-dc-ethernet-switch-market", "ai_backend_network_revenue", "2023", 630e6, 640e6),  # batch 1 #10
        ("optical-transceiver-market", "optics_revenue", "2025", 23e9, 15.09e9),  # batch 1 #14
        ("optical-transceiver-market", "optics_revenue", "2023", 9.6e9, 12e9),  # batch 1 #14
        ("ethernet-optics-market", "market_growth_rate", "2019", -0.17, -0.18),  # batch 1 #15
        ("ethernet-optics-market", "market_growth_rate", "2020", 0.33, 0.34),  # batch 1 #15
        ("optical-transceiver-market", "optics_revenue", "2028", 22.3e9, 22.2e9),  # batch 1 #16 (Yole)
        ("optics-1.6t", "optics_units_shipped", "2026", 5e6, 20e6),  # batch 1 #13
        (
            "optics-800g",
            "optics_units_shipped",
            "2026",
            37e6,
            38e6,
        ),  # batch 1 #12 (Citi 37M vs the foreign broker's 38M; 35M-45M: the bounds ">35M" and "<=45M" are compatible)
        ("broadcom", "segment_revenue_share", "2025Q1", 0.4, 0.3),  # batch 1 #7 (vendor-resolved)
        ("nvidia", "vendor_networking_revenue", "2025Q1", 4.9e9, 5.0e9),  # batch 1 #6 (FY26Q1)
        ("nvidia", "segment_revenue_share", "2024", 0.11, 0.10),  # batch 1 #6 (FY2025 share)
    ],
)
def test_facts2_documented_disagreements_pair(con, entity, indicator, period, a, b):
    n = con.execute(
        "SELECT count(*) FROM marts.conflicts WHERE conflict_on = 'value' AND entity_id = ? AND indicator = ? "
        "AND period = ? AND ((a_value = ? AND b_value = ?) OR (a_value = ? AND b_value = ?))",
        [entity, indicator, period, a, b, b, a],
    ).fetchone()[0]
    assert n >= 1


def test_vendor_own_figures_form_one_series_across_files(con):
    # Cisco's quarterly webscale AI orders: public_facts rows and facts2 rows (other carriers) are one series
    n = con.execute(
        "SELECT count(DISTINCT series_key), count(DISTINCT period) FROM core.observations WHERE "
        "subject = 'Cisco AI infrastructure orders from webscale customers' AND series_key LIKE '%|quarterly'"
    ).fetchone()
    assert n[0] == 1 and n[1] >= 4


def test_facts2_false_pairs_stay_apart(con):
    # IDC's narrow GenAI DC switch figure (HPE relay, $630M) never meets Neuberger Berman's whole AI networking market
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts WHERE 630e6 IN (a_value, b_value) AND 10.4e9 IN (a_value, b_value)"
        ).fetchone()[0]
        == 0
    )
    # a health-check bar or expected value (estimate) never pairs with a measurement (actual) of a benchmark
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts WHERE indicator LIKE 'collective%' AND "
            "(kind = 'actual') <> (b_kind = 'actual')"
        ).fetchone()[0]
        == 0
    )
    # NVIDIA and UEC: "all except NVIDIA" (2024) then "joined" is a change over time, no date conflict
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts WHERE conflict_on = 'date' AND entity_id = 'nvidia'"
        ).fetchone()[0]
        == 0
    )
    # Colossus 1's 2025 count never pairs with the 2026 Memphis + Southaven total (different period and site)
    assert (
        con.execute(
            "SELECT count(*) FROM marts.conflicts WHERE entity_id = 'xai-colossus' AND period <> '2025'"
        ).fetchone()[0]
        == 0
    )


@pytest.fixture(scope="module")
def registry():
    return load_ledger().entities


@pytest.mark.parametrize(
    "family, entity",
    [
        # the TOP500 lists' own interconnect family / notable interconnect / fabric group names, 2000-2023
        ("Quadrics", "quadrics"),
        ("SP Switch", "sp-switch"),
        ("Crossbar", "top500-crossbar"),
        ("Cray Interconnect", "cray-interconnect"),
        ("NUMAlink", "numalink"),
        ("HIPPI", "hippi"),
        ("Fast Ethernet", "fast-ethernet"),
        ("InfiniBand DDR", "infiniband-ddr"),
        ("Fat Tree", "nec-fat-tree"),
        ("10G", "ethernet-10g"),
        ("Mixed Network", "top500-mixed"),
        ("N/A", "top500-not-stated"),
        ("Ethernet (excl. Slingshot)", "ethernet"),
        ("Proprietary/custom", "top500-proprietary-custom"),
        ("TH Express", "th-express"),
        ("Sunway", "sunway"),
        ("MN-Core DirectConnect", "mn-core-directconnect"),
    ],
)
def test_top500_family_names_resolve(registry, family, entity):
    assert registry.resolve(subject=family) == (entity, "subject")
