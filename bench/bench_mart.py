"""One mart alone on a synthetic warehouse N x the offline default: seconds and rows, without a refresh.

    .venv/bin/python bench/bench_mart.py --home DIR --factor 20 [--mart apparent_conflicts] [--runs 3]
        [--sql FILE] [--keep FILE] [--json]

With `--grown FILE` (a warehouse an earlier run kept with `--keep`) nothing is grown again and `--factor` only
labels the figures. DIR is a home an offline refresh has built (`fabricwatch refresh`); it is not modified. Its working
warehouse is copied to a temporary folder and grown N x (bench/synthetic.py, as bench_scale.py does),
its synthetic rows are resolved against the registry (the entities, series keys and period bases the
refresh's registry step would give them), the marts the measured mart reads are rebuilt as tables on
the grown rows, and the mart's query is then built as a table `--runs` times (the refresh stores marts
as tables). `--sql FILE` times another version of the query (a SELECT, e.g. the previous one kept as a
test fixture) instead of the mart file. Much cheaper than bench_scale.py at 100x: no Dagster, no
parse, no other mart, no publish, no page probe.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import synthetic  # noqa: E402
from warehouse import db, marts  # noqa: E402


def upstream(found: dict[str, marts.Mart], name: str) -> list[str]:
    """Marts `name` reads, transitively, in build order."""
    order = [m for m in found]  # discover_marts is in dependency order
    need: set[str] = set()
    stack = [name]
    while stack:
        for d in found[stack.pop()].depends_on:
            if d in found and d not in need:
                need.add(d)
                stack.append(d)
    return [m for m in order if m in need]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, help="a home built by an offline refresh (not modified)")
    parser.add_argument("--factor", type=int, default=20)
    parser.add_argument("--mart", default="apparent_conflicts")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sql", type=Path, help="time this SELECT instead of the mart file")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object on the last line")
    parser.add_argument("--keep", type=Path, help="keep the grown working warehouse at this path")
    parser.add_argument("--grown", type=Path, help="time on a copy of a warehouse kept by --keep (no growth)")
    args = parser.parse_args()
    if args.factor < 1 or args.runs < 1:
        parser.error("--factor and --runs must be >= 1")
    if (args.home is None) == (args.grown is None):
        parser.error("give --home or --grown")
    source = args.grown or db.paths(args.home).work
    if not source.exists():
        parser.error(f"no working warehouse at {source}: run an offline refresh into {args.home} first")
    found = {m.name: m for m in marts.discover_marts()}
    if args.mart not in found:
        parser.error(f"no mart named {args.mart!r}")
    from pipelines import loading
    from sources.ledger.ledger import load_ledger

    with tempfile.TemporaryDirectory(prefix="fw-mart-") as tmp:
        work = Path(tmp) / "warehouse.duckdb"
        shutil.copy(source, work)
        t0 = time.perf_counter()
        report = synthetic.scale_warehouse(str(work), 1 if args.grown else args.factor)
        con = db.connect_work(work)
        try:
            resolved = loading.re_resolve(con, load_ledger().entities)
            grow_s = time.perf_counter() - t0
            print(
                f"grew {1 if args.grown else args.factor}x in {grow_s:.1f} s (resolved {resolved} rows): "
                + ", ".join(f"{k} {report.rows_before[k]}->{v}" for k, v in report.rows_after.items()),
                flush=True,
            )
            marts.apply_helpers(con)
            present = marts.existing_marts(con)
            for name in upstream(found, args.mart):
                t = time.perf_counter()
                n = marts.apply_mart_stored(con, found[name], present=present)
                print(f"  rebuilt marts.{name}: {n} rows in {time.perf_counter() - t:.2f} s", flush=True)
            if args.sql:
                build = f"CREATE OR REPLACE TABLE main.bench_mart AS {args.sql.read_text(encoding='utf-8')}"
                count = "SELECT count(*) FROM main.bench_mart"
            else:
                build = marts.table_sql(found[args.mart])
                count = f"SELECT count(*) FROM marts.{args.mart}"
            times, cpu = [], []
            for _ in range(args.runs):
                t, c = time.perf_counter(), time.process_time()
                con.execute(build)
                times.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
            rows = con.execute(count).fetchone()[0]
            observations = con.execute("SELECT count(*) FROM core.observations").fetchone()[0]
        finally:
            con.close()
        if args.keep:
            shutil.copy(work, args.keep)
    times.sort()
    result = {
        "mart": args.mart,
        "sql": str(args.sql) if args.sql else None,
        "factor": args.factor,
        "observations": observations,
        "rows": rows,
        "median_s": round(times[len(times) // 2], 3),
        "runs_s": [round(x, 3) for x in times],
        "cpu_s": [round(x, 3) for x in sorted(cpu)],
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "load_average_1m": round(os.getloadavg()[0], 2),
    }
    print(
        f"marts.{args.mart}{' (' + args.sql.name + ')' if args.sql else ''} at {args.factor}x "
        f"({observations} observations): {rows} rows, median {result['median_s']} s over {args.runs} runs "
        f"{result['runs_s']}; peak RSS {result['peak_rss_mb']} MiB; load {result['load_average_1m']}"
    )
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
