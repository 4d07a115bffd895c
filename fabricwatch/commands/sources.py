"""fabricwatch sources: the source registry with each source's status, last fetch, last change, last error."""

from __future__ import annotations

import argparse
import json
import sys

from fabricwatch.config import home

NAME = "sources"
HELP = "List the registered sources with status, last fetch, last change and last error."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object per source")


def run(args: argparse.Namespace) -> int:
    from sources.registry import REGISTRY

    status, db_used = _read_status()
    rows = [source_row(s, status.get(s.source_id)) for s in REGISTRY]
    if args.json:
        for row in rows:
            print(json.dumps(row, default=str))
        return 0
    cols = ("source_id", "publisher", "kind", "cadence", "status", "last_fetch", "last_change", "last_error")
    table = [[str(r[c] if r[c] is not None else "-") for c in cols] for r in rows]
    widths = [min(max(len(x) for x in col), 30 if c == "publisher" else 60) for c, col in zip(cols, zip(cols, *table))]
    print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    for row in table:
        print("  ".join(v[:w].ljust(w) for v, w in zip(row, widths)))
    print(
        f"({len(rows)} sources; status from {db_used or 'no warehouse yet: run `fabricwatch fetch`'})", file=sys.stderr
    )
    return 0


def source_row(source, st: dict | None) -> dict:
    if not st:
        state = "never fetched"
    elif st["failing"] and st["failing"] == st["documents"]:
        state = "error"
    elif st["failing"]:
        state = f"partial ({st['failing']}/{st['documents']} failing)"
    elif st["not_recorded"] == st["documents"]:
        state = "not recorded"
    elif st["not_recorded"]:
        state = f"ok ({st['not_recorded']}/{st['documents']} not recorded)"
    else:
        state = "ok"
    fmt = lambda ts: ts.strftime("%Y-%m-%d %H:%M") if ts else None  # noqa: E731
    return {
        "source_id": source.source_id,
        "title": source.title,
        "publisher": source.publisher,
        "kind": source.kind,
        "cadence": source.cadence,
        "parser": source.parser,
        "status": state,
        "documents": st["documents"] if st else 0,
        "last_fetch": fmt(st["last_fetch"]) if st else None,
        "last_change": fmt(st["last_change"]) if st else None,
        "last_error": st["last_error"] if st else None,
    }


def _read_status() -> tuple[dict, str | None]:
    """From the working database (freshest), else the published one; both opened read-only."""
    import duckdb

    from warehouse import db
    from warehouse.raw import source_status

    p = db.paths(home())
    for path in (p.work, p.published):
        if not path.exists():
            continue
        try:
            with db.read_only_connection(path) as con:
                return source_status(con), str(path)
        except (duckdb.IOException, duckdb.CatalogException):
            continue  # locked by a running refresh, or a warehouse without the raw tables
    return {}, None
