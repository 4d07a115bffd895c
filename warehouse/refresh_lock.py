"""One refresh at a time, by design: a second refresh refuses at once.

The lock is an OS advisory lock (`fcntl.flock`) on `$FABRICWATCH_HOME/refresh.lock`, held by the
refresh for its whole life (fetch to publish). The kernel drops it when the holder dies, however it
dies (SIGKILL, OOM), so a killed refresh never leaves a stale lock. The file's content (pid, start
time, what holds it) only serves the message of the refused refresh.

Why refuse rather than wait: the second refresh would rebuild from the same inputs a few seconds
later and publish a second, identical release; an analyst who wants it can run it again. A publish
additionally takes `publish_lock()` (publish.lock), so two publishes never race even when they come
from processes that do not take the refresh lock (the Dagster daemon's runs: those are serialized
by dagster.yaml's one-run-at-a-time limit, and wait here for a CLI refresh's publish to finish).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from pathlib import Path
from typing import Iterator

from sources.clock import utc_iso

PUBLISH_WAIT_S = 300.0


class RefreshBusy(RuntimeError):
    """Another refresh holds the lock; nothing was done."""


def _lock_path(home: str | Path, name: str) -> Path:
    path = Path(home) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def refresh_lock(home: str | Path, what: str = "fabricwatch refresh") -> Iterator[None]:
    """Hold the refresh lock for the block, or raise RefreshBusy at once (naming the holder)."""
    path = _lock_path(home, "refresh.lock")
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RefreshBusy(
                f"another refresh is running ({holder(home) or 'holder unknown'}); "
                "one refresh at a time: this one did nothing. Run it again when that one ends."
            ) from None
        info = {"pid": os.getpid(), "what": what, "since": utc_iso()}
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(info).encode(), 0)
        try:
            yield
        finally:
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def holder(home: str | Path) -> str | None:
    """'pid N (what) since T' of the current holder, from the lock file; None when unknown."""
    try:
        info = json.loads((Path(home) / "refresh.lock").read_text(encoding="utf-8") or "null")
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict):
        return None
    return f"pid {info.get('pid')} ({info.get('what')}) since {info.get('since')}"


def is_locked(home: str | Path) -> bool:
    """True when some process holds the refresh lock right now."""
    path = Path(home) / "refresh.lock"
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


@contextlib.contextmanager
def publish_lock(home: str | Path, wait_s: float = PUBLISH_WAIT_S) -> Iterator[None]:
    """Serialize publishes (and restores): wait up to `wait_s` for another one to finish."""
    path = _lock_path(home, "publish.lock")
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise RefreshBusy(f"another publish has held {path} for over {wait_s:.0f} s") from None
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
