"""An nccl-tests ingest rebuilds only what its rows reach (pipelines/lineage.py), and keeps every other
mart as it was: the published warehouse after the ingest must hold exactly the marts a full refresh of
the same inputs builds. On the real offline data: the recorded snapshots, the curated ledger and a real
nccl-tests log (tests/fixtures/nccl/README.md says where it was recorded)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from warehouse import db
from warehouse.marts import existing_marts

pytestmark = pytest.mark.slow  # an ingest and a whole offline refresh

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "tests" / "fixtures" / "nccl" / "multi_collective_newest.txt"
# Columns that say when this home's documents were fetched or recorded: a full refresh replays every
# recording again (new fetch times), which an ingest does not. Everything else must be equal.
FETCH_TIMES = {"source_status": {"last_fetch"}}


def _marts(home: Path, skip: dict[str, set[str]] = FETCH_TIMES) -> dict[str, list[tuple]]:
    with db.published_connection(home) as con:
        out = {}
        for name in existing_marts(con):
            cols = [
                c
                for (c,) in con.execute(
                    "SELECT column_name FROM duckdb_columns() WHERE schema_name = 'marts' AND table_name = ? "
                    "ORDER BY column_index",
                    [name],
                ).fetchall()
                if c not in skip.get(name, set())
            ]
            select = ", ".join(f'"{c}"' for c in cols)
            # floats to 12 significant digits: a parallel aggregate may sum in another order in any two builds
            rows = [
                tuple(float(f"{v:.12g}") if isinstance(v, float) else v for v in r)
                for r in con.execute(f'SELECT {select} FROM marts."{name}"').fetchall()
            ]
            out[name] = sorted(rows, key=lambda r: tuple(map(repr, r)))
        return out


def test_marts_after_an_nccl_ingest_equal_a_full_refresh(refreshed_home, tmp_path, monkeypatch, capsys):
    from fabricwatch import cli
    from pipelines.runner import run_refresh

    home = tmp_path / "home"
    shutil.copytree(refreshed_home, home)
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    before = _marts(home)
    assert cli.main(["ingest", str(LOG)]) == 0, capsys.readouterr().err
    incremental = _marts(home)
    assert incremental["nccl_results"] != before["nccl_results"]  # the ingest did reach the nccl marts
    outcome = run_refresh(home, mode="offline", force=True)
    assert outcome.success and not outcome.skipped_publish, outcome
    full = _marts(home)
    assert sorted(incremental) == sorted(full)
    differ = [name for name in full if incremental[name] != full[name]]
    assert differ == [], f"marts differ between the nccl ingest and a full refresh: {differ}"
