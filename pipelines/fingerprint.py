"""What an offline refresh reads, as one hash: when it equals the published run's, nothing changed.

Covers the recorded snapshots, the curated ledger, the files accepted from the inbox, the code
and SQL of every package (a parser or mart change must rebuild), and today's date (freshness
and "not in the future" checks depend on it).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

from fabricwatch.config import repo_root

CODE_DIRS = ("sources", "warehouse", "pipelines", "fabric_model")
CODE_SUFFIXES = (".py", ".sql", ".csv", ".json", ".yaml")


def input_fingerprint(home: Path, today: dt.date | None = None) -> str:
    h = hashlib.sha256(str(today or dt.date.today()).encode())
    root = repo_root()
    files = [p for d in CODE_DIRS for p in (root / d).rglob("*") if p.is_file() and p.suffix in CODE_SUFFIXES]
    files += [p for p in (root / "sources" / "snapshots").rglob("*") if p.is_file()]
    files += [p for p in (Path(home) / "inbox" / "processed").rglob("*") if p.is_file()]
    for path in sorted(set(files)):
        if "__pycache__" in path.parts:
            continue
        h.update(str(path.relative_to(root) if path.is_relative_to(root) else path.name).encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:32]


def published_fingerprint(con) -> str | None:
    row = con.execute("SELECT input_fingerprint FROM meta.runs WHERE status = 'published' "
                      "ORDER BY finished_at DESC LIMIT 1").fetchone()
    return row[0] if row else None
