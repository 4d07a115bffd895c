"""Every benchmark, end to end, in one command (what `make bench` runs).

    .venv/bin/python bench/run_all.py [--runs 3] [--factors 20 100] [--quick] [--out FILE]

Runs, each in its own process: the fetch layer (bench_fetch.py), the model sweep
(bench_model_sweep.py), the offline refresh with its Dagster-free baseline (bench_refresh.py), the
scale cases (bench_scale.py, one per factor, each with its own 1x baseline measured in the same
run), and the dashboard's page renders on the offline default and on the largest synthetic warehouse
(bench_dashboard.py). Prints each script's report, then a summary of the figures against their
targets. --quick (1 run, factor 2) checks that the scripts work; its timings mean nothing.
The JSON figures of every script are written to --out (default: none) for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = sys.executable


def run(script: str, *args: str) -> dict | None:
    """Run one bench script, stream its output, return its last line as JSON when it is JSON."""
    print(f"\n== {script} {' '.join(args)}", flush=True)
    started = time.perf_counter()
    proc = subprocess.run([PY, str(HERE / script), *args], cwd=HERE.parent, stdout=subprocess.PIPE, text=True)
    lines = proc.stdout.splitlines()
    tail = None
    if lines:
        try:
            tail = json.loads(lines[-1])
            lines = lines[:-1]
        except ValueError:
            pass
    print("\n".join(lines), flush=True)
    print(f"   ({script}: {time.perf_counter() - started:.0f} s, exit {proc.returncode})", flush=True)
    if proc.returncode != 0:
        raise SystemExit(f"{script} failed (exit {proc.returncode})")
    return tail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="repetitions per measured case (medians)")
    parser.add_argument("--factors", type=int, nargs="+", default=[20, 100])
    parser.add_argument("--quick", action="store_true", help="1 run, factor 2: the scripts work (timings mean nothing)")
    parser.add_argument("--out", type=Path, help="write every script's JSON figures here")
    args = parser.parse_args()
    runs, factors = (1, [2]) if args.quick else (args.runs, args.factors)
    figures: dict[str, object] = {"runs": runs, "factors": factors}
    if not args.quick:
        run("bench_fetch.py")
        run("bench_model_sweep.py")
    figures["refresh"] = run("bench_refresh.py", "--runs", str(runs), "--json")
    figures["scale"] = {}
    with tempfile.TemporaryDirectory(prefix="fw-bench-all-") as tmp:
        largest = Path(tmp) / "largest"
        for factor in factors:
            keep = ["--keep", str(largest)] if factor == max(factors) else []
            figures["scale"][str(factor)] = run(
                "bench_scale.py", "--factor", str(factor), "--runs", str(runs), "--json", *keep
            )
        run("bench_dashboard.py", "--repeat", str(max(2, runs)))
        run("bench_dashboard.py", "--home", str(largest), "--repeat", str(max(2, runs)))
    print("\n== summary (targets of issue 15)")
    r = figures["refresh"] or {}
    if r:
        print(
            f"cold refresh {r['cold_s']:.1f} s (< 30 s: {'yes' if r['targets']['cold<30s'] else 'NO'}); "
            f"Dagster / plain {r['overhead_ratio']:.2f}x wall, {r['overhead_ratio_cpu']:.2f}x CPU (<= 1.5x); "
            f"no-change {r['unchanged_s']:.2f} s, {r['no_change_speedup']:.1f}x faster (<= 0.5 s, >= 20x); incremental {r['incremental_s']:.1f} s"
        )
    for factor, s in figures["scale"].items():
        if s:
            print(
                f"{factor:>4}x: refresh {s['refresh_ratio']:.2f}x the 1x ({s['refresh_s']:.1f} s vs "
                f"{s['baseline_refresh_s']:.1f} s; linear would be {factor}x); p95 query {s['p95_query_ms']:.0f} ms "
                f"(<= 200); peak RSS {s['peak_rss_mb']:.0f} MiB (<= 2048); slowest first render "
                f"{s['max_first_render_s']:.2f} s (<= 2)"
            )
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n")
        print(f"figures written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
