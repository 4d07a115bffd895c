"""Whole fetch runs into a real working warehouse: logs, versions, diffs, replay and record."""

from __future__ import annotations

import json
import socket
from pathlib import Path

from fetch_loopback import PAGE_V1, PAGE_V2, Resp, make_source
from sources.fetch.fetchers import LiveFetcher, RecordingFetcher, ReplayFetcher
from sources.fetch.runs import discover_links
from sources.registry import REGISTRY, Discovery, select
from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore
from pipelines.fetcher_resource import fetch_and_record
from warehouse.raw import latest_documents, recent_changes, source_status


def _run(con, home, sources, config):
    fetcher = LiveFetcher(config)
    try:
        return fetch_and_record(con, sources, fetcher, home=home)
    finally:
        fetcher.close()


def _stored_bodies(home: Path) -> list[Path]:
    return [p for p in (home / "documents").rglob("*") if p.is_file() and len(p.name) == 64]


def test_retries_exhausted_is_an_error_row_and_other_sources_are_unaffected(
    make_server, fast_config, warehouse_con, tmp_path
):
    down, up = make_server("127.0.0.1"), make_server("127.0.0.4")
    broken = make_source("test_down", [down.route("/a", Resp(503))], hosts=("127.0.0.1",))
    fine = make_source("test_up", [up.route("/b", Resp(200, PAGE_V1))], hosts=("127.0.0.4",))
    run = _run(warehouse_con, tmp_path, [broken, fine], fast_config)
    assert run.reports["test_down"].status == "error" and run.reports["test_down"].errors == 1
    assert run.reports["test_up"].status == "changed" and run.reports["test_up"].changed == 1
    rows = warehouse_con.execute(
        "SELECT attempt, status, outcome, error_class FROM raw.fetch_log "
        "WHERE source_id = 'test_down' AND purpose = 'page' ORDER BY attempt"
    ).fetchall()
    assert rows == [
        (1, 503, "retry", "HttpStatusError"),
        (2, 503, "retry", "HttpStatusError"),
        (3, 503, "error", "HttpStatusError"),
    ]
    doc = warehouse_con.execute(
        "SELECT last_outcome, last_error, current_sha256 FROM raw.documents WHERE source_id = 'test_down'"
    ).fetchone()
    assert doc == ("error", "HttpStatusError: HTTP 503 after 3 attempts", None)
    status = source_status(warehouse_con)
    assert status["test_down"]["failing"] == 1 and "HTTP 503" in status["test_down"]["last_error"]
    assert status["test_up"]["failing"] == 0 and status["test_up"]["last_change"] is not None


def test_etag_304_reuses_the_stored_body(server, fast_config, warehouse_con, tmp_path):
    def page(handler):
        if handler.headers.get("If-None-Match") == '"abc"':
            return Resp(304, b"", {"ETag": '"abc"'})
        return Resp(200, PAGE_V1, {"ETag": '"abc"'})

    src = make_source("test_etag", [server.route("/spec", page)])
    first = _run(warehouse_con, tmp_path, [src], fast_config)
    second = _run(warehouse_con, tmp_path, [src], fast_config)
    (o1,), (o2,) = first.reports["test_etag"].outcomes, second.reports["test_etag"].outcomes
    assert o1.outcome == "fetched" and o1.new_version
    assert o2.outcome == "not_modified" and not o2.new_version and o2.sha256 == o1.sha256
    assert second.reports["test_etag"].status == "unchanged"
    assert server.hits[-1].headers["if-none-match"] == '"abc"'
    assert warehouse_con.execute(
        "SELECT versions, current_sha256, last_outcome, etag FROM raw.documents"
    ).fetchone() == (1, o1.sha256, "not_modified", '"abc"')
    assert warehouse_con.execute("SELECT count(*) FROM raw.document_versions").fetchone()[0] == 1
    assert warehouse_con.execute(
        "SELECT outcome, status FROM raw.fetch_log WHERE run_id = ? AND purpose = 'page'", [second.run_id]
    ).fetchall() == [("not_modified", 304)]
    # A later parse step reads the reused body from the store by its hash.
    docs = latest_documents(warehouse_con, "test_etag")
    assert SnapshotStore.under_home(tmp_path).get(docs[0]["sha256"]) == PAGE_V1


def test_last_modified_is_sent_back_and_304_honoured(server, fast_config, warehouse_con, tmp_path):
    stamp = "Tue, 30 Jun 2026 08:00:00 GMT"

    def page(handler):
        if handler.headers.get("If-Modified-Since") == stamp:
            return Resp(304)
        return Resp(200, PAGE_V1, {"Last-Modified": stamp})

    src = make_source("test_lm", [server.route("/lm", page)])
    _run(warehouse_con, tmp_path, [src], fast_config)
    second = _run(warehouse_con, tmp_path, [src], fast_config)
    assert second.reports["test_lm"].outcomes[0].outcome == "not_modified"
    assert server.hits[-1].headers["if-modified-since"] == stamp
    assert warehouse_con.execute("SELECT last_modified FROM raw.documents").fetchone()[0] == stamp


def test_changed_page_gives_a_new_version_and_a_text_diff(server, fast_config, warehouse_con, tmp_path):
    src = make_source("test_change", [server.route("/switch", Resp(200, PAGE_V1), Resp(200, PAGE_V2))])
    _run(warehouse_con, tmp_path, [src], fast_config)
    run = _run(warehouse_con, tmp_path, [src], fast_config)
    change = run.reports["test_change"].outcomes[0].change
    assert change.change_kind == "changed"
    assert (change.added_lines, change.removed_lines) == (2, 1)  # 144 ports + shipping; 64 ports gone
    assert "+144 ports of 800 Gb/s." in change.diff and "-64 ports of 800 Gb/s." in change.diff
    assert "var x" not in change.diff and "Copyright" not in change.diff  # scripts and footer dropped
    kinds = warehouse_con.execute(
        "SELECT change_kind, added_lines, removed_lines FROM raw.changes ORDER BY detected_at"
    ).fetchall()
    assert kinds == [("first_seen", 3, 0), ("changed", 2, 1)]
    assert warehouse_con.execute("SELECT count(*) FROM raw.document_versions").fetchone()[0] == 2
    assert warehouse_con.execute("SELECT versions FROM raw.documents").fetchone()[0] == 2
    assert recent_changes(warehouse_con, 1)[0]["change_kind"] == "changed"


def test_same_page_twice_is_stored_once(server, fast_config, warehouse_con, tmp_path):
    src = make_source("test_same", [server.route("/same", Resp(200, PAGE_V1))])  # no validators
    _run(warehouse_con, tmp_path, [src], fast_config)
    second = _run(warehouse_con, tmp_path, [src], fast_config)
    o = second.reports["test_same"].outcomes[0]
    assert o.outcome == "fetched" and not o.new_version and o.change is None
    assert len(_stored_bodies(tmp_path)) == 1
    assert warehouse_con.execute("SELECT count(*) FROM raw.document_versions").fetchone()[0] == 1
    assert warehouse_con.execute("SELECT count(*) FROM raw.changes").fetchone()[0] == 1  # first_seen only


def test_markup_only_change_is_a_version_without_text_change(server, fast_config, warehouse_con, tmp_path):
    v1b = PAGE_V1.replace(b"var x=1", b"var x=99")  # only the script differs
    src = make_source("test_markup", [server.route("/m", Resp(200, PAGE_V1), Resp(200, v1b))])
    _run(warehouse_con, tmp_path, [src], fast_config)
    run = _run(warehouse_con, tmp_path, [src], fast_config)
    change = run.reports["test_markup"].outcomes[0].change
    assert change.change_kind == "changed" and not change.text_changed


def test_discovery_follows_matching_items_of_an_index(server, fast_config, warehouse_con, tmp_path):
    index = (
        b'<html><body><a href="/news/a-800g-switch">A</a> <a href="/news/b-uec-spec#top">B</a>'
        b'<a href="/about">About</a><a href="https://elsewhere.example/news/c">C</a></body></html>'
    )
    server.route("/news", Resp(200, index))
    server.route("/news/a-800g-switch", Resp(200, PAGE_V1))
    server.route("/news/b-uec-spec", Resp(200, PAGE_V2))
    src = make_source("test_disc", [], discovery=Discovery(server.url("/news"), r"/news/[a-z0-9-]+$"))
    run = _run(warehouse_con, tmp_path, [src], fast_config)
    got = sorted((o.role, o.url.rsplit("/", 1)[1], o.outcome) for o in run.reports["test_disc"].outcomes)
    assert got == [
        ("index", "news", "fetched"),
        ("page", "a-800g-switch", "fetched"),
        ("page", "b-uec-spec", "fetched"),
    ]
    assert "/about" not in server.paths_hit()  # pattern; elsewhere.example: allowlist
    assert warehouse_con.execute("SELECT count(*) FROM raw.fetch_log WHERE purpose = 'index'").fetchone()[0] == 1


def test_discover_links_on_an_rss_feed():
    feed = (
        b'<?xml version="1.0"?><rss><channel><link>https://n.example/</link>'
        b"<item><link>https://n.example/news/uec-1-0</link></item>"
        b"<item><link>https://n.example/news/uec-1-0</link></item>"
        b"<item><link>https://n.example/news/x800</link></item></channel></rss>"
    )
    assert discover_links(feed, "https://n.example/feed", r"/news/", 10) == [
        "https://n.example/news/uec-1-0",
        "https://n.example/news/x800",
    ]


def test_offline_replay_works_with_no_network(monkeypatch, warehouse_con, tmp_path):
    def no_network(*args, **kwargs):
        raise AssertionError("offline replay opened a socket")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)
    run = fetch_and_record(warehouse_con, select(["nccl_logs", "uec", "github_nccl"]), ReplayFetcher(), home=tmp_path)
    manifest = json.loads((Path("sources/snapshots/nccl_logs/manifest.json")).read_text())
    nccl = run.reports["nccl_logs"]
    assert nccl.status == "changed" and nccl.count("replayed") == len(manifest["entries"]) > 0
    assert run.reports["uec"].status == "not_recorded" and run.reports["uec"].errors == 0
    assert run.reports["github_nccl"].status == "not_recorded"
    rows = warehouse_con.execute(
        "SELECT DISTINCT outcome, error_class FROM raw.fetch_log WHERE source_id = 'uec'"
    ).fetchall()
    assert rows == [("not_recorded", "NotRecorded")]
    recorded = warehouse_con.execute(
        "SELECT DISTINCT recorded FROM raw.documents WHERE source_id = 'nccl_logs'"
    ).fetchall()
    assert recorded == [(manifest["entries"][0]["recorded"],)]
    again = fetch_and_record(warehouse_con, select(["nccl_logs"]), ReplayFetcher(), home=tmp_path)
    assert again.reports["nccl_logs"].status == "unchanged"


def test_record_mode_writes_real_responses_that_replay_offline(server, fast_config, warehouse_con, tmp_path):
    snap_root = tmp_path / "snapshots"
    src = make_source("test_rec", [server.route("/r", Resp(200, PAGE_V1, {"ETag": '"r1"'}))])
    store = SnapshotStore.under_home(tmp_path)
    rec = RecordingFetcher(store, RecordedSnapshots(snap_root), fast_config)
    try:
        live = fetch_and_record(warehouse_con, [src], rec, home=tmp_path, snapshots=RecordedSnapshots(snap_root))
    finally:
        rec.close()
    manifest = json.loads((snap_root / "test_rec" / "manifest.json").read_text())
    (entry,) = manifest["entries"]
    assert entry["url"] == server.url("/r") and entry["recorded"] == "live" and entry["status"] == 200
    assert (snap_root / "test_rec" / entry["file"]).read_bytes() == PAGE_V1
    replayed = fetch_and_record(warehouse_con, [src], ReplayFetcher(RecordedSnapshots(snap_root)), home=tmp_path)
    o = replayed.reports["test_rec"].outcomes[0]
    assert o.outcome == "replayed" and o.sha256 == live.reports["test_rec"].outcomes[0].sha256 and not o.new_version


def test_inbox_files_are_read_as_documents(warehouse_con, tmp_path):
    # the sources read what the inbox step accepted (inbox/processed/<folder>/)
    inbox = tmp_path / "inbox" / "processed" / "nccl"
    inbox.mkdir(parents=True)
    (inbox / "my_run.log").write_text("# nccl-tests all_reduce_perf written for tests\n", encoding="utf-8")
    run = fetch_and_record(warehouse_con, select(["nccl_logs"]), ReplayFetcher(), home=tmp_path)
    inbox_rows = [o for o in run.reports["nccl_logs"].outcomes if o.url.startswith("inbox:")]
    assert [(o.url, o.outcome, o.fetched.http.content_type) for o in inbox_rows] == [
        ("inbox:nccl/my_run.log", "read", "text/plain")
    ]
    assert warehouse_con.execute(
        "SELECT recorded FROM raw.documents WHERE url = 'inbox:nccl/my_run.log'"
    ).fetchone() == ("inbox",)


def test_every_web_source_replays_as_not_recorded_or_replayed_without_crashing(warehouse_con, tmp_path):
    run = fetch_and_record(warehouse_con, REGISTRY, ReplayFetcher(), home=tmp_path)
    assert set(run.reports) == {s.source_id for s in REGISTRY}
    for source in REGISTRY:
        report = run.reports[source.source_id]
        assert report.errors == 0, report.error_lines()
        assert report.status in ("not_recorded", "changed"), (source.source_id, report.status)
