"""Live discovery of new MLPerf Training rounds through the GitHub API, against loopback servers.

One server plays api.github.com (organisation repositories, head commit, recursive tree), another
raw.githubusercontent.com (files at a commit). The system file served is a real recorded one
(v4.0 NVIDIA eos-dfw_n1452) under a made-up new round, v6.0, written for tests.
"""

from __future__ import annotations

import json
from pathlib import Path

from fetch_loopback import Resp
from sources.fetch.fetchers import LiveFetcher, ReplayFetcher
from sources.fetch.github_discovery import expand
from sources.parsers.dispatch import StoredDocument, parse_documents
from sources.registry import Discovery, Source
from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore
from pipelines.fetcher_resource import fetch_and_record
from warehouse.raw import latest_documents

ROOT = Path(__file__).resolve().parents[3]
REAL = ROOT / "sources/snapshots/mlperf_training/v4.0/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json"
NEW_SHA = "a" * 40
OLD_SHA = "441d65f4445cd59687466533fd9f55399136e7a4"
JSON_TYPE = {"Content-Type": "application/json; charset=utf-8"}
TEXT_TYPE = {"Content-Type": "text/plain; charset=utf-8"}


def _source(api, raw) -> Source:
    return Source(
        source_id="test_mlperf",
        title="test MLPerf",
        publisher="tests",
        kind="statistics",
        cadence="irregular",
        parser="mlperf",
        licence_note="written for tests",
        homepage=api.url("/"),
        discovery=Discovery(
            api.url("/orgs/mlcommons/repos"),
            r"^training_results_v\d+\.\d+$",
            max_items=3,
            kind="github_repos",
            file_pattern=r"^[^/]+/systems/[^/]+\.json$",
            raw_base=raw.url(""),
        ),
        allowed_hosts=("127.0.0.1", "127.0.0.5"),
        accept=("text/plain", "application/json"),
        obey_robots=False,
        replay_recorded=True,
    )


def _recordings(tmp_path: Path, raw) -> RecordedSnapshots:
    """One recorded v5.1 file: its round must be replayed, not asked of the API again."""
    folder = tmp_path / "snapshots" / "test_mlperf"
    folder.mkdir(parents=True)
    (folder / "old.json").write_bytes(REAL.read_bytes())
    url = raw.url(f"/mlcommons/training_results_v5.1/{OLD_SHA}/NVIDIA/systems/old.json")
    (folder / "manifest.json").write_text(
        json.dumps(
            {
                "source_id": "test_mlperf",
                "entries": [
                    {
                        "url": url,
                        "file": "old.json",
                        "content_type": "text/plain; charset=utf-8",
                        "status": 200,
                        "recorded": "third-party-copy",
                        "published_on": "2025-11-01",
                    }
                ],
            }
        )
    )
    return RecordedSnapshots(tmp_path / "snapshots")


def test_live_mode_discovers_a_new_round_and_replays_recorded_ones(make_server, fast_config, warehouse_con, tmp_path):
    api, raw = make_server("127.0.0.1"), make_server("127.0.0.5")
    repos = [
        {"name": "training_results_v6.0", "default_branch": "main"},
        {"name": "training_results_v5.1", "default_branch": "main"},
        {"name": "inference_results_v6.0", "default_branch": "main"},
        {"name": "training_policies", "default_branch": "master"},
    ]
    api.route("/orgs/mlcommons/repos", Resp(200, json.dumps(repos).encode(), JSON_TYPE))
    api.route(
        "/repos/mlcommons/training_results_v6.0/commits/main",
        Resp(200, json.dumps({"sha": NEW_SHA, "commit": {"message": "v6.0"}}).encode(), JSON_TYPE),
    )
    tree = {
        "sha": "b" * 40,
        "truncated": False,
        "tree": [
            {"path": "NVIDIA", "type": "tree"},
            {"path": "NVIDIA/systems", "type": "tree"},
            {"path": "NVIDIA/systems/eos_n1452.json", "type": "blob"},
            {"path": "NVIDIA/benchmarks/llama/result_0.txt", "type": "blob"},
            {"path": "README.md", "type": "blob"},
        ],
    }
    api.route(
        f"/repos/mlcommons/training_results_v6.0/git/trees/{NEW_SHA}?recursive=1",
        Resp(200, json.dumps(tree).encode(), JSON_TYPE),
    )
    raw.route(
        f"/mlcommons/training_results_v6.0/{NEW_SHA}/NVIDIA/systems/eos_n1452.json",
        Resp(200, REAL.read_bytes(), TEXT_TYPE),
    )
    snapshots = _recordings(tmp_path, raw)
    src = _source(api, raw)
    fetcher = LiveFetcher(fast_config)
    try:
        run = fetch_and_record(warehouse_con, [src], fetcher, home=tmp_path, snapshots=snapshots)
    finally:
        fetcher.close()
    got = sorted((o.role, o.outcome, o.url.rsplit("/", 1)[-1]) for o in run.reports["test_mlperf"].outcomes)
    assert got == sorted(
        [
            ("index", "fetched", "repos"),
            ("index", "fetched", "main"),
            ("index", "fetched", f"{NEW_SHA}?recursive=1"),
            ("page", "fetched", "eos_n1452.json"),
            ("page", "replayed", "old.json"),
        ]
    )
    # the recorded round, other repositories and non-system files are never requested
    assert not [p for p in api.paths_hit() if "v5.1" in p or "inference" in p or "policies" in p]
    assert raw.paths_hit() == [f"/mlcommons/training_results_v6.0/{NEW_SHA}/NVIDIA/systems/eos_n1452.json"]

    docs = [
        StoredDocument(
            url=d["url"], sha256=d["sha256"], published_on=d["published_on"], fetched_at=d["last_changed_at"]
        )
        for d in latest_documents(warehouse_con, "test_mlperf")
        if d["url"].endswith(".json")
    ]
    records, statuses = parse_documents(src, docs, SnapshotStore.under_home(tmp_path).get)
    assert [s.status for s in statuses] == ["ok", "ok"]  # same body under two addresses: two systems
    rows = {r["round"]: r for r in records.tables["mlperf_systems"]}
    assert set(rows) == {"v5.1", "v6.0"}
    # provenance parsed from GitHub addresses only: on loopback the row keeps the address it was read from
    assert rows["v6.0"]["url"] == raw.url(f"/mlcommons/training_results_v6.0/{NEW_SHA}/NVIDIA/systems/eos_n1452.json")
    assert rows["v6.0"]["date_basis"] == "retrieved" and rows["v5.1"]["date_basis"] == "published"
    assert rows["v6.0"]["accelerators_total"] == 11616 and rows["v6.0"]["fabric"] == "infiniband"


def test_offline_replays_the_recordings_and_asks_nothing(make_server, warehouse_con, tmp_path):
    api, raw = make_server("127.0.0.1"), make_server("127.0.0.5")
    snapshots = _recordings(tmp_path, raw)
    run = fetch_and_record(
        warehouse_con, [_source(api, raw)], ReplayFetcher(snapshots), home=tmp_path, snapshots=snapshots
    )
    outcomes = sorted((o.role, o.outcome) for o in run.reports["test_mlperf"].outcomes)
    assert outcomes == [("index", "not_recorded"), ("page", "replayed")]
    assert api.paths_hit() == [] and raw.paths_hit() == []


def test_expand_ignores_bodies_of_the_wrong_shape():
    kw = dict(
        link_pattern=r"^training_results_v\d+\.\d+$",
        file_pattern=r"/systems/",
        raw_base="https://raw.example",
        max_items=3,
    )
    assert expand("https://api.example/orgs/mlcommons/repos", b'{"message": "API rate limit exceeded"}', **kw) == []
    assert expand("https://api.example/repos/mlcommons/r/commits/main", b'{"sha": "not-a-sha"}', **kw) == []
    assert expand("https://api.example/repos/mlcommons/r/git/trees/" + "c" * 40, b"<html>", **kw) == []
    many = json.dumps([{"name": f"training_results_v{i}.0"} for i in range(6, 12)]).encode()
    assert len(expand("https://api.example/orgs/mlcommons/repos", many, **kw)) == 3  # max_items
