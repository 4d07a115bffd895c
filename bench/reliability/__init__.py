"""Faults, load and process hygiene, repeated, with figures: what was tried, how often, what survived.

    make reliability        (= .venv/bin/python bench/reliability/__init__.py --full; rewrites docs/reliability.md)
    .venv/bin/python bench/reliability/__init__.py [--kills 5] [--readers 4] [--refreshes 2]   (quick look, prints only)

Every scenario is a function returning a dict of counts; tests/reliability/ runs the same functions
with reduced counts and asserts on those counts (CI), this script runs the full counts and writes
the report. Each scenario works on its own copy of a freshly refreshed $FABRICWATCH_HOME.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.reliability.common import (  # noqa: E402,F401 - the scenarios' helpers, re-exported for the tests
    ROOT,
    _free_port,
    _in_progress_runs,
    _port_open,
    _readable,
    cli,
    copy_home,
    env_for,
    fresh_home,
    marked_processes,
    orphans,
    published_state,
    refresh_with_snapshots,
)
from bench.reliability.faults import (  # noqa: E402,F401
    PHASES,
    scenario_damage,
    scenario_ghost_run,
    scenario_kills,
    scenario_missing_snapshot,
    scenario_parser_empty,
    scenario_two_refreshes,
)
from bench.reliability.load import scenario_load  # noqa: E402,F401

DOC = ROOT / "docs" / "reliability.md"
# The scenarios run in throwaway homes (tempfile, prefix fw_rel_): the report names them by role, not path.
_TEMP_HOME = re.compile(r"(?:/[^\s'\"`]*?)?/fw_rel_[A-Za-z0-9_]+(\.snapshots)?")


def _scrub(results):
    """Results with the throwaway homes' machine paths replaced by $FABRICWATCH_HOME (or its snapshot copy)."""
    text = json.dumps(results, default=str)
    text = _TEMP_HOME.sub(lambda m: "$SNAPSHOT_COPY" if m.group(1) else "$FABRICWATCH_HOME", text)
    return json.loads(text)


def scenario_server_stop(command: str, home: Path, start_timeout_s: float = 180) -> dict:
    """Start `fabricwatch dashboard|ui`, wait for its port, SIGTERM the fabricwatch process (as a
    service manager does), and measure: exit time, port freed, processes left."""
    import uuid

    port, marker = _free_port(), uuid.uuid4().hex
    args = ["dashboard", "--port", str(port)] if command == "dashboard" else ["ui", "--port", str(port)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "fabricwatch.cli", *args],
        cwd=ROOT,
        env=env_for(home, RELIABILITY_MARK=marker),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    t0 = time.monotonic()
    try:
        while not _port_open(port):
            if proc.poll() is not None or time.monotonic() - t0 > start_timeout_s:
                raise RuntimeError(f"{command} did not open port {port} (exit {proc.poll()})")
            time.sleep(0.3)
        started_s = time.monotonic() - t0
        time.sleep(1.0)
        tree = len(marked_processes(marker))
        t1 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(timeout=60)
        exit_s = time.monotonic() - t1
        left = marked_processes(marker)
        return {
            "command": command,
            "started_s": round(started_s, 1),
            "processes_before": tree,
            "exit_code": rc,
            "exit_s": round(exit_s, 2),
            "port_open_after": _port_open(port),
            "processes_left": len(left),
        }
    finally:
        if proc.poll() is None:
            proc.kill()
        for pid in marked_processes(marker):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def scenario_audit(home: Path | None = None) -> dict:
    """`.ci/audit` (pip-audit, report-only): its verdict line."""
    out = subprocess.run([str(ROOT / ".ci" / "audit")], cwd=ROOT, capture_output=True, text=True, timeout=900)
    return {"verdict": (out.stdout.strip().splitlines() or ["(no output)"])[0], "output": out.stdout[-3000:]}


# -- the report ---------------------------------------------------------------------------------------
def run_all(kills: int, readers: int, refreshes: int, log=print) -> dict:
    t0 = time.monotonic()
    base = fresh_home()
    out = {
        "started_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip(),
        "cpus": os.cpu_count(),
        "load_avg_start": os.getloadavg()[0],
    }
    steps = [
        ("server_stop_dashboard", lambda: scenario_server_stop("dashboard", copy_home(base))),
        ("server_stop_ui", lambda: scenario_server_stop("ui", copy_home(base))),
        ("ghost_run", lambda: scenario_ghost_run(copy_home(base))),
        ("two_refreshes", lambda: scenario_two_refreshes(copy_home(base))),
        ("damage", lambda: scenario_damage(copy_home(base))),
        ("missing_snapshot", lambda: scenario_missing_snapshot(copy_home(base))),
        ("parser_empty", lambda: scenario_parser_empty(copy_home(base))),
        ("load", lambda: scenario_load(readers, refreshes, home=copy_home(base))),
        ("kills", lambda: scenario_kills(kills, complete_every=10, home=copy_home(base))),
        ("audit", lambda: scenario_audit()),
    ]
    for name, fn in steps:
        t = time.monotonic()
        log(f"== {name}")
        try:
            out[name] = fn()
        except Exception as exc:  # noqa: BLE001 - a scenario that cannot run is reported, not hidden
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
        out[name + "_seconds"] = round(time.monotonic() - t, 1)
        log(json.dumps(out[name], default=str)[:1500])
    out["total_seconds"] = round(time.monotonic() - t0, 1)
    out["load_avg_end"] = os.getloadavg()[0]
    return out


def main() -> int:  # pragma: no cover - see the module doc
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--full",
        action="store_true",
        help="the full counts (50 kills, 20 readers x 10 refreshes); "
        "writes bench/reliability/results.json and docs/reliability.md",
    )
    ap.add_argument("--kills", type=int, default=5)
    ap.add_argument("--readers", type=int, default=4)
    ap.add_argument("--refreshes", type=int, default=2)
    ap.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="load: start no refresh after this many seconds (a time box on a busy machine)",
    )
    ap.add_argument(
        "--only",
        nargs="+",
        metavar="SCENARIO",
        help="run only these scenarios and merge them into bench/reliability/results.json",
    )
    args = ap.parse_args()
    if args.full:
        args.kills, args.readers, args.refreshes = 50, 20, 10
    if args.only:
        results_path = ROOT / "bench" / "reliability" / "results.json"
        results = json.loads(results_path.read_text(encoding="utf-8")) if results_path.exists() else {}
        base = fresh_home()
        for name in args.only:
            fn = {
                "parser_empty": scenario_parser_empty,
                "missing_snapshot": scenario_missing_snapshot,
                "ghost_run": scenario_ghost_run,
                "two_refreshes": scenario_two_refreshes,
                "damage": scenario_damage,
                "audit": scenario_audit,
                "kills": lambda h: scenario_kills(
                    args.kills, complete_every=10, home=h, progress=ROOT / "bench" / "reliability" / "kills.jsonl"
                ),
                "load": lambda h: scenario_load(args.readers, args.refreshes, home=h, budget_s=args.budget),
                "server_stop_dashboard": lambda h: scenario_server_stop("dashboard", h),
                "server_stop_ui": lambda h: scenario_server_stop("ui", h),
            }[name]
            t = time.monotonic()
            mine = {name: fn(copy_home(base)), name + "_seconds": round(time.monotonic() - t, 1)}
            print(name, json.dumps(mine[name], default=str), flush=True)
            # re-read before writing: several --only runs may share the file
            results = json.loads(results_path.read_text(encoding="utf-8")) if results_path.exists() else {}
            results.update(mine)
            results_path.write_text(json.dumps(results, indent=1, default=str) + "\n", encoding="utf-8")
        from bench.reliability.report import write_report

        write_report(results, DOC)
        return 0
    results = _scrub(run_all(args.kills, args.readers, args.refreshes))
    if args.full:
        (ROOT / "bench" / "reliability" / "results.json").write_text(
            json.dumps(results, indent=1, default=str) + "\n", encoding="utf-8"
        )
        from bench.reliability.report import write_report

        write_report(results, DOC)
        print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
