"""A refreshed $FABRICWATCH_HOME the fault scenarios copy (bench/reliability/__init__.py holds the scenarios)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import reliability as rel


@pytest.fixture(scope="session")
def base_home(tmp_path_factory) -> Path:
    """One complete offline refresh, made through the CLI as a user would."""
    return rel.fresh_home(tmp_path_factory.mktemp("reliability"))


@pytest.fixture
def home(base_home, tmp_path) -> Path:
    """A private copy of the refreshed home (with its Dagster instance)."""
    return rel.copy_home(base_home, tmp_path)
