"""Fixtures shared by the pipeline tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import dagster as dg
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bad_ledger(tmp_path, monkeypatch) -> Path:
    """The real curated ledger with one row naming an indicator that does not exist, read by the
    curated_ledger asset instead of the repo's ledger: its blocking validation must fail the run."""
    import sources.ledger.ledger as ledger_mod

    bad = tmp_path / "curated"
    shutil.copytree(ROOT / "sources" / "curated", bad)
    first = sorted(bad.glob("*_observations.csv"))[0]
    lines = first.read_text(encoding="utf-8").splitlines()
    lines.append(lines[1].replace(lines[1].split(",", 1)[0], "no_such_indicator", 1))
    first.write_text("\n".join(lines) + "\n", encoding="utf-8")
    real = ledger_mod.load_ledger
    monkeypatch.setattr("pipelines.assets.curated.load_ledger_with", lambda dirs: real(bad))
    return bad


@pytest.fixture
def failing_check():
    """An asset `bad_data` whose blocking check `bad_data_is_valid` always fails: (asset, check)."""

    @dg.asset(group_name="core")
    def bad_data() -> None:
        return None

    @dg.asset_check(asset=bad_data, blocking=True)
    def bad_data_is_valid() -> dg.AssetCheckResult:
        return dg.AssetCheckResult(passed=False, description="deliberately failing check")

    return bad_data, bad_data_is_valid
