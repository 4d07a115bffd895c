"""fabricwatch fetch: fetch or replay sources into the working warehouse's raw layer only."""

from __future__ import annotations

import argparse
import sys

from fabricwatch.config import home

NAME = "fetch"
HELP = "Fetch (live, record) or replay (offline) sources into raw.documents; no parsing, no publish."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sources", nargs="*", metavar="SOURCE", help="source ids (default: all; see `fabricwatch sources`)")
    parser.add_argument("--mode", choices=("offline", "live", "record"), default="offline",
                        help="offline (default): replay sources/snapshots/; live: fetch from the sites; "
                             "record: fetch and write the responses into sources/snapshots/")
    parser.add_argument("--delay", type=float, default=1.0, metavar="SECONDS",
                        help="politeness delay between two requests to the same host (default 1.0; robots.txt Crawl-delay can raise it)")
    parser.add_argument("--contact", default="",
                        help="contact address for the User-Agent (default: $FABRICWATCH_CONTACT)")
    parser.add_argument("--workers", type=int, default=32, help="hosts fetched at the same time (default 32)")


def run(args: argparse.Namespace) -> int:
    import duckdb

    from sources.fetchers import make_fetcher
    from sources.http import HttpConfig
    from sources.registry import select, validate
    from sources.snapshots import SnapshotStore
    from warehouse import db
    from warehouse.raw import fetch_and_record

    problems = validate()
    if problems:
        print("error: the source registry is invalid:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2
    try:
        chosen = select(args.sources)
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    config = HttpConfig.from_env(per_host_delay_s=args.delay, **({"contact": args.contact} if args.contact else {}))
    if args.mode != "offline" and not config.contact:
        print("warning: no contact address for the User-Agent; set FABRICWATCH_CONTACT or --contact", file=sys.stderr)
    h = home()
    fetcher = make_fetcher(args.mode, store=SnapshotStore.under_home(h), config=config)
    try:
        with db.work_connection(h) as con:
            run_ = fetch_and_record(con, chosen, fetcher, home=h, max_workers=args.workers)
    except duckdb.IOException as exc:
        print(f"error: the working warehouse is in use (is a refresh running?): {exc}", file=sys.stderr)
        return 2
    finally:
        fetcher.close()
    print(format_run(run_))
    return 1 if any(r.errors for r in run_.reports.values()) else 0


def format_run(run) -> str:
    cols = ("status", "urls", "fetched", "not_modified", "changed", "errors", "not_recorded", "bytes")
    rows = [(sid, *(str(r.summary()[c]) for c in cols)) for sid, r in run.reports.items()]
    header = ("source", *cols)
    widths = [max(len(x) for x in col) for col in zip(header, *rows)]
    lines = [f"fetch run {run.run_id} (mode {run.mode})",
             "  ".join(h.ljust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths)) for row in rows]
    for sid, r in run.reports.items():
        for problem in r.error_lines()[:10]:
            lines.append(f"  {sid}: {problem}")
    return "\n".join(lines)
