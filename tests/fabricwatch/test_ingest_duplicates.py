"""fabricwatch ingest says what happened to each file: an identical copy is 'already ingested' (not
'accepted' and then silently dropped), and the parser's warnings on an accepted log are shown."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from fabricwatch import cli
from warehouse import db

ROOT = Path(__file__).resolve().parents[2]
NCCL_LOG = ROOT / "sources" / "snapshots" / "nccl_logs" / "03_nccl-tests-119_a100_3node_hdr_ib.txt"


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_an_identical_copy_is_already_ingested_and_nothing_is_refreshed(home, capsys):
    processed = db.paths(home).inbox / "processed" / "nccl"
    processed.mkdir(parents=True)
    shutil.copyfile(NCCL_LOG, processed / NCCL_LOG.name)  # ingested before
    code = cli.main(["ingest", str(NCCL_LOG)])
    err = capsys.readouterr().err
    assert code == 0
    assert f"already ingested nccl/{NCCL_LOG.name}: identical to inbox/processed/nccl/{NCCL_LOG.name}" in err
    assert "accepted" not in err and "nothing new to load" in err
    assert [p.name for p in processed.iterdir()] == [NCCL_LOG.name]
    assert not db.paths(home).published.exists()  # no refresh ran, nothing published


def test_parser_warnings_are_shown_for_an_accepted_log(home, capsys, monkeypatch):
    # the refresh itself is not what is tested here: stand in for it
    import pipelines.runner

    calls = []

    def fake_refresh(h, mode, select, instance=None):
        calls.append(select)
        return SimpleNamespace(
            run_id="test-run", success=True, skipped_publish=False, failed_steps=[], failed_checks=[]
        )

    monkeypatch.setattr(pipelines.runner, "run_refresh", fake_refresh)
    code = cli.main(["ingest", str(NCCL_LOG)])
    err = capsys.readouterr().err
    assert code == 0 and len(calls) == 1
    assert f"accepted nccl/{NCCL_LOG.name}" in err
    assert "  warning: run 0 (all_reduce): no table header before the rows" in err
