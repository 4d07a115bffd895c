"""The controlled vocabulary (sources/curated/vocabulary/): it loads clean, every curated row resolves
each key dimension or is refused with file:line: field: message, and what it decides for keys, dates,
events and source tiers holds on the real ledger."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sources.ledger.ledger import LedgerError, load_ledger
from sources.ledger.vocabulary import (
    DIMENSION_FILES,
    NOT_ASSESSED,
    carrier_host,
    default_folder,
    key_dimensions,
    load_vocabulary,
    published_precision,
    with_scope,
)
from sources.ledger import resolve

BASE = Path(__file__).parents[1] / "fixtures" / "ledger" / "base"


@pytest.fixture(scope="module")
def vocab():
    return load_vocabulary(default_folder())


@pytest.fixture(scope="module")
def ledger():
    return load_ledger()


def test_repository_vocabulary_loads_clean_in_both_languages(vocab):
    errors: list[str] = []
    load_vocabulary(default_folder(), errors)
    assert errors == []
    assert set(DIMENSION_FILES) | {"indicator", "entity"} == set(vocab.terms)
    for dimension, terms in vocab.terms.items():
        assert terms, dimension
        assert all(t.name_zh for t in terms.values()), f"{dimension}: a term without a Chinese name"
    assert vocab.resolve("segment", "per GPU, bidirectional") == "per_gpu"  # the seed's free wording
    assert vocab.resolve("segment", "HBM3e per GPU") == "per_gpu"
    assert vocab.resolve("fabric", "RoCEv2") == "roce" and vocab.ancestors("fabric", "roce") == ["roce", "ethernet"]
    assert vocab.resolve("region", "全球") == "worldwide"
    assert vocab.resolve("milestone", "product_announcement") == "announced"  # a category's default milestone


def test_an_indicator_may_name_the_indicator_it_is_part_of(tmp_path, vocab):
    # data-centre Ethernet switch revenue is a part of all Ethernet switch revenue (IDC's $10B of $15.4B in 1Q26):
    # the companion view shows the two beside each other, different_scope; the key rule is unchanged
    assert vocab.terms["indicator"]["dc_ethernet_switch_revenue"].parent == "ethernet_switch_revenue"
    assert vocab.speed_in_key("dc_ethernet_switch_revenue")
    folder = tmp_path / "vocabulary"
    shutil.copytree(default_folder(), folder)
    path = folder / "indicators.csv"
    text = path.read_text(encoding="utf-8")
    text = text.replace("part_of=ethernet_switch_revenue", "part_of=no_such_indicator", 1)
    text = text.replace(
        "dc_switch_revenue,資料中心交換器營收,speed_in_key=yes",
        "dc_switch_revenue,資料中心交換器營收,speed_in_key=yes;size=2",
    )
    path.write_text(text, encoding="utf-8")
    errors: list[str] = []
    load_vocabulary(folder, errors)
    assert any(
        e.endswith("rule: part_of='no_such_indicator' is not another indicator of indicators.csv") for e in errors
    )
    assert any(e.startswith("indicators.csv:3: rule: want speed_in_key=yes or speed_in_key=no") for e in errors)


def test_an_unknown_wording_is_refused_with_file_line_and_field(tmp_path):
    folder = tmp_path / "curated"
    shutil.copytree(BASE, folder)
    path = folder / "good_observations.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace(",Test Vendor,test-nic,,,,", ",Test Vendor,test-nic,mars,per wafer,,")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LedgerError) as caught:
        load_ledger(folder)
    assert caught.value.errors == [
        "good_observations.csv:3: segment: 'per wafer' is not a term or alias of vocabulary/segments.csv (add it there)",
        "good_observations.csv:3: region: 'mars' is not a term or alias of vocabulary/regions.csv (add it there)",
    ]


def test_every_curated_row_resolves_every_dimension_and_names_its_carrier(ledger, vocab):
    for obs in ledger.records.observations:
        for dimension, value in (
            ("segment", obs.segment),
            ("fabric", obs.fabric),
            ("region", obs.region),
            ("scope", obs.scope),
        ):
            assert value is None or value in vocab.terms[dimension], (obs.subject, dimension, value)
        assert obs.prov.source_tier in vocab.terms["source_tier"]
    # every host that carried a figure, event or product is assessed in carriers.csv (none left at the default)
    unassessed = {
        r.prov.carrier
        for r in [*ledger.records.observations, *ledger.records.events, *ledger.records.products]
        if r.prov.tier_reason == NOT_ASSESSED
    }
    assert unassessed == set()


def test_every_event_has_an_entity_and_a_milestone(ledger, vocab):
    registry = ledger.entities
    for event in ledger.records.events:
        assert event.milestone in vocab.terms["milestone"], event.title
        assert registry.resolve(event.subject, event.product_id, event.vendor, event.entity_id)[0], event.title
        assert event.kind in ("actual", "plan", "forecast")


def test_published_precision_follows_what_the_source_gave(ledger):
    assert [published_precision(t) for t in ("2022", "2025-06", "2025-06-11", "", None)] == [
        "year",
        "month",
        "day",
        None,
        None,
    ]
    # TechInsights' Spectrum-4 article gives only its year: stored 2022-01-01 with precision year, so its
    # GTC (March 2022) event is not "published before it happened"
    spectrum4 = [
        e
        for e in ledger.records.events
        if e.entity_id is None and e.subject == "NVIDIA Spectrum-4" and e.title.startswith("Spectrum-4 51.2T")
    ]
    assert spectrum4 and spectrum4[0].prov.published_precision == "year"


def test_key_rules(vocab):
    # a speed is no key dimension of a speed: ConnectX-9 "1.6T" and "800G" are one series
    assert (
        key_dimensions(
            vocab, "port_speed_gbps", ["connectx-9"], segment=None, speed_gbps=1600.0, fabric=None, region=None
        )["speed_gbps"]
        is None
    )
    assert (
        key_dimensions(vocab, "switch_ports_shipped", [], segment=None, speed_gbps=800.0, fabric=None, region=None)[
            "speed_gbps"
        ]
        == 800.0
    )
    # the Ethernet switch market is Ethernet: a row without fabric is the Ethernet series
    assert (
        key_dimensions(
            vocab,
            "ethernet_switch_revenue",
            ["ethernet-switch-market"],
            segment=None,
            speed_gbps=None,
            fabric=None,
            region=None,
        )["fabric"]
        == "ethernet"
    )
    # a market whose definition fixes no fabric keeps "all fabrics" apart from one fabric's figure
    assert (
        key_dimensions(
            vocab,
            "ai_backend_network_revenue",
            ["ai-backend-network-market"],
            segment=None,
            speed_gbps=None,
            fabric=None,
            region=None,
        )["fabric"]
        is None
    )
    assert with_scope("i|e|-|-|-|-|annual", "backend_switches") == "i|e|-|-|-|-|backend_switches|annual"
    assert carrier_host("https://www.LightwaveOnline.com/a?b") == "lightwaveonline.com"


def test_a_statement_loaded_twice_is_kept_once():
    base = {
        "series_key": "s",
        "period": "2026",
        "value": 21000.0,
        "value_qualifier": None,
        "kind": "estimate",
        "unit": "GB",
        "publisher": "Tom's Hardware",
        "url": "https://x.example/a",
        "evidence": "21 TB",
    }
    rows = [
        dict(base, subject="VR200 rack HBM", record_id="a"),
        dict(base, subject="VR200 HBM per rack", record_id="b"),
        dict(base, subject="VR200 rack HBM", record_id="c", value=20700.0),
    ]
    kept, dropped = resolve.dedupe_statements(rows)
    assert [r["record_id"] for r in kept] == ["a", "c"] and [r["record_id"] for r in dropped] == ["b"]
