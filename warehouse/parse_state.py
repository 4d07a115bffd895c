"""Bookkeeping of the parse steps (raw.parse_state, raw.parse_history)."""

from __future__ import annotations

import datetime as dt

import duckdb

from sources.clock import naive_utc
from warehouse.dbapi import dict_rows
from warehouse.load import insert_rows, replace_rows

TABLES = ("raw.parse_state", "raw.parse_history", "raw.parse_carried")  # what the parse steps' bookkeeping writes


def previous(con: duckdb.DuckDBPyConnection, source_id: str) -> dict[str, dict]:
    rows = dict_rows(con.execute("SELECT * FROM raw.parse_state WHERE source_id = ?", [source_id]))
    return {r["url"]: r for r in rows}


def unchanged(prev: dict[str, dict], current: list[tuple[str, str]], version: str) -> bool:
    """True when the same documents (url, sha256) were last parsed by the same parser version."""
    if not current or set(prev) != {url for url, _ in current}:
        return False
    return all(prev[url]["sha256"] == sha and prev[url]["parser_version"] == version for url, sha in current)


def save(con: duckdb.DuckDBPyConnection, source_id: str, parser: str, version: str, statuses) -> None:
    now = naive_utc()
    rows = [
        {
            "source_id": source_id,
            "url": s.url,
            "sha256": s.sha256,
            "parser": parser,
            "parser_version": version,
            "status": s.status,
            "records": s.records,
            "error": s.error,
            "parsed_at": now,
        }
        for s in statuses
    ]
    replace_rows(con, "raw.parse_state", rows, where="source_id = ?", params=[source_id])


def log_run(
    con: duckdb.DuckDBPyConnection,
    run_id: str,
    source_id: str,
    *,
    documents: int,
    failed: int,
    records: int,
    skipped: bool,
) -> None:
    insert_rows(
        con,
        "raw.parse_history",
        [
            {
                "run_id": run_id,
                "source_id": source_id,
                "documents": documents,
                "failed": failed,
                "records": records,
                "skipped": skipped,
                "parsed_at": naive_utc(),
            }
        ],
    )


def last_two_runs(con: duckdb.DuckDBPyConnection, source_id: str) -> list[dict]:
    """The latest two parse steps of a source, newest first (for row-count collapse checks)."""
    return dict_rows(
        con.execute("SELECT * FROM raw.parse_history WHERE source_id = ? ORDER BY parsed_at DESC LIMIT 2", [source_id])
    )


# -- carry-forward (raw.parse_carried) ----------------------------------------------------------
FAILED_STATUSES = ("error", "empty")  # a document the parser failed on or found nothing in
YIELD_CHECK = "yield_holds"  # the parse step's check that fails meanwhile (pipelines/assets/parse.py)


def yield_check_name(source_id: str) -> str:
    """`parse_<source>:yield_holds`, as the refresh reports a failed check."""
    return f"parse_{source_id}:{YIELD_CHECK}"


def carried(con: duckdb.DuckDBPyConnection, source_id: str) -> dict[str, dict]:
    """The documents of a source whose previous records are carried forward, by url."""
    rows = dict_rows(con.execute("SELECT * FROM raw.parse_carried WHERE source_id = ? ORDER BY url", [source_id]))
    return {r["url"]: r for r in rows}


def carry_forward(
    prev: dict[str, dict], prev_carried: dict[str, dict], statuses, *, now: dt.datetime | None = None
) -> list[dict]:
    """Which documents keep their previous records (rows for raw.parse_carried).

    A document that fails to parse or finds nothing now keeps the rows of its last good parse: the
    ones it is already carrying, else those of its previous parse when that one yielded records.
    When the whole source now yields nothing although it yielded records before (its record count
    collapsed to zero, e.g. its documents are gone), every document that had records keeps them.
    A document that parses again is not carried: its fresh rows replace the old ones.
    """
    now = now or naive_utc()
    out: dict[str, dict] = {}

    def keep(url: str, status: str, failed_sha: str | None, error: str | None) -> None:
        if url in prev_carried:  # still failing: the same rows, carried since the first failure
            out[url] = {**prev_carried[url], "status": status, "failed_sha256": failed_sha, "error": error}
            return
        before = prev.get(url)
        if before and before["status"] == "ok" and before["records"] > 0:
            out[url] = {
                "source_id": before["source_id"],
                "url": url,
                "carried_sha256": before["sha256"],
                "carried_records": before["records"],
                "carried_parsed_at": before["parsed_at"],
                "since": now,
                "status": status,
                "failed_sha256": failed_sha,
                "error": error,
            }

    for s in statuses:
        if s.status in FAILED_STATUSES:
            keep(s.url, s.status, s.sha256, (s.error or "")[:1000] or None)
    fresh = sum(s.records for s in statuses)
    had = any(p["status"] == "ok" and p["records"] > 0 for p in prev.values()) or bool(prev_carried)
    if fresh == 0 and had:  # the record count collapsed to zero: the whole source is carried
        current = {s.url: s for s in statuses}
        for url in sorted(set(prev) | set(prev_carried)):
            if url not in out:
                s = current.get(url)
                keep(url, s.status if s else "missing", s.sha256 if s else None, s.error if s else None)
    return list(out.values())


def save_carried(con: duckdb.DuckDBPyConnection, source_id: str, rows: list[dict]) -> None:
    replace_rows(con, "raw.parse_carried", rows, where="source_id = ?", params=[source_id])
