"""Warehouse storage: migrations, the publish protocol, releases and restore."""

from __future__ import annotations

import hashlib
import shutil

import duckdb
import pytest

from warehouse import db
from warehouse import publish as wpublish


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_migrations_are_idempotent_and_recorded(tmp_path):
    con = db.connect_work(tmp_path / "w.duckdb")
    versions = [v for v, _, _ in db.migration_files()]
    assert db.schema_version(con) == max(versions)
    assert db.migrate(con) == []  # second run applies nothing
    tables = {
        r[0]
        for r in con.execute(
            "SELECT schema_name || '.' || table_name FROM duckdb_tables() WHERE database_name = current_database()"
        ).fetchall()
    }
    assert {
        "core.observations",
        "core.indicators",
        "core.sources",
        "core.products",
        "core.events",
        "meta.runs",
        "meta.data_dictionary",
        "meta.schema_migrations",
    } <= tables
    con.close()


def test_older_warehouse_is_migrated_forward(tmp_path):
    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE SCHEMA meta")
    con.execute(
        "CREATE TABLE meta.schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)"
    )
    first_version, first_name, first_path = db.migration_files()[0]
    con.execute(first_path.read_text())
    con.execute("INSERT INTO meta.schema_migrations VALUES (?, ?, now())", [first_version, first_name])
    con.execute(
        "INSERT INTO core.indicators (indicator, name, unit, category, cadence) VALUES ('x', 'X', 'USD', 'market', 'yearly')"
    )
    con.close()
    con = db.connect_work(path)
    assert db.schema_version(con) == db.migration_files()[-1][0]
    assert (
        con.execute("SELECT count(*) FROM meta.data_dictionary").fetchone()[0] == 0
    )  # table created by a later migration
    assert con.execute("SELECT indicator FROM core.indicators").fetchall() == [("x",)]  # data kept
    con.close()


def test_every_table_and_column_has_a_comment(tmp_path):
    con = db.connect_work(tmp_path / "w.duckdb")
    n = db.refresh_data_dictionary(con)
    missing = con.execute(
        "SELECT schema_name, table_name, column_name FROM meta.data_dictionary WHERE coalesce(description, '') = ''"
    ).fetchall()
    con.close()
    assert n > 50
    assert missing == []


def test_publish_replaces_atomically_and_keeps_releases(tmp_path):
    home = tmp_path
    p = db.paths(home)
    versions = []
    for i in range(7):
        con = db.connect_work(p.work)
        con.execute(
            "INSERT INTO core.indicators (indicator, name, unit, category, cadence) VALUES (?, 'n', 'USD', 'market', 'yearly')",
            [f"i{i}"],
        )
        wpublish.publish(home, con)
        versions.append(_sha(p.published))
    releases = wpublish.list_releases(home)
    assert len(releases) == db.RELEASES_KEPT
    # the newest release is the previous published file, byte for byte
    assert _sha(releases[0]) == versions[-2]
    with db.published_connection(home) as ro:
        assert ro.execute("SELECT count(*) FROM core.indicators").fetchone()[0] == 7
    assert not list(home.glob(".warehouse.duckdb.*.tmp"))


def test_publish_refuses_a_missing_work_db_and_leaves_published(tmp_path):
    p = db.paths(tmp_path)
    wpublish.publish(tmp_path, db.connect_work(p.work))
    before = _sha(p.published)
    shutil.rmtree(p.work.parent)
    with pytest.raises(db.PublishError):
        wpublish.publish(tmp_path)
    assert _sha(p.published) == before


def test_restore_puts_the_previous_release_back(tmp_path):
    p = db.paths(tmp_path)
    con = db.connect_work(p.work)
    wpublish.publish(tmp_path, con)
    first = _sha(p.published)
    con = db.connect_work(p.work)
    con.execute(
        "INSERT INTO core.indicators (indicator, name, unit, category, cadence) VALUES ('later', 'n', 'USD', 'market', 'yearly')"
    )
    wpublish.publish(tmp_path, con)
    assert _sha(p.published) != first
    wpublish.restore(tmp_path)
    assert _sha(p.published) == first
    with pytest.raises(db.PublishError, match="no release matching"):
        wpublish.restore(tmp_path, "nope")


def test_published_file_is_readable_by_the_duckdb_1_5_cli(tmp_path):
    import sys
    from pathlib import Path

    beside = Path(sys.executable).parent / "duckdb"
    cli = str(beside) if beside.exists() else shutil.which("duckdb")
    if cli is None:
        pytest.skip("duckdb CLI (duckdb-cli from PyPI) not installed")
    import subprocess

    wpublish.publish(tmp_path, db.connect_work(db.paths(tmp_path).work))
    out = subprocess.run(
        [
            cli,
            "-readonly",
            str(db.paths(tmp_path).published),
            "-csv",
            "-c",
            "SELECT count(*) FROM meta.schema_migrations",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == str(len(db.migration_files()))


HOLDER = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[1])
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
con.close()
"""


def test_a_second_writer_waits_for_the_first_then_gets_in(tmp_path):
    import subprocess
    import sys
    import time

    path = tmp_path / "w.duckdb"
    db.connect_work(path).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), "1.5"], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "holding"
    t0 = time.monotonic()
    con = db.connect_work(path, wait_s=30)
    waited = time.monotonic() - t0
    con.close()
    holder.wait(timeout=30)
    assert 0.5 < waited < 30


def test_a_writer_gives_up_with_a_clear_error(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "w.duckdb"
    db.connect_work(path).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), "10"], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "holding"
    try:
        with pytest.raises(db.WarehouseBusy, match="in use by another process"):
            db.connect_work(path, wait_s=0.5)
    finally:
        holder.kill()
        holder.wait()


def _comment(con, table: str, column: str) -> str:
    return con.execute(
        "SELECT comment FROM duckdb_columns() WHERE schema_name || '.' || table_name = ? AND column_name = ?",
        [table, column],
    ).fetchone()[0]


def test_a_warehouse_created_before_a_comment_changed_gets_the_new_text(tmp_path):
    """Migrations are never edited: a comment amended later lives in warehouse/comments/ and reaches old files."""
    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE SCHEMA meta")
    con.execute(
        "CREATE TABLE meta.schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)"
    )
    for version, name, file in db.migration_files():
        if version <= 8:  # a warehouse as the project created it before migration 0014 and the comments/ folder
            con.execute(file.read_text())
            con.execute("INSERT INTO meta.schema_migrations VALUES (?, ?, now())", [version, name])
    # what 0004 says (and what every file created since 0004 holds without this mechanism)
    assert _comment(con, "core.claims", "status").startswith("pending, accepted or rejected")
    con.close()
    con = db.connect_work(path)
    amended = _comment(con, "core.claims", "status")
    fresh = db.connect_work(tmp_path / "new.duckdb")
    assert amended.startswith("Status at extraction: always pending") and amended == _comment(
        fresh, "core.claims", "status"
    )
    assert db.apply_comments(con) == []  # idempotent: nothing to do when the files are unchanged
    con.close()
    fresh.close()


def test_a_changed_comment_file_is_applied_again(tmp_path, monkeypatch):
    folder = tmp_path / "comments"
    folder.mkdir()
    monkeypatch.setattr(db, "COMMENTS_DIR", folder)
    (folder / "a.sql").write_text("COMMENT ON COLUMN core.sources.note IS 'first';")
    con = db.connect_work(tmp_path / "w.duckdb")
    assert _comment(con, "core.sources", "note") == "first"
    con.close()
    (folder / "a.sql").write_text("COMMENT ON COLUMN core.sources.note IS 'second';")
    con = db.connect_work(tmp_path / "w.duckdb")  # a cheap check on open finds the changed file
    assert _comment(con, "core.sources", "note") == "second"
    assert con.execute("SELECT name FROM meta.comments_applied").fetchall() == [("a",)]
    con.close()


def test_no_migration_is_edited_once_it_exists():
    """A database created from a migration keeps what it said: the text of each one is frozen here when it
    is added (0004's comment on core.claims.status was edited once after 0008 existed; that edit moved
    to warehouse/comments/)."""
    frozen = {
        "0001_init": "111754bef842c89d",
        "0002_raw": "5d8f7460db75e74b",
        "0003_meta_dictionary": "7f1613ca8dd86dbe",
        "0004_source_families": "4daee394bfc53126",
        "0005_model": "fdaab5f959bb4581",
        "0006_parse_state": "64c24fb8a4973eab",
        "0007_run_fingerprint": "b09e69b5b5fcb370",
        "0008_claim_reviews": "a71d4875d3ce24d0",
    }
    current = {name: hashlib.sha256(path.read_bytes()).hexdigest()[:16] for _, name, path in db.migration_files()}
    assert {name: current.get(name) for name in frozen} == frozen


def _limit_bytes(text: str) -> float:
    number, unit = text.split()
    return float(number) * {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30}[unit]


def test_the_working_database_is_opened_with_a_memory_limit(tmp_path, monkeypatch):
    """DuckDB's own default is 80% of the machine's memory; the refresh's connection gets 1 GB (10^9
    bytes) unless FABRICWATCH_DUCKDB_MEMORY_LIMIT says otherwise, as DuckDB itself reads it back."""
    monkeypatch.delenv(db.MEMORY_ENV, raising=False)
    con = db.connect_work(tmp_path / "w.duckdb")
    try:
        assert _limit_bytes(con.execute("SELECT current_setting('memory_limit')").fetchone()[0]) == pytest.approx(
            1e9, rel=0.001
        )
    finally:
        con.close()
    monkeypatch.setenv(db.MEMORY_ENV, "256MB")
    con = db.connect_work(tmp_path / "w.duckdb")
    try:
        assert _limit_bytes(con.execute("SELECT current_setting('memory_limit')").fetchone()[0]) == pytest.approx(
            256e6, rel=0.001
        )
    finally:
        con.close()
