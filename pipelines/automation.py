"""Schedules (one per source cadence) and the inbox sensor.

A scheduled run fetches the sources of that cadence and rebuilds everything downstream of them,
ending with the publish step; the sensor starts a run when files are dropped into the inbox.
Both run only while the Dagster daemon runs (`fabricwatch ui`), one run at a time (dagster.yaml).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import dagster as dg

from pipelines.assets.fetch import asset_name
from sources.cadence import CRON
from sources.fetchers import FetchMode
from pipelines.ghost_runs import mark_ghost_runs_failed
from sources import inbox
from sources.registry import REGISTRY, Source

INBOX_FOLDERS = ("nccl", "top500", "curated")   # inbox/<folder>/: nccl-tests logs, TOP500 lists, analyst CSVs
# The inbox step and everything that reads what it accepts (inbox-fed sources, the curated ledger, ...).
INBOX_SELECTION = dg.AssetSelection.assets("inbox_files").downstream()


def cadence_selection(cadence: str, registry: tuple[Source, ...] = REGISTRY) -> dg.AssetSelection | None:
    """The sources of one cadence and everything downstream of them (by lineage: parsers, model, marts, publish)."""
    keys = [dg.AssetKey(asset_name(s)) for s in registry if s.cadence == cadence]
    return dg.AssetSelection.assets(*keys).downstream() if keys else None


def cadence_jobs_and_schedules(registry: tuple[Source, ...] = REGISTRY, hooks: frozenset = frozenset()) -> tuple[list, list]:
    jobs, schedules = [], []
    for cadence, cron in CRON.items():
        selection = cadence_selection(cadence, registry)
        if selection is None:
            continue
        job = dg.define_asset_job(
            f"refresh_{cadence}", selection=selection,
            description=f"Fetch the {cadence} sources, rebuild what depends on them, publish.",
            tags={"fabricwatch/mode": FetchMode.live.value}, hooks=set(hooks),
        )
        jobs.append(job)
        schedules.append(dg.ScheduleDefinition(
            name=f"{cadence}_sources", job=job, cron_schedule=cron, execution_timezone="UTC",
            default_status=dg.DefaultScheduleStatus.RUNNING,
            # scheduled runs fetch from the sites, whatever mode the UI was started in
            run_config={"resources": {"fetcher": {"config": {"mode": FetchMode.live.name}}}},
        ))
    return jobs, schedules


def pending_inbox_files(inbox: Path) -> list[Path]:
    """Files waiting in inbox/<folder>/ (processed/ and rejected/ hold what was already handled)."""
    files = []
    for folder in INBOX_FOLDERS:
        d = inbox / folder
        if d.is_dir():
            files.extend(p for p in sorted(d.iterdir()) if p.is_file() and not p.name.startswith("."))
    return files


def inbox_signature(files: list[Path]) -> str:
    h = hashlib.sha256()
    for p in files:
        st = p.stat()
        h.update(f"{p.parent.name}/{p.name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


def build_inbox_sensor(job: dg.UnresolvedAssetJobDefinition, inbox_dir_fn) -> dg.SensorDefinition:
    """`inbox_dir_fn()` returns the inbox folder; read at evaluation time, not at import."""

    @dg.sensor(name="inbox_sensor", job=job, minimum_interval_seconds=30,
               default_status=dg.DefaultSensorStatus.RUNNING,
               description="Starts an ingest run when nccl-tests logs, TOP500 lists or analyst CSVs are dropped into $FABRICWATCH_HOME/inbox/.")
    def inbox_sensor(context: dg.SensorEvaluationContext):
        if context.instance_ref is not None:  # (none in unit tests' contexts)
            mark_ghost_runs_failed(instance=context.instance)  # a killed run must not block this one forever
        files = pending_inbox_files(Path(inbox_dir_fn()))
        if not files:
            return dg.SkipReason("inbox is empty")
        signature = inbox_signature(files)
        if signature == context.cursor:
            return dg.SkipReason("these files were already handed to a run")
        context.update_cursor(signature)
        # validate now: when every dropped file is rejected there is nothing new to publish
        results = inbox.process(Path(inbox_dir_fn()))
        if results and not any(r.accepted for r in results):
            return dg.SkipReason(f"all {len(results)} dropped file(s) rejected (see inbox/rejected/): no run, no new release")
        return dg.RunRequest(run_key=f"inbox-{signature}",
                             tags={"fabricwatch/mode": FetchMode.offline.value, "fabricwatch/inbox_files": str(len(files))})

    return inbox_sensor
