"""The instance's SQLite storage (pipelines/dagster_storage.py): Dagster's own files and layout, an
event log that keeps one engine per database, and commits that stay crash-safe without an fsync each.

Checked against SQLite itself (`PRAGMA journal_mode`, `PRAGMA synchronous`: 1 = NORMAL, 2 = FULL)
and against Dagster's public API (a run written by one instance is read by another that opens the
same folder with Dagster's stock storage class).
"""

from __future__ import annotations

import json
import sqlite3

import dagster as dg
import sqlalchemy

from pipelines import dagster_storage
from pipelines.instance import dagster_instance


@dg.asset
def _one():
    return 1


def _run_once(instance) -> str:
    result = dg.materialize([_one], instance=instance)
    assert result.success
    return result.run_id


def test_events_use_pooled_engines_and_normal_sync_in_wal(tmp_path, monkeypatch):
    monkeypatch.delenv("FABRICWATCH_DAGSTER_STORAGE", raising=False)
    created = []
    real = sqlalchemy.create_engine
    monkeypatch.setattr(dagster_storage.sa, "create_engine", lambda *a, **k: created.append(a[0]) or real(*a, **k))
    home = tmp_path / "home"
    instance = dagster_instance(home)
    try:
        storage = instance.event_log_storage
        assert isinstance(storage, dagster_storage.PooledSqliteEventLogStorage)
        run_id = _run_once(instance)
        # a run stores dozens of events; the event log opened each of its two databases once
        assert len(instance.all_logs(run_id)) > 10
        assert sorted(created) == sorted(set(created))
        assert len(created) <= 2
        with storage.run_connection(run_id) as conn:
            assert conn.exec_driver_sql("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        run_db = home / "dagster" / "history" / "runs" / f"{run_id}.db"
        with sqlite3.connect(run_db) as raw:
            assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # Dagster's own setting, kept
    finally:
        instance.dispose()


def test_the_files_are_dagsters_own(tmp_path, monkeypatch):
    """Another process with Dagster's stock SQLite storage (as `dagster dev` would have before) reads the run."""
    monkeypatch.delenv("FABRICWATCH_DAGSTER_STORAGE", raising=False)
    home = tmp_path / "home"
    instance = dagster_instance(home)
    try:
        run_id = _run_once(instance)
    finally:
        instance.dispose()
    stock_dir = tmp_path / "stock"
    stock_dir.mkdir()
    (stock_dir / "dagster.yaml").write_text(f"storage:\n  sqlite:\n    base_dir: {json.dumps(str(home / 'dagster'))}\n")
    stock = dg.DagsterInstance.from_config(str(stock_dir))
    try:
        assert type(stock.event_log_storage).__name__ == "SqliteEventLogStorage"
        assert stock.get_run_by_id(run_id).status == dg.DagsterRunStatus.SUCCESS
        assert len(stock.all_logs(run_id)) > 10
    finally:
        stock.dispose()


def test_open_databases_are_bounded(tmp_path):
    storage = dagster_storage.PooledSqliteEventLogStorage(str(tmp_path / "runs"))
    try:
        for i in range(dagster_storage.KEEP_ENGINES + 5):
            with storage.run_connection(f"run{i}") as conn:
                conn.exec_driver_sql("SELECT 1")
        assert len(storage._engines) == dagster_storage.KEEP_ENGINES
    finally:
        storage.dispose()
    assert not storage._engines
