"""Live-mode credentials come from the environment, reach only their host, and are written nowhere."""

from __future__ import annotations

import logging

from fetch_loopback import PAGE_V1, Resp, make_source

from sources.fetch import http
from sources.fetch.fetchers import LiveFetcher
from warehouse import db
from warehouse import publish as wpublish
from pipelines.fetcher_resource import fetch_and_record

TOKEN = "ghp_FAKEtokenForTests0123456789abcdefABCD"


def test_a_token_from_the_environment_reaches_its_host_only_and_is_written_nowhere(
    make_server, fast_config, tmp_path, monkeypatch, caplog, capfd
):
    api, other = make_server("127.0.0.1"), make_server("127.0.0.2")
    monkeypatch.setattr(http, "CREDENTIAL_ENV", {"FABRICWATCH_GITHUB_TOKEN": ("127.0.0.1", "Bearer {}")})
    monkeypatch.setenv("FABRICWATCH_GITHUB_TOKEN", TOKEN)
    config = http.HttpConfig.from_env(**{k: v for k, v in fast_config.__dict__.items() if k != "credentials"})
    api.route("/robots.txt", Resp(404, b""))
    api.route("/releases", Resp(200, PAGE_V1))
    api.route("/moved", Resp(302, b"", {"Location": other.url("/elsewhere")}))
    other.route("/robots.txt", Resp(404, b""))
    other.route("/elsewhere", Resp(200, PAGE_V1 + b"<!-- 2 -->"))
    src = make_source("test_api", [api.url("/releases"), api.url("/moved")], hosts=("127.0.0.1", "127.0.0.2"))
    con = db.connect_work(db.paths(tmp_path).work)
    caplog.set_level(logging.DEBUG)
    fetcher = LiveFetcher(config)
    try:
        fetch_and_record(con, [src], fetcher, home=tmp_path)
    finally:
        fetcher.close()
    wpublish.publish(tmp_path, con)
    # used where it belongs, and only there (not carried across the redirect to another host)
    assert any(h.headers.get("authorization") == f"Bearer {TOKEN}" for h in api.hits)
    assert all("authorization" not in h.headers for h in other.hits) and other.hits
    assert TOKEN not in repr(config) and TOKEN not in str(config)
    # ... and written nowhere: warehouse files, stored documents, anything under the home, the logs
    leaks = [str(p) for p in tmp_path.rglob("*") if p.is_file() and TOKEN.encode() in p.read_bytes()]
    out, err = capfd.readouterr()
    assert leaks == []
    assert TOKEN not in caplog.text and TOKEN not in out and TOKEN not in err
