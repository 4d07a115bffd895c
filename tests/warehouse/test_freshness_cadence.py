"""Freshness knows each indicator's real cadence: TOP500 lists come twice a year (June, November)."""

from __future__ import annotations

import datetime as dt

from sources.ledger.ledger import load_ledger
from sources.records import Observation, Provenance, Records
from warehouse import db, load, marts
from pipelines import loading


def test_a_top500_tracker_stuck_at_2023_11_is_stale(tmp_path):
    con = db.connect_work(tmp_path / "w.duckdb")
    indicators = {i["indicator"]: i for i in load_ledger().indicators}
    assert indicators["top500_systems"]["cadence"] == "half_yearly"  # the real catalog says so
    load.replace_rows(con, "core.indicators", [indicators["top500_systems"]])
    # written for tests: one list-count row dated like the TOP500 list of 2023-11-13
    prov = Provenance(
        source_id="top500_lists",
        publisher="TOP500",
        title="TOP500 list 2023-11",
        url=None,
        published_on=dt.date(2023, 11, 13),
        evidence="row count",
        date_basis="list_release",
    )
    obs = Observation(
        indicator="top500_systems",
        subject="Infiniband",
        period="2023-11",
        value=200.0,
        unit="count",
        kind="actual",
        prov=prov,
        fabric="infiniband",
        segment="interconnect_family",
    )
    loading.load_records(con, "test", Records(observations=[obs]))
    marts.apply_all(con)
    row = con.execute(
        "SELECT expected_interval_days, stale_after_days, status FROM marts.indicator_freshness "
        "WHERE indicator = 'top500_systems'"
    ).fetchone()
    assert row[0] == 184 and row[1] == 276
    # 2023-11-13 + 276 days = 2024-08-15: any later day calls it stale
    assert row[2] == ("stale" if dt.date.today() > dt.date(2024, 8, 15) else "fresh")
    assert con.execute("SELECT date_basis FROM core.observations").fetchone()[0] == "list_release"
    con.close()
