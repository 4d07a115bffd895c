"""A child process that ends with its parent, however the parent ends: one home for the rule.

A parent killed with SIGKILL (the OOM killer, `kill -9`) cannot stop its children itself. On Linux the
kernel can: `PR_SET_PDEATHSIG` asks for a signal when the parent dies. A parent that died before the
request took effect is noticed by comparing `getppid()` with the parent's pid. Used by the servers'
guard (fabricwatch/procs.py) and by the calibration worker of a fast ingest (pipelines/calibration_worker.py);
`pid_alive` tells files left by a killed process from a live one's (warehouse/publish.py, the worker's files).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

_PR_SET_PDEATHSIG = 1


def die_with_parent(death_signal: int, parent_pid: int) -> None:
    """Ask for `death_signal` when the parent dies (Linux; elsewhere nothing is asked), and end at once
    (SIGKILL) when the parent `parent_pid` is already gone."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(death_signal), 0, 0, 0)
        except OSError:  # pragma: no cover - no prctl: the caller's other means apply (signals, pipes)
            pass
    if os.getppid() != parent_pid:
        os.kill(os.getpid(), signal.SIGKILL)


def left_by_dead(paths: Iterable[Path], pid_of: Callable[[Path], str]) -> list[Path]:
    """The paths whose process (`pid_of(path)`, the pid written in its name) is gone: what a killed process
    left. Another process's live files and this process's own are not among them."""
    out = []
    for path in paths:
        pid = pid_of(path)
        if pid.isdigit() and int(pid) != os.getpid() and not pid_alive(int(pid)):
            out.append(path)
    return out


def pid_alive(pid: int) -> bool:
    """Whether a process `pid` exists (one of another user counts as alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
