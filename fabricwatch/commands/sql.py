"""fabricwatch sql: read-only SQL on the published warehouse."""

from __future__ import annotations

import argparse
import csv
import json
import sys


from fabricwatch.config import home

NAME = "sql"
HELP = "Run one read-only SQL statement on the published warehouse (table, csv or json output)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("statement", help='e.g. "SELECT indicator, count(*) FROM core.observations GROUP BY 1"')
    parser.add_argument(
        "--format",
        choices=("table", "csv", "json"),
        default="table",
        help="table (default), csv, or json (an array of row objects; dates as ISO strings)",
    )
    parser.add_argument("--max-rows", type=int, default=None, help="stop after this many rows")


def run(args: argparse.Namespace) -> int:
    from warehouse.query import run_query

    # QueryRejected (not one read-only statement, or DuckDB refused it) and a missing warehouse: exit 2
    result = run_query(home(), args.statement, max_rows=args.max_rows, safe=False)
    if args.format == "json":
        json.dump(result.records(), sys.stdout, ensure_ascii=False, indent=1)
        print()
    elif args.format == "csv":
        writer = csv.writer(sys.stdout)
        writer.writerow(result.columns)
        writer.writerows(result.rows)
    else:
        _print_table(result.columns, result.rows)
    if result.truncated:
        print(f"(stopped after {args.max_rows} rows)", file=sys.stderr)
    return 0


def _print_table(columns: list[str], rows: list[tuple], max_width: int = 60) -> None:
    cells = [[_cell(v, max_width) for v in row] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths)))
    print("  ".join("-" * w for w in widths))
    for r in cells:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths)))
    print(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")


def _cell(v, max_width: int) -> str:
    s = "NULL" if v is None else str(v)
    return s if len(s) <= max_width else s[: max_width - 1] + "…"
