"""Fault scenarios: SIGKILL at random points, damaged files, missing recordings, a parser finding
nothing, ghost runs, two refreshes at once. Each returns a dict of counts."""

from __future__ import annotations

import json
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.reliability.common import (  # noqa: E402
    _in_progress_runs,
    _readable,
    cli,
    env_for,
    fresh_home,
    orphans,
    published_state,
    refresh_with_snapshots,
)
from warehouse import db, releases  # noqa: E402

# Where a kill lands: the progress line that opens the phase, the longest random delay after it, and
# (optionally) a progress line that closes it: a kill due later lands at once when that line appears.
# "publish" is caught on the file system instead (the temporary copy beside the published file), and
# no kill meant for an earlier phase waits past that copy's appearance.
# "checks": the marts (and their checks, run inside their steps) follow the parse step; they were 17
# `marts__<name>` steps and become one `build_marts` step, so the phase opens at the end of the parse
# step and spans the marts whatever their layout (~6 s on an idle 2-core machine).
PHASES = {
    "fetch": (re.compile(r"ok\s+source_registry\b"), 0.4, None),
    "parse": (re.compile(r"ok\s+raw_sources\b"), 1.0, None),
    "load": (re.compile(r"ok\s+(curated_ledger|model_catalog)\b"), 0.4, None),
    "checks": (re.compile(r"ok\s+parse_sources\b"), 6.0, re.compile(r"ok\s+build_marts\b")),
    "publish": (None, 0.2, None),
}


# -- SIGKILL at random points ---------------------------------------------------------------------
def _kill_one(home: Path, phase: str, rng: random.Random) -> dict:
    pattern, max_delay, closing = PHASES[phase]
    proc = subprocess.Popen(
        [sys.executable, "-m", "fabricwatch.cli", "refresh", "--force"],
        cwd=ROOT,
        env=env_for(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True).start()
    seen = {"last": "", "marked": 0}

    def take(line: str) -> str:
        seen["last"] = line.strip() or seen["last"]
        seen["marked"] += "marked run " in line
        return line

    hit, deadline = False, time.monotonic() + 300
    tmp_glob = f".{db.paths(home).published.name}.{proc.pid}.tmp"
    while not hit and proc.poll() is None and time.monotonic() < deadline:
        if pattern is None:
            hit = any(home.glob(tmp_glob))
            time.sleep(0.002)
            continue
        try:
            line = take(lines.get(timeout=0.05))
        except queue.Empty:
            continue
        hit = bool(pattern.search(line))
    if hit:
        due = time.monotonic() + rng.uniform(0, max_delay)
        while time.monotonic() < due and proc.poll() is None:
            if pattern is not None and any(home.glob(tmp_glob)):
                break  # the publish began: the phase is over
            try:
                line = take(lines.get(timeout=min(0.02, max(0.0, due - time.monotonic()))))
            except queue.Empty:
                continue
            if closing is not None and closing.search(line):
                break  # the phase's last step ended
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    time.sleep(0.05)  # the reader thread drains what the process wrote before it died
    while not lines.empty():
        take(lines.get())
    return {"phase": phase, "killed": killed, "last_line": seen["last"], "ghosts_marked": seen["marked"]}


def scenario_kills(
    n: int = 50, seed: int = 13, complete_every: int = 10, home: Path | None = None, progress: Path | None = None
) -> dict:
    """`n` refreshes SIGKILLed at random points (round robin over the phases), a complete refresh
    every `complete_every` kills and at the end. Counts what survived."""
    rng = random.Random(seed)
    home = home or fresh_home()
    sha, problem = published_state(home)
    run_before = _manifest_run(home)
    res = {
        "kills": 0,
        "by_phase": {p: 0 for p in PHASES},
        "finished_before_kill": 0,
        "published_identical": 0,
        "published_new_release": 0,
        "published_readable": 0,
        "published_changed": [],
        "completing_refreshes": 0,
        "completing_ok": 0,
        "ghost_runs_marked": 0,
        "orphans_max": 0,
        "orphans_end": None,
        "problems": [],
    }
    phases = list(PHASES)
    i = 0
    while res["kills"] < n:
        phase = phases[i % len(phases)]
        i += 1
        one = _kill_one(home, phase, rng)
        res["ghost_runs_marked"] += one["ghosts_marked"]
        if not one["killed"]:
            res["finished_before_kill"] += 1
            sha, problem = published_state(home)  # it published: the new file is the baseline
            run_before = _manifest_run(home)
            continue
        res["kills"] += 1
        res["by_phase"][phase] += 1
        now, problem = published_state(home)
        if now == sha:
            res["published_identical"] += 1
        elif problem is None and _manifest_run(home) != run_before:
            # the kill landed after the atomic rename: the new release is complete (its manifest matches,
            # it opens), so it is the new baseline, not damage
            res["published_new_release"] += 1
            sha, run_before = now, _manifest_run(home)
        else:
            res["published_changed"].append(one)
        if problem is None and _readable(home):
            res["published_readable"] += 1
        else:
            res["problems"].append(f"kill {res['kills']} ({phase}): {problem or 'unreadable'}")
        res["orphans_max"] = max(res["orphans_max"], len(orphans(home)))
        if progress is not None:  # figures so far, one line per kill (a long run that is stopped keeps them)
            with open(progress, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({k: v for k, v in res.items() if k != "published_changed"}, default=str) + "\n")
        if res["kills"] % complete_every == 0 or res["kills"] == n:
            out = cli(home, "refresh", "--force")
            res["completing_refreshes"] += 1
            res["ghost_runs_marked"] += out.stderr.count("marked run ")
            if out.returncode == 0:
                res["completing_ok"] += 1
            else:
                res["problems"].append(f"refresh after kill {res['kills']} failed: {out.stderr[-1500:]}")
            sha, problem = published_state(home)
            run_before = _manifest_run(home)
    res["orphans_end"] = orphans(home)
    res["ghost_runs_left"] = _in_progress_runs(home)
    return res


# -- damaged files -------------------------------------------------------------------------------
def _manifest_run(home: Path) -> str | None:
    return (releases.read_manifest(db.paths(home).published) or {}).get("run_id")


def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "truncate":
        path.write_bytes(bytes(data[: len(data) // 2]))
    else:  # flip bytes in the middle of the file
        mid = len(data) // 2
        data[mid : mid + 4096] = bytes(b ^ 0xFF for b in data[mid : mid + 4096])
        path.write_bytes(bytes(data))


def scenario_damage(home: Path | None = None) -> dict:
    """Damaged published file, damaged release, truncated stored document: each named by
    `restore --check`, recovered by `restore` (or repaired by the next refresh)."""
    home = home or fresh_home()
    out = {}
    for _ in range(2):  # two more releases, so there is a good one to go back to
        assert cli(home, "refresh", "--force").returncode == 0
    p = db.paths(home)
    # 1. the published file
    _damage(p.published, "flip")
    check = cli(home, "restore", "--check")
    restore = cli(home, "restore")
    after = cli(home, "restore", "--check")
    newest = releases.list_releases(p.releases)
    out["published"] = {
        "check_rc": check.returncode,
        "check_message": check.stderr.strip().splitlines()[:1],
        "restore_rc": restore.returncode,
        "restore_out": restore.stdout.strip(),
        "check_after_rc": after.returncode,
        "readable_after": _readable(home),
        "damaged_kept_as_release": sum(not r.good for r in newest),
        "set_aside": sorted(q.name for q in (home / "damaged").glob("*.duckdb")),
    }
    # 2. a release file (the newest good one)
    target = next(r for r in releases.list_releases(p.releases) if r.good)
    _damage(target.path, "truncate")
    listing = cli(home, "restore", "--list")
    named = cli(home, "restore", target.name)
    default = cli(home, "restore")
    out["release"] = {
        "listed_damaged": any(target.name in line and "DAMAGED" in line for line in listing.stdout.splitlines()),
        "restore_damaged_rc": named.returncode,
        "restore_damaged_message": named.stderr.strip(),
        "restore_default_rc": default.returncode,
        "restore_default_out": default.stdout.strip(),
        "restored_is_not_damaged": target.name not in default.stdout,
    }
    # 3. a stored document
    docs = sorted(q for q in p.documents.glob("??/*") if len(q.name) == 64)
    doc = docs[len(docs) // 2]
    _damage(doc, "truncate")
    check = cli(home, "restore", "--check")
    refresh = cli(home, "refresh", "--force")
    after = cli(home, "restore", "--check")
    out["document"] = {
        "check_rc": check.returncode,
        "check_names_it": doc.name in check.stderr,
        "refresh_rc": refresh.returncode,
        "repaired": releases.sha256_file(doc) == doc.name,
        "check_after_names_it": doc.name in after.stderr,
    }
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
        err = con.execute(
            "SELECT last_error FROM raw.documents WHERE source_id = 'top500_lists' AND last_error IS NOT NULL LIMIT 1"
        ).fetchone()
    return {
        "refresh_rc": out.returncode,
        "stderr_tail": out.stderr[-300:],
        "message": err[0] if err else None,
        "names_file": bool(err and missing in err[0]),
        "rows_before": before,
        "rows_after": after,
    }


def scenario_parser_empty(home: Path | None = None) -> dict:
    """The nccl-tests recordings change layout (the parser finds nothing where it found rows) while
    another source's recording changes: the refresh publishes (exit 1), the other source's update
    appears, the nccl rows are the previous ones (same provenance), flagged as carried forward, the
    yield check failed, the banner says so; a second broken refresh keeps them; restoring the
    recordings recovers by itself (fresh rows, flag gone, check passes, no banner)."""
    from dashboard.refresh_notice import notices
    from warehouse import refresh_status

    home = home or fresh_home()
    snaps = home.parent / f"{home.name}.snapshots"
    shutil.copytree(ROOT / "sources" / "snapshots", snaps)
    for entry in json.loads((snaps / "nccl_logs" / "manifest.json").read_text(encoding="utf-8"))["entries"]:
        (snaps / "nccl_logs" / entry["file"]).write_text(  # each file its own body (no duplicates)
            f"nccl-tests 3.0: results of {entry['file']} moved to results.json (a changed layout)\n", encoding="utf-8"
        )
    # the other source's update: one MLPerf system file re-recorded with a new system name
    for other in json.loads((snaps / "mlperf_training" / "manifest.json").read_text(encoding="utf-8"))["entries"]:
        body = json.loads((snaps / "mlperf_training" / other["file"]).read_text(encoding="utf-8"))
        if isinstance(body.get("system_name"), str) and body["system_name"].strip():
            break
    body["system_name"] = new_name = f"{body['system_name']} (re-recorded)"
    (snaps / "mlperf_training" / other["file"]).write_text(json.dumps(body, indent=4), encoding="utf-8")
    before_sha, before_run = published_state(home)[0], _manifest_run(home)
    before_rows, before_prov = _nccl_rows(home), _nccl_provenance(home)
    out = refresh_with_snapshots(home, snaps)
    broken = {
        "rc": out.returncode,
        "failed_checks": sorted(set(re.findall(r"FAILED CHECK (\S+)", out.stderr))),
        **_carry_state(home, other["url"]),
    }
    # the run recorded its own outcome (pipelines/run_status.py): the harness writes nothing
    recorded = refresh_status.recorded(home, _manifest_run(home)) or {}
    notice = notices(home, lang="en")
    notice_zh = notices(home, lang="zh-TW")
    summary = _refresh_summary_lines(home, broken["failed_checks"])
    again = refresh_with_snapshots(home, snaps)  # still broken: still carried, since unchanged
    second = {"rc": again.returncode, **_carry_state(home, other["url"])}
    shutil.rmtree(snaps)
    fixed = cli(home, "refresh", "--force")  # the recordings are back: it recovers by itself
    recovered = {"rc": fixed.returncode, **_carry_state(home, other["url"]), "notices": notices(home, lang="en")}
    return {
        "refresh_rc": broken["rc"],
        "failed_checks": broken["failed_checks"],
        "published_new_release": published_state(home)[0] != before_sha and broken["run"] != before_run,
        "other_source_updated": broken["other_name"] == new_name,
        "rows_before": before_rows,
        "rows_after": broken["nccl_rows"],
        "provenance_kept": broken["provenance"] == before_prov,
        "carried_documents": broken["carried"],
        "carried_since": broken["since"],
        "source_status": broken["source_status"],
        "check_passed": broken["check_passed"],
        "recorded_by_run": {k: recorded.get(k) for k in ("success", "published", "failed_checks", "job")},
        "refresh_summary": summary,
        "dashboard_notice": notice[0] if notice else None,
        "dashboard_notice_zh": notice_zh[0] if notice_zh else None,
        "second_refresh_rc": second["rc"],
        "second_carried": second["carried"],
        "second_since_unchanged": second["since"] == broken["since"],
        "recovered_rc": recovered["rc"],
        "recovered_carried": recovered["carried"],
        "recovered_rows": recovered["nccl_rows"],
        "recovered_check_passed": recovered["check_passed"],
        "recovered_provenance_current": recovered["provenance"] == before_prov,
        "recovered_notices": recovered["notices"],
        "recovered_source_status": recovered["source_status"],
    }


def _refresh_summary_lines(home: Path, failed_checks: list[str]) -> dict:
    """What `fabricwatch refresh` prints last (and its exit code) after publishing with these failed checks."""
    import contextlib
    import io

    from fabricwatch.commands.refresh import _carried_forward

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        rc = _carried_forward(home, failed_checks)
    return {"rc": rc, "lines": err.getvalue().strip().splitlines()}


def _nccl_provenance(home: Path) -> list[tuple]:
    with db.published_connection(home) as con:
        return con.execute(
            "SELECT run_id, url, document_sha, published_on FROM core.nccl_runs ORDER BY run_id"
        ).fetchall()


def _carry_state(home: Path, other_url: str) -> dict:
    """What the published warehouse says about nccl_logs after a refresh (carried rows, status, check)."""
    with db.published_connection(home) as con:
        carried, since = con.execute(
            "SELECT count(*), min(since) FROM raw.parse_carried WHERE source_id = 'nccl_logs'"
        ).fetchone()
        status = con.execute(
            "SELECT parse_failing, carried, carried_since FROM marts.source_status WHERE source_id = 'nccl_logs'"
        ).fetchone()
        check = con.execute(
            "SELECT passed FROM meta.checks WHERE asset = 'parse_nccl_logs' AND check_name = "
            "'yield_holds' ORDER BY evaluated_at DESC LIMIT 1"
        ).fetchone()
        other = con.execute("SELECT system_name FROM core.mlperf_systems WHERE fetch_url = ?", [other_url]).fetchone()
    return {
        "nccl_rows": _nccl_rows(home),
        "provenance": _nccl_provenance(home),
        "carried": carried,
        "since": str(since) if since else None,
        "check_passed": check[0] if check else None,
        "source_status": {
            "parse_failing": status[0],
            "carried": status[1],
            "carried_since": str(status[2]) if status[2] else None,
        },
        "other_name": other[0] if other else None,
        "run": _manifest_run(home),
    }


def _nccl_rows(home: Path) -> int:
    with db.published_connection(home) as con:
        return con.execute("SELECT count(*) FROM marts.nccl_results").fetchone()[0]


def _source_rows(home: Path, source_id: str) -> int:
    with db.published_connection(home) as con:
        return con.execute(
            "SELECT count(*) FROM raw.documents WHERE source_id = ? AND current_sha256 IS NOT NULL", [source_id]
        ).fetchone()[0]


# -- ghost runs: before / after ---------------------------------------------------------------------
def scenario_ghost_run(home: Path | None = None) -> dict:
    """A refresh SIGKILLed mid-run leaves its Dagster run STARTED; the next refresh marks it failed."""
    home = home or fresh_home()
    one = _kill_one(home, "checks", random.Random(1))
    before = _in_progress_runs(home)
    out = cli(home, "refresh", "--force")
    after = _in_progress_runs(home)
    marked = [line.strip() for line in out.stderr.splitlines() if "marked run " in line]
    return {
        "killed": one["killed"],
        "in_progress_before": before,
        "in_progress_after": after,
        "refresh_rc": out.returncode,
        "marked": marked,
    }


# -- concurrent refreshes ----------------------------------------------------------------------------
def scenario_two_refreshes(home: Path | None = None) -> dict:
    """Two refreshes started together: one runs, the other refuses at once; one new release."""
    home = home or fresh_home()
    before = len(list(db.paths(home).releases.glob("warehouse-*.duckdb")))
    t0 = time.monotonic()
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "fabricwatch.cli", "refresh", "--force"],
            cwd=ROOT,
            env=env_for(home),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outs = [(p.communicate(timeout=600), p.returncode, time.monotonic() - t0) for p in procs]
    after = len(list(db.paths(home).releases.glob("warehouse-*.duckdb")))
    return {
        "return_codes": sorted(rc for _, rc, _ in outs),
        "refused_message": next((err.strip().splitlines()[-1] for (_, err), rc, _ in outs if rc == 2), None),
        "refused_after_s": min((t for _, rc, t in outs if rc == 2), default=None),
        "new_releases": after - before,
    }
