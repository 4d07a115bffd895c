"""What an offline refresh reads, as one hash: when it equals the published run's, nothing changed.

Covers the recorded snapshots, the curated ledger, the files accepted from the inbox, the code
and SQL of every package (a parser or mart change must rebuild), and today's date (freshness
and "not in the future" checks depend on it). Packages are found where they are installed (a
checkout or site-packages), never through the command-line package.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib.util
import os
from pathlib import Path

from warehouse import db

CODE_PACKAGES = ("sources", "warehouse", "pipelines", "fabric_model")
CODE_SUFFIXES = (".py", ".sql", ".csv", ".json", ".yaml")


def package_dir(name: str) -> Path:
    return Path(importlib.util.find_spec(name).origin).parent


def input_fingerprint(home: Path, today: dt.date | None = None) -> str:
    h = hashlib.sha256(str(today or dt.date.today()).encode())
    files = _code_files(recordings=True)
    processed = db.paths(home).inbox / "processed"
    files += [(f"inbox/{p.relative_to(processed)}", p) for p in processed.rglob("*") if p.is_file()]
    return _hash(h, files)


def code_fingerprint() -> str:
    """The code and SQL alone (no recordings, inbox or date): what the asset graph's lineage, and so the
    plan of a fast ingest (pipelines/fast_ingest.py), is read from."""
    return _hash(hashlib.sha256(b"code"), _code_files(recordings=False))


def _code_files(recordings: bool) -> list[tuple[str, Path]]:
    """The packages' code files (and, with `recordings`, every file under a `snapshots` folder). The walk
    skips `__pycache__` and, without `recordings`, the `snapshots` folders (~1,000 recorded files the code
    fingerprint never hashes: walking them was most of its ~60 ms)."""
    files: list[tuple[str, Path]] = []
    for package in CODE_PACKAGES:
        root = package_dir(package)
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and (recordings or d != "snapshots"))
            here = Path(folder)
            recorded = "snapshots" in here.relative_to(root).parts
            for name in names:
                p = here / name
                if (p.suffix in CODE_SUFFIXES and not recorded) or (recordings and recorded):
                    files.append((f"{package}/{p.relative_to(root)}", p))
    return files


def _hash(h, files: list[tuple[str, Path]]) -> str:
    for name, path in sorted(set(files)):
        if "__pycache__" in path.parts:
            continue
        h.update(name.encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:32]
