"""A parser family's code version follows its real imports: edit a shared helper in a copy of the code,
and every family that uses it (and only those) changes version and re-parses.

Which family uses which helper is stated here by reading the families' import statements by hand
(2026-12-01, after the move of issue 23), not by asking the code under test:
- sources/parsers/common/units.py is imported by claims/__init__.py, specs/__init__.py,
  specs/extract.py, uec/__init__.py, and by the helpers common/cjk.py, common/dates.py and
  common/mentions.py (which claims and uec import); nccl, top500, mlperf and github_releases import
  nothing from common/.
- sources/records.py is imported by every family.
- sources/parsers/nccl/lines.py is imported only inside the nccl package (nccl/runs.py).
Under the old rule (files named `<family>*.py`) editing units.py changed no version; under the
move's interim rule (the family's package plus all of common/) it changed every family's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from sources import code_versions as versions

REPO = Path(__file__).resolve().parents[3]
FAMILIES = ("nccl", "top500", "mlperf", "claims", "specs", "uec", "github_releases")
USES_UNITS = {"claims", "specs", "uec"}
PACKAGES = ("sources", "warehouse", "pipelines", "fabric_model", "alerts", "fabricwatch")


def copy_code(dest: Path, data: bool = False) -> Path:
    """The project's packages copied under `dest` with the curated files (the entity registry is part of
    the claims version), without the recordings unless `data`."""
    skip = shutil.ignore_patterns("__pycache__", *(() if data else ("snapshots",)))
    for package in PACKAGES:
        shutil.copytree(REPO / package, dest / package, ignore=skip)
    return dest


def all_versions(root: Path) -> dict[str, str]:
    versions.clear_cache()
    return {family: versions.family_version(family, root) for family in FAMILIES}


def edit(path: Path) -> None:
    """A real code change: one more function at the end of the module."""
    with path.open("a", encoding="utf-8") as fh:
        fh.write("\n\ndef _edited_in_a_test() -> int:\n    return 1\n")


def changed_after(root: Path, module: str) -> set[str]:
    before = all_versions(root)
    edit(root / module)
    after = all_versions(root)
    return {f for f in FAMILIES if before[f] != after[f]}


def test_editing_a_shared_helper_changes_every_family_that_imports_it_and_only_those(tmp_path):
    assert changed_after(copy_code(tmp_path), "sources/parsers/common/units.py") == USES_UNITS


def test_editing_the_record_types_changes_every_family(tmp_path):
    assert changed_after(copy_code(tmp_path), "sources/records.py") == set(FAMILIES)


def test_editing_a_familys_own_module_changes_that_family_only(tmp_path):
    assert changed_after(copy_code(tmp_path), "sources/parsers/nccl/lines.py") == {"nccl"}


def test_the_copy_has_the_same_versions_as_the_repository(tmp_path):
    """The version hashes code by its path in the project, not by where the checkout lives."""
    assert all_versions(copy_code(tmp_path)) == all_versions(versions.ROOT)


def test_imports_inside_functions_and_relative_imports_count(tmp_path):
    root = copy_code(tmp_path)
    helper = root / "sources" / "parsers" / "common" / "extra_helper.py"
    helper.write_text("VALUE = 1\n", encoding="utf-8")
    family = root / "sources" / "parsers" / "github_releases" / "__init__.py"
    with family.open("a", encoding="utf-8") as fh:
        fh.write("\n\ndef _late():\n    from ..common import extra_helper\n    return extra_helper.VALUE\n")
    before = all_versions(root)
    helper.write_text("VALUE = 2\n", encoding="utf-8")
    after = all_versions(root)
    assert {f for f in FAMILIES if before[f] != after[f]} == {"github_releases"}


PARSE_SELECT = ["raw_uec", "parse_uec", "raw_nccl_logs", "parse_nccl_logs"]


def _refresh(root: Path, home: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(root), "FABRICWATCH_HOME": str(home)}
    probe = subprocess.run(
        [sys.executable, "-c", "import sources; print(sources.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    assert probe.stdout.strip().startswith(str(root)), "the copy's code must be the code that runs"
    # the runner, as `fabricwatch refresh --select` calls it (the command's summary reads marts a
    # selected refresh of a fresh home has not built)
    run = (
        "import sys; from pipelines.runner import run_refresh; "
        f"o = run_refresh({str(home)!r}, select={PARSE_SELECT!r}); "
        "sys.exit(0 if o.success and not o.skipped_publish else 1)"
    )
    done = subprocess.run([sys.executable, "-c", run], env=env, capture_output=True, text=True, cwd=root, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


def _last_parse(home: Path) -> dict[str, bool]:
    """source -> whether its latest parse step skipped (documents and code unchanged), from raw.parse_history."""
    with duckdb.connect(str(home / "warehouse.duckdb"), read_only=True) as con:
        return dict(
            con.execute(
                "SELECT source_id, arg_max(skipped, parsed_at) FROM raw.parse_history "
                "WHERE source_id IN ('uec', 'nccl_logs') GROUP BY source_id"
            ).fetchall()
        )


@pytest.mark.slow
def test_a_refresh_reparses_the_families_whose_shared_helper_changed(tmp_path):
    """In a copy of the code: refresh the UEC and nccl-tests sources, edit units.py (which uec imports and
    nccl does not), refresh again: the UEC documents are parsed again, the nccl-tests logs are not."""
    root, home = copy_code(tmp_path / "code", data=True), tmp_path / "home"
    _refresh(root, home)
    assert _last_parse(home) == {"uec": False, "nccl_logs": False}  # first refresh: everything parsed
    edit(root / "sources" / "parsers" / "common" / "units.py")
    _refresh(root, home)
    assert _last_parse(home) == {"uec": False, "nccl_logs": True}


# Which families read the entity registry, stated by reading the code (2026-12-01): only claims
# (claims/vocab.py builds its publishers from `load_registry(sources/curated)`); no other parser
# family imports sources.ledger.entities or opens a file under sources/curated.
READS_REGISTRY = {"claims"}


def test_editing_an_entity_alias_changes_the_families_that_read_the_registry_and_only_those(tmp_path):
    root = copy_code(tmp_path)
    before = all_versions(root)
    registry = root / "sources" / "curated" / "entities_publishers.csv"
    text = registry.read_text(encoding="utf-8")
    assert "|戴尔奥罗," in text  # Dell'Oro's Simplified alias, the one edited
    registry.write_text(text.replace("|戴尔奥罗,", "|戴尔奥罗|Delloro Research,", 1), encoding="utf-8")
    after = all_versions(root)
    assert {f for f in FAMILIES if before[f] != after[f]} == READS_REGISTRY


def test_a_new_registry_file_changes_the_claims_version(tmp_path):
    """The registry is read by glob (entities*.csv), so a new file is part of it too."""
    root = copy_code(tmp_path)
    before = all_versions(root)
    (root / "sources" / "curated" / "entities_extra_test.csv").write_text(
        "entity_id,kind,name,parent_id,aliases,note\nacme-research,company,Acme Research,,,research firm\n",
        encoding="utf-8",
    )
    after = all_versions(root)
    assert {f for f in FAMILIES if before[f] != after[f]} == READS_REGISTRY


def test_the_declared_data_inputs_are_the_files_the_vocabulary_reads():
    from sources.ledger.entities import registry_files
    from sources.parsers.claims import vocab

    declared = versions.declared_data("sources.ledger.entities")
    assert declared and list(declared) == registry_files(vocab.CURATED)
    assert "sources.ledger.entities" in versions.family_modules("claims")


def _glob_literals(path: Path) -> list[str]:
    """String constants in a module's code that are the registry's file pattern (a glob ending in
    entities*.csv; prose that mentions it, such as an error message, has words around it)."""
    import ast

    return [
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.endswith("entities*.csv")
        and " " not in node.value
    ]


def test_the_registry_pattern_has_one_home():
    """The registry's file pattern is written once (sources/ledger/entities.py DATA_INPUTS): the loader
    globs it and the claims version hashes it, so the two cannot drift apart (before, the loader and
    claims/vocab.py's DATA_INPUTS each wrote it)."""
    found = {
        path.relative_to(REPO).as_posix(): _glob_literals(path)
        for package in PACKAGES
        for path in sorted((REPO / package).rglob("*.py"))
        if _glob_literals(path)
    }
    assert found == {"sources/ledger/entities.py": ["sources/curated/entities*.csv"]}
