"""`fabricwatch ingest` without a Dagster run (pipelines/fast_ingest.py): the same marts as the Dagster run,
blocking checks still block the publish, a failed step publishes nothing, and what it did reaches Dagster
as runless asset events through the inbox sensor (pipelines/journal.py). On the real offline data and a real
nccl-tests log (tests/fixtures/nccl/README.md says where it was recorded)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines import fast_ingest, journal
from warehouse import db, refresh_status

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "tests" / "fixtures" / "nccl" / "multi_collective_newest.txt"
# Columns that say when, and by which fetch run, the two ingests (a few seconds apart) replayed the log.
# Everything else must be equal.
FETCH_RUN = {
    "source_status": {"last_fetch", "last_change", "last_error_at"},
    "source_changes": {"detected_at", "run_id"},
}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _copy(refreshed_home, tmp_path, name: str) -> Path:
    home = tmp_path / name
    shutil.copytree(refreshed_home, home)
    return home


def _drop(home: Path) -> None:
    """The log accepted into inbox/processed/nccl/, as `fabricwatch ingest` does before its refresh."""
    from sources import inbox

    inbox.drop([LOG], db.paths(home).inbox)
    assert [r.accepted for r in inbox.process(db.paths(home).inbox)] == [True]


def test_a_refresh_writes_the_nccl_plan_from_lineage(refreshed_home):
    plan = fast_ingest.load_plan(refreshed_home, ["nccl"])
    assert plan is not None
    assert plan.sources == ["nccl_logs"] and plan.model == ["model_calibration"]
    # lineage: nccl_results reads the nccl rows; the market marts read core.observations_stated, which leaves them out
    assert "nccl_results" in plan.marts and "market_size" not in plan.marts
    assert plan.code_versions["parse_nccl_logs"]
    # the ledger's folder reaches the registry and the whole model: its ingest stays a Dagster run
    assert fast_ingest.load_plan(refreshed_home, ["curated"]) is None


def test_a_plan_of_other_code_is_not_used(refreshed_home, tmp_path, monkeypatch):
    home = _copy(refreshed_home, tmp_path, "home")
    monkeypatch.setattr(fast_ingest, "code_fingerprint", lambda: "edited-code")
    assert fast_ingest.load_plan(home, ["nccl"]) is None


@pytest.fixture(scope="module")
def ingested(refreshed_home, tmp_path_factory):
    """Two copies of the refreshed home, the same log ingested into one without a Dagster run (in a child
    process, which must import neither Dagster nor pandas: the calibration runs in its worker) and into the
    other with one (`--dagster-run`)."""
    from fabricwatch import cli

    tmp = tmp_path_factory.mktemp("fast_ingest")
    fast = _copy(refreshed_home, tmp, "fast")
    code = (
        "import sys; from fabricwatch import cli; rc = cli.main(['ingest', sys.argv[1]]); "
        "print(rc, 'dagster' in sys.modules, 'pandas' in sys.modules)"
    )
    env = {**os.environ, "FABRICWATCH_HOME": str(fast), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code, str(LOG)], env=env, capture_output=True, text=True, timeout=600)
    assert done.stdout.strip().splitlines()[-1] == "0 False False", done.stdout + done.stderr
    assert "ingest without a Dagster run" in done.stderr
    dagster = _copy(refreshed_home, tmp, "dagster")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FABRICWATCH_HOME", str(dagster))
        assert cli.main(["ingest", "--dagster-run", str(LOG)]) == 0
    assert not journal.journal_path(dagster).exists()  # a Dagster run: nothing to journal
    return {"fast": fast, "dagster": dagster}


@pytest.mark.slow
def test_the_fast_ingest_publishes_the_marts_of_the_dagster_run(ingested):
    from tests.pipelines.test_incremental_equals_full import _marts

    fast, dagster = _marts(ingested["fast"], FETCH_RUN), _marts(ingested["dagster"], FETCH_RUN)
    assert sorted(fast) == sorted(dagster)
    differ = [name for name in fast if fast[name] != dagster[name]]
    assert differ == [], f"marts differ between the fast and the Dagster ingest: {differ}"
    with db.published_connection(ingested["fast"]) as con:
        (selection, mode) = con.execute(
            "SELECT selection, mode FROM meta.runs ORDER BY finished_at DESC LIMIT 1"
        ).fetchone()
    assert (selection, mode) == ("key:raw_nccl_logs+", "offline")  # as the Dagster ingest records its run
    assert refresh_status.last(ingested["fast"])["success"] is True


@pytest.mark.slow
def test_the_calibration_of_the_worker_is_the_calibration_of_the_dagster_run(ingested, refreshed_home):
    """The fast ingest calibrates in a second process on copies of its inputs (pipelines/calibration_worker.py):
    model.calibration and its check's outcome are those of the Dagster run's calibration step, and the new
    log's runs are among its points."""

    def calibration(home):
        with db.published_connection(home) as con:
            rows = con.execute("SELECT * FROM model.calibration ORDER BY point_id").fetchall()
            check = con.execute(
                "SELECT passed, description, metadata FROM meta.checks WHERE asset = 'model_calibration' "
                "ORDER BY evaluated_at DESC LIMIT 1"
            ).fetchone()
        return [tuple(float(f"{v:.12g}") if isinstance(v, float) else v for v in r) for r in rows], check

    fast_rows, fast_check = calibration(ingested["fast"])
    dagster_rows, dagster_check = calibration(ingested["dagster"])
    assert fast_rows == dagster_rows and fast_check == dagster_check
    assert fast_check[0] is True
    before, _ = calibration(refreshed_home)
    assert len(fast_rows) > len(before)  # the log's runs were calibrated


@pytest.mark.slow
def test_the_journal_reaches_dagster_through_the_inbox_sensor(ingested):
    import dagster as dg

    from pipelines.definitions import build_definitions

    home = ingested["fast"]
    stages, _ = journal.pending(home)
    assert [s["stage"] for s in stages] == ["build", "publish"]
    run_id = stages[0]["run_id"]
    built = {m["asset"] for m in stages[0]["materializations"]}
    plan = fast_ingest.load_plan(home, ["nccl"])
    assert built == {"raw_nccl_logs", "parse_nccl_logs", "model_calibration", *(f"marts/{m}" for m in plan.marts)}

    sensor = build_definitions(str(home)).resolve_sensor_def("inbox_sensor")
    with dg.DagsterInstance.ephemeral() as instance:
        result = sensor(dg.build_sensor_context(instance=instance))
        assert isinstance(result, dg.SkipReason)  # the inbox is empty: no run, but the journal was reported
        event = instance.get_latest_materialization_event(dg.AssetKey(["marts", "nccl_results"]))
        assert event is not None
        materialization = event.asset_materialization
        assert materialization.tags[journal.RUN_TAG] == run_id
        assert materialization.tags[journal.CODE_VERSION_TAG] == plan.code_versions["marts/nccl_results"]
        assert materialization.metadata["dagster/row_count"].value > 0
        assert instance.get_latest_materialization_event(dg.AssetKey("published_warehouse")) is not None
        check = dg.AssetCheckKey(dg.AssetKey(["marts", "nccl_results"]), "keys_unique")
        history = instance.event_log_storage.get_asset_check_execution_history(check, limit=5)
        assert len(history) == 1 and history[0].status.value == "SUCCEEDED"
        assert journal.pending(home)[0] == []  # reported once: the cursor moved past both stages
        sensor(dg.build_sensor_context(instance=instance))
        assert len(instance.event_log_storage.get_asset_check_execution_history(check, limit=5)) == 1


def _failing(name: str):
    """The real checks of the mart `name` and one more ERROR check on it that fails."""
    from warehouse import quality

    real = quality.checks_for

    def checks_for(mart):
        out = list(real(mart))
        if mart.name == name:
            out.append(
                quality.MartCheck(
                    "injected_failure",
                    quality.ERROR,
                    "fails on purpose (the test)",
                    lambda con, n: quality.CheckOutcome(False, "injected failure", []),
                )
            )
        return out

    return checks_for


def test_a_failed_blocking_check_blocks_the_publish(refreshed_home, tmp_path, monkeypatch):
    from warehouse import quality

    home = _copy(refreshed_home, tmp_path, "home")
    published = _sha(db.paths(home).published)
    _drop(home)
    plan = fast_ingest.load_plan(home, ["nccl"])
    plan.marts = ["nccl_results", "source_status"]  # two of its marts: the rule is the same for twenty
    monkeypatch.setattr(quality, "checks_for", _failing("nccl_results"))
    outcome = fast_ingest.run(home, plan)
    assert not outcome.success and outcome.skipped_publish
    assert outcome.failed_steps == ["build_marts"]
    assert "marts/nccl_results:injected_failure" in outcome.failed_checks
    assert _sha(db.paths(home).published) == published  # the published warehouse untouched
    # every selected mart was still built and checked (as in the Dagster run), and the failure is journaled
    stages, _ = journal.pending(home)
    assert [s["stage"] for s in stages] == ["build"]
    assert {"marts/nccl_results", "marts/source_status"} <= {m["asset"] for m in stages[0]["materializations"]}
    failed = [c for c in stages[0]["checks"] if not c["passed"]]
    assert [(c["asset"], c["check_name"], c["blocking"]) for c in failed] == [
        ("marts/nccl_results", "injected_failure", True)
    ]
    status = refresh_status.last(home)
    assert status["run_id"] == outcome.run_id and status["success"] is False


def test_a_failed_step_publishes_nothing(refreshed_home, tmp_path, monkeypatch):
    from pipelines import steps

    home = _copy(refreshed_home, tmp_path, "home")
    published = _sha(db.paths(home).published)
    _drop(home)
    plan = fast_ingest.load_plan(home, ["nccl"])
    plan.marts = ["nccl_results"]

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(steps, "build_mart", broken)
    outcome = fast_ingest.run(home, plan)
    assert not outcome.success and outcome.failed_steps == ["build_marts"]
    assert _sha(db.paths(home).published) == published
    assert refresh_status.last(home)["success"] is False


def test_no_fast_ingest_while_a_dagster_run_may_be_unfinished(refreshed_home, tmp_path, monkeypatch):
    home = _copy(refreshed_home, tmp_path, "home")
    assert fast_ingest.applicable_plan(home, ["nccl"]) is not None
    monkeypatch.setattr(fast_ingest, "unfinished_runs_possible", lambda h: True)
    assert fast_ingest.applicable_plan(home, ["nccl"]) is None


def test_an_unreadable_file_exits_2_without_a_refresh(refreshed_home, tmp_path, monkeypatch, capsys):
    from fabricwatch import cli

    home = _copy(refreshed_home, tmp_path, "home")
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    published = _sha(db.paths(home).published)
    bad = tmp_path / "nccl-tests.log"
    bad.write_text("# nThread 1 nGpus 8 minBytes 8 maxBytes 128M\n#  Rank  0 Group  0 Pid garbled\nno table here\n")
    assert cli.main(["ingest", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert _sha(db.paths(home).published) == published
    assert not journal.journal_path(home).exists()
