"""Published runs and check results (meta.runs, meta.checks): the one place that writes and reads them.

"The last published run" is defined here once (`LAST_PUBLISHED_SQL`); the refresh's up-to-date test,
`fabricwatch export`, the dashboard and the row-count collapse checks all ask this module.
"""

from __future__ import annotations

import datetime as dt
import json

import duckdb

from sources.clock import naive_utc
from warehouse.dbapi import dict_row
from warehouse.load import insert_rows

PUBLISHED = "published"
LAST_PUBLISHED_SQL = (
    "SELECT run_id, started_at, finished_at, mode, status, selection, message, input_fingerprint "
    "FROM meta.runs WHERE status = 'published' ORDER BY finished_at DESC NULLS LAST, started_at DESC LIMIT 1"
)
LATEST_CHECKS_SQL = (
    "SELECT asset, check_name, passed, severity, description, metadata, evaluated_at, run_id FROM meta.checks "
    "WHERE run_id = (SELECT run_id FROM meta.checks ORDER BY evaluated_at DESC LIMIT 1) "
    "ORDER BY passed, severity, asset, check_name"
)


def last_published(con: duckdb.DuckDBPyConnection) -> dict | None:
    """The newest published run as a dict, or None when nothing was published into this database."""
    return dict_row(con.execute(LAST_PUBLISHED_SQL))


def record_published(
    con: duckdb.DuckDBPyConnection,
    *,
    run_id: str,
    started_at: dt.datetime,
    mode: str | None,
    selection: str | None,
    row_counts: dict[str, int],
    fingerprint: str | None,
    message: str = "published by refresh",
) -> None:
    """Record the run being published (written into the working database just before it is copied)."""
    con.execute("DELETE FROM meta.runs WHERE run_id = ?", [run_id])
    insert_rows(
        con,
        "meta.runs",
        [
            {
                "run_id": run_id,
                "started_at": started_at,
                "finished_at": naive_utc(),
                "mode": mode,
                "status": PUBLISHED,
                "selection": selection,
                "row_counts": json.dumps(row_counts),
                "message": message,
                "input_fingerprint": fingerprint,
            }
        ],
    )


FAILED_CHECKS_SQL = (
    "SELECT DISTINCT asset || ':' || check_name AS name FROM meta.checks "
    "WHERE run_id = ? AND NOT passed AND severity = 'ERROR' ORDER BY name"
)


def failed_checks(con: duckdb.DuckDBPyConnection, run_id: str) -> list[str]:
    """`asset:check` of every ERROR check run `run_id` failed (blocking or not)."""
    return [r[0] for r in con.execute(FAILED_CHECKS_SQL, [run_id]).fetchall()]


def check_row(
    *, run_id: str, asset: str, check_name: str, passed: bool, severity: str, description: str, metadata: dict
) -> dict:
    """One asset check outcome as a meta.checks row (`metadata` must be plain JSON)."""
    return {
        "run_id": run_id,
        "asset": asset,
        "check_name": check_name,
        "passed": passed,
        "severity": severity,
        "description": description,
        "metadata": json.dumps(metadata),
        "evaluated_at": naive_utc(),
    }


def store_checks(con: duckdb.DuckDBPyConnection, rows: list[dict]) -> int:
    """Check outcomes (check_row) into meta.checks in one insert (a step's checks: one write, not one each).

    One parameterised INSERT of the rows' values, by column name (the keys `check_row` gives; a key the
    table lacks is refused by DuckDB): a mart's two or three outcomes went through a DataFrame
    (insert_rows) at ~5 ms a mart, most of it building the frame."""
    if not rows:
        return 0
    columns = sorted({k for r in rows for k in r})
    one = "(" + ", ".join("?" * len(columns)) + ")"
    con.execute(
        f"INSERT INTO meta.checks ({', '.join(columns)}) VALUES {', '.join([one] * len(rows))}",
        [r.get(c) for r in rows for c in columns],
    )
    return len(rows)
