"""Every run records its outcome in last_refresh.json, in-process too (pipelines/run_status.py):
the publish step on success, a failure hook on a failed step (a failed blocking check fails its
step), the daemon's run-failure sensor for runs no step recorded — each run once."""

from __future__ import annotations

import shutil
from pathlib import Path

import dagster as dg
import pytest

from pipelines.resources import WarehouseResource
from pipelines.run_status import build_run_failure_sensors, record_failed_step
from warehouse import refresh_status


def _failing_check_job(home: Path, failing_check):
    bad_data, bad_data_is_valid = failing_check

    @dg.asset(deps=[bad_data])
    def downstream() -> None:
        return None

    job = dg.define_asset_job("refresh", hooks={record_failed_step})
    return dg.Definitions(
        assets=[bad_data, downstream],
        asset_checks=[bad_data_is_valid],
        jobs=[job],
        resources={"warehouse": WarehouseResource(home=str(home))},
    ), job


def test_a_job_run_in_process_with_a_failing_check_records_a_failed_status(tmp_path, failing_check):
    home = tmp_path / "home"
    home.mkdir()
    defs, job = _failing_check_job(home, failing_check)
    instance = dg.DagsterInstance.ephemeral()
    result = defs.resolve_job_def("refresh").execute_in_process(instance=instance, raise_on_error=False)
    assert not result.success
    info = refresh_status.last(home)
    assert info["run_id"] == result.run_id and info["success"] is False and info["published"] is False
    assert info["failed_steps"] == ["bad_data_bad_data_is_valid"] and info["job"] == "refresh"
    # the run-failure sensor (daemon) sees a run already recorded and writes nothing
    sensor, _canceled = build_run_failure_sensors([job])
    before = (home / refresh_status.NAME).read_text(encoding="utf-8")
    ctx = dg.build_run_status_sensor_context(
        sensor_name=sensor.name,
        dagster_event=result.get_run_failure_event(),
        dagster_instance=instance,
        dagster_run=result.dagster_run,
        resources={"warehouse": WarehouseResource(home=str(home))},
    )
    assert isinstance(sensor(ctx.for_run_failure()), dg.SkipReason)
    assert (home / refresh_status.NAME).read_text(encoding="utf-8") == before
    # a failed run nothing recorded (the file gone): the sensor records it, with its failed step
    (home / refresh_status.NAME).unlink()
    assert sensor(ctx.for_run_failure()) is None
    info = refresh_status.last(home)
    assert (
        info["run_id"] == result.run_id
        and info["success"] is False
        and info["failed_steps"] == ["bad_data_bad_data_is_valid"]
    )


@pytest.mark.slow
def test_the_refresh_job_records_failure_and_success_without_the_cli(refreshed_home, tmp_path, monkeypatch, bad_ledger):
    """The real refresh job, executed as the daemon or the UI would (not through `fabricwatch refresh`)."""
    from pipelines.definitions import build_definitions
    from pipelines.instance import dagster_instance

    home = tmp_path / "home"
    shutil.copytree(refreshed_home, home, ignore=shutil.ignore_patterns("dagster", refresh_status.NAME))
    job = build_definitions(str(home), "offline").resolve_job_def("refresh")
    failed = job.execute_in_process(instance=dagster_instance(home), raise_on_error=False)
    info = refresh_status.last(home)
    assert not failed.success and info["run_id"] == failed.run_id
    assert info["success"] is False and "curated_ledger" in info["failed_steps"] and not info["published"]
    monkeypatch.undo()
    ok = job.execute_in_process(instance=dagster_instance(home), raise_on_error=False)
    info = refresh_status.last(home)
    assert ok.success and info["run_id"] == ok.run_id and info["success"] is True and info["published"] is True
    assert info["failed_checks"] == []
