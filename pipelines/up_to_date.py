"""Whether an offline refresh has anything to do, decided before Dagster is imported.

A no-change `fabricwatch refresh` used to cost ~1.9 s, almost all of it importing Dagster and opening
its instance (twice) for the ghost-run sweep, and importing the fetch engine and every command's
modules to build the command line. It now costs the interpreter, a hash of the inputs and two small
reads, because the decision needs none of that:

1. the inputs' fingerprint (pipelines/fingerprint.py) equals the one the published file was built
   from, read from its release manifest (`warehouse.duckdb.json`, warehouse/releases.py) after the
   file's size and SHA-256 are checked against that manifest;
2. no Dagster run of this home is unfinished. An unfinished run is a daemon run still writing (the
   refresh must refuse) or a killed one (the ghost-run sweep must mark it failed); either needs
   Dagster, so the full path runs. Dagster's SQLite run storage (`history/runs.db` under the
   instance folder: pipelines/dagster.sqlite.yaml) is read with the standard library, read-only.
   PostgreSQL storage, a missing fingerprint, a damaged file or any error reading one of them also
   take the full path, which decides exactly as before (pipelines/runner.py).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pipelines.fingerprint import input_fingerprint
from sources import settings
from warehouse import releases

# Dagster's terminal run statuses; anything else (NOT_STARTED, QUEUED, STARTING, STARTED, CANCELING,
# MANAGED) is a run that may be writing or that a sweep must look at.
TERMINAL = ("SUCCESS", "FAILURE", "CANCELED")


def published_fingerprint(published: Path) -> str | None:
    """The input fingerprint the published file was built from, when its manifest says so and the file
    matches the manifest (size and SHA-256); else None."""
    manifest = releases.read_manifest(published)
    if not manifest or not manifest.get("input_fingerprint") or not published.exists():
        return None
    if releases.check(published, manifest, deep=False) is not None:
        return None
    return manifest["input_fingerprint"]


def unfinished_runs_possible(home: Path) -> bool:
    """False only when Dagster's SQLite run storage of this home provably holds no unfinished run."""
    if settings.dagster_storage() != "sqlite":
        return True
    runs_db = Path(home) / "dagster" / "history" / "runs.db"
    if not runs_db.exists():
        return False  # no run was ever recorded in this home
    try:
        con = sqlite3.connect(f"{runs_db.as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            marks = ", ".join("?" * len(TERMINAL))
            (n,) = con.execute(f"SELECT count(*) FROM runs WHERE status NOT IN ({marks})", TERMINAL).fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return True
    return n > 0


def offline_refresh_unchanged(home: Path, published: Path) -> bool:
    """True when a whole offline refresh would rebuild the published warehouse as it is, and no
    Dagster bookkeeping (ghost runs, a live daemon run) is pending."""
    expected = published_fingerprint(published)
    if expected is None or unfinished_runs_possible(home):
        return False
    return input_fingerprint(home) == expected
