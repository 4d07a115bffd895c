"""TOP500 since 2000: one real list per format era, the family → fabric group mapping over all 43
shipped lists, list release dates, and a clean stdout for the old OLE2 .xls files.

Expected figures were counted by hand from the files with a one-off pandas look (read_excel of
the list sheet, value_counts of the Interconnect Family and Interconnect columns), not with the parser.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import top500
from sources.parsers.top500.families import FABRIC_GROUPS, FAMILY_GROUPS, classify
from sources.parsers.top500.read import read_list

REPO = Path(__file__).resolve().parents[3]
LISTS = REPO / "sources" / "snapshots" / "top500_lists"
MANIFEST = json.loads((LISTS / "manifest.json").read_text())
ENTRIES = {e["file"]: e for e in MANIFEST["entries"]}


def recorded(name: str) -> Document:
    """A shipped list as the offline refresh hands it to the parser (manifest title and release date)."""
    e = ENTRIES[name]
    return Document(
        source_id=MANIFEST["source_id"],
        url=e["url"],
        body=(LISTS / name).read_bytes(),
        title=e["title"],
        published_on=dt.date.fromisoformat(e["published_on"]),
    )


@functools.cache
def summary(name: str) -> dict:
    return top500.cli_json(recorded(name))


def test_manifest_ships_the_forty_three_lists_with_provenance():
    files = sorted(p.name for p in LISTS.glob("TOP500_*"))
    assert len(files) == 43 and sorted(ENTRIES) == files
    for e in MANIFEST["entries"]:
        assert e["url"] == f"https://www.top500.org/lists/top500/{e['list'][:4]}/{e['list'][5:]}/"
        assert e["recorded"] == "third-party-copy" and e["date_basis"] == "list_release"
        assert e["published_on"] and e["published_on_precision"] in ("day", "month")
        assert e["provenance"] and e["title"].startswith("TOP500 List - ")
    # every file names its carrier: glennklockwood/top500-data at one commit to 2023-11, then two other
    # public repositories (the reference README names each; tests/corpus/top500/README.md lists them)
    glenn = "https://github.com/glennklockwood/top500-data/blob/2c1b720554a65ad9ba79d0eb718f87e138d50fd8/"
    assert all(ENTRIES[n]["via"] == glenn + n for n in ENTRIES if n < "TOP500_2024")
    assert ENTRIES["TOP500_202411.xlsx"]["via"].startswith("https://github.com/fjwillemsen/kernel_tuner_paper/blob/")
    assert ENTRIES["TOP500_202506.csv"]["via"].endswith("/data/TOP500_202506.csv")
    assert {e["list"] for e in MANIFEST["entries"]} >= {"2020-11", "2024-11", "2025-06"}
    # ISC 2015 was in July: the June 2015 list was released on 13 July (top500.org press release)
    assert ENTRIES["TOP500_201506.xls"]["published_on"] == "2015-07-13"


# -- one real list per format era ----------------------------------------------------------
def test_era_2000_2007_ole2_xls_header_on_second_row_processors_unitless_gflops():
    """June 2000: header on the second row, 'Processors', 'RMax' in GFlop/s without a unit, 133 systems
    whose Interconnect Family is written 'N/A'."""
    table = read_list(recorded("TOP500_200006.xls"))
    assert table.cores_column == "Processors" and table.rmax_unit == "GFlop/s"
    rank1 = next(s for s in table.systems if s["rank"] == 1)
    assert rank1["rmax"] == 2379 and rank1["rmax_tflops"] == pytest.approx(2.379)  # ASCI Red, 2.379 TFlop/s
    assert rank1["cores"] == 9632
    data = summary("TOP500_200006.xls")
    assert data["list"] == "2000-06" and data["systems"] == 500 and data["warnings"] == []
    assert data["families"]["SP Switch"] == 141 and data["families"]["N/A"] == 133
    assert data["families"]["Crossbar"] == 115 and data["families"]["Myrinet"] == 42
    assert data["rmax_total_tflops"] == pytest.approx(64.230, abs=1e-3)  # 64,230.106 GFlop/s summed
    groups = {g: v["systems"] for g, v in data["fabric_groups"].items()}
    # proprietary = SP Switch 141 + Crossbar 115 + Cray Interconnect 48 + Proprietary 6;
    # ethernet = Ethernet 6 + Fast Ethernet 3; other = HIPPI 1
    assert groups == {"ethernet": 9, "proprietary": 310, "myrinet": 42, "quadrics": 5, "other": 1, "not_stated": 133}


def test_era_2000_2007_first_infiniband_systems():
    data = summary("TOP500_200506.xls")  # June 2005
    assert data["families"]["Infiniband"] == 16 and data["families"]["Gigabit Ethernet"] == 214
    assert data["notable"]["InfiniBand (generation not stated)"]["systems"] == 16  # all written plain 'Infiniband'
    assert data["notable"]["1G Ethernet"]["systems"] == 214
    assert data["rmax_total_tflops"] == pytest.approx(1694.717, abs=1e-3)


def test_era_2008_2011_header_on_first_row_cores():
    """November 2008: header on the first row, 'Cores' replaces 'Processors', IB generations appear."""
    table = read_list(recorded("TOP500_200811.xls"))
    assert table.cores_column == "Cores" and table.rmax_unit == "GFlop/s"
    assert next(s for s in table.systems if s["rank"] == 1)["rmax_tflops"] == pytest.approx(1105.0)  # Roadrunner
    data = summary("TOP500_200811.xls")
    assert data["families"]["Infiniband"] == 141
    ib = {k: v["systems"] for k, v in data["notable"].items() if v["fabric"] == "infiniband"}
    # DDR: 44 'Infiniband DDR' + 15 'Infinband DDR 4x'; not stated: 77 'Infiniband' + 3 'InfiniPath'
    assert ib == {"InfiniBand DDR": 59, "InfiniBand SDR": 2, "InfiniBand (generation not stated)": 80}
    assert data["notable"]["InfiniBand DDR"]["speed_gbps"] == 20.0


def test_era_2011_2016_total_cores_and_10g_family():
    """June 2014: 'Total Cores', 'Rmax' still GFlop/s, '10G' a family of its own."""
    table = read_list(recorded("TOP500_201406.xls"))
    assert table.cores_column == "Total Cores" and table.rmax_unit == "GFlop/s"
    assert next(s for s in table.systems if s["rank"] == 1)["rmax_tflops"] == pytest.approx(33862.7)  # Tianhe-2
    data = summary("TOP500_201406.xls")
    assert data["families"]["10G"] == 75 and data["families"]["Infiniband"] == 222
    assert data["notable"]["10G Ethernet"]["systems"] == 75 and data["notable"]["1G Ethernet"]["systems"] == 127
    # FDR: 126 'Infiniband FDR' + 4 'FDR14' + 1 'FDR/QDR' + 1 'InfiniBand 4x FDR'; QDR: 73 + 1 'QDR Sun M9 / ...'
    assert data["notable"]["InfiniBand FDR"]["systems"] == 132
    assert data["notable"]["InfiniBand QDR"]["systems"] == 74
    assert data["notable"]["InfiniBand DDR"]["systems"] == 3
    assert data["fabric_groups"]["ethernet"]["systems"] == 127 + 75


def test_era_2017_2019_tflops_header_and_omnipath():
    """June 2017: the header says 'Rmax [TFlop/s]', Omnipath is a family, '10G' still one."""
    table = read_list(recorded("TOP500_201706.xls"))
    assert table.rmax_unit == "TFlop/s"
    assert next(s for s in table.systems if s["rank"] == 1)["rmax_tflops"] == pytest.approx(93014.594)  # TaihuLight
    data = summary("TOP500_201706.xls")
    assert data["families"]["Omnipath"] == 38 and data["fabric_groups"]["omni-path"]["systems"] == 38
    assert data["notable"]["InfiniBand FDR"]["systems"] == 117 + 3 + 1  # FDR, FDR14, '56G Infiniband FDR'
    assert data["notable"]["InfiniBand EDR"]["systems"] == 31 + 3  # EDR, 'EDR/FDR'
    assert data["notable"]["40G Ethernet"]["systems"] == 3
    # 10G family 195 + Gigabit Ethernet 12 + 'Ethernet' family 1
    assert data["fabric_groups"]["ethernet"]["systems"] == 208


def test_era_2019_ethernet_speeds_and_torus_filed_under_ethernet():
    data = summary("TOP500_201911.xls")
    assert data["notable"]["25G Ethernet"]["systems"] == 77 and data["notable"]["40G Ethernet"]["systems"] == 73
    # Gigabit Ethernet family 259 less the three Sugon '100Gb/200Gb 6D-Torus' systems
    assert data["fabric_groups"]["ethernet"]["systems"] == 256


def test_infiniband_systems_from_2016_06_omni_path_filed_under_infiniband_move_to_omni_path():
    data = summary("TOP500_201606.xls")
    assert data["families"]["Infiniband"] == 204
    assert data["fabric_groups"]["omni-path"]["systems"] == 8  # 'Intel Omni-Path' under Infiniband
    assert data["fabric_groups"]["infiniband"]["systems"] == 196


# -- all 43 lists ---------------------------------------------------------------------------
@pytest.mark.slow
def test_every_list_parses_whole_and_every_family_is_mapped():
    seen = set()
    for name in ENTRIES:
        data = summary(name)
        assert data["systems"] == 500 and data["warnings"] == [], name
        assert data["rmax_unit"] in ("GFlop/s", "TFlop/s"), name
        assert sum(v["systems"] for v in data["fabric_groups"].values()) == 500
        assert sum(v["rmax_share"] for v in data["fabric_groups"].values()) == pytest.approx(1, abs=1e-4)
        seen |= set(data["families"])
    # every family string of the 43 files has a home, and the table holds nothing the files lack
    assert {f.lower() for f in seen} == set(FAMILY_GROUPS) - {"(not stated)"}  # that one is for empty cells
    assert set(FAMILY_GROUPS.values()) <= set(FABRIC_GROUPS)


def test_unknown_family_is_reported_not_guessed():
    c = classify("Hyper Warp Fabric", "HWF-9")
    assert (c.group, c.mapped) == ("other", False)


def test_records_are_dated_by_the_list_release():
    records = top500.parse(recorded("TOP500_201506.xls"))
    assert {o.prov.published_on for o in records.observations} == {dt.date(2015, 7, 13)}
    assert {o.prov.date_basis for o in records.observations} == {"list_release"}
    assert {r["published_on"] for r in records.tables["top500_families"]} == {dt.date(2015, 7, 13)}
    groups = {
        o.subject: o.value
        for o in records.observations
        if o.segment == "fabric_group" and o.indicator == "top500_systems"
    }
    assert sum(groups.values()) == 500
    # a list read from a bare file (no recording) is dated by its list month
    bare = top500.parse(Document.from_path(LISTS / "TOP500_200006.xls"))
    assert {o.prov.published_on for o in bare.observations} == {dt.date(2000, 6, 1)}


def test_old_xls_json_on_stdout_is_clean():
    """xlrd prints 'WARNING *** OLE2 inconsistency' for the 2000-2007 files to its logfile, standard output by default."""
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from fabricwatch.cli import main; raise SystemExit(main())",
            "parse",
            "top500",
            str(LISTS / "TOP500_200006.xls"),
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "WARNING" not in proc.stdout
    data = json.loads(proc.stdout)
    assert data["list"] == "2000-06" and data["systems"] == 500
