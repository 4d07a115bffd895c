"""facts.csv rows 367-1145 in the shipped ledger (facts2_* files): every row accounted for, published
reference points with their publisher and date, and both sides of the disagreements facts-notes.md lists.

The expected figures are the documents' own (quoted in facts.csv's evidence column), not the ledger's output.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from pathlib import Path

import pytest

from sources.ledger.ledger import DEFAULT_FOLDER, load_ledger

ROW_RE = re.compile(r"facts\.csv row (\d+)")


@pytest.fixture(scope="module")
def ledger():
    return load_ledger()


@pytest.fixture(scope="module")
def facts2(ledger):
    obs = [o for o in ledger.records.observations if o.note and ROW_RE.search(o.note)]
    events = [e for e in ledger.records.events if e.description and ROW_RE.search(e.description)]
    return obs, events


def rows_of(records, text_of) -> set[int]:
    return {int(n) for r in records for n in ROW_RE.findall(text_of(r) or "")}


def left_out_rows() -> dict[int, str]:
    """Rows the left-out list says were left out whole (a row converted in part is listed too)."""
    text = (DEFAULT_FOLDER / "facts2_left_out.md").read_text(encoding="utf-8")
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"^\| (\d+) \| (\w+) \|", text, re.M)}


def obs(facts2, indicator, subject_part=None, **match):
    found = [
        o
        for o in facts2[0]
        if o.indicator == indicator
        and (subject_part is None or subject_part in o.subject)
        and all(getattr(o, k) == v for k, v in match.items())
    ]
    assert found, f"no {indicator} row about {subject_part!r} {match}"
    return found


def any_obs(ledger, indicator, subject_part, **match):
    return [
        o
        for o in ledger.records.observations
        if o.indicator == indicator and subject_part in o.subject and all(getattr(o, k) == v for k, v in match.items())
    ]


def test_every_row_of_the_five_groups_is_converted_or_listed(facts2):
    # facts-notes.md: 779 rows added; 109 benchmarks ingested elsewhere; market 348, shipments 137,
    # cloud 125, uec 42, prices 18 = 670 rows for the ledger
    converted = rows_of(facts2[0], lambda o: o.note) | rows_of(facts2[1], lambda e: e.description)
    listed = left_out_rows()
    accounted = converted | set(listed)
    assert len(accounted) == 670
    assert min(accounted) == 367 and max(accounted) == 1145
    assert not any(870 <= n <= 978 for n in accounted), "benchmarks rows belong to another ingest"
    assert len(converted) >= 560  # most rows convert; the rest are listed with a reason
    assert set(listed.values()) <= {"market", "shipments", "prices", "cloud", "uec"}


def test_files_and_new_indicators(ledger):
    for name in (
        "facts2_market_observations.csv",
        "facts2_optics_observations.csv",
        "facts2_shipments_observations.csv",
        "facts2_cloud_observations.csv",
        "facts2_uec_observations.csv",
        "facts2_uec_events.csv",
        "facts2_cloud_events.csv",
        "facts2_market_events.csv",
    ):
        assert ledger.files[name] > 0, name
    ids = {i["indicator"] for i in ledger.indicators}
    assert {"vendor_share_change_pts", "forecast_revision_share", "fabric_tiers", "optics_production_capacity"} <= ids


def test_idc_2q25_ethernet_switch_market_via_the_next_platform(facts2):
    (row,) = obs(facts2, "ethernet_switch_revenue", "Worldwide Ethernet switch market", period="2025Q2")
    assert row.value == 14.51e9 and row.prov.publisher == "IDC"
    assert row.prov.published_on == dt.date(2025, 9, 16) and "Next Platform" in row.prov.via
    assert row.prov.confidence == "derived"  # relayed, not read in IDC's own release
    growth = obs(facts2, "market_growth_rate", "Worldwide Ethernet switch market", period="2025Q2", kind="actual")
    assert {round(g.value, 3) for g in growth} == {0.421, 0.239}  # +42.1% y/y and +23.9% q/q


def test_delloro_ethernet_above_two_thirds_of_ai_backend_sales(facts2):
    rows = obs(facts2, "fabric_revenue_share", "Ethernet share of AI back-end switch sales", fabric="ethernet")
    assert {(r.period, r.value_qualifier) for r in rows} == {("2025Q4", ">"), ("2025", ">")}
    assert all(r.prov.publisher == "Dell'Oro Group" and r.prov.published_on == dt.date(2026, 3, 10) for r in rows)
    assert all(abs(r.value - 2 / 3) < 1e-3 for r in rows)


def test_nvidia_fy26q1_networking_both_4_9_and_5_0(ledger):
    rows = any_obs(ledger, "vendor_networking_revenue", "NVIDIA Data Center networking revenue", period="2025Q1")
    assert {r.value for r in rows} >= {4.9e9, 5.0e9}


def test_mislabelled_fiscal_year_row_is_entered_as_fy27q1(facts2):
    (row,) = obs(facts2, "vendor_revenue_growth", "NVIDIA Data Center networking revenue", period="2026Q1")
    assert row.value == 1.99 and row.prov.published_on == dt.date(2026, 5, 20)
    assert "mislabels the fiscal year" in row.note and "earningscalls.dev" in row.prov.url


def test_delloro_80b_next_five_years_vs_2025_to_2030(ledger):
    rows = any_obs(
        ledger,
        "ai_backend_network_revenue",
        "Ethernet switch sales in AI back-end networks",
        segment="cumulative",
        value=80e9,
    )
    assert {r.period for r in rows} >= {"2025-2029", "2025-2030"}


def test_broadcom_ai_networking_share_40_vs_30(facts2):
    rows = obs(facts2, "segment_revenue_share", "Broadcom AI networking share of AI revenue", period="2025Q1")
    assert {(r.value, r.value_qualifier) for r in rows} == {(0.4, None), (0.3, "~")}


def test_800g_units_2026_from_many_publishers(facts2):
    rows = obs(facts2, "optics_units_shipped", "800G optical transceivers (worldwide)", period="2026", segment=None)
    publishers = {r.prov.publisher for r in rows}
    assert len(publishers) >= 6
    assert all(35e6 <= r.value <= 45e6 for r in rows)
    by_pub = {(r.prov.publisher, r.value, r.value_qualifier) for r in rows}
    assert ("CITIC Securities", 35e6, ">") in by_pub and ("Citi Research", 37e6, None) in by_pub
    assert ("simple tech trend (supply-chain survey)", 43e6, ">=") in by_pub  # "43-45M": a range is two bounds
    assert ("simple tech trend (supply-chain survey)", 45e6, "<=") in by_pub


def test_16t_units_2026_5m_to_over_20m(facts2):
    rows = obs(facts2, "optics_units_shipped", "1.6T optical transceivers (worldwide)", period="2026", segment=None)
    by_pub = {(r.prov.publisher, r.value, r.value_qualifier) for r in rows}
    assert ("Cignal AI", 5e6, ">") in by_pub and ("CITIC Securities", 20e6, ">") in by_pub
    assert ("Citi Research", 5e6, None) in by_pub  # after the cut from 12M


def test_optical_module_market_2025_disagreement(facts2):
    values = {
        (r.prov.publisher, r.value, r.value_qualifier)
        for r in obs(facts2, "optics_revenue", period="2025")
        if "Optical" in r.subject
    }
    assert ("LightCounting", 23e9, ">") in values
    assert ("HaloWill", 15.09e9, None) in values and ("Juntoku", 14.7e9, "~") in values
    assert {(v, q) for _, v, q in values} >= {(10e9, ">="), (12e9, "<=")}


def test_lightcounting_and_yole_restatements(facts2):
    eth = obs(facts2, "market_growth_rate", "Ethernet optical transceivers (worldwide)", period="2019")
    assert {(r.value, r.prov.published_on) for r in eth} == {
        (-0.17, dt.date(2020, 3, 31)),
        (-0.18, dt.date(2021, 3, 30)),
    }
    eth2020 = obs(facts2, "market_growth_rate", "Ethernet optical transceivers (worldwide)", period="2020")
    assert {r.value for r in eth2020} >= {0.33, 0.34}  # March 2021 vs Sept 2021 edition
    yole = obs(facts2, "optics_revenue", "Optical transceivers (worldwide)", period="2028")
    assert {r.value for r in yole} == {22.3e9, 22.2e9}


def test_cloud_disagreements_keep_both_sides(ledger, facts2):
    colossus = [
        o.value for o in ledger.records.observations if o.indicator == "cloud_cluster_gpus" and "Colossus" in o.subject
    ]
    assert 230000 in colossus and 200000 in colossus
    hpn = [
        o.value
        for o in ledger.records.observations
        if o.indicator == "cloud_cluster_gpus" and "HPN" in o.subject and o.segment == "pod"
    ]
    assert 8192 in hpn and 15000 in hpn
    tesla = {o.value for o in obs(facts2, "cloud_cluster_gpus", "Tesla Cortex")}
    assert {50000, 100000} <= tesla
    bytedance = {o.value for o in obs(facts2, "port_speed_gbps", "ByteDance MegaScale", segment="per_nic")}
    assert bytedance == {200, 400}
    oracle = {(o.value, o.value_qualifier) for o in obs(facts2, "network_latency_us", "Oracle OCI")}
    assert {(2.5, ">="), (9.1, "<="), (20, "<=")} <= oracle
    a3 = {(o.subject, o.value) for o in obs(facts2, "cloud_instance_bandwidth", "Google Cloud A3")}
    assert ("Google Cloud A3 Mega (H100)", 1600) in a3 and ("Google Cloud A3 Edge (H100)", 600) in a3


def test_trn2_almost_13_tb_is_kept_in_bytes_as_its_source_states_it(facts2):
    # facts.csv row 1010, Gixtools: "Each Trainium2 UltraServer has almost 13TB of network bandwidth" (TB: bytes);
    # row 1011, Lockwood citing AWS docs: "3.2 Tbps of EFA v3 ... 12.8 Tbps of EFA v3" (Tb: bits). Different units
    # as stated (facts-notes batch 2 #13): the 13 TB is a byte bandwidth, never a 13,000 Gbps twin of 12.8 Tbps.
    bytes_side = obs(facts2, "scaleout_bandwidth_GBps", "AWS Trn2 UltraServer")
    assert [(o.value, o.unit, o.value_qualifier, o.segment) for o in bytes_side] == [
        (13000, "GBps", "~", "per_ultraserver")
    ]
    bits_side = {(o.value, o.unit, o.segment) for o in obs(facts2, "cloud_instance_bandwidth", "Trn2")}
    assert bits_side == {(3200, "Gbps", "efa_per_instance"), (12800, "Gbps", "per_ultraserver")}


def test_uec_milestones_and_member_products(facts2):
    events = {(e.event_date, e.title) for e in facts2[1]}
    assert (dt.date(2025, 6, 11), "Ultra Ethernet 1.0 specification released") in events
    assert (dt.date(2025, 6, 3), "Broadcom Tomahawk 6 shipping samples") in events
    assert (dt.date(2025, 6, 1), "Broadcom Tomahawk 6 in mass production") in events
    assert any(e.title.startswith("NVIDIA not a UEC member") and e.event_date == dt.date(2024, 4, 1) for e in facts2[1])
    wgs = {(o.period, o.value) for o in obs(facts2, "uec_working_groups")}
    assert {("2023-12", 8), ("2023-11", 4), ("2025", 4)} <= wgs
    (participants,) = obs(facts2, "uec_participants")
    assert participants.value == 300 and participants.value_qualifier == ">"
    assert participants.prov.publisher == "Ultra Ethernet Consortium" and participants.prov.confidence == "reported"


def test_carriers_become_confidence(facts2):
    rows = [*facts2[0], *facts2[1]]
    for r in rows:
        if r.prov.via:  # a relay or attribution: the original was not read
            assert r.prov.confidence == "derived", r
        elif r.prov.confidence == "analyst_estimate":  # an unnamed source: the carrier is the publisher
            assert "unnamed" in ((getattr(r, "note", None) or getattr(r, "description", None)) or "")
    unverified = [o for o in facts2[0] if "unverified" in (o.note or "")]
    assert unverified
    assert all(o.prov.confidence == "derived" and o.prov.publisher == "LightCounting" for o in unverified)


def test_periods_dates_and_fiscal_mapping(facts2):
    for o in facts2[0]:
        assert not o.period.startswith("FY"), o
        if o.prov.published_on is None:
            assert "undated" in o.note, o
    # Broadcom FY2025Q2 (quarter ended 2025-05-04) is calendar 2025Q1; Cisco FY2025Q2 (ended 2025-01-25) is 2024Q4
    assert obs(facts2, "vendor_ai_revenue", "Broadcom AI semiconductor revenue", value=4.4e9)[0].period == "2025Q1"
    assert obs(facts2, "vendor_ai_orders", "webscale", value=350e6)[0].period == "2024Q4"


def test_left_out_list_names_its_reasons():
    listed = left_out_rows()
    text = (Path(DEFAULT_FOLDER) / "facts2_left_out.md").read_text(encoding="utf-8")
    assert listed[396] == "market" and "2023Q1-Q3" in text  # a year-to-date span
    assert listed[492] == "market" and "RMB" in text  # a currency the ledger does not hold
    assert listed[1009] == "cloud" and "ten petabytes" in text


# A bandwidth written with its unit: "400 GB/s", "800Gbps", "1,6 TBit/s". Bits before bytes ("GBit/s" is bits).
_RATE_RE = re.compile(
    r"(?<![\d.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?"
    r"(?P<prefix>[MGT])(?P<kind>b/s|bps|bit/s|Bit/s|bit|b(?![A-Za-z])|B/s|Bps|Byte/s|byte/s)"
)
_PREFIX = {"M": 1e-3, "G": 1.0, "T": 1e3}
_STORED = {"Gbps": (1.0, "bits"), "Tbps": (1e3, "bits"), "GBps": (1.0, "bytes"), "TBps": (1e3, "bytes")}


def written_rates(evidence: str) -> list[tuple[float, str, str]]:
    """(value in G-units, 'bits'|'bytes', the unit as written) for each rate the evidence writes with its unit."""
    out = []
    for m in _RATE_RE.finditer(evidence or ""):
        kind = "bytes" if m.group("kind")[0] == "B" and not m.group("kind").startswith("Bit") else "bits"
        out.append((float(m.group(1).replace(",", "")) * _PREFIX[m.group("prefix")], kind, m["prefix"] + m["kind"]))
    return out


def test_written_rates_read_bits_and_bytes():
    # hand-read forms from the ledger's evidence
    assert written_rates("4× 400 GB/s NVIDIA Quantum-2 CX7") == [(400.0, "bytes", "GB/s")]
    assert written_rates("each ConnectX-9 is actually 800Gbps") == [(800.0, "bits", "Gbps")]
    assert written_rates("von 800 GBit/s auf 1600 GBit/s")[0] == (800.0, "bits", "GBit/s")
    assert written_rates("28.8Tb/s scale-out") == [(28800.0, "bits", "Tb/s")]
    assert written_rates("800G, copper") == []  # a bare G says neither bits nor bytes


def test_a_rate_stored_in_the_other_unit_than_written_says_so(ledger):
    # A figure whose page writes the same number only in the other unit (400 "GB/s" stored as 400 Gb/s) is a
    # judgement about the page's unit: the row's note must quote what the page wrote, so a reader can check it.
    unexplained = []
    for o in ledger.records.observations:
        if o.unit not in _STORED:
            continue
        scale, kind = _STORED[o.unit]
        same_number = [(k, u) for v, k, u in written_rates(o.prov.evidence) if math.isclose(v, o.value * scale)]
        if same_number and kind not in {k for k, _ in same_number}:
            unit_written = same_number[0][1]
            if unit_written not in (o.note or ""):
                unexplained.append((o.indicator, o.subject, o.value, o.unit, unit_written))
    assert not unexplained


def test_azure_nd_gb200_v6_backend_connection_is_400_gigabits(facts2):
    # Microsoft Learn's ND GB200 v6 summary (relayed by WindowsNews.ai) writes "4× 400 GB/s NVIDIA Quantum-2 CX7
    # InfiniBand connections per VM", and for the rack of 18 such VMs "28.8Tb/s scale-out networking": 18 x 4 = 72
    # connections x 400 Gb/s = 28,800 Gb/s. In bytes (3,200 Gb/s each) the rack would have 230.4 Tb/s. Bits, then.
    (row,) = obs(facts2, "port_speed_gbps", "Microsoft Azure ND GB200 v6")
    assert (row.value, row.unit, row.segment) == (400, "Gbps", "per_nic")
    (nics,) = obs(facts2, "nic_count", "Microsoft Azure ND GB200 v6")
    assert 18 * nics.value * row.value == 28_800
    assert "400 GB/s" in row.prov.evidence and "'4× 400 GB/s'" in row.note and "28.8Tb/s" in row.note
