"""Retention runs at every publish: it must not SHA-256 every kept release each time (up to 6 x 44 MB on the
offline default), only a release it has not verified in this state (the one that just arrived, or one written
since). A kept file changed in place, even to the same size, is hashed again and found damaged."""

from __future__ import annotations

import datetime as dt

from warehouse import db, releases
from tests.warehouse.published import publish_run


def test_prune_hashes_only_releases_it_has_not_verified_as_they_are(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "5")
    for i in range(7):
        publish_run(tmp_path, f"run-{i:02d}", dt.datetime(2026, 11, 1, 12, i))
    folder = db.paths(tmp_path).releases
    assert len(releases.list_releases(folder)) == 5

    hashed = []
    real = releases.sha256_file
    monkeypatch.setattr(releases, "sha256_file", lambda path: hashed.append(path.name) or real(path))
    assert releases.prune(folder) == []
    assert hashed == []  # each of the 5 was verified by the prune of the publish it arrived in

    publish_run(tmp_path, "run-07", dt.datetime(2026, 11, 1, 12, 7))
    newest = releases.list_releases(folder, deep=False)[0]
    assert newest.run_id == "run-06"
    hashed.clear()
    assert releases.prune(folder) == []
    assert hashed == []  # the publish verified the arrival already

    # damage one kept release in place, keeping its size: it is hashed again and no longer counts as good
    victim = releases.list_releases(folder, deep=False)[2].path
    data = bytearray(victim.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = bytes(b ^ 0xFF for b in data[middle : middle + 64])
    victim.write_bytes(bytes(data))
    hashed.clear()
    releases.prune(folder)
    assert hashed == [victim.name]
    assert [r.good for r in releases.list_releases(folder, deep=False)][:3] == [True, True, False]


def test_a_release_kept_by_copy_is_hashed_by_the_prune(tmp_path, monkeypatch):
    # where the published file cannot be hard-linked (another file system), the release is a copy: new bytes
    # that nobody compared with the manifest, so the publish's prune must hash it
    monkeypatch.setenv("FABRICWATCH_RELEASES_KEPT", "5")
    publish_run(tmp_path, "run-00", dt.datetime(2026, 11, 1, 12, 0))

    def no_link(src, dst):
        raise OSError("cross-device link")

    monkeypatch.setattr("os.link", no_link)
    hashed = []
    real = releases.sha256_file
    monkeypatch.setattr(releases, "sha256_file", lambda path: hashed.append(path) or real(path))
    publish_run(tmp_path, "run-01", dt.datetime(2026, 11, 1, 12, 1))
    during_publish = list(hashed)
    (kept,) = releases.list_releases(db.paths(tmp_path).releases, deep=False)
    assert kept.run_id == "run-00"
    assert kept.path in during_publish
