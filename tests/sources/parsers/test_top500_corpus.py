"""The TOP500 parser on the newest lists (2020-11, 2024-11 and 2025-06, the comma-separated CSV download).

Per-system labels (tests/corpus/top500/labels.csv) were written by reading the files; the totals are
counted here straight from the files with the csv module and openpyxl, not through the parser.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import top500
from sources.parsers.top500.families import classify
from sources.parsers.top500.read import read_list

ROOT = Path(__file__).resolve().parents[3]
LISTS = ROOT / "sources" / "snapshots" / "top500_lists"
CORPUS = ROOT / "tests" / "corpus" / "top500"
LABELS = list(csv.DictReader((CORPUS / "labels.csv").open(encoding="utf-8")))
NEW = {"TOP500_202011.xlsx": "2020-11", "TOP500_202411.xlsx": "2024-11", "TOP500_202506.csv": "2025-06"}


def _doc(name: str) -> Document:
    y, m = NEW[name].split("-")
    return Document.from_path(
        LISTS / name, source_id="top500_lists", url=f"https://www.top500.org/lists/top500/{y}/{m}/"
    )


def _rows_read_independently(name: str) -> list[dict]:
    """Rank, Interconnect Family and Interconnect of every system, read without the parser."""
    if name.endswith(".csv"):
        return list(csv.DictReader(io.StringIO((LISTS / name).read_text(encoding="utf-8"))))
    import openpyxl

    book = openpyxl.load_workbook(LISTS / name, read_only=True, data_only=True)
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    book.close()
    header = [str(c) for c in rows[0]]  # these two lists have the header on the first row
    return [dict(zip(header, r)) for r in rows[1:] if r[0] is not None]


@pytest.mark.parametrize("name", sorted(NEW))
def test_family_counts_match_an_independent_count(name):
    rows = _rows_read_independently(name)
    assert len(rows) == 500
    families = Counter(str(r["Interconnect Family"]).strip() for r in rows)
    summary = top500.cli_json(_doc(name))
    assert summary["list"] == NEW[name] and summary["systems"] == 500 and summary["warnings"] == []
    assert summary["families"] == dict(families)
    # Slingshot and Omni-Path by the words of the Interconnect column, counted independently
    slingshot = sum("slingshot" in str(r["Interconnect"]).lower() for r in rows)
    omnipath = sum(
        "omni-path" in str(r["Interconnect"]).lower() or str(r["Interconnect Family"]) == "Omnipath" for r in rows
    )
    groups = {g: v["systems"] for g, v in summary["fabric_groups"].items()}
    assert groups.get("slingshot", 0) == slingshot
    assert groups.get("omni-path", 0) == omnipath
    assert sum(groups.values()) == 500


def test_the_csv_download_is_its_own_layout():
    text = (LISTS / "TOP500_202506.csv").read_text(encoding="utf-8")
    header = next(csv.reader(io.StringIO(text)))
    assert len(header) == 38 and header[0] == "Rank" and "Interconnect Family" in header
    assert '"1,742,000.00"' in text.splitlines()[1]  # El Capitan's Rmax, with thousands separators
    table = read_list(_doc("TOP500_202506.csv"))
    assert table.file_format == "csv" and table.rmax_unit == "TFlop/s"
    assert table.systems[0]["rmax_tflops"] == pytest.approx(1_742_000.0)


@pytest.mark.parametrize("label", LABELS, ids=[f"{r['list']}#{r['rank']}" for r in LABELS])
def test_labelled_system(label):
    table = read_list(_doc(label["file"]))
    system = next(s for s in table.systems if s["rank"] == int(label["rank"]))
    assert (system["family"], system["interconnect"]) == (label["family"], label["interconnect"])
    c = classify(system["family"], system["interconnect"])
    speed = float(label["speed_gbps"]) if label["speed_gbps"] else None
    assert (c.group, c.notable, c.speed_gbps) == (label["fabric_group"], label["notable"], speed), label["reason"]
