"""Test-wide guards: no test may open a network connection beyond loopback."""

from __future__ import annotations

import ipaddress
import socket

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
