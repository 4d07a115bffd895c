"""Offline refresh: cold with per-stage times, the same work without Dagster, no-change and incremental.

    .venv/bin/python bench/bench_refresh.py [--runs 3] [--json] [--changes-only]

Per run, in child processes (the `fabricwatch` command line as a user runs it):
- cold: `fabricwatch refresh` on an empty FABRICWATCH_HOME. Per-stage seconds come from the run's
  Dagster event log (STEP_START to STEP_SUCCESS per step, public instance API); "Dagster start-up"
  is the child's start to the run's start (interpreter, imports, definitions, instance), "after run"
  the run's end to the child's exit (summary printing);
- plain: bench/plain_refresh.py on another empty home: every asset's own function called in
  dependency order, no Dagster run (the baseline for the orchestration overhead);
- no-change: `fabricwatch refresh` again on the cold home (inputs' fingerprint unchanged);
- forced warm: `fabricwatch refresh --force` (whole graph; parse skips unchanged documents);
- incremental: `fabricwatch ingest` of one nccl-tests log (one source changes: its fetch and parse
  run, and only the assets downstream of the rows they write, by lineage: the marts that read nccl
  rows, the model's calibration, publish and alerts); the marts it rebuilt are listed. It runs without
  a Dagster run when lineage's plan is known (pipelines/fast_ingest.py): its steps then come from the
  fast-ingest journal; `--compare-dagster` also times the same ingest as a Dagster run on a copy.
Targets (issue 15): cold < 30 s; Dagster wall <= 1.5x the plain work; incremental proportional to the
changed source (its parse step, not every source's). Issue 23: no-change <= 0.5 s and >= 20x faster
than cold (decided before Dagster is imported); the nccl-tests ingest <= 2 s, rebuilding only the
marts that read nccl rows.
Wall and CPU seconds are both reported: on a shared machine CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import (  # noqa: E402
    PY,
    ROOT,
    fabricwatch,
    fmt_runs,
    last_fast_ingest,
    last_run_steps,
    median,
    run_child,
    step_stages,
)

# One source changing: a real nccl-tests log (tests/fixtures, recorded from NVIDIA/nccl-tests issue
# threads; see tests/fixtures/nccl/README.md), dropped into the inbox.
INCREMENTAL_FILE = ROOT / "tests" / "fixtures" / "nccl" / "multi_collective_newest.txt"
TARGETS = {"cold_s": 30.0, "overhead_ratio": 1.5, "no_change_speedup": 20.0, "no_change_s": 0.5, "incremental_s": 2.0}


def stages_of(steps: dict[str, float], names: dict[str, str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for step, s in steps.items():
        stage = names.get(step, "other")
        out[stage] = out.get(stage, 0.0) + s
    return out


def one_round(tmp: Path, names: dict[str, str]) -> dict:
    home, plain_home = tmp / "home", tmp / "plain"
    cold = fabricwatch(home, "refresh")
    run = last_run_steps(home)
    stages = stages_of(run["steps"], names)
    stages["Dagster start-up"] = run["run_start"] - cold.started_wall
    stages["Dagster bookkeeping between steps"] = (run["run_end"] - run["run_start"]) - sum(run["steps"].values())
    stages["after run (summary)"] = cold.ended_wall - run["run_end"]
    plain_home.mkdir()
    plain = run_child([PY, str(ROOT / "bench" / "plain_refresh.py")], env={"FABRICWATCH_HOME": str(plain_home)})
    plain_out = plain.json_tail()
    plain_stages = stages_of(plain_out["nodes"], names)
    plain_stages["start-up (imports, definitions)"] = plain_out["import_s"]
    unchanged = fabricwatch(home, "refresh")
    forced = fabricwatch(home, "refresh", "--force")
    forced_run_id = last_run_steps(home)["run_id"]
    incremental = fabricwatch(home, "ingest", str(INCREMENTAL_FILE), check=False)
    inc_run = _ingest_run(home, forced_run_id)
    return {
        "cold_s": cold.seconds,
        "cold_cpu_s": cold.cpu_s,
        "cold_rss_mb": cold.peak_rss_mb,
        "cold_stages": stages,
        "cold_steps": run["steps"],
        "plain_s": plain.seconds,
        "plain_cpu_s": plain.cpu_s,
        "plain_stages": plain_stages,
        "unchanged_s": unchanged.seconds,
        "unchanged_cpu_s": unchanged.cpu_s,
        "forced_s": forced.seconds,
        "forced_cpu_s": forced.cpu_s,
        "incremental_s": incremental.seconds,
        "incremental_cpu_s": incremental.cpu_s,
        "incremental_ok": incremental.returncode == 0,
        "incremental_steps": inc_run["steps"],
        "incremental_run_s": inc_run["run_end"] - inc_run["run_start"],
        "cold_assets": run["assets"],
        "incremental_assets": inc_run["assets"],
        "cold_marts": [k for k in run["asset_keys"] if k.startswith("marts/")],
        "incremental_marts": [k for k in inc_run["asset_keys"] if k.startswith("marts/")],
    }


def changes_round(tmp: Path, compare_dagster: bool = False) -> dict:
    """The issue-23 cases alone: a cold refresh builds the home, then three no-change refreshes and the
    nccl-tests ingest (no plain baseline, no forced refresh)."""
    home = tmp / "home"
    cold = fabricwatch(home, "refresh")
    cold_run = last_run_steps(home)
    unchanged = [fabricwatch(home, "refresh") for _ in range(3)]
    paired = None
    if compare_dagster:  # the same ingest as a Dagster run, on a copy of the home taken just before it
        shutil.copytree(home, tmp / "home_dagster")
    incremental = fabricwatch(home, "ingest", str(INCREMENTAL_FILE), check=False)
    inc_run = _ingest_run(home, cold_run["run_id"])
    if compare_dagster:
        dagster_home = tmp / "home_dagster"
        with_run = fabricwatch(dagster_home, "ingest", "--dagster-run", str(INCREMENTAL_FILE), check=False)
        run = last_run_steps(dagster_home)
        paired = {
            "s": with_run.seconds,
            "cpu_s": with_run.cpu_s,
            "ok": with_run.returncode == 0,
            "run_s": run["run_end"] - run["run_start"],
            "steps": {k: round(v, 3) for k, v in run["steps"].items()},
        }
    return {
        "paired_dagster_ingest": paired,
        "cold_s": cold.seconds,
        "cold_cpu_s": cold.cpu_s,
        "incremental_path": inc_run["path"],
        "incremental_mart_s": inc_run.get("mart_seconds", {}),
        "unchanged_runs_s": [u.seconds for u in unchanged],
        "unchanged_runs_cpu_s": [u.cpu_s for u in unchanged],
        "incremental_s": incremental.seconds,
        "incremental_cpu_s": incremental.cpu_s,
        "incremental_ok": incremental.returncode == 0,
        "incremental_run_s": inc_run["run_end"] - inc_run["run_start"],
        "incremental_steps": len(inc_run["steps"]),
        "incremental_step_s": {k: round(v, 3) for k, v in inc_run["steps"].items()},
        "cold_steps": len(cold_run["steps"]),
        "incremental_assets": inc_run["assets"],
        "cold_assets": cold_run["assets"],
        "incremental_marts": [k for k in inc_run["asset_keys"] if k.startswith("marts/")],
        "cold_marts": len([k for k in cold_run["asset_keys"] if k.startswith("marts/")]),
    }


def _ingest_run(home: Path, cold_run_id: str) -> dict:
    """The ingest's steps: its Dagster run's (event log), or the fast ingest's (its journal) when the ingest
    ran without a Dagster run (pipelines/fast_ingest.py); `run_start`/`run_end` span its steps."""
    run = last_run_steps(home)
    if run["run_id"] != cold_run_id:
        return {**run, "path": "Dagster run"}
    fast = last_fast_ingest(home)
    if fast is None:
        raise RuntimeError(f"the ingest under {home} left neither a Dagster run nor a fast-ingest journal")
    total = sum(fast["steps"].values())
    return {**fast, "run_start": 0.0, "run_end": total, "path": "no Dagster run"}


def main_changes(runs: int, as_json: bool, compare_dagster: bool = False) -> int:
    rounds = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="fw-bench-refresh-") as tmp:
            rounds.append(changes_round(Path(tmp), compare_dagster))
    med = lambda key: median([r[key] for r in rounds])  # noqa: E731
    unchanged = [s for r in rounds for s in r["unchanged_runs_s"]]
    unchanged_cpu = [s for r in rounds for s in r["unchanged_runs_cpu_s"]]
    result = {
        "runs": runs,
        "cold_s": round(med("cold_s"), 3),
        "cold_cpu_s": round(med("cold_cpu_s"), 3),
        "unchanged_s": round(median(unchanged), 3),
        "unchanged_cpu_s": round(median(unchanged_cpu), 3),
        "unchanged_runs_s": [round(s, 3) for s in unchanged],
        "no_change_speedup": round(med("cold_s") / median(unchanged), 2),
        "incremental_s": round(med("incremental_s"), 3),
        "incremental_cpu_s": round(med("incremental_cpu_s"), 3),
        "incremental_run_s": round(med("incremental_run_s"), 3),
        "incremental_ok": all(r["incremental_ok"] for r in rounds),
        **{
            k: rounds[-1][k]
            for k in (
                "incremental_steps",
                "incremental_step_s",
                "cold_steps",
                "incremental_assets",
                "cold_assets",
                "incremental_marts",
                "cold_marts",
                "incremental_path",
                "incremental_mart_s",
            )
        },
        "paired_dagster_ingests": [r["paired_dagster_ingest"] for r in rounds if r["paired_dagster_ingest"]],
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }
    result["targets"] = {
        "no_change>=20x": result["no_change_speedup"] >= TARGETS["no_change_speedup"],
        "no_change<=0.5s": result["unchanged_s"] <= TARGETS["no_change_s"],
        "nccl_ingest<=2s": result["incremental_s"] <= TARGETS["incremental_s"],
    }
    print(
        f"offline refresh, no-change and nccl-tests ingest, {runs} round(s), medians (wall s / CPU s); "
        f"load average {result['load_average_1m']} on {result['cpus']} CPUs"
    )
    print(f"  cold `fabricwatch refresh`               {result['cold_s']:7.2f} / {result['cold_cpu_s']:6.2f}")
    print(
        f"  no-change refresh                        {result['unchanged_s']:7.2f} / {result['unchanged_cpu_s']:6.2f}   "
        f"runs: {fmt_runs(result['unchanged_runs_s'])}   cold/no-change = {result['no_change_speedup']:.1f}x "
        f"(targets <= {TARGETS['no_change_s']} s, >= {TARGETS['no_change_speedup']:.0f}x)"
    )
    print(
        f"  nccl-tests ingest                        {result['incremental_s']:7.2f} / {result['incremental_cpu_s']:6.2f}   "
        f"({result['incremental_path']}) its steps {result['incremental_run_s']:.2f} s; {result['incremental_steps']} of {result['cold_steps']} "
        f"steps, {result['incremental_assets']} of {result['cold_assets']} assets (target <= {TARGETS['incremental_s']:.0f} s)"
    )
    print(
        f"    marts rebuilt {len(result['incremental_marts'])} of {result['cold_marts']}: "
        + ", ".join(m.split("/", 1)[1] for m in result["incremental_marts"])
    )
    print(
        "    its steps (Dagster event log or fast-ingest journal, wall s, last round): "
        + ", ".join(f"{k} {v:.2f}" for k, v in result["incremental_step_s"].items())
    )
    slow = sorted(result["incremental_mart_s"].items(), key=lambda kv: -(kv[1] or 0))[:5]
    if slow:
        print("    slowest marts (build and checks, s, last round): " + ", ".join(f"{k} {v:.2f}" for k, v in slow))
    for i, (r, p) in enumerate(zip(rounds, result["paired_dagster_ingests"]), 1):
        print(
            f"  round {i}: the same ingest on a copy, as a Dagster run (--dagster-run): {p['s']:.2f} / {p['cpu_s']:.2f}"
            f" (its run {p['run_s']:.2f} s: " + ", ".join(f"{k} {v:.2f}" for k, v in p["steps"].items()) + ")"
            f"; without: {r['incremental_s']:.2f} / {r['incremental_cpu_s']:.2f}"
        )
    print("targets met: " + ", ".join(f"{k} {'yes' if v else 'NO'}" for k, v in result["targets"].items()))
    if as_json:
        print(json.dumps(result))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object on the last line")
    parser.add_argument(
        "--changes-only",
        action="store_true",
        help="only the issue-23 cases: cold, three no-change refreshes and the nccl-tests ingest",
    )
    parser.add_argument(
        "--compare-dagster",
        action="store_true",
        help="with --changes-only: also run the same ingest as a Dagster run (--dagster-run) on a copy of the home",
    )
    args = parser.parse_args()
    if args.changes_only:
        return main_changes(args.runs, args.json, args.compare_dagster)
    names = step_stages()
    rounds = []
    for i in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="fw-bench-refresh-") as tmp:
            rounds.append(one_round(Path(tmp), names))
        print(f"round {i + 1}: cold {rounds[-1]['cold_s']:.1f} s, plain {rounds[-1]['plain_s']:.1f} s", flush=True)
    med = lambda key: median([r[key] for r in rounds])  # noqa: E731
    stage_keys = sorted({k for r in rounds for k in r["cold_stages"]})
    cold_stages = {k: round(median([r["cold_stages"].get(k, 0.0) for r in rounds]), 3) for k in stage_keys}
    plain_keys = sorted({k for r in rounds for k in r["plain_stages"]})
    plain_stages = {k: round(median([r["plain_stages"].get(k, 0.0) for r in rounds]), 3) for k in plain_keys}
    parse_step = "parse_sources"
    result = {
        "runs": args.runs,
        "cold_s": round(med("cold_s"), 3),
        "cold_cpu_s": round(med("cold_cpu_s"), 3),
        "cold_runs_s": [round(r["cold_s"], 3) for r in rounds],
        "plain_s": round(med("plain_s"), 3),
        "plain_cpu_s": round(med("plain_cpu_s"), 3),
        "plain_runs_s": [round(r["plain_s"], 3) for r in rounds],
        "overhead_ratio": round(med("cold_s") / med("plain_s"), 3),
        "overhead_ratio_cpu": round(med("cold_cpu_s") / med("plain_cpu_s"), 3),
        "unchanged_s": round(med("unchanged_s"), 3),
        "unchanged_cpu_s": round(med("unchanged_cpu_s"), 3),
        "no_change_speedup": round(med("cold_s") / med("unchanged_s"), 2),
        "forced_s": round(med("forced_s"), 3),
        "forced_cpu_s": round(med("forced_cpu_s"), 3),
        "incremental_s": round(med("incremental_s"), 3),
        "incremental_cpu_s": round(med("incremental_cpu_s"), 3),
        "incremental_ok": all(r["incremental_ok"] for r in rounds),
        "cold_parse_step_s": round(median([r["cold_steps"].get(parse_step, 0.0) for r in rounds]), 3),
        "incremental_parse_step_s": round(median([r["incremental_steps"].get(parse_step, 0.0) for r in rounds]), 3),
        "incremental_steps": len(rounds[-1]["incremental_steps"]),
        "cold_steps": len(rounds[-1]["cold_steps"]),
        "incremental_assets": rounds[-1]["incremental_assets"],
        "cold_assets": rounds[-1]["cold_assets"],
        "incremental_run_s": round(med("incremental_run_s"), 3),
        "incremental_marts": rounds[-1]["incremental_marts"],
        "cold_marts": len(rounds[-1]["cold_marts"]),
        "cold_stages_s": cold_stages,
        "plain_stages_s": plain_stages,
        "peak_rss_mb": round(max(r["cold_rss_mb"] for r in rounds), 1),
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }
    result["targets"] = {
        "cold<30s": result["cold_s"] < TARGETS["cold_s"],
        "overhead<=1.5x": result["overhead_ratio"] <= TARGETS["overhead_ratio"],
        "no_change>=20x": result["no_change_speedup"] >= TARGETS["no_change_speedup"],
        "no_change<=0.5s": result["unchanged_s"] <= TARGETS["no_change_s"],
        "nccl_ingest<=2s": result["incremental_s"] <= TARGETS["incremental_s"],
    }
    print(
        f"offline refresh, {args.runs} run(s), medians (wall s / CPU s); load average {result['load_average_1m']}"
        f" on {result['cpus']} CPUs"
    )
    print(
        f"  cold (Dagster, `fabricwatch refresh`)   {result['cold_s']:7.2f} / {result['cold_cpu_s']:6.2f}   "
        f"runs: {fmt_runs(result['cold_runs_s'])}   target < {TARGETS['cold_s']:.0f} s"
    )
    print(
        f"  plain (same functions, no Dagster)      {result['plain_s']:7.2f} / {result['plain_cpu_s']:6.2f}   "
        f"runs: {fmt_runs(result['plain_runs_s'])}"
    )
    print(
        f"  orchestration overhead: {result['overhead_ratio']:.2f}x wall, {result['overhead_ratio_cpu']:.2f}x CPU "
        f"(target <= {TARGETS['overhead_ratio']}x)"
    )
    print(
        f"  no-change refresh                       {result['unchanged_s']:7.2f} / {result['unchanged_cpu_s']:6.2f}   "
        f"cold/no-change = {result['no_change_speedup']:.1f}x (targets <= {TARGETS['no_change_s']} s, "
        f">= {TARGETS['no_change_speedup']:.0f}x)"
    )
    print(f"  forced warm (--force)                   {result['forced_s']:7.2f} / {result['forced_cpu_s']:6.2f}")
    print(
        f"  incremental (ingest one nccl log)       {result['incremental_s']:7.2f} / {result['incremental_cpu_s']:6.2f}   "
        f"parse step {result['incremental_parse_step_s']:.2f} s vs {result['cold_parse_step_s']:.2f} s cold; "
        f"{result['incremental_steps']} of {result['cold_steps']} steps, "
        f"{result['incremental_assets']} of {result['cold_assets']} assets; target <= {TARGETS['incremental_s']:.0f} s"
    )
    print(
        f"    its Dagster run {result['incremental_run_s']:.2f} s; marts rebuilt {len(result['incremental_marts'])} "
        f"of {result['cold_marts']}: {', '.join(m.split('/', 1)[1] for m in result['incremental_marts'])}"
    )
    print("  cold stages (Dagster event log, s):   " + ", ".join(f"{k} {v:.2f}" for k, v in cold_stages.items()))
    print("  plain stages (s):                     " + ", ".join(f"{k} {v:.2f}" for k, v in plain_stages.items()))
    print("targets met: " + ", ".join(f"{k} {'yes' if v else 'NO'}" for k, v in result["targets"].items()))
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
