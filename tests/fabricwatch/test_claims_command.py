"""The claims inbox from the command line: list, accept into a ledger copy, reject; decisions reach the marts."""

from __future__ import annotations

import csv
import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from fabricwatch import cli
from sources.ledger.ledger import load_ledger
from sources.document import Document
from sources.parsers import claims
from warehouse import db, load, marts
from warehouse import publish as wpublish

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "tests" / "fixtures" / "pages" / "delloro_ai_backend_2025-07-15.html"  # written for tests


@pytest.fixture()
def setup(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path / "home"))
    ledger = tmp_path / "curated"
    shutil.copytree(ROOT / "sources" / "curated", ledger)
    doc = Document.from_path(
        PAGE, source_id="delloro_news", url="https://www.delloro.com/example", published_on=dt.date(2025, 7, 15)
    )
    con = db.connect_work(db.paths(tmp_path / "home").work)
    load.replace_origin(con, "parse_delloro_news", claims.parse(doc))
    marts.apply_all(con)
    wpublish.publish(tmp_path / "home", con)
    return ledger


def _list(capsys, status="pending"):
    assert cli.main(["claims", "list", "--status", status, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["claims"]


def test_list_accept_and_reject(setup, capsys):
    ledger = setup
    pending = _list(capsys)
    assert len(pending) >= 2 and all(c["status"] == "pending" for c in pending)
    share = next(c for c in pending if c["unit"] == "share")
    money = next(c for c in pending if c["unit"] == "USD")

    code = cli.main(
        [
            "claims",
            "review",
            "--accept",
            share["claim_id"],
            "--ledger",
            str(ledger),
            "--subject",
            "AI back-end network market",  # a registered entity: an unregistered subject is refused
        ]
    )
    assert code == 0, capsys.readouterr().err
    assert (
        cli.main(
            [
                "claims",
                "review",
                "--reject",
                money["claim_id"],
                "--reason",
                "cumulative, already curated",
                "--ledger",
                str(ledger),
            ]
        )
        == 0
    )
    capsys.readouterr()
    # deciding twice is refused
    assert cli.main(["claims", "review", "--reject", money["claim_id"], "--ledger", str(ledger)]) == 2
    assert "already rejected" in capsys.readouterr().err

    accepted = [o for o in load_ledger(ledger).records.observations if share["claim_id"] in (o.note or "")]
    assert [(o.indicator, o.value, o.unit, o.period, o.prov.url, o.prov.published_on) for o in accepted] == [
        (
            "fabric_revenue_share",
            share["value"],
            "share",
            share["period"],
            "https://www.delloro.com/example",
            dt.date(2025, 7, 15),
        )
    ]
    with (ledger / "claims_review.csv").open(encoding="utf-8") as fh:
        decisions = {r["claim_id"]: r["decision"] for r in csv.DictReader(fh)}
    assert decisions == {share["claim_id"]: "accepted", money["claim_id"]: "rejected"}


def test_an_accepted_claim_must_be_a_valid_ledger_row(setup, capsys):
    ledger = setup
    share = next(c for c in _list(capsys) if c["unit"] == "share")
    # a share cannot feed a USD indicator: refused, nothing written
    code = cli.main(
        [
            "claims",
            "review",
            "--accept",
            share["claim_id"],
            "--indicator",
            "ai_backend_network_revenue",
            "--ledger",
            str(ledger),
        ]
    )
    assert code == 2
    assert "does not match indicator" in capsys.readouterr().err
    assert not (ledger / "claims_review.csv").exists()
