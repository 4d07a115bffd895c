"""Vendor product pages and spec sheets (fixtures written for tests, see their headers)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import specs
from sources.parsers.specs.extract import SpecPair
from sources.records import ParseError

PAGES = Path(__file__).resolve().parents[2] / "fixtures" / "pages"
WHEN = dt.date(2025, 6, 1)


def doc(name: str, url: str, published_on: dt.date | None = WHEN, **kw) -> Document:
    return Document.from_path(PAGES / name, source_id="test_specs", url=url, published_on=published_on, **kw)


def observed(d: Document) -> list[tuple]:
    return [(o.indicator, o.value, o.unit, o.value_qualifier) for o in specs.parse(d).observations]


def test_nvidia_spec_table_with_section_rows():
    d = doc("nvidia_sn5600.html", "https://www.nvidia.com/en-us/networking/ethernet-switching/spectrum-sn5000/")
    r = specs.parse(d)
    [p] = r.products
    assert (p.product_id, p.vendor, p.family, p.kind, p.fabric) == (
        "spectrum-sn5600",
        "NVIDIA",
        "Spectrum",
        "switch_system",
        "ethernet",
    )
    assert observed(d) == [
        ("switch_radix", 64.0, "ports", None),
        ("port_speed_gbps", 800.0, "Gbps", None),
        ("serdes_gbps", 100.0, "Gbps", None),
        ("switch_capacity_tbps", 51.2, "Tbps", None),
    ]
    o = r.observations[0]
    assert (o.kind, o.period, o.speed_gbps, o.product_id, o.prov.evidence) == (
        "spec",
        "2025-06-01",
        800.0,
        "spectrum-sn5600",
        "Ports | 64 x 800GbE",
    )
    assert o.prov.document_sha == d.sha256 and o.prov.publisher == "NVIDIA"
    # Breakout modes, per-port optic power, buffer and OS are kept as specs but are not observations.
    unmapped = {(s["key"], s["value"], s["unit"]) for s in r.tables["specs"] if not s["indicator"]}
    assert ("Breakout options", 128.0, "ports") in unmapped
    assert ("Max optical module power per port", 18.0, "W") in unmapped
    assert ("Shared packet buffer", 0.128, "GB") in unmapped
    assert ("Operating system", "Cumulus Linux, SONiC", None) in unmapped


def test_nvidia_definition_list_nic():
    d = doc(
        "nvidia_connectx8.html",
        "https://www.nvidia.com/en-us/networking/products/ethernet/supernic/",
        published_on=None,
    )
    r = specs.parse(d)
    assert (r.products[0].kind, r.products[0].fabric, r.products[0].product_id) == ("nic", None, "connectx-8-supernic")
    assert observed(d) == [
        ("port_speed_gbps", 800.0, "Gbps", None),
        ("port_speed_gbps", 400.0, "Gbps", None),  # "2 x 400GbE": a NIC's port count is not a switch radix
        ("pcie_lanes", 48.0, "lanes", None),  # "PCIe Gen6, 48 lanes"
    ]
    assert r.observations[0].period == "2025-08-26"  # sniffed from article:published_time


def test_broadcom_bold_key_bullets():
    d = doc(
        "broadcom_tomahawk6.html",
        "https://www.broadcom.com/products/ethernet-connectivity/switching/strataxgs/bcm78910-series",
    )
    r = specs.parse(d)
    assert (r.products[0].kind, r.products[0].family, r.products[0].vendor) == ("switch_asic", "Tomahawk", "Broadcom")
    assert observed(d) == [
        ("switch_capacity_tbps", 102.4, "Tbps", None),
        ("switch_radix", 64.0, "ports", None),
        ("port_speed_gbps", 1600.0, "Gbps", None),  # 1.6TbE in Gb/s
        ("serdes_gbps", 200.0, "Gbps", None),  # first SerDes option; 1,024 x 100G kept as alternative
    ]
    alt = [s for s in r.tables["specs"] if s["key"] == "SerDes (alternative 1)"]
    assert alt[0]["value"] == 1024.0 and alt[0]["unit"] == "lanes"


def test_arista_keyless_bullets():
    d = doc("arista_7060xe7.html", "https://www.arista.com/en/products/7060x7-series")
    assert observed(d) == [
        ("switch_radix", 64.0, "ports", None),
        ("port_speed_gbps", 1600.0, "Gbps", None),
        ("switch_capacity_tbps", 100.0, "Tbps", None),
    ]
    assert specs.parse(d).products[0].vendor == "Arista Networks"


def test_comparison_table_gives_one_product_id_per_column():
    d = doc("cisco_silicon_one.html", "https://www.cisco.com/site/us/en/solutions/silicon-one/index.html")
    r = specs.parse(d)
    got = [(o.product_id, o.indicator, o.value) for o in r.observations]
    assert got == [
        ("p200", "switch_capacity_tbps", 51.2),
        ("g300", "switch_capacity_tbps", 102.4),
        ("p200", "switch_radix", 64.0),
        ("p200", "port_speed_gbps", 800.0),
        ("g300", "switch_radix", 64.0),
        ("g300", "port_speed_gbps", 1600.0),
        ("g300", "serdes_gbps", 200.0),
    ]
    assert r.observations[1].prov.evidence == "Switching capacity | G300 | 102.4 Tb/s"


def test_key_value_list_items_and_qualifiers():
    d = doc("amd_pollara400.html", "https://www.amd.com/en/products/network-interface-cards/pensando.html")
    assert observed(d) == [("port_speed_gbps", 400.0, "Gbps", "<="), ("pcie_lanes", 16.0, "lanes", None)]
    assert specs.parse(d).products[0].kind == "nic"


def test_latency_and_packet_rate():
    d = doc(
        "broadcom_tomahawk_ultra.html",
        "https://www.broadcom.com/products/ethernet-connectivity/switching/tomahawk-ultra",
    )
    assert observed(d) == [
        ("switch_capacity_tbps", 51.2, "Tbps", None),
        ("port_latency_ns", 250.0, "ns", None),
        ("serdes_gbps", 100.0, "Gbps", None),
    ]
    packet_rate = next(s for s in specs.parse(d).tables["specs"] if s["key"] == "Packet rate")
    assert (packet_rate["value"], packet_rate["unit"], packet_rate["indicator"]) == (77000.0, "Mpps", None)


def test_cli_json_contract():
    out = specs.cli_json(
        doc("amd_pollara400.html", "https://www.amd.com/en/products/network-interface-cards/pensando.html")
    )
    assert out["product"] == "AMD Pensando™ Pollara 400 AI NIC"
    assert out["specs"][0] == {
        "key": "Speed",
        "value": 400.0,
        "unit": "Gbps",
        "raw": "up to 400 Gbps",
        "evidence": "Speed: up to 400 Gbps",
    }
    assert out["specs"][-1] == {
        "key": "Programmability",
        "value": "3rd-generation P4 engine",
        "unit": None,
        "raw": "3rd-generation P4 engine",
        "evidence": "Programmability: 3rd-generation P4 engine",
    }


@pytest.mark.parametrize(
    "key, raw, kind, expected",
    [
        # latency in microseconds is stored in ns
        ("Port-to-port latency", "0.7 µs", "switch_system", [("Port-to-port latency", 700.0, "ns", "port_latency_ns")]),
        # a switch's Tb/s under a "bandwidth" key is its capacity, not a port speed
        (
            "Total bandwidth",
            "115.2 Tb/s",
            "switch_system",
            [("Total bandwidth", 115.2, "Tbps", "switch_capacity_tbps")],
        ),
        # InfiniBand rate name without digits
        ("Port speed", "XDR", "switch_system", [("Port speed", 800.0, "Gbps", "port_speed_gbps")]),
        # a bare number of ports on a switch is its radix
        ("Number of ports", "144", "switch_system", [("Number of ports", 144.0, "ports", "switch_radix")]),
        # PCIe 6.0 x48 written with a version number
        (
            "Host interface",
            "PCIe 6.0 x48",
            "nic",
            [
                ("Host interface", 48.0, "lanes", "pcie_lanes"),
                ("Host interface (PCIe generation)", 6.0, "generation", None),
            ],
        ),
        # power in kW becomes W for power_w
        ("Typical power", "1.2 kW", "switch_system", [("Typical power", 1200.0, "W", "power_w")]),
        # message rate written as "M msgs/sec"
        ("Message rate", "215M msgs/sec", "nic", [("Message rate", 215.0, "Mpps", "message_rate_mpps")]),
        # GPU memory in GB
        ("GPU memory", "288 GB HBM3e", "gpu_system", [("GPU memory", 288.0, "GB", "memory_capacity_gb")]),
        # NVLink bandwidth in bytes per second
        ("NVLink bandwidth", "1.8 TB/s", "gpu_system", [("NVLink bandwidth", 1800.0, "GBps", "nvlink_bandwidth_GBps")]),
        # unknown keys keep their text and map to nothing
        ("Form factor", "OCP 3.0", "nic", [("Form factor", "OCP 3.0", None, None)]),
    ],
)
def test_interpret_quirks(key, raw, kind, expected):
    got = [(s.key, s.value, s.unit, s.indicator) for s in specs.interpret(SpecPair(key, raw, f"{key}: {raw}"), kind)]
    assert got == expected


def test_spec_table_moved_into_a_tab_is_a_parse_error():
    d = doc("nvidia_sn5600_tabbed.html", "https://www.nvidia.com/en-us/networking/ethernet-switching/spectrum-sn5000/")
    with pytest.raises(ParseError, match="no spec table"):
        specs.parse(d)


def test_empty_and_non_html_pages_are_parse_errors():
    with pytest.raises(ParseError, match="empty document"):
        specs.parse(Document(source_id="test_specs", url="https://www.nvidia.com/x", body=b"  \n"))
    with pytest.raises(ParseError, match="not an HTML page"):
        specs.cli_json(
            Document(source_id="test_specs", url="https://www.nvidia.com/x", body=b'{"error": "rate limited"}')
        )


def test_spec_block_without_figures_is_a_parse_error():
    # The table survived a redesign but its values are now images: keys only, no figures.
    body = (
        b"<html><body><main><h1>Q3400</h1><table><tr><td>Ports</td><td><img src=p.png></td></tr>"
        b"<tr><td>Software</td><td>MLNX-OS</td></tr></table></main></body></html>"
    )
    with pytest.raises(ParseError, match="no figures"):
        specs.parse(Document(source_id="test_specs", url="https://www.nvidia.com/x", body=body))


def test_undated_page_warns_and_emits_no_observations():
    d = doc("arista_7060xe7.html", "https://www.arista.com/en/products/7060x7-series", published_on=None)
    r = specs.parse(d)
    assert r.observations == [] and len(r.products) == 1
    assert any("need a vintage" in w for w in r.warnings)
    dated = specs.parse(
        doc(
            "arista_7060xe7.html",
            "https://www.arista.com/x",
            published_on=None,
            fetched_at=dt.datetime(2026, 6, 20, 12, 0),
        )
    )
    assert {o.period for o in dated.observations} == {"2026-06-20"}  # falls back to the fetch date


@pytest.mark.parametrize(
    "sentence, value, unit, kind, expected",
    [
        # sentences from tests/corpus/specs (s05, s13, s08, s10, s17, s18, s09, s22): the figure's own clause decides
        (
            "The officially named BCM78900 family can control up to 64×800GE, 128×400GE or 256×200GE ports",
            400.0,
            "Gbps",
            "switch_asic",
            "port_speed_gbps",
        ),
        ("The 100G version provides eight 100G lanes.", 100.0, "Gbps", "nic", "serdes_gbps"),
        ("- PCIe Gen6 (up to 48 lanes) — highest CPU↔NIC bandwidth available", 48.0, "lanes", "nic", "pcie_lanes"),
        (
            "a packet processing capacity of 66.5 billion packets per second",
            66500.0,
            "Mpps",
            "switch_system",
            "message_rate_mpps",
        ),
        ("The chip has dimensions of 90×90 mm and consumes 500 W", 500.0, "W", "switch_asic", "power_w"),
        (
            "Aggregiert kann der Spectrum-4 51,2 TBit/s (64 x 800 GBit/s) an Netzwerkverkehr",
            51.2,
            "Tbps",
            "switch_asic",
            "switch_capacity_tbps",
        ),
        # another product's figure, for comparison: explicitly not this product's
        ("a single 102.4T switch can replace four legacy 25.6T switches", 25.6, "Tbps", "switch_asic", ""),
        (
            "it has shipped more than 5 million 400GbE ports with the first-generation Teralynx 7",
            400.0,
            "Gbps",
            "switch_asic",
            "",
        ),
        # a 1.6 Tb/s port is no switch capacity; a figure with no telling word keeps what the key said
        ("1.6 Tbit/s each on 64 ports is also possible", 1.6, "Tbps", "switch_asic", None),
        ("The chip is based on a 4nm process", 4.0, "Gbps", "switch_asic", None),
    ],
)
def test_indicator_from_the_figures_own_clause(sentence, value, unit, kind, expected):
    from sources.parsers.specs import SWITCH_KINDS
    from sources.parsers.specs.context import indicator_in_context

    assert indicator_in_context(sentence, value, unit, kind, SWITCH_KINDS) == expected
