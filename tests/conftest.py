"""Test-wide guards: no test may open a network connection beyond loopback, nor leave a process behind."""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
import time
import uuid
from pathlib import Path

import pytest

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_getaddrinfo = socket.getaddrinfo


def _is_loopback(host: str) -> bool:
    if host in ("localhost", "", None):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


class NetworkBlocked(RuntimeError):
    """Raised when a test tries to reach a non-loopback address."""


def _check(sock: socket.socket, address) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        host = address[0] if isinstance(address, tuple) else str(address)
        if not _is_loopback(str(host)):
            raise NetworkBlocked(f"tests must not touch the network: connect to {address!r}")


def _guarded_connect(self, address):
    _check(self, address)
    return _real_connect(self, address)


def _guarded_connect_ex(self, address):
    _check(self, address)
    return _real_connect_ex(self, address)


def _guarded_getaddrinfo(host, *args, **kwargs):
    if host is not None and not _is_loopback(str(host) if not isinstance(host, bytes) else host.decode()):
        raise NetworkBlocked(f"tests must not resolve non-loopback hosts: {host!r}")
    return _real_getaddrinfo(host, *args, **kwargs)


# The benchmark and reliability harness tests (tests/bench/, tests/reliability/) run the bench/
# scripts and scenarios: about half of `make test`. They carry the `harness` marker, so
# `make quick` (-m "not slow and not harness") leaves them out; `make test` runs them.
HARNESS_DIRS = {"bench", "reliability"}
_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        try:
            top = Path(str(item.fspath)).resolve().relative_to(_TESTS).parts[0]
        except ValueError:
            continue
        if top in HARNESS_DIRS:
            item.add_marker(pytest.mark.harness)


@pytest.fixture(autouse=True, scope="session")
def _block_network():
    socket.socket.connect = _guarded_connect
    socket.socket.connect_ex = _guarded_connect_ex
    socket.getaddrinfo = _guarded_getaddrinfo
    yield
    socket.socket.connect = _real_connect
    socket.socket.connect_ex = _real_connect_ex
    socket.getaddrinfo = _real_getaddrinfo


@pytest.fixture(scope="session")
def refreshed_home(tmp_path_factory):
    """A FABRICWATCH_HOME after a full offline refresh, shared by the tests that only read it.

    Tests that change it copy it first (see tests/pipelines/test_refresh_publish.py).
    """
    from pipelines.runner import run_refresh

    home = tmp_path_factory.mktemp("fw_home")
    outcome = run_refresh(home, mode="offline")
    assert outcome.success and not outcome.skipped_publish, outcome
    return home


# Every process the tests start inherits this marker in its environment, so one left running at the
# end (a Streamlit or Dagster server outliving its parent) is found even after it was re-parented.
SESSION_MARKER = "FABRICWATCH_TEST_SESSION"


def processes_with_marker(value: str) -> list[tuple[int, str]]:
    """(pid, command line) of live processes whose environment carries SESSION_MARKER=value (Linux /proc)."""
    needle = f"{SESSION_MARKER}={value}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if needle not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            if (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0] == b"Z":
                continue  # exited, waiting to be reaped: holds no port
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        found.append((int(entry.name), cmd))
    return found


@pytest.fixture(autouse=True, scope="session")
def _no_process_left_behind():
    if not Path("/proc/self/environ").exists():  # not Linux: nothing to scan
        yield
        return
    value = uuid.uuid4().hex
    os.environ[SESSION_MARKER] = value
    yield
    deadline = time.monotonic() + 5.0  # servers stopped by the last test get a moment to go
    while (left := processes_with_marker(value)) and time.monotonic() < deadline:
        time.sleep(0.2)
    for pid, _ in left:  # clean up, then fail: the leak is a defect to fix
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    assert not left, "processes started by the tests are still running:\n" + "\n".join(
        f"  pid {pid}: {cmd[:200]}" for pid, cmd in left
    )
