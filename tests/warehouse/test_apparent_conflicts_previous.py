"""marts.apparent_conflicts was rewritten for speed (issue 23: it took ~13 s of a ~17 s nccl-tests ingest):
the rounding step of each statement is computed once, not per candidate pair, and the pair join is one hash
join on entity, indicator, unit and region. The rewrite must not change a row: on the real offline warehouse
(one `fabricwatch refresh` into a temporary home) the mart's query gives the same rows as the previous query,
kept verbatim as tests/fixtures/warehouse/apparent_conflicts_previous.sql. Floats compare to 12 significant
digits; rows compare as multisets (EXCEPT ALL both ways).

It was rewritten again (issue 23's 100x figure: 246 s of a 300 s refresh): statements are grouped in classes
alike in every column the pair rules read and classes are joined, instead of a self-join of statements. On the
real warehouse each series and period has few statements, so a second test grows it 4x with synthetic vintages
(bench/synthetic.py: older weekly vintages and new series, from other sources) and compares the mart with the
self-join it replaced (tests/fixtures/warehouse/apparent_conflicts_self_join.sql)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import duckdb
import pytest

from tests.warehouse.rounded import rounded
from warehouse import marts

PREVIOUS = Path(__file__).parents[1] / "fixtures" / "warehouse" / "apparent_conflicts_previous.sql"
SELF_JOIN = Path(__file__).parents[1] / "fixtures" / "warehouse" / "apparent_conflicts_self_join.sql"
pytestmark = pytest.mark.slow  # the session's offline refresh (tests/conftest.py) takes a while


def test_the_rewrite_gives_the_previous_rows_on_the_real_warehouse(refreshed_home, tmp_path):
    copy = tmp_path / "w.duckdb"
    shutil.copy(refreshed_home / "work" / "warehouse.duckdb", copy)
    con = duckdb.connect(str(copy))
    try:
        _build_both(con, PREVIOUS)
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
        _assert_same_rows(con)
    finally:
        con.close()


def _build_both(con, previous: Path) -> None:
    """main.now: the mart as its file builds it (as a view; the working warehouse stores it as a table);
    main.previous: the rows of the previous query."""
    mart = next(m for m in marts.discover_marts() if m.name == "apparent_conflicts")
    con.execute("DROP TABLE IF EXISTS marts.apparent_conflicts")
    con.execute("DROP VIEW IF EXISTS marts.apparent_conflicts")
    con.execute(mart.sql)
    con.execute("CREATE TABLE main.now AS SELECT * FROM marts.apparent_conflicts")
    con.execute(f"CREATE TABLE main.previous AS {previous.read_text(encoding='utf-8')}")


def _assert_same_rows(con) -> None:
    for a, b in (("now", "previous"), ("previous", "now")):
        extra = con.execute(f"{rounded(con, 'main.' + a)} EXCEPT ALL {rounded(con, 'main.' + b)} LIMIT 5").fetchall()
        assert extra == [], f"rows in {a} and not in {b}: {extra}"


def test_the_keyed_mart_gives_the_self_joins_rows_with_many_vintages_per_series(refreshed_home, tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import synthetic

    from pipelines import loading
    from sources.ledger.ledger import load_ledger
    from warehouse import db

    copy = tmp_path / "w.duckdb"
    shutil.copy(refreshed_home / "work" / "warehouse.duckdb", copy)
    synthetic.scale_warehouse(str(copy), 4)
    con = db.connect_work(copy)
    try:
        loading.re_resolve(con, load_ledger().entities)  # the synthetic rows' entities and series keys
        marts.apply_helpers(con)
        marts.apply_mart_stored(con, marts.get_mart("conflict_pairs"))  # read by the mart
        # many statements of one series and period: several vintages share a class (alike but for vintage and
        # document), which is what the keyed query groups
        per_class = con.execute(
            "SELECT max(n) FROM (SELECT count(*) AS n FROM core.observations WHERE entity_id IS NOT NULL "
            "GROUP BY series_key, period, kind, unit, value)"
        ).fetchone()[0]
        assert per_class >= 4
        _build_both(con, SELF_JOIN)
        now_n, previous_n = (con.execute(f"SELECT count(*) FROM main.{t}").fetchone()[0] for t in ("now", "previous"))
        assert now_n == previous_n > 10_000
        _assert_same_rows(con)
    finally:
        con.close()
