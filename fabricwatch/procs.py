"""Child-process supervision for the commands that start servers (`dashboard`, `ui`).

The server runs in its own process group (a new session). SIGTERM or SIGINT sent to the
fabricwatch process (a service manager stopping it by PID, or Ctrl-C) is forwarded to that whole
group as `stop_signal`; whatever is still alive after `grace_s` gets SIGKILL, so no server outlives
its parent and its port is free when the parent exits. On Linux the child also gets `stop_signal`
if the parent dies without a chance to forward (SIGKILL of the parent: PR_SET_PDEATHSIG).

`dagster dev` shuts its webserver and daemon down on SIGINT but ignores SIGTERM, so `ui` uses
SIGINT as its stop signal; Streamlit stops on SIGTERM.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time

GRACE_S = 8.0          # how long the group gets to stop on its own before SIGKILL
_PR_SET_PDEATHSIG = 1


def _preexec(death_signal: int):
    def setup() -> None:
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(None, use_errno=True)
                libc.prctl(_PR_SET_PDEATHSIG, int(death_signal), 0, 0, 0)
            except OSError:  # pragma: no cover - no prctl: the signal forwarding still applies
                pass
    return setup


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover
        return True
    # zombies of the group count as gone: only the leader can be one here (reaped by wait)
    return True


def stop_group(proc: subprocess.Popen, stop_signal: int = signal.SIGTERM, grace_s: float = GRACE_S) -> int:
    """Signal the child's process group, wait up to `grace_s`, then SIGKILL what is left. Returns its exit code."""
    pgid = proc.pid
    for sig in (stop_signal, signal.SIGKILL):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + (grace_s if sig != signal.SIGKILL else 5.0)
        while time.monotonic() < deadline:
            proc.poll()
            if proc.returncode is not None and not _group_alive(pgid):
                return proc.returncode
            time.sleep(0.1)
    try:
        return proc.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
        return -signal.SIGKILL


def run_supervised(cmd: list[str], env: dict[str, str] | None = None, *, stop_signal: int = signal.SIGTERM,
                   grace_s: float = GRACE_S) -> int:
    """Run `cmd` in its own process group until it exits or we are told to stop; returns an exit code.

    On SIGTERM/SIGINT/SIGHUP the whole group is stopped (see module doc) and 0 is returned: a
    requested stop is a clean stop.
    """
    proc = subprocess.Popen(cmd, env=env, start_new_session=True, preexec_fn=_preexec(stop_signal))
    stopping: list[int] = []

    def on_signal(signum, _frame):
        stopping.append(signum)

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        while not stopping:
            try:
                code = proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                continue
            # the leader exited on its own: take down anything it left in its group
            if _group_alive(proc.pid):
                stop_group(proc, stop_signal, grace_s)
            return code
        stop_group(proc, stop_signal, grace_s)
        return 0
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
