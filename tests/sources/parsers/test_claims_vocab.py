"""The claims extractor's publishers come from the entity registry (one home for names and aliases)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sources.ledger.entities import Entity, load_registry, normalize
from sources.parsers.claims import vocab

CURATED = Path(__file__).resolve().parents[3] / "sources" / "curated"


def test_every_publisher_and_alias_is_a_registry_entry():
    registry = load_registry(CURATED)
    by_name = {e.name: e for e in registry.entities.values()}
    assert vocab.PUBLISHERS
    for name, (kind, entity_id, aliases) in vocab.PUBLISHERS.items():
        entity = by_name[name]
        assert entity.kind == "company"
        assert kind in ("research", "company")
        assert entity_id in (None, entity.entity_id)
        for alias in aliases:
            assert registry.by_alias.get(normalize(alias)) == entity.entity_id, (name, alias)


def test_the_firms_and_vendors_of_the_press_texts_are_publishers():
    # Named as sources of figures in tests/corpus/claims_*: the research firms and the vendors whose results they report.
    for name in ("Dell'Oro Group", "IDC", "LightCounting", "TrendForce", "Yole Group", "Crehan Research"):
        assert vocab.kind_of(name) == "research", name
    for name in ("NVIDIA", "Arista Networks", "Broadcom", "Cisco", "Marvell", "Zhongji Innolight", "Eoptolink"):
        assert vocab.kind_of(name) == "company", name
    assert [n for _, _, n in vocab.publishers_in("據集邦科技統計，英伟达與Arista")] == [
        "TrendForce",
        "NVIDIA",
        "Arista Networks",
    ]
    assert vocab.FISCAL_YEAR_END["NVIDIA"] == 1 and vocab.FISCAL_YEAR_END["Cisco"] == 7


def test_a_firm_registered_as_research_becomes_a_publisher_and_an_unknown_subject_id_is_refused():
    rows = [
        Entity(entity_id, "market", entity_id, None, ())
        for entity_id in {*vocab.SUBJECT_IDS.values(), *vocab.FISCAL_YEAR_END_BY_ID}
    ]
    rows.append(Entity("newfirm", "company", "New Firm Research", None, ("新公司",), "research firm (test)"))
    rows.append(Entity("acme", "company", "Acme", None, ()))  # no fiscal calendar, not research: not a publisher
    built = vocab.build(rows)
    assert built.publishers["New Firm Research"] == ("research", None, ("New Firm Research", "新公司"))
    assert "Acme" not in built.publishers
    with pytest.raises(ValueError, match="dc-switch-market"):
        vocab.build([r for r in rows if r.entity_id != "dc-switch-market"])
