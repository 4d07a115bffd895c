"""Publishing the working database: checkpoint, copy, atomic rename over the published file, the
releases kept for rollback, and restoring one (DESIGN §4, the publish protocol).

Readers keep the file they opened; a killed publish leaves the published file exactly as it was.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb

from sources.lifetime import left_by_dead
from warehouse.db import STORAGE_COMPATIBILITY, PublishError, WarehousePaths, paths


def publish(home: str | Path, con: duckdb.DuckDBPyConnection | None = None) -> Path:
    """Atomically publish the working database. `con`, if given, is the open work connection; it is closed.

    Order matters for crash safety: the copy is complete and fsynced before the rename, and the
    rename is the only step that changes what readers see.
    """
    p = paths(home)
    if con is not None:
        con.execute("CHECKPOINT")
        con.close()
    if not p.work.exists():
        raise PublishError(f"no working database at {p.work}")
    wal = p.work.with_name(p.work.name + ".wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise PublishError(f"working database has an unflushed WAL ({wal}); is a refresh still running?")
    _install(p, p.work)
    return p.published


def list_releases(home: str | Path) -> list[Path]:
    """Previous published files, newest first."""
    rel = paths(home).releases
    return sorted(rel.glob("warehouse-*.duckdb"), reverse=True) if rel.exists() else []


def restore(home: str | Path, release: str | None = None) -> Path:
    """Put a previous release back as the published warehouse (atomically). Default: the newest good one.

    A release whose checksum or contents are damaged is never restored (warehouse/releases.py)."""
    from warehouse import releases as rel

    p = paths(home)
    kept = rel.list_releases(p.releases)
    if not kept:
        raise PublishError(f"no releases under {p.releases}")
    if release is None:
        chosen = next((r for r in kept if r.good), None)
        if chosen is None:
            raise PublishError(
                f"every release under {p.releases} is damaged: " + "; ".join(f"{r.name}: {r.problem}" for r in kept)
            )
    else:
        chosen = next((r for r in kept if release in r.name or release == r.run_id), None)
        if chosen is None:
            raise PublishError(f"no release matching {release!r}; have: {', '.join(r.name for r in kept)}")
        if not chosen.good:
            raise PublishError(f"release {chosen.name} is damaged ({chosen.problem}); not restored")
    _install(p, chosen.path)
    return chosen.path


def _install(p: WarehousePaths, source: Path) -> None:
    """Copy `source` beside the published file, check it opens, keep the old one, rename over it.

    One publish at a time (publish.lock); each file gets its manifest (warehouse/releases.py)."""
    from warehouse import releases
    from warehouse.refresh_lock import publish_lock

    p.home.mkdir(parents=True, exist_ok=True)
    tmp = p.published.with_name(f".{p.published.name}.{os.getpid()}.tmp")
    staged = releases.staged_manifest_path(p.published)
    with publish_lock(p.home):
        _remove_orphans(p)
        try:
            shutil.copyfile(source, tmp)
            from warehouse.materialize import materialize_file  # marts as tables for readers (issue 15)

            materialize_file(tmp, STORAGE_COMPATIBILITY)
            _fsync(tmp)
            built = _verify(tmp)
            releases.write_manifest(staged, releases.build_info(tmp, built))
            kept = _keep_release(p) if p.published.exists() else None
            os.replace(tmp, p.published)
            os.replace(staged, releases.manifest_path(p.published))
            _fsync_dir(p.home)
        finally:
            if tmp.exists():
                tmp.unlink()
        releases.prune(p.releases, just_checked=[kept] if kept is not None else [])


def _remove_orphans(p: WarehousePaths) -> None:
    """Temporary copies left by a publish killed half-way (their pid is gone): removed, never piled up."""
    for tmp in left_by_dead(p.home.glob(f".{p.published.name}.*.tmp"), lambda t: t.name.rsplit(".", 2)[-2]):
        tmp.unlink(missing_ok=True)


def _keep_release(p: WarehousePaths) -> Path | None:
    """Keep the published file as a release, or set it aside when damaged. Returns the release's path when
    its bytes are the ones just checked against their manifest (a hard link of the published file, or a
    manifest just built from it), else None (damaged, or kept by copy: prune hashes the copy)."""
    from warehouse import releases

    manifest = releases.read_manifest(p.published)
    if manifest is not None and releases.check(p.published, manifest, deep=False):
        # a damaged published file (being replaced by `restore`) is set aside, never kept as a release
        damaged = p.home / "damaged"
        damaged.mkdir(exist_ok=True)
        os.replace(p.published, damaged / f"warehouse-{releases.release_stamp()}.duckdb")
        return None
    p.releases.mkdir(parents=True, exist_ok=True)
    target = p.releases / f"warehouse-{releases.release_stamp()}.duckdb"
    try:
        os.link(p.published, target)  # same inode: the published file is replaced, never modified
        linked = True
    except OSError:
        shutil.copyfile(p.published, target)
        linked = False
    releases.write_manifest(releases.manifest_path(target), manifest or releases.build_info(target))
    # the file just checked (or hashed for its new manifest); a copy is a new file nobody has hashed yet
    return target if linked or manifest is None else None


def _verify(path: Path) -> tuple | None:
    """The copy opens (after its fsync) and reads as a warehouse; returns the run that built it, read on
    the same connection for its manifest (warehouse/releases.py `build_row`)."""
    from warehouse import releases

    try:
        con = duckdb.connect(str(path), read_only=True)
        try:
            con.execute("SELECT max(version) FROM meta.schema_migrations").fetchone()
            return releases.build_row(con)
        finally:
            con.close()
    except Exception as exc:  # noqa: BLE001 - any failure means the copy is unusable
        raise PublishError(f"copied warehouse {path} does not open: {exc}") from exc


def _fsync(path: Path) -> None:
    with open(path, "rb") as fh:
        os.fsync(fh.fileno())


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
