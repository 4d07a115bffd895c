"""The raw layer: write fetch runs (attempts, documents, versions, changes), read what is known.

Storage only: the fetch itself (network, replay) is the fetcher resource's (pipelines/fetcher_resource.py).

Functions take an open DuckDB connection (the working database). Rows are handed to DuckDB as
Arrow tables, so a run of hundreds of URLs is a handful of statements.
"""

from __future__ import annotations

import datetime as dt

import duckdb

from sources.clock import naive_utc
from sources.fetch.results import FetchRun, KnownVersion
from warehouse.dbapi import dict_rows, registered_rows, transaction

# What a fetch run writes (record_run).
TABLES = ("raw.fetch_log", "raw.document_versions", "raw.changes", "raw.documents")

_KNOWN = """
SELECT url, current_sha256, etag, last_modified, bytes
FROM raw.documents WHERE current_sha256 IS NOT NULL
"""

_INSERT_LOG = """
INSERT INTO raw.fetch_log BY NAME
SELECT run_id, seq, source_id, mode, url, purpose, attempt, started_at, outcome, status, bytes, wire_bytes,
       elapsed_ms, error_class, error_message, retry_after_s
FROM log_rows
"""

_INSERT_VERSIONS = """
INSERT INTO raw.document_versions BY NAME
SELECT url, sha256, source_id, run_id, fetched_at, final_url, status, content_type, encoding, bytes, etag,
       last_modified, recorded, mode
FROM version_rows
"""

_INSERT_CHANGES = """
INSERT INTO raw.changes BY NAME
SELECT url, source_id, run_id, detected_at, change_kind, old_sha256, new_sha256, added_lines, removed_lines,
       old_text_chars, new_text_chars, size_delta_bytes, text_changed, diff, diff_truncated
FROM change_rows
"""

# A failed check keeps the last good body and validators; a 304 may refresh the validators.
_UPSERT_DOCUMENTS = """
INSERT INTO raw.documents BY NAME
SELECT url, source_id, current_sha256, final_url, content_type, encoding, bytes, etag, last_modified, recorded,
       CAST(recorded_at AS DATE) AS recorded_at,
       title, CAST(published_on AS DATE) AS published_on, versions, first_seen_at, last_checked_at,
       last_changed_at, last_outcome, last_error
FROM doc_rows
ON CONFLICT (url) DO UPDATE SET
    source_id       = EXCLUDED.source_id,
    current_sha256  = COALESCE(EXCLUDED.current_sha256, current_sha256),
    final_url       = CASE WHEN EXCLUDED.versions > 0 THEN EXCLUDED.final_url ELSE final_url END,
    content_type    = CASE WHEN EXCLUDED.versions > 0 THEN EXCLUDED.content_type ELSE content_type END,
    encoding        = CASE WHEN EXCLUDED.versions > 0 THEN EXCLUDED.encoding ELSE encoding END,
    bytes           = COALESCE(EXCLUDED.bytes, bytes),
    etag            = CASE WHEN EXCLUDED.current_sha256 IS NULL THEN etag ELSE COALESCE(EXCLUDED.etag, etag) END,
    last_modified   = CASE WHEN EXCLUDED.current_sha256 IS NULL THEN last_modified
                           ELSE COALESCE(EXCLUDED.last_modified, last_modified) END,
    recorded        = COALESCE(EXCLUDED.recorded, recorded),
    recorded_at     = CASE WHEN EXCLUDED.current_sha256 IS NULL THEN recorded_at ELSE EXCLUDED.recorded_at END,
    title           = COALESCE(EXCLUDED.title, title),
    published_on    = COALESCE(EXCLUDED.published_on, published_on),
    versions        = versions + EXCLUDED.versions,
    last_checked_at = EXCLUDED.last_checked_at,
    last_changed_at = COALESCE(EXCLUDED.last_changed_at, last_changed_at),
    last_outcome    = EXCLUDED.last_outcome,
    last_error      = EXCLUDED.last_error
"""

_SOURCE_STATUS = (
    "SELECT * FROM marts.source_status ORDER BY source_id"  # the one definition: sql/marts/source_status.sql
)

_LATEST_DOCUMENTS = """
SELECT url, current_sha256 AS sha256, content_type, encoding, final_url, title, published_on, recorded,
       last_changed_at
FROM raw.documents
WHERE source_id = ? AND current_sha256 IS NOT NULL
ORDER BY url
"""

_RECENT_CHANGES = """
SELECT source_id, url, detected_at, change_kind, added_lines, removed_lines, size_delta_bytes, diff
FROM raw.changes
WHERE text_changed
ORDER BY detected_at DESC, url
LIMIT ?
"""


def known_versions(con: duckdb.DuckDBPyConnection) -> dict[str, KnownVersion]:
    """Current body and validators per URL: the input for conditional GET and diffs."""
    return {
        url: KnownVersion(sha, etag, last_modified, size)
        for url, sha, etag, last_modified, size in con.execute(_KNOWN).fetchall()
    }


def record_run(con: duckdb.DuckDBPyConnection, run: FetchRun) -> dict[str, int]:
    """Write a fetch run: every attempt, the documents' state, new versions and changes."""
    log, docs, versions, changes = _rows(run)
    with transaction(con):
        for name, rows, sql in (
            ("log_rows", log, _INSERT_LOG),
            ("version_rows", versions, _INSERT_VERSIONS),
            ("change_rows", changes, _INSERT_CHANGES),
            ("doc_rows", docs, _UPSERT_DOCUMENTS),
        ):
            if rows:
                with registered_rows(con, rows, name=name):
                    con.execute(sql)
    return {"fetch_log": len(log), "documents": len(docs), "versions": len(versions), "changes": len(changes)}


def source_status(con: duckdb.DuckDBPyConnection) -> dict[str, dict]:
    """marts.source_status as {source_id: row}: documents, stored, failing, not_recorded, last_fetch, ..."""
    return {row["source_id"]: row for row in dict_rows(con.execute(_SOURCE_STATUS))}


def latest_documents(con: duckdb.DuckDBPyConnection, source_id: str) -> list[dict]:
    """The current stored version of every document of a source (what its parser reads)."""
    return dict_rows(con.execute(_LATEST_DOCUMENTS, [source_id]))


def recent_changes(con: duckdb.DuckDBPyConnection, limit: int = 50) -> list[dict]:
    return dict_rows(con.execute(_RECENT_CHANGES, [limit]))


# -- rows -------------------------------------------------------------------------------------
def _naive(ts: dt.datetime | None) -> dt.datetime | None:
    """TIMESTAMP columns hold UTC without a zone."""
    return None if ts is None else naive_utc(ts)


def _rows(run: FetchRun) -> tuple[list[dict], list[dict], list[dict], list[dict]]:
    log: list[dict] = []
    docs: dict[str, dict] = {}
    versions: list[dict] = []
    changes: list[dict] = []
    for o in run.outcomes:
        r = o.fetched.http
        for a in r.attempts:
            log.append(
                {
                    "run_id": run.run_id,
                    "seq": len(log) + 1,
                    "source_id": o.source_id,
                    "mode": run.mode,
                    "url": a.url,
                    "purpose": "index" if o.role == "index" and a.purpose == "page" else a.purpose,
                    "attempt": a.attempt,
                    "started_at": _naive(a.started_at),
                    "outcome": a.outcome,
                    "status": a.status,
                    "bytes": a.bytes,
                    "wire_bytes": a.wire_bytes,
                    "elapsed_ms": float(a.elapsed_ms),
                    "error_class": a.error_class,
                    "error_message": a.error_message,
                    "retry_after_s": a.retry_after_s,
                }
            )
        fetched_at = _naive(r.fetched_at)
        docs[o.url] = {
            "url": o.url,
            "source_id": o.source_id,
            "current_sha256": o.sha256,
            "final_url": r.final_url,
            "content_type": r.content_type,
            "encoding": r.encoding,
            "bytes": o.size,
            "etag": r.headers.get("etag"),
            "last_modified": r.headers.get("last-modified"),
            "recorded": o.fetched.recorded if o.sha256 else None,
            "recorded_at": o.fetched.recorded_at if o.sha256 else None,
            "title": o.fetched.title,
            "published_on": o.fetched.published_on,
            "versions": 1 if o.new_version else 0,
            "first_seen_at": fetched_at,
            "last_checked_at": fetched_at,
            "last_changed_at": fetched_at if o.new_version else None,
            "last_outcome": r.outcome,
            "last_error": f"{r.error_class}: {r.error_message}" if r.error_class else None,
        }
        if o.new_version:
            versions.append(
                {
                    "url": o.url,
                    "sha256": o.sha256,
                    "source_id": o.source_id,
                    "run_id": run.run_id,
                    "fetched_at": fetched_at,
                    "final_url": r.final_url,
                    "status": r.status,
                    "content_type": r.content_type,
                    "encoding": r.encoding,
                    "bytes": o.size,
                    "etag": r.headers.get("etag"),
                    "last_modified": r.headers.get("last-modified"),
                    "recorded": o.fetched.recorded or "live",
                    "mode": run.mode,
                }
            )
        if o.change is not None:
            c = o.change
            changes.append(
                {
                    "url": o.url,
                    "source_id": o.source_id,
                    "run_id": run.run_id,
                    "detected_at": fetched_at,
                    "change_kind": c.change_kind,
                    "old_sha256": c.old_sha256,
                    "new_sha256": c.new_sha256,
                    "added_lines": c.added_lines,
                    "removed_lines": c.removed_lines,
                    "old_text_chars": c.old_chars,
                    "new_text_chars": c.new_chars,
                    "size_delta_bytes": c.size_delta_bytes,
                    "text_changed": c.text_changed,
                    "diff": c.diff,
                    "diff_truncated": c.diff_truncated,
                }
            )
    return log, list(docs.values()), versions, changes
