"""The Makefile does what the README says: a second `make run` skips the install when nothing changed,
`make test` runs the whole suite, `make quick` a fast subset. Checked with `make -n` (print, do not run)
on a copy of the Makefile and pyproject.toml beside a stand-in venv, so nothing is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _dry_run(folder: Path, *targets: str) -> str:
    out = subprocess.run(["make", "-n", *targets], cwd=folder, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy2(ROOT / name, tmp_path / name)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("")  # stands for a created venv: the venv step is not re-run
    past = time.time() - 3600
    os.utime(tmp_path / "pyproject.toml", (past, past))
    return tmp_path


def _installs(plan: str) -> list[str]:
    return [line for line in plan.splitlines() if "pip install" in line]


def test_second_make_run_skips_pip_until_pyproject_changes(checkout):
    first = _dry_run(checkout, "run")
    assert _installs(first) and "fabricwatch refresh" in first and "fabricwatch dashboard" in first
    # what the first run leaves behind: the stamp of a finished install (the recipe's touch)
    assert "touch .venv/.installed-cli" in first
    (checkout / ".venv" / ".installed-cli").write_text("")
    second = _dry_run(checkout, "run")
    assert not _installs(second), second
    assert "fabricwatch refresh" in second and "fabricwatch dashboard" in second
    future = time.time() + 60  # a dependency added: the next run installs again
    os.utime(checkout / "pyproject.toml", (future, future))
    assert _installs(_dry_run(checkout, "run"))


def test_test_install_covers_run_and_test_stays_the_whole_suite(checkout):
    plan = _dry_run(checkout, "test")
    assert any(".[test,cli]" in line for line in _installs(plan))
    pytest_lines = [line for line in plan.splitlines() if "-m pytest" in line]
    assert pytest_lines and all(' -m "' not in line and " -k " not in line for line in pytest_lines)
    (checkout / ".venv" / ".installed-test").write_text("")
    (checkout / ".venv" / ".installed-cli").write_text("")
    assert not _installs(_dry_run(checkout, "run", "test"))


def test_quick_skips_slow_and_harness_tests(checkout):
    plan = _dry_run(checkout, "quick")
    assert '-m pytest -q -m "not slow and not harness"' in plan


def test_the_harness_tests_carry_the_harness_marker():
    def collected(*args: str) -> int:
        out = subprocess.run(
            [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        return sum(1 for line in out.stdout.splitlines() if "::" in line)

    harness = collected("-m", "harness", "tests/bench", "tests/reliability", "tests/test_makefile.py")
    assert harness > 10
    assert collected("-m", "not harness", "tests/bench", "tests/reliability") == 0
    assert collected("-m", "harness", "tests/test_makefile.py") == 0
