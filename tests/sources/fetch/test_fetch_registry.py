"""The source registry: valid, complete, and every entry usable by the fetcher."""

from __future__ import annotations

import dataclasses

import pytest

from sources.registry import PARSERS, REGISTRY, Discovery, get, select, validate


def test_registry_is_valid():
    assert validate() == []


def test_registry_covers_the_publishers_the_issue_names():
    publishers = {s.publisher for s in REGISTRY}
    for name in (
        "NVIDIA",
        "Broadcom",
        "Cisco",
        "Arista Networks",
        "AMD",
        "Marvell",
        "Ultra Ethernet Consortium",
        "Dell'Oro Group",
        "LightCounting",
        "TOP500.org",
    ):
        assert name in publishers, name
    assert get("github_nccl").urls == ("https://api.github.com/repos/NVIDIA/nccl/releases?per_page=100",)
    assert (get("nccl_logs").parser, get("nccl_logs").inbox, get("nccl_logs").kind) == ("nccl", "nccl", "benchmark_log")
    assert (get("top500_lists").parser, get("top500_lists").inbox) == ("top500", "top500")
    assert {s.parser for s in REGISTRY} <= set(PARSERS)


def test_allowed_hosts_default_to_the_hosts_of_the_addresses():
    assert get("nvidia_networking_docs").hosts == {"docs.nvidia.com"}
    assert get("delloro_news").hosts == {"www.delloro.com", "delloro.com", "www.prnewswire.com"}


@pytest.mark.parametrize(
    "change,problem",
    [
        ({"kind": "blog"}, "kind 'blog'"),
        ({"cadence": "hourly"}, "cadence 'hourly'"),
        ({"parser": "magic"}, "parser 'magic'"),
        ({"urls": ("http://www.amd.com/x",)}, "is not https"),
        ({"urls": ("https://evil.example/x",)}, "outside allowed_hosts"),
        ({"urls": (), "discovery": None}, "needs urls"),
        ({"licence_note": " "}, "licence_note are required"),
        ({"source_id": "Bad-Id"}, "lower_snake_case"),
        ({"discovery": Discovery("https://www.amd.com/", "([")}, "bad link_pattern"),
    ],
)
def test_validate_flags_bad_entries(change, problem):
    bad = dataclasses.replace(get("amd_pensando"), **change)  # explicit allowed_hosts
    problems = validate((bad,))
    assert any(problem in p for p in problems), problems


def test_duplicate_ids_are_flagged_and_select_keeps_registry_order():
    s = get("uec")
    assert "uec: duplicate source id" in validate((s, s))
    assert [x.source_id for x in select(["nccl_logs", "uec"])] == ["uec", "nccl_logs"]
    with pytest.raises(KeyError, match="unknown source"):
        select(["nope"])


def test_registry_rows_fit_core_sources(warehouse_con):
    from sources.registry import registry_rows

    rows = registry_rows()
    cols = [
        r[0]
        for r in warehouse_con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE schema_name = 'core' AND table_name = 'sources' "
            "ORDER BY column_index"
        ).fetchall()
    ]
    assert set(rows[0]) <= set(cols)
    for row in rows:
        warehouse_con.execute(
            f"INSERT INTO core.sources ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", list(row.values())
        )
    assert warehouse_con.execute("SELECT count(*) FROM core.sources WHERE origin = 'registry'").fetchone()[0] == len(
        REGISTRY
    )
