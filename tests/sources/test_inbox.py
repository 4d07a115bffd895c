"""The inbox: dropped files are classified, validated, and accepted or rejected with a reason."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sources import inbox

ROOT = Path(__file__).resolve().parents[2]
NCCL_LOG = ROOT / "sources" / "snapshots" / "nccl_logs" / "03_nccl-tests-119_a100_3node_hdr_ib.txt"
TOP500 = ROOT / "sources" / "snapshots" / "top500_lists" / "TOP500_202311.xlsx"
LEDGER_HEADER = (
    "indicator,subject,period,value,value_qualifier,unit,kind,speed_gbps,fabric,vendor,product_id,region,"
    "segment,note,source_id,publisher,doc_title,url,via,published_on,evidence,confidence"
)


def _analyst_csv(path: Path, indicator: str = "switch_ports_shipped") -> Path:
    path.write_text(
        LEDGER_HEADER
        + "\n"
        + ",".join(
            [
                indicator,
                "Data center switch market",  # a registered entity (an unregistered subject is refused)
                "2025Q1",
                "1000000",
                "",
                "ports",
                "estimate",
                "800",
                "ethernet",
                "",
                "",
                "",
                "",
                "written for tests",
                "delloro",
                "Dell'Oro Group",
                "Analyst note (test)",
                "https://example.org/note",
                "",
                "2025-05-01",
                "test evidence sentence",
                "analyst_estimate",
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "name,expected",
    [
        ("log.txt", "nccl"),  # nccl-tests output with any file name
        ("list.xlsx", "top500"),  # spreadsheet downloads from top500.org
        ("facts.csv", "curated"),  # analyst ledger CSV, recognised by its header
        ("notes.txt", None),  # anything else is refused up front
    ],
)
def test_classify(tmp_path, name, expected):
    src = {"nccl": NCCL_LOG, "top500": TOP500}.get(expected)
    path = tmp_path / name
    if src:
        shutil.copyfile(src, path)
    elif expected == "curated":
        _analyst_csv(path)
    else:
        path.write_text("meeting notes, nothing to ingest\n")
    assert inbox.classify(path) == expected


def test_process_accepts_good_files_and_rejects_bad_ones_with_a_reason(tmp_path):
    box = tmp_path / "inbox"
    inbox.drop([NCCL_LOG], box)
    (box / "nccl" / "broken.log").write_text("# nThread 1 nGpus 8\n#  size count type\n", encoding="utf-8")
    (box / "curated").mkdir()
    _analyst_csv(box / "curated" / "good.csv")
    _analyst_csv(box / "curated" / "bad.csv", indicator="no_such_indicator")
    results = {r.name: r for r in inbox.process(box)}
    assert results[NCCL_LOG.name].accepted and (box / "processed" / "nccl" / NCCL_LOG.name).is_file()
    assert results["good.csv"].accepted and (box / "processed" / "curated" / "good.csv").is_file()
    assert not results["bad.csv"].accepted and "no_such_indicator" in results["bad.csv"].reason
    reason = (box / "rejected" / "curated" / "bad.csv.reason.txt").read_text()
    assert "bad.csv" in reason and "indicator" in reason
    assert not results["broken.log"].accepted and (box / "rejected" / "nccl" / "broken.log").is_file()
    assert inbox.pending(box) == []  # nothing is left behind, nothing deleted


def test_accepted_analyst_files_join_the_ledger(tmp_path):
    accepted = tmp_path / "processed"
    accepted.mkdir()
    _analyst_csv(accepted / "mine.csv")
    ledger = inbox.load_ledger_with([accepted])
    mine = [o for o in ledger.records.observations if o.prov.title == "Analyst note (test)"]
    assert [(o.indicator, o.value, o.speed_gbps, o.kind) for o in mine] == [
        ("switch_ports_shipped", 1e6, 800.0, "estimate")
    ]


def test_a_resubmitted_file_never_overwrites_the_earlier_one(tmp_path):
    # same name, different content (a rerun of the test): both kept, the second under a free name
    box = tmp_path / "inbox"
    rerun = tmp_path / "rerun" / NCCL_LOG.name
    rerun.parent.mkdir()
    rerun.write_bytes(NCCL_LOG.read_bytes().replace(b"84.8558", b"84.8559"))
    for f in (NCCL_LOG, rerun):
        inbox.drop([f], box)
        assert all(r.accepted for r in inbox.process(box))
    assert sorted(p.name for p in (box / "processed" / "nccl").iterdir()) == [
        NCCL_LOG.name.replace(".txt", ".1.txt"),
        NCCL_LOG.name,
    ]


def test_an_identical_copy_is_reported_as_already_ingested(tmp_path):
    box = tmp_path / "inbox"
    inbox.drop([NCCL_LOG], box)
    first = inbox.process(box)
    assert [r.accepted for r in first] == [True] and first[0].duplicate_of is None
    copy = tmp_path / "copy.log"  # the same bytes under another name
    copy.write_bytes(NCCL_LOG.read_bytes())
    inbox.drop([copy, NCCL_LOG], box)
    again = {r.name: r for r in inbox.process(box)}
    assert set(again) == {"copy.log", NCCL_LOG.name}
    for r in again.values():
        assert not r.accepted and r.duplicate_of == box / "processed" / "nccl" / NCCL_LOG.name
        assert "already ingested" in r.reason and r.warnings == ()
    # nothing loaded twice, nothing deleted: the copies wait in rejected/ with their reason
    assert [p.name for p in (box / "processed" / "nccl").iterdir()] == [NCCL_LOG.name]
    assert (box / "rejected" / "nccl" / "copy.log").is_file()
    assert "already ingested" in (box / "rejected" / "nccl" / "copy.log.reason.txt").read_text()
    assert inbox.pending(box) == []


def test_accepted_logs_carry_the_parser_warnings(tmp_path):
    # NVIDIA/nccl-tests#119 as recorded: the middle of the table is missing and rows resume
    # without a header (sources/snapshots/nccl_logs manifest: truncated_middle)
    box = tmp_path / "inbox"
    inbox.drop([NCCL_LOG], box)
    [result] = inbox.process(box)
    assert result.accepted
    assert any("no table header before the rows" in w for w in result.warnings)
    assert all(w.startswith("run 0 (all_reduce): ") for w in result.warnings)


def test_an_nccl_tests_json_report_is_taken_as_a_log(tmp_path):
    # tests/fixtures/nccl/json_report_v2.json: written for tests in the layout nccl-tests -J writes
    report = ROOT / "tests" / "fixtures" / "nccl" / "json_report_v2.json"
    assert inbox.classify(report) == "nccl"
    box = tmp_path / "inbox"
    inbox.drop([report], box)
    [result] = inbox.process(box)
    assert result.accepted and (box / "processed" / "nccl" / report.name).is_file()
