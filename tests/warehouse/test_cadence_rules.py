"""Cadence rules live in sources/cadence.py; the SQL that applies them is tested against it."""

from __future__ import annotations


import pytest

from sources.cadence import CRON, DAYS, Cadence, stale_after_days
from sources.ledger.format import CADENCES as LEDGER_CADENCES
from sources.registry import CADENCES as REGISTRY_CADENCES
from warehouse import db, load, marts


@pytest.fixture()
def con(tmp_path):
    c = db.connect_work(tmp_path / "w.duckdb")
    marts.apply_helpers(c)
    yield c
    c.close()


@pytest.mark.parametrize("cadence", list(Cadence), ids=str)
def test_the_sql_macro_knows_every_cadence_as_the_python_rule_does(con, cadence):
    assert con.execute("SELECT marts.cadence_days(?)", [cadence.value]).fetchone()[0] == DAYS.get(cadence)


def test_indicator_freshness_goes_stale_where_the_rule_says(con):
    marts.apply_mart(con, "indicator_freshness")
    rows = [
        dict(indicator=f"ind_{c.value}", name=c.value, unit="units", category="test", cadence=c.value) for c in Cadence
    ]
    load.replace_rows(con, "core.indicators", rows)
    got = dict(con.execute("SELECT cadence, stale_after_days FROM marts.indicator_freshness").fetchall())
    assert got == {c.value: stale_after_days(c) for c in Cadence}
    # hand-computed: a week and a half is 10.5 days, counted in whole days
    assert stale_after_days(Cadence.weekly) == 11 and stale_after_days(Cadence.irregular) is None


def test_one_list_of_cadences():
    assert REGISTRY_CADENCES == LEDGER_CADENCES == tuple(c.value for c in Cadence)
    assert set(CRON) == set(DAYS)  # every cadence with an interval has a schedule
