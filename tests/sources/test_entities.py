"""Entity registry validation, deterministic resolution and series keys (sources/ledger/entities.py)."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from sources.ledger.format import DEFAULT_FOLDER
from sources.ledger.ledger import LedgerError, load_ledger
from sources.ledger.entities import RegistryError, load_registry, normalize, period_basis, series_key

HEADER = "entity_id,kind,name,parent_id,aliases,note\n"


def _registry(tmp_path: Path, body: str, name: str = "entities.csv"):
    (tmp_path / name).write_text(HEADER + body, encoding="utf-8")
    return load_registry(tmp_path)


def test_normalize_folds_case_width_and_punctuation():
    assert normalize("ConnectX-8") == normalize("connectx 8") == normalize("ＣｏｎｎｅｃｔＸ－８") == "connectx8"
    assert normalize("NVIDIA/nccl") == normalize("nvidia nccl")
    assert normalize("輝達") == "輝達"  # CJK kept as written
    assert normalize("Quantum‑2 (NDR)") == normalize("quantum-2 ndr")  # U+2011 non-breaking hyphen


def test_resolution_order_explicit_subject_product_vendor(tmp_path):
    reg = _registry(
        tmp_path,
        "nvidia,company,NVIDIA,,輝達|Mellanox,\n"
        "connectx-8,product,ConnectX-8,nvidia,CX8,\n"
        "uec,consortium,Ultra Ethernet Consortium,,UEC,\n",
    )
    assert reg.resolve(subject="UEC") == ("uec", "subject")  # exact alias
    assert reg.resolve(subject="ultra-ethernet consortium") == ("uec", "subject")  # normalized name
    assert reg.resolve(
        subject="NVIDIA ConnectX-8 SuperNIC host interface", product_id="connectx-8", vendor="NVIDIA"
    ) == ("connectx-8", "product_id")
    assert reg.resolve(subject="Something of theirs", vendor="輝達") == ("nvidia", "vendor")
    assert reg.resolve(subject="ConnectX 8 latency") == (None, "unresolved")  # never fuzzy
    assert reg.resolve(subject="UEC", entity_id="nvidia") == ("nvidia", "explicit")  # explicit wins
    assert reg.ancestors("connectx-8") == ["nvidia"]


@pytest.mark.parametrize(
    "body, message",
    [
        ("a,company,A,,,\na,company,A again,,,\n", "entities.csv:3: entity_id: duplicate id 'a'"),
        ("a,product,A,nobody,,\n", "entities.csv:2: parent_id: unknown entity 'nobody'"),
        ("a,company,A,,Acme,\nb,company,B,,ACME,\n", "entities.csv:3: aliases: 'ACME' is already claimed by 'a'"),
        (
            "a,company,A,,Ａｃｍｅ Inc,\nb,company,B,,acme-inc,\n",
            "entities.csv:3: aliases: 'acme-inc' is already claimed by 'a'",
        ),
        ("a,gadget,A,,,\n", "entities.csv:2: kind: 'gadget' not one of"),
        ("A B,company,A,,,\n", "entities.csv:2: entity_id: bad id 'A B'"),
    ],
)
def test_registry_errors_name_file_line_and_field(tmp_path, body, message):
    with pytest.raises(RegistryError) as err:
        _registry(tmp_path, body)
    assert any(e.startswith(message) for e in err.value.errors), err.value.errors


def test_a_platform_link_is_optional_validated_and_not_a_vendor(tmp_path):
    # built_on: the platform an instance is made of (Azure ND MI300X v5 on the 8 x MI300X platform); the parent stays
    # the vendor, so the instance's ancestors never include the platform's vendor
    (tmp_path / "entities.csv").write_text(HEADER + "amd,company,AMD,,,\nms,company,Microsoft,,,\n", encoding="utf-8")
    (tmp_path / "entities_systems.csv").write_text(
        HEADER.rstrip("\n") + ",built_on\nplat,product,MI300X platform,amd,,,\nvm,product,ND MI300X v5,ms,,,plat\n",
        encoding="utf-8",
    )
    reg = load_registry(tmp_path)
    assert reg.entities["vm"].built_on == "plat" and reg.entities["plat"].built_on is None
    assert reg.ancestors("vm") == ["ms"]
    assert {r["entity_id"]: r["built_on"] for r in reg.rows()}["vm"] == "plat"
    (tmp_path / "entities_systems.csv").write_text(
        HEADER.rstrip("\n") + ",built_on\nvm,product,ND MI300X v5,ms,,,nothing\nvm2,product,V2,ms,,,vm2\n",
        encoding="utf-8",
    )
    with pytest.raises(RegistryError) as err:
        load_registry(tmp_path)
    assert "entities_systems.csv:2: built_on: unknown entity 'nothing'" in err.value.errors
    assert "entities_systems.csv:3: built_on: an entity cannot be built on itself" in err.value.errors


def test_every_entities_file_is_read(tmp_path):
    (tmp_path / "entities.csv").write_text(HEADER + "a,company,A,,,\n", encoding="utf-8")
    (tmp_path / "entities_extra.csv").write_text(HEADER + "b,product,B,a,Bee,\n", encoding="utf-8")
    reg = load_registry(tmp_path)
    assert set(reg.entities) == {"a", "b"} and reg.resolve(subject="bee") == ("b", "subject")


def test_period_basis_never_mixes_cumulative_and_annual():
    assert period_basis("2025-2029") == "cumulative"
    assert period_basis("2030") == "annual"
    assert period_basis("2024", segment="cumulative") == "cumulative"
    assert [period_basis(p) for p in ("2024H2", "2024Q3", "2024-07", "2024-07-15")] == [
        "half_yearly",
        "quarterly",
        "monthly",
        "daily",
    ]


def test_series_key_dimensions_and_unresolved_rows():
    key = series_key(
        "switch_radix", "tomahawk-6", "Broadcom Tomahawk 6 ports at 1.6TbE", speed_gbps=1600.0, period="2025"
    )
    assert key == "switch_radix|tomahawk-6|-|1600|-|-|annual"
    # Dell'Oro's cumulative 2025-2029 and annual 2030 figures are two series
    assert series_key("ai_networking_revenue", "m", "x", period="2025-2029") != series_key(
        "ai_networking_revenue", "m", "x", period="2030"
    )
    # unresolved: the subject stands in for the entity, so two wordings never merge
    assert (
        series_key("cost_ratio", None, "Network share of AI cluster TCO", period="2025")
        == "cost_ratio|subject:networkshareofaiclustertco|-|-|-|-|annual"
    )
    # resolved through the vendor only: vendor + subject, so a vendor's products never merge
    assert series_key(
        "gpus_per_domain", "google", "Google TPU v4 pod", period="2025", resolution="vendor"
    ) != series_key("gpus_per_domain", "google", "Google TPU v5p pod", period="2025", resolution="vendor")


def test_ledger_rejects_an_unknown_explicit_entity(tmp_path):
    folder = tmp_path / "curated"
    shutil.copytree(DEFAULT_FOLDER, folder)
    path = folder / "public_facts_observations.csv"
    lines = path.read_text(encoding="utf-8").split("\n")
    header = next(csv.reader([lines[0]]))
    row = next(csv.reader([lines[1]]))
    row[header.index("entity_id")] = "no-such-entity"
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow(row)
    lines[1] = buf.getvalue()
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(LedgerError) as err:
        load_ledger(folder)
    assert (
        "public_facts_observations.csv:2: entity_id: unknown entity 'no-such-entity' (add it to entities.csv)"
        in err.value.errors
    )


def test_real_registry_resolves_the_seed_names_and_every_product():
    ledger = load_ledger()
    reg = ledger.entities
    assert reg.resolve(vendor="輝達")[0] == "nvidia" and reg.resolve(vendor="博通")[0] == "broadcom"
    assert reg.resolve(subject="超乙太網路聯盟")[0] == "uec"
    product_ids = {p.product_id for p in ledger.records.products}
    assert product_ids <= set(reg.entities)
    assert all(reg.entities[p].kind == "product" and reg.entities[p].parent_id for p in product_ids)


def same_company_twins(reg) -> dict[str, set[str]]:
    """Wordings two entities of one company both claim once the company's own name is dropped: 'A3 High' (an alias of
    google-a3) and 'Google Cloud A3 High' (a second entity under Google) name one machine type. Entities of different
    companies may share the rest ('Modal H100' and 'NVIDIA H100' are an offering and the GPU it offers)."""

    def company(eid: str) -> str | None:
        return next((a for a in reg.ancestors(eid) if reg.entities[a].kind == "company"), None)

    prefixes = {
        eid: {normalize(t) for t in (eid, e.name, *e.aliases)} for eid, e in reg.entities.items() if e.kind == "company"
    }
    claims: dict[tuple[str, str], set[str]] = {}
    for eid, e in reg.entities.items():
        owner = company(eid)
        if owner is None:
            continue
        for text in (eid, e.name, *e.aliases):
            key = normalize(text)
            for rest in {key, *(key[len(p) :] for p in prefixes[owner] if key.startswith(p) and key != p)}:
                claims.setdefault((owner, rest), set()).add(eid)
    return {f"{owner}: {rest}": ids for (owner, rest), ids in claims.items() if len(ids) > 1}


def test_one_company_never_has_two_entities_of_one_name(tmp_path):
    body = (
        "google,company,Google,,Google Cloud,\n"
        "google-a3,product,Google Cloud A3 (H100),google,A3 High,\n"
        "google-a3-high,product,Google Cloud A3 High,google,,\n"
        "modal,company,Modal,,,\n"
        "nvidia,company,NVIDIA,,,\n"
        "modal-h100,product,Modal H100,modal,,\n"
        "nvidia-h100,product,NVIDIA H100,nvidia,,\n"
    )
    assert same_company_twins(_registry(tmp_path, body)) == {"google: a3high": {"google-a3", "google-a3-high"}}
    # the shipped registry: Google Cloud documents A3 High as one machine type (a3-highgpu-8g, H100 80GB,
    # 1,000 Gbps, GPUDirect-TCPX), the A3 as launched in 2023; 'NVIDIA Quantum-X Photonics' is the switch family
    assert same_company_twins(load_registry(DEFAULT_FOLDER)) == {}
