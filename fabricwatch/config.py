"""Where fabricwatch keeps its data. Read at call time, never at import time."""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    """`$FABRICWATCH_HOME`, default `./data` (relative to the current directory)."""
    return Path(os.environ.get("FABRICWATCH_HOME", "data")).resolve()


def repo_root() -> Path:
    """The project checkout (the folder holding `sources/`, `warehouse/`, ...)."""
    return Path(__file__).resolve().parent.parent
