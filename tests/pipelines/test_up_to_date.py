"""The no-change decision made before Dagster is imported (pipelines/up_to_date.py), against Dagster's own
run storage and real release manifests."""

from __future__ import annotations

import json

import dagster as dg
import pytest

from pipelines import up_to_date
from pipelines.instance import dagster_instance
from sources import settings
from warehouse import releases


def test_no_run_storage_means_no_unfinished_run(tmp_path):
    assert not up_to_date.unfinished_runs_possible(tmp_path)


def test_an_unfinished_run_in_dagsters_storage_is_seen_and_a_finished_one_is_not(tmp_path, monkeypatch):
    monkeypatch.delenv(settings.DAGSTER_STORAGE, raising=False)
    instance = dagster_instance(tmp_path)  # the project's SQLite storage, written by Dagster itself
    for status in (dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.CANCELING):
        run = instance.add_run(dg.DagsterRun(job_name="refresh", run_id=f"run-{status.value.lower()}", status=status))
        assert up_to_date.unfinished_runs_possible(tmp_path), status
        instance.report_run_failed(run, message="test")
    assert not up_to_date.unfinished_runs_possible(tmp_path)
    instance.add_run(dg.DagsterRun(job_name="refresh", run_id="done", status=dg.DagsterRunStatus.SUCCESS))
    assert not up_to_date.unfinished_runs_possible(tmp_path)


def test_postgres_storage_or_an_unreadable_file_takes_the_full_path(tmp_path, monkeypatch):
    monkeypatch.setenv(settings.DAGSTER_STORAGE, "postgres")
    assert up_to_date.unfinished_runs_possible(tmp_path)
    monkeypatch.delenv(settings.DAGSTER_STORAGE)
    runs_db = tmp_path / "dagster" / "history" / "runs.db"
    runs_db.parent.mkdir(parents=True)
    runs_db.write_bytes(b"not a database")
    assert up_to_date.unfinished_runs_possible(tmp_path)


@pytest.fixture()
def published(tmp_path):
    path = tmp_path / "warehouse.duckdb"
    path.write_bytes(b"a published warehouse" * 1000)
    info = {
        "sha256": releases.sha256_file(path),
        "size": path.stat().st_size,
        "run_id": "r1",
        "built_at": "2026-12-01T00:00:00Z",
        "input_fingerprint": "f" * 32,
    }
    releases.write_manifest(releases.manifest_path(path), info)
    return path


def test_the_published_fingerprint_comes_from_a_manifest_that_matches_the_file(published):
    assert up_to_date.published_fingerprint(published) == "f" * 32
    published.write_bytes(published.read_bytes()[:-1] + b"X")  # same size, other bytes
    assert up_to_date.published_fingerprint(published) is None


def test_a_manifest_without_a_fingerprint_decides_nothing(published):
    manifest = releases.manifest_path(published)
    info = json.loads(manifest.read_text())
    info.pop("input_fingerprint")
    manifest.write_text(json.dumps(info))
    assert up_to_date.published_fingerprint(published) is None


def test_unchanged_needs_a_matching_fingerprint_and_no_pending_run(published, monkeypatch):
    home = published.parent
    monkeypatch.setattr(up_to_date, "input_fingerprint", lambda h: "f" * 32)
    assert up_to_date.offline_refresh_unchanged(home, published)
    monkeypatch.setattr(up_to_date, "input_fingerprint", lambda h: "e" * 32)
    assert not up_to_date.offline_refresh_unchanged(home, published)
    monkeypatch.setattr(up_to_date, "input_fingerprint", lambda h: "f" * 32)
    monkeypatch.setattr(up_to_date, "unfinished_runs_possible", lambda h: True)
    assert not up_to_date.offline_refresh_unchanged(home, published)
