"""The outcome of the last refresh, kept beside the published warehouse ($FABRICWATCH_HOME/last_refresh.json).

A failed refresh publishes nothing, so the published file cannot say that it failed; this small file
does, and the dashboard shows it over every page ("the last refresh failed: check X; you are looking
at the release built at Y"). Written atomically, once per run, by whichever part of the run knows its
outcome first (pipelines/run_status.py: the publish step on success, a failure hook or the run-failure
sensor on failure), so runs started by the daemon (schedules, the inbox sensor) or the UI are recorded
as well as `fabricwatch refresh` and `fabricwatch ingest`.

A refresh can publish and still have failed a check: a parser that found nothing keeps its previous
records (carried forward, raw.parse_carried) and fails its non-blocking yield check. `carried()` reads
those sources from the published warehouse for the banner.
"""

from __future__ import annotations

import json
from pathlib import Path

from sources.clock import utc_iso
from sources.files import write_atomic
from warehouse.dbapi import dict_rows

NAME = "last_refresh.json"
CARRIED_SQL = Path(__file__).parent / "sql" / "carried_sources.sql"


def record(
    home: str | Path,
    *,
    run_id: str,
    success: bool,
    failed_steps=(),
    failed_checks=(),
    published: bool | None = None,
    job: str | None = None,
) -> None:
    """Write the outcome of run `run_id`. `success`: the run published and no step failed."""
    path = Path(home) / NAME
    info = {
        "run_id": run_id,
        "success": bool(success),
        "published": bool(success) if published is None else bool(published),
        "finished_at": utc_iso(),
        "failed_steps": sorted(set(failed_steps)),
        "failed_checks": sorted(set(failed_checks)),
    }
    if job:
        info["job"] = job
    write_atomic(path, json.dumps(info, indent=1) + "\n")


def last(home: str | Path) -> dict | None:
    try:
        info = json.loads((Path(home) / NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def recorded(home: str | Path, run_id: str) -> dict | None:
    """The record of run `run_id`, if the file holds it (so a run is recorded once)."""
    info = last(home)
    return info if info and info.get("run_id") == run_id else None


def failure(home: str | Path) -> dict | None:
    """The facts of a failed last refresh (for the banner), else None: run, when, what failed, the release shown."""
    info = last(home)
    if not info or info.get("success"):
        return None
    what = ", ".join(info.get("failed_checks") or []) or ", ".join(info.get("failed_steps") or []) or "see its log"
    from warehouse.releases import read_manifest

    built = (read_manifest(Path(home) / "warehouse.duckdb") or {}).get("built_at") or "unknown"
    return {
        "run_id": info.get("run_id") or "?",
        "finished_at": info.get("finished_at"),
        "what": what,
        "built_at": built,
        "published": bool(info.get("published")),
    }


def carried(home: str | Path) -> list[dict]:
    """Sources whose previous records the published warehouse carries forward (a parser that found nothing)."""
    from warehouse import db

    try:
        with db.published_connection(home) as con:
            return dict_rows(con.execute(CARRIED_SQL.read_text(encoding="utf-8")))
    except Exception:  # noqa: BLE001 - no published file yet, or one built before raw.parse_carried
        return []
