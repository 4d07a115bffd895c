"""Fixtures for the fetch tests: loopback servers, a fast client config, a working warehouse."""

from __future__ import annotations

import pytest

from fetch_loopback import PAGE_V1, PAGE_V2, LoopbackServer, make_source
from sources.fetch.http import HttpConfig


@pytest.fixture
def make_server():
    servers: list[LoopbackServer] = []

    def make(host: str = "127.0.0.1") -> LoopbackServer:
        srv = LoopbackServer(host)
        servers.append(srv)
        return srv

    yield make
    for srv in servers:
        srv.stop()


@pytest.fixture
def server(make_server) -> LoopbackServer:
    return make_server()


@pytest.fixture
def fast_config() -> HttpConfig:
    """Short timeouts and backoff so the failure paths run in milliseconds."""
    return HttpConfig(
        contact="tests@example.org",
        per_host_delay_s=0.0,
        connect_timeout_s=1.0,
        read_timeout_s=0.5,
        total_timeout_s=3.0,
        max_attempts=3,
        backoff_base_s=0.01,
        backoff_max_s=0.05,
        max_bytes=1 * 2**20,
        trust_env=False,
        private_hosts=LOOPBACK_TEST_HOSTS,
    )


# The loopback test servers' addresses: the only hosts the live-mode address guard lets through here.
LOOPBACK_TEST_HOSTS = frozenset({"127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "localhost"})


@pytest.fixture
def source_factory():
    return make_source


@pytest.fixture
def warehouse_con(tmp_path):
    from warehouse import db, marts

    con = db.connect_work(tmp_path / "work" / "warehouse.duckdb")
    marts.apply_mart(con, "source_status")  # a view over raw.*: reflects every fetch run below
    yield con
    con.close()


@pytest.fixture
def pages():
    return {"v1": PAGE_V1, "v2": PAGE_V2}
