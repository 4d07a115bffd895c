"""bench/bench_nccl_stream.py still works and parses what it generates (correctness, not timing)."""

from __future__ import annotations

import json
from pathlib import Path

from bench import bench_nccl_stream

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "corpus" / "nccl"


def test_bench_parses_every_copy_of_the_corpus_log(capsys):
    summary = bench_nccl_stream.main(["--mb", "1", "--repeat", "1", "--no-memory-mode", "--json"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out == summary and out["size_mib"] >= 1
    # the label of the repeated document: two tables, 31 + 5 rows
    label = json.loads((CORPUS / "23_eks_efa_t4_openmpi_tag_output.json").read_text(encoding="utf-8"))
    per_copy_runs = len(label["runs"])
    per_copy_rows = sum(r["rows"] for r in label["runs"])
    assert (per_copy_runs, per_copy_rows) == (2, 36)
    assert (out["runs"], out["rows"]) == (per_copy_runs * out["copies"], per_copy_rows * out["copies"])
    streamed = summary["modes"]["streamed"]  # figures are not asserted: machines differ
    assert streamed["seconds"] > 0 and streamed["peak_rss_mib"] > 0


def test_generated_log_holds_every_copy(tmp_path):
    source = next(CORPUS.glob("23_*.md"))
    path, copies = bench_nccl_stream.make_log(tmp_path, source, 0.5)
    from sources.parsers import nccl

    found = nccl.runs_from_path(path)
    assert len(found) == 2 * copies
    assert sum(len(r.rows) for r in found) == 36 * copies
