"""The MLPerf parser on the labelled corpus of real system descriptions (tests/corpus/mlperf/).

Every expected value is in `labels.csv`, written by reading each JSON file (never by running the parser):
the compute fabric (none for a single node), what the compute NICs are, NIC cards a node, a card's
bandwidth, ports a card, the per-node scale-out bandwidth and which NICs are left out and why.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import mlperf

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "mlperf"
LABELS = list(csv.DictReader((CORPUS / "labels.csv").open(encoding="utf-8")))


def _num(text: str):
    return float(text) if text else None


def test_the_corpus_is_what_the_issue_asks_for():
    assert len(LABELS) >= 10 and len({r["file"] for r in LABELS}) == len(LABELS)
    for r in LABELS:
        assert (CORPUS / "files" / r["file"]).is_file(), r["file"]
        assert r["file"].split("/")[1] in (CORPUS / "README.md").read_text(encoding="utf-8")
    # the hard cases named in issue 21, each present
    fabrics = {r["fabric"] for r in LABELS}
    assert {"none", "roce", "ethernet", "infiniband", "slingshot", ""} <= fabrics
    assert any(r["ports_per_nic"] == "4" for r in LABELS)  # a ConnectX-8 split into 4x200G
    assert any(r["ports_per_nic"] == "2" for r in LABELS)  # two-port cards


@pytest.mark.parametrize("label", LABELS, ids=[r["file"] for r in LABELS])
def test_labelled_system(label):
    r = mlperf.describe(
        Document.from_path(CORPUS / "files" / label["file"], source_id="mlperf_training"), file=label["file"]
    )
    assert "error" not in r
    assert r["nodes"] == int(label["nodes"])
    got = (
        r["fabric"],
        r["nic_fabric"],
        r["compute_nics_per_node"],
        r["nic_gbps"],
        r["ports_per_nic"],
        r["scaleout_gbps_per_node"],
    )
    want = (
        label["fabric"] or None,
        label["nic_fabric"] or None,
        int(label["compute_nics_per_node"]) if label["compute_nics_per_node"] else None,
        _num(label["nic_gbps"]),
        int(label["ports_per_nic"]) if label["ports_per_nic"] else None,
        _num(label["scaleout_gbps_per_node"]),
    )
    assert got == want, label["reason"]
    # the NICs left out, each with its role; a system whose compute set is told has a basis for its fabric
    roles = {e.rsplit(": ", 1)[1].split(" ")[0] for e in r["excluded_nics"]}
    assert roles == set(filter(None, label["excluded"].split(";")))
    if r["fabric"] is not None:
        assert r["fabric_basis"]
    if label["fabric"] == "none":
        assert r["fabric_basis"].startswith("single node")


def test_no_management_link_is_stored_as_a_fabric():
    """Over the labelled systems: a fabric is never read from a <= 10 Gb/s card, and a single node is none."""
    for label in LABELS:
        r = mlperf.describe(Document.from_path(CORPUS / "files" / label["file"], source_id="mlperf_training"))
        assert r["nic_gbps"] is None or r["nic_gbps"] > 10, label["file"]
        if r["nodes"] == 1:
            assert r["fabric"] == "none" and r["scaleout_gbps_per_node"] is None


def test_an_implausible_count_is_refused_with_a_warning():
    rel = "v6.0/AMD/systems/8xMI325X_EPYC_9575F_pytorch.json"
    text = (CORPUS / "files" / rel).read_text(encoding="utf-8")
    assert "26 x Broadcom Inc. and subsidiaries" in text and '"accelerators_per_node": "8"' in text
    r = mlperf.describe(Document.from_path(CORPUS / "files" / rel))
    assert r["compute_nics_per_node"] is None
    assert any("implausible" in w and "26" in w for w in r["warnings"])
