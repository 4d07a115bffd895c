"""Benchmark the nccl-tests parser on a big log read as a stream. Prints figures (not a pass/fail test).

The log is made in a temporary folder by repeating a real corpus document until it reaches the
size asked for (default: tests/corpus/nccl/23_*, an EKS/EFA run launched with Open MPI
--tag-output: two ranks' lines interleaved, NCCL INFO lines, a full and an elided table, so
roughly half its lines are debug output and a third table rows). Each measurement runs in a child
process (bench/_common.run_child): wall time, the child's CPU time and its own peak RSS.

    .venv/bin/python -m bench.bench_nccl_stream [--mb 200] [--source 23] [--repeat 3] [--keep]

Issue 21's target: a 200 MB log parses in a stream within 5 s and 400 MiB on the project machine.
`streamed` reads the file from disk (nccl.runs_from_path: the way a big log should be read);
`in memory` builds a Document (the whole body in memory, as the pipeline hands stored documents
over) and is shown for comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import PY, ROOT, median, run_child  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "nccl"
TARGET_S, TARGET_MIB = 5.0, 400.0

# The child: parse the log, report what it found and how long the parse itself took.
_CHILD = """
import json, sys, time
from pathlib import Path
from sources.document import Document
from sources.parsers import nccl
path, mode = sys.argv[1], sys.argv[2]
t0 = time.perf_counter(); c0 = time.process_time()
found = nccl.runs_from_path(path) if mode == "streamed" else nccl.runs(Document.from_path(path))
print(json.dumps({"runs": len(found), "rows": sum(len(r.rows) for r in found),
                  "parse_s": time.perf_counter() - t0, "parse_cpu_s": time.process_time() - c0}))
"""


def make_log(folder: Path, source: Path, mb: float) -> tuple[Path, int]:
    """The big log: `source` repeated until it holds `mb` MiB; returns its path and the copies made."""
    body = source.read_bytes()
    copies = int(mb * 2**20 // len(body)) + 1
    path = folder / f"big_{source.stem[:2]}.log"
    with open(path, "wb") as out:
        for _ in range(copies):
            out.write(body)
    return path, copies


def measure(path: Path, mode: str) -> dict:
    child = run_child([PY, "-c", _CHILD, str(path), mode])
    found = child.json_tail()
    return {"mode": mode, "seconds": child.seconds, "cpu_s": child.cpu_s, "peak_rss_mib": child.peak_rss_mb, **found}


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=float, default=200.0, help="size of the generated log in MiB (default 200)")
    ap.add_argument("--source", default="23", help="corpus document to repeat, by its number (default 23)")
    ap.add_argument("--repeat", type=int, default=3, help="measurements per mode (default 3; medians reported)")
    ap.add_argument("--no-memory-mode", action="store_true", help="skip the in-memory Document comparison")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line at the end")
    args = ap.parse_args(argv)
    source = next(iter(sorted(p for p in CORPUS.glob(f"{args.source}_*") if p.suffix != ".json")), None)
    if source is None:
        raise SystemExit(f"no corpus document numbered {args.source} in {CORPUS}")
    modes = ["streamed"] + ([] if args.no_memory_mode else ["in memory"])
    with tempfile.TemporaryDirectory(prefix="fw-bench-nccl-") as tmp:
        path, copies = make_log(Path(tmp), source, args.mb)
        size_mib = path.stat().st_size / 2**20
        load_before = os.getloadavg()
        results = {mode: [measure(path, mode) for _ in range(args.repeat)] for mode in modes}
        load_after = os.getloadavg()
    print(
        f"nccl-tests log: {source.name} x {copies:,} = {size_mib:.1f} MiB; "
        f"{results['streamed'][0]['runs']:,} runs, {results['streamed'][0]['rows']:,} rows"
    )
    print(f"load average (1 min) before/after: {load_before[0]:.1f} / {load_after[0]:.1f} on {os.cpu_count()} CPUs")
    summary = {
        "source": source.name,
        "copies": copies,
        "size_mib": round(size_mib, 1),
        "runs": results["streamed"][0]["runs"],
        "rows": results["streamed"][0]["rows"],
        "load_1min": [round(load_before[0], 2), round(load_after[0], 2)],
        "modes": {},
    }
    for mode, runs in results.items():
        fig = {k: median([r[k] for r in runs]) for k in ("seconds", "cpu_s", "parse_s", "parse_cpu_s", "peak_rss_mib")}
        summary["modes"][mode] = {k: round(v, 2) for k, v in fig.items()}
        verdict = ""
        if mode == "streamed" and args.mb >= 200:
            ok = fig["seconds"] <= TARGET_S and fig["peak_rss_mib"] <= TARGET_MIB
            verdict = f"  target {TARGET_S:g} s and {TARGET_MIB:g} MiB: {'met' if ok else 'NOT met'}"
        each = ", ".join(format(r["seconds"], ".2f") for r in runs)
        print(
            f"  {mode:9s}: wall {fig['seconds']:.2f} s (runs {each}), "
            f"CPU {fig['cpu_s']:.2f} s, parse alone {fig['parse_s']:.2f} s wall / {fig['parse_cpu_s']:.2f} s CPU, "
            f"peak RSS {fig['peak_rss_mib']:.0f} MiB{verdict}"
        )
    if args.json:
        print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
