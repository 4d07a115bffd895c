"""fabricwatch restore: put a previous release back as the published warehouse."""

from __future__ import annotations

import argparse

from fabricwatch.config import home

NAME = "restore"
HELP = "Put a previous release (kept under $FABRICWATCH_HOME/releases/) back as the published warehouse."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("release", nargs="?", help="release file name or part of it (default: the newest); --list shows them")
    parser.add_argument("--list", action="store_true", help="list the kept releases and exit")


def run(args: argparse.Namespace) -> int:
    from warehouse import db

    if args.list:
        for path in db.list_releases(home()):
            print(path.name)
        return 0
    chosen = db.restore(home(), args.release)   # PublishError (no such release): exit 2
    print(f"restored {chosen.name} as {db.paths(home()).published}")
    return 0
