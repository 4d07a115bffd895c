"""Faults, load and process hygiene, repeated, with figures: what was tried, how often, what survived.

    make reliability        (= .venv/bin/python bench/reliability.py --full; rewrites docs/reliability.md)
    .venv/bin/python bench/reliability.py [--kills 5] [--readers 4] [--refreshes 2]   (quick look, prints only)

Every scenario is a function returning a dict of counts; tests/reliability/ runs the same functions
with reduced counts and asserts on those counts (CI), this script runs the full counts and writes
the report. Each scenario works on its own copy of a freshly refreshed $FABRICWATCH_HOME.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import queue
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from warehouse import db, releases  # noqa: E402

DOC = ROOT / "docs" / "reliability.md"

# Where a kill lands: the progress line that opens the phase, and the longest random delay after it.
# "publish" is caught on the file system instead (the temporary copy beside the published file).
PHASES = {
    "fetch": (re.compile(r"ok\s+source_registry"), 0.4),
    "parse": (re.compile(r"ok\s+raw_sources"), 1.0),
    "load": (re.compile(r"ok\s+(curated_ledger|model_catalog)"), 0.4),
    "checks": (re.compile(r"(pass|warn|CHECK)\s+marts/"), 2.5),
    "publish": (None, 0.2),
}


def env_for(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "FABRICWATCH_HOME": str(home), "PYTHONPATH": str(ROOT), **extra}


def cli(home: Path, *args: str, timeout: float = 600, **extra_env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fabricwatch.cli", *args], cwd=ROOT, env=env_for(home, **extra_env),
                          capture_output=True, text=True, timeout=timeout)


def fresh_home(base: Path | None = None) -> Path:
    """A new FABRICWATCH_HOME after one complete offline refresh."""
    home = Path(tempfile.mkdtemp(prefix="fw_rel_", dir=base))
    out = cli(home, "refresh", "--force")
    if out.returncode != 0:
        raise RuntimeError(f"baseline refresh failed: {out.stderr[-2000:]}")
    return home


def copy_home(src: Path, base: Path | None = None) -> Path:
    dst = Path(tempfile.mkdtemp(prefix="fw_rel_", dir=base))
    shutil.copytree(src, dst, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.lock"))
    return dst


def published_state(home: Path) -> tuple[str, str | None]:
    """(sha256 of the published file, problem or None: matches its manifest and opens)."""
    p = db.paths(home).published
    return releases.sha256_file(p), releases.check_published(p)


def orphans(home: Path) -> list[str]:
    """Working files a killed refresh could leave behind (temporary copies, staged manifests, temp bodies)."""
    found = [p for p in home.glob(".*.tmp")] + [p for p in home.glob("*.tmp")]
    found += [p for p in home.glob(".*.next")]
    found += [p for p in (home / "documents").glob("??/.*")]
    found += [p for p in (home / "releases").glob("*.tmp")]
    return sorted(str(p.relative_to(home)) for p in found)


# -- SIGKILL at random points ---------------------------------------------------------------------
def _kill_one(home: Path, phase: str, rng: random.Random) -> dict:
    pattern, max_delay = PHASES[phase]
    proc = subprocess.Popen([sys.executable, "-m", "fabricwatch.cli", "refresh", "--force"], cwd=ROOT,
                            env=env_for(home), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True).start()
    last, hit, deadline = "", False, time.monotonic() + 300
    tmp_glob = f".{db.paths(home).published.name}.{proc.pid}.tmp"
    while not hit and proc.poll() is None and time.monotonic() < deadline:
        if pattern is None:
            hit = any(home.glob(tmp_glob))
            time.sleep(0.002)
            continue
        try:
            line = lines.get(timeout=0.05)
        except queue.Empty:
            continue
        last = line.strip() or last
        hit = bool(pattern.search(line))
    if hit:
        time.sleep(rng.uniform(0, max_delay))
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    marked = 0
    while not lines.empty():
        line = lines.get()
        marked += "marked run " in line
        last = line.strip() or last
    return {"phase": phase, "killed": killed, "last_line": last, "ghosts_marked": marked}


def scenario_kills(n: int = 50, seed: int = 13, complete_every: int = 10, home: Path | None = None) -> dict:
    """`n` refreshes SIGKILLed at random points (round robin over the phases), a complete refresh
    every `complete_every` kills and at the end. Counts what survived."""
    rng = random.Random(seed)
    home = home or fresh_home()
    sha, problem = published_state(home)
    res = {"kills": 0, "by_phase": {p: 0 for p in PHASES}, "finished_before_kill": 0,
           "published_identical": 0, "published_readable": 0, "published_changed": [],
           "completing_refreshes": 0, "completing_ok": 0, "ghost_runs_marked": 0,
           "orphans_max": 0, "orphans_end": None, "problems": []}
    phases = list(PHASES)
    i = 0
    while res["kills"] < n:
        phase = phases[i % len(phases)]
        i += 1
        one = _kill_one(home, phase, rng)
        res["ghost_runs_marked"] += one["ghosts_marked"]
        if not one["killed"]:
            res["finished_before_kill"] += 1
            sha, problem = published_state(home)   # it published: the new file is the baseline
            continue
        res["kills"] += 1
        res["by_phase"][phase] += 1
        now, problem = published_state(home)
        if now == sha:
            res["published_identical"] += 1
        else:
            res["published_changed"].append(one)
        if problem is None and _readable(home):
            res["published_readable"] += 1
        else:
            res["problems"].append(f"kill {res['kills']} ({phase}): {problem or 'unreadable'}")
        res["orphans_max"] = max(res["orphans_max"], len(orphans(home)))
        if res["kills"] % complete_every == 0 or res["kills"] == n:
            out = cli(home, "refresh", "--force")
            res["completing_refreshes"] += 1
            res["ghost_runs_marked"] += out.stderr.count("marked run ")
            if out.returncode == 0:
                res["completing_ok"] += 1
            else:
                res["problems"].append(f"refresh after kill {res['kills']} failed: {out.stderr[-1500:]}")
            sha, problem = published_state(home)
    res["orphans_end"] = orphans(home)
    res["ghost_runs_left"] = _in_progress_runs(home)
    return res


def _readable(home: Path) -> bool:
    try:
        with db.published_connection(home) as con:
            return con.execute("SELECT count(*) FROM meta.runs").fetchone()[0] > 0
    except Exception:  # noqa: BLE001 - unreadable is the answer
        return False


def _in_progress_runs(home: Path) -> int:
    code = ("import dagster as dg; from pipelines.ghost_runs import IN_PROGRESS; "
            "print(len(dg.DagsterInstance.get().get_run_records(filters=dg.RunsFilter(statuses=list(IN_PROGRESS)))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env=env_for(home, DAGSTER_HOME=str(home / "dagster")))
    return int(out.stdout.strip() or -1)


# -- damaged files -------------------------------------------------------------------------------
def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "truncate":
        path.write_bytes(bytes(data[: len(data) // 2]))
    else:                                   # flip bytes in the middle of the file
        mid = len(data) // 2
        data[mid:mid + 4096] = bytes(b ^ 0xFF for b in data[mid:mid + 4096])
        path.write_bytes(bytes(data))


def scenario_damage(home: Path | None = None) -> dict:
    """Damaged published file, damaged release, truncated stored document: each named by
    `restore --check`, recovered by `restore` (or repaired by the next refresh)."""
    home = home or fresh_home()
    out = {}
    for _ in range(2):                       # two more releases, so there is a good one to go back to
        assert cli(home, "refresh", "--force").returncode == 0
    p = db.paths(home)
    # 1. the published file
    _damage(p.published, "flip")
    check = cli(home, "restore", "--check")
    restore = cli(home, "restore")
    after = cli(home, "restore", "--check")
    newest = releases.list_releases(p.releases)
    out["published"] = {"check_rc": check.returncode, "check_message": check.stderr.strip().splitlines()[:1],
                        "restore_rc": restore.returncode, "restore_out": restore.stdout.strip(),
                        "check_after_rc": after.returncode, "readable_after": _readable(home),
                        "damaged_kept_as_release": sum(not r.good for r in newest),
                        "set_aside": sorted(q.name for q in (home / "damaged").glob("*.duckdb"))}
    # 2. a release file (the newest good one)
    target = next(r for r in releases.list_releases(p.releases) if r.good)
    _damage(target.path, "truncate")
    listing = cli(home, "restore", "--list")
    named = cli(home, "restore", target.name)
    default = cli(home, "restore")
    out["release"] = {"listed_damaged": any(target.name in line and "DAMAGED" in line for line in listing.stdout.splitlines()),
                      "restore_damaged_rc": named.returncode, "restore_damaged_message": named.stderr.strip(),
                      "restore_default_rc": default.returncode, "restore_default_out": default.stdout.strip(),
                      "restored_is_not_damaged": target.name not in default.stdout}
    # 3. a stored document
    docs = sorted(q for q in p.documents.glob("??/*") if len(q.name) == 64)
    doc = docs[len(docs) // 2]
    _damage(doc, "truncate")
    check = cli(home, "restore", "--check")
    refresh = cli(home, "refresh", "--force")
    after = cli(home, "restore", "--check")
    out["document"] = {"check_rc": check.returncode,
                       "check_names_it": doc.name in check.stderr, "refresh_rc": refresh.returncode,
                       "repaired": releases.sha256_file(doc) == doc.name, "check_after_names_it": doc.name in after.stderr}
    return out


def scenario_missing_snapshot(home: Path | None = None) -> dict:
    """A recorded body listed in a snapshot manifest is missing: that source fails with a message
    naming the file, the others publish, its previously stored documents stay."""
    home = home or fresh_home()
    snaps = home.parent / f"{home.name}.snapshots"
    shutil.copytree(ROOT / "sources" / "snapshots", snaps)
    manifest = json.loads((snaps / "top500_lists" / "manifest.json").read_text(encoding="utf-8"))
    missing = manifest["entries"][0]["file"]
    (snaps / "top500_lists" / missing).unlink()
    before = _source_rows(home, "top500_lists")
    out = refresh_with_snapshots(home, snaps)
    shutil.rmtree(snaps)
    after = _source_rows(home, "top500_lists")
    with db.published_connection(home) as con:
        err = con.execute("SELECT last_error FROM raw.documents WHERE source_id = 'top500_lists' "
                          "AND last_error IS NOT NULL LIMIT 1").fetchone()
    return {"refresh_rc": out.returncode, "stderr_tail": out.stderr[-300:], "message": err[0] if err else None, "names_file": bool(err and missing in err[0]),
            "rows_before": before, "rows_after": after}


REPLAY_WITH = r"""
import sys
import dagster as dg
from pathlib import Path
from pipelines.definitions import build_definitions
from pipelines.runner import prepare_dagster_home
home, snaps = Path(sys.argv[1]), sys.argv[2]
prepare_dagster_home(home)
job = build_definitions(str(home), "offline").resolve_job_def("refresh")
result = job.execute_in_process(instance=dg.DagsterInstance.get(), raise_on_error=False,
                                run_config={"resources": {"fetcher": {"config": {"snapshot_dir": snaps}}}})
failed = [e.step_key for e in result.all_events if e.event_type_value == "STEP_FAILURE"]
print("FAILED STEPS", failed, file=sys.stderr)
sys.exit(0 if result.success else 1)
"""


def refresh_with_snapshots(home: Path, snapshot_dir: Path) -> subprocess.CompletedProcess:
    """A whole offline refresh replaying `snapshot_dir` instead of the repo's recordings."""
    return subprocess.run([sys.executable, "-c", REPLAY_WITH, str(home), str(snapshot_dir)], cwd=ROOT,
                          env=env_for(home), capture_output=True, text=True, timeout=900)


def scenario_parser_empty(home: Path | None = None) -> dict:
    """The nccl-tests recordings change layout (the parser finds nothing where it found rows): the
    yield check fails, nothing is published, the previous records stay, the dashboard says so."""
    from warehouse import refresh_status

    home = home or fresh_home()
    snaps = home.parent / f"{home.name}.snapshots"
    shutil.copytree(ROOT / "sources" / "snapshots", snaps)
    for entry in json.loads((snaps / "nccl_logs" / "manifest.json").read_text(encoding="utf-8"))["entries"]:
        (snaps / "nccl_logs" / entry["file"]).write_text(
            "nccl-tests 3.0: results moved to results.json (a changed layout)\n", encoding="utf-8")
    before_sha = published_state(home)[0]
    before_rows = _nccl_rows(home)
    out = refresh_with_snapshots(home, snaps)
    shutil.rmtree(snaps)
    failed_checks = re.findall(r"parse_nccl_logs:\w+", out.stderr)
    # the CLI records what the run says; this harness ran the job directly, so record it the same way
    refresh_status.record(home, run_id="(harness)", success=out.returncode == 0,
                          failed_checks=sorted(set(failed_checks)) or ["parse_nccl_logs:yield_holds"])
    return {"refresh_rc": out.returncode, "failed_checks": sorted(set(failed_checks)),
            "published_unchanged": published_state(home)[0] == before_sha,
            "rows_before": before_rows, "rows_after": _nccl_rows(home),
            "dashboard_notice": refresh_status.failure_notice(home)}


def _nccl_rows(home: Path) -> int:
    with db.published_connection(home) as con:
        return con.execute("SELECT count(*) FROM marts.nccl_results").fetchone()[0]


def _source_rows(home: Path, source_id: str) -> int:
    with db.published_connection(home) as con:
        return con.execute("SELECT count(*) FROM raw.documents WHERE source_id = ? AND current_sha256 IS NOT NULL",
                           [source_id]).fetchone()[0]


# -- ghost runs: before / after ---------------------------------------------------------------------
def scenario_ghost_run(home: Path | None = None) -> dict:
    """A refresh SIGKILLed mid-run leaves its Dagster run STARTED; the next refresh marks it failed."""
    home = home or fresh_home()
    one = _kill_one(home, "checks", random.Random(1))
    before = _in_progress_runs(home)
    out = cli(home, "refresh", "--force")
    after = _in_progress_runs(home)
    marked = [line.strip() for line in out.stderr.splitlines() if "marked run " in line]
    return {"killed": one["killed"], "in_progress_before": before, "in_progress_after": after,
            "refresh_rc": out.returncode, "marked": marked}


# -- concurrent refreshes ----------------------------------------------------------------------------
def scenario_two_refreshes(home: Path | None = None) -> dict:
    """Two refreshes started together: one runs, the other refuses at once; one new release."""
    home = home or fresh_home()
    before = len(list(db.paths(home).releases.glob("warehouse-*.duckdb")))
    t0 = time.monotonic()
    procs = [subprocess.Popen([sys.executable, "-m", "fabricwatch.cli", "refresh", "--force"], cwd=ROOT,
                              env=env_for(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [(p.communicate(timeout=600), p.returncode, time.monotonic() - t0) for p in procs]
    after = len(list(db.paths(home).releases.glob("warehouse-*.duckdb")))
    return {"return_codes": sorted(rc for _, rc, _ in outs),
            "refused_message": next((err.strip().splitlines()[-1] for (_, err), rc, _ in outs if rc == 2), None),
            "refused_after_s": min((t for _, rc, t in outs if rc == 2), default=None),
            "new_releases": after - before}


# -- load: readers while refreshes run --------------------------------------------------------------
# A reader loops until the stop file exists, then prints its figures as one JSON line. A check is
# "mixed" when the row counts it reads disagree with the counts its release was published with, or
# when it sees an older release after a newer one (each release adds one row to meta.runs).
READER = r"""
import json, os, sys, time
from pathlib import Path
home, stop, root = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
sys.path.insert(0, str(root))
from warehouse import db
sql = (root / "bench" / "reliability_reader.sql").read_text()
seen, lat, errors, mixed, checks = [], [], 0, 0, 0
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
    time.sleep(0.05)
print(json.dumps({"kind": "query", "latencies": lat, "errors": errors, "mixed": mixed, "checks": checks,
                  "releases_seen": sorted(set(seen))}))
"""

SQL_READER = r"""
import json, os, subprocess, sys, time
from pathlib import Path
home, stop, root = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
sql = (Path(root) / "bench" / "reliability_sql_reader.sql").read_text()
lat, errors, mixed, checks, seen = [], 0, 0, 0, []
env = {**os.environ, "FABRICWATCH_HOME": home}
while not stop.exists():
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "fabricwatch.cli", "sql", "--format", "json", sql], cwd=root,
                         env=env, capture_output=True, text=True)
    if out.returncode != 0:
        errors += 1
        print("ERR", out.stderr[-300:], file=sys.stderr)
        continue
    lat.append(time.perf_counter() - t0)
    checks += 1
    try:
        row = json.loads(out.stdout)[0]
        if not row["consistent"]:
            mixed += 1
        if seen and row["n_runs"] < seen[-1]:
            mixed += 1
        seen.append(row["n_runs"])
    except Exception as exc:
        errors += 1
        print("ERR parse", repr(exc)[:200], out.stdout[:200], file=sys.stderr)
print(json.dumps({"kind": "sql", "latencies": lat, "errors": errors, "mixed": mixed, "checks": checks,
                  "releases_seen": sorted(set(seen))}))
"""


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(round(q * (len(values) - 1))))] * 1000, 1)


def scenario_load(readers: int = 20, refreshes: int = 10, sql_readers: int | None = None,
                  home: Path | None = None) -> dict:
    """`readers` processes (a quarter of them through `fabricwatch sql`) read the published warehouse
    while `refreshes` refreshes run back to back. Latencies in ms."""
    home = home or fresh_home()
    stop = home.parent / f"{home.name}.stop"
    n_sql = max(1, readers // 4) if sql_readers is None else sql_readers
    procs = [subprocess.Popen([sys.executable, "-c", SQL_READER if i < n_sql else READER, str(home), str(stop),
                               str(ROOT)], cwd=ROOT, env=env_for(home), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for i in range(readers)]
    refresh_rc, refresh_s, refresh_err = [], [], []
    try:
        time.sleep(1.0)
        for _ in range(refreshes):
            t0 = time.monotonic()
            out = cli(home, "refresh", "--force", timeout=1800)
            refresh_rc.append(out.returncode)
            refresh_s.append(round(time.monotonic() - t0, 1))
            if out.returncode != 0:
                refresh_err.append(out.stderr[-1500:])
    finally:
        stop.touch()
        reports, errors_text = [], []
        for p in procs:
            try:
                out, err = p.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                p.kill()
                out, err = p.communicate()
            errors_text += [line for line in err.splitlines() if line.startswith("ERR")]
            lines = [line for line in out.splitlines() if line.startswith("{")]
            reports.append(json.loads(lines[-1]) if lines else {"kind": "?", "latencies": [], "errors": 1,
                                                                 "mixed": 0, "checks": 0, "releases_seen": []})
        stop.unlink(missing_ok=True)
    by_kind = {}
    for kind in ("query", "sql"):
        rs = [r for r in reports if r["kind"] == kind]
        lat = [x for r in rs for x in r["latencies"]]
        by_kind[kind] = {"readers": len(rs), "checks": sum(r["checks"] for r in rs),
                         "p50_ms": _pct(lat, 0.5), "p95_ms": _pct(lat, 0.95)}
    return {"readers": readers, "sql_readers": n_sql, "refreshes": refreshes,
            "refresh_failures": sum(rc != 0 for rc in refresh_rc), "refresh_seconds": refresh_s,
            "reader_errors": sum(r["errors"] for r in reports), "mixed_reads": sum(r["mixed"] for r in reports),
            "reads": sum(r["checks"] for r in reports),
            "releases_seen_max": max((len(r["releases_seen"]) for r in reports), default=0),
            "by_kind": by_kind, "error_samples": errors_text[:5], "refresh_errors": refresh_err[:2]}


# -- servers stopped by PID ----------------------------------------------------------------------------
def _free_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _port_open(port: int) -> bool:
    import socket
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def marked_processes(marker: str) -> list[int]:
    """Live (non-zombie) processes whose environment carries RELIABILITY_MARK=marker."""
    needle = f"RELIABILITY_MARK={marker}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0") and \
                    (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0] != b"Z":
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids


def scenario_server_stop(command: str, home: Path, start_timeout_s: float = 180) -> dict:
    """Start `fabricwatch dashboard|ui`, wait for its port, SIGTERM the fabricwatch process (as a
    service manager does), and measure: exit time, port freed, processes left."""
    import uuid
    port, marker = _free_port(), uuid.uuid4().hex
    args = ["dashboard", "--port", str(port)] if command == "dashboard" else ["ui", "--port", str(port)]
    proc = subprocess.Popen([sys.executable, "-m", "fabricwatch.cli", *args], cwd=ROOT,
                            env=env_for(home, RELIABILITY_MARK=marker), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
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
        return {"command": command, "started_s": round(started_s, 1), "processes_before": tree,
                "exit_code": rc, "exit_s": round(exit_s, 2), "port_open_after": _port_open(port),
                "processes_left": len(left)}
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
    out = {"started_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
           "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                    text=True).stdout.strip(),
           "cpus": os.cpu_count(), "load_avg_start": os.getloadavg()[0]}
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
    ap.add_argument("--full", action="store_true", help="the full counts (50 kills, 20 readers x 10 refreshes); "
                                                         "writes bench/reliability_results.json and docs/reliability.md")
    ap.add_argument("--kills", type=int, default=5)
    ap.add_argument("--readers", type=int, default=4)
    ap.add_argument("--refreshes", type=int, default=2)
    ap.add_argument("--only", nargs="+", metavar="SCENARIO",
                    help="run only these scenarios and merge them into bench/reliability_results.json")
    args = ap.parse_args()
    if args.only:
        results_path = ROOT / "bench" / "reliability_results.json"
        results = json.loads(results_path.read_text(encoding="utf-8")) if results_path.exists() else {}
        base = fresh_home()
        for name in args.only:
            fn = {"parser_empty": scenario_parser_empty, "missing_snapshot": scenario_missing_snapshot,
                  "ghost_run": scenario_ghost_run, "two_refreshes": scenario_two_refreshes,
                  "damage": scenario_damage, "audit": scenario_audit}[name]
            t = time.monotonic()
            results[name] = fn(copy_home(base))
            results[name + "_seconds"] = round(time.monotonic() - t, 1)
            print(name, json.dumps(results[name], default=str))
        results_path.write_text(json.dumps(results, indent=1, default=str) + "\n", encoding="utf-8")
        from bench.reliability_report import write_report
        write_report(results, DOC)
        return 0
    if args.full:
        args.kills, args.readers, args.refreshes = 50, 20, 10
    results = run_all(args.kills, args.readers, args.refreshes)
    if args.full:
        (ROOT / "bench" / "reliability_results.json").write_text(json.dumps(results, indent=1, default=str) + "\n",
                                                                encoding="utf-8")
        from bench.reliability_report import write_report
        write_report(results, DOC)
        print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
