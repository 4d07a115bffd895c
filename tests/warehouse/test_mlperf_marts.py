"""marts.mlperf_systems and marts.mlperf_fabric_summary after a full offline refresh, and their checks.

Independent truths: the reference copy holds 905 system files (31 in v0.6: `ls v0.6/*/systems/*.json`);
the largest v4.0 system is NVIDIA's eos-dfw_n1452 (number_of_nodes "1452", accelerators_per_node "8",
"Compute: 8x NVIDIA ConnectX-7 IB NDR 400Gb/s" in the file); v4.0 was published in June 2024.
"""

from __future__ import annotations

import datetime as dt
import shutil

import duckdb
import pytest

from warehouse import db, marts, quality

pytestmark = pytest.mark.slow   # a full offline refresh (shared with the other refreshed-home tests)


@pytest.fixture(scope="module")
def published(refreshed_home):
    with db.published_connection(refreshed_home) as con:
        yield con


def test_one_row_per_system_file_with_provenance(published):
    n, rounds, undated = published.execute(
        "SELECT count(*), count(DISTINCT round), count(*) FILTER (WHERE published_on IS NULL) "
        "FROM marts.mlperf_systems").fetchone()
    assert (n, rounds, undated) == (905, 10, 0)
    assert published.execute("SELECT count(*) FROM marts.mlperf_systems WHERE round = 'v0.6'").fetchone()[0] == 31
    bad_url = published.execute(
        "SELECT count(*) FROM marts.mlperf_systems WHERE NOT starts_with(url, "
        "'https://github.com/mlcommons/training_results_' || round || '/blob/' || commit || '/')").fetchone()[0]
    assert bad_url == 0
    assert published.execute("SELECT DISTINCT date_basis FROM marts.mlperf_systems").fetchall() == [("published",)]


def test_summary_per_round_and_fabric(published):
    row = published.execute(
        "SELECT largest_system_accelerators, largest_system_nodes, largest_system_submitter, published_on, "
        "largest_system_url FROM marts.mlperf_fabric_summary WHERE round = 'v4.0' AND fabric = 'infiniband'").fetchone()
    assert row[:4] == (11616, 1452, "NVIDIA", dt.date(2024, 6, 1))
    assert row[4].endswith("/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json")
    per_round = published.execute("SELECT round, sum(systems), sum(systems_share) FROM marts.mlperf_fabric_summary "
                                  "GROUP BY round ORDER BY round").fetchall()
    assert sum(r[1] for r in per_round) == 905
    assert all(abs(r[2] - 1) < 1e-9 for r in per_round)


def test_checks_ran_and_passed_on_the_refresh(published):
    rows = published.execute("SELECT check_name, passed FROM meta.checks WHERE asset LIKE 'marts/mlperf_%'").fetchall()
    names = {r[0] for r in rows}
    assert {"rows_present", "keys_unique", "fabric_vocabulary", "rounds_yield", "systems_share_sums_to_one"} <= names
    assert all(r[1] for r in rows)


def test_a_round_that_stops_yielding_fails_the_blocking_check(refreshed_home, tmp_path):
    copy = tmp_path / "w.duckdb"
    # the working warehouse keeps the marts as views (the published file holds them as tables)
    shutil.copyfile(db.paths(refreshed_home).work, copy)
    con = duckdb.connect(str(copy))
    try:
        assert quality.mlperf_rounds_yield(con).passed
        con.execute("DELETE FROM core.mlperf_systems WHERE round = 'v2.1'")   # the parser found nothing there
        marts.apply_mart(con, "mlperf_systems")
        outcome = quality.mlperf_rounds_yield(con)
        assert not outcome.passed and [r["round"] for r in outcome.rows] == ["v2.1"]
        spec = next(s for s in quality.checks_for(marts.get_mart("mlperf_systems")) if s.name == "rounds_yield")
        assert spec.severity == quality.ERROR
        con.execute("UPDATE core.mlperf_systems SET fabric = 'infiniband-ndr' WHERE system_id LIKE 'v4.0/NVIDIA/%'")
        assert not quality.values_in_vocabulary(con, "marts.mlperf_systems", "fabric",
                                                quality.MLPERF_FABRICS).passed
    finally:
        con.close()
