"""Releases: manifests (build time, run id, checksum), retention of the last N good ones, restore."""

from __future__ import annotations

import datetime as dt

import pytest

from bench import reliability as rel
from warehouse import db, releases
from tests.warehouse.published import publish_run
from warehouse import publish as wpublish


def _publish_n(home, n: int) -> list[str]:
    ids = [f"run-{i:02d}" for i in range(n)]
    for i, run_id in enumerate(ids):
        publish_run(home, run_id, dt.datetime(2026, 11, 1, 12, i))
    return ids


def test_each_release_is_listed_with_the_run_that_built_it_not_when_it_was_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "10")
    _publish_n(tmp_path, 3)
    listed = releases.list_releases(db.paths(tmp_path).releases)
    # newest first: the file published by run-01 was replaced by run-02's, run-00's by run-01's
    assert [(r.run_id, r.built_at) for r in listed] == [
        ("run-01", "2026-11-01T12:01:00Z"),
        ("run-00", "2026-11-01T12:00:00Z"),
    ]
    assert all(r.good and r.sha256 == releases.sha256_file(r.path) for r in listed)
    published = releases.read_manifest(db.paths(tmp_path).published)
    assert published["run_id"] == "run-02" and releases.check_published(db.paths(tmp_path).published) is None


def test_retention_keeps_the_last_n_good_releases_and_damaged_ones_do_not_count(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "2")
    _publish_n(tmp_path, 5)
    kept = releases.list_releases(db.paths(tmp_path).releases)
    assert [r.run_id for r in kept] == ["run-03", "run-02"]
    # the newest release is damaged: it no longer counts, so the next publish keeps two good ones besides it
    path = kept[0].path
    path.write_bytes(path.read_bytes()[:4096])
    publish_run(tmp_path, "run-05", dt.datetime(2026, 11, 1, 12, 5))
    kept = releases.list_releases(db.paths(tmp_path).releases)
    assert [(r.run_id, r.good) for r in kept] == [("run-04", True), ("run-03", False), ("run-02", True)]


def test_a_release_corrupted_in_place_still_does_not_count_when_the_next_publish_prunes(tmp_path, monkeypatch):
    # the publish hashes only the file it has just checked once (the one it keeps); every other release is
    # still compared with its manifest, so a same-size bit flip in an older one is found (warehouse/releases.py)
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "2")
    _publish_n(tmp_path, 3)
    older = releases.list_releases(db.paths(tmp_path).releases)[0].path  # run-01's file
    data = bytearray(older.read_bytes())
    data[len(data) // 2] ^= 0xFF
    older.write_bytes(bytes(data))
    publish_run(tmp_path, "run-03", dt.datetime(2026, 11, 1, 12, 3))
    kept = releases.list_releases(db.paths(tmp_path).releases)
    assert [(r.run_id, r.good) for r in kept] == [("run-02", True), ("run-01", False), ("run-00", True)]


def test_releases_kept_must_be_a_whole_number(monkeypatch):
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "zero")
    with pytest.raises(releases.ReleaseConfigError, match="FABRICWATCH_RELEASES_KEPT"):
        releases.releases_kept()


def test_restore_takes_the_newest_good_release_and_refuses_a_damaged_one(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "5")
    _publish_n(tmp_path, 3)
    newest, older = releases.list_releases(db.paths(tmp_path).releases)
    newest.path.write_bytes(b"\0" * 100)
    with pytest.raises(db.PublishError, match="damaged"):
        wpublish.restore(tmp_path, newest.name)
    assert wpublish.restore(tmp_path) == older.path
    assert releases.read_manifest(db.paths(tmp_path).published)["run_id"] == "run-00"
    assert wpublish.restore(tmp_path, "run-00").name == older.name  # by run id too


def test_a_damaged_published_file_is_named_and_set_aside_by_restore(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "5")
    _publish_n(tmp_path, 2)
    p = db.paths(tmp_path)
    data = bytearray(p.published.read_bytes())
    data[len(data) // 2] ^= 0xFF
    p.published.write_bytes(bytes(data))
    problem = releases.check_published(p.published)
    assert "damaged" in problem and "fabricwatch restore" in problem
    wpublish.restore(tmp_path)
    assert releases.check_published(p.published) is None
    assert len(list((tmp_path / "damaged").glob("*.duckdb"))) == 1
    assert all(r.good for r in releases.list_releases(p.releases))


def test_publish_removes_the_temporary_copy_a_killed_publish_left(tmp_path):
    _publish_n(tmp_path, 1)
    orphan = tmp_path / ".warehouse.duckdb.999999999.tmp"  # no such pid
    orphan.write_bytes(b"half a copy")
    publish_run(tmp_path, "run-x", dt.datetime(2026, 11, 2))
    assert not orphan.exists()


@pytest.mark.slow
def test_restore_list_cli_shows_build_time_and_run_id(home):
    assert rel.cli(home, "refresh", "--force").returncode == 0
    out = rel.cli(home, "restore", "--list")
    first = releases.list_releases(db.paths(home).releases)[0]
    assert out.returncode == 0 and f"run {first.run_id}" in out.stdout and f"built {first.built_at}" in out.stdout
    assert first.run_id and first.built_at and " ok" in out.stdout


@pytest.mark.slow
def test_an_inbox_drop_where_every_file_is_rejected_publishes_nothing(home, tmp_path):
    before = (rel.published_state(home)[0], len(releases.list_releases(db.paths(home).releases)))
    bad = tmp_path / "results.log"
    bad.write_text("# nThread 1 nGpus 8\nthis run crashed before any result row\n", encoding="utf-8")
    out = rel.cli(home, "ingest", str(bad))
    assert out.returncode == 2 and "every file was rejected" in out.stderr
    assert (rel.published_state(home)[0], len(releases.list_releases(db.paths(home).releases))) == before
    assert (home / "inbox" / "rejected" / "nccl" / "results.log.reason.txt").exists()
