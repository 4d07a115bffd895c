"""Conventions are tests (STYLE 23): the import contracts and ruff run with the suite, so CI runs them.

- import-linter's contracts in pyproject.toml ([tool.importlinter]): the layers of DESIGN §1/§2, no import
  cycles inside any package, the model pure, the dashboard free of parser code, httpx only in the fetch
  layer and alert delivery, bench not imported by the product;
- ruff's checks and its formatter (`ruff format --check`), configured in pyproject.toml ([tool.ruff]).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def test_import_contracts_are_kept():
    out = subprocess.run(
        [str(BIN / "lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert "0 broken." in out.stdout and " kept" in out.stdout


def test_ruff_check_passes():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]


def test_ruff_format_holds():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
