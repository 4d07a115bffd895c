"""Marts that read a narrower relation than core.observations give the rows they gave before (issue 23).

marts.forecast_revisions' realized figures read core.observations_stated (every observation except the
nccl-tests and TOP500 parsers' rows), so lineage knows an nccl-tests ingest does not change the mart. Its
trails are market series (marts.market_size, itself on core.observations_stated) and a series key starts
with its indicator, so a parsed benchmark or list row can realize a trail only if those parsers wrote a
market indicator. On the real offline warehouse (the session's `fabricwatch refresh`) the mart built from
its file equals the mart built reading all of core.observations, row for row (floats to 12 significant
digits, multisets: EXCEPT ALL both ways), and the comparison is not vacuous: realized figures are present.
A parsed row put into a trail's series (the mutation) makes the two differ, so the test can fail.
"""

from __future__ import annotations

import shutil

import duckdb
import pytest

from tests.warehouse.rounded import rounded
from warehouse import marts

pytestmark = pytest.mark.slow  # the session's offline refresh (tests/conftest.py)

NARROW = "FROM core.observations_stated\n"
WIDE = "FROM core.observations\n"


def _both(con: duckdb.DuckDBPyConnection) -> list[list]:
    mart = next(m for m in marts.discover_marts() if m.name == "forecast_revisions")
    assert mart.sql.count(NARROW) == 1 and "core.observations_stated" in mart.reads
    con.execute("DROP TABLE IF EXISTS main.narrow; DROP TABLE IF EXISTS main.wide")
    for table, sql in (("narrow", mart.sql), ("wide", mart.sql.replace(NARROW, WIDE))):
        kind = marts.existing_marts(con).get("forecast_revisions")
        if kind:
            con.execute(f"DROP {kind} marts.forecast_revisions")
        con.execute(sql)
        con.execute(f"CREATE TABLE main.{table} AS SELECT * FROM marts.forecast_revisions")
    return [
        con.execute(f"{rounded(con, 'main.' + a)} EXCEPT ALL {rounded(con, 'main.' + b)} LIMIT 5").fetchall()
        for a, b in (("narrow", "wide"), ("wide", "narrow"))
    ]


def test_forecast_revisions_on_stated_observations_gives_the_same_rows(refreshed_home, tmp_path):
    copy = tmp_path / "w.duckdb"
    shutil.copy(refreshed_home / "work" / "warehouse.duckdb", copy)
    con = duckdb.connect(str(copy))
    try:
        marts.apply_helpers(con)
        assert _both(con) == [[], []]
        realized = con.execute("SELECT count(*) FROM main.narrow WHERE realized_value IS NOT NULL").fetchone()[0]
        parsed = con.execute(
            "SELECT count(*) FROM core.observations WHERE origin IN ('parse_nccl_logs', 'parse_top500_lists')"
        ).fetchone()[0]
        assert realized > 0 and parsed > 1000  # both sides of the question are in the real warehouse

        # mutation: an nccl-tests row in a trail's series and period, newer than its realized figure
        trail = con.execute(
            "SELECT series_key, period FROM main.narrow WHERE realized_value IS NOT NULL LIMIT 1"
        ).fetchone()
        con.execute(
            "INSERT INTO core.observations SELECT * REPLACE ('mutated-test-row' AS record_id, "
            "'parse_nccl_logs' AS origin, value * 2 AS value, DATE '2100-01-01' AS published_on) "
            "FROM core.observations WHERE series_key = ? AND period = ? AND kind = 'actual' LIMIT 1",
            list(trail),
        )
        assert _both(con) != [[], []]
    finally:
        con.close()
