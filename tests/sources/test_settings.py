"""Settings in one module (sources/settings.py): no other product module reads the environment, and the
README's Settings table lists every variable it reads."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from sources import settings

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("sources", "warehouse", "alerts", "fabric_model", "pipelines", "dashboard", "fabricwatch")
HOME_MODULE = ROOT / "sources" / "settings.py"


def _environment_reads(path: Path) -> list[int]:
    """Lines reading os.environ / os.getenv: os.environ.get(...), os.environ[...], `in os.environ`, os.getenv.
    Handing a copy of the environment to a child process ({**os.environ, ...}, os.environ.copy()) is not a read."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    copies = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            copies |= {id(v) for k, v in zip(node.keys, node.values) if k is None}
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "copy":
            copies.add(id(node.func.value))
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ("environ", "getenv")
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and id(node) not in copies
        ):
            lines.append(node.lineno)
    return lines


def test_no_product_module_but_the_settings_reads_the_environment():
    found = {}
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path != HOME_MODULE and (lines := _environment_reads(path)):
                found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def test_the_readme_lists_every_setting():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Settings", 1)[1].split("\n## ", 1)[0]
    for name in settings.SETTINGS:
        short = "_" + name.rsplit("_", 1)[1]  # FABRICWATCH_SMTP_PORT may be listed as _PORT
        assert f"`{name}`" in section or f"`{short}`" in section, name
    named = set(re.findall(r"`((?:FABRICWATCH|DAGSTER_PG)_[A-Z_]+)`", section))
    assert named <= {*settings.SETTINGS, "FABRICWATCH_PORT"}, named - set(settings.SETTINGS)


def test_values_are_read_at_call_time_and_stripped(monkeypatch, tmp_path):
    monkeypatch.setenv("FABRICWATCH_HOME", f"  {tmp_path}  ")
    assert settings.home() == tmp_path.resolve()
    monkeypatch.delenv("FABRICWATCH_HOME")
    monkeypatch.chdir(tmp_path)
    assert settings.home() == tmp_path.resolve() / "data"
    monkeypatch.setenv("FABRICWATCH_DAGSTER_STORAGE", " PostgreS ")
    assert settings.dagster_storage() == "postgres"
    with pytest.raises(KeyError, match="not a fabricwatch setting"):
        settings.get("PATH")
