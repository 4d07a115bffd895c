"""fabricwatch fetch: fetch or replay sources into the working warehouse's raw layer only."""

from __future__ import annotations

import argparse
import sys

from sources.fetch.modes import FetchMode

NAME = "fetch"
HELP = "Fetch (live, record) or replay (offline) sources into raw.documents; no parsing, no publish."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "sources", nargs="*", metavar="SOURCE", help="source ids (default: all; see `fabricwatch sources`)"
    )
    parser.add_argument(
        "--mode",
        type=FetchMode,
        choices=list(FetchMode),
        default=FetchMode.offline,
        help="offline (default): replay sources/snapshots/; live: fetch from the sites; "
        "record: fetch and write the responses into sources/snapshots/",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="politeness delay between two requests to the same host (default 1.0; robots.txt Crawl-delay can raise it)",
    )
    parser.add_argument(
        "--contact", default="", help="contact address for the User-Agent (default: $FABRICWATCH_CONTACT)"
    )
    parser.add_argument("--workers", type=int, default=32, help="hosts fetched at the same time (default 32)")


def run(args: argparse.Namespace) -> int:
    from pipelines.fetcher_resource import FetcherResource
    from sources.registry import select, validate
    from warehouse import db, marts

    problems = validate()
    if problems:
        print("error: the source registry is invalid:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2
    chosen = select(args.sources)  # UnknownSource: exit 2 (fabricwatch/errors.py)
    fetcher = FetcherResource(
        mode=args.mode, per_host_delay_s=args.delay, contact=args.contact, max_workers=args.workers
    )
    if args.mode != FetchMode.offline and not fetcher.http_config().contact:
        print("warning: no contact address for the User-Agent; set FABRICWATCH_CONTACT or --contact", file=sys.stderr)
    h = db.home()
    with db.work_connection(h) as con:  # WarehouseBusy while a refresh writes: exit 2
        run_ = fetcher.fetch_into(con, list(chosen), home=h)  # the same path as the raw_* assets
        marts.apply_mart(con, "source_status")  # so `fabricwatch sources` sees this run
    print(format_run(run_))
    return 1 if any(r.errors for r in run_.reports.values()) else 0


def format_run(run) -> str:
    cols = ("status", "urls", "fetched", "not_modified", "changed", "errors", "not_recorded", "bytes")
    rows = [(sid, *(str(r.summary()[c]) for c in cols)) for sid, r in run.reports.items()]
    header = ("source", *cols)
    widths = [max(len(x) for x in col) for col in zip(header, *rows)]
    lines = [f"fetch run {run.run_id} (mode {run.mode})", "  ".join(h.ljust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths)) for row in rows]
    for sid, r in run.reports.items():
        for problem in r.error_lines()[:10]:
            lines.append(f"  {sid}: {problem}")
    return "\n".join(lines)
