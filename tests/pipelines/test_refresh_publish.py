"""The publish protocol end to end: a refresh builds in the working DB and only a successful,
checked run replaces the published warehouse (DESIGN.md §4)."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import dagster as dg
import pytest

from pipelines.assets.curated import curated_ledger
from pipelines.assets.publish import build_publish_asset
from pipelines.resources import WarehouseResource
from pipelines.runner import run_refresh
from warehouse import db
from warehouse import publish as wpublish

pytestmark = pytest.mark.slow  # every test here runs the offline refresh (or several)

ROOT = Path(__file__).resolve().parents[2]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def home(refreshed_home, tmp_path) -> Path:
    target = tmp_path / "home"
    shutil.copytree(refreshed_home, target, ignore=shutil.ignore_patterns("dagster"))
    return target


def test_refresh_publishes_curated_observations_with_provenance(refreshed_home):
    with db.published_connection(refreshed_home) as con:
        n, missing = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE coalesce(source_id, '') = '' OR coalesce(evidence, '') = '' "
            "OR (published_on IS NULL AND coalesce(note, '') = '')) FROM core.observations"
        ).fetchone()
        runs = con.execute("SELECT status, mode FROM meta.runs").fetchall()
        dictionary = con.execute("SELECT count(*) FROM meta.data_dictionary").fetchone()[0]
    assert n > 50
    assert missing == 0
    assert runs == [("published", "offline")]
    assert dictionary > 100


def test_unchanged_offline_refresh_is_skipped_and_a_change_is_not(home, monkeypatch):
    published = db.paths(home).published
    before = _sha(published)
    outcome = run_refresh(home, mode="offline")
    assert outcome.up_to_date and outcome.success and _sha(published) == before
    # an accepted inbox file is an input: the next refresh does the work
    processed = home / "inbox" / "processed" / "nccl"
    processed.mkdir(parents=True)
    shutil.copyfile(
        ROOT / "sources" / "snapshots" / "nccl_logs" / "03_nccl-tests-119_a100_3node_hdr_ib.txt",
        processed / "again.txt",
    )
    outcome = run_refresh(home, mode="offline")
    assert not outcome.up_to_date and outcome.success and _sha(published) != before


def test_a_no_change_refresh_decides_without_importing_dagster(home):
    """`fabricwatch refresh` with nothing changed: the same answer (exit 0, file untouched) from the
    interpreter, a hash of the inputs and the release manifest, without Dagster, the fetch engine or pandas."""
    published = db.paths(home).published
    before = _sha(published)
    code = (
        "import sys; from fabricwatch import cli; rc = cli.main(['refresh']); "
        "print(rc, sorted(m for m in ('dagster', 'httpx', 'pandas') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], env=_env(home), capture_output=True, text=True, timeout=300)
    assert done.stdout.strip().splitlines()[-1] == "0 []", done.stdout + done.stderr
    assert "nothing changed since the published refresh" in done.stdout
    assert _sha(published) == before
    # a pending Dagster run takes the full path, which looks at it with Dagster: here a run just created
    # (no process reported yet, so not a ghost before STARTING_TIMEOUT_S): the refresh refuses to race it
    from pipelines.instance import dagster_instance

    dagster_instance(home).add_run(
        dg.DagsterRun(job_name="refresh", run_id="pending", status=dg.DagsterRunStatus.STARTED)
    )
    done = subprocess.run([sys.executable, "-c", code], env=_env(home), capture_output=True, text=True, timeout=300)
    assert done.stdout.strip().splitlines()[-1].startswith("2 ['dagster'"), done.stdout + done.stderr
    assert "a Dagster run is in progress (run pending" in done.stderr


def _env(home: Path) -> dict:
    return {**os.environ, "FABRICWATCH_HOME": str(home), "PYTHONPATH": str(ROOT)}


def test_refresh_killed_half_way_leaves_published_byte_identical(home):
    published = db.paths(home).published
    before = _sha(published)
    proc = subprocess.Popen(
        [sys.executable, "-m", "fabricwatch.cli", "refresh", "--force"],
        cwd=ROOT,
        env=_env(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    killed_after = None
    deadline = time.monotonic() + 180
    for line in proc.stderr:  # wait until at least one asset has written to the working DB
        if line.startswith("  ok "):
            killed_after = line.strip()
            os.kill(proc.pid, signal.SIGKILL)
            break
        assert time.monotonic() < deadline, "refresh never reported progress"
    proc.wait(timeout=30)
    assert killed_after is not None and proc.returncode == -signal.SIGKILL
    assert _sha(published) == before
    with db.published_connection(home) as con:
        assert con.execute("SELECT count(*) FROM core.observations").fetchone()[0] > 0
    # and the next refresh recovers from the half-written working database
    assert run_refresh(home, mode="offline", force=True).success


READER = textwrap.dedent("""
    import sys, time, duckdb
    path, seconds = sys.argv[1], float(sys.argv[2])
    held = duckdb.connect(path, read_only=True)          # holds the published file for the whole test
    n = held.execute("SELECT count(*) FROM core.observations").fetchone()[0]
    print("ready", n, flush=True)
    end, queries = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        fresh = duckdb.connect(path, read_only=True)     # and opens it anew, as the dashboard does
        fresh.execute("SELECT count(*) FROM core.observations").fetchone()
        fresh.close()
        held.execute("SELECT count(*) FROM core.indicators").fetchone()
        queries += 1
        time.sleep(0.05)
    print("done", queries, flush=True)
""")


def test_reader_and_refresh_do_not_block_each_other(home):
    published = db.paths(home).published
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(published), "12"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert reader.stdout.readline().startswith("ready")
    outcome = run_refresh(home, mode="offline", force=True)
    out, err = reader.communicate(timeout=120)
    assert outcome.success and not outcome.skipped_publish
    assert reader.returncode == 0, err
    assert out.startswith("done") and int(out.split()[1]) > 10
    assert len(wpublish.list_releases(home)) >= 1


def test_failed_blocking_check_does_not_publish(home, failing_check):
    published = db.paths(home).published
    before = _sha(published)
    bad_data, bad_data_is_valid = failing_check

    publish = build_publish_asset([curated_ledger.key, bad_data.key])
    result = dg.materialize(
        [curated_ledger, bad_data, bad_data_is_valid, publish],
        resources={"warehouse": WarehouseResource(home=str(home))},
        raise_on_error=False,
    )
    assert not result.success
    assert not any(e.asset_key == publish.key for e in result.get_asset_materialization_events())
    assert _sha(published) == before


def test_bad_ledger_fails_the_refresh_and_keeps_published(home, monkeypatch, tmp_path, bad_ledger):
    """A ledger file with a bad row stops the refresh before anything is published."""
    before = _sha(db.paths(home).published)
    outcome = run_refresh(home, mode="offline", force=True)
    assert not outcome.success and outcome.skipped_publish
    assert "curated_ledger" in outcome.failed_steps
    assert _sha(db.paths(home).published) == before


def test_ingest_loads_a_dropped_log_and_rejects_a_broken_one(home, tmp_path, monkeypatch, capsys):
    from fabricwatch import cli

    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    log = ROOT / "sources" / "snapshots" / "nccl_logs" / "07_dgx-spark-25_gb10_2node_allgather.txt"
    mine = tmp_path / "my_cluster_allreduce.log"
    # an analyst's own run: a real log with one size row edited, so its body is new
    mine.write_text(
        log.read_text(encoding="utf-8").replace("# nThread", "# analyst copy\n# nThread", 1), encoding="utf-8"
    )
    broken = tmp_path / "broken.log"
    broken.write_text("# nThread 1 nGpus 2 minBytes 8\n#  size  count  type\n", encoding="utf-8")
    with db.published_connection(home) as con:
        before = con.execute("SELECT count(*) FROM core.nccl_runs").fetchone()[0]
    code = cli.main(["ingest", str(mine), str(broken)])
    err = capsys.readouterr().err
    assert code == 1  # one file was rejected
    assert "accepted nccl/my_cluster_allreduce.log" in err and "REJECTED nccl/broken.log" in err
    assert (home / "inbox" / "rejected" / "nccl" / "broken.log.reason.txt").is_file()
    with db.published_connection(home) as con:
        after = con.execute("SELECT count(*) FROM core.nccl_runs").fetchone()[0]
        urls = {r[0] for r in con.execute("SELECT url FROM core.nccl_runs").fetchall()}
    assert after == before + 1
    assert "inbox:nccl/my_cluster_allreduce.log" in urls


def test_a_run_without_a_mode_tag_records_the_configured_mode(home, monkeypatch):
    """A refresh started from the Dagster UI carries no fabricwatch/mode tag: the release still says
    which mode built it (the graph's, $FABRICWATCH_FETCH_MODE), not None (the Overview showed "mode None")."""
    monkeypatch.delenv("FABRICWATCH_FETCH_MODE", raising=False)
    publish = build_publish_asset([curated_ledger.key])
    result = dg.materialize([curated_ledger, publish], resources={"warehouse": WarehouseResource(home=str(home))})
    assert result.success
    with db.published_connection(home) as con:
        mode = con.execute("SELECT mode FROM meta.runs WHERE run_id = ?", [result.run_id]).fetchone()[0]
    assert mode == "offline"
