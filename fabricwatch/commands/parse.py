"""`fabricwatch parse FAMILY FILE… [--json]`: run one parser on local files, no warehouse needed."""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from pathlib import Path

from sources.document import Document
from sources.records import ParseError

NAME = "parse"
HELP = "Run one parser (nccl, top500, mlperf, claims, specs, releases) on local files and print what it finds."

# Family on the command line → module under sources/parsers/.
PARSER_MODULES = {
    "nccl": "nccl",
    "top500": "top500",
    "claims": "claims",
    "specs": "specs",
    "releases": "github_releases",
    "mlperf": "mlperf",
}
# Families whose JSON contract is about one file (one object, not a merged list).
SINGLE_FILE = {"top500"}
# Families whose JSON contract is a list with one record per file (a bad file is a record with an error).
PER_FILE_RECORDS = {"mlperf"}
EXIT_BAD_INPUT = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("family", choices=sorted(PARSER_MODULES), help="parser family")
    parser.add_argument("files", nargs="+", metavar="FILE", help="local file(s) to parse")
    parser.add_argument("--json", action="store_true", help="print the JSON contract instead of a summary")
    parser.add_argument(
        "--round",
        dest="round_hint",
        metavar="vX.Y",
        help="mlperf: the MLPerf round when the path does not name it (e.g. v4.0)",
    )


def run(args) -> int:
    if args.family in SINGLE_FILE and len(args.files) > 1:
        print(f"fabricwatch parse {args.family}: one FILE per call ({len(args.files)} given)", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        module = importlib.import_module(f"sources.parsers.{PARSER_MODULES[args.family]}")
    except ImportError as exc:
        print(f"fabricwatch parse {args.family}: parser not available ({exc})", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.family in PER_FILE_RECORDS:
        return _per_file(args, module)
    results = []
    for path in args.files:
        try:
            from_path = getattr(module, "cli_json_path", None)  # a parser that streams files reads them itself
            results.append((path, from_path(path) if from_path else module.cli_json(Document.from_path(path))))
        except FileNotFoundError:
            print(f"fabricwatch parse {args.family}: no such file: {path}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except (ParseError, UnicodeDecodeError, OSError) as exc:
            print(f"fabricwatch parse {args.family}: {path}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(_merge(args.family, results), indent=2, ensure_ascii=False, default=str))
    else:
        for path, data in results:
            print(_summary(args.family, path, data))
    return 0


def _per_file(args, module) -> int:
    """One record per file; a file that cannot be read is a record with an `error`, not a failure."""
    round_hint = getattr(args, "round_hint", None)
    if round_hint is not None and not re.fullmatch(r"v\d+\.\d+", round_hint):
        print(f"fabricwatch parse {args.family}: --round must look like v4.0, not {round_hint!r}", file=sys.stderr)
        return EXIT_BAD_INPUT
    missing = [p for p in args.files if not Path(p).is_file()]
    if missing:
        print(f"fabricwatch parse {args.family}: no such file: {', '.join(missing)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    records = []
    for path in args.files:
        try:
            doc = Document.from_path(path)
        except OSError as exc:
            records.append({"file": path, "error": str(exc), "warnings": []})
            continue
        records.append(module.cli_json(doc, file=path, round_hint=round_hint))
    if args.json:
        print(json.dumps(records, indent=2, ensure_ascii=False, default=str))
    else:
        for r in records:
            if r.get("error"):
                print(f"{r['file']}: error: {r['error']}")
                continue
            print(
                f"{r['file']}: {r['round']} {r['submitter']} {r['system_name']}: {r['nodes']} x "
                f"{r['accelerators_per_node']} {r['accelerator']}, fabric {_mlperf_fabric(r)}"
                + (
                    f", {r['compute_nics_per_node']} x {r['nic_gbps']:g} Gb/s"
                    if r["compute_nics_per_node"] and r["nic_gbps"]
                    else ""
                )
            )
            print("\n".join(f"  ! {w}" for w in r["warnings"]) or "", end="\n" if r["warnings"] else "")
    return 0


def _mlperf_fabric(record: dict) -> str:
    """The summary's fabric: a single node has none (its JSON `fabric` is null, `scale_out` false)."""
    if record.get("scale_out") is False:
        return "none (single node)"
    return record["fabric"] or "unknown"


def _merge(family: str, results: list[tuple[str, dict]]) -> dict:
    """One JSON object: a single file's contract, or list-valued keys concatenated across files."""
    if len(results) == 1:
        return results[0][1]
    merged: dict = {}
    for path, data in results:
        for key, value in data.items():
            if isinstance(value, list):
                merged.setdefault(key, []).extend(
                    {**item, "file": path} if isinstance(item, dict) else item for item in value
                )
            else:
                merged.setdefault("files", {}).setdefault(path, {})[key] = value
    return merged


def _summary(family: str, path: str, data: dict) -> str:
    lines = [f"{path}:"]
    if family == "nccl":
        for i, run in enumerate(data["runs"]):
            flags = [f for f in ("truncated", "has_errors") if run.get(f)]
            avg = run["avg_busbw_GBps"]
            lines.append(
                f"  run {i}: {run['collective'] or 'collective unknown'}, {len(run['rows'])} rows, "
                f"avg busbw {avg if avg is not None else 'n/a'} GB/s, peak {run.get('peak_busbw_GBps') or 'n/a'} GB/s"
                + (f" [{', '.join(flags)}]" if flags else "")
            )
            lines += [f"    ! {w}" for w in run["warnings"]]
    elif family == "top500":
        lines.append(f"  list {data['list']}: {data['systems']} systems")
        for fam, count in data["families"].items():
            lines.append(f"  {fam:<28} {count:>4} systems  {data['rmax_share'][fam]:6.1%} of Rmax")
        for group, info in data.get("notable", {}).items():
            lines.append(f"    {group:<34} {info['systems']:>4}  {info['rmax_share']:6.1%}")
        lines += [f"  ! {w}" for w in data.get("warnings", [])]
    else:
        for key, value in data.items():
            size = len(value) if isinstance(value, (list, dict)) else value
            lines.append(f"  {key}: {size}")
    return "\n".join(lines)
