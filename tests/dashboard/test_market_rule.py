"""The rule Market opens on (warehouse/sql/dashboard/market_definitions.sql), on hand-made rows: the expected
order below is worked out by hand from the rule's words, not read from the query."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

SQL = Path(__file__).resolve().parents[2] / "warehouse" / "sql" / "dashboard" / "market_definitions.sql"

# series_key, indicator, period basis, publishers overall, figures, entity
SERIES = [
    ("one_pub_many_figures", "ai_backend_network_revenue", "annual", 1, 30, "ai-backend-network-market"),
    ("three_near", "ai_backend_network_revenue", "annual", 3, 4, "ai-backend-network-market"),
    ("two_near_more_pubs", "ai_networking_revenue", "annual", 5, 9, "ai-networking-market"),
    ("two_near_fewer_pubs", "ai_networking_revenue", "annual", 2, 9, "ai-networking-market"),
    ("vendor_four_near", "vendor_ai_revenue", "annual", 4, 8, "arista"),
    ("cumulative_five_near", "ai_backend_network_revenue", "cumulative", 5, 5, "ai-backend-network-market"),
]
# (series, period, publisher, in consensus)
POINTS = [
    ("one_pub_many_figures", "2027", "IDC", True),
    ("three_near", "2026", "A", True),
    ("three_near", "2027", "B", True),
    ("three_near", "2027", "C", True),
    ("three_near", "2027", "D", False),  # an aggregator's figure: not counted
    ("three_near", "2030", "E", True),  # far out: not counted
    ("two_near_more_pubs", "2026", "A", True),
    ("two_near_more_pubs", "2027", "B", True),
    ("two_near_fewer_pubs", "2026", "A", True),
    ("two_near_fewer_pubs", "2026", "B", True),
    ("vendor_four_near", "2026", "A", True),
    ("vendor_four_near", "2026", "B", True),
    ("vendor_four_near", "2026", "C", True),
    ("vendor_four_near", "2026", "D", True),
    *[("cumulative_five_near", "2026", p, True) for p in "ABCDE"],
]


@pytest.fixture
def con():
    c = duckdb.connect()
    c.execute("CREATE SCHEMA marts; CREATE SCHEMA core")
    c.execute(
        "CREATE TABLE marts.series_catalog (series_key VARCHAR, indicator VARCHAR, period_basis VARCHAR, "
        "title_en VARCHAR, title_zh VARCHAR, publishers INTEGER, observations INTEGER, category VARCHAR, "
        "unit VARCHAR, entity_id VARCHAR)"
    )
    c.execute("CREATE TABLE core.entities (entity_id VARCHAR, kind VARCHAR)")
    c.execute(
        "CREATE TABLE marts.consensus_points (series_key VARCHAR, period VARCHAR, publisher VARCHAR, "
        "in_consensus BOOLEAN)"
    )
    for key, ind, basis, pubs, figs, entity in SERIES:
        c.execute(
            "INSERT INTO marts.series_catalog VALUES (?, ?, ?, ?, ?, ?, ?, 'market', 'USD', ?)",
            [key, ind, basis, key, key, pubs, figs, entity],
        )
    c.executemany(
        "INSERT INTO core.entities VALUES (?, ?)",
        [
            ("ai-backend-network-market", "market"),
            ("ai-networking-market", "market"),
            ("arista", "company"),
        ],
    )
    c.executemany("INSERT INTO marts.consensus_points VALUES (?, ?, ?, ?)", POINTS)
    yield c
    c.close()


def test_the_definition_with_most_publishers_for_this_year_or_next_comes_first(con):
    ranked = con.execute(SQL.read_text(encoding="utf-8"), [2026]).df()
    # three_near: A, B, C for 2026/2027 (D is a low tier, E is 2030) -> 3, first although it has fewer figures
    # two_near_*: 2 each, the one with more publishers overall first; one_pub_many_figures: 1
    # cumulative_five_near: 5 near publishers, but a multi-year total ranks after every annual definition
    # vendor_four_near: one company's own figure, never a market definition
    assert list(ranked["series_key"]) == [
        "three_near",
        "two_near_more_pubs",
        "two_near_fewer_pubs",
        "one_pub_many_figures",
        "cumulative_five_near",
    ]
    assert list(ranked["near_publishers"]) == [3, 2, 2, 1, 5]
    assert list(ranked["rank"]) == [1, 2, 3, 4, 5]


def test_next_year_moves_the_window(con):
    ranked = con.execute(SQL.read_text(encoding="utf-8"), [2027]).df().set_index("series_key")
    # 2027 and 2028: three_near has B and C (2), one_pub_many_figures IDC (1), two_near_more_pubs B (1)
    assert ranked.loc["three_near", "near_publishers"] == 2
    assert ranked.index[0] == "three_near"
    assert ranked.loc["two_near_fewer_pubs", "near_publishers"] == 0
