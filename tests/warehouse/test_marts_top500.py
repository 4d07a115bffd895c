"""TOP500 history marts on a migrated warehouse: real lists parsed from the shipped snapshots
(June 2000, June 2020, November 2023), loaded as the refresh loads them."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import top500
from warehouse import db, load, marts, quality

LISTS = Path(__file__).resolve().parents[2] / "sources" / "snapshots" / "top500_lists"
MANIFEST = {e["file"]: e for e in json.loads((LISTS / "manifest.json").read_text())["entries"]}


def _records(name: str):
    e = MANIFEST[name]
    doc = Document(
        source_id="top500_lists",
        url=e["url"],
        body=(LISTS / name).read_bytes(),
        title=e["title"],
        published_on=dt.date.fromisoformat(e["published_on"]),
    )
    records = top500.parse(doc)
    for table in records.tables.values():
        for row in table:
            row.update(source_id=doc.source_id, url=doc.url, document_sha=doc.sha256, origin="test")
    return records


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    connection = db.connect_work(tmp_path_factory.mktemp("top500") / "w.duckdb")
    for name in ("TOP500_200006.xls", "TOP500_202006.xlsx", "TOP500_202311.xlsx"):
        for table, rows in _records(name).tables.items():
            load.insert_rows(connection, f"core.{table}", rows)
    marts.apply_all(connection)
    yield connection
    connection.close()


def rows(con, sql):
    cur = con.execute(sql)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


def test_history_has_every_group_for_every_list_and_adds_up(con):
    got = rows(
        con,
        "SELECT list, count(*) AS n, sum(systems) AS systems, round(sum(rmax_share), 4) AS rmax "
        "FROM marts.top500_history GROUP BY list ORDER BY list",
    )
    # groups seen in either list: infiniband, ethernet, slingshot, omni-path, proprietary, myrinet, quadrics, other, not_stated
    assert got == [
        {"list": "2000-06", "n": 9, "systems": 500, "rmax": 1.0},
        {"list": "2020-06", "n": 9, "systems": 500, "rmax": 1.0},
        {"list": "2023-11", "n": 9, "systems": 500, "rmax": 1.0},
    ]
    sling = rows(
        con,
        "SELECT list, systems, first_list, published_on FROM marts.top500_history "
        "WHERE fabric_group = 'slingshot' ORDER BY list",
    )
    assert sling == [
        {"list": "2000-06", "systems": 0, "first_list": "2023-11", "published_on": dt.date(2000, 6, 1)},
        {"list": "2020-06", "systems": 0, "first_list": "2023-11", "published_on": dt.date(2020, 6, 1)},
        {"list": "2023-11", "systems": 37, "first_list": "2023-11", "published_on": dt.date(2023, 11, 1)},
    ]
    ib = rows(
        con,
        "SELECT systems, systems_change FROM marts.top500_history WHERE fabric_group = 'infiniband' "
        "AND list = '2023-11'",
    )
    assert ib == [{"systems": 218, "systems_change": 218 - 141}]  # 2020-06: 141 Infiniband-family systems


def test_generations_keep_slingshot_beside_ethernet(con):
    got = {r["interconnect"]: r for r in rows(con, "SELECT * FROM marts.top500_generations WHERE list = '2023-11'")}
    assert got["Slingshot"]["fabric_group"] == "slingshot"
    assert got["InfiniBand NDR"]["systems"] == 17 and got["InfiniBand NDR"]["generation"] == "NDR"
    assert got["100G Ethernet"]["systems"] == 89 and got["100G Ethernet"]["speed_gbps"] == 100.0
    ib_share = sum(r["share_of_fabric"] for r in got.values() if r["fabric_group"] == "infiniband")
    assert ib_share == pytest.approx(1.0)


def test_mn_core_roce_system_is_not_ethernet(con):
    """2020-06: the 'RoCEv2/MN-Core DirectConnect' system (rank 393) stays with its Custom Interconnect family,
    so the Ethernet group equals the Gigabit Ethernet family less its three Sugon 6D-Torus systems (262 - 3)."""
    fams = rows(
        con,
        "SELECT DISTINCT families, fabric_systems FROM marts.top500_interconnects "
        "WHERE fabric_group = 'ethernet' AND list = '2020-06'",
    )
    assert fams == [{"families": "Gigabit Ethernet", "fabric_systems": 259}]
    mn = rows(
        con,
        "SELECT list, fabric_group, families, systems FROM marts.top500_interconnects "
        "WHERE interconnect = 'MN-Core DirectConnect' ORDER BY list",
    )
    assert mn == [
        {"list": "2020-06", "fabric_group": "proprietary", "families": "Custom Interconnect", "systems": 1},
        {"list": "2023-11", "fabric_group": "proprietary", "families": "Custom Interconnect", "systems": 1},
    ]


def test_history_checks_pass_and_catch_an_incomplete_list(con):
    assert quality.top500_lists_complete(con, "marts.top500_history").passed
    con.execute("UPDATE core.top500_families SET systems = systems - 1 WHERE list = '2000-06' AND family = 'Myrinet'")
    try:
        outcome = quality.top500_lists_complete(con, "marts.top500_history")
        assert not outcome.passed and outcome.rows == [{"list": "2000-06", "systems": 499}]
    finally:
        con.execute(
            "UPDATE core.top500_families SET systems = systems + 1 WHERE list = '2000-06' AND family = 'Myrinet'"
        )
