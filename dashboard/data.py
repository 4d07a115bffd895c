"""The dashboard's only door to data: cached, read-only loaders keyed on the published file's version.

A refresh replaces the published file (new mtime), which changes every cache key, so new data
shows up without restarting the app. Connections are opened per query and closed at once, so
the dashboard never holds a lock on the warehouse.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import streamlit as st

from warehouse import db


def home() -> Path:
    return Path(os.environ.get("FABRICWATCH_HOME", "data")).resolve()


def warehouse_version() -> int | None:
    """mtime of the published file in ns, or None when nothing is published yet."""
    path = db.paths(home()).published
    return path.stat().st_mtime_ns if path.exists() else None


@st.cache_data(ttl=600, max_entries=256, show_spinner=False)
def _query(sql: str, params: tuple, version: int | None, home_dir: str) -> pd.DataFrame:
    with db.published_connection(home_dir) as con:
        return con.execute(sql, list(params)).df()


def query(sql: str, params: tuple = ()) -> pd.DataFrame:
    """Run a read-only query (our own SQL, bound parameters) on the published warehouse."""
    return _query(sql, tuple(params), warehouse_version(), str(home()))


def table_counts() -> pd.DataFrame:
    return query(
        "SELECT t.schema_name AS schema, t.table_name AS name, t.estimated_size AS rows, t.comment AS description "
        "FROM duckdb_tables() t WHERE t.database_name = current_database() "
        "AND t.schema_name IN ('core', 'model', 'marts', 'raw', 'meta') ORDER BY 1, 2"
    )
