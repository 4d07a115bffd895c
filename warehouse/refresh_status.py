"""The outcome of the last refresh, kept beside the published warehouse ($FABRICWATCH_HOME/last_refresh.json).

A failed refresh publishes nothing, so the published file cannot say that it failed; this small file
does, and the dashboard shows it over every page ("the last refresh failed: check X; you are looking
at the release built at Y"). Written atomically by `fabricwatch refresh` and `fabricwatch ingest`.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

NAME = "last_refresh.json"


def record(home: str | Path, *, run_id: str, success: bool, failed_steps=(), failed_checks=()) -> None:
    path = Path(home) / NAME
    info = {"run_id": run_id, "success": bool(success),
            "finished_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
            "failed_steps": list(failed_steps), "failed_checks": list(failed_checks)}
    tmp = path.with_name(f".{NAME}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def last(home: str | Path) -> dict | None:
    try:
        info = json.loads((Path(home) / NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def failure_notice(home: str | Path) -> str | None:
    """A sentence for the dashboard when the last refresh failed, else None."""
    info = last(home)
    if not info or info.get("success"):
        return None
    what = ", ".join(info.get("failed_checks") or []) or ", ".join(info.get("failed_steps") or []) or "see its log"
    from warehouse.releases import read_manifest
    built = (read_manifest(Path(home) / "warehouse.duckdb") or {}).get("built_at") or "unknown"
    return (f"The last refresh (run {info.get('run_id') or '?'}, {info.get('finished_at')}) failed: {what}. "
            f"Nothing from it was published: this is the previous release, built {built}.")
