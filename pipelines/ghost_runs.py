"""Runs left in progress by a process that no longer exists ("ghost runs"), marked failed.

A refresh killed by SIGKILL, the OOM killer or a power cut cannot report its own end: its Dagster
run stays STARTED forever, and because dagster.yaml allows one run at a time, every scheduled or
sensor run would queue behind it. Dagster's run monitoring (dagster.yaml) only watches runs the
daemon launched, and only for start/cancel timeouts with the default run launcher, so fabricwatch
sweeps at each refresh start, at `fabricwatch ui` start and at each inbox-sensor evaluation.

A run is a ghost when it is NOT_STARTED, STARTING, STARTED or CANCELING and the process that
started it (the `pid` of its RUN_START event, else the `fabricwatch/pid` tag a refresh puts on the
run it creates) is gone, or has been replaced by a newer process with the same pid. A refresh
killed between creating its run and starting it leaves the run NOT_STARTED: without the tag it
would stay so forever. A run whose process we cannot see at all is a ghost once it is older than
STARTING_TIMEOUT_S. QUEUED runs wait for the daemon's queue and are left alone. Ghosts are marked
FAILURE through the instance's public `report_run_failed`, with a message saying why, so the run
history keeps the truth.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from pathlib import Path

import dagster as dg

IN_PROGRESS = (
    dg.DagsterRunStatus.NOT_STARTED,
    dg.DagsterRunStatus.STARTING,
    dg.DagsterRunStatus.STARTED,
    dg.DagsterRunStatus.CANCELING,
)
STARTING_TIMEOUT_S = 600.0
PID_TAG = "fabricwatch/pid"  # the process that created the run (pipelines/runner.py)


def creator_tags() -> dict[str, str]:
    """Tags for a run this process creates and executes: its pid, so a kill before RUN_START is noticed."""
    return {PID_TAG: str(os.getpid())}


@dataclass(frozen=True)
class GhostRun:
    run_id: str
    job_name: str
    status: str
    pid: int | None
    reason: str


def _process_start_epoch(pid: int) -> float | None:
    """When `pid` started (epoch seconds), from /proc; None if unknown (not Linux) or gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        start_ticks = int(fields[19])  # field 22 of stat; 20 after "pid (comm) state"
        with open("/proc/stat", "rb") as fh:
            btime = next(int(line.split()[1]) for line in fh if line.startswith(b"btime"))
        return btime + start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def process_alive_since(pid: int, not_after: float) -> bool:
    """True when `pid` exists and was started no later than `not_after` (epoch s), i.e. is not a reused pid."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # exists, another user's
    started = _process_start_epoch(pid)
    if started is None:
        return True  # cannot tell: assume it is the same process
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            if fh.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                return False  # a zombie runs nothing
    except OSError:
        return False
    return started <= not_after + 2.0  # clock-tick rounding


def _run_pid(instance: dg.DagsterInstance, run_id: str) -> tuple[int | None, float | None]:
    """(pid, timestamp) of the run's RUN_START event: the run worker (not the launcher)."""
    for entry in instance.all_logs(run_id, of_type=dg.DagsterEventType.RUN_START):
        event = entry.dagster_event
        if event is not None and event.pid:
            return int(event.pid), entry.timestamp
    return None, None


def find_ghost_runs(instance: dg.DagsterInstance, now: float | None = None) -> list[GhostRun]:
    now = time.time() if now is None else now
    ghosts = []
    for record in instance.get_run_records(filters=dg.RunsFilter(statuses=list(IN_PROGRESS))):
        run = record.dagster_run
        pid, seen_at = _run_pid(instance, run.run_id)
        if pid is None and run.tags.get(PID_TAG, "").isdigit():
            # created by a refresh that never reached RUN_START: its creator must predate the run
            pid, seen_at = int(run.tags[PID_TAG]), record.create_timestamp.timestamp()
        if pid is not None:
            if process_alive_since(pid, seen_at):
                continue
            reason = f"its process (pid {pid}) is gone: killed (SIGKILL, OOM, power loss) before it could finish"
        else:
            created = record.create_timestamp.timestamp()
            if now - created < STARTING_TIMEOUT_S:
                continue
            reason = f"no process ever reported for it in {STARTING_TIMEOUT_S:.0f} s"
        ghosts.append(GhostRun(run.run_id, run.job_name, run.status.value, pid, reason))
    return ghosts


def mark_ghost_runs_failed(home=None, instance: dg.DagsterInstance | None = None) -> list[GhostRun]:
    """Mark every ghost run FAILURE; returns them. Call at refresh start, daemon start, sensor ticks.

    Without `instance`, the instance under `$FABRICWATCH_HOME/dagster` (`home`) is used; nothing is
    done when that instance was never created.
    """
    if instance is None:
        from pipelines.instance import dagster_instance
        from warehouse.db import home as default_home

        h = Path(default_home() if home is None else home)
        if not (h / "dagster").is_dir():
            return []
        instance = dagster_instance(h)
    ghosts = find_ghost_runs(instance)
    for ghost in ghosts:
        run = instance.get_run_by_id(ghost.run_id)
        if run is not None and run.status in IN_PROGRESS:
            instance.report_run_failed(run, message=f"fabricwatch marked this run failed: {ghost.reason}")
    return ghosts


def runs_in_progress(home=None, instance: dg.DagsterInstance | None = None) -> list[tuple[str, str]]:
    """(run id, job name) of the runs still in progress once the ghosts are marked: live runs (a
    scheduled or sensor run of the daemon). A refresh started meanwhile refuses rather than race it."""
    if instance is None:
        from pipelines.instance import dagster_instance
        from warehouse.db import home as default_home

        h = Path(default_home() if home is None else home)
        if not (h / "dagster").is_dir():
            return []
        instance = dagster_instance(h)
    return [
        (r.dagster_run.run_id, r.dagster_run.job_name)
        for r in instance.get_run_records(filters=dg.RunsFilter(statuses=list(IN_PROGRESS)))
    ]
