"""The calibration worker of a fast ingest (pipelines/calibration_worker.py) ends with its parent, however the
parent ends, and a calibration it cannot make is the ingest's failed step, with its message.

(That its calibration is the Dagster run's, row for row, is tests/pipelines/test_fast_ingest.py.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import duckdb
import pytest

from bench.reliability.common import env_for
from pipelines.calibration_worker import CalibrationWorker, WorkerFailed
from tests.fabricwatch.test_server_lifetime import left_after, marked

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux /proc and PR_SET_PDEATHSIG")

# A parent that starts the worker, says its pid, and waits (to be killed)
PARENT = textwrap.dedent("""
    import sys, time
    from pipelines.calibration_worker import CalibrationWorker
    worker = CalibrationWorker.start(sys.argv[1])
    print(worker.proc.pid, flush=True)
    time.sleep(600)
""")


@pytest.mark.parametrize("after_s", [0.0, 2.0])  # killed while the worker imports, and while it waits
def test_the_worker_dies_when_its_parent_is_killed(tmp_path, after_s):
    """...and the next worker's start removes the files of the killed one (its parent could not)."""
    marker = f"worker-{uuid.uuid4().hex[:8]}"
    work = tmp_path / "work"
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(work)],
        cwd=ROOT,
        env=env_for(tmp_path, RELIABILITY_MARK=marker),
        stdout=subprocess.PIPE,
    )
    try:
        worker_pid = int(parent.stdout.readline())
        time.sleep(after_s)
        assert worker_pid in {pid for pid, _ in marked(marker)}
        parent.send_signal(signal.SIGKILL)  # as the OOM killer does: the parent can do nothing
        parent.wait(timeout=10)
        assert left_after(marker, seconds=20.0) == []
    finally:
        parent.kill()
        parent.wait()
    (left,) = work.iterdir()  # the killed parent's folder
    worker = CalibrationWorker.start(work)
    worker.stop()
    assert list(work.iterdir()) == []


def test_a_worker_that_cannot_calibrate_is_a_failure_with_its_message(tmp_path):
    con = duckdb.connect()
    # the relations the calibration reads, present but not what it needs
    con.execute(
        "CREATE SCHEMA core; CREATE SCHEMA model; "
        "CREATE TABLE core.observations_stated (x INTEGER); CREATE TABLE core.nccl_rows (x INTEGER); "
        "CREATE TABLE core.nccl_runs (x INTEGER); CREATE TABLE model.calibration (x INTEGER)"
    )
    worker = CalibrationWorker.start(tmp_path)
    try:
        worker.submit(con)
        with pytest.raises(WorkerFailed, match=r"calibration: .*(Binder|Catalog)"):
            worker.result(con, "run-1")
    finally:
        worker.stop()
    assert worker.proc.returncode is not None and list(tmp_path.iterdir()) == []


def test_stop_before_a_request_ends_the_worker_and_removes_its_files(tmp_path):
    other = tmp_path / f".calibration-{os.getpid()}-live"  # this process's: alive, so not an orphan
    other.mkdir()
    worker = CalibrationWorker.start(tmp_path)
    assert worker.dir.parent == tmp_path and other.exists()
    worker.stop()
    assert worker.proc.returncode is not None
    assert list(tmp_path.iterdir()) == [other]
