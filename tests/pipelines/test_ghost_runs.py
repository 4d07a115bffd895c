"""A refresh killed at any moment leaves no run in a non-terminal status (pipelines/ghost_runs.py).

Killed before RUN_START (between creating its run and starting it), a refresh leaves the run
NOT_STARTED; the pid tag it puts on the run lets the next refresh, the UI start or a sensor tick see
that the creator is gone. Runs of live processes and QUEUED runs (waiting for the daemon) stay."""

from __future__ import annotations

import subprocess
import sys

import dagster as dg
import pytest

from pipelines.ghost_runs import IN_PROGRESS, PID_TAG, creator_tags, mark_ghost_runs_failed


@dg.op
def _noop():
    return 1


@dg.job
def _job():
    _noop()


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_run_left_not_started_by_a_killed_refresh_is_marked_failed():
    with dg.instance_for_test() as instance:
        killed = instance.create_run_for_job(
            _job, status=dg.DagsterRunStatus.NOT_STARTED, tags={PID_TAG: str(_dead_pid())}
        )
        live = instance.create_run_for_job(_job, status=dg.DagsterRunStatus.NOT_STARTED, tags=creator_tags())
        untagged = instance.create_run_for_job(_job, status=dg.DagsterRunStatus.NOT_STARTED)  # too recent to judge

        ghosts = mark_ghost_runs_failed(instance=instance)

        assert [g.run_id for g in ghosts] == [killed.run_id]
        assert "is gone" in ghosts[0].reason
        status = {r: instance.get_run_by_id(r).status for r in (killed.run_id, live.run_id, untagged.run_id)}
        assert status == {
            killed.run_id: dg.DagsterRunStatus.FAILURE,
            live.run_id: dg.DagsterRunStatus.NOT_STARTED,
            untagged.run_id: dg.DagsterRunStatus.NOT_STARTED,
        }
        assert mark_ghost_runs_failed(instance=instance) == []  # marked once


def test_queued_runs_wait_for_the_daemon_and_are_not_candidates():
    assert dg.DagsterRunStatus.QUEUED not in IN_PROGRESS and dg.DagsterRunStatus.NOT_STARTED in IN_PROGRESS


def test_creator_tags_name_this_process():
    import os

    assert creator_tags() == {PID_TAG: str(os.getpid())}


@pytest.mark.slow
def test_a_refresh_tags_its_run_with_its_process(refreshed_home):
    import os

    from pipelines.instance import dagster_instance

    [record] = dagster_instance(refreshed_home).get_run_records(limit=1)
    assert record.dagster_run.tags[PID_TAG] == str(os.getpid())  # the session's refresh ran in this process
