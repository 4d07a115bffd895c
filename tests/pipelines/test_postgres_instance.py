"""Dagster's run, event log and schedule storage in PostgreSQL (FABRICWATCH_DAGSTER_STORAGE=postgres).

Starts Debian's PostgreSQL server itself (initdb + pg_ctl on a temporary data folder, loopback
only, a free port), writes the instance's dagster.yaml the way the CLI does, materializes a small
asset on that instance, and reads the run back from PostgreSQL's own tables. The server is stopped
and its folder removed even when the test fails. Skips, saying why, when the server binaries or
dagster-postgres are absent (CI installs the `postgresql` package; see .ci/run).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

from pipelines import instance as fw_instance  # noqa: E402


def _pg_bin() -> Path | None:
    for candidate in [os.environ.get("PG_BIN", ""), *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]:
        if candidate and (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    found = shutil.which("initdb")
    return Path(found).resolve().parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def postgres_server():
    pg_bin = _pg_bin()
    if pg_bin is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) not installed: apt-get install postgresql")
    pytest.importorskip("dagster_postgres", reason="dagster-postgres not installed: pip install -e '.[postgres]'")
    pytest.importorskip("psycopg2", reason="psycopg2 not installed (comes with dagster-postgres)")
    # PostgreSQL refuses to run as root: run it as the `postgres` user Debian's package creates.
    as_user: list[str] = []
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        try:
            import pwd

            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no `postgres` user to run the server as")
        if runuser is None:
            pytest.skip("running as root and runuser is missing")
        as_user = [runuser, "-u", "postgres", "--"]
    root = Path(tempfile.mkdtemp(prefix="fw-pg-"))
    data, log = root / "data", root / "server.log"
    port = _free_port()
    if as_user:
        os.chown(root, pw.pw_uid, pw.pw_gid)
    started = False
    try:
        subprocess.run(
            [
                *as_user,
                str(pg_bin / "initdb"),
                "-D",
                str(data),
                "-U",
                "fabricwatch",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        subprocess.run(
            [
                *as_user,
                str(pg_bin / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-w",
                "-t",
                "60",
                "-o",
                f"-c listen_addresses=127.0.0.1 -p {port} -k {root} -c fsync=off",
                "start",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        started = True
        subprocess.run(
            [*as_user, str(pg_bin / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "fabricwatch", "dagster"],
            check=True,
            capture_output=True,
            timeout=60,
        )
        yield {"host": "127.0.0.1", "port": port, "db": "dagster", "user": "fabricwatch"}
    finally:
        if started:
            subprocess.run(
                [*as_user, str(pg_bin / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(root, ignore_errors=True)


def test_instance_yaml_selects_postgres_only_when_asked(monkeypatch):
    monkeypatch.delenv(fw_instance.STORAGE_ENV, raising=False)
    assert "postgres" not in fw_instance.instance_yaml()
    monkeypatch.setenv(fw_instance.STORAGE_ENV, "oracle")
    with pytest.raises(fw_instance.InstanceConfigError, match="sqlite, postgres"):
        fw_instance.instance_yaml()
    monkeypatch.setenv(fw_instance.STORAGE_ENV, "postgres")
    for var in fw_instance.PG_ENV:
        monkeypatch.delenv(var, raising=False)
    pytest.importorskip("dagster_postgres")
    with pytest.raises(fw_instance.InstanceConfigError, match="DAGSTER_PG_HOST"):
        fw_instance.instance_yaml()


def test_runs_events_and_schedules_are_stored_in_postgres(postgres_server, tmp_path, monkeypatch):
    import dagster as dg
    import psycopg2

    from pipelines.instance import prepare_dagster_home

    pg = postgres_server
    monkeypatch.setenv(fw_instance.STORAGE_ENV, "postgres")
    monkeypatch.setenv("DAGSTER_PG_HOST", pg["host"])
    monkeypatch.setenv("DAGSTER_PG_PORT", str(pg["port"]))
    monkeypatch.setenv("DAGSTER_PG_DB", pg["db"])
    monkeypatch.setenv("DAGSTER_PG_USERNAME", pg["user"])
    monkeypatch.setenv("DAGSTER_PG_PASSWORD", "unused-with-trust-auth")
    dagster_home = prepare_dagster_home(tmp_path)  # what `fabricwatch refresh` and `ui` do

    @dg.asset
    def bench_probe() -> int:
        return 42

    instance = dg.DagsterInstance.from_config(str(dagster_home))
    try:
        assert type(instance.run_storage).__name__ == "PostgresRunStorage"
        assert type(instance.event_log_storage).__name__ == "PostgresEventLogStorage"
        assert type(instance.schedule_storage).__name__ == "PostgresScheduleStorage"
        result = dg.materialize([bench_probe], instance=instance)
        assert result.success
        run_id = result.run_id
    finally:
        instance.dispose()

    # Read back from PostgreSQL itself, not through Dagster.
    con = psycopg2.connect(host=pg["host"], port=pg["port"], dbname=pg["db"], user=pg["user"])
    try:
        with con.cursor() as cur:
            cur.execute("SELECT status FROM runs WHERE run_id = %s", (run_id,))
            assert cur.fetchone() == ("SUCCESS",)
            cur.execute(
                "SELECT count(*) FROM event_logs WHERE run_id = %s AND dagster_event_type = 'ASSET_MATERIALIZATION'",
                (run_id,),
            )
            assert cur.fetchone()[0] == 1
            cur.execute("SELECT count(*) FROM information_schema.tables WHERE table_name IN ('jobs', 'job_ticks')")
            assert cur.fetchone()[0] == 2  # schedule storage created its tables there too
    finally:
        con.close()
    assert not list(dagster_home.glob("history/runs.db")), "run storage fell back to SQLite files"
