"""Empty states say what to do: no published warehouse at all, or a warehouse with no data yet."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.pages_index import PAGES
from tests.dashboard.fixture_warehouse import build_empty_home

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
# What each page asks for when it has nothing to show (a substring of one of its info boxes).
EMPTY_HINTS = {
    "overview_page.py": "run `fabricwatch refresh`",
    "market_page.py": "sources/curated/",
    "ports_optics_page.py": "optics_units_shipped",
    "share_page.py": "fabric_revenue_share",
    "cloud_page.py": "cloud_cluster_gpus",
    "conflicts_page.py": "No conflicting figures",
    "roadmap_page.py": "_products.csv",
    "uec_page.py": "Ultra Ethernet Consortium",
    "benchmarks_page.py": "inbox/nccl",
    "top500_page.py": "No TOP500 list ingested yet: drop a list file",
    "mlperf_page.py": "No MLPerf Training system descriptions yet",
    "sources_quality_page.py": "fabricwatch claims review",
    "alerts_page.py": "No watch rules yet",
}
# Pages that work before the first refresh: the model (shipped catalog) and the watch rules (kept beside it).
NO_WAREHOUSE_NEEDED = {"model_page.py", "alerts_page.py"}


def _open(page: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.run()
    if page != "overview_page.py":
        at.switch_page(f"views/{page}").run()
    return at


@pytest.fixture(scope="module")
def empty_home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("empty_home")
    build_empty_home(home)
    return home


@pytest.mark.parametrize("page", [p.file for p in PAGES if p.file not in NO_WAREHOUSE_NEEDED])
def test_no_published_warehouse_says_run_refresh(page, tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path))
    at = _open(page)
    assert not at.exception
    assert any("No published warehouse yet: run `fabricwatch refresh`" in i.value for i in at.info)


@pytest.mark.parametrize("page", sorted(EMPTY_HINTS))
def test_empty_warehouse_says_what_to_do(page, empty_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(empty_home))
    at = _open(page)
    assert not at.exception, [e.message for e in at.exception]
    assert any(EMPTY_HINTS[page] in i.value for i in at.info), [i.value for i in at.info]


def test_model_page_needs_no_warehouse(tmp_path, monkeypatch):
    """The model runs on its shipped catalog, so it works before the first refresh."""
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path))
    at = _open("model_page.py")
    assert not at.exception and at.metric[0].value.startswith("$")
