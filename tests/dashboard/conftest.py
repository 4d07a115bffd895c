"""Fixtures for the dashboard tests: a published fixture warehouse and an AppTest factory."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.fixture_warehouse import build_home

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


@pytest.fixture(scope="session")
def fixture_home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("fabricwatch_home")
    build_home(home)
    return home


@pytest.fixture
def app(fixture_home, monkeypatch):
    """Open a page of the dashboard (by file name under dashboard/views/) on the fixture warehouse."""
    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))

    def open_page(page: str = "overview_page.py") -> AppTest:
        at = AppTest.from_file(str(APP), default_timeout=30)
        at.run()
        if page != "overview_page.py":
            at.switch_page(f"views/{page}").run()
        return at

    return open_page
