"""Every run of the refresh, inbox and cadence jobs records its outcome in last_refresh.json
(warehouse/refresh_status.py), however it was started: `fabricwatch refresh`/`ingest` (in-process),
a schedule or the inbox sensor (the daemon), or the UI.

Once per run, by whoever knows the outcome first, all of it in the run's own process so that
`execute_in_process` records too:
- success: the publish step, as its last act (pipelines/steps.py `publish_working`, also the fast ingest's:
  the run published; the ERROR checks it failed without blocking, i.e. a parser whose previous records
  are carried forward, are listed);
- failure: a failure hook on every step of these jobs (a failed step, or a failed blocking check,
  which fails its step); a second failed step of the same run adds itself to that run's record;
- a run that fails without a failing step (its process killed, then marked failed by the ghost-run
  sweep) or is cancelled: the run-failure and run-cancelled sensors, evaluated by the daemon, for
  runs not yet recorded (and not older than the recorded one).
The sensors skip runs already recorded, so no outcome is written twice.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg

from pipelines.resources import WarehouseResource
from warehouse import refresh_status, runs


def _failed_checks(warehouse: WarehouseResource, run_id: str) -> list[str]:
    try:
        with warehouse.connect() as con:
            return runs.failed_checks(con, run_id)
    except Exception:  # noqa: BLE001 - the working database may be why the run failed
        return []


def record_failure(home: Path, run_id: str, *, steps=(), checks=(), job: str | None = None) -> None:
    """A failure of run `run_id`, merged with what this run already recorded (a step that published)."""
    before = refresh_status.recorded(home, run_id) or {}
    refresh_status.record(
        home,
        run_id=run_id,
        success=False,
        published=bool(before.get("published")),
        failed_steps=[*before.get("failed_steps", []), *steps],
        failed_checks=[*before.get("failed_checks", []), *checks],
        job=job,
    )


@dg.failure_hook(name="record_run_failure", required_resource_keys={"warehouse"})
def record_failed_step(context: dg.HookContext) -> None:
    """A step of the run failed (its own error or a failed blocking check): the run failed."""
    warehouse: WarehouseResource = context.resources.warehouse
    run_id = context.run_id
    try:
        record_failure(
            warehouse.home_path,
            run_id,
            steps=[context.step_key],
            checks=_failed_checks(warehouse, run_id),
            job=context.job_name,
        )
    except Exception as exc:  # noqa: BLE001 - recording must never hide the step's own failure
        context.log.warning(f"could not record the run's failure in {refresh_status.NAME}: {exc}")


def _newer_record(home: Path, record) -> bool:
    """True when the file records another run that finished after `record` (a run record) ended."""
    import datetime as dt

    info = refresh_status.last(home)
    if not info or not info.get("finished_at") or record is None or not record.end_time:
        return False
    try:
        finished = dt.datetime.fromisoformat(info["finished_at"]).timestamp()
    except ValueError:
        return False
    return finished >= record.end_time


def _record_unrecorded(context, warehouse: WarehouseResource, what: str):
    run = context.dagster_run
    if refresh_status.recorded(warehouse.home_path, run.run_id):
        return dg.SkipReason(f"run {run.run_id} already recorded")
    if _newer_record(warehouse.home_path, context.instance.get_run_record_by_id(run.run_id)):
        # e.g. a ghost run marked failed by the sweep of the refresh that then published
        return dg.SkipReason(f"run {run.run_id} ended before the recorded run finished")
    steps = sorted(
        {
            e.step_key
            for e in context.instance.all_logs(run.run_id, of_type=dg.DagsterEventType.STEP_FAILURE)
            if e.step_key
        }
    )
    record_failure(
        warehouse.home_path,
        run.run_id,
        steps=steps or [f"run: {what}"],
        checks=_failed_checks(warehouse, run.run_id),
        job=run.job_name,
    )
    return None


def build_run_failure_sensors(jobs: list) -> list[dg.SensorDefinition]:
    """The daemon's catch-all: a monitored run that failed or was cancelled and is not recorded yet."""

    @dg.run_failure_sensor(
        name="record_failed_runs",
        monitored_jobs=jobs,
        default_status=dg.DefaultSensorStatus.RUNNING,
        description=f"Records a failed run in $FABRICWATCH_HOME/{refresh_status.NAME} (the "
        "dashboard's banner) when no step of it did (a killed run marked failed).",
    )
    def record_failed_runs(context: dg.RunFailureSensorContext, warehouse: WarehouseResource):
        message = (context.failure_event.message or "run failed").strip().splitlines()[0][:200]
        return _record_unrecorded(context, warehouse, message)

    @dg.run_status_sensor(
        name="record_canceled_runs",
        run_status=dg.DagsterRunStatus.CANCELED,
        monitored_jobs=jobs,
        default_status=dg.DefaultSensorStatus.RUNNING,
        description=f"Records a cancelled run in $FABRICWATCH_HOME/{refresh_status.NAME}: it "
        "published nothing (unless its publish step had run).",
    )
    def record_canceled_runs(context: dg.RunStatusSensorContext, warehouse: WarehouseResource):
        return _record_unrecorded(context, warehouse, "cancelled")

    return [record_failed_runs, record_canceled_runs]
