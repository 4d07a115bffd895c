"""Releases: what each kept warehouse file is (build time, run id, checksum) and which to keep.

Every file that becomes the published warehouse gets a manifest beside it, written before the
rename that publishes it: `warehouse.duckdb.json` for the published file (staged as
`.warehouse.duckdb.json.next` until the rename is done) and `releases/<name>.json` once it is
replaced. A manifest holds the file's SHA-256 and size and the run that built it (from
`meta.runs`), so a corrupted or truncated file is detected by name, and `restore --list` shows
when each release was *built* and by which run, not when it was replaced.

Retention keeps the last N *good* releases (N = $FABRICWATCH_RELEASES_KEPT, default 5): a release
whose checksum no longer matches, or that does not open, does not count towards N, so a burst
of bad files never pushes the good ones out. Older releases beyond the N good ones are removed.
Retention runs at every publish; it hashes a kept release only when the file is not the one it last
verified (`releases/.verified.json`: each file's size, mtime, ctime and inode when its SHA-256 last
matched its manifest), so a publish hashes the one release that just arrived, not all N. A file
written since (any write changes its mtime and ctime) is hashed again. `restore --list` and
`--check` always hash every file.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import duckdb

from sources import settings
from sources.files import write_atomic
from sources.clock import utcnow

KEPT_ENV = settings.RELEASES_KEPT
MANIFEST_SUFFIX = ".json"


class ReleaseConfigError(ValueError):
    """$FABRICWATCH_RELEASES_KEPT is not a whole number >= 1."""


def releases_kept() -> int:
    raw = settings.releases_kept()
    if not raw:
        from warehouse.db import RELEASES_KEPT

        return RELEASES_KEPT
    if not raw.isdigit() or int(raw) < 1:
        raise ReleaseConfigError(f"{KEPT_ENV}={raw!r}: expected a whole number of releases to keep, at least 1")
    return int(raw)


@dataclass(frozen=True)
class Release:
    path: Path
    built_at: str | None  # when the run that built it published (UTC, ISO)
    run_id: str | None
    sha256: str | None  # from the manifest
    size: int | None
    problem: str | None  # None = good

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def good(self) -> bool:
        return self.problem is None


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def build_row(con: duckdb.DuckDBPyConnection) -> tuple | None:
    """The run that built the open warehouse (release_build.sql: run id, time, input fingerprint), or None
    when the file cannot say (no run recorded, or an older schema)."""
    try:
        return con.execute((Path(__file__).parent / "sql" / "release_build.sql").read_text(encoding="utf-8")).fetchone()
    except duckdb.Error:
        return None


_UNREAD = object()


def build_info(path: Path, row: tuple | object | None = _UNREAD) -> dict:
    """The run that built a warehouse file (read from its meta.runs), with checksum and size, and the
    fingerprint of the offline inputs it was built from (a no-change refresh compares it without
    opening the file: pipelines/up_to_date.py). `row`: `build_row` already read from the file by a caller
    that had it open (the publish's verification), so it is not opened again."""
    run_id = built_at = fingerprint = None
    if row is _UNREAD:
        try:
            con = duckdb.connect(str(path), read_only=True)
            try:
                row = build_row(con)
            finally:
                con.close()
        except duckdb.Error:
            row = None
    if row:
        run_id, built_at = row[0], row[1].isoformat(timespec="seconds") + "Z" if row[1] else None
        fingerprint = row[2]
    return {
        "sha256": sha256_file(path),
        "size": path.stat().st_size,
        "run_id": run_id,
        "built_at": built_at,
        "input_fingerprint": fingerprint,
    }


def manifest_path(path: Path) -> Path:
    return path.with_name(path.name + MANIFEST_SUFFIX)


def staged_manifest_path(published: Path) -> Path:
    return published.with_name(f".{published.name}{MANIFEST_SUFFIX}.next")


def write_manifest(target: Path, info: dict) -> None:
    write_atomic(target, json.dumps(info, indent=1) + "\n")


def read_manifest(path: Path) -> dict | None:
    try:
        data = json.loads(manifest_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


VERIFIED_NAME = ".verified.json"  # in the releases folder: what prune last found matching its manifest


def _stat_key(path: Path) -> list[int]:
    st = path.stat()
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def _read_verified(releases_dir: Path) -> dict:
    try:
        data = json.loads((releases_dir / VERIFIED_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def check(path: Path, manifest: dict | None = None, *, deep: bool = True, verified: dict | None = None) -> str | None:
    """None when `path` matches its manifest (and opens, when `deep`), else what is wrong.

    `verified` (file name -> {"stat", "sha256"}, kept by `prune`): a file whose stat is the one recorded
    when it last matched this same checksum is not hashed again; a file that matches is recorded."""
    if not path.exists():
        return "file missing"
    manifest = manifest if manifest is not None else read_manifest(path)
    if manifest is None:
        problem = None  # releases kept before manifests existed: judged by opening them
    else:
        size = path.stat().st_size
        if manifest.get("size") is not None and size != manifest["size"]:
            return f"size {size} bytes, manifest says {manifest['size']} (truncated or corrupted)"
        if manifest.get("sha256"):
            seen = verified.get(path.name) if verified is not None else None
            key = _stat_key(path)
            if not (isinstance(seen, dict) and seen.get("stat") == key and seen.get("sha256") == manifest["sha256"]):
                if sha256_file(path) != manifest["sha256"]:
                    return "SHA-256 does not match its manifest (corrupted)"
                if verified is not None:
                    verified[path.name] = {"stat": key, "sha256": manifest["sha256"]}
        problem = None
    if deep:
        try:
            con = duckdb.connect(str(path), read_only=True)
            try:
                con.execute("SELECT max(version) FROM meta.schema_migrations").fetchone()
            finally:
                con.close()
        except duckdb.Error as exc:
            return f"does not open as a warehouse: {str(exc).splitlines()[0]}"
    return problem


def describe(path: Path, *, deep: bool = True, verified: dict | None = None) -> Release:
    manifest = read_manifest(path)
    if manifest is None and path.exists():
        info = build_info(path) if deep else {}
        manifest_info = {k: info.get(k) for k in ("run_id", "built_at")}
        return Release(
            path,
            manifest_info.get("built_at"),
            manifest_info.get("run_id"),
            None,
            path.stat().st_size,
            check(path, {}, deep=deep),
        )
    manifest = manifest or {}
    return Release(
        path,
        manifest.get("built_at"),
        manifest.get("run_id"),
        manifest.get("sha256"),
        manifest.get("size"),
        check(path, manifest, deep=deep, verified=verified),
    )


def list_releases(releases_dir: Path, *, deep: bool = True, verified: dict | None = None) -> list[Release]:
    """Kept releases, newest first, with build time, run id and whether each is good."""
    files = sorted(releases_dir.glob("warehouse-*.duckdb"), reverse=True) if releases_dir.exists() else []
    return [describe(f, deep=deep, verified=verified) for f in files]


def check_published(published: Path) -> str | None:
    """None when the published file matches its manifest; else a message saying what to do."""
    if not published.exists():
        return None
    staged = staged_manifest_path(published)
    manifest = read_manifest(published)
    problem = check(published, manifest, deep=True) if manifest is not None else None
    if problem and staged.exists():  # killed between the rename and the manifest's: the staged one applies
        try:
            staged_manifest = json.loads(staged.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            staged_manifest = None
        if staged_manifest is not None and check(published, staged_manifest, deep=True) is None:
            os.replace(staged, manifest_path(published))
            return None
    if problem:
        return (
            f"the published warehouse {published} is damaged: {problem}. "
            "Run `fabricwatch restore --list`, then `fabricwatch restore` to put the newest good release back."
        )
    return None


def prune(releases_dir: Path, kept: int | None = None, just_checked: Collection[Path] = ()) -> list[Path]:
    """Keep the newest `kept` good releases (and any newer damaged ones, as evidence); remove the rest.

    A kept release is hashed only when its file changed since it last matched its manifest (`.verified.json`);
    `just_checked`: releases the caller compared with their manifests a moment ago (the publish)."""
    kept = releases_kept() if kept is None else kept
    removed, good = [], 0
    before = _read_verified(releases_dir)
    verified = dict(before)
    for path in just_checked:  # compared with its manifest by the caller a moment ago: not hashed again
        manifest = read_manifest(path)
        if manifest and manifest.get("sha256") and path.exists():
            verified[path.name] = {"stat": _stat_key(path), "sha256": manifest["sha256"]}
    for release in list_releases(releases_dir, deep=False, verified=verified):
        if good >= kept:
            release.path.unlink(missing_ok=True)
            manifest_path(release.path).unlink(missing_ok=True)
            removed.append(release.path)
        elif release.good:
            good += 1
    present = {p.name for p in releases_dir.glob("warehouse-*.duckdb")} if releases_dir.exists() else set()
    verified = {name: v for name, v in verified.items() if name in present}
    if verified != before and releases_dir.exists():
        write_atomic(releases_dir / VERIFIED_NAME, json.dumps(verified, indent=1) + "\n")
    return removed


def release_stamp() -> str:
    return utcnow().strftime("%Y%m%dT%H%M%S%fZ")
