"""Where fabricwatch keeps its data (resolved by the storage layer) and where the code is installed."""

from __future__ import annotations

from pathlib import Path

from warehouse.db import home  # noqa: F401 - the one resolution of $FABRICWATCH_HOME


def repo_root() -> Path:
    """The folder holding the installed packages (`dashboard/`, `sources/`, ...): a checkout or site-packages."""
    return Path(__file__).resolve().parent.parent
