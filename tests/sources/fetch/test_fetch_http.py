"""The HTTP client against real loopback servers: politeness, retries, caps, redirects, charsets."""

from __future__ import annotations

import dataclasses
import datetime as dt
import socket
import time

import pytest

from fetch_loopback import Resp
from sources.fetch.content import CharsetError, resolve_charset
from sources.fetch.http import HttpClient, parse_retry_after

ALLOW_LOCAL = {"127.0.0.1"}
HTML = ("text/html",)


def test_robots_disallow_refuses_path_and_is_fetched_once_per_host(server, fast_config):
    server.route("/robots.txt", Resp(200, b"User-agent: *\nDisallow: /private\n", {"Content-Type": "text/plain"}))
    private = server.route("/private/specs", Resp(200, b"<p>secret</p>"))
    public = server.route("/public/specs", Resp(200, b"<p>ok</p>"))
    with HttpClient(fast_config) as client:
        refused = client.get(private, allowed_hosts=ALLOW_LOCAL, accept=HTML)
        allowed = client.get(public, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert refused.outcome == "disallowed"
    assert refused.error_class == "RobotsDisallowed"
    assert [a.outcome for a in refused.attempts] == ["ok", "disallowed"]  # robots fetch, then refusal
    assert refused.attempts[0].purpose == "robots"
    assert allowed.outcome == "fetched" and allowed.body == b"<p>ok</p>"
    assert server.paths_hit() == ["/robots.txt", "/public/specs"]  # never asked for /private
    assert all(
        "fabricwatch/0.1" in h.headers["user-agent"] and "tests@example.org" in h.headers["user-agent"]
        for h in server.hits
    )


def test_robots_unavailable_5xx_means_disallow(server, fast_config):
    server.route("/robots.txt", Resp(500, b"oops"))
    url = server.route("/page", Resp(200, b"<p>x</p>"))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.outcome == "disallowed"
    assert "/page" not in server.paths_hit()
    assert server.paths_hit().count("/robots.txt") == fast_config.max_attempts  # retried as a 5xx


def test_429_with_retry_after_is_honoured_then_succeeds(server, fast_config):
    url = server.route("/busy", Resp(429, b"slow down", {"Retry-After": "1"}), Resp(200, b"<p>done</p>"))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.outcome == "fetched" and result.body == b"<p>done</p>"
    page_hits = [h for h in server.hits if h.path == "/busy"]
    assert page_hits[1].at - page_hits[0].at >= 0.95  # waited the announced second
    assert [(a.status, a.outcome, a.retry_after_s) for a in result.attempts if a.purpose == "page"] == [
        (429, "retry", 1.0),
        (200, "ok", None),
    ]


def test_503_twice_then_success(server, fast_config):
    url = server.route("/flaky", Resp(503), Resp(503), Resp(200, b"<p>up</p>"))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.outcome == "fetched"
    assert [(a.attempt, a.status, a.outcome) for a in result.attempts if a.purpose == "page"] == [
        (1, 503, "retry"),
        (2, 503, "retry"),
        (3, 200, "ok"),
    ]


def test_retry_after_longer_than_cap_stops_at_once(server, fast_config):
    url = server.route("/later", Resp(503, b"", {"Retry-After": "3600"}))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.outcome == "error" and result.error_class == "RetryAfterTooLong"
    assert server.paths_hit().count("/later") == 1


def test_conditional_get_sends_validators_and_304_is_not_modified(server, fast_config):

    def etag_page(handler):
        if handler.headers.get("If-None-Match") == '"v1"':
            return Resp(304, b"", {"ETag": '"v1"'})
        return Resp(200, b"<p>v1</p>", {"ETag": '"v1"', "Last-Modified": "Wed, 01 Jul 2026 10:00:00 GMT"})

    url = server.route("/etag", etag_page)
    with HttpClient(fast_config) as client:
        first = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
        second = client.get(
            url, allowed_hosts=ALLOW_LOCAL, accept=HTML, etag=first.etag, last_modified=first.last_modified
        )
    assert first.outcome == "fetched" and first.etag == '"v1"'
    assert second.outcome == "not_modified" and second.status == 304 and second.body is None
    last = [h for h in server.hits if h.path == "/etag"][-1]
    assert last.headers["if-none-match"] == '"v1"'
    assert last.headers["if-modified-since"] == "Wed, 01 Jul 2026 10:00:00 GMT"


def test_redirect_within_allowlist_followed_and_outside_refused(make_server, fast_config):
    home = make_server("127.0.0.1")
    elsewhere = make_server("127.0.0.2")
    elsewhere.route("/x", Resp(200, b"<p>off-site</p>"))
    home.route("/moved", Resp(301, b"", {"Location": "/new"}))
    home.route("/new", Resp(200, b"<p>new</p>"))
    home.route("/away", Resp(302, b"", {"Location": elsewhere.url("/x")}))
    with HttpClient(fast_config) as client:
        moved = client.get(home.url("/moved"), allowed_hosts=ALLOW_LOCAL, accept=HTML)
        away = client.get(home.url("/away"), allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert moved.outcome == "fetched" and moved.final_url == home.url("/new") and moved.body == b"<p>new</p>"
    assert [a.outcome for a in moved.attempts if a.purpose == "page"] == ["redirect", "ok"]
    assert away.outcome == "error" and away.error_class == "RedirectRefused"
    assert "127.0.0.2" in away.error_message
    assert elsewhere.hits == []  # not even robots.txt


def test_body_over_cap_is_aborted_without_reading_it_all(server, fast_config):
    cfg = dataclasses.replace(fast_config, max_bytes=256 * 1024)
    block = b"x" * 65536
    url = server.route("/huge", Resp(200, block, {"Content-Type": "text/html"}, chunks=800))  # 50 MiB, chunked
    declared = server.route("/declared", Resp(200, b"<p>small</p>", {"Content-Length": str(50 * 2**20)}))
    with HttpClient(cfg) as client:
        huge = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
        by_header = client.get(declared, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert huge.outcome == "error" and huge.error_class == "BodyTooLarge"
    time.sleep(0.2)
    assert server.body_bytes_sent < 800 * len(block) / 4  # the server was cut off early
    assert huge.attempts[-1].outcome == "error" and server.paths_hit().count("/huge") == 1  # not retried
    assert by_header.error_class == "BodyTooLarge" and "Content-Length" in by_header.error_message


def test_slow_server_times_out_and_is_retried_then_reported(server, fast_config):
    cfg = dataclasses.replace(fast_config, read_timeout_s=0.2, max_attempts=2)
    url = server.route("/slow", Resp(200, b"<p>late</p>", delay_s=1.0))
    t0 = time.monotonic()
    with HttpClient(cfg) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.outcome == "error" and result.error_class == "ReadTimeout"
    assert [a.outcome for a in result.attempts if a.purpose == "page"] == ["retry", "error"]
    assert time.monotonic() - t0 < 1.5


def test_trickling_body_hits_the_total_deadline(server, fast_config):
    cfg = dataclasses.replace(fast_config, total_timeout_s=0.5, read_timeout_s=1.0)
    url = server.route("/trickle", Resp(200, b"<p>.</p>", chunks=40, chunk_delay_s=0.05))
    with HttpClient(cfg) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.outcome == "error" and result.error_class == "TotalTimeout"


def test_wrong_content_type_is_a_clear_error(server, fast_config):
    png = server.route("/image", Resp(200, b"\x89PNG\r\n\x1a\n....", {"Content-Type": "image/png"}))
    html_for_json = server.route("/api", Resp(200, b"<html>login</html>"))
    with HttpClient(fast_config) as client:
        a = client.get(png, allowed_hosts=ALLOW_LOCAL, accept=HTML)
        b = client.get(html_for_json, allowed_hosts=ALLOW_LOCAL, accept=("application/json",))
    assert a.error_class == "ContentTypeRejected" and "image/png" in a.error_message
    assert b.error_class == "ContentTypeRejected" and "text/html" in b.error_message
    assert a.attempts[-1].status == 200 and a.attempts[-1].outcome == "error"


def test_missing_content_type_is_sniffed(server, fast_config):
    url = server.route("/bare", Resp(200, b'{"tag_name": "v2.27.3"}', {"Content-Type": ""}))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=("application/json",))
    assert result.outcome == "fetched" and result.content_type == "application/json" and result.encoding == "utf-8"


def test_gzip_body_is_decoded_and_wire_bytes_are_smaller(server, fast_config):
    page = b"<html><body>" + b"<p>800G OSFP transceiver</p>" * 500 + b"</body></html>"
    url = server.route("/gz", Resp(200, page, gzip=True))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.body == page
    attempt = result.attempts[-1]
    assert attempt.bytes == len(page) and attempt.wire_bytes < len(page) / 10
    assert result.headers["content-encoding"] == "gzip"


BIG5_TEXT = "輝達推出 Quantum-X800 InfiniBand 交換器，每埠 800 Gb/s。"
GB_TEXT = "英伟达发布 Spectrum-X 以太网平台，镕铭科技参与测试。"  # 镕 is GBK, outside GB2312


def test_big5_page_declared_in_header_is_decoded(server, fast_config):
    body = f"<html><body><p>{BIG5_TEXT}</p></body></html>".encode("big5")
    url = server.route("/tw", Resp(200, body, {"Content-Type": "text/html; charset=Big5"}))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.encoding == "big5hkscs"
    assert BIG5_TEXT in result.body.decode(result.encoding)


def test_gb2312_page_declared_in_meta_is_decoded_as_its_superset(server, fast_config):
    body = (
        f'<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"></head>'
        f"<body><p>{GB_TEXT}</p></body></html>"
    ).encode("gbk")
    url = server.route("/cn", Resp(200, body, {"Content-Type": "text/html"}))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.encoding == "gb18030"
    assert GB_TEXT in result.body.decode(result.encoding)
    with pytest.raises(UnicodeDecodeError):
        body.decode("gb2312")  # why the WHATWG superset matters


def test_undeclared_non_utf8_page_is_a_clear_charset_error(server, fast_config):
    url = server.route("/nocharset", Resp(200, f"<p>{BIG5_TEXT}</p>".encode("big5"), {"Content-Type": "text/html"}))
    with HttpClient(fast_config) as client:
        result = client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML)
    assert result.outcome == "error" and result.error_class == "CharsetError"
    assert "not UTF-8" in result.error_message


def test_connection_refused_is_retried_then_reported(fast_config):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    with HttpClient(fast_config) as client:
        result = client.get(f"http://127.0.0.1:{port}/x", allowed_hosts=ALLOW_LOCAL, accept=HTML, obey_robots=False)
    assert result.outcome == "error" and result.error_class == "ConnectError"
    assert [a.outcome for a in result.attempts] == ["retry", "retry", "error"]
    assert all(a.status is None for a in result.attempts)


def test_host_not_in_allowlist_is_refused_before_any_request(server, fast_config):
    with HttpClient(fast_config) as client:
        result = client.get(server.url("/x"), allowed_hosts={"example.org"}, accept=HTML)
    assert result.error_class == "HostNotAllowed" and server.hits == []


def test_one_request_at_a_time_per_host_with_delay_and_hosts_in_parallel(make_server, fast_config):
    from concurrent.futures import ThreadPoolExecutor

    cfg = dataclasses.replace(fast_config, per_host_delay_s=0.2)
    a, b = make_server("127.0.0.1"), make_server("127.0.0.3")
    urls = [a.route(f"/p{i}", Resp(200, b"<p>a</p>", delay_s=0.05)) for i in range(3)]
    urls += [b.route(f"/p{i}", Resp(200, b"<p>b</p>", delay_s=0.05)) for i in range(3)]
    t0 = time.monotonic()
    with HttpClient(cfg) as client, ThreadPoolExecutor(6) as pool:
        results = list(pool.map(lambda u: client.get(u, allowed_hosts={"127.0.0.1", "127.0.0.3"}, accept=HTML), urls))
    wall = time.monotonic() - t0
    assert all(r.outcome == "fetched" for r in results)
    for srv in (a, b):
        times = sorted(h.at for h in srv.hits)  # robots.txt (instant 404) + 3 pages
        gaps = [t2 - t1 for t1, t2 in zip(times, times[1:])]
        assert gaps[0] >= 0.2 - 0.01  # robots answer + delay
        assert min(gaps[1:]) >= 0.05 + 0.2 - 0.01  # previous 50 ms response + delay
    assert wall < 2 * 4 * 0.25  # the two hosts overlapped


@pytest.mark.parametrize(
    "header,expected",
    [
        ("120", 120.0),
        ("0", 0.0),
        (None, None),
        ("soon", None),
        ("Wed, 01 Jul 2026 10:00:30 GMT", 30.0),
    ],
)
def test_parse_retry_after(header, expected):
    now = dt.datetime(2026, 7, 1, 10, 0, 0, tzinfo=dt.timezone.utc)
    assert parse_retry_after(header, now) == expected


@pytest.mark.parametrize(
    "body,header,codec",
    [
        ("<p>é</p>".encode(), "text/html; charset=UTF-8", "utf-8"),
        (b"\xef\xbb\xbf<p>x</p>", "text/html; charset=latin1", "utf-8-sig"),  # BOM wins
        (b'<?xml version="1.0" encoding="big5"?><rss/>', "application/xml", "big5hkscs"),
        ("<p>café</p>".encode("cp1252"), "text/html; charset=ISO-8859-1", "cp1252"),
    ],
)
def test_resolve_charset(body, header, codec):
    assert resolve_charset(body, header) == codec


def test_unknown_declared_charset_is_an_error():
    with pytest.raises(CharsetError, match="unknown charset"):
        resolve_charset(b"<p>x</p>", "text/html; charset=x-klingon")


def test_robots_crawl_delay_raises_the_per_host_delay(server, fast_config):
    server.route("/robots.txt", Resp(200, b"User-agent: *\nCrawl-delay: 0.3\n", {"Content-Type": "text/plain"}))
    urls = [server.route(f"/c{i}", Resp(200, b"<p>c</p>")) for i in range(2)]
    with HttpClient(fast_config) as client:  # configured delay: 0
        for url in urls:
            assert client.get(url, allowed_hosts=ALLOW_LOCAL, accept=HTML).outcome == "fetched"
    pages = [h.at for h in server.hits if h.path.startswith("/c")]
    assert pages[1] - pages[0] >= 0.29
