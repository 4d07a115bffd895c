"""The shipped catalog: required ids, breakout radix, provenance on every priced figure, overrides."""

import math

import pandas as pd
import pytest

from fabric_model import ModelError, load_catalog


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_required_switch_ids_are_shipped(catalog):
    assert {"quantum-2", "quantum-x800", "spectrum-4", "tomahawk-5", "tomahawk-6", "silicon-one-g200"} <= set(
        catalog.switches
    )


@pytest.mark.parametrize(
    "switch_id, gbps, radix",
    [
        ("quantum-2", 400, 64),
        ("quantum-2", 200, 128),
        ("quantum-2", 800, 0),
        ("quantum-x800", 800, 144),
        ("spectrum-4", 800, 64),
        ("spectrum-4", 400, 128),
        ("spectrum-4", 200, 256),
        ("tomahawk-6", 1600, 64),
        ("tomahawk-6", 800, 128),
        ("tomahawk-6", 200, 512),
    ],
)
def test_radix_follows_breakout(catalog, switch_id, gbps, radix):
    assert catalog.switch(switch_id).radix_at(gbps) == radix


def test_capacity_matches_port_configurations(catalog):
    # every breakout mode of a switch adds up to its switching capacity
    for switch in catalog.switches.values():
        for ports, gbps in switch.port_configs:
            assert ports * gbps / 1000 == pytest.approx(switch.capacity_tbps), switch.switch_id


def test_every_price_and_power_has_a_source_and_kind(catalog):
    items = [*catalog.switches.values(), *catalog.nics.values(), *catalog.optics.values(), *catalog.systems.values()]
    for item in items:
        if getattr(item, "price_usd", None) is None:
            continue
        for name in ("price_usd", "power_w"):
            source = item.provenance[name]
            assert source.text, (item, name)
            assert source.kind in {"spec", "estimate", "vendor_claim", "tool_assumption", "assumption"}, (
                item,
                name,
                source.kind,
            )
            if source.kind == "assumption":
                assert source.text.startswith("ASSUMPTION"), (item, name)


def test_prices_not_from_a_list_are_marked_estimate(catalog):
    # costmodel-sources: no list price was found for any item; every price is an estimate
    for switch in catalog.switches.values():
        assert switch.provenance["price_usd"].kind in ("estimate", "assumption")  # no list price
    assert catalog.switch("quantum-2").price_usd == 36000  # Freakonomics spreadsheet, Aug 2024
    assert catalog.optics["osfp-800g-switch"].power_w == 17  # NVIDIA MMS4X00-NS spec
    assert catalog.optics["osfp-400g-nic"].power_w == 9  # NVIDIA MMS4X00-NS400 spec


def test_overrides_replace_one_field_and_keep_its_source(catalog):
    overrides = pd.DataFrame(
        [
            {
                "product_id": "quantum-2",
                "field": "port_latency_ns",
                "value": 240,
                "source": "warehouse obs 1",
                "url": "https://example.org/qm9700",
            },
            {"product_id": "spectrum-4", "field": "price_usd", "value": "180000", "source": "quote"},
            {"product_id": "not-a-switch", "field": "price_usd", "value": 1, "source": "x"},
            {"product_id": "tomahawk-5", "field": "no_such_field", "value": 1, "source": "x"},
            {"product_id": "tomahawk-5", "field": "price_usd", "value": "n/a", "source": "x"},
        ]
    )
    merged = load_catalog(overrides)
    assert merged.switch("quantum-2").latency_ns == 240
    assert merged.switch("quantum-2").provenance["latency_ns"].kind == "observed"
    assert merged.switch("quantum-2").provenance["latency_ns"].url == "https://example.org/qm9700"
    assert merged.switch("quantum-2").price_usd == catalog.switch("quantum-2").price_usd
    assert merged.switch("spectrum-4").price_usd == 180000
    assert merged.switch("tomahawk-5").price_usd == catalog.switch("tomahawk-5").price_usd
    assert len(merged.overrides_applied) == 2
    assert [row["reason"] for row in merged.overrides_skipped][0] == "unknown product id"
    assert len(merged.overrides_skipped) == 3


def test_port_configs_override_changes_radix(catalog):
    merged = load_catalog(
        [{"product_id": "quantum-x800", "field": "port_configs", "value": "144x800;288x400", "source": "observed spec"}]
    )
    assert merged.switch("quantum-x800").radix_at(400) == 288


def test_unknown_ids_raise_model_error(catalog):
    with pytest.raises(ModelError, match="unknown switch 'nope'"):
        catalog.switch("nope")
    with pytest.raises(ModelError, match="unknown fabric"):
        catalog.fabric("omni")


def test_systems_without_scaleup_domain_are_infinite(catalog):
    assert math.isinf(catalog.system("gb10-spark").scaleup_GBps)


def test_data_files_have_rectangular_rows():
    # a row with one field too many shifts every source column after it (caught once in nics.csv)
    import csv

    from fabric_model.catalog import DATA_DIR

    for path in DATA_DIR.glob("*.csv"):
        rows = list(csv.reader(path.open(encoding="utf-8")))
        assert all(len(row) == len(rows[0]) for row in rows), path.name
        assert all(rows[0]), path.name


def test_priced_figures_link_to_their_source(catalog):
    items = [*catalog.switches.values(), *catalog.nics.values(), *catalog.optics.values(), *catalog.systems.values()]
    for item in items:
        for name in ("price_usd", "power_w"):
            source = item.provenance[name]
            if getattr(item, name) is None or "UNCONFIRMED (calibration only)" in source.text:
                continue
            assert source.url.startswith("https://"), (item, name)
            assert len(source.text) > 15, (item, name)
