"""The model's calibration of a fast ingest, in a second process started before the fetch.

The calibration is written on pandas and numpy (`fabric_model`): importing pandas took ~0.25 s and the
calibration ~0.1-0.17 s of the ingest on the bench machine (docs/benchmarks.md, issue 23's sixth pass).
In one process both sat on the ingest's critical path, and a thread cannot hide them: DuckDB holds the
GIL while a statement runs. So a fast ingest starts this worker first; it imports pandas and the model
on the second core while the ingest replays and parses the log, and calibrates while the ingest builds
the marts that do not read the calibration. The ingest process never imports pandas.

The worker runs the same functions as the calibration step (pipelines/steps.py `calibrate`,
`calibration_outcome`) on a DuckDB file holding copies of what the calibration's queries read
(warehouse/model_io.py `export_calibration_inputs`): the work file cannot be opened by a second process
while the ingest holds it. The ingest copies the rows written back (`import_calibration`) and stores
the check's outcome as the step does.

Lifetime: the worker asks for SIGKILL when its parent dies (sources/lifetime.py), reads its one request
from stdin (end of file, the parent gone or finished without a request: it exits), and the parent kills
and reaps it when it ends in any other way (`stop`). Its files are in a folder named after the parent's
pid under the home's work folder: removed by `stop`, or by the next worker's start when the parent was
killed.

    python -m pipelines.calibration_worker PARENT_PID     (request on stdin: {"path": ...}; reply on stdout)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from pipelines import steps
from sources.lifetime import die_with_parent, left_by_dead
from warehouse import model_io, runs

REPLY_TIMEOUT_S = 600.0
PREFIX = ".calibration-"  # then the parent's pid: a folder whose process is gone is removed (`remove_orphans`)


class WorkerFailed(RuntimeError):
    """The worker gave no reply or could not calibrate (its message says why)."""


class CalibrationWorker:
    """The parent's side: `start` before the fetch, `submit` after the parse, `result` before the marts
    that read model.calibration, `stop` always."""

    def __init__(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        remove_orphans(directory)
        self.dir = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=directory))
        self.path = self.dir / "calibration.duckdb"
        self._err = open(self.dir / "stderr.txt", "w+", encoding="utf-8")  # noqa: SIM115 - closed by stop
        self.proc = subprocess.Popen(
            [sys.executable, "-m", __name__, str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._err,  # a file, not a pipe: the worker can never block on a full pipe
            text=True,
            # one BLAS thread: the calibration's arithmetic is small, and starting a pool costs ~0.04 s of CPU
            env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
        )

    @classmethod
    def start(cls, directory: str | Path) -> CalibrationWorker:
        """Start the worker; its files go in a folder of its own under `directory` (a fast ingest: the home's
        work folder), removed by `stop`, or by the next start when this process was killed first."""
        return cls(Path(directory))

    def submit(self, con) -> None:
        """Copy the calibration's inputs from the work connection and hand them to the worker."""
        model_io.export_calibration_inputs(con, self.path)
        try:
            self.proc.stdin.write(json.dumps({"path": str(self.path)}) + "\n")
            self.proc.stdin.flush()
        except OSError as exc:  # a broken pipe: the worker ended before its request
            raise WorkerFailed(f"the calibration worker ended early: {self._stderr() or exc}") from exc

    def result(self, con, run_id: str) -> tuple[dict, list[steps.CheckOutcome]]:
        """Wait for the worker; write its calibration into the work connection and store the check's outcome
        (as `steps.model_calibration` does). Raises WorkerFailed."""
        try:
            out, _ = self.proc.communicate(timeout=REPLY_TIMEOUT_S)
        except subprocess.TimeoutExpired as exc:
            raise WorkerFailed(f"the calibration worker gave no reply in {REPLY_TIMEOUT_S:.0f} s") from exc
        try:
            reply = json.loads(out)
        except ValueError:
            reply = {"error": f"exit code {self.proc.returncode}: {self._stderr() or 'no reply'}"}
        if "error" in reply:
            raise WorkerFailed(f"calibration: {reply['error']}")
        model_io.import_calibration(con, self.path)
        outcome = steps.CheckOutcome(**reply["outcome"])
        runs.store_checks(con, [outcome.row(run_id)])
        return reply["facts"], [outcome]

    def stop(self) -> None:
        """Kill and reap the worker if it still runs; close its pipes; remove its files."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout, self._err):
            try:
                pipe.close()
            except OSError:  # unflushed input to a dead worker
                pass
        shutil.rmtree(self.dir, ignore_errors=True)

    def _stderr(self) -> str:
        self._err.flush()
        self._err.seek(0)
        return self._err.read().strip()[-500:]


def remove_orphans(directory: Path) -> None:
    """Remove the folders of workers whose parent is gone (killed before it could remove them)."""
    for folder in left_by_dead(directory.glob(f"{PREFIX}*"), lambda f: f.name.removeprefix(PREFIX).split("-", 1)[0]):
        shutil.rmtree(folder, ignore_errors=True)


def serve(parent_pid: int) -> int:
    """The worker: import the model, wait for the one request (stdin), calibrate, reply (one JSON line, stdout)."""
    die_with_parent(signal.SIGKILL, parent_pid)
    import duckdb
    import fabric_model.calibration  # noqa: F401 - the slow imports (pandas, numpy), before the request comes
    import pandas  # noqa: F401

    line = sys.stdin.readline()
    if not line:  # the parent finished (or died) without a request
        return 0
    try:
        path = json.loads(line)["path"]
        con = duckdb.connect(path)
        try:
            facts = steps.calibrate(con)
            outcome = steps.calibration_outcome(con)
            con.execute("CHECKPOINT")
        finally:
            con.close()
        reply = {"facts": steps.json_safe(facts), "outcome": outcome.as_dict()}
    except Exception as exc:  # noqa: BLE001 - any failure is the parent's failed step, with its message
        reply = {"error": f"{type(exc).__name__}: {str(exc).strip()}"}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve(int(sys.argv[1])))
