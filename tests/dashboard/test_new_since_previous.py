"""data.new_since_previous(): the diff against the previous release runs in DuckDB and returns only the new rows.

Independent truth: the fixture home's second publish adds exactly one observation (the May 2026 vintage of
Arista's 2026 AI networking target, tests/dashboard/fixture_warehouse.py), and the record ids read from the two
files one by one here.
"""

from __future__ import annotations

import duckdb
import pytest
import streamlit as st

from dashboard import data
from tests.dashboard.fixture_warehouse import _load
from tests.fixtures.warehouse import builder
from warehouse import db
from warehouse import publish as wpublish


def _ids(path) -> set[str]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return {r[0] for r in con.execute("SELECT record_id FROM core.observations").fetchall()}
    finally:
        con.close()


@pytest.fixture(autouse=True)
def fresh_cache():
    st.cache_data.clear()
    yield
    st.cache_data.clear()


def test_only_the_added_rows_come_back(fixture_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    now, before = _ids(db.paths(fixture_home).published), _ids(wpublish.list_releases(fixture_home)[0])
    new = data.new_since_previous()
    assert new["previous"] == wpublish.list_releases(fixture_home)[0].name
    assert new["new_count"] == len(now - before) == 1
    assert set(new["new_observations"]["record_id"]) == now - before
    assert new["new_observations"]["value"].tolist() == [3.5e9]
    assert new["removed_observations"] == len(before - now)
    # the conflicts touching it: it disagrees with both earlier vintages
    conflicts = new["new_conflicts"]
    assert len(conflicts) == new["new_conflict_count"] == 2
    assert all((now - before) & {a, b} for a, b in zip(conflicts["a_record_id"], conflicts["b_record_id"]))
    assert data.all_new_observations()["record_id"].tolist() == new["new_observations"]["record_id"].tolist()


def test_the_page_holds_at_most_the_newest_rows(fixture_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    monkeypatch.setattr(data, "NEW_ROWS_SHOWN", 0)
    new = data.new_since_previous()
    assert new["new_observations"].empty and new["new_count"] == 1  # the count stays the whole diff
    assert new["new_conflicts"].empty and new["new_conflict_count"] == 2
    assert len(data.all_new_observations()) == 1 and len(data.all_new_conflicts()) == 2  # the downloads read all


def test_first_release_everything_is_new(tmp_path, monkeypatch):
    home = tmp_path / "home"
    builder.publish_home(home, lambda con: _load(con, False))
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    assert wpublish.list_releases(home) == []
    new = data.new_since_previous()
    everything = _ids(db.paths(home).published)
    assert new["previous"] is None and new["removed_observations"] == 0
    assert new["new_count"] == len(everything) > 0 and set(new["new_observations"]["record_id"]) == everything
    # every conflict between observations touches a new row
    con = duckdb.connect(str(db.paths(home).published), read_only=True)
    value_conflicts = con.execute("SELECT count(*) FROM marts.conflicts WHERE conflict_on = 'value'").fetchone()[0]
    con.close()
    assert len(new["new_conflicts"]) == new["new_conflict_count"] == value_conflicts > 0
