"""Warehouse storage: the working database, migrations, and the atomic publish protocol.

Only the refresh (Dagster, one run at a time) opens the *working* database read-write.
Publishing checkpoints and closes it, copies it beside the published file and atomically
renames the copy over `$FABRICWATCH_HOME/warehouse.duckdb`, keeping the previous file under
`releases/`. Readers open the published file read-only and briefly, so a reader never
blocks a refresh and a killed refresh never touches what readers see.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import duckdb

from sources import settings
from sources.clock import naive_utc
from warehouse.dbapi import transaction

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
COMMENTS_DIR = Path(__file__).parent / "comments"  # comments amended after their migration (README there)
# The duckdb CLI analysts get from PyPI (duckdb-cli 1.5.x) cannot read DuckDB 2.0's default
# storage format (ecosystem-notes §1); files are created in the 1.5 format and stay in it.
STORAGE_COMPATIBILITY = "v1.5.0"
RELEASES_KEPT = 5  # default number of good releases kept; $FABRICWATCH_RELEASES_KEPT overrides (releases.py)
LOCK_WAIT_S = 120.0  # how long a writer waits for another writer of the working database


@dataclass(frozen=True)
class WarehousePaths:
    home: Path

    @property
    def published(self) -> Path:
        return self.home / "warehouse.duckdb"

    @property
    def work(self) -> Path:
        return self.home / "work" / "warehouse.duckdb"

    @property
    def releases(self) -> Path:
        return self.home / "releases"

    @property
    def documents(self) -> Path:
        return self.home / "documents"

    @property
    def inbox(self) -> Path:
        return self.home / "inbox"


HOME_ENV = settings.HOME
DEFAULT_HOME = settings.DEFAULT_HOME


def home() -> Path:
    """`$FABRICWATCH_HOME`, default `./data` (relative to the current directory); read at call time."""
    return settings.home()


def paths(home: str | Path) -> WarehousePaths:
    return WarehousePaths(Path(home).resolve())


class PublishError(RuntimeError):
    """The working database could not be published; the published file is unchanged."""


def migration_files() -> list[tuple[int, str, Path]]:
    out = []
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        version = int(path.name.split("_", 1)[0])
        out.append((version, path.stem, path))
    versions = [v for v, _, _ in out]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"duplicate migration versions in {MIGRATIONS_DIR}")
    return out


def schema_version(con: duckdb.DuckDBPyConnection) -> int:
    try:
        row = con.execute("SELECT max(version) FROM meta.schema_migrations").fetchone()
    except duckdb.CatalogException:
        return 0
    return int(row[0] or 0)


def migrate(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Apply the migrations not yet applied, each in its own transaction. Returns their names."""
    con.execute("CREATE SCHEMA IF NOT EXISTS meta")
    con.execute(
        "CREATE TABLE IF NOT EXISTS meta.schema_migrations ("
        " version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)"
    )
    con.execute(
        "COMMENT ON TABLE meta.schema_migrations IS 'Applied schema migrations; max(version) is the schema version.'"
    )
    con.execute(
        "COMMENT ON COLUMN meta.schema_migrations.version IS 'Migration number (warehouse/migrations/NNNN_*.sql).'"
    )
    con.execute("COMMENT ON COLUMN meta.schema_migrations.name IS 'Migration file name without .sql.'")
    con.execute("COMMENT ON COLUMN meta.schema_migrations.applied_at IS 'When it was applied (UTC).'")
    applied = {r[0] for r in con.execute("SELECT version FROM meta.schema_migrations").fetchall()}
    done = []
    for version, name, path in migration_files():
        if version in applied:
            continue
        with transaction(con):
            con.execute(path.read_text(encoding="utf-8"))
            con.execute("INSERT INTO meta.schema_migrations VALUES (?, ?, ?)", [version, name, naive_utc()])
        done.append(name)
    apply_comments(con, force=bool(done))
    return done


def comment_files() -> dict[str, tuple[str, str]]:
    """name -> (sha256, text) of every file under warehouse/comments/, in name order."""
    out = {}
    for path in sorted(COMMENTS_DIR.glob("*.sql")):
        text = path.read_text(encoding="utf-8")
        out[path.stem] = (hashlib.sha256(text.encode()).hexdigest(), text)
    return out


def comments_current(con: duckdb.DuckDBPyConnection) -> bool:
    try:
        applied = dict(con.execute("SELECT name, sha256 FROM meta.comments_applied").fetchall())
    except duckdb.CatalogException:
        return False
    return applied == {name: sha for name, (sha, _) in comment_files().items()}


def apply_comments(con: duckdb.DuckDBPyConnection, force: bool = False) -> list[str]:
    """Apply warehouse/comments/*.sql (all of them, in order) when one changed or `force`; idempotent."""
    if schema_version(con) < 14 or (not force and comments_current(con)):  # 0014 creates meta.comments_applied
        return []
    files = comment_files()
    with transaction(con):
        for _name, (_sha, text) in files.items():
            con.execute(text)
        con.execute("DELETE FROM meta.comments_applied")
        for name, (sha, _) in files.items():
            con.execute("INSERT INTO meta.comments_applied VALUES (?, ?, ?)", [name, sha, naive_utc()])
    return list(files)


class WarehouseBusy(RuntimeError):
    """Another process (a second refresh, a scheduled run) holds the working database."""


MEMORY_ENV = settings.DUCKDB_MEMORY_LIMIT
WORK_MEMORY_LIMIT = "1GB"


def work_memory_limit() -> str:
    """DuckDB's memory limit for the working database ($FABRICWATCH_DUCKDB_MEMORY_LIMIT, default 1GB).

    DuckDB's own default is 80% of the machine's memory, and it uses what it is allowed: at 100x the
    offline default the marts' joins and windows took the refresh past 2 GiB. Under the limit DuckDB
    spills the large operators to `<working file>.tmp/`, so the refresh's memory stays bounded as
    the data grows (docs/benchmarks.md measures it)."""
    return settings.duckdb_memory_limit() or WORK_MEMORY_LIMIT


def connect_work(path: str | Path, wait_s: float | None = None) -> duckdb.DuckDBPyConnection:
    """Open (creating if needed) a working database read-write, migrated to the current schema.

    DuckDB fails at once when another process holds the file; a refresh started while a scheduled
    run writes waits up to `wait_s` for it, then gives up with a clear error (nothing is lost:
    the published warehouse is untouched).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    deadline, delay = time.monotonic() + (LOCK_WAIT_S if wait_s is None else wait_s), 0.1
    while True:
        try:
            con = duckdb.connect(
                str(path),
                config={"storage_compatibility_version": STORAGE_COMPATIBILITY, "memory_limit": work_memory_limit()},
            )
            break
        except duckdb.IOException as exc:
            if "lock" not in str(exc).lower():
                raise
            if time.monotonic() >= deadline:
                raise WarehouseBusy(
                    f"the working database {path} is in use by another process "
                    f"(another refresh or a scheduled run?): {exc}"
                ) from exc
            time.sleep(min(delay, max(0.0, deadline - time.monotonic())))
            delay = min(delay * 2, 5.0)
    try:
        if schema_version(con) != migration_files()[-1][0]:  # cheap check first: most opens find it current
            migrate(con)
        elif not comments_current(con):
            apply_comments(con)
    except Exception:
        con.close()
        raise
    return con


@contextlib.contextmanager
def work_connection(home: str | Path) -> Iterator[duckdb.DuckDBPyConnection]:
    con = connect_work(paths(home).work)
    try:
        yield con
    finally:
        con.close()


@contextlib.contextmanager
def published_connection(home: str | Path, *, safe: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:
    """A short-lived read-only connection to the published warehouse.

    `safe=True` also turns off every access outside the database file (ATTACH, COPY,
    read_csv and other file functions, extension installs) and locks the configuration,
    for consoles that run user-typed SQL.
    """
    path = paths(home).published
    if not path.exists():
        raise FileNotFoundError(f"no published warehouse at {path}: run `fabricwatch refresh` first")
    config = {"enable_external_access": False, "lock_configuration": True} if safe else {}
    con = duckdb.connect(str(path), read_only=True, config=config)
    try:
        yield con
    finally:
        con.close()


@contextlib.contextmanager
def read_only_connection(path: str | Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """A short read-only connection to any warehouse file (the working one, a release)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        yield con
    finally:
        con.close()


COUNTED_SCHEMAS = ("raw", "core", "model", "marts")


def row_counts(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Rows per table of the data schemas (marts are views: not counted here)."""
    tables = con.execute(
        "SELECT schema_name || '.' || table_name FROM duckdb_tables() WHERE database_name = current_database() "
        "AND list_contains(?, schema_name) ORDER BY 1",
        [list(COUNTED_SCHEMAS)],
    ).fetchall()
    return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for (t,) in tables}


def refresh_data_dictionary(con: duckdb.DuckDBPyConnection) -> int:
    """Rebuild meta.data_dictionary from the catalog comments of every table, view and column."""
    con.execute("DELETE FROM meta.data_dictionary")
    con.execute(_read_sql("data_dictionary.sql"))
    return con.execute("SELECT count(*) FROM meta.data_dictionary").fetchone()[0]


def _read_sql(name: str) -> str:
    return (Path(__file__).parent / "sql" / name).read_text(encoding="utf-8")
