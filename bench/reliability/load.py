"""Load scenario: reader processes on the published warehouse while refreshes run back to back."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.reliability.common import cli, env_for, fresh_home  # noqa: E402

# -- load: readers while refreshes run --------------------------------------------------------------
# A reader loops until the stop file exists, then prints its figures as one JSON line. A check is
# "mixed" when the row counts it reads disagree with the counts its release was published with, or
# when it sees an older release after a newer one (each release adds one row to meta.runs).
# Stopping promptly: the stop file is looked at before every read and during every pause, a
# `fabricwatch sql` child is killed as soon as it appears (that read is not counted), and SIGTERM
# makes a reader print its figures and exit (the harness sends it to readers that are slow to stop).
_READER_STOP = r"""
import json, os, signal, sys, time
from pathlib import Path
def report():
    print(json.dumps({"kind": KIND, "latencies": lat, "errors": errors, "mixed": mixed, "checks": checks,
                      "releases_seen": sorted(set(seen))}), flush=True)
def on_term(signum, frame):
    report()
    os._exit(0)
def pause_or_stop(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if stop.exists():
            return True
        time.sleep(min(0.1, max(0.0, end - time.monotonic())))
    return stop.exists()
signal.signal(signal.SIGTERM, on_term)
home, stop, root, pause = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), float(sys.argv[4])
seen, lat, errors, mixed, checks = [], [], 0, 0, 0
"""

READER = (
    _READER_STOP.replace("KIND", '"query"')
    + r"""
sys.path.insert(0, str(root))
from warehouse import db
sql = (root / "bench" / "reliability" / "reader.sql").read_text()
while not stop.exists():
    t0 = time.perf_counter()
    try:
        with db.published_connection(home) as con:
            run_id, n_runs, counts = con.execute(sql).fetchone()
            counts = json.loads(counts)
            con.execute("SELECT * FROM marts.latest_indicators LIMIT 200").fetchall()   # a dashboard page's read
            actual = db.row_counts(con)
            again = con.execute("SELECT count(*) FROM meta.runs").fetchone()[0]
        checks += 1
        if any(actual.get(t) != n for t, n in counts.items()) or again != n_runs:
            mixed += 1
        if seen and n_runs < seen[-1]:
            mixed += 1
        seen.append(n_runs)
        lat.append(time.perf_counter() - t0)
    except Exception as exc:
        errors += 1
        print("ERR", repr(exc)[:300], file=sys.stderr)
    if pause_or_stop(pause):
        break
report()
"""
)

SQL_READER = (
    _READER_STOP.replace("KIND", '"sql"')
    + r"""
import subprocess
sql = (root / "bench" / "reliability" / "sql_reader.sql").read_text()
env = {**os.environ, "FABRICWATCH_HOME": home}
while not stop.exists():
    t0 = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "fabricwatch.cli", "sql", "--format", "json", sql], cwd=root,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while child.poll() is None and not stop.exists():
        time.sleep(0.05)
    if child.poll() is None:      # stopping: this read is abandoned, not counted
        child.kill()
        child.communicate()
        break
    out, err = child.communicate()
    if child.returncode != 0:
        errors += 1
        print("ERR", err[-300:], file=sys.stderr)
        if pause_or_stop(pause):
            break
        continue
    lat.append(time.perf_counter() - t0)
    checks += 1
    try:
        row = json.loads(out)[0]
        if not row["consistent"]:
            mixed += 1
        if seen and row["n_runs"] < seen[-1]:
            mixed += 1
        seen.append(row["n_runs"])
    except Exception as exc:
        errors += 1
        print("ERR parse", repr(exc)[:200], out[:200], file=sys.stderr)
    if pause_or_stop(pause):
        break
report()
"""
)


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(round(q * (len(values) - 1))))] * 1000, 1)


PAUSE_S = 0.5  # between one reader's reads: a user clicking through pages fast, not a spin loop
# The time box: no refresh starts after `refreshes * REFRESH_BUDGET_S` seconds. An idle refresh takes
# ~10-15 s on a 2-core machine, but the 20 readers keep both cores busy (5 of them start a `fabricwatch sql`
# process per read): measured here with 20 readers, on a 2-core machine shared with other work (load
# average ~2 before they started), three refreshes took 76, 161 and 284 s (2026-12-01). 180 s per planned
# refresh lets 10 fit on an idle machine and still ends a run on a busy one in bounded time (reporting how
# many ran).
REFRESH_BUDGET_S = 180.0
STOP_GRACE_S = 20.0  # readers look at the stop file at least every 0.1 s; SIGTERM after this, SIGKILL 10 s later


def scenario_load(
    readers: int = 20,
    refreshes: int = 10,
    sql_readers: int | None = None,
    home: Path | None = None,
    pause_s: float = PAUSE_S,
    budget_s: float | None = None,
) -> dict:
    """`readers` processes (a quarter of them through `fabricwatch sql`) read the published warehouse
    while `refreshes` refreshes run back to back. Latencies in ms. (Readers spinning without a pause
    starved the refreshes on a shared 2-core machine: one refresh took over 12 minutes.) With
    `budget_s` (default `refreshes * REFRESH_BUDGET_S`), no refresh starts after that many seconds: the
    count actually run is reported."""
    budget_s = refreshes * REFRESH_BUDGET_S if budget_s is None else budget_s
    home = home or fresh_home()
    stop = home.parent / f"{home.name}.stop"
    n_sql = max(1, readers // 4) if sql_readers is None else sql_readers
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SQL_READER if i < n_sql else READER, str(home), str(stop), str(ROOT), str(pause_s)],
            cwd=ROOT,
            env=env_for(home),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(readers)
    ]
    refresh_rc, refresh_s, refresh_err = [], [], []
    try:
        time.sleep(1.0)
        t_start = time.monotonic()
        for _ in range(refreshes):
            if budget_s is not None and refresh_rc and time.monotonic() - t_start > budget_s:
                break
            t0 = time.monotonic()
            out = cli(home, "refresh", "--force", timeout=1800)
            refresh_rc.append(out.returncode)
            refresh_s.append(round(time.monotonic() - t0, 1))
            if out.returncode != 0:
                refresh_err.append(out.stderr[-1500:])
    finally:
        stop.touch()
        t_stop = time.monotonic()
        reports, errors_text, terminated = [], [], 0
        for p in procs:
            try:
                out, err = p.communicate(timeout=max(0.1, STOP_GRACE_S - (time.monotonic() - t_stop)))
            except subprocess.TimeoutExpired:
                terminated += 1
                p.terminate()  # the reader prints its figures on SIGTERM
                try:
                    out, err = p.communicate(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    out, err = p.communicate()
            errors_text += [line for line in err.splitlines() if line.startswith("ERR")]
            lines = [line for line in out.splitlines() if line.startswith("{")]
            reports.append(
                json.loads(lines[-1])
                if lines
                else {"kind": "unreported", "latencies": [], "errors": 0, "mixed": 0, "checks": 0, "releases_seen": []}
            )
        stop_s = round(time.monotonic() - t_stop, 1)
        stop.unlink(missing_ok=True)
    by_kind = {}
    for kind in ("query", "sql"):
        rs = [r for r in reports if r["kind"] == kind]
        lat = [x for r in rs for x in r["latencies"]]
        by_kind[kind] = {
            "readers": len(rs),
            "checks": sum(r["checks"] for r in rs),
            "p50_ms": _pct(lat, 0.5),
            "p95_ms": _pct(lat, 0.95),
        }
    return {
        "readers": readers,
        "sql_readers": n_sql,
        "refreshes": len(refresh_rc),
        "refreshes_planned": refreshes,
        "pause_s": pause_s,
        "budget_s": budget_s,
        "readers_stop_seconds": stop_s,
        "readers_terminated": terminated,
        "stop_grace_s": STOP_GRACE_S,
        "refresh_failures": sum(rc != 0 for rc in refresh_rc),
        "refresh_seconds": refresh_s,
        "reader_errors": sum(r["errors"] for r in reports),
        "readers_unreported": sum(r["kind"] == "unreported" for r in reports),
        "mixed_reads": sum(r["mixed"] for r in reports),
        "reads": sum(r["checks"] for r in reports),
        "releases_seen_max": max((len(r["releases_seen"]) for r in reports), default=0),
        "by_kind": by_kind,
        "error_samples": errors_text[:5],
        "refresh_errors": refresh_err[:2],
    }
