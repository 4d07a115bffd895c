"""The refresh writes its Dagster instance's SQLite files without fsync, and nothing else.

Read back with SQLite's own `PRAGMA synchronous` (0 = OFF, 2 = FULL, the default) on connections
Dagster-style (SQLAlchemy engines) to files inside and outside the instance folder.
"""

from __future__ import annotations

import sqlalchemy

from pipelines.runner import dagster_instance


def _synchronous(path) -> int:
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as con:
            return con.exec_driver_sql("PRAGMA synchronous").fetchone()[0]
    finally:
        engine.dispose()


def test_only_the_instance_files_are_written_without_fsync(tmp_path, monkeypatch):
    monkeypatch.delenv("FABRICWATCH_DAGSTER_SYNC", raising=False)
    home = tmp_path / "home"
    instance = dagster_instance(home)
    try:
        run_storage = home / "dagster" / "history" / "runs.db"
        assert run_storage.exists()   # where Dagster keeps the runs of this home
        assert _synchronous(run_storage) == 0
        assert _synchronous(home / "dagster" / "history" / "another.db") == 0   # any SQLite file of the instance
        assert _synchronous(tmp_path / "elsewhere.db") == 2       # another SQLite file keeps the default
        assert _synchronous(home / "alerts.sqlite3") == 2         # even inside the home
    finally:
        instance.dispose()


def test_full_sync_on_request(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_DAGSTER_SYNC", "full")
    from pipelines import instance as fw_instance

    monkeypatch.setattr(fw_instance, "_UNSYNCED", set())   # this test's process may have registered folders
    home = tmp_path / "home"
    instance = dagster_instance(home)
    try:
        assert _synchronous(home / "dagster" / "history" / "runs.db") == 2
    finally:
        instance.dispose()
