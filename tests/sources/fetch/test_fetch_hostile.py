"""Hostile responses on loopback: compression bombs, huge pages, addresses inside the network,
non-http redirects, and a source failing for several runs before it recovers."""

from __future__ import annotations

import gzip
import zlib

import pytest
from fetch_loopback import PAGE_V1, PAGE_V2, Resp, make_source

from sources.fetch.fetchers import LiveFetcher
from sources.fetch.http import HttpClient, HttpConfig, non_public_address
from pipelines.fetcher_resource import fetch_and_record
from warehouse.raw import source_status

BOMB_BYTES = 60 * 2**20  # 60 MB of zeros: ~60 KB gzipped, ~1000x


@pytest.fixture(scope="module")
def gzip_bomb() -> bytes:
    return gzip.compress(b"\0" * BOMB_BYTES, compresslevel=9)


def _get(config, url, host="127.0.0.1"):
    with HttpClient(config) as client:
        return client.get(url, allowed_hosts={host}, accept=("text/html",), obey_robots=False)


def test_a_gzip_bomb_is_cut_at_the_decompressed_byte_cap(server, fast_config, gzip_bomb):
    url = server.route("/bomb", Resp(200, gzip_bomb, {"Content-Encoding": "gzip"}))
    r = _get(fast_config, url)
    assert len(gzip_bomb) < fast_config.max_bytes < BOMB_BYTES  # small on the wire, huge inflated
    assert r.outcome == "error" and r.error_class == "BodyTooLarge" and "decompressed" in r.error_message
    assert r.body is None


def test_a_deflate_bomb_is_cut_too(server, fast_config):
    body = zlib.compress(b"<html>" + b"a" * (8 * 2**20), 9)
    url = server.route("/deflate", Resp(200, body, {"Content-Encoding": "deflate"}))
    r = _get(fast_config, url)
    assert r.outcome == "error" and r.error_class == "BodyTooLarge"


def test_a_50_mb_page_is_cut_by_the_size_cap(server, fast_config):
    url = server.route("/huge", Resp(200, b"<p>" + b"x" * (50 * 2**20)))
    r = _get(fast_config, url)
    assert r.outcome == "error" and r.error_class == "BodyTooLarge"
    assert server.body_bytes_sent <= fast_config.max_bytes * 2 or server.aborted_by_client


def test_a_well_formed_gzip_page_still_decodes(server, fast_config):
    url = server.route("/ok", Resp(200, PAGE_V1, gzip=True))
    r = _get(fast_config, url)
    assert r.outcome == "fetched" and r.body == PAGE_V1


def test_an_unknown_content_encoding_is_refused(server, fast_config):
    url = server.route("/br", Resp(200, b"\x1b\x00\x00", {"Content-Encoding": "br"}))
    r = _get(fast_config, url)
    assert r.outcome == "error" and r.error_class == "UnsupportedEncoding"


def test_live_mode_refuses_loopback_unless_the_host_is_named_as_a_test_host(server, fast_config):
    url = server.route("/page", Resp(200, PAGE_V1))
    strict = HttpConfig(**{**fast_config.__dict__, "private_hosts": frozenset()})
    r = _get(strict, url)
    assert r.outcome == "error" and r.error_class == "AddressNotPublic" and "loopback" in r.error_message
    assert server.hits == []  # refused before connecting
    assert _get(fast_config, url).outcome == "fetched"  # the test host, named explicitly


@pytest.mark.parametrize(
    "target, words",
    [
        ("http://169.254.169.254/latest/meta-data/", "link-local"),  # cloud metadata service
        ("http://10.0.0.7/admin", "private"),
        ("http://192.168.1.1/", "private"),
        ("http://[::1]:8080/", "loopback"),
        ("http://0.0.0.0/", "unspecified"),
    ],
)
def test_a_redirect_into_the_network_is_refused(server, fast_config, target, words):
    host = target.split("/")[2].rsplit(":", 1)[0].strip("[]") if target.count(":") > 1 else target.split("/")[2]
    url = server.route("/go", Resp(302, b"", {"Location": target}))
    with HttpClient(fast_config) as client:
        r = client.get(url, allowed_hosts={"127.0.0.1", host, "::1"}, accept=("text/html",), obey_robots=False)
    assert r.outcome == "error" and r.error_class == "AddressNotPublic", r.error_message
    assert words in r.error_message


@pytest.mark.parametrize("target", ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1:70/"])
def test_a_redirect_to_another_scheme_is_refused(server, fast_config, target):
    url = server.route("/go", Resp(302, b"", {"Location": target}))
    r = _get(fast_config, url)
    assert r.outcome == "error" and r.error_class == "RedirectRefused"


def test_name_lookup_is_checked_not_only_literals():
    assert "loopback" in non_public_address("localhost")
    assert non_public_address("198.51.100.7") is not None  # documentation range: not global
    assert non_public_address("8.8.8.8") is None


def test_a_source_failing_for_several_runs_keeps_its_documents_and_recovers(
    make_server, fast_config, warehouse_con, tmp_path
):
    flaky, steady = make_server("127.0.0.1"), make_server("127.0.0.2")
    script = [
        Resp(200, PAGE_V1),  # run 1: fine
        Resp(200, PAGE_V1, delay_s=2.0),  # run 2: times out (every attempt)
        Resp(500, b"oops"),  # run 3: server errors
        Resp(200, b"\x00\x01garbage\xff" * 50, {"Content-Type": "application/octet-stream"}),  # run 4: garbage
        Resp(200, PAGE_V2),
    ]  # run 5: back
    state = {"run": 0}
    flaky.route("/spec", lambda handler: script[state["run"]])
    steady.route("/news", lambda handler: Resp(200, PAGE_V1 if state["run"] % 2 == 0 else PAGE_V2))
    bad = make_source("test_flaky", [flaky.url("/spec")], hosts=("127.0.0.1",))
    good = make_source("test_steady", [steady.url("/news")], hosts=("127.0.0.2",))
    shas, statuses = [], []
    for run in range(5):
        state["run"] = run
        fetcher = LiveFetcher(fast_config)
        try:
            fetch_and_record(warehouse_con, [bad, good], fetcher, home=tmp_path)
        finally:
            fetcher.close()
        shas.append(
            warehouse_con.execute("SELECT current_sha256 FROM raw.documents WHERE source_id = 'test_flaky'").fetchone()[
                0
            ]
        )
        statuses.append(source_status(warehouse_con))
    # runs 2-4 fail: the stored version of run 1 stays (not emptied), the source is flagged failing
    assert shas[0] is not None and shas[1] == shas[2] == shas[3] == shas[0]
    assert [s["test_flaky"]["failing"] for s in statuses] == [0, 1, 1, 1, 0]
    assert "Timeout" in statuses[1]["test_flaky"]["last_error"] and "500" in statuses[2]["test_flaky"]["last_error"]
    # the other source kept updating all along, and the flaky one recovered on its own
    assert all(s["test_steady"]["failing"] == 0 for s in statuses)
    assert shas[4] != shas[0]
