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
are read, so a fast ingest appending while the sensor reports is safe.

Reporting is exactly once between processes: a reporter holds `fast_ingest.report.lock` (an exclusive
`fcntl.flock`) from reading the cursor to moving it, and a second reporter meanwhile (the sensor while a
refresh reports) reports nothing: the first is reporting those lines. A crash between reporting and moving
the cursor reports those events again at the next report (at least once across crashes, never lost).

Compaction: once the journal exceeds `COMPACT_AT_BYTES`, the reporter that moved the cursor rewrites it
with only the lines after the cursor (`write_atomic`: a reader sees the old file or the new one) and sets
the cursor to 0. The cursor names the journal file it counts in (its inode), so a crash between the two
writes leaves a cursor of the old file, and the new one, all unreported, is reported from its start.
Appending holds `fast_ingest.lock` shared and compaction holds it exclusive, so no line is appended to a
file being replaced.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from pathlib import Path

from sources.files import write_atomic

NAME = "fast_ingest.jsonl"
CURSOR = "fast_ingest.reported"  # "<byte offset reported up to> <inode of the journal it counts in>"
LOCK = "fast_ingest.lock"  # appenders shared, compaction exclusive
REPORT_LOCK = "fast_ingest.report.lock"  # one reporter at a time
# Rewrite the journal without its reported lines once it is this big (about 150 KB per nccl ingest: every
# few ingests); lines not yet reported are always kept.
COMPACT_AT_BYTES = 1 << 20
JOB = "fast_ingest"  # the job name recorded for a fast ingest (meta.runs, last_refresh.json, event tags)
RUN_TAG = "fabricwatch/fast_ingest_run"  # on every reported event: the fast ingest's run id
CODE_VERSION_TAG = "dagster/code_version"  # Dagster's tag for the code version of a materialization


def journal_path(home: str | Path) -> Path:
    return Path(home) / "dagster" / NAME


def _cursor_path(home: str | Path) -> Path:
    return Path(home) / "dagster" / CURSOR


@contextlib.contextmanager
def _flock(path: Path, how: int):
    """Hold `fcntl.flock(how)` on `path` (created empty if missing); BlockingIOError when LOCK_NB and held."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, how)
        yield
    finally:
        os.close(fd)  # releases the lock


def append(home: str | Path, record: dict) -> None:
    """One stage of a fast ingest, as one line (written with one write, then synced), to the journal file
    there is once no compaction is replacing it."""
    path = journal_path(home)
    line = (json.dumps(record, default=str, sort_keys=True) + "\n").encode()
    with _flock(path.parent / LOCK, fcntl.LOCK_SH):
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


def _cursor(home: str | Path) -> tuple[int, int | None]:
    """(offset reported up to, inode of the journal file it counts in; None in a cursor written before
    compaction existed)."""
    try:
        parts = _cursor_path(home).read_text(encoding="utf-8").split()
        return int(parts[0]) if parts else 0, int(parts[1]) if len(parts) > 1 else None
    except (FileNotFoundError, ValueError):
        return 0, None


def reported_offset(home: str | Path) -> int:
    return _cursor(home)[0]


def _start(home: str | Path) -> tuple[int, int | None]:
    """Where the unreported lines start in the journal there is, and that file's inode."""
    try:
        st = journal_path(home).stat()
    except FileNotFoundError:
        return 0, None
    offset, inode = _cursor(home)
    if (inode is not None and inode != st.st_ino) or offset > st.st_size:
        return 0, st.st_ino  # the journal was replaced (compacted, or a new home's): all of it is unreported
    return offset, st.st_ino


def pending(home: str | Path) -> tuple[list[dict], int]:
    """The stages not yet reported to Dagster, and the offset to move the cursor to once they are."""
    return records(home, _start(home)[0])


def _set_cursor(home: str | Path, offset: int, inode: int | None) -> None:
    write_atomic(_cursor_path(home), f"{offset} {inode}" if inode is not None else str(offset))


def compact(home: str | Path, at_bytes: int = COMPACT_AT_BYTES) -> bool:
    """Once the journal is bigger than `at_bytes`, rewrite it with only its unreported lines (atomically) and
    point the cursor at its start; whether it did. Call while holding the report lock (`report` does)."""
    path = journal_path(home)
    with _flock(path.parent / LOCK, fcntl.LOCK_EX):  # no append while the file is replaced
        try:
            st = path.stat()
        except FileNotFoundError:
            return False
        offset, inode = _cursor(home)
        if st.st_size <= at_bytes or inode != st.st_ino or not 0 < offset <= st.st_size:
            return False
        with path.open("rb") as f:
            f.seek(offset)
            tail = f.read()
        write_atomic(path, tail)
        _set_cursor(home, 0, path.stat().st_ino)  # a crash before this: the old inode, so the new file is read whole
    return True


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


def report(home: str | Path, instance, compact_at: int = COMPACT_AT_BYTES) -> int:
    """Report the journal's unreported stages to `instance` as runless asset events, then compact the journal
    when it is big; returns how many events (0 when another process is reporting them now)."""
    with contextlib.ExitStack() as held:
        try:
            held.enter_context(_flock(journal_path(home).parent / REPORT_LOCK, fcntl.LOCK_EX | fcntl.LOCK_NB))
        except BlockingIOError:
            return 0  # another reporter holds the lock: it reports these lines
        start, inode = _start(home)
        stages, end = records(home, start)
        n = 0
        for record in stages:
            for event in asset_events(record):
                instance.report_runless_asset_event(event)
                n += 1
        if stages:
            _set_cursor(home, end, inode)
        compact(home, compact_at)
        return n
