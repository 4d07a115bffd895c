"""The content-addressed store, the recorded snapshots, and the text diffs of change tracking."""

from __future__ import annotations

import json

from fetch_loopback import PAGE_V1, PAGE_V2
from sources.fetch.changes import compare_versions, diff_texts, extract_text
from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore, VersionMeta, recording_file_name, sha256


def test_store_keeps_each_body_once_by_hash(tmp_path):
    store = SnapshotStore.under_home(tmp_path)
    first = store.put(PAGE_V1)
    again = store.put(PAGE_V1)
    assert first == (sha256(PAGE_V1), True) and again == (sha256(PAGE_V1), False)
    assert store.path(first[0]) == tmp_path / "documents" / first[0][:2] / first[0]
    assert store.get(first[0]) == PAGE_V1
    store.add_meta(
        VersionMeta(
            first[0],
            "s",
            "https://a.example/x",
            "https://a.example/x",
            200,
            "2026-07-01T00:00:00+00:00",
            "live",
            "text/html",
            "utf-8",
            {"etag": '"1"'},
        )
    )
    store.add_meta(
        VersionMeta(
            first[0], "s", "https://b.example/y", "https://b.example/y", 200, "2026-07-02T00:00:00+00:00", "live"
        )
    )
    assert [m["url"] for m in store.metas(first[0])] == ["https://a.example/x", "https://b.example/y"]


def test_record_replaces_the_entry_for_a_url_and_drops_the_stale_body(tmp_path):
    snaps = RecordedSnapshots(tmp_path)
    url = "https://docs.nvidia.com/networking/display/sn5000/data+interfaces"
    old = snaps.record(
        "test_src", url, PAGE_V1, content_type="text/html; charset=utf-8", status=200, recorded_at="2026-07-01"
    )
    new = snaps.record(
        "test_src", url, PAGE_V2, content_type="text/html; charset=utf-8", status=200, recorded_at="2026-07-02"
    )
    manifest = json.loads((tmp_path / "test_src" / "manifest.json").read_text())
    assert [e["file"] for e in manifest["entries"]] == [new.name] and not old.exists()
    assert new.name.startswith("docs-nvidia-com-networking-display-sn5000-data-interfaces-") and new.suffix == ".html"
    assert snaps.lookup("test_src", url).body == PAGE_V2
    assert snaps.lookup("test_src", "https://docs.nvidia.com/other") is None
    assert snaps.recordings("no_such_source") == []


def test_recording_file_names_are_readable_and_distinct():
    a = recording_file_name(
        "https://api.github.com/repos/NVIDIA/nccl/releases?per_page=100", b"[1]", "application/json"
    )
    b = recording_file_name(
        "https://api.github.com/repos/NVIDIA/nccl/releases?per_page=100", b"[2]", "application/json"
    )
    assert a.startswith("api-github-com-repos-nvidia-nccl-releases-") and a.endswith(".json") and a != b


def test_extract_text_html_json_binary():
    assert extract_text(PAGE_V1, "text/html", "utf-8").splitlines() == [
        "Quantum switch",
        "64 ports of 800 Gb/s.",
        "Latency below 300 ns.",
    ]
    assert extract_text(b'{"b": 1, "a": [2]}', "application/json", "utf-8") == '{\n "a": [\n  2\n ],\n "b": 1\n}'
    assert (
        extract_text(b"PK\x03\x04...", "application/vnd.ms-excel", None) == "[binary application/vnd.ms-excel, 7 bytes]"
    )


def test_json_release_list_diff_shows_the_new_release():
    old = extract_text(b'[{"tag_name": "v2.26.5"}]', "application/json", "utf-8")
    new = extract_text(b'[{"tag_name": "v2.27.3"}, {"tag_name": "v2.26.5"}]', "application/json", "utf-8")
    added, removed, diff, truncated = diff_texts(old, new)
    assert '+  "tag_name": "v2.27.3"' in diff and (added, removed) == (3, 0) and not truncated


def test_long_diffs_are_capped():
    old = "\n".join(f"line {i}" for i in range(1000))
    new = "\n".join(f"row {i}" for i in range(1000))
    added, removed, diff, truncated = diff_texts(old, new, max_lines=50)
    assert (added, removed, truncated) == (1000, 1000, True) and len(diff.splitlines()) == 50


def test_compare_versions_first_seen_and_changed():
    first = compare_versions("u", new_sha256="b" * 64, new_text="a\nb", new_size=10)
    assert (first.change_kind, first.added_lines, first.removed_lines, first.diff) == ("first_seen", 2, 0, None)
    changed = compare_versions(
        "u", new_sha256="c" * 64, new_text="a\nc", new_size=12, old_sha256="b" * 64, old_text="a\nb", old_size=10
    )
    assert (changed.added_lines, changed.removed_lines, changed.size_delta_bytes) == (1, 1, 2)
    assert changed.text_changed
