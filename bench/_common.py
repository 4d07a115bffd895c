"""Shared by the bench scripts: child processes with their peak memory, medians, Dagster step timings.

Every measured piece of work runs in a child process, so its peak RSS is its own (os.wait4 returns
the child's rusage; ru_maxrss is in KiB on Linux) and a leak in one case cannot inflate the next.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


@dataclass
class ChildResult:
    seconds: float
    peak_rss_mb: float
    returncode: int
    stdout: str
    stderr: str
    started_wall: float  # time.time() when the child was started (to line up with Dagster's event timestamps)
    ended_wall: float
    cpu_s: float = 0.0  # the child's user + system CPU time: steadier than wall time on a busy machine

    def json_tail(self) -> dict:
        """The child's last stdout line, parsed as JSON."""
        lines = [line for line in self.stdout.splitlines() if line.strip()]
        if not lines:
            raise RuntimeError(f"child printed nothing; stderr:\n{self.stderr[-2000:]}")
        return json.loads(lines[-1])


def run_child(args: list[str], env: dict | None = None, check: bool = True, timeout: float = 3600) -> ChildResult:
    """Run `args` in a child process; wall time and the child's own peak RSS (MiB)."""
    env = {**os.environ, **(env or {})}
    out_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"fw-bench-{os.getpid()}-{time.monotonic_ns()}"
    with open(f"{out_path}.out", "w+") as out, open(f"{out_path}.err", "w+") as err:
        started_wall = time.time()
        t0 = time.perf_counter()
        proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out, stderr=err)
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        seconds = time.perf_counter() - t0
        ended_wall = time.time()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        result = ChildResult(
            seconds,
            usage.ru_maxrss / 1024,
            proc.returncode,
            out.read(),
            err.read(),
            started_wall,
            ended_wall,
            usage.ru_utime + usage.ru_stime,
        )
    for suffix in (".out", ".err"):
        Path(f"{out_path}{suffix}").unlink(missing_ok=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} exited {result.returncode}:\n{result.stderr[-3000:]}")
    return result


def fabricwatch(home: Path, *args: str, check: bool = True) -> ChildResult:
    """The `fabricwatch` command line, as a user runs it, on `home`."""
    return run_child([PY, "-m", "fabricwatch.cli", *args], env={"FABRICWATCH_HOME": str(home)}, check=check)


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def p95(xs: list[float]) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, int(round(0.95 * len(s) + 0.5)) - 1))]


def fmt_runs(xs: list[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in xs)


def dagster_home(home: Path) -> Path:
    """Where the refresh keeps its Dagster instance: the folder under `home` holding a dagster.yaml."""
    default = home / "dagster"
    if (default / "dagster.yaml").exists():
        return default
    found = sorted(home.rglob("dagster.yaml"))
    if not found:
        raise FileNotFoundError(f"no Dagster instance under {home}")
    return found[0].parent


def last_run_steps(home: Path) -> dict:
    """Per-step seconds of the newest run in the home's Dagster instance, from its event log.

    Uses the public instance API: the run record's start/end and each step's STEP_START and
    STEP_SUCCESS/STEP_FAILURE/STEP_SKIPPED event timestamps; `assets` counts the assets materialized.
    """
    import dagster as dg

    instance = dg.DagsterInstance.from_config(str(dagster_home(home)))
    try:
        records = instance.get_run_records(limit=1)
        if not records:
            raise RuntimeError(f"no Dagster run recorded under {home}")
        record = records[0]
        starts, ends, assets = {}, {}, set()
        for entry in instance.all_logs(record.dagster_run.run_id):
            event = entry.dagster_event
            if event is None or not event.step_key:
                continue
            if event.event_type_value == "ASSET_MATERIALIZATION":
                assets.add(event.asset_key)
            if event.event_type_value == "STEP_START":
                starts[event.step_key] = entry.timestamp
            elif event.event_type_value in ("STEP_SUCCESS", "STEP_FAILURE", "STEP_SKIPPED"):
                ends[event.step_key] = entry.timestamp
        steps = {k: ends[k] - starts[k] for k in starts if k in ends}
        return {
            "run_id": record.dagster_run.run_id,
            "status": record.dagster_run.status.value,
            "run_start": record.start_time,
            "run_end": record.end_time,
            "steps": steps,
            "assets": len(assets),
            "asset_keys": sorted(k.to_user_string() for k in assets),
        }
    finally:
        instance.dispose()


def last_fast_ingest(home: Path) -> dict | None:
    """The newest ingest run without Dagster (pipelines/fast_ingest.py), from its journal
    ($FABRICWATCH_HOME/dagster/fast_ingest.jsonl): steps (wall s), assets, the marts' own seconds."""
    path = Path(home) / "dagster" / "fast_ingest.jsonl"
    if not path.exists():
        return None
    stages = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not stages:
        return None
    run_id = stages[-1]["run_id"]
    mine = [s for s in stages if s["run_id"] == run_id]
    made = [m for s in mine for m in s["materializations"]]
    return {
        "run_id": run_id,
        "published": any(s["stage"] == "publish" for s in mine),
        "steps": mine[-1].get("step_seconds", {}),
        "seconds": mine[-1].get("seconds"),
        "assets": len(made),
        "asset_keys": sorted(m["asset"] for m in made),
        "mart_seconds": {m["asset"]: m.get("seconds") for m in made if m["asset"].startswith("marts/")},
    }


def stage_of_node(name: str, group: str | None) -> str:
    """Stage of a step by its node name and asset group: fetch, parse+load, load, model, marts, checks, publish."""
    if name.startswith("raw_") or name in ("raw_sources", "inbox_files"):
        return "fetch/replay"
    if name.startswith("parse_"):
        return "parse+load"
    if group == "marts" or name.startswith("marts"):
        return "marts+checks"
    if group == "model":
        return "model"
    if group == "publish":
        return "publish"
    if group == "core":
        return "load (ledger, registry)"
    return "checks" if "check" in name or group is None else group


def step_stages() -> dict[str, str]:
    """Step (node) name -> stage, read from the Dagster definitions (whatever assets they hold)."""
    sys.path.insert(0, str(ROOT))
    from pipelines.definitions import build_definitions

    defs = build_definitions("/nonexistent-bench-home", "offline")
    out = {}
    for a in defs.assets:
        groups = set(a.group_names_by_key.values()) if hasattr(a, "group_names_by_key") else set()
        out[a.node_def.name] = stage_of_node(a.node_def.name, next(iter(groups)) if len(groups) == 1 else None)
    for c in defs.asset_checks or []:
        out[c.node_def.name] = "checks"
    return out
