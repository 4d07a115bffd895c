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
from sources.fetch.modes import FetchMode
from pipelines import journal
from pipelines.ghost_runs import mark_ghost_runs_failed
from sources import inbox
from sources.registry import REGISTRY, Source

INBOX_FOLDERS = ("nccl", "top500", "curated")  # inbox/<folder>/: nccl-tests logs, TOP500 lists, analyst CSVs
# The inbox job: the inbox step and everything that reads what it accepts (inbox-fed sources, the
# curated ledger, ...). A run started for accepted files selects only what those files reach
# (inbox_selection).
INBOX_SELECTION = dg.AssetSelection.assets("inbox_files").downstream()
CURATED_FOLDER, CURATED_KEY = "curated", dg.AssetKey("curated_ledger")  # analyst CSVs are read by the ledger


def inbox_readers(folders, registry: tuple[Source, ...] = REGISTRY) -> list[dg.AssetKey]:
    """The assets that read the files accepted into inbox/<folder>/: the fetch asset of each source fed
    by a folder (it replays inbox/processed/<folder>/ into raw.documents) and the ledger for analyst CSVs."""
    folders = set(folders)
    keys = [dg.AssetKey(asset_name(s)) for s in registry if s.inbox and s.inbox in folders]
    return [*keys, *([CURATED_KEY] if CURATED_FOLDER in folders else [])]


def inbox_selection(folders, registry: tuple[Source, ...] = REGISTRY) -> dg.AssetSelection | None:
    """What an ingest of files accepted into these folders rebuilds: their readers and everything
    downstream of what those write, by lineage (an nccl-tests log: its fetch and parse, the marts and
    model assets reading core.nccl_* or core.observations, publish and alerts; not the TOP500 or
    MLPerf marts). Not the inbox step: the files were validated already. None when no folder is fed."""
    keys = inbox_readers(folders, registry)
    return dg.AssetSelection.assets(*keys).downstream() if keys else None


def inbox_select(folders, registry: tuple[Source, ...] = REGISTRY) -> list[str]:
    """inbox_selection as `fabricwatch refresh --select` strings (what `fabricwatch ingest` runs)."""
    return [f"key:{k.to_user_string()}+" for k in inbox_readers(folders, registry)]


def cadence_selection(cadence: str, registry: tuple[Source, ...] = REGISTRY) -> dg.AssetSelection | None:
    """The sources of one cadence and everything downstream of them (by lineage: parsers, model, marts, publish)."""
    keys = [dg.AssetKey(asset_name(s)) for s in registry if s.cadence == cadence]
    return dg.AssetSelection.assets(*keys).downstream() if keys else None


def cadence_jobs_and_schedules(
    registry: tuple[Source, ...] = REGISTRY, hooks: frozenset = frozenset()
) -> tuple[list, list]:
    jobs, schedules = [], []
    for cadence, cron in CRON.items():
        selection = cadence_selection(cadence, registry)
        if selection is None:
            continue
        job = dg.define_asset_job(
            f"refresh_{cadence}",
            selection=selection,
            description=f"Fetch the {cadence} sources, rebuild what depends on them, publish.",
            tags={"fabricwatch/mode": FetchMode.live.value},
            hooks=set(hooks),
        )
        jobs.append(job)
        schedules.append(
            dg.ScheduleDefinition(
                name=f"{cadence}_sources",
                job=job,
                cron_schedule=cron,
                execution_timezone="UTC",
                default_status=dg.DefaultScheduleStatus.RUNNING,
                # scheduled runs fetch from the sites, whatever mode the UI was started in
                run_config={"resources": {"fetcher": {"config": {"mode": FetchMode.live.name}}}},
            )
        )
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


def report_journal(home, context: dg.SensorEvaluationContext) -> int:
    """What `fabricwatch ingest` did without a Dagster run, reported as runless asset events (the UI shows
    them within a sensor interval, even when no command runs)."""
    try:
        return journal.report(home, context.instance)
    except Exception as exc:  # noqa: BLE001 - never stops the sensor; the journal waits for the next evaluation
        context.log.warning(f"fast-ingest journal not reported: {exc}")
        return 0


def build_inbox_sensor(
    job: dg.UnresolvedAssetJobDefinition, inbox_dir_fn, assets: list[dg.AssetsDefinition] = (), home_fn=None
) -> dg.SensorDefinition:
    """`inbox_dir_fn()` returns the inbox folder; read at evaluation time, not at import. `assets` (the
    graph's assets) resolve which of the job's assets the accepted files reach. `home_fn()`: the home
    whose fast-ingest journal the sensor reports to Dagster at each evaluation (pipelines/journal.py)."""

    @dg.sensor(
        name="inbox_sensor",
        job=job,
        minimum_interval_seconds=30,
        default_status=dg.DefaultSensorStatus.RUNNING,
        description="Starts an ingest run when nccl-tests logs, TOP500 lists or analyst CSVs are dropped into $FABRICWATCH_HOME/inbox/.",
    )
    def inbox_sensor(context: dg.SensorEvaluationContext):
        if context.instance_ref is not None:  # (none in unit tests' contexts)
            mark_ghost_runs_failed(instance=context.instance)  # a killed run must not block this one forever
        if home_fn is not None:
            report_journal(home_fn(), context)
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
            return dg.SkipReason(
                f"all {len(results)} dropped file(s) rejected (see inbox/rejected/): no run, no new release"
            )
        folders = sorted({r.folder for r in results if r.accepted})
        selection = inbox_selection(folders) if assets else None
        return dg.RunRequest(
            run_key=f"inbox-{signature}",
            # only what the accepted files reach; the whole job when none was accepted
            # here (the files were processed elsewhere: rebuild all the inbox feeds)
            asset_selection=sorted(selection.resolve(assets), key=lambda k: k.to_user_string())
            if selection is not None
            else None,
            tags={
                "fabricwatch/mode": FetchMode.offline.value,
                "fabricwatch/inbox_files": str(len(files)),
                "fabricwatch/selection": " ".join(inbox_select(folders)),
            },
        )

    return inbox_sensor
