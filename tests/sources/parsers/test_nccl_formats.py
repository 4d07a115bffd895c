"""nccl-tests output formats the corpus has no real document of: the JSON report (-J), blank redop
cells of old tables, launcher prefixes of other launchers. Inputs are marked as written for tests;
expected values come from the documented formats (src/util.cu of NVIDIA/nccl-tests) or by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sources.document import Document
from sources.parsers import nccl
from sources.parsers.nccl.lines import classify, parse_row, split_prefix
from sources.records import ParseError

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "nccl"


def test_json_report_reads_like_the_text_table():
    # The fixture carries the numbers of the single-node table of tests/corpus/nccl/21_* (its label).
    runs = nccl.cli_json(Document.from_path(FIXTURES / "json_report_v2.json"))["runs"]
    assert len(runs) == 1
    run = runs[0]
    assert run["collective"] == "all_reduce"  # from args[0], ./build/all_reduce_perf
    assert len(run["rows"]) == 6 and run["avg_busbw_GBps"] == 439.369
    first, last = run["rows"][0], run["rows"][-1]
    assert (first["size_bytes"], first["oop_busbw_GBps"], first["ip_busbw_GBps"]) == (134217728, 382.99, 382.34)
    assert (last["size_bytes"], last["oop_busbw_GBps"], last["ip_busbw_GBps"]) == (4294967296, 473.6, 476.53)
    assert first["root"] == -1 and first["oop_wrong"] == 0 and first["redop"] == "sum"
    assert run["header"]["ngpus"] == 8 and run["header"]["nccl_version"] == "2.21.5"  # 22105
    assert [d["rank"] for d in run["devices"]] == list(range(8))
    assert run["devices"][0]["gpu"] == "NVIDIA H100 80GB HBM3"
    assert run["peak_busbw_GBps"] == 473.6 and not run["truncated"] and not run["has_errors"]


def test_json_report_empty_error_string_is_no_error():
    # src/util.cu writeErrors lists ncclGetLastError()'s string, which is "" when there was no error
    # (the text output then prints an empty line, not '# error:').
    report = json.loads((FIXTURES / "json_report_v2.json").read_text(encoding="utf-8"))
    report["errors"] = [""]
    (run,) = nccl.cli_json(Document("tests", "test:report.json", json.dumps(report).encode()))["runs"]
    assert not any("error" in w for w in run["warnings"]) and run["avg_busbw_GBps"] == 439.369


def test_json_report_with_two_type_sweeps_gives_two_runs():
    # Written for tests from the fixture: `-d all` makes all_reduce_perf run one size sweep per data type
    # (AllReduceRunTest loops TimeTest over types and ops) and src/util.cu writes every row into the one
    # `results` list; the report's average is over all rows of all sweeps, so no sweep gets it.
    report = json.loads((FIXTURES / "json_report_v2.json").read_text(encoding="utf-8"))
    half = [dict(r, type="half", count=r["count"] * 2) for r in report["results"]]
    report["results"] += half
    runs = nccl.cli_json(Document("tests", "test:report.json", json.dumps(report).encode()))["runs"]
    assert [(r["collective"], len(r["rows"]), r["rows"][0]["type"]) for r in runs] == [
        ("all_reduce", 6, "float"),
        ("all_reduce", 6, "half"),
    ]
    assert [r["avg_busbw_GBps"] for r in runs] == [None, None]
    assert all(not r["truncated"] and not any("interleaved" in w for w in r["warnings"]) for r in runs)
    assert runs[1]["rows"][0]["oop_busbw_GBps"] == 382.99 and runs[1]["header"]["ngpus"] == 8


def test_json_report_cut_while_written_fails_clearly():
    with pytest.raises(ParseError, match="JSON report"):
        nccl.runs(Document.from_path(FIXTURES / "json_report_cut.json"))


def test_json_report_gives_warehouse_records():
    doc = Document.from_path(FIXTURES / "json_report_v2.json", source_id="nccl_logs")
    records = nccl.parse(doc, system="test system", period="2025-03-03")
    assert [o.indicator for o in records.observations] == ["nccl_busbw", "nccl_busbw_peak"]
    assert records.observations[0].value == 439.369
    assert len(records.tables["nccl_rows"]) == 6


def test_blank_redop_cell_of_an_old_table():
    # Written for tests: the old layout printed the redop header over an empty cell for all_gather.
    columns = classify(
        "#       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error"
    ).data["columns"]
    row = parse_row("1048576 32768 float 162.1 6.47 5.66 0e+00 162.0 6.47 5.66 0e+00".split(), columns)
    assert row is not None and row["redop"] is None
    assert (row["oop_time_us"], row["oop_busbw_GBps"], row["ip_busbw_GBps"], row["oop_wrong"]) == (
        162.1,
        5.66,
        5.66,
        0.0,
    )


@pytest.mark.parametrize(
    "raw,stream,text",
    [
        # Open MPI --tag-output (jobid, rank, stream)
        (
            "[1,3]<stdout>:#  Rank  3 Group  0 Pid 1 on h device  3 [0x1] GPU",
            "|ompi:1,3:stdout",
            "#  Rank  3 Group  0 Pid 1 on h device  3 [0x1] GPU",
        ),
        # Slurm srun --label, with and without the leading space, and an empty labelled line
        (" 0:      8388608       2097152     float", "|slurm:0", "     8388608       2097152     float"),
        ("12: # Avg bus bandwidth    : 1.5", "|slurm:12", "# Avg bus bandwidth    : 1.5"),
        (" 0:", "|slurm:0", ""),
        # mpirun rank tags
        ("[0]     8192          2048     float", "|rank:0", "    8192          2048     float"),
        # kubectl logs --timestamps before a Slurm label: the stamp is dropped, the label kept
        ("2025-03-04T09:13:02.123456789Z 1: # nThread 1", "|slurm:1", "# nThread 1"),
        # SkyPilot around Open MPI
        ("(head, rank=0, pid=3808) [1,0]<stdout>:#", "|sky:head:0|ompi:1,0:stdout", "#"),
        # no prefix: rows, indentation, times of day and host:pid:tid debug lines stay as they are
        ("   134217728      33554432     float", "", "   134217728      33554432     float"),
        ("12:30:01 starting", "", "12:30:01 starting"),
        ("3767c65d25c4:880:887 [0] NCCL INFO x", "", "3767c65d25c4:880:887 [0] NCCL INFO x"),
    ],
)
def test_launcher_prefixes(raw, stream, text):
    assert split_prefix(raw) == (stream, text)


def test_two_ranks_interleaved_line_by_line_stay_two_runs():
    # Written for tests: a non-MPI build started twice by mpirun --tag-output, each rank printing its own
    # table; the lines of the two ranks alternate.
    a = [
        "# nThread 1 nGpus 1 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20",
        "#  size count type redop root time algbw busbw #wrong time algbw busbw #wrong",
        "8 2 float sum -1 10.0 0.00 0.00 0 10.0 0.00 0.00 0",
        "16 4 float sum -1 10.0 0.00 0.00 0 10.0 0.00 0.00 0",
        "# Avg bus bandwidth    : 0.00123",
    ]
    b = [line.replace("0.00123", "0.00456").replace("10.0", "20.0") for line in a]
    text = "".join(f"[1,0]<stdout>:{x}\n[1,1]<stdout>:{y}\n" for x, y in zip(a, b))
    runs = nccl.cli_json(Document(source_id="t", url="file:///tmp/log.txt", body=text.encode()))["runs"]
    assert [(len(r["rows"]), r["avg_busbw_GBps"]) for r in runs] == [(2, 0.00123), (2, 0.00456)]
    assert [r["rows"][0]["oop_time_us"] for r in runs] == [10.0, 20.0]


def test_a_log_with_no_output_still_fails_clearly():
    body = b"[1,0]<stdout>:host:1:1 [0] NCCL INFO Bootstrap : Using eth0\n 0: nothing here\n"
    with pytest.raises(ParseError, match="no nccl-tests output"):
        nccl.runs(Document(source_id="t", url="file:///tmp/log.txt", body=body))


def test_streaming_from_a_path_reads_what_the_document_reads(tmp_path):
    corpus = Path(__file__).resolve().parents[2] / "corpus" / "nccl" / "23_eks_efa_t4_openmpi_tag_output.md"
    path = tmp_path / "log.txt"
    path.write_bytes(corpus.read_bytes())
    by_path = [nccl.run_json(r) for r in nccl.runs_from_path(path)]
    by_doc = nccl.cli_json(Document.from_path(path))["runs"]
    assert by_path == by_doc and len(by_path) == 2


def test_a_stacked_prefix_after_a_line_with_only_its_outer_part():
    # Written for tests, in the shape of tests/corpus/nccl/22_* (SkyPilot around Open MPI): a line with
    # only the outer prefix must not make the next lines lose their inner one.
    sky = "(head, rank=0, pid=3808) "
    lines = [
        sky + "All nodes: 10.0.0.1:8",
        sky
        + "[1,0]<stdout>:# nThread 1 nGpus 1 minBytes 1024 maxBytes 2048 step: 2(factor) warmup iters: 5 iters: 100",
        sky
        + "[1,0]<stdout>:#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong",
        sky
        + "[1,0]<stdout>:        1024            16     float    none      -1    28.39    0.04    0.03      0    28.07    0.04    0.03      0",
        sky
        + "[1,0]<stdout>:        2048            32     float    none      -1    28.29    0.07    0.07      0    28.24    0.07    0.07      0",
        sky + "[1,0]<stdout>:# Avg bus bandwidth    : 0.05",
    ]
    runs = nccl.cli_json(Document(source_id="t", url="file:///tmp/log.txt", body="\n".join(lines).encode() + b"\n"))[
        "runs"
    ]
    assert len(runs) == 1
    assert runs[0]["header"]["maxbytes"] == 2048 and len(runs[0]["rows"]) == 2 and runs[0]["avg_busbw_GBps"] == 0.05


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=80, deadline=None)
@given(
    path=st.sampled_from(
        [
            ("args",),
            ("nccl_version",),
            ("config",),
            ("config", "devices"),
            ("results", 0, "size"),
            ("results", 0, "count"),
            ("results", 0, "type"),
            ("results", 0, "root"),
            ("results", 0, "out_of_place"),
            ("results", 0, "in_place", "bus_bw"),
            ("out_of_bounds",),
            ("average_bus_bandwidth", "bandwidth"),
            ("errors",),
        ]
    ),
    value=json_values,
)
def test_a_json_report_with_odd_values_gives_runs_or_a_parse_error(path, value):
    report = json.loads((FIXTURES / "json_report_v2.json").read_text())
    node = report
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    doc = Document(source_id="t", url="file:///tmp/r.json", body=json.dumps(report).encode())
    try:
        nccl.parse(doc, system="s", period="2025-03-03")
    except ParseError:
        pass


@settings(max_examples=80, deadline=None)
@given(
    fields=st.dictionaries(
        st.sampled_from(
            ["#wrong", "algBw", "busBw", "gpus", "inPlace", "name", "size", "time", "type", "count", "root", "redop"]
        ),
        json_values,
        max_size=12,
    )
)
def test_rccl_json_lines_with_odd_values_give_runs_or_a_parse_error(fields):
    line = json.dumps({"busBw": 1.0, **fields})
    doc = Document(source_id="t", url="file:///tmp/r.log", body=(line + "\n" + line + "\n").encode())
    try:
        nccl.parse(doc, system="s", period="2025-03-03")
    except ParseError:
        pass


# --- rows cut by NCCL debug lines, and tables interleaved without prefixes (issue 21) -------------------
# No real log with a row split by a debug line was found; these are built from the real lines of
# tests/corpus/nccl/23_* (Open MPI tag output, NCCL 2.12.7): its header, rows and INFO lines, cut where
# stdout and stderr of one process interleave (the row's start, then a whole debug line, then the rest).
CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "nccl"
_HEADER_23 = "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
_ROWS_23 = [
    "      131072         32768     float     sum      -1    149.3    0.88    0.88      0    148.7    0.88    0.88      0",
    "      262144         65536     float     sum      -1    195.0    1.34    1.34      0    194.0    1.35    1.35      0",
    "      524288        131072     float     sum      -1    296.9    1.77    1.77      0    291.1    1.80    1.80      0",
]
_INFO_23 = "test-nccl-efa-worker-0:21:21 [0] NCCL INFO Launch mode Parallel\n"


def _split_at(row: str, cut: int) -> str:
    return row[:cut] + _INFO_23 + row[cut:] + "\n"


@pytest.mark.parametrize("cut", [20, 40, 63, 65, 90])  # between cells, and inside a number (63: "195|.0")
@pytest.mark.parametrize("prefix", ["", "[1,0]<stdout>:"])
def test_a_row_split_by_a_debug_line_is_joined(cut, prefix):
    text = (
        prefix
        + _HEADER_23
        + prefix
        + _ROWS_23[0]
        + "\n"
        + prefix
        + _split_at(_ROWS_23[1], cut).replace("\n", "\n" + prefix, 1)
        + prefix
        + _ROWS_23[2]
        + "\n# Avg bus bandwidth    : 1.15327\n"
    )
    [run] = [r for r in nccl.cli_json(Document(source_id="t", url="t", body=text.encode()))["runs"] if r["rows"]]
    assert [(r["size_bytes"], r["oop_busbw_GBps"], r["ip_busbw_GBps"]) for r in run["rows"]] == [
        (131072, 0.88, 0.88),
        (262144, 1.34, 1.35),
        (524288, 1.77, 1.80),
    ]
    assert any("split by an NCCL debug line" in w for w in run["warnings"])


def test_a_row_cut_by_a_debug_line_and_not_continued_is_skipped_with_a_warning():
    text = _HEADER_23 + _ROWS_23[0] + "\n" + _ROWS_23[1][:40] + _INFO_23 + "# Avg bus bandwidth    : 1.15327\n"
    [run] = nccl.cli_json(Document(source_id="t", url="t", body=text.encode()))["runs"]
    assert [r["size_bytes"] for r in run["rows"]] == [131072]
    assert any("cut by an NCCL debug line" in w for w in run["warnings"])


def test_unprefixed_interleaved_tables_are_separated_with_their_evidence():
    # tests/corpus/nccl/34_* (NVIDIA/nccl-tests#182): two processes' last rows and summaries, no prefixes.
    doc = Document.from_path(CORPUS / "34_nccl-tests-182_a100_unprefixed_interleaved_tail.md", published_on=None)
    records = nccl.parse(doc, system="2 VMs x 2 A100", period="2023-11")
    got = sorted((o.indicator, o.value) for o in records.observations)
    assert got == [
        ("nccl_busbw", 1.65866),
        ("nccl_busbw", 1.80135),
        ("nccl_busbw_peak", 4.54),
        ("nccl_busbw_peak", 4.86),
    ]
    text = " ".join(doc.text.split())
    assert all(" ".join(o.prov.evidence.split(": ", 1)[1].split()) in text for o in records.observations)


def test_sizes_that_go_backwards_without_whole_tables_give_no_figure():
    # sources/snapshots/nccl_logs/06_* (NVIDIA/nccl-tests#294): 134M, 134M, 536M, 536M, 268M: no step
    # puts them into tables of two or more rows; the rows stay, no observation is taken from them.
    path = (
        Path(__file__).resolve().parents[3]
        / "sources"
        / "snapshots"
        / "nccl_logs"
        / "06_nccl-tests-294_h100_zero_busbw.txt"
    )
    records = nccl.parse(Document.from_path(path), system="s", period="2025-03")
    assert records.observations == []
    assert len(records.tables["nccl_rows"]) == 5
    assert any("cannot be told apart" in w for w in records.warnings)


@settings(max_examples=60, deadline=None)
@given(order=st.lists(st.booleans(), min_size=20, max_size=20), cut=st.integers(min_value=2, max_value=10))
def test_two_unprefixed_tables_in_any_interleaving_give_whole_tables_or_none(order, cut):
    # The rows of tests/corpus/nccl/35_* (a real rccl-tests table, 8 B .. 8 GiB) printed by two processes
    # without prefixes, in any interleaving that keeps each table's order; the second stops `cut` rows
    # short. Whatever the interleaving: whole tables with every row once and sizes in order, or no figure.
    lines = (CORPUS / "35_hisohara_mi355x_pollara_rccl_testing_cycle.md").read_text().splitlines()
    rows = [ln for ln in lines if ln.strip()[:1].isdigit()][:10]
    a, b = list(rows), list(rows[:cut])
    merged = []
    for take_a in order + [True] * 20:
        src = a if (take_a and a) or not b else b
        if src:
            merged.append(src.pop(0))
    merged += a + b
    text = _HEADER_23 + "\n".join(merged) + "\n"
    doc = Document(source_id="t", url="t", body=text.encode())
    runs = nccl.runs(doc)
    records = nccl.parse(doc, system="s", period="2025-01")
    if any(r.interleaved == "unseparable" for r in runs):
        assert records.observations == []
        return
    got = sorted(tuple(r.rows.sizes) for r in runs)
    sizes = [int(r.split()[0]) for r in rows]
    assert got == sorted([tuple(sizes), tuple(sizes[:cut])])
