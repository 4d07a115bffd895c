"""What the fast ingest did, kept for Dagster: a journal the Dagster side reports as runless asset events.

A fast ingest (pipelines/fast_ingest.py) runs no Dagster run. So that the UI still shows every asset
it materialized and every check it ran, it appends one JSON line per stage (the build: fetch, parse,
model, marts and their checks; then the publish and alerts) to `$FABRICWATCH_HOME/dagster/fast_ingest.jsonl`.
The next Dagster-backed command (a `fabricwatch refresh` or an ingest that runs as a Dagster run:
pipelines/runner.py) and the daemon's inbox sensor report the lines not yet reported with
`DagsterInstance.report_runless_asset_event` (an `AssetMaterialization` per asset, tagged with its
code version, and an `AssetCheckEvaluation` per check), then move the cursor
(`fast_ingest.reported`, the byte offset reported up to) past them.

Appending needs no Dagster (the fast ingest imports none); reporting imports it. Only complete lines
are read, so a fast ingest appending while the sensor reports is safe; a crash between reporting and
moving the cursor reports those events again at the next report (at least once, never lost).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from sources.files import write_atomic

NAME = "fast_ingest.jsonl"
CURSOR = "fast_ingest.reported"
JOB = "fast_ingest"  # the job name recorded for a fast ingest (meta.runs, last_refresh.json, event tags)
RUN_TAG = "fabricwatch/fast_ingest_run"  # on every reported event: the fast ingest's run id
CODE_VERSION_TAG = "dagster/code_version"  # Dagster's tag for the code version of a materialization


def journal_path(home: str | Path) -> Path:
    return Path(home) / "dagster" / NAME


def _cursor_path(home: str | Path) -> Path:
    return Path(home) / "dagster" / CURSOR


def append(home: str | Path, record: dict) -> None:
    """One stage of a fast ingest, as one line (written with one write, then synced)."""
    path = journal_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    line = (json.dumps(record, default=str, sort_keys=True) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)


def records(home: str | Path, start: int = 0) -> tuple[list[dict], int]:
    """The complete lines from byte `start` on, and the offset after the last complete one."""
    path = journal_path(home)
    if not path.exists():
        return [], start
    with path.open("rb") as f:
        f.seek(start)
        data = f.read()
    end = data.rfind(b"\n") + 1
    lines = [ln for ln in data[:end].split(b"\n") if ln.strip()]
    return [json.loads(ln) for ln in lines], start + end


def reported_offset(home: str | Path) -> int:
    try:
        return int(_cursor_path(home).read_text(encoding="utf-8").strip() or 0)
    except (FileNotFoundError, ValueError):
        return 0


def pending(home: str | Path) -> tuple[list[dict], int]:
    """The stages not yet reported to Dagster, and the offset to move the cursor to once they are."""
    start = reported_offset(home)
    size = journal_path(home).stat().st_size if journal_path(home).exists() else 0
    if start > size:  # the journal was replaced (a new home's): report it from its start
        start = 0
    return records(home, start)


def _set_cursor(home: str | Path, offset: int) -> None:
    write_atomic(_cursor_path(home), str(offset))


def asset_events(record: dict) -> list:
    """One journaled stage as Dagster runless events: materializations, then check evaluations."""
    import dagster as dg

    from pipelines.checks import as_evaluation
    from pipelines.steps import CheckOutcome

    out = []
    tags = {RUN_TAG: record["run_id"]}
    for m in record.get("materializations", []):
        out.append(
            dg.AssetMaterialization(
                asset_key=dg.AssetKey.from_user_string(m["asset"]),
                description=f"fast ingest {record['run_id']} (no Dagster run: pipelines/fast_ingest.py)",
                metadata=_metadata(m),
                tags={**tags, **({CODE_VERSION_TAG: m["code_version"]} if m.get("code_version") else {})},
            )
        )
    for c in record.get("checks", []):
        out.append(as_evaluation(CheckOutcome(**c)))
    return out


def _metadata(m: dict) -> dict:
    """The metadata the asset's step reports in a Dagster run, built from the journaled facts by the same functions."""
    facts = m.get("facts") or {}
    kind = m.get("kind")
    if kind == "mart":
        from pipelines.assets.marts import mart_metadata

        return mart_metadata(facts)
    if kind == "parse":
        from pipelines.assets.parse import parse_metadata

        return parse_metadata(facts)
    return {k: v for k, v in facts.items() if v is not None}


def report(home: str | Path, instance) -> int:
    """Report the journal's unreported stages to `instance` as runless asset events; returns how many events."""
    stages, end = pending(home)
    n = 0
    for record in stages:
        for event in asset_events(record):
            instance.report_runless_asset_event(event)
            n += 1
    if stages:
        _set_cursor(home, end)
    return n
