"""marts.apparent_conflicts was rewritten for speed (issue 23: it took ~13 s of a ~17 s nccl-tests ingest):
the rounding step of each statement is computed once, not per candidate pair, and the pair join is one hash
join on entity, indicator, unit and region. The rewrite must not change a row: on the real offline warehouse
(one `fabricwatch refresh` into a temporary home) the mart's query gives the same rows as the previous query,
kept verbatim as tests/fixtures/warehouse/apparent_conflicts_previous.sql. Floats compare to 12 significant
digits; rows compare as multisets (EXCEPT ALL both ways)."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from tests.warehouse.rounded import rounded
from warehouse import marts

PREVIOUS = Path(__file__).parents[1] / "fixtures" / "warehouse" / "apparent_conflicts_previous.sql"
pytestmark = pytest.mark.slow  # the session's offline refresh (tests/conftest.py) takes a while


def test_the_rewrite_gives_the_previous_rows_on_the_real_warehouse(refreshed_home, tmp_path):
    copy = tmp_path / "w.duckdb"
    shutil.copy(refreshed_home / "work" / "warehouse.duckdb", copy)
    mart = next(m for m in marts.discover_marts() if m.name == "apparent_conflicts")
    con = duckdb.connect(str(copy))
    try:
        # the working warehouse stores the mart as a table; build it again from its file, as a view
        con.execute("DROP TABLE IF EXISTS marts.apparent_conflicts")
        con.execute("DROP VIEW IF EXISTS marts.apparent_conflicts")
        con.execute(mart.sql)
        con.execute("CREATE TABLE main.now AS SELECT * FROM marts.apparent_conflicts")
        con.execute(f"CREATE TABLE main.previous AS {PREVIOUS.read_text(encoding='utf-8')}")
        now_n, previous_n = (con.execute(f"SELECT count(*) FROM main.{t}").fetchone()[0] for t in ("now", "previous"))
        # the real warehouse has near pairs of every kind, so the comparison is not vacuous
        reasons = {r for (r,) in con.execute("SELECT DISTINCT apparent_reason FROM main.previous").fetchall()}
        assert {
            "different_scope",
            "different_segment",
            "different_kind",
            "different_period",
            "different_milestone",
        } <= reasons, reasons
        assert now_n == previous_n > 1000
        for a, b in (("now", "previous"), ("previous", "now")):
            extra = con.execute(
                f"{rounded(con, 'main.' + a)} EXCEPT ALL {rounded(con, 'main.' + b)} LIMIT 5"
            ).fetchall()
            assert extra == [], f"rows in {a} and not in {b}: {extra}"
    finally:
        con.close()
