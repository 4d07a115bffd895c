"""Every environment variable fabricwatch reads, read here and nowhere else (README: Settings).

The lowest layer that needs a setting is `sources` (the fetch mode, the contact address, live-mode
credentials), so the one module lives here and every layer above asks it. Values are read at call
time, never at import: a variable set by a test, `make run` or a service manager before the call is
honoured. Parsing and validation that needs a layer's vocabulary (a fetch mode, a storage name) stays
with that layer; this module only reads, strips, and applies the documented defaults.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

# name -> what it sets (the README's table is checked against this mapping: tests/sources/test_settings.py)
HOME = "FABRICWATCH_HOME"
FETCH_MODE = "FABRICWATCH_FETCH_MODE"
CONTACT = "FABRICWATCH_CONTACT"
GITHUB_TOKEN = "FABRICWATCH_GITHUB_TOKEN"
DUCKDB_MEMORY_LIMIT = "FABRICWATCH_DUCKDB_MEMORY_LIMIT"
RELEASES_KEPT = "FABRICWATCH_RELEASES_KEPT"
DAGSTER_STORAGE = "FABRICWATCH_DAGSTER_STORAGE"
DAGSTER_PG = ("DAGSTER_PG_HOST", "DAGSTER_PG_PORT", "DAGSTER_PG_DB", "DAGSTER_PG_USERNAME", "DAGSTER_PG_PASSWORD")
SMTP = (
    "FABRICWATCH_SMTP_HOST",
    "FABRICWATCH_SMTP_PORT",
    "FABRICWATCH_SMTP_USER",
    "FABRICWATCH_SMTP_PASSWORD",
    "FABRICWATCH_SMTP_FROM",
    "FABRICWATCH_SMTP_STARTTLS",
)
LANG = "FABRICWATCH_LANG"

SETTINGS = (
    HOME,
    FETCH_MODE,
    CONTACT,
    GITHUB_TOKEN,
    DUCKDB_MEMORY_LIMIT,
    RELEASES_KEPT,
    DAGSTER_STORAGE,
    *DAGSTER_PG,
    *SMTP,
    LANG,
)

DEFAULT_HOME = "data"


def get(name: str, env: Mapping[str, str] | None = None) -> str:
    """The variable's value, stripped; "" when unset. `env` replaces the process environment (tests)."""
    if name not in SETTINGS:
        raise KeyError(f"{name} is not a fabricwatch setting (sources/settings.py lists them)")
    return (os.environ if env is None else env).get(name, "").strip()


def home() -> Path:
    """$FABRICWATCH_HOME, default `./data` (relative to the current directory), resolved."""
    return Path(get(HOME) or DEFAULT_HOME).resolve()


def fetch_mode() -> str:
    """$FABRICWATCH_FETCH_MODE as given ("" when unset: the caller's default, offline)."""
    return get(FETCH_MODE)


def contact() -> str:
    """$FABRICWATCH_CONTACT: the e-mail or URL put in the User-Agent of live fetches."""
    return get(CONTACT)


def duckdb_memory_limit() -> str:
    """$FABRICWATCH_DUCKDB_MEMORY_LIMIT ("" when unset: the working database's default)."""
    return get(DUCKDB_MEMORY_LIMIT)


def releases_kept() -> str:
    """$FABRICWATCH_RELEASES_KEPT as given ("" when unset); warehouse/releases.py validates it."""
    return get(RELEASES_KEPT)


def dagster_storage() -> str:
    """$FABRICWATCH_DAGSTER_STORAGE, lower-cased, default sqlite; pipelines/instance.py validates it."""
    return get(DAGSTER_STORAGE).lower() or "sqlite"


def missing(names: tuple[str, ...]) -> list[str]:
    """Which of these variables are unset or empty."""
    return [name for name in names if not get(name)]


def language() -> str:
    """$FABRICWATCH_LANG as given ("" when unset); the dashboard normalizes it."""
    return get(LANG)
