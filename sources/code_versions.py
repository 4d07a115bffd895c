"""Code versions from real imports: the hash of a package and of every project module it imports.

A parser family's version must change when any code that shapes its records changes, and only
then: its own package, and the project modules it imports (shared helpers such as
`sources/parsers/common/units.py`, `sources/records.py`), followed transitively. The imports are
read from the code with `ast` (every `import` and `from ... import` statement, at any depth,
relative ones resolved), never guessed from file names; a module is part of the project when it is
a file of one of PROJECT_PACKAGES under the folder that holds `sources`, so third-party imports
(bs4, lxml) end the walk. Importing `a.b.c` runs `a/__init__.py` and `a/b/__init__.py` too, so
those files are in the version as well.

Data a module reads counts like code: a module that reads project files at import or run time
declares them in a module-level `DATA_INPUTS` tuple of glob patterns relative to the folder that
holds `sources` (sources/ledger/entities.py: `("sources/curated/entities*.csv",)`, the entity registry
it reads; the claims family imports it for its publishers). The tuple is read here with `ast` like the imports, and the files it matches are
hashed into the version of every family whose closure holds that module, and of no other.

Pure: reads files, imports nothing it inspects. Walking the imports (`ast` over every module of the
closure) costs ~0.2-0.3 s a family; a process that names a cache file (`remember_in`: the fast ingest,
pipelines/fast_ingest.py) keeps each version there with the (size, mtime) of every file and the listing of
every folder it was computed from, and computes it again only when one of them changed. One home for the rule: the parse step
(sources/parsers/dispatch.py `parser_version`: the code_version of the parse assets, the version
stored with every parsed row and in raw.parse_state, which decides whether a document is re-parsed)
and lineage (pipelines/lineage.py reads what a family writes from the modules of its package, listed
here) both come here.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import time
from pathlib import Path

# Top-level packages of this project; an import of anything else ends the walk.
PROJECT_PACKAGES = ("sources", "warehouse", "pipelines", "fabric_model", "alerts", "dashboard", "fabricwatch")
PARSERS_PACKAGE = "sources.parsers"
ROOT = Path(__file__).resolve().parents[1]  # the folder holding the project packages


def module_file(name: str, root: Path = ROOT) -> Path | None:
    """The file of project module `name` (`a.b` -> a/b.py or a/b/__init__.py), or None."""
    if name.split(".", 1)[0] not in PROJECT_PACKAGES:
        return None
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _statements(nodes):
    """Every statement, at any depth (inside functions, classes, if/try/with blocks); expressions are skipped."""
    todo = list(nodes)
    while todo:
        node = todo.pop()
        yield node
        for attr in ("body", "orelse", "finalbody", "handlers", "cases"):
            todo.extend(n for n in getattr(node, attr, ()) if isinstance(n, ast.AST))


def imported_modules(name: str, root: Path = ROOT) -> set[str]:
    """Project modules that module `name` imports (any statement, any depth), with their parent packages."""
    return set(_imported_modules(name, Path(root)))


@functools.lru_cache(maxsize=1024)
def _imported_modules(name: str, root: Path) -> frozenset[str]:
    path = module_file(name, root)
    if path is None:
        return frozenset()
    package = name if _is_package(path) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _statements(ast.parse(path.read_bytes(), filename=str(path)).body):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: `from . import x`, `from ..common import units`
                parts = package.split(".")
                anchor = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            found.add(base)
            # `from pkg import name` imports the submodule pkg.name when there is one
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    out: set[str] = set()
    for module in found:
        parts = module.split(".")
        for i in range(1, len(parts) + 1):
            parent = ".".join(parts[:i])
            if module_file(parent, root) is not None:
                out.add(parent)
    out.discard(name)
    return frozenset(out)


def package_modules(package: str, root: Path = ROOT) -> list[str]:
    """Every module of a package (its __init__ and everything below it), by dotted name."""
    folder = root.joinpath(*package.split("."))
    if not folder.is_dir():  # a plain module
        return [package] if module_file(package, root) is not None else []
    names = []
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(root).with_suffix("").parts
        names.append(".".join(rel[:-1] if rel[-1] == "__init__" else rel))
    return names


def closure(modules: list[str] | tuple[str, ...], root: Path = ROOT) -> list[str]:
    """`modules` and every project module they import, transitively (sorted)."""
    seen: set[str] = set()
    todo = [m for m in modules if module_file(m, root) is not None]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(_imported_modules(module, Path(root)) - seen)
        parts = module.split(".")  # importing a.b.c runs a and a.b first
        todo.extend(p for p in (".".join(parts[:i]) for i in range(1, len(parts))) if p not in seen)
    return sorted(seen)


def code_version(modules: list[str] | tuple[str, ...], root: Path = ROOT, data: tuple[Path, ...] = ()) -> str:
    """12 hex digits of the SHA-256 of the closure's files (by path relative to `root`) and of `data` files."""
    h = hashlib.sha256()
    files = {module_file(m, root) for m in closure(modules, root)} | set(data)
    for path in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:12]


DATA_INPUTS_NAME = "DATA_INPUTS"


def declared_data(module: str, root: Path = ROOT) -> tuple[Path, ...]:
    """The files module `module` declares it reads (its `DATA_INPUTS` glob patterns, matched under `root`)."""
    patterns = _data_patterns(module, root)
    return tuple(sorted({p for pattern in patterns for p in Path(root).glob(pattern) if p.is_file()}))


def _data_patterns(module: str, root: Path) -> list[str]:
    """The module's `DATA_INPUTS` glob patterns, read with `ast`."""
    path = module_file(module, root)
    if path is None:
        return []
    patterns: list[str] = []
    for node in ast.parse(path.read_bytes(), filename=str(path)).body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == DATA_INPUTS_NAME for t in targets) and node.value is not None:
            value = ast.literal_eval(node.value)  # a literal, or the version could not be computed without running code
            if isinstance(value, str) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"{path}: {DATA_INPUTS_NAME} must be a tuple of glob patterns")
            patterns.extend(value)
    return patterns


def family_package(family: str) -> str:
    return f"{PARSERS_PACKAGE}.{family}"


def family_modules(family: str, root: Path = ROOT) -> list[str]:
    """The modules whose code a parser family runs: its package and every project module it imports."""
    return closure(package_modules(family_package(family), root), root)


def _package_data(package: str, root: Path) -> tuple[Path, ...]:
    """Files that are not Python inside the package folder (vocabularies a family reads), if any."""
    folder = root.joinpath(*package.split("."))
    if not folder.is_dir():
        return ()
    return tuple(
        p
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    )


@functools.lru_cache(maxsize=64)
def _family_version(family: str, root: Path) -> str:
    cached = _cache_read(family, root)
    if cached is not None:
        return cached
    package = family_package(family)
    modules = package_modules(package, root)
    in_closure = closure(modules, root)
    patterns = sorted({p for m in in_closure for p in _data_patterns(m, root)})
    data = _globbed(root, patterns)
    package_data = set(_package_data(package, root))
    version = code_version(modules, root, tuple(sorted(data | package_data)))
    _cache_write(family, root, version, {module_file(m, root) for m in in_closure} | data | package_data, patterns)
    return version


# ---------------------------------------------------------------- the cache across processes

_CACHE: list[Path] = []  # the cache file, when the process named one


def remember_in(path: Path | None) -> None:
    """Keep family versions in the JSON file `path` (None: stop). A version is reused while every file it
    was computed from has the same size and mtime, every folder holding one lists the same entries (a new
    module, or a new package data file, may join the closure without any old file changing) and every
    `DATA_INPUTS` pattern matches the same files."""
    _CACHE[:] = [Path(path)] if path is not None else []
    _family_version.cache_clear()
    _modules_version.cache_clear()


def _signature(root: Path, files: set[Path]) -> dict:
    stats = {}
    for path in sorted(files):
        st = path.stat()
        stats[path.relative_to(root).as_posix()] = [st.st_size, st.st_mtime_ns]
    folders = {}
    for folder in sorted({p.parent for p in files}):
        folders[folder.relative_to(root).as_posix()] = sorted(os.listdir(folder))
    return {"files": stats, "folders": folders}


def _globbed(root: Path, patterns: list[str]) -> set[Path]:
    return {p for pattern in patterns for p in root.glob(pattern) if p.is_file()}


def _listed(root: Path, patterns: list[str]) -> dict[str, list[str]]:
    return {pattern: sorted(p.relative_to(root).as_posix() for p in _globbed(root, [pattern])) for pattern in patterns}


def _cache_key(family: str, root: Path) -> str:
    return f"{root.resolve()}::{family}"


def _cache_load() -> dict:
    try:
        body = json.loads(_CACHE[0].read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return body if isinstance(body, dict) else {}


def _cache_read(family: str, root: Path) -> str | None:
    if not _CACHE:
        return None
    entry = _cache_load().get(_cache_key(family, root))
    if not isinstance(entry, dict):
        return None
    try:
        files = {root / name for name in entry["files"]}
        same = _signature(root, files) == {"files": entry["files"], "folders": entry["folders"]}
        globbed = _listed(root, entry["patterns"])
    except (OSError, KeyError, TypeError, ValueError):
        return None
    return entry["version"] if same and globbed == entry["globbed"] else None


# A file's mtime moves in ticks (a few milliseconds): one rewritten with the same size within a tick keeps its
# (size, mtime). A version computed from a file modified this recently is not kept (git's "racily clean" rule).
RACY_NS = 2_000_000_000


def _cache_write(family: str, root: Path, version: str, files: set[Path], patterns: list[str]) -> None:
    if not _CACHE:
        return
    if any(p.stat().st_mtime_ns > time.time_ns() - RACY_NS for p in files):
        return
    from sources.files import write_atomic

    body = _cache_load()
    body[_cache_key(family, root)] = {
        "version": version,
        **_signature(root, files),
        "patterns": patterns,
        "globbed": _listed(root, patterns),
    }
    try:
        _CACHE[0].parent.mkdir(parents=True, exist_ok=True)
        write_atomic(_CACHE[0], json.dumps(body, indent=1, sort_keys=True))
    except OSError:
        pass  # a cache that cannot be written is only slower


def modules_version(modules: tuple[str, ...], root: Path = ROOT) -> str:
    """`code_version(modules)` (no data files), kept in the cache file beside the families' versions when the
    process named one (`remember_in`), under the same rule: reused while every file of the closure, and the
    listing of every folder holding one, is unchanged. The ledger's resolution stamp (sources/ledger/resolve.py)
    is one: walking its 14 modules' imports was ~0.04 s of every ingest."""
    return _modules_version(tuple(modules), Path(root))


@functools.lru_cache(maxsize=64)
def _modules_version(modules: tuple[str, ...], root: Path) -> str:
    key = "modules:" + ",".join(modules)
    cached = _cache_read(key, root)
    if cached is not None:
        return cached
    version = code_version(list(modules), root)
    _cache_write(key, root, version, {module_file(m, root) for m in closure(list(modules), root)}, [])
    return version


def family_version(family: str, root: Path = ROOT) -> str:
    """A parser family's code version: its package, the project code it imports, its package's data files
    and the files those modules declare in `DATA_INPUTS`.

    Cached per process (the code a process runs does not change under it); `clear_cache()` forgets."""
    return _family_version(family, Path(root))


def clear_cache() -> None:
    _family_version.cache_clear()
    _imported_modules.cache_clear()
