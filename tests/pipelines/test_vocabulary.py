"""Dagster's vocabulary on every asset: kinds, code_version (parser hash / SQL hash), and the one parser version."""

from __future__ import annotations

import hashlib
from pathlib import Path

import dagster as dg
import pytest

from pipelines.definitions import build_definitions
from sources.parsers.dispatch import StoredDocument, parse_documents, parser_version
from sources.registry import REGISTRY, get
from warehouse import marts

PAGES = Path(__file__).resolve().parents[1] / "fixtures" / "pages"


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return build_definitions(str(tmp_path_factory.mktemp("vocab")), "offline").resolve_asset_graph()


def test_every_asset_has_a_kind(graph):
    assert all(graph.get(k).kinds for k in graph.get_all_asset_keys())


def test_parse_assets_are_versioned_by_their_parser_code(graph):
    for source in REGISTRY:
        assert graph.get(dg.AssetKey(f"parse_{source.source_id}")).code_version == parser_version(source.parser)
    # what the version covers (a family's package and every project module it imports, not file names)
    # is tested against hand-read imports in tests/sources/parsers/test_versions.py


def test_marts_are_versioned_by_their_sql(graph):
    versions = {m.name: graph.get(dg.AssetKey(["marts", m.name])).code_version for m in marts.discover_marts()}
    assert all(versions.values()) and len(set(versions.values())) == len(versions)


def test_rows_carry_the_same_parser_version():
    source = get("nvidia_networking_docs")
    body = (PAGES / "nvidia_sn5600.html").read_bytes()
    doc = StoredDocument(
        url="https://www.nvidia.com/en-us/networking/ethernet-switching/spectrum-sn5000/",
        sha256=hashlib.sha256(body).hexdigest(),
        content_type="text/html",
        encoding="utf-8",
    )
    records, statuses = parse_documents(source, [doc], lambda sha: body)
    assert statuses[0].status == "ok" and records.tables["specs"]
    assert {r["parser_version"] for r in records.tables["specs"]} == {parser_version("specs")}
