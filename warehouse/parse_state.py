"""Bookkeeping of the parse steps (raw.parse_state, raw.parse_history)."""

from __future__ import annotations

import datetime as dt

import duckdb

from warehouse.load import insert_rows, replace_rows

TABLES = ("raw.parse_state", "raw.parse_history")   # what the parse steps' bookkeeping writes


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


def previous(con: duckdb.DuckDBPyConnection, source_id: str) -> dict[str, dict]:
    cur = con.execute("SELECT * FROM raw.parse_state WHERE source_id = ?", [source_id])
    cols = [d[0] for d in cur.description]
    return {row[1]: dict(zip(cols, row)) for row in cur.fetchall()}


def unchanged(prev: dict[str, dict], current: list[tuple[str, str]], version: str) -> bool:
    """True when the same documents (url, sha256) were last parsed by the same parser version."""
    if not current or set(prev) != {url for url, _ in current}:
        return False
    return all(prev[url]["sha256"] == sha and prev[url]["parser_version"] == version for url, sha in current)


def save(con: duckdb.DuckDBPyConnection, source_id: str, parser: str, version: str, statuses) -> None:
    now = _utcnow()
    rows = [{"source_id": source_id, "url": s.url, "sha256": s.sha256, "parser": parser, "parser_version": version,
             "status": s.status, "records": s.records, "error": s.error, "parsed_at": now} for s in statuses]
    replace_rows(con, "raw.parse_state", rows, where="source_id = ?", params=[source_id])


def log_run(con: duckdb.DuckDBPyConnection, run_id: str, source_id: str, *, documents: int, failed: int,
            records: int, skipped: bool) -> None:
    insert_rows(con, "raw.parse_history", [{"run_id": run_id, "source_id": source_id, "documents": documents,
                                            "failed": failed, "records": records, "skipped": skipped,
                                            "parsed_at": _utcnow()}])


def last_two_runs(con: duckdb.DuckDBPyConnection, source_id: str) -> list[dict]:
    """The latest two parse steps of a source, newest first (for row-count collapse checks)."""
    cur = con.execute("SELECT * FROM raw.parse_history WHERE source_id = ? ORDER BY parsed_at DESC LIMIT 2",
                      [source_id])
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]
