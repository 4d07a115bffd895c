"""Carry-forward: a document whose parser now fails or finds nothing keeps the rows of its last good
parse (warehouse/parse_state.py, warehouse/load.py); its indicators count as stale meanwhile."""

from __future__ import annotations

import datetime as dt

from sources.ledger.ledger import load_ledger
from sources.parsers.dispatch import DocumentStatus
from sources.records import Observation, Provenance, Records
from warehouse import db, load, marts, parse_state
from pipelines import loading

T0, T1, T2 = dt.datetime(2026, 1, 1), dt.datetime(2026, 2, 1), dt.datetime(2026, 3, 1)


def _prev(url, sha, status, records, parsed_at=T0):
    return {
        url: {"source_id": "s", "url": url, "sha256": sha, "status": status, "records": records, "parsed_at": parsed_at}
    }


def test_a_document_that_found_records_and_now_finds_nothing_is_carried_until_it_parses_again():
    prev = {**_prev("a", "a1", "ok", 5), **_prev("b", "b1", "ok", 3), **_prev("c", "c1", "empty", 0)}
    now = [
        DocumentStatus("a", "a2", "empty", 0),
        DocumentStatus("b", "b1", "ok", 3),
        DocumentStatus("c", "c2", "error", 0, "ParseError: no table"),
    ]
    (carried,) = parse_state.carry_forward(prev, {}, now, now=T1)
    # a keeps its last good body's rows (a1, 5 records, parsed T0), since T1; c never yielded: nothing to keep
    assert (carried["url"], carried["carried_sha256"], carried["carried_records"]) == ("a", "a1", 5)
    assert carried["carried_parsed_at"] == T0 and carried["since"] == T1 and carried["failed_sha256"] == "a2"
    # still failing a month later (another bad body): the same rows, since the first failure
    prev2 = {**_prev("a", "a3", "error", 0, T1), **_prev("b", "b1", "ok", 3, T1)}
    (again,) = parse_state.carry_forward(
        prev2,
        {"a": carried},
        [DocumentStatus("a", "a3", "error", 0, "boom"), DocumentStatus("b", "b1", "ok", 3)],
        now=T2,
    )
    assert again["carried_sha256"] == "a1" and again["since"] == T1 and again["status"] == "error"
    # it parses again: nothing carried
    assert (
        parse_state.carry_forward(
            prev2, {"a": carried}, [DocumentStatus("a", "a4", "ok", 6), DocumentStatus("b", "b1", "ok", 3)], now=T2
        )
        == []
    )


def test_a_source_whose_record_count_collapses_to_zero_is_carried_whole():
    prev = {**_prev("a", "a1", "ok", 5), **_prev("b", "b1", "ok", 3)}
    # b's document is gone and a now yields nothing: both keep their rows
    carried = parse_state.carry_forward(prev, {}, [DocumentStatus("a", "a2", "empty", 0)], now=T1)
    assert sorted((c["url"], c["status"], c["carried_sha256"]) for c in carried) == [
        ("a", "empty", "a1"),
        ("b", "missing", "b1"),
    ]


def _obs(sha: str, value: float, period: str) -> Observation:
    # written for tests: one parsed figure per document body
    prov = Provenance(
        source_id="top500_lists",
        publisher="TOP500",
        title=f"list {sha}",
        url=f"https://x/{sha}",
        published_on=dt.date.today(),
        evidence="row count",
        document_sha=sha,
    )
    return Observation(
        indicator="top500_systems",
        subject="Infiniband",
        period=period,
        value=value,
        unit="count",
        kind="actual",
        prov=prov,
        fabric="infiniband",
        segment="interconnect_family",
    )


def test_kept_rows_stay_with_their_provenance_and_their_indicator_is_stale(tmp_path):
    con = db.connect_work(tmp_path / "w.duckdb")
    indicators = {i["indicator"]: i for i in load_ledger().indicators}
    load.replace_rows(con, "core.indicators", [indicators["top500_systems"]])
    loading.load_records(
        con, "parse_top500_lists", Records(observations=[_obs("a1", 1.0, "2025-06"), _obs("b1", 2.0, "2025-11")])
    )
    marts.apply_all(con)
    assert con.execute(
        "SELECT status, carried_since FROM marts.indicator_freshness WHERE indicator = 'top500_systems'"
    ).fetchone() == ("fresh", None)
    # the next parse: document b parses again (new body b2), a finds nothing and keeps a1's row
    loading.load_records(
        con,
        "parse_top500_lists",
        Records(observations=[_obs("b2", 3.0, "2025-11")]),
        keep=["a1"],
        tables=["top500_families", "top500_interconnects"],
    )
    rows = con.execute("SELECT document_sha, value, url FROM core.observations ORDER BY document_sha").fetchall()
    assert rows == [("a1", 1.0, "https://x/a1"), ("b2", 3.0, "https://x/b2")]
    parse_state.save_carried(
        con,
        "top500_lists",
        [
            {
                "source_id": "top500_lists",
                "url": "https://x/a1",
                "carried_sha256": "a1",
                "carried_records": 1,
                "carried_parsed_at": T0,
                "since": T1,
                "status": "empty",
                "failed_sha256": "a9",
                "error": None,
            }
        ],
    )
    status, stale, since = con.execute(
        "SELECT status, stale, carried_since FROM marts.indicator_freshness WHERE indicator = 'top500_systems'"
    ).fetchone()
    assert (status, stale, since) == ("stale", True, T1)
    con.close()
