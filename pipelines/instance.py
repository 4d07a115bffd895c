"""The Dagster instance settings written into $FABRICWATCH_HOME/dagster/dagster.yaml.

pipelines/dagster.yaml (package data) holds the settings every instance gets. With
FABRICWATCH_DAGSTER_STORAGE=postgres, pipelines/dagster.postgres.yaml's storage block is appended, so runs,
event logs and schedules live in PostgreSQL (connection from the DAGSTER_PG_* variables) instead of
SQLite files under the home: the web UI, the daemon and `fabricwatch refresh` on several machines
then see one instance (docs/scale-out.md).
"""

from __future__ import annotations

import os
from importlib import resources

STORAGE_ENV = "FABRICWATCH_DAGSTER_STORAGE"
STORAGES = ("sqlite", "postgres")
PG_ENV = ("DAGSTER_PG_HOST", "DAGSTER_PG_PORT", "DAGSTER_PG_DB", "DAGSTER_PG_USERNAME", "DAGSTER_PG_PASSWORD")


class InstanceConfigError(ValueError):
    """The instance storage asked for cannot be configured (unknown value, missing package or variable)."""


def storage() -> str:
    value = os.environ.get(STORAGE_ENV, "sqlite").strip().lower() or "sqlite"
    if value not in STORAGES:
        raise InstanceConfigError(f"{STORAGE_ENV}={value!r}: use one of {', '.join(STORAGES)}")
    return value


def instance_yaml() -> str:
    """The text of the instance's dagster.yaml for the storage selected in the environment."""
    text = _package_yaml("dagster.yaml")
    if storage() == "sqlite":
        return text
    try:
        import dagster_postgres  # noqa: F401
    except ImportError as exc:
        raise InstanceConfigError(
            f"{STORAGE_ENV}=postgres needs dagster-postgres: pip install -e \".[postgres]\"") from exc
    missing = [v for v in PG_ENV if not os.environ.get(v)]
    if missing:
        raise InstanceConfigError(f"{STORAGE_ENV}=postgres needs {', '.join(missing)} in the environment")
    return text.rstrip("\n") + "\n\n" + _package_yaml("dagster.postgres.yaml")


def _package_yaml(name: str) -> str:
    return resources.files("pipelines").joinpath(name).read_text(encoding="utf-8")


# ---------------------------------------------------------------- the run's event log on SQLite
# Dagster's SQLite storage opens a new connection and commits once per event (a refresh writes
# ~600: steps, materializations, check evaluations, outputs), and each commit in SQLite's default
# mode waits for several fsyncs: on this machine 3-10 ms per event, against 1.5 ms without them,
# a second or more of every refresh spent on Dagster's bookkeeping. The refresh process therefore
# writes the instance's SQLite files with synchronous=OFF: a killed or crashed process loses
# nothing (the data is with the operating system), only an operating-system crash or a power loss
# in the middle of a refresh could leave the run history (never the warehouse) damaged; delete
# $FABRICWATCH_HOME/dagster/{history,storage,schedules} then (Dagster starts them anew).
# FABRICWATCH_DAGSTER_SYNC=full keeps SQLite's default.
SYNC_ENV = "FABRICWATCH_DAGSTER_SYNC"
_UNSYNCED: set[str] = set()


def unsynced_sqlite_under(folder) -> bool:
    """Write SQLite databases under `folder` (the instance's storage) without fsync, in this process.

    Returns whether it is on (off with FABRICWATCH_DAGSTER_SYNC=full, or with PostgreSQL storage)."""
    if storage() != "sqlite" or os.environ.get(SYNC_ENV, "").strip().lower() == "full":
        return False
    import sqlalchemy

    if not _UNSYNCED:
        sqlalchemy.event.listen(sqlalchemy.engine.Engine, "do_connect", _mark_unsynced)
        sqlalchemy.event.listen(sqlalchemy.engine.Engine, "connect", _no_fsync)
    _UNSYNCED.add(os.path.realpath(folder))
    return True


def _mark_unsynced(dialect, record, cargs, cparams) -> None:
    """Before a connection opens: is its file (the SQLite dialect's first argument) under an unsynced folder?"""
    path = str(cargs[0]) if cargs else str(cparams.get("database", ""))
    if dialect.name == "sqlite" and path and any(
            os.path.realpath(path).startswith(folder + os.sep) for folder in _UNSYNCED):
        record.info["fabricwatch_unsynced"] = True


def _no_fsync(dbapi_connection, record) -> None:
    if record.info.get("fabricwatch_unsynced"):
        dbapi_connection.execute("PRAGMA synchronous=OFF")
