"""Watch rules end to end: a rule added by the CLI, releases published on the fixture warehouse, the
matches delivered to a loopback webhook / SMTP sink / Apprise, once each, failures retried.

The fixture figures are synthetic (tests/fixtures/warehouse/builder.py): Analyst A's 2027 AI back-end
forecast is 10 -> 12.5 -> 11 USD bn over three vintages, Analyst B's 9 bn. Every expected value
below is computed by hand from those figures."""

from __future__ import annotations

import datetime as dt
import http.server
import json
import threading

import pytest

from fabricwatch import cli
from alerts import delivery as notify
from tests.fixtures.warehouse import builder
from warehouse import db, marts
from warehouse import publish as wpublish
from alerts import rules as alerts
from sources.records import Records
from pipelines import loading

IND = "ai_backend_network_revenue"


class _Receiver(http.server.BaseHTTPRequestHandler):
    received: list
    status = 200

    def do_POST(self):  # noqa: N802 - http.server's name
        body = self.rfile.read(int(self.headers["Content-Length"]))
        type(self).received.append(json.loads(body))
        self.send_response(type(self).status)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def webhook():
    handler = type("Receiver", (_Receiver,), {"received": [], "status": 200})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield handler, f"http://127.0.0.1:{server.server_port}/hook"
    server.shutdown()
    server.server_close()
    thread.join(5)


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    con = builder.build(db.paths(home).work)
    wpublish.publish(home, con)
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    return home


def _release(home, *extra):
    """Publish a new release: the fixture rows plus `extra` observations (a later refresh)."""
    con = db.connect_work(db.paths(home).work)
    loading.load_records(con, "later", Records(observations=list(extra)))
    marts.apply_all(con)
    wpublish.publish(home, con)


def _evaluate(home, run_id="run-x"):
    with db.published_connection(home) as con:
        return alerts.run_after_publish(home, con, run_id, notify.send)


def _forecast(value, published, source=builder.A):
    return builder.obs(
        IND, "AI back-end switches", "2027", value, "USD", "forecast", source, published, segment="ai_backend"
    )


def test_threshold_rule_fires_once_on_new_figures_only(home, webhook):
    handler, url = webhook
    assert cli.main(["alerts", "add", "big-ai", "--indicator", IND, "--above", "11.5e9", "--webhook", url]) == 0
    # nothing new yet: the published 12.5 bn vintage is old news for a rule without --backfill
    assert _evaluate(home)["matched"] == 0 and handler.received == []
    _release(home, _forecast(13e9, dt.date(2026, 1, 20)), _forecast(8e9, dt.date(2026, 1, 21), builder.B))
    counts = _evaluate(home, "run-2")
    assert counts == {"rules": 1, "matched": 1, "sent": 1, "failed": 0}
    [message] = handler.received
    assert message["alert"] == "big-ai" and message["count"] == 1
    [o] = message["observations"]
    assert (o["alert"], o["indicator"], o["period"], o["value"], o["unit"], o["kind"]) == (
        "big-ai",
        IND,
        "2027",
        13e9,
        "USD",
        "forecast",
    )
    assert o["subject"] == "AI back-end switches" and o["publisher"] == "Analyst A"
    assert o["published_on"] == "2026-01-20" and o["url"] == "https://example.org/analyst_a/2026-01-20"
    assert o["previous_value"] == 11e9  # Analyst A's previous vintage of the same target year
    assert o["change_pct"] == pytest.approx((13 - 11) / 11 * 100, abs=1e-3)
    assert o["evidence"] == "fixture row"
    # the next refresh publishes the same figures again: nothing is delivered twice
    _release(home, _forecast(13e9, dt.date(2026, 1, 20)), _forecast(8e9, dt.date(2026, 1, 21), builder.B))
    assert _evaluate(home, "run-3")["matched"] == 0 and len(handler.received) == 1
    [logged] = alerts.recent_deliveries(home)
    assert (logged["rule"], logged["status"], logged["attempts"], logged["value"]) == ("big-ai", "sent", 1, 13e9)


def test_backfill_covers_what_is_published_and_change_pct_uses_the_previous_vintage(home, webhook):
    handler, url = webhook
    assert (
        cli.main(
            [
                "alerts",
                "add",
                "revisions",
                "--indicator",
                IND,
                "--subject-like",
                "back-end",
                "--change-pct",
                "10",
                "--webhook",
                url,
                "--backfill",
            ]
        )
        == 0
    )
    _evaluate(home)
    [message] = handler.received
    moves = sorted((o["value"], o["previous_value"]) for o in message["observations"])
    # One series (same target, both analysts), vintages by date: 10 (A, 2024-01) -> 12.5 (A, 2025-01, +25 %)
    # -> 9 (B, 2025-03, -28 %) -> 11 (A, 2025-07, +22 %): three moves of 10 % or more; the first has no previous.
    assert moves == [(9e9, 12.5e9), (11e9, 9e9), (12.5e9, 10e9)]
    assert all(abs(v - p) / p >= 0.10 for v, p in moves)
    _evaluate(home, "run-2")
    assert len(handler.received) == 1  # backfill happens once


def test_a_failed_delivery_is_retried_at_the_next_refresh_and_never_blocks(home, webhook):
    handler, url = webhook
    handler.status = 500
    assert cli.main(["alerts", "add", "low", "--indicator", IND, "--below", "9.5e9", "--webhook", url]) == 0
    _release(home, _forecast(7e9, dt.date(2026, 2, 1), builder.B))
    assert _evaluate(home, "run-2") == {"rules": 1, "matched": 1, "sent": 0, "failed": 1}
    assert alerts.recent_deliveries(home)[0]["last_error"] == "webhook answered HTTP 500"
    handler.status = 200
    assert _evaluate(home, "run-3") == {"rules": 1, "matched": 1, "sent": 1, "failed": 0}
    assert [o["value"] for m in handler.received for o in m["observations"]] == [7e9, 7e9]  # 1 failed + 1 retried
    [logged] = alerts.recent_deliveries(home)
    assert (logged["status"], logged["attempts"]) == ("sent", 2)
    assert _evaluate(home, "run-4")["matched"] == 0


def test_rules_survive_a_restore(home, webhook):
    _, url = webhook
    assert cli.main(["alerts", "add", "keep", "--indicator", IND, "--above", "1", "--webhook", url]) == 0
    _release(home)
    wpublish.restore(home)
    assert [r.name for r in alerts.list_rules(home)] == ["keep"]


def test_email_goes_through_smtp_with_settings_from_the_environment(home, monkeypatch):
    from aiosmtpd.controller import Controller

    class Sink:
        messages: list = []

        async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
            Sink.messages.append(envelope)
            return "250 OK"

    import socket

    with socket.socket() as probe:  # a free loopback port (aiosmtpd's controller needs a fixed one)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        monkeypatch.setenv("FABRICWATCH_SMTP_HOST", "127.0.0.1")
        monkeypatch.setenv("FABRICWATCH_SMTP_PORT", str(port))
        monkeypatch.setenv("FABRICWATCH_SMTP_STARTTLS", "0")
        monkeypatch.setenv("FABRICWATCH_SMTP_FROM", "tracker@example.org")
        assert (
            cli.main(["alerts", "add", "mail", "--indicator", IND, "--above", "12e9", "--email", "analyst@example.org"])
            == 0
        )
        _release(home, _forecast(14e9, dt.date(2026, 3, 1)))
        assert _evaluate(home)["sent"] == 1
    finally:
        controller.stop()
    [env] = Sink.messages
    assert env.rcpt_tos == ["analyst@example.org"] and env.mail_from == "tracker@example.org"
    text = env.content.decode("utf-8")
    assert "fabricwatch: mail (1 new figure)" in text and "14000000000" in text.replace(".0", "")


def test_apprise_channel(home, webhook):
    handler, url = webhook
    apprise_url = url.replace("http://", "json://")
    assert cli.main(["alerts", "add", "any", "--indicator", IND, "--above", "12e9", "--notify", apprise_url]) == 0
    _release(home, _forecast(15e9, dt.date(2026, 3, 2)))
    assert _evaluate(home)["sent"] == 1
    [message] = handler.received  # Apprise's JSON: title and body
    assert "fabricwatch: any (1 new figure)" in message["title"] and "1.5e+10 USD" in message["message"]


def test_cli_list_test_remove_and_bad_input(home, webhook, capsys):
    handler, url = webhook
    assert cli.main(["alerts", "add", "a1", "--indicator", IND, "--above", "1e9", "--webhook", url]) == 0
    assert cli.main(["alerts", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out.split("\n", 1)[1])
    assert [r["name"] for r in listed["rules"]] == ["a1"]
    assert cli.main(["alerts", "test", "a1"]) == 0
    [message] = handler.received
    assert message["observations"][0]["test"] is True and message["observations"][0]["value"] > 1e9
    for argv, needle in [
        (["alerts", "add", "a1", "--indicator", IND, "--above", "1", "--webhook", url], "exists"),
        (
            ["alerts", "add", "x", "--indicator", "no_such_indicator", "--above", "1", "--webhook", url],
            "unknown indicator",
        ),
        (["alerts", "add", "x", "--indicator", IND, "--change-pct", "-5", "--webhook", url], "positive"),
        (["alerts", "add", "x", "--indicator", IND, "--above", "1", "--webhook", "ftp://h/x"], "http"),
        (["alerts", "add", "x", "--indicator", IND, "--above", "1", "--email", "not-an-address"], "not an address"),
        (["alerts", "add", "../x", "--indicator", IND, "--above", "1", "--webhook", url], "rule name"),
        (["alerts", "remove", "nope"], "no rule"),
        (["alerts", "test", "nope"], "no rule"),
    ]:
        capsys.readouterr()
        assert cli.main(argv) == 2, argv
        assert needle in capsys.readouterr().err
    assert cli.main(["alerts", "remove", "a1"]) == 0
    assert alerts.list_rules(home) == []


@pytest.mark.slow
def test_a_real_refresh_delivers_through_the_dagster_step(tmp_path, monkeypatch, webhook):
    """The offline default, refreshed twice: the alert step runs after publish, delivers once."""
    handler, url = webhook
    home = tmp_path / "real"
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    assert cli.main(["refresh"]) == 0
    assert (
        cli.main(
            [
                "alerts",
                "add",
                "nvl72-power",
                "--indicator",
                "rack_power_kw",
                "--subject-like",
                "NVL72",
                "--above",
                "100",
                "--webhook",
                url,
                "--backfill",
            ]
        )
        == 0
    )
    assert cli.main(["refresh", "--force"]) == 0
    [message] = handler.received
    with db.published_connection(home) as con:
        expected = con.execute(
            "SELECT count(*) FROM core.observations WHERE indicator = 'rack_power_kw' "
            "AND subject ILIKE '%NVL72%' AND value > 100"
        ).fetchone()[0]
    assert expected > 0 and message["count"] == expected
    # every figure arrives with its source: an address, or the seed document that carried it
    assert all((o["url"] or o["via"]) and o["publisher"] and o["evidence"] for o in message["observations"])
    assert cli.main(["refresh", "--force"]) == 0
    assert len(handler.received) == 1


def test_a_series_rule_watches_that_series_only(home, webhook):
    """--series takes the warehouse's series_key: figures of another series never fire it."""
    handler, url = webhook
    with db.published_connection(home) as con:
        keys = con.execute(
            "SELECT DISTINCT series_key FROM core.observations WHERE indicator = ? "
            "AND subject = 'AI back-end switches' AND series_key IS NOT NULL",
            [IND],
        ).fetchall()
        others = con.execute(
            "SELECT count(*) FROM core.observations WHERE indicator = ? AND value > 1 "
            "AND series_key IS DISTINCT FROM ?",
            [IND, keys[0][0] if keys else None],
        ).fetchone()[0]
    assert len(keys) == 1 and others > 0  # one series for the 2027 forecasts, other rows outside it
    assert (
        cli.main(
            [
                "alerts",
                "add",
                "one-series",
                "--indicator",
                IND,
                "--series",
                keys[0][0],
                "--above",
                "1",
                "--webhook",
                url,
                "--backfill",
            ]
        )
        == 0
    )
    _evaluate(home)
    [message] = handler.received
    assert sorted(o["value"] for o in message["observations"]) == [9e9, 10e9, 11e9, 12.5e9]
    assert {o["series_key"] for o in message["observations"]} == {keys[0][0]}


def test_a_threshold_never_fires_on_a_multi_year_total_and_add_says_the_indicator_spans_series(home, webhook, capsys):
    """A "$80 B over 2025-2029" total is another quantity than a year's revenue: a threshold on the indicator
    (no --series) never fires on it, and `alerts add` says the indicator spans several series."""
    handler, url = webhook
    total = builder.obs(
        IND,
        "AI back-end switches, five-year total",
        "2025-2029",
        80e9,
        "USD",
        "forecast",
        builder.A,
        dt.date(2025, 7, 15),
        segment="cumulative",
    )
    _release(home, total)
    assert (
        cli.main(["alerts", "add", "big", "--indicator", IND, "--above", "50e9", "--webhook", url, "--backfill"]) == 0
    )
    err = capsys.readouterr().err
    assert f"note: {IND} spans" in err and "--series" in err
    _evaluate(home)
    # every annual figure of the fixture is at most 12.5 bn: nothing above 50 bn once the total is left out
    assert handler.received == []
    # named with --series, the total's own series is watched
    with db.published_connection(home) as con:
        [(key,)] = con.execute(
            "SELECT DISTINCT series_key FROM core.observations WHERE subject = 'AI back-end switches, five-year total'"
        ).fetchall()
    assert (
        cli.main(
            [
                "alerts",
                "add",
                "total",
                "--indicator",
                IND,
                "--series",
                key,
                "--above",
                "50e9",
                "--webhook",
                url,
                "--backfill",
            ]
        )
        == 0
    )
    _evaluate(home, "run-y")
    [message] = handler.received
    assert [o["value"] for o in message["observations"]] == [80e9]
