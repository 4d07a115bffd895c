"""marts.mlperf_systems and marts.mlperf_fabric_summary after a full offline refresh, and their checks.

Independent truths: the reference copy holds 1,021 system files (31 in v0.6, 116 in v6.0:
`ls v6.0/*/systems/*.json`); the largest v4.0 system is NVIDIA's eos-dfw_n1452 (number_of_nodes "1452",
accelerators_per_node "8", "Compute: 8x NVIDIA ConnectX-7 IB NDR 400Gb/s" in the file); v4.0 was published in
June 2024, v6.0 on 2026-06-16 (MLCommons, "MLPerf Training v6.0 results"). In v6.0 the largest systems of three
fabrics have 8,192 GPUs each, read in their files: NVIDIA tyche-hsg_ngpu8192 (2048 nodes x 4, "4x ConnectX-7 IB
NDR 400 Gb/s"), CoreWeave_GB300_2048x4 (2048 x 4, ConnectX-8 "RoCE ports ... 4 cards x 4x200 Gb/s breakout")
and Azure 2048xAzure_GB200 (2048 x 4, "4x ConnectX-8 800 Gb/s Ethernet MRC").
"""

from __future__ import annotations

import datetime as dt
import shutil

import duckdb
import pytest

from warehouse import db, marts, quality

pytestmark = pytest.mark.slow  # a full offline refresh (shared with the other refreshed-home tests)


@pytest.fixture(scope="module")
def published(refreshed_home):
    with db.published_connection(refreshed_home) as con:
        yield con


def test_one_row_per_system_file_with_provenance(published):
    n, rounds, undated = published.execute(
        "SELECT count(*), count(DISTINCT round), count(*) FILTER (WHERE published_on IS NULL) FROM marts.mlperf_systems"
    ).fetchone()
    assert (n, rounds, undated) == (1021, 11, 0)
    assert published.execute("SELECT count(*) FROM marts.mlperf_systems WHERE round = 'v6.0'").fetchone()[0] == 116
    assert published.execute("SELECT count(*) FROM marts.mlperf_systems WHERE round = 'v0.6'").fetchone()[0] == 31
    bad_url = published.execute(
        "SELECT count(*) FROM marts.mlperf_systems WHERE NOT starts_with(url, "
        "'https://github.com/mlcommons/training_results_' || round || '/blob/' || commit || '/')"
    ).fetchone()[0]
    assert bad_url == 0
    assert published.execute("SELECT DISTINCT date_basis FROM marts.mlperf_systems").fetchall() == [("published",)]


def test_summary_per_round_and_fabric(published):
    row = published.execute(
        "SELECT largest_system_accelerators, largest_system_nodes, largest_system_submitter, published_on, "
        "largest_system_url FROM marts.mlperf_fabric_summary WHERE round = 'v4.0' AND fabric = 'infiniband'"
    ).fetchone()
    assert row[:4] == (11616, 1452, "NVIDIA", dt.date(2024, 6, 1))
    assert row[4].endswith("/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json")
    per_round = published.execute(
        "SELECT round, sum(systems), sum(systems_share) FROM marts.mlperf_fabric_summary GROUP BY round ORDER BY round"
    ).fetchall()
    assert sum(r[1] for r in per_round) == 1021
    assert all(abs(r[2] - 1) < 1e-9 for r in per_round)


def test_checks_ran_and_passed_on_the_refresh(published):
    rows = published.execute("SELECT check_name, passed FROM meta.checks WHERE asset LIKE 'marts/mlperf_%'").fetchall()
    names = {r[0] for r in rows}
    assert {"rows_present", "keys_unique", "fabric_vocabulary", "rounds_yield", "systems_share_sums_to_one"} <= names
    assert all(r[1] for r in rows)


def test_a_round_that_stops_yielding_fails_the_blocking_check(refreshed_home, tmp_path):
    copy = tmp_path / "w.duckdb"
    # the working warehouse stores the marts as tables; apply_mart rebuilds this one as a view of what is left
    shutil.copyfile(db.paths(refreshed_home).work, copy)
    con = duckdb.connect(str(copy))
    try:
        assert quality.mlperf_rounds_yield(con).passed
        con.execute("DELETE FROM core.mlperf_systems WHERE round = 'v2.1'")  # the parser found nothing there
        marts.apply_mart(con, "mlperf_systems")
        outcome = quality.mlperf_rounds_yield(con)
        assert not outcome.passed and [r["round"] for r in outcome.rows] == ["v2.1"]
        spec = next(s for s in quality.checks_for(marts.get_mart("mlperf_systems")) if s.name == "rounds_yield")
        assert spec.severity == quality.ERROR
        con.execute("UPDATE core.mlperf_systems SET fabric = 'infiniband-ndr' WHERE system_id LIKE 'v4.0/NVIDIA/%'")
        assert not quality.values_in_vocabulary(con, "marts.mlperf_systems", "fabric", quality.MLPERF_FABRICS).passed
    finally:
        con.close()


def test_the_newest_round_is_dated_and_its_largest_systems_read(published):
    assert published.execute(
        "SELECT DISTINCT published_on FROM marts.mlperf_systems WHERE round = 'v6.0'"
    ).fetchall() == [(dt.date(2026, 6, 16),)]
    largest = dict(
        published.execute(
            "SELECT fabric, largest_system_id FROM marts.mlperf_fabric_summary WHERE round = 'v6.0' "
            "AND largest_system_accelerators = 8192"
        ).fetchall()
    )
    assert largest == {
        "infiniband": "v6.0/NVIDIA/systems/tyche-hsg_ngpu8192_ngc26.04_nemo.json",
        "roce": "v6.0/CoreWeave/systems/CoreWeave_GB300_2048x4.json",
        "ethernet": "v6.0/Azure/systems/2048xAzure_GB200.json",
    }
    coreweave = published.execute(
        "SELECT compute_nics_per_node, ports_per_nic, port_gbps, nic_gbps, scaleout_gbps_per_node "
        "FROM marts.mlperf_systems WHERE system_id = 'v6.0/CoreWeave/systems/CoreWeave_GB300_2048x4.json'"
    ).fetchone()
    assert coreweave == (4, 4, 200.0, 800.0, 3200.0)  # 4 cards x 4 ports x 200 Gb/s


def test_no_single_node_or_management_link_is_a_fabric(published):
    """A single node has no scale-out fabric; a NIC of 10 Gb/s or less is never the fabric of a system."""
    single = published.execute("SELECT DISTINCT fabric FROM marts.mlperf_systems WHERE nodes = 1").fetchall()
    assert single == [("none",)]
    slow = published.execute(
        "SELECT count(*) FROM marts.mlperf_systems WHERE fabric IS NOT NULL AND fabric <> 'none' AND nic_gbps <= 10"
    ).fetchone()[0]
    assert slow == 0
    # the v5.1 MiTAC node with its 10 GbE RJ45 card (issue 21): no fabric, the card recorded as excluded
    row = published.execute(
        "SELECT fabric, nic_gbps, excluded_nics FROM marts.mlperf_systems "
        "WHERE system_id = 'v5.1/MiTAC/systems/8xMI325X_2xEPYC_9755.json'"
    ).fetchone()
    assert row[:2] == ("none", None) and "management" in row[2]
    shares = published.execute(
        "SELECT sum(scaleout_systems_share) FROM marts.mlperf_fabric_summary "
        "WHERE fabric IS DISTINCT FROM 'none' GROUP BY round"
    ).fetchall()
    assert all(abs(r[0] - 1) < 1e-9 for r in shares)
