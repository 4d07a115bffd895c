"""nccl-tests parser: real logs from public threads (sources/snapshots) and synthetic edge cases."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import nccl
from sources.parsers.nccl.lines import classify, nccl_version_from_code, parse_row
from sources.records import ParseError, flat

REPO = Path(__file__).resolve().parents[3]
SNAPSHOTS = REPO / "sources" / "snapshots" / "nccl_logs"
FIXTURES = REPO / "tests" / "fixtures" / "nccl"
MANIFEST = json.loads((SNAPSHOTS / "manifest.json").read_text())


def snapshot(prefix: str) -> tuple[Document, dict]:
    """A recorded log as the pipeline would hand it over: manifest facts on the Document."""
    entry = next(e for e in MANIFEST["entries"] if e["file"].startswith(prefix))
    doc = Document(
        source_id=MANIFEST["source_id"],
        url=entry["url"],
        body=(SNAPSHOTS / entry["file"]).read_bytes(),
        content_type=entry["content_type"],
        title=entry["title"],
        published_on=dt.date.fromisoformat(entry["published_on"]) if entry["published_on"] else None,
    )
    return doc, entry


def local(name: str) -> Document:
    return Document.from_path(FIXTURES / name)


def only_run(doc: Document) -> dict:
    runs = nccl.cli_json(doc)["runs"]
    assert len(runs) == 1
    return runs[0]


# --- real logs: what the sidecar json says each one shows -------------------------------------

REAL = [
    # GB200 NVL72 pasted from the table header down: no nThread line, one stray rank line above.
    (
        "01_",
        dict(
            collective="all_reduce",
            rows=5,
            avg=745.53,
            last=(8589934592, 834.57),
            peak=839.16,
            truncated=False,
            errors=False,
        ),
    ),
    # A100 HDR: head and tail of the log with the middle gone; rows resume without a header.
    (
        "03_",
        dict(
            collective="all_reduce",
            rows=6,
            avg=84.8558,
            last=(133169160, 95.74),
            peak=96.45,
            truncated=False,
            errors=False,
        ),
    ),
    # NCCL 2.6.4 era: old 'error' columns (0e+00), no redop/root, starts mid-table.
    (
        "04_",
        dict(
            collective="all_gather",
            rows=12,
            avg=6.6972,
            last=(134217728, 20.34),
            peak=21.40,
            truncated=False,
            errors=False,
        ),
    ),
    # Broken H100 run: busbw 0.00 everywhere, sizes out of order, last row cut mid-line.
    (
        "06_",
        dict(collective="all_reduce", rows=5, avg=None, last=(268435456, 0.0), peak=None, truncated=True, errors=False),
    ),
    # Newest format on DGX Spark: single size, the Avg line cut after '# Avg'.
    (
        "07_",
        dict(
            collective="all_gather",
            rows=1,
            avg=None,
            last=(17179869184, 18.94),
            peak=18.94,
            truncated=True,
            errors=False,
        ),
    ),
    # B200 header only: the log ends inside the device list.
    ("10_", dict(collective="all_reduce", rows=0, avg=None, last=None, peak=None, truncated=True, errors=False)),
    # H20 2024 log from an old nccl-tests build: float error column with 4e-07, cut after 512 B.
    ("12_", dict(collective="all_reduce", rows=8, avg=None, last=(512, 0.02), peak=None, truncated=True, errors=True)),
]


@pytest.mark.parametrize("prefix,want", REAL, ids=[p for p, _ in REAL])
def test_real_log_first_run(prefix, want):
    doc, _ = snapshot(prefix)
    run = nccl.cli_json(doc)["runs"][0]
    assert run["collective"] == want["collective"]
    assert len(run["rows"]) == want["rows"]
    assert run["avg_busbw_GBps"] == want["avg"]
    assert run["peak_busbw_GBps"] == want["peak"]
    assert run["truncated"] is want["truncated"]
    assert run["has_errors"] is want["errors"]
    if want["last"]:
        assert (run["rows"][-1]["size_bytes"], run["rows"][-1]["oop_busbw_GBps"]) == want["last"]


def test_gb200_row_values_and_partial_header():
    # The excerpt starts at 'Rank 71': that device is kept, and no nThread header is invented.
    run = only_run(snapshot("01_")[0])
    assert run["header"] == {}
    assert run["devices"] == [{"rank": 71, "host": "slurm-gb200-207-171", "gpu": "NVIDIA Graphics Device"}]
    assert run["rows"][0] == {
        "size_bytes": 536870912,
        "count": 134217728,
        "type": "float",
        "redop": "sum",
        "root": -1,
        "oop_time_us": 1806.7,
        "oop_algbw_GBps": 297.16,
        "oop_busbw_GBps": 586.06,
        "oop_wrong": 0,
        "ip_time_us": 1835.9,
        "ip_algbw_GBps": 292.43,
        "ip_busbw_GBps": 576.74,
        "ip_wrong": 0,
    }


def test_a100_gap_in_the_middle_is_flagged():
    # Rows start at 127926280 B while minBytes is 8: the pasted log skipped the middle.
    run = only_run(snapshot("03_")[0])
    assert run["rows_elided"] is True
    assert any("rows below 127926280 B missing" in w for w in run["warnings"])
    assert run["header"]["minbytes"] == 8 and run["header"]["step_bytes"] == 1048576
    assert [d["rank"] for d in run["devices"]] == [0, 1, 2, 3, 4]
    assert run["devices"][4]["gpu"] is None  # rank 4's line was cut before the GPU name


def test_old_format_error_column_is_float_and_next_test_is_a_second_run():
    # Old nccl-tests printed 'error' as a float; the paste also caught the next command's header.
    first, second = nccl.cli_json(snapshot("04_")[0])["runs"]
    row = first["rows"][0]
    assert row["oop_wrong"] == 0.0 and isinstance(row["oop_wrong"], float)
    assert row["redop"] is None and row["root"] is None
    assert first["collective_from"] == "columns"
    assert second["collective"] == "broadcast" and second["rows"] == [] and second["truncated"] is True
    assert second["header"]["ngpus"] == 2


def test_zero_busbw_run_is_flagged_not_averaged():
    # NVIDIA/nccl-tests#294: every busbw 0.00 and in-place algbw of 1.7 million GB/s.
    run = only_run(snapshot("06_")[0])
    assert all(r["oop_busbw_GBps"] == 0 and r["ip_busbw_GBps"] == 0 for r in run["rows"])
    text = " ".join(run["warnings"])
    assert "every busbw is 0" in text and "implausible algbw" in text and "last row cut mid-line" in text
    assert "sizes repeat or go backwards" in text


def test_newest_format_versions_and_devices():
    # '# nccl-tests version 2.17.6 nccl-headers=22803 nccl-library=22803' → NCCL 2.28.3.
    run = only_run(snapshot("07_")[0])
    assert run["header"]["nccl_tests_version"] == "2.17.6"
    assert run["header"]["nccl_version"] == "2.28.3"
    assert run["devices"] == [
        {"rank": 0, "host": "spark", "gpu": "NVIDIA GB10"},
        {"rank": 1, "host": "spark-3995", "gpu": "NVIDIA GB10"},
    ]
    assert run["rows"][0]["redop"] == "none" and run["rows"][0]["ip_busbw_GBps"] == 20.95


def test_header_only_log_cut_inside_device_list():
    # The B200 log stops at 'NVIDIA B2': the cut name is not recorded as a GPU model.
    run = only_run(snapshot("10_")[0])
    assert run["header"]["unalign"] == 0 and run["header"]["nccl_version"] == "2.30.7"
    assert len(run["devices"]) == 9 and run["devices"][-1] == {"rank": 8, "host": "node2", "gpu": None}
    assert {d["gpu"] for d in run["devices"][:8]} == {"NVIDIA B200"}


def test_old_columns_with_redop_and_float_errors():
    # H20 log: 'error' column holds 4e-07 etc.; has_errors follows the contract and says why.
    run = only_run(snapshot("12_")[0])
    assert run["rows"][0]["ip_wrong"] == pytest.approx(4e-07)
    assert run["rows"][0]["redop"] == "sum" and run["rows"][0]["root"] is None
    assert any("old-format error column" in w for w in run["warnings"])


# --- records for the warehouse ------------------------------------------------------------------


def test_records_for_gb200_use_manifest_system_and_thread_date():
    doc, entry = snapshot("01_")
    records = nccl.parse(doc, system=entry["system"])
    by_indicator = {o.indicator: o for o in records.observations}
    avg, peak = by_indicator["nccl_busbw"], by_indicator["nccl_busbw_peak"]
    assert (avg.value, avg.unit, avg.kind, avg.period) == (745.53, "GBps", "actual", "2025-02-20")
    assert avg.subject == entry["system"] and avg.segment == "all_reduce"
    assert peak.value == 839.16 and "4294967296" in peak.prov.evidence
    assert avg.prov.url == "https://github.com/coreweave/nccl-tests/pull/43"
    assert avg.prov.publisher == "GitHub coreweave/nccl-tests pull request #43 (user report)"
    assert avg.prov.document_sha == doc.sha256
    assert flat(avg)["record_id"] == avg.key()
    assert records.tables["nccl_runs"][0]["avg_busbw_GBps"] == 745.53
    assert len(records.tables["nccl_rows"]) == 5


@pytest.mark.parametrize(
    "prefix,indicators",
    [
        ("06_", []),  # all-zero run: nothing worth recording
        ("07_", ["nccl_busbw_peak"]),  # avg cut off: only the one visible row's busbw
        ("10_", []),  # no table at all
        ("12_", []),  # non-zero error cells and no avg: nothing trusted
    ],
)
def test_observations_only_from_trustworthy_values(prefix, indicators):
    doc, entry = snapshot(prefix)
    assert sorted(o.indicator for o in nccl.parse(doc, system=entry["system"]).observations) == indicators


def test_period_override_for_a_log_without_a_day():
    # The 2020 issue has no exact date; the manifest gives the year and the caller passes it.
    doc, entry = snapshot("04_")
    records = nccl.parse(doc, system=entry["system"], period=entry["period"])
    assert {(o.indicator, o.value, o.period) for o in records.observations} == {
        ("nccl_busbw", 6.6972, "2020"),
        ("nccl_busbw_peak", 21.40, "2020"),
    }


def test_no_date_means_no_observations_and_a_warning():
    # A dropped file with no published or fetch date: rows are kept, figures are not dated by guess.
    records = nccl.parse(local("multi_collective_newest.txt"))
    assert records.observations == []
    assert len(records.tables["nccl_rows"]) == 12
    assert any("no date for the log" in w for w in records.warnings)


def test_subject_from_the_log_when_no_system_is_given():
    doc = local("multi_collective_newest.txt")
    doc = Document(**{**doc.__dict__, "published_on": dt.date(2025, 1, 15)})
    obs = nccl.parse(doc).observations
    assert {o.subject for o in obs} == {"NVIDIA H100 80GB HBM3 (16 ranks seen on 2 hosts)"}
    assert sorted((o.segment, o.indicator, o.value) for o in obs) == [
        ("all_gather", "nccl_busbw", 79.0267),
        ("all_gather", "nccl_busbw_peak", 103.78),
        ("all_reduce", "nccl_busbw", 111.9458),
        ("all_reduce", "nccl_busbw_peak", 146.42),
    ]


# --- synthetic edge cases (tests/fixtures/nccl, written for tests) ------------------------------

SYNTHETIC = [
    # Newest output, shell prompts, srun lines, two collectives in one file.
    ("multi_collective_newest.txt", [("all_reduce", 6, 111.9458, False), ("all_gather", 6, 79.0267, False)]),
    # Rendered markdown dropped every leading '#'; fences and prose around the log.
    ("markdown_stripped.txt", [("all_reduce", 4, 107.4575, False)]),
    # Header and device list printed by each rank: one run, not two.
    ("per_rank_headers.txt", [("all_reduce", 3, 26.665, False)]),
    # '...' where a forum post cut rows: the remaining rows and the printed avg survive.
    ("elided_rows.txt", [("all_reduce", 4, 111.9458, False)]),
    # Wrong values: flagged, still parsed.
    ("wrong_values.txt", [("all_reduce", 6, 111.9458, True)]),
    # Chinese prose and host names, non-breaking spaces inside rows.
    ("non_ascii.txt", [("all_reduce", 3, 81.2383, False)]),
    # Every busbw 0 and avg 0.
    ("all_zero_busbw.txt", [("all_reduce", 3, 0.0, False)]),
]


@pytest.mark.parametrize("name,want", SYNTHETIC, ids=[n for n, _ in SYNTHETIC])
def test_synthetic_runs(name, want):
    runs = nccl.cli_json(local(name))["runs"]
    got = [(r["collective"], len(r["rows"]), r["avg_busbw_GBps"], r["has_errors"]) for r in runs]
    assert got == want
    assert all(r["truncated"] is False for r in runs)


def test_multi_collective_header_and_versions():
    first, second = nccl.cli_json(local("multi_collective_newest.txt"))["runs"]
    assert first["collective_from"] == second["collective_from"] == "log"
    assert first["header"]["nccl_version"] == "2.23.4" and first["header"]["nccl_tests_version"] == "2.14.1"
    assert len(first["devices"]) == len(second["devices"]) == 16
    assert second["rows"][-1]["count"] == 16777216  # all_gather counts elements per rank


def test_per_rank_headers_are_merged():
    run = only_run(local("per_rank_headers.txt"))
    assert [(d["rank"], d["host"]) for d in run["devices"]] == [(0, "host-a"), (1, "host-b")]
    assert run["header"]["ngpus"] == 1 and run["warnings"] == []


def test_wrong_values_keep_the_avg_out_of_the_warehouse():
    doc = Document(**{**local("wrong_values.txt").__dict__, "published_on": dt.date(2025, 3, 1)})
    run = only_run(doc)
    assert [r["oop_wrong"] for r in run["rows"]] == [0, 0, 0, 1024, 4096, 0]
    assert "Out of bounds values: 5120 FAILED" in run["warnings"]
    obs = nccl.parse(doc).observations
    assert [(o.indicator, o.value) for o in obs] == [("nccl_busbw_peak", 146.42)]


def test_elided_rows_flag():
    run = only_run(local("elided_rows.txt"))
    assert run["rows_elided"] is True
    assert [r["size_bytes"] for r in run["rows"]] == [1048576, 4194304, 268435456, 1073741824]


def test_all_zero_run_gives_no_observations():
    doc = Document(**{**local("all_zero_busbw.txt").__dict__, "published_on": dt.date(2025, 3, 1)})
    assert nccl.parse(doc).observations == []
    assert any("every busbw is 0" in w for w in only_run(doc)["warnings"])


def test_non_ascii_hosts_survive():
    run = only_run(local("non_ascii.txt"))
    assert {d["host"] for d in run["devices"]} == {"节点1", "节点2"}
    assert run["rows"][2]["oop_busbw_GBps"] == 120.99


def test_unknown_columns_are_mapped_by_name_with_a_warning():
    # A future nccl-tests adding columns: rows still fit their own header; the change is reported.
    run = only_run(local("changed_layout.txt"))
    assert run["rows"][1]["oop_busbw_GBps"] == 80.25 and run["rows"][1]["ip_time_us"] == 99.0
    assert any("unknown table columns" in w and "lat_p99" in w for w in run["warnings"])


@pytest.mark.parametrize(
    "name,message",
    [
        ("empty.txt", "empty document"),  # zero-byte upload
        ("broken.html", "no nccl-tests output"),  # an HTML error page saved instead of the log
        ("changed_layout_rows.txt", "layout changed"),  # rows no known column set fits
    ],
)
def test_unusable_files_raise(name, message):
    with pytest.raises(ParseError, match=message):
        nccl.cli_json(local(name))


def test_collective_unknown_is_null_with_a_warning():
    # Headerless rows of a rooted collective (broadcast-like): nothing names it, nothing infers it.
    body = b"   1048576   262144   float   none   0   45.0   23.30   23.30   0   45.5   23.07   23.07   0\n"
    run = only_run(Document(source_id="t", url="file:///tmp/mystery.txt", body=body))
    assert run["collective"] is None
    assert any("collective unknown" in w for w in run["warnings"])


# --- line reading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line,kind,data",
    [
        # Pre-2.10 rank lines had no 'Group' field.
        (
            "#   Rank  0 Pid  12345 on dgx1 device  0 [0x06] Tesla V100-SXM2-16GB",
            "rank",
            {"rank": 0, "group": None, "host": "dgx1", "gpu": "Tesla V100-SXM2-16GB"},
        ),
        # Old header without 'agg iters', 'validation' or 'graph'.
        (
            "# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20",
            "header",
            {"nthread": 1, "ngpus": 8, "minbytes": 8, "maxbytes": 134217728, "step_factor": 2, "iters": 20},
        ),
        # A markdown block quote around a pasted Avg line.
        ("> # Avg bus bandwidth    : 12.5", "avg", {"value": 12.5}),
        # A root shell prompt (its '#' must not be read as an nccl-tests comment).
        (
            "root@node1:~/nccl-tests# ./build/reduce_scatter_perf -b 8 -e 1G -f 2 -g 8",
            "command",
            {"collective": "reduce_scatter"},
        ),
    ],
)
def test_classify(line, kind, data):
    got = classify(line)
    assert got.kind == kind
    assert {k: got.data.get(k) for k in data} == data


@pytest.mark.parametrize("code,version", [("22803", "2.28.3"), ("23007", "2.30.7"), ("2604", "2.6.4")])
def test_nccl_version_codes(code, version):
    # NCCL_VERSION_CODE changed from major*1000+minor*100+patch to major*10000+minor*100+patch in 2.9.
    assert nccl_version_from_code(code) == version


def test_not_applicable_cells_become_null():
    # alltoall-style rows print N/A for the in-place half.
    columns = classify("#  size count type redop root time algbw busbw #wrong time algbw busbw #wrong").data["columns"]
    row = parse_row("1048576 16384 float none -1 52.1 20.13 18.87 0 N/A N/A N/A N/A".split(), columns)
    assert row["oop_busbw_GBps"] == 18.87 and row["ip_time_us"] is None and row["ip_wrong"] is None
