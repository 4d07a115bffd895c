"""Child-process supervision for the commands that start servers (`dashboard`, `ui`).

However the fabricwatch process ends, the server and everything it started end with it:

    fabricwatch ui|dashboard          signals handled before anything is started
      └─ guard  (python -m fabricwatch.procs)    PR_SET_PDEATHSIG=SIGTERM: told when fabricwatch dies
           └─ server (own session = own process group)   PR_SET_PDEATHSIG=stop signal
                └─ its children (webserver, daemon, code servers: same process group)

- SIGTERM, SIGINT or SIGHUP to fabricwatch (a service manager stopping it by PID, Ctrl-C) is passed to
  the guard, which stops the server's whole process group: `stop_signal` first, SIGKILL to what is
  left after `grace_s`. A requested stop is a clean stop (exit 0).
- SIGKILL of fabricwatch (the OOM killer, `kill -9`) cannot be handled by fabricwatch itself: the
  kernel sends the guard SIGTERM (parent-death signal), and the guard stops the group as above.
  `PR_SET_PDEATHSIG` alone would reach only the direct child: `dagster dev` starts a webserver, a
  daemon and code servers, which its shutdown does not always reach (a stop during its start-up
  leaves them; they do not watch their shutdown pipe's end-of-file). A process group reaches them
  all: none of them starts a session of its own.
- A signal that arrives while fabricwatch or the guard is starting is not lost: handlers are set
  before any child is started, and a child started after the stop was asked is stopped at once;
  a parent that died before the child could ask for its death signal is noticed (`getppid`).
- If the guard itself is SIGKILLed, the server still gets `stop_signal` (its own parent-death signal).

`dagster dev` shuts its webserver and daemon down on SIGINT but ignores SIGTERM, so `ui` uses SIGINT
as its stop signal; Streamlit stops on SIGTERM.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from sources.lifetime import die_with_parent

GRACE_S = 8.0  # how long the group gets to stop on its own before SIGKILL
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def _preexec(death_signal: int, parent_pid: int):
    """In the forked child, before exec: ask for `death_signal` when the parent dies, and do not start
    at all when the parent is already gone (it died before the request could take effect)."""

    def setup() -> None:
        die_with_parent(death_signal, parent_pid)

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


class _Stop:
    """Records the stop signals received (the handlers only set a flag; the loops act on it)."""

    def __init__(self) -> None:
        self.signals: list[int] = []
        self.previous = {s: signal.signal(s, self._on_signal) for s in STOP_SIGNALS}

    def _on_signal(self, signum, _frame) -> None:
        self.signals.append(signum)

    def __bool__(self) -> bool:
        return bool(self.signals)

    def restore(self) -> None:
        for s, handler in self.previous.items():
            signal.signal(s, handler)


def guard(cmd: list[str], stop_signal: int = signal.SIGTERM, grace_s: float = GRACE_S) -> int:
    """Run `cmd` in its own process group; stop the whole group when told to (a stop signal, or the
    parent-death signal) or when `cmd` exits leaving children behind. Returns an exit code."""
    stop = _Stop()
    try:
        proc = subprocess.Popen(cmd, start_new_session=True, preexec_fn=_preexec(stop_signal, os.getpid()))
        while not stop:
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
        stop.restore()


def run_supervised(
    cmd: list[str], env: dict[str, str] | None = None, *, stop_signal: int = signal.SIGTERM, grace_s: float = GRACE_S
) -> int:
    """Run `cmd` under a guard process until it exits or we are told to stop; returns an exit code.

    On SIGTERM/SIGINT/SIGHUP the whole server process group is stopped (see module doc) and 0 is
    returned: a requested stop is a clean stop.
    """
    stop = _Stop()  # before the child exists: a signal from now on is honoured
    try:
        guard_cmd = [sys.executable, "-m", "fabricwatch.procs", str(int(stop_signal)), str(grace_s), "--", *cmd]
        proc = subprocess.Popen(guard_cmd, env=env, preexec_fn=_preexec(signal.SIGTERM, os.getpid()))
        while not stop:
            try:
                return proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                continue
        try:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=grace_s + 15)
        except subprocess.TimeoutExpired:  # pragma: no cover - the guard SIGKILLs after grace_s
            proc.kill()
            proc.wait()
        return 0
    finally:
        stop.restore()


def main(argv: list[str]) -> int:
    """`python -m fabricwatch.procs STOP_SIGNAL GRACE_S -- CMD...`: the guard (started by run_supervised)."""
    stop_signal, grace_s, sep, *cmd = argv
    if sep != "--" or not cmd:
        raise SystemExit("usage: python -m fabricwatch.procs STOP_SIGNAL GRACE_S -- CMD...")
    return guard(cmd, int(stop_signal), float(grace_s))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
