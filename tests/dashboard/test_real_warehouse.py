"""The dashboard on the real offline warehouse (one `fabricwatch refresh` into a temporary home),
not only on the hand-built fixture: every page renders, and the tables show the marts' columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import data
from dashboard.pages_index import PAGES
from warehouse import db, marts

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
pytestmark = pytest.mark.slow   # the session's offline refresh (tests/conftest.py) takes a while


@pytest.fixture
def real(refreshed_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(refreshed_home))
    return refreshed_home


@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_every_page_renders_on_the_real_warehouse(real, page):
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    if page != "overview_page.py":
        at.switch_page(f"views/{page}").run()
    assert not at.exception, [e.message for e in at.exception]


def test_the_mart_list_is_the_warehouses(real):
    with db.published_connection(real) as con:
        built = sorted(marts.existing_marts(con))
    assert data.marts_in_warehouse() == built == sorted(m.name for m in marts.discover_marts())


def test_source_status_is_the_mart_with_every_registry_source(real):
    from sources.registry import REGISTRY

    status = data.source_status()
    assert {s.source_id for s in REGISTRY} <= set(status["source_id"])
    nccl = status.set_index("source_id").loc["nccl_logs"]
    # seven recorded nccl-tests logs are shipped in sources/snapshots/nccl_logs/ (manifest.json)
    assert (nccl["documents"], nccl["stored"], nccl["failing"]) == (7, 7, 0)


def test_the_model_page_can_build_the_catalog_the_published_run_used(real):
    import fabric_model as fm

    overrides = data.spec_overrides()
    assert list(overrides.columns[:3]) == ["product_id", "field", "value"]
    catalog = fm.load_catalog(overrides)
    with db.published_connection(real) as con:
        published = sorted(con.execute("SELECT name, source FROM model.assumptions").fetchall())
    assert sorted((a["name"], a.get("source")) for a in fm.assumptions(catalog)) == published
