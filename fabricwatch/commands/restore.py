"""fabricwatch restore: put a previous release back as the published warehouse."""

from __future__ import annotations

import argparse
import sys

from fabricwatch.config import home

NAME = "restore"
HELP = "Put a previous release (kept under $FABRICWATCH_HOME/releases/) back as the published warehouse."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "release",
        nargs="?",
        help="release file name, part of it, or its run id (default: the newest good one); --list shows them",
    )
    parser.add_argument(
        "--list",
        action="store_true",
        help="list the kept releases (newest first: build time, run id, ok/DAMAGED) and exit",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="check the published warehouse, the releases and the stored documents against their "
        "checksums and exit: 0 all intact, 2 something is damaged (named)",
    )


def run(args: argparse.Namespace) -> int:
    from warehouse import db
    from warehouse import publish as wpublish

    from warehouse import releases

    if args.check:
        from sources.fetch.snapshots import SnapshotStore

        p = db.paths(home())
        problems = [problem] if (problem := releases.check_published(p.published)) else []
        problems += [
            f"release {r.name} is damaged: {r.problem}" for r in releases.list_releases(p.releases) if not r.good
        ]
        problems += [
            f"stored document {d} is damaged (SHA-256 mismatch); the next refresh repairs it"
            for d in SnapshotStore.under_home(p.home).damaged()
        ]
        for line in problems:
            print(f"error: {line}", file=sys.stderr)
        if problems:
            return 2
        print(f"{p.published}: ok (matches its manifest, opens); releases and stored documents intact")
        return 0
    if args.list:
        for r in releases.list_releases(db.paths(home()).releases):
            state = "ok" if r.good else f"DAMAGED: {r.problem}"
            print(f"{r.name}  built {r.built_at or 'unknown'}  run {r.run_id or 'unknown'}  {state}")
        return 0
    chosen = wpublish.restore(home(), args.release)  # PublishError (no such release): exit 2
    print(f"restored {chosen.name} as {db.paths(home()).published}")
    return 0
