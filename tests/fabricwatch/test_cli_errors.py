"""Every foreseeable failure ends in `error: ...` and exit code 2, without a traceback (fabricwatch/errors.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from fabricwatch import cli
from warehouse import db
from warehouse import publish as wpublish


def run(capsys, *argv) -> tuple[int, str]:
    code = cli.main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


@pytest.fixture()
def empty_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture()
def published(empty_home):
    con = db.connect_work(db.paths(empty_home).work)
    wpublish.publish(empty_home, con)
    return empty_home


def test_fetch_of_an_unknown_source(empty_home, capsys):
    code, err = run(capsys, "fetch", "no_such_source")
    assert code == 2 and "unknown source 'no_such_source'" in err


@pytest.mark.slow
def test_fetch_while_another_process_writes_the_warehouse(empty_home, capsys, monkeypatch):
    work = db.paths(empty_home).work
    db.connect_work(work).close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
        import sys, time, duckdb
        con = duckdb.connect({str(work)!r})
        print("locked", flush=True)
        time.sleep(60)"""),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        monkeypatch.setattr(db, "LOCK_WAIT_S", 0.5)
        code, err = run(capsys, "fetch", "nccl_logs")
    finally:
        holder.kill()
        holder.wait()
    assert code == 2 and "in use by another process" in err


def test_sql_without_a_published_warehouse(empty_home, capsys):
    code, err = run(capsys, "sql", "SELECT 1")
    assert code == 2 and "no published warehouse" in err


def test_sql_that_is_not_read_only(published, capsys):
    code, err = run(capsys, "sql", "DELETE FROM meta.runs")
    assert code == 2 and "read-only" in err


def test_sql_that_duckdb_refuses(published, capsys):
    code, err = run(capsys, "sql", "SELECT * FROM no_such_table")
    assert code == 2 and "no_such_table" in err


def test_export_onto_an_existing_file(published, tmp_path, capsys):
    target = tmp_path / "out.parquet"
    target.write_text("not a folder")
    code, err = run(capsys, "export", str(target))
    assert code == 2 and "out.parquet" in err and "not a folder" in err


def test_export_without_a_published_warehouse(empty_home, tmp_path, capsys):
    code, err = run(capsys, "export", str(tmp_path / "out"))
    assert code == 2 and "no published warehouse" in err


def test_restore_without_releases(published, capsys):
    code, err = run(capsys, "restore")
    assert code == 2 and "no releases" in err


def test_refresh_with_a_selection_that_selects_nothing(empty_home, capsys):
    code, err = run(capsys, "refresh", "--select", "parse_nowhere")
    assert code == 2 and "selects no asset" in err


def test_refresh_with_unreadable_selection_syntax(empty_home, capsys):
    code, err = run(capsys, "refresh", "--select", "key:(((")
    assert code == 2 and "cannot read the selection" in err


def test_claims_list_without_a_published_warehouse(empty_home, capsys):
    code, err = run(capsys, "claims", "list")
    assert code == 2 and "no published warehouse" in err


def test_rejecting_a_claim_twice(published, tmp_path, capsys):
    ledger = tmp_path / "ledger"
    ledger.mkdir()
    assert (
        run(capsys, "claims", "review", "--reject", "c1", "--reason", "wrong period", "--ledger", str(ledger))[0] == 0
    )
    code, err = run(capsys, "claims", "review", "--reject", "c1", "--reason", "again", "--ledger", str(ledger))
    assert code == 2 and "already rejected" in err


def test_ingest_of_a_missing_file(empty_home, tmp_path, capsys):
    code, err = run(capsys, "ingest", str(tmp_path / "missing.log"))
    assert code == 2 and "no such file" in err


def test_a_bug_keeps_its_traceback(monkeypatch):
    from fabricwatch.commands import sources

    monkeypatch.setattr(sources, "run", lambda args: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        cli.main(["sources"])
