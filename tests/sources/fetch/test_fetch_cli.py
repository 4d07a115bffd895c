"""`fabricwatch fetch` and `fabricwatch sources` on replay, in a temporary FABRICWATCH_HOME."""

from __future__ import annotations

import json

from fabricwatch.cli import main
from sources.registry import REGISTRY


def test_fetch_offline_then_sources_shows_status(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path))
    assert main(["sources", "--json"]) == 0
    before = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["source_id"] for r in before] == [s.source_id for s in REGISTRY]
    assert {r["status"] for r in before} == {"never fetched"}

    assert main(["fetch", "nccl_logs", "uec", "--mode", "offline"]) == 0
    out = capsys.readouterr().out
    assert "nccl_logs  changed" in out and "uec        not_recorded" in out
    assert "NotRecorded: no recorded response for https://ultraethernet.org/" in out

    assert main(["sources", "--json"]) == 0
    rows = {r["source_id"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert rows["nccl_logs"]["status"] == "ok" and rows["nccl_logs"]["last_change"] is not None
    assert rows["uec"]["status"] == "not recorded" and rows["uec"]["last_change"] is None
    assert rows["nvidia_newsroom"]["status"] == "never fetched"


def test_fetch_unknown_source_is_a_usage_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path))
    assert main(["fetch", "no_such_source"]) == 2
    assert "unknown source 'no_such_source'" in capsys.readouterr().err
