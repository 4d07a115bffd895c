"""Dagster's SQLite instance storage, with an event log that keeps its connections open.

Dagster's `SqliteEventLogStorage` creates an SQLAlchemy engine, opens a connection and disposes of
both for every database access (`_connect`, `poolclass=NullPool`): a refresh stores ~600 events,
about three accesses each, so ~1,900 file opens, schema reflections and engine set-ups — most of
the orchestration overhead `bench/bench_refresh.py` measures. `PooledSqliteEventLogStorage` keeps one
engine (SQLAlchemy's default pool for a file database) per database file for the life of the
process, the few most recently used, and runs every connection with `synchronous=NORMAL`:

* The files stay Dagster's own, created and migrated by Dagster's code (`_initdb`), in WAL mode
  (Dagster sets `journal_mode=WAL` when it creates them), so `dagster dev`, the daemon and
  `fabricwatch refresh` share them as before.
* In WAL mode `synchronous=NORMAL` does not fsync at every commit, only at checkpoints, and SQLite
  guarantees the database stays consistent through a crash or a power loss: at worst the last
  events before the loss are missing (the run then looks killed, and pipelines/ghost_runs.py marks
  it failed at the next start). The warehouse is not stored here.

Selected by `storage: custom:` in the instance's dagster.yaml (pipelines/instance.py); with
FABRICWATCH_DAGSTER_STORAGE=postgres Dagster's PostgreSQL storage is used instead.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import contextmanager

import sqlalchemy as sa
from dagster._core.storage.event_log.sqlite.sqlite_event_log import SqliteEventLogStorage
from dagster._core.storage.sqlite_storage import DagsterSqliteStorage, _event_logs_directory

SQLITE_BUSY_TIMEOUT_SECONDS = 30
KEEP_ENGINES = 8  # open databases kept per process: the index, the current run's, a few runs read by the UI


class PooledSqliteEventLogStorage(SqliteEventLogStorage):
    """SqliteEventLogStorage whose `_connect` reuses one pooled engine per database file."""

    def __init__(self, base_dir: str, inst_data=None):
        self._engines: OrderedDict[str, sa.engine.Engine] = OrderedDict()
        self._engines_lock = threading.Lock()
        super().__init__(base_dir, inst_data=inst_data)

    def _engine(self, shard: str) -> sa.engine.Engine:
        with self._engines_lock:
            engine = self._engines.get(shard)
            if engine is not None:
                self._engines.move_to_end(shard)
                return engine
            engine = sa.create_engine(
                self.conn_string_for_shard(shard), connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS}
            )
            sa.event.listen(engine, "connect", _normal_sync)
            self._engines[shard] = engine
            while len(self._engines) > KEEP_ENGINES:
                _, old = self._engines.popitem(last=False)
                old.dispose()
            return engine

    @contextmanager
    def _connect(self, shard: str):
        with self._db_lock:
            engine = self._engine(shard)
            if shard not in self._initialized_dbs:
                self._initdb(engine)
                self._initialized_dbs.add(shard)
            with engine.connect() as conn:
                with conn.begin():
                    yield conn

    def dispose(self) -> None:
        with self._engines_lock:
            for engine in self._engines.values():
                engine.dispose()
            self._engines.clear()
        super().dispose()


def _normal_sync(dbapi_connection, _record) -> None:
    dbapi_connection.execute("PRAGMA synchronous=NORMAL")


class FabricwatchSqliteStorage(DagsterSqliteStorage):
    """DagsterSqliteStorage (same files under base_dir) with the pooled event log."""

    def __init__(self, base_dir: str, inst_data=None):
        super().__init__(base_dir, inst_data=inst_data)
        self._event_log_storage.dispose()
        self._event_log_storage = PooledSqliteEventLogStorage(_event_logs_directory(base_dir))

    @classmethod
    def from_config_value(cls, inst_data, config_value):
        return cls.from_local(inst_data=inst_data, **config_value)
