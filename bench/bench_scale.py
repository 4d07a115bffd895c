"""Scale: refresh, dashboard queries and memory on a synthetic warehouse N x the offline default.

    .venv/bin/python bench/bench_scale.py --factor 20 [--runs 3] [--json] [--keep DIR]

One run measures the 1x baseline and the N x case on this machine, now:
1. a cold offline refresh builds the 1x home (`fabricwatch refresh`);
2. baseline: `fabricwatch refresh --force` on it, `--runs` times (whole graph; parse skips
   unchanged documents; marts, checks and publish redone on 1x data);
3. a copy of the home is grown N x with synthetic rows (bench/synthetic.py: observations,
   events, documents and weekly vintages together, every row marked synthetic) and refreshed the
   same way; per-step seconds of its last run come from Dagster's event log;
4. every dashboard page is rendered (AppTest) on both published files with each loader query
   timed (bench/page_probe.py).
Each refresh and each probe is a child process: its peak RSS is its own.

Targets (issue 15), at N = 20 and 100: refresh grows at most linearly with N (refresh_ratio <= N),
p95 of the dashboard's loader queries <= 200 ms, peak RSS <= 2 GiB, every page's first render <= 2 s.
With --json the LAST line is one JSON object with the figures.
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

from _common import PY, ROOT, fabricwatch, fmt_runs, last_run_steps, median, p95, run_child, step_stages  # noqa: E402

import synthetic  # noqa: E402
from warehouse import db  # noqa: E402

TARGETS = {"p95_query_ms": 200.0, "peak_rss_mb": 2048.0, "first_render_s": 2.0}


def refresh_runs(home: Path, runs: int) -> tuple[list[float], list[float], float, dict]:
    times, cpu, rss = [], [], 0.0
    for _ in range(runs):
        r = fabricwatch(home, "refresh", "--force")
        times.append(r.seconds)
        cpu.append(r.cpu_s)
        rss = max(rss, r.peak_rss_mb)
    return times, cpu, rss, last_run_steps(home)


def probe(home: Path) -> tuple[dict, float]:
    r = run_child([PY, str(ROOT / "bench" / "page_probe.py")], env={"FABRICWATCH_HOME": str(home)})
    return r.json_tail(), r.peak_rss_mb


def published_counts(home: Path) -> dict:
    import duckdb

    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        marks = synthetic.synthetic_rows(con)
        observations = con.execute("SELECT count(*) FROM core.observations").fetchone()[0]
        documents = con.execute("SELECT count(*) FROM raw.documents").fetchone()[0]
        marts = dict(
            con.execute(
                "SELECT table_name, estimated_size FROM duckdb_tables() WHERE database_name = current_database() "
                "AND schema_name = 'marts'"
            ).fetchall()
        )
        for name in [
            n
            for (n,) in con.execute(
                "SELECT view_name FROM duckdb_views() WHERE database_name = current_database() "
                "AND schema_name = 'marts'"
            ).fetchall()
        ]:
            marts[name] = con.execute(f'SELECT count(*) FROM marts."{name}"').fetchone()[0]
    finally:
        con.close()
    return {"observations": observations, "documents": documents, "marts": marts, "synthetic": marks}


def by_stage(steps: dict[str, float], stages: dict[str, str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for step, s in steps.items():
        stage = stages.get(step.split("[")[0], stages.get(step, "other"))
        out[stage] = out.get(stage, 0.0) + s
    return {k: round(v, 3) for k, v in sorted(out.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factor", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3, help="forced refreshes per case (median reported)")
    parser.add_argument("--baseline-runs", type=int, help="forced refreshes of the 1x baseline (default: --runs)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object on the last line")
    parser.add_argument("--keep", type=Path, help="keep the N x home here (for bench_dashboard.py --home)")
    args = parser.parse_args()
    if args.factor < 1:
        parser.error("--factor must be >= 1")
    stages = step_stages()
    with tempfile.TemporaryDirectory(prefix="fw-scale-") as tmp:
        base, big = Path(tmp) / "x1", Path(tmp) / f"x{args.factor}"
        cold = fabricwatch(base, "refresh")
        print(f"cold offline refresh (1x home): {cold.seconds:.1f} s", flush=True)
        base_times, base_cpu, base_rss, base_steps = refresh_runs(base, args.baseline_runs or args.runs)
        print(f"1x   forced refresh: median {median(base_times):.2f} s  runs: {fmt_runs(base_times)}", flush=True)
        shutil.copytree(base, big)
        work = db.paths(big).work
        report = synthetic.scale_warehouse(str(work), args.factor)
        print(
            f"grew {work.name} {args.factor}x: "
            + ", ".join(f"{k} {report.rows_before[k]}->{v}" for k, v in report.rows_after.items()),
            flush=True,
        )
        if report.skipped:
            print(f"  not grown: {report.skipped}")
        big_times, big_cpu, big_rss, big_steps = refresh_runs(big, args.runs)
        print(
            f"{args.factor}x forced refresh: median {median(big_times):.2f} s  runs: {fmt_runs(big_times)}", flush=True
        )
        base_probe, base_probe_rss = probe(base)
        big_probe, big_probe_rss = probe(big)
        base_counts, big_counts = published_counts(base), published_counts(big)
        if args.keep:
            if args.keep.exists():
                shutil.rmtree(args.keep)
            shutil.copytree(big, args.keep)
    base_steps_s, big_steps_s = base_steps["steps"], big_steps["steps"]
    growth = sorted(
        (
            (big_steps_s[k] / base_steps_s[k] if base_steps_s.get(k) else float("inf"), k)
            for k in big_steps_s
            if k in base_steps_s
        ),
        reverse=True,
    )
    pages = [
        {
            "title": p["title"],
            "baseline_first_render_s": b["first_render_s"],
            "first_render_s": p["first_render_s"],
            "baseline_first_render_cpu_s": b.get("first_render_cpu_s"),
            "first_render_cpu_s": p.get("first_render_cpu_s"),
            "queries": p["queries"],
            "errors": p["errors"],
        }
        for b, p in zip(base_probe["pages"], big_probe["pages"])
    ]
    unmarked = sum(v["unmarked"] for v in big_counts["synthetic"].values())
    result = {
        "factor": args.factor,
        "runs": args.runs,
        "observations": big_counts["observations"],
        "baseline_observations": base_counts["observations"],
        "documents": big_counts["documents"],
        "baseline_documents": base_counts["documents"],
        "refresh_s": round(median(big_times), 3),
        "baseline_refresh_s": round(median(base_times), 3),
        "refresh_ratio": round(median(big_times) / median(base_times), 3),
        "refresh_cpu_s": round(median(big_cpu), 3),
        "baseline_refresh_cpu_s": round(median(base_cpu), 3),
        "refresh_cpu_ratio": round(median(big_cpu) / median(base_cpu), 3),
        "refresh_runs_s": [round(x, 3) for x in big_times],
        "refresh_cpu_runs_s": [round(x, 3) for x in big_cpu],
        "baseline_refresh_runs_s": [round(x, 3) for x in base_times],
        "cold_refresh_1x_s": round(cold.seconds, 3),
        "p95_query_ms": round(p95(big_probe["query_ms"]), 2),
        "baseline_p95_query_ms": round(p95(base_probe["query_ms"]), 2),
        # CPU time of the process during each query (DuckDB's threads included): steadier on a busy machine
        "p95_query_cpu_ms": round(p95(big_probe.get("query_cpu_ms", [])), 2),
        "baseline_p95_query_cpu_ms": round(p95(base_probe.get("query_cpu_ms", [])), 2),
        "queries": len(big_probe["query_ms"]),
        "slowest_queries": big_probe["slowest"][:5],
        "peak_rss_mb": round(max(big_rss, big_probe_rss), 1),
        "refresh_peak_rss_mb": round(big_rss, 1),
        "loaders_peak_rss_mb": round(big_probe_rss, 1),
        "baseline_peak_rss_mb": round(max(base_rss, base_probe_rss), 1),
        "pages": pages,
        "max_first_render_s": max(p["first_render_s"] for p in pages),
        "stages_s": by_stage(big_steps_s, stages),
        "baseline_stages_s": by_stage(base_steps_s, stages),
        "steps_growing_most": [
            {"step": k, "ratio": round(r, 2), "seconds": round(big_steps_s[k], 3)} for r, k in growth[:6]
        ],
        "mart_rows": big_counts["marts"],
        "baseline_mart_rows": base_counts["marts"],
        "synthetic_rows": sum(v["synthetic"] for v in big_counts["synthetic"].values()),
        "synthetic_unmarked": unmarked,
        "baseline_synthetic_rows": sum(v["synthetic"] for v in base_counts["synthetic"].values()),
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }
    result["targets"] = {
        "refresh_at_most_linear": result["refresh_ratio"] <= args.factor,
        "p95_query_ms<=200": result["p95_query_ms"] <= TARGETS["p95_query_ms"],
        "peak_rss<=2GiB": result["peak_rss_mb"] <= TARGETS["peak_rss_mb"],
        "first_render<=2s": result["max_first_render_s"] <= TARGETS["first_render_s"],
    }
    print(
        f"observations {result['baseline_observations']} -> {result['observations']}; "
        f"refresh {result['baseline_refresh_s']:.2f} -> {result['refresh_s']:.2f} s "
        f"({result['refresh_ratio']:.2f}x for {args.factor}x data)"
    )
    print(
        f"dashboard loader queries: p95 {result['baseline_p95_query_ms']:.0f} -> {result['p95_query_ms']:.0f} ms "
        f"over {result['queries']} queries; peak RSS {result['peak_rss_mb']:.0f} MiB "
        f"(refresh {big_rss:.0f}, loaders {big_probe_rss:.0f}); load average {result['load_average_1m']}"
    )
    print(
        f"  CPU: refresh {result['baseline_refresh_cpu_s']:.1f} -> {result['refresh_cpu_s']:.1f} s "
        f"({result['refresh_cpu_ratio']:.2f}x); query p95 {result['baseline_p95_query_cpu_ms']:.0f} -> "
        f"{result['p95_query_cpu_ms']:.0f} ms"
    )
    for p in pages:
        print(
            f"  {p['title']:<22} first render {p['baseline_first_render_s']:6.2f} -> {p['first_render_s']:6.2f} s"
            f"   (CPU {p['baseline_first_render_cpu_s']} -> {p['first_render_cpu_s']} s)"
        )
    print(
        "steps growing most: "
        + ", ".join(f"{g['step']} {g['ratio']}x ({g['seconds']} s)" for g in result["steps_growing_most"])
    )
    print("targets met: " + ", ".join(f"{k} {'yes' if v else 'NO'}" for k, v in result["targets"].items()))
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
