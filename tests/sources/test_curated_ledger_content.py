"""The shipped ledger (sources/curated/) loads whole, carries provenance on every row, and holds the seeds' figures."""

from __future__ import annotations

import datetime as dt

import pytest

from sources.ledger.ledger import load_ledger

SEED_000 = "seed 000: AI 超級電腦的高速公路：從 GB200/GB300 看懂 RDMA 網路"
SEED_003 = "seed 003: Backend Network（後端網路）"


@pytest.fixture(scope="module")
def ledger():
    return load_ledger()


def from_seeds(record) -> bool:
    # the public-facts files describe the same things from other sources; these tests are about the seeds
    return bool(record.prov.via and record.prov.via.startswith("seed"))


def find(ledger, indicator, subject_part, **match):
    rows = [
        o
        for o in ledger.records.observations
        if from_seeds(o)
        and o.indicator == indicator
        and subject_part in o.subject
        and all(getattr(o, k) == v for k, v in match.items())
    ]
    assert rows, f"no {indicator} row about {subject_part!r} {match}"
    return rows


def test_real_ledger_loads_with_every_file(ledger):
    counts = ledger.records.counts()
    assert counts["observations"] >= 95 and counts["events"] >= 95 and counts["products"] >= 35
    assert ledger.files["seed_000_observations.csv"] >= 55
    assert ledger.files["seed_003_observations.csv"] >= 42
    assert ledger.files["nccl_releases_events.csv"] == 78
    assert ledger.files["seed_000_products.csv"] >= 20 and ledger.files["seed_003_events.csv"] >= 15


def test_catalog_keeps_the_agreed_indicator_ids(ledger):
    ids = {i["indicator"] for i in ledger.indicators}
    agreed = """ai_backend_network_revenue dc_switch_revenue dc_ethernet_switch_revenue vendor_networking_revenue
        fabric_revenue_share market_growth_rate market_cagr switch_ports_shipped switch_port_share optics_units_shipped
        optics_revenue optics_asp optics_price_per_gbps top500_systems top500_rmax_share nccl_busbw nccl_busbw_peak
        cloud_cluster_gpus cloud_per_gpu_bandwidth uec_members port_speed_gbps switch_capacity_tbps switch_radix
        serdes_gbps port_latency_ns power_w rack_power_kw nvlink_bandwidth_GBps memory_capacity_gb compute_tflops
        pcie_lanes message_rate_mpps gpus_per_domain effective_throughput_share network_share_of_cluster_cost
        performance_gain cable_count power_saving_kw""".split()
    assert set(agreed) <= ids
    # seed 003's 追蹤指標 (tracking indicators) each have a category in the catalog
    categories = {i["category"] for i in ledger.indicators}
    assert {
        "shipments",
        "share",
        "optics",
        "prices",
        "benchmark",
        "cloud",
        "top500",
        "uec",
        "market",
        "spec",
    } <= categories
    units = {i["indicator"]: i["unit"] for i in ledger.indicators}
    assert units["nccl_busbw_peak"] == "GBps" and units["optics_price_per_gbps"] == "USD_per_Gbps"


def test_every_row_has_source_evidence_and_a_date_or_a_reason(ledger):
    rows = [*ledger.records.observations, *ledger.records.events, *ledger.records.products]
    known = {s["source_id"] for s in ledger.sources}
    for row in rows:
        assert row.prov.source_id in known and row.prov.publisher and row.prov.title and row.prov.evidence
        assert row.prov.url or (row.prov.via and "seed" in row.prov.via)
    for obs in ledger.records.observations:
        assert obs.prov.published_on is not None or "unknown" in (obs.note or "") or "undated" in (obs.note or "")


def test_seed_rows_name_their_seed_as_carrier(ledger):
    seed_rows = [o for o in ledger.records.observations if o.prov.via]
    assert {o.prov.via for o in seed_rows} >= {SEED_000, SEED_003}
    sources = {s["source_id"]: s for s in ledger.sources}
    assert sources["seed_000"]["title"] == "AI 超級電腦的高速公路：從 GB200/GB300 看懂 RDMA 網路"
    assert sources["seed_003"]["title"] == "Backend Network（後端網路）"


def test_ecmp_60_and_spectrum_x_95_throughput(ledger):
    (roce,) = find(ledger, "effective_throughput_share", "ECMP (large-scale AI)")
    (spx,) = find(ledger, "effective_throughput_share", "Spectrum-X Ethernet")
    assert (roce.value, roce.value_qualifier, roce.fabric, roce.kind) == (0.6, "~", "roce", "vendor_claim")
    assert (spx.value, spx.fabric) == (0.95, "spectrum-x")
    assert roce.prov.publisher == "NVIDIA" and roce.prov.via == SEED_000 and "60%" in roce.prov.evidence
    assert "note 13" in roce.prov.title  # the seed's footnote stands in for the missing reference list


def test_gb200_nvl72_rack_figures(ledger):
    def value(indicator, **match):
        (row,) = find(ledger, indicator, "GB200 NVL72", **match)
        return row.value, row.unit

    assert value("gpus_per_domain") == (72, "gpus")
    assert value("cpu_count") == (36, "count")
    assert value("rack_power_kw") == (120, "kW")
    assert value("rack_tray_count", segment="compute") == (18, "count")
    assert value("rack_tray_count", segment="switch") == (9, "count")
    assert value("memory_capacity_gb", segment="per_rack") == (13400, "GB")
    assert value("memory_capacity_gb", segment="lpddr5x_per_rack") == (17000, "GB")
    (domain,) = find(ledger, "nvlink_bandwidth_GBps", "GB200/GB300 NVL72 NVLink domain")
    assert (domain.value, domain.unit, domain.segment) == (130000, "GBps", "per_rack")
    (per_gpu,) = find(ledger, "nvlink_bandwidth_GBps", "NVLink 5 (GB200/GB300 NVL72)")
    assert (per_gpu.value, per_gpu.unit, per_gpu.segment) == (1800, "GBps", "per_gpu")


def test_delloro_market_size_via_seed_003(ledger):
    (y2023,) = find(ledger, "ai_backend_network_revenue", "AI back-end network", period="2023")
    (y2028,) = find(ledger, "ai_backend_network_revenue", "AI back-end network", period="2028")
    assert (y2023.value, y2023.kind, y2023.value_qualifier) == (3.2e9, "actual", "~")
    assert (y2028.value, y2028.kind, y2028.value_qualifier) == (12e9, "forecast", ">")
    assert y2023.prov.publisher == "Dell'Oro Group" and y2023.prov.published_on == dt.date(2024, 7, 1)
    assert y2023.prov.via == SEED_003
    (cagr,) = find(ledger, "market_cagr", "AI back-end network")
    assert (cagr.value, cagr.period) == (0.30, "2023-2028")
    (optics,) = find(ledger, "optics_units_shipped", "800G")
    assert (optics.value, optics.prov.publisher, optics.prov.published_on) == (
        10e6,
        "LightCounting",
        dt.date(2024, 4, 1),
    )


def test_ranges_are_two_bounded_rows(ledger):
    latency = find(ledger, "port_latency_ns", "Ethernet switch")
    assert sorted((o.value, o.value_qualifier) for o in latency) == [(300, ">="), (500, "<=")]
    cost = find(ledger, "network_share_of_cluster_cost", "TCO")
    assert sorted((o.value, o.value_qualifier) for o in cost) == [(0.15, ">="), (0.25, "<=")]


def test_disagreeing_uec_1_0_dates_are_both_kept(ledger):
    uec = [
        e
        for e in ledger.records.events
        if from_seeds(e) and e.subject == "Ultra Ethernet Consortium" and e.category == "spec_release"
    ]
    assert sorted((e.event_date, e.date_precision) for e in uec) == [
        (dt.date(2024, 10, 1), "quarter"),
        (dt.date(2024, 11, 1), "month"),
    ]


def test_products_from_both_seeds(ledger):
    ids = {p.product_id for p in ledger.records.products}
    assert {
        "connectx-7",
        "connectx-8",
        "bluefield-3",
        "quantum-2",
        "quantum-x800",
        "spectrum-4",
        "sn5600",
        "nvlink-5-nvswitch",
        "gb200-nvl72",
        "gb300-nvl72",
        "tomahawk-5",
        "jericho3-ai",
    } <= ids
    (q800,) = [p for p in ledger.records.products if from_seeds(p) and p.product_id == "quantum-x800"]
    assert (q800.kind, q800.fabric, q800.generation) == ("switch_system", "infiniband", "XDR 800G")


def test_nccl_release_events(ledger):
    tags = [e for e in ledger.records.events if e.category == "software_release" and e.subject == "NVIDIA/nccl"]
    assert len(tags) == 78
    first = min(tags, key=lambda e: e.event_date)
    assert first.event_date == dt.date(2016, 3, 17) and first.title == "v1.2.1-1+cuda7.5-1"
    assert first.prov.url == "https://github.com/NVIDIA/nccl/releases/tag/v1.2.1-1+cuda7.5-1"
    assert first.prov.evidence == "b16cc5d197a0" and first.prov.published_on == first.event_date
    assert all(e.prov.title == "NVIDIA/nccl git tags" and e.prov.publisher == "NVIDIA" for e in tags)
