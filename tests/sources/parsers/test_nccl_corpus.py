"""The nccl-tests parser over the real-document corpus in tests/corpus/nccl/.

Each document there is nccl-tests or rccl-tests output pasted by someone else (issue threads,
vendors' READMEs and docs), saved verbatim; its sidecar .json label was written by reading the
document (see the corpus README). These tests compare what the parser finds with those labels:
the number of test tables, and per table the rows, sizes, busbw of a few rows, the average and
the collective where a line of the log names it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import nccl

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "nccl"
LABELS = sorted(CORPUS.glob("*.json"))


def _label(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def mismatches(label: dict) -> list[str]:
    """Every way the parser's reading of one document differs from its label (empty when right)."""
    # a neutral address: the corpus file names describe the document and must not name its collective
    doc = Document.from_path(CORPUS / label["file"], source_id="nccl_corpus", url=f"corpus:{label['file'][:2]}")
    try:
        runs = nccl.cli_json(doc)["runs"]
    except Exception as exc:  # noqa: BLE001 - a failure is one of the mismatches to report
        return [f"parser failed: {type(exc).__name__}: {exc}"]
    want_runs = label["runs"]
    problems = []
    if len(runs) != len(want_runs):
        problems.append(
            f"{len(runs)} runs found, label has {len(want_runs)}: {[(r['collective'], len(r['rows'])) for r in runs]}"
        )
    for i, (got, want) in enumerate(zip(runs, want_runs)):
        where = f"run {i}"
        rows = got["rows"]
        if len(rows) != want["rows"]:
            problems.append(f"{where}: {len(rows)} rows, label {want['rows']}")
        if rows and "first_size" in want and rows[0]["size_bytes"] != want["first_size"]:
            problems.append(f"{where}: first size {rows[0]['size_bytes']}, label {want['first_size']}")
        if rows and "last_size" in want and rows[-1]["size_bytes"] != want["last_size"]:
            problems.append(f"{where}: last size {rows[-1]['size_bytes']}, label {want['last_size']}")
        by_size = {}
        for r in rows:
            by_size.setdefault(r["size_bytes"], r)
        for check in want.get("check", []):
            r = by_size.get(check["size_bytes"])
            if r is None:
                problems.append(f"{where}: no row of {check['size_bytes']} B")
                continue
            for key in ("oop_busbw_GBps", "ip_busbw_GBps"):
                if r[key] != check[key]:
                    problems.append(f"{where}: {check['size_bytes']} B {key} {r[key]}, label {check[key]}")
        if got["avg_busbw_GBps"] != want["avg"]:
            problems.append(f"{where}: avg {got['avg_busbw_GBps']}, label {want['avg']}")
        if want.get("collective_in_log") and got["collective"] != want["collective"]:
            problems.append(f"{where}: collective {got['collective']}, label {want['collective']}")
        if want.get("ranks") is not None and len(got["devices"]) != want["ranks"]:
            problems.append(f"{where}: {len(got['devices'])} ranks, label {want['ranks']}")
        for flag in ("rows_elided", "truncated"):
            if flag in want and got[flag] is not want[flag]:
                problems.append(f"{where}: {flag} {got[flag]}, label {want[flag]}")
        for key in ("nccl_version", "nccl_tests_version"):
            if key in want and got["header"].get(key) != want[key]:
                problems.append(f"{where}: {key} {got['header'].get(key)}, label {want[key]}")
    return problems


def test_corpus_has_its_labels():
    assert len(LABELS) >= 10
    for path in LABELS:
        label = _label(path)
        assert (CORPUS / label["file"]).is_file(), label["file"]
        assert label["source_url"] and label["found_via"] and label["runs"]


@pytest.mark.parametrize("label_path", LABELS, ids=[p.stem[:2] for p in LABELS])
def test_corpus_document_parses_as_labelled(label_path):
    problems = mismatches(_label(label_path))
    assert not problems, "\n".join(problems)


def corpus_score() -> tuple[int, int]:
    """(documents read right, documents): the figure for before/after comparisons."""
    results = [not mismatches(_label(p)) for p in LABELS]
    return sum(results), len(results)


if __name__ == "__main__":  # python -m tests.sources.parsers.test_nccl_corpus: the corpus figure
    for p in LABELS:
        probs = mismatches(_label(p))
        print(f"{'ok  ' if not probs else 'FAIL'} {p.stem}" + "".join(f"\n       {x}" for x in probs[:6]))
    right, total = corpus_score()
    print(f"{right} of {total} corpus documents read as labelled")
