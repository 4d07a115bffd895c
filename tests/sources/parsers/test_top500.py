"""TOP500 parser: the real list files (sources/snapshots) and format fixtures (written for tests)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from fabricwatch.cli import main
from sources.document import Document
from sources.parsers import top500
from sources.parsers.top500.families import notable_group
from sources.parsers.top500.read import parse_list_date
from sources.records import ParseError

REPO = Path(__file__).resolve().parents[3]
LISTS = REPO / "sources" / "snapshots" / "top500_lists"
FIXTURES = REPO / "tests" / "fixtures" / "top500"
MANIFEST = json.loads((LISTS / "manifest.json").read_text())


@functools.cache
def real(name: str) -> dict:
    """cli_json of a recorded list, read once per test session (spreadsheets are slow to open)."""
    return top500.cli_json(Document.from_path(LISTS / name))


@functools.cache
def real_records(name: str):
    entry = next(e for e in MANIFEST["entries"] if e["file"] == name)
    doc = Document(
        source_id=MANIFEST["source_id"], url=entry["url"], body=(LISTS / name).read_bytes(), title=entry["title"]
    )
    return top500.parse(doc)


REAL = [
    # Legacy .xls (BIFF, read with xlrd).
    (
        "TOP500_201811.xls",
        "2018-11",
        {
            "Gigabit Ethernet": 252,
            "Infiniband": 135,
            "Custom Interconnect": 64,
            "Omnipath": 43,
            "Proprietary Network": 6,
        },
    ),
    # .xlsx with a Myrinet straggler and the first HDR systems.
    (
        "TOP500_202006.xlsx",
        "2020-06",
        {
            "Gigabit Ethernet": 262,
            "Infiniband": 141,
            "Omnipath": 48,
            "Custom Interconnect": 43,
            "Proprietary Network": 5,
            "Myrinet": 1,
        },
    ),
    # .xlsx with a second, transposed sheet ("Sheet1") that must not be taken for the list.
    (
        "TOP500_202311.xlsx",
        "2023-11",
        {
            "Infiniband": 219,
            "Gigabit Ethernet": 209,
            "Omnipath": 33,
            "Custom Interconnect": 30,
            "Proprietary Network": 9,
        },
    ),
]


@pytest.mark.parametrize("name,list_date,families", REAL, ids=[r[0] for r in REAL])
def test_real_list_families(name, list_date, families):
    data = real(name)
    assert data["list"] == list_date and data["systems"] == 500
    assert data["families"] == families
    assert sum(data["rmax_share"].values()) == pytest.approx(1, abs=1e-4)
    assert data["warnings"] == []


@pytest.mark.parametrize(
    "name,group,systems",
    [
        (
            "TOP500_202311.xlsx",
            "Slingshot",
            37,
        ),  # 22 Slingshot-11 + 15 Slingshot-10, filed by TOP500 under Gigabit Ethernet
        ("TOP500_202311.xlsx", "InfiniBand NDR", 17),  # NDR, NDR200, NDR400 and 'NVIDIA Infiniband NDR' spellings
        (
            "TOP500_202311.xlsx",
            "InfiniBand HDR",
            132,
        ),  # HDR100/HDR200, 'EDR/HDR' mixes and 'MT28908 ConnectX-6 200 Gib/s'
        ("TOP500_202311.xlsx", "Tofu", 8),  # Tofu sits in 'Proprietary Network'
        ("TOP500_201811.xls", "InfiniBand EDR", 64),  # '4xEDR Infiniband' and 'Infiniband EDR/FDR' count as EDR
        ("TOP500_201811.xls", "10G Ethernet", 119),
        # 'RoCEv2/MN-Core DirectConnect' is filed under Custom Interconnect and stays there (not Ethernet)
        ("TOP500_202006.xlsx", "MN-Core DirectConnect", 1),
    ],
)
def test_notable_interconnects(name, group, systems):
    assert real(name)["notable"][group]["systems"] == systems


def test_rmax_shares_of_the_2023_list():
    data = real("TOP500_202311.xlsx")
    assert data["rmax_share"]["Gigabit Ethernet"] == pytest.approx(0.439752, abs=1e-6)
    assert data["rmax_share"]["Infiniband"] == pytest.approx(0.413511, abs=1e-6)
    assert data["notable"]["Slingshot"]["rmax_share"] == pytest.approx(0.372, abs=1e-3)
    assert data["rmax_total_tflops"] == pytest.approx(7031841.466, abs=0.01)
    assert data["interconnects"]["Slingshot-11"] == 22 and data["interconnects"]["100G Ethernet"] == 89


def test_records_of_the_2023_list():
    records = real_records("TOP500_202311.xlsx")
    fam = {(o.indicator, o.subject): o for o in records.observations if o.segment == "interconnect_family"}
    notable = {(o.indicator, o.subject): o for o in records.observations if o.segment == "notable_interconnect"}
    ib = fam[("top500_systems", "Infiniband")]
    assert (ib.value, ib.unit, ib.period, ib.fabric, ib.kind) == (219.0, "count", "2023-11", "infiniband", "actual")
    assert ib.prov.url == "https://www.top500.org/lists/top500/2023/11/"
    assert ib.prov.publisher == "TOP500.org" and ib.prov.confidence == "derived"
    assert fam[("top500_systems", "Gigabit Ethernet")].fabric == "ethernet"
    sling = notable[("top500_systems", "Slingshot")]
    assert (sling.value, sling.fabric) == (37.0, "slingshot")
    assert notable[("top500_rmax_share", "InfiniBand NDR")].speed_gbps == 400.0
    # Each segment adds up to the whole list on its own.
    for group in (fam, notable):
        assert sum(o.value for (ind, _), o in group.items() if ind == "top500_systems") == 500
    cross = records.tables["top500_families"]
    row = next(r for r in cross if r["family"] == "Gigabit Ethernet" and r["notable"] == "Slingshot")
    assert (row["list"], row["systems"]) == ("2023-11", 37)
    assert sum(r["systems"] for r in cross) == 500


FORMATS = [
    # Tab-separated text with thousands separators and a comment line above the header.
    "TOP500_202311_subset.tsv",
    # XML export: namespaced records, unit attributes, list date in the root element.
    "top500_subset.xml",
    # .xlsx whose header is the third row, list date in a 'List' column.
    "top500_title_rows.xlsx",
]


@pytest.mark.parametrize("name", FORMATS)
def test_format_fixtures_agree(name):
    data = top500.cli_json(Document.from_path(FIXTURES / name))
    assert data["list"] == "2023-11" and data["systems"] == 13
    assert data["families"] == {
        "Gigabit Ethernet": 5,
        "Infiniband": 5,
        "Proprietary Network": 1,
        "Custom Interconnect": 1,
        "Omnipath": 1,
    }
    assert data["rmax_total_tflops"] == pytest.approx(3835888.08, abs=0.01)
    assert data["rmax_share"]["Gigabit Ethernet"] == pytest.approx(0.566356, abs=1e-6)
    assert data["notable"]["Slingshot"]["systems"] == 3
    assert data["warnings"] == ["list has 13 systems, not 500"]


@pytest.mark.parametrize(
    "body,name,message",
    [
        (b"", "TOP500_202311.csv", "empty document"),  # empty download
        (
            b"<html><body>Please log in to download</body></html>",
            "TOP500_202311.xml",  # login page instead of the file
            "no system records",
        ),
        (b"Rank\tName\tSystem\n1\tFrontier\tHPE\n", "TOP500_202311.tsv", "not a TOP500 list"),  # columns renamed
        (b"PK\x03\x04broken", "TOP500_202311.xlsx", "unreadable"),  # truncated workbook
        (
            b"Rank\tInterconnect Family\tInterconnect\n1\tInfiniband\tInfiniband NDR\n",  # Rmax column gone
            "TOP500_202311.tsv",
            "no Rmax column",
        ),
        (b"Rank\tRmax [TFlop/s]\tInterconnect Family\n1\t1.0\tInfiniband\n", "list.tsv", "list date not found"),
    ],
)
def test_unusable_files_raise(body, name, message):
    with pytest.raises(ParseError, match=message):
        top500.cli_json(Document(source_id="t", url=f"file:///tmp/{name}", body=body))


@pytest.mark.parametrize(
    "text,want",
    [
        ("2023-11", "2023-11"),
        ("202311", "2023-11"),
        ("November 2023", "2023-11"),
        ("Jun 2020", "2020-06"),
        ("06/2020", "2020-06"),
        ("2018-11-12", "2018-11"),
        ("Year 2023", None),
        ("2023-13", None),
    ],
)
def test_list_dates(text, want):
    assert parse_list_date(text) == want


@pytest.mark.parametrize(
    "family,interconnect,want",
    [
        ("Gigabit Ethernet", "Slingshot-11", ("Slingshot", "slingshot", None)),
        ("Infiniband", "Infiniband NDR400", ("InfiniBand NDR", "infiniband", 400.0)),
        ("Infiniband", "Infiniband", ("InfiniBand (generation not stated)", "infiniband", None)),
        ("Gigabit Ethernet", "200Gb 6D-Torus", ("Proprietary", "proprietary", None)),  # a torus filed under Ethernet
        ("Gigabit Ethernet", "Gigabit Ethernet", ("1G Ethernet", "ethernet", 1.0)),
        ("Omnipath", "Cornelis Networks Omni-Path", ("Omni-Path", "omni-path", None)),
        ("Gigabit Ethernet", "400G Ethernet", ("400G Ethernet", "ethernet", 400.0)),
        ("Custom Interconnect", "RoCEv2/MN-Core DirectConnect", ("MN-Core DirectConnect", "proprietary", None)),
        ("Infiniband", "Quad-rail EVIDEN BXI", ("BXI", "proprietary", None)),  # the text names another fabric
        ("Infiniband", "Intel Omni-Path", ("Omni-Path", "omni-path", None)),
        ("10G", "10G Ethernet", ("10G Ethernet", "ethernet", 10.0)),
        ("Fast Ethernet", "Fast Ethernet", ("Fast Ethernet", "ethernet", 0.1)),
        ("Infiniband", "Infinband DDR 4x", ("InfiniBand DDR", "infiniband", 20.0)),  # TOP500's own typo
        ("Infiniband", "56Gb 3D-Torus", ("InfiniBand FDR", "infiniband", 56.0)),
        (None, None, ("Not stated", "not_stated", None)),
    ],
)
def test_notable_group(family, interconnect, want):
    assert notable_group(family, interconnect) == want


def test_cli_contract(capsys):
    code = main(["parse", "top500", str(LISTS / "TOP500_201811.xls"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"list", "systems", "families", "interconnects", "rmax_share"} <= set(data)
    assert sum(data["families"].values()) == data["systems"] == 500
    assert data["interconnects"]["Aries interconnect"] == 46


def test_cli_summary_and_error(capsys):
    assert main(["parse", "top500", str(FIXTURES / "top500_subset.xml")]) == 0
    out = capsys.readouterr().out
    assert "list 2023-11: 13 systems" in out and "Slingshot" in out
    assert main(["parse", "top500", str(REPO / "tests" / "fixtures" / "nccl" / "empty.txt")]) == 2
    assert "empty document" in capsys.readouterr().err


def test_family_rows_carry_a_fabric_whose_totals_match_the_list():
    """Fabric group per row: the family's, unless the Interconnect text names another fabric (Slingshot, BXI, a torus)."""
    from collections import Counter
    from pathlib import Path

    from sources.document import Document
    from sources.parsers import top500

    path = Path(__file__).resolve().parents[3] / "sources" / "snapshots" / "top500_lists" / "TOP500_202311.xlsx"
    rows = top500.parse(Document.from_path(path, source_id="top500_lists")).tables["top500_families"]
    by_fabric = Counter()
    for row in rows:
        by_fabric[row["fabric"]] += row["systems"]
    # the file's Infiniband family (219) less the one system whose Interconnect is 'Quad-rail EVIDEN BXI'
    assert by_fabric["infiniband"] == 218
    assert by_fabric["slingshot"] == 37
    # the Gigabit Ethernet family (209) less rank 170, Sugon's '200Gb 6D-Torus' (a vendor network, not Ethernet)
    assert by_fabric["ethernet"] + by_fabric["slingshot"] == 208
    assert by_fabric["proprietary"] == 30 + 9 + 1 + 1  # Custom Interconnect, Proprietary Network, BXI, torus
    assert sum(by_fabric.values()) == 500


def test_a_release_date_known_to_the_month_is_stored_as_a_month():
    """The recordings know a list's release only to its month (manifest: published_on 2025-06-01,
    published_on_precision "month": the June 2025 list was released at ISC, day not recorded). Through the
    parse dispatch every row says so, as a curated row does, so no page prints "2025-06-01" as a day."""
    import hashlib
    import datetime as dt

    from sources.parsers.dispatch import StoredDocument, parse_documents
    from sources.registry import get

    entry = next(e for e in MANIFEST["entries"] if e["file"] == "TOP500_202506.csv")
    assert entry["published_on_precision"] == "month"  # what the manifest says, read here
    body = (LISTS / entry["file"]).read_bytes()
    stored = StoredDocument(
        url=entry["url"],
        sha256=hashlib.sha256(body).hexdigest(),
        content_type=entry["content_type"],
        published_on=dt.date.fromisoformat(entry["published_on"]),
        title=entry["title"],
        hints=entry,
    )
    records, statuses = parse_documents(get(MANIFEST["source_id"]), [stored], lambda sha: body)
    assert statuses[0].status == "ok" and records.observations
    assert {o.prov.published_precision for o in records.observations} == {"month"}
    # a live fetch without a manifest: the first day of the list month is a month too
    doc = Document(source_id=MANIFEST["source_id"], url=entry["url"], body=body, title=entry["title"])
    assert {o.prov.published_precision for o in top500.parse(doc).observations} == {"month"}
