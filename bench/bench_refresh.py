"""Benchmark the offline refresh: cold (empty home) vs warm (inputs unchanged). Prints figures.

    .venv/bin/python bench/bench_refresh.py [--runs 3]

- cold: a new FABRICWATCH_HOME: every snapshot stored, every document parsed, model and marts built.
- unchanged: the same home again; the input fingerprint equals the published run's, nothing is redone.
- forced warm: `--force` on the same home; the whole graph runs, but parse steps skip unchanged
  documents by hash (what a run after an unrelated change, e.g. a new mart, pays).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipelines.runner import run_refresh  # noqa: E402


def timed(home: Path, **kw) -> tuple[float, object]:
    t0 = time.perf_counter()
    outcome = run_refresh(home, mode="offline", stream=io.StringIO(), **kw)
    return time.perf_counter() - t0, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cold, unchanged, forced = [], [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="fw-bench-") as tmp:
            home = Path(tmp)
            s, out = timed(home)
            assert out.success and not out.up_to_date, out
            cold.append(s)
            s, out = timed(home)
            assert out.success and out.up_to_date, out
            unchanged.append(s)
            s, out = timed(home, force=True)
            assert out.success and not out.up_to_date, out
            forced.append(s)
    med = statistics.median
    print(f"offline refresh, {args.runs} runs (median, seconds; includes building the Dagster definitions):")
    print(f"  cold (empty home)              {med(cold):6.2f}   runs: {', '.join(f'{x:.2f}' for x in cold)}")
    print(f"  unchanged (fingerprint equal)  {med(unchanged):6.2f}   runs: {', '.join(f'{x:.2f}' for x in unchanged)}")
    print(f"  forced warm (parse skipped)    {med(forced):6.2f}   runs: {', '.join(f'{x:.2f}' for x in forced)}")
    print(f"  cold / unchanged = {med(cold) / med(unchanged):.0f}x")


if __name__ == "__main__":
    main()
