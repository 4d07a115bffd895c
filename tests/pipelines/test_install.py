"""A non-editable install works end to end: the packages with their data (SQL, migrations, recordings,
dagster.yaml), run from outside the checkout, refresh the offline warehouse and answer a query."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_pip_install_then_offline_refresh_from_another_folder(tmp_path):
    target, source = tmp_path / "site", tmp_path / "src"  # a copy: setuptools writes build/ beside the source
    skip = shutil.ignore_patterns(".venv", ".git", "build", "*.egg-info", "__pycache__", ".pytest_cache")
    shutil.copytree(
        ROOT, source, ignore=lambda folder, names: [*skip(folder, names), *(["data"] if Path(folder) == ROOT else [])]
    )
    build = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    for data in (
        "warehouse/migrations/0001_init.sql",
        "warehouse/sql/marts/market_size.sql",
        "pipelines/dagster.yaml",
        "warehouse/comments/0004_core_claims.sql",
        "sources/snapshots/nccl_logs/manifest.json",
        "sources/curated/indicators.csv",
        "fabric_model/data/switches.csv",
        "dashboard/app.py",
    ):
        assert (target / data).is_file(), f"{data} missing from the installed package"
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "FABRICWATCH_HOME": str(work / "home")}
    env.pop("DAGSTER_HOME", None)
    where = subprocess.run(
        [sys.executable, "-c", "import warehouse, pipelines; print(warehouse.__file__, pipelines.__file__)"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.stdout.count(str(target)) == 2, where.stdout  # the installed copy, not the checkout
    refresh = subprocess.run(
        [sys.executable, "-m", "fabricwatch.cli", "refresh"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert refresh.returncode == 0, (refresh.stdout + refresh.stderr)[-3000:]
    query = subprocess.run(
        [sys.executable, "-m", "fabricwatch.cli", "sql", "--format", "csv", "SELECT count(*) AS n FROM core.nccl_runs"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert query.returncode == 0, query.stderr
    assert int(query.stdout.splitlines()[1]) > 0
    assert (work / "home" / "dagster" / "dagster.yaml").is_file()
