"""Issue 19 item 1 on the real curated and seed files: every observation's series key is fully controlled
(its entity registered, each dimension a vocabulary term, nothing taken from wording), every event names
its own entity, and a row that would key on free wording is refused at load with file:line: field: message.
Alias rows of the entity registry (no kind, no name) add wordings to an entity another file defines."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from sources.ledger.entities import PERIOD_BASES, RegistryError, load_registry, resolve_all
from sources.ledger.format import DEFAULT_FOLDER
from sources.ledger.ledger import LedgerError, load_ledger
from sources.records import flat
from warehouse import load

HEADER = "entity_id,kind,name,parent_id,aliases,note\n"


@pytest.fixture(scope="module")
def ledger():
    return load_ledger()


@pytest.fixture(scope="module")
def rows(ledger):
    """The observations as the warehouse loads them (resolved, keyed and deduplicated by warehouse/load.py)."""
    return load._observation_rows(ledger.records.observations, "curated", dt.datetime(2026, 1, 1), ledger.entities)


def test_every_curated_and_seed_row_has_a_fully_controlled_key(ledger, rows):
    seed = [o for o in ledger.records.observations if (o.prov.via or "").startswith("seed") or "seed" in o.prov.title]
    assert len(rows) > 1500 and len(seed) > 50
    uncontrolled = [(r["subject"], r["entity_resolution"]) for r in rows if not r["key_controlled"]]
    assert uncontrolled == []  # the share of fully controlled keys is 100 %
    assert {r["entity_resolution"] for r in rows} <= set(load.CONTROLLED_RESOLUTIONS)
    assert not [r["series_key"] for r in rows if "subject:" in r["series_key"]]


def test_no_key_dimension_comes_from_free_wording(ledger, rows):
    vocab, registry = ledger.vocabulary, ledger.entities
    catalog = {i["indicator"] for i in ledger.indicators}
    for row in rows:
        parts = row["series_key"].split("|")
        assert len(parts) == 8, row["series_key"]
        indicator, entity, segment, speed, fabric, region, scope, basis = parts
        assert indicator in catalog and entity in registry.entities, row["series_key"]
        assert segment == "-" or segment in vocab.terms["segment"], row["series_key"]
        assert fabric == "-" or fabric in vocab.terms["fabric"], row["series_key"]
        assert region == "-" or region in vocab.terms["region"], row["series_key"]
        assert scope == "-" or scope in vocab.terms["scope"], row["series_key"]
        assert basis in PERIOD_BASES, row["series_key"]
        if speed != "-":  # a product's or port's class, never the figure of an indicator that is a speed
            assert vocab.speed_in_key(indicator) and float(speed) > 0, row["series_key"]
    # the indicators whose figure is a speed keep no speed: ConnectX-9 at 1.6T and at 800G meet
    speeds = [r for r in rows if r["indicator"] == "port_speed_gbps"]
    assert speeds and all(r["series_key"].split("|")[3] == "-" for r in speeds)


def test_every_event_names_its_own_entity_not_only_its_vendor(ledger):
    events = resolve_all(ledger.entities, [flat(e) for e in ledger.records.events])
    assert len(events) >= 220
    assert {e["entity_resolution"] for e in events} <= {"explicit", "subject", "product_id"}


def _with_row(tmp_path: Path, name: str, line: str) -> Path:
    folder = tmp_path / "curated"
    shutil.copytree(DEFAULT_FOLDER, folder)
    header = (DEFAULT_FOLDER / "public_facts_observations.csv").read_text(encoding="utf-8").splitlines()[0]
    (folder / name).write_text(header + "\n" + line + "\n", encoding="utf-8")
    return folder


ROW = (
    "company_revenue,{subject},2025,1000000000,,USD,actual,,,{vendor},,,,,delloro,Dell'Oro Group,A report,"
    "https://example.org/report,,2025-05-01,revenue of $1 billion,reported,,,,"
)


def test_a_row_naming_no_registered_entity_is_refused_with_file_line_and_field(tmp_path):
    folder = _with_row(tmp_path, "zz_observations.csv", ROW.format(subject="Acme fabric revenue", vendor=""))
    with pytest.raises(LedgerError) as caught:
        load_ledger(folder)
    assert caught.value.errors == [
        "zz_observations.csv:2: subject: 'Acme fabric revenue' names no registered entity (nor does product_id ''): "
        "add the entity or this wording as an alias in an entities*.csv file, or give an entity_id"
    ]


def test_a_row_named_only_through_its_vendor_is_refused(tmp_path):
    folder = _with_row(tmp_path, "zz_observations.csv", ROW.format(subject="Arista widget revenue", vendor="Arista"))
    with pytest.raises(LedgerError) as caught:
        load_ledger(folder)
    [error] = caught.value.errors
    assert error.startswith("zz_observations.csv:2: subject: 'Arista widget revenue' names no registered entity")
    assert "its vendor resolves to 'arista', but a vendor's figure needs entity_id=arista" in error


def test_alias_rows_add_wordings_to_an_entity_of_another_file(tmp_path):
    (tmp_path / "entities.csv").write_text(HEADER + "acme,company,Acme,,,\n", encoding="utf-8")
    (tmp_path / "entities_more.csv").write_text(HEADER + "acme,,,,Acme Corp.|艾克米,\n", encoding="utf-8")
    registry = load_registry(tmp_path)
    assert registry.resolve(subject="acme corp") == ("acme", "subject")
    assert registry.resolve(subject="艾克米") == ("acme", "subject")
    assert registry.entities["acme"].aliases == ("Acme Corp.", "艾克米")


def test_bad_alias_rows_are_errors(tmp_path):
    (tmp_path / "entities.csv").write_text(HEADER + "acme,company,Acme,,,\nzeta,company,Zeta,,,\n", encoding="utf-8")
    (tmp_path / "entities_more.csv").write_text(
        HEADER + "nobody,,,,Nobody Inc.,\nacme,,,,Zeta,\nacme,,,zeta,Acme Ltd,\nacme,,,,,\n", encoding="utf-8"
    )
    with pytest.raises(RegistryError) as caught:
        load_registry(tmp_path)
    assert caught.value.errors == [
        "entities_more.csv:4: parent_id: an alias row (no kind, no name) cannot set a parent",
        "entities_more.csv:2: entity_id: alias row for unknown entity 'nobody' (define it with a kind and a name)",
        "entities_more.csv:3: aliases: 'Zeta' is already claimed by 'zeta' (entities.csv:3)",
        "entities_more.csv:5: aliases: an alias row needs at least one alias",
    ]
