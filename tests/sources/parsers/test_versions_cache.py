"""The code versions kept between commands (sources/code_versions.py `remember_in`, issue 23: computing a
family's version walks its imports with `ast`, ~0.2-0.3 s of an nccl-tests ingest) must be the versions
computed without the cache, and must change exactly when the uncached ones do.

Which family uses which file is stated by reading the code by hand, as in test_versions.py (2026-12-01):
sources/parsers/common/units.py is imported by claims, specs and uec (directly or through common/cjk,
dates and mentions); only claims reads the entity registry (claims/vocab.py, `entities*.csv` by glob).
"""

from __future__ import annotations

import ast
import os
import shutil
from pathlib import Path

import pytest

from sources import code_versions as versions

REPO = Path(__file__).resolve().parents[3]
FAMILIES = ("nccl", "top500", "mlperf", "claims", "specs", "uec", "github_releases")
USES_UNITS = {"claims", "specs", "uec"}
READS_REGISTRY = {"claims"}
PACKAGES = ("sources", "warehouse", "pipelines", "fabric_model", "alerts", "fabricwatch")


@pytest.fixture
def root(tmp_path):
    skip = shutil.ignore_patterns("__pycache__", "snapshots")
    for package in PACKAGES:
        shutil.copytree(REPO / package, tmp_path / "code" / package, ignore=skip)
    yield tmp_path / "code"
    versions.remember_in(None)


def computed(root: Path, cache: Path | None) -> dict[str, str]:
    versions.remember_in(cache)  # also forgets the process's own memo
    versions.clear_cache()
    return {family: versions.family_version(family, root) for family in FAMILIES}


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {f for f in FAMILIES if before[f] != after[f]}


def test_the_kept_versions_are_the_computed_ones_and_are_read_without_parsing(root, tmp_path, monkeypatch):
    cache = tmp_path / "cache" / "code_versions.json"
    uncached = computed(root, None)
    assert computed(root, cache) == uncached  # computed, then written
    assert cache.exists()

    def no_parse(*args, **kwargs):
        raise AssertionError("a kept version was computed again")

    monkeypatch.setattr(ast, "parse", no_parse)
    assert computed(root, cache) == uncached  # read back: nothing parsed


def test_with_the_cache_an_edit_changes_the_families_that_use_the_file_and_only_those(root, tmp_path):
    cache = tmp_path / "code_versions.json"
    before = computed(root, cache)
    with (root / "sources/parsers/common/units.py").open("a", encoding="utf-8") as fh:
        fh.write("\n\ndef _edited_in_a_test() -> int:\n    return 1\n")
    after = computed(root, cache)
    assert changed(before, after) == USES_UNITS
    assert after == computed(root, None)


def test_with_the_cache_an_edit_of_the_same_size_changes_the_version(root, tmp_path):
    """Same size, new content: the modification time tells the cache."""
    cache = tmp_path / "code_versions.json"
    before = computed(root, cache)
    lines = root / "sources/parsers/nccl/lines.py"
    text = lines.read_text(encoding="utf-8")
    lines.write_text(text.replace("\n\n", "\n#", 1), encoding="utf-8")
    assert len(lines.read_bytes()) == len(text.encode())
    assert changed(before, computed(root, cache)) == {"nccl"}


def test_with_the_cache_a_new_module_or_a_new_registry_file_changes_the_version(root, tmp_path):
    """Files no kept version was computed from: a module new in a family's folder, a new registry file."""
    cache = tmp_path / "code_versions.json"
    before = computed(root, cache)
    (root / "sources/parsers/top500/extra_test.py").write_text("X = 1\n", encoding="utf-8")
    after = computed(root, cache)
    assert changed(before, after) == {"top500"}
    (root / "sources/curated/entities_extra_test.csv").write_text(
        "entity_id,kind,name,parent_id,aliases,note\nacme-research,company,Acme Research,,,research firm\n",
        encoding="utf-8",
    )
    assert changed(after, computed(root, cache)) == READS_REGISTRY


def test_a_damaged_cache_file_is_computed_again(root, tmp_path):
    cache = tmp_path / "code_versions.json"
    uncached = computed(root, None)
    cache.write_text("{not json", encoding="utf-8")
    assert computed(root, cache) == uncached


def test_a_file_rewritten_within_one_timestamp_tick_is_not_trusted(root, tmp_path):
    """A file's mtime moves in ticks of a few milliseconds: rewritten with the same size in the same tick, it
    keeps its (size, mtime). A version computed from a file that fresh is not kept (as git treats a file
    modified in the second its index was written as racily clean), so the rewrite is seen."""
    cache = tmp_path / "code_versions.json"
    lines = root / "sources/parsers/nccl/lines.py"
    text = lines.read_text(encoding="utf-8")
    lines.write_text(text, encoding="utf-8")  # just written: fresh
    before = computed(root, cache)
    stamp = lines.stat()
    lines.write_text(text.replace("\n\n", "\n#", 1), encoding="utf-8")
    os.utime(lines, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # the same tick: same size, same mtime
    assert (lines.stat().st_size, lines.stat().st_mtime_ns) == (stamp.st_size, stamp.st_mtime_ns)
    assert changed(before, computed(root, cache)) == {"nccl"}


RESOLUTION = ("sources.ledger.resolve",)  # the ledger's resolution stamp (sources/ledger/resolve.py)


def resolution(root: Path, cache: Path | None) -> str:
    versions.remember_in(cache)
    return versions.modules_version(RESOLUTION, root)


def test_a_kept_module_version_is_the_computed_one_and_follows_an_edit_of_an_imported_module(
    root, tmp_path, monkeypatch
):
    """The resolution stamp's code version, kept like a family's: read back without parsing, and changed by an
    edit of a module resolve.py imports (sources/periods.py: `from sources.periods import period_bounds`, read
    in resolve.py), as the uncached version is."""
    cache = tmp_path / "code_versions.json"
    uncached = resolution(root, None)
    assert uncached == versions.code_version(list(RESOLUTION), root)
    assert resolution(root, cache) == uncached  # computed, then written

    with monkeypatch.context() as patched:
        patched.setattr(ast, "parse", lambda *a, **k: (_ for _ in ()).throw(AssertionError("computed again")))
        assert resolution(root, cache) == uncached  # read back: nothing parsed

    with (root / "sources/periods.py").open("a", encoding="utf-8") as fh:
        fh.write("\n\ndef _edited_in_a_test() -> int:\n    return 1\n")
    edited = resolution(root, cache)
    assert edited != uncached
    assert edited == resolution(root, None)
