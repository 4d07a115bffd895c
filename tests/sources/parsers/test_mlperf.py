"""The MLPerf Training system-description parser on real recorded files.

Every expected value below was read by hand from the file named in the row (sources/snapshots/mlperf_training/,
copied unchanged from mlcommons/training_results_vX.Y); the comment says what makes the file worth testing.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import mlperf
from sources.parsers.mlperf.nics import FABRICS, read_network
from sources.records import ParseError
from sources.fetch.snapshots import RecordedSnapshots

ROOT = Path(__file__).resolve().parents[3]
SNAP = ROOT / "sources" / "snapshots" / "mlperf_training"
FIX = ROOT / "tests" / "fixtures" / "mlperf"

# file: (nodes, accelerators/node, fabric, nic_gbps, compute NICs/node, nic_model)
CASES = {
    # mixed roles, "Storage+Management" label, NIC speed from "400Gb/s"; the largest system of v4.0
    "v4.0/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json": (1452, 8, "infiniband", 400, 8, "ConnectX-7"),
    # Storage, Management and Compute NICs in one string: only the 8 compute NICs count
    "v2.0/NVIDIA/systems/dgxa100_n160_ngc22.04_pytorch.json": (160, 8, "infiniband", 200, 8, "ConnectX-6"),
    # "Compute: 4 x ... [ConnectX-6] HDR 200 Gb/Sec +  MT4119 [ConnectX-5] Ethernet 100 Gb/Sec": the label
    # covers the HDR NICs, not the Ethernet card after the "+"; one node: no scale-out fabric (fabric none)
    "v2.0/HPE/systems/HPE-ProLiant-XL675D-Gen10-Plus_A100-SXM4-80GB_pytorch.json": (1, 8, "none", 200, 4, "ConnectX-6"),
    # typo'd keys ("sumitter", "number of nodes"), a `nodes` list, CPU-only (0 accelerators), "100Gb OPA"
    "v0.6/Intel/systems/clx-8260l-2s-x32.json": (32, 0, "omni-path", 100, 1, None),
    # not strict JSON (trailing comma), "divison"; "100Gbps" names no fabric
    "v0.7/Alibaba/systems/n126_pai_eflops.json": (126, 8, None, 100, None, None),
    # the v0.6 log-line form: Python-literal dicts inside `entry`; "InfiniBand 100 Gb/sec (4X EDR)", 4 ConnectX-4
    "v0.6/NVIDIA/systems/dgx1_n130_ngc19.05_mxnet.json": (130, 8, "infiniband", 100, 4, "ConnectX-4"),
    # TPU pod, host networking "": the chips scale over ICI
    "v4.0/Google/systems/cloud-tpu-v5p-1024-maxtext.json": (128, 4, "tpu-ici", None, None, None),
    # TPU with "TODO" in every networking field
    "v1.0/Google/systems/tpu-v4-1024-JAX.json": (128, 4, "tpu-ici", None, None, None),
    # "ROCE2; Data bandwidth for GPU-PCIe: 504 GB/s; PCIe-NIC: 500 GB/s": RoCE, and 504 GB/s is no NIC speed
    "v4.0/Oracle/systems/16xBM.GPU.H100.8.json": (16, 8, "roce", None, None, None),
    # 8 Slingshot NICs and 8 InfiniBand/Ethernet NICs in host_networking_topology, no roles: not decidable
    "v5.1/HPE/systems/HPE-Cray-XD670-H200-SXM5-141GB_n8_25.09.json": (8, 8, None, None, None, None),
    # host_networking empty, but accelerator_host_interconnect says "Infiniband NDR" (a NIC named in another field)
    "v4.0/smc/systems/64xSMC-H100-SXM-80GB.json": (64, 8, "infiniband", 400, None, None),
    # number_of_nodes as a float (1.0), empty networking
    "v2.0/MosaicML/systems/8xA100_80GB-baseline.json": (1, 8, "none", None, None, None),
    # "Infiniband" with "4 100Gbe" (a unit typo): the submitter's word wins over the unit
    "v3.0/Supermicro/systems/SYS-820GH-TNR2.json": (1, 8, "none", 100, 4, None),
    # "8x BlueField-3 B3140 400GbE, 1x ConnectX-7 400Gb/s NDR IB": one NIC per GPU is the compute set
    "v4.0/Supermicro/systems/SYS-421GE-TNHR2-LCC-8.json": (8, 8, "ethernet", 400, 8, "BlueField-3"),
    # Compute label without a fabric word; the topology says "Ethernet Fabric"
    "v5.1/Cisco/systems/hpf_n16.json": (16, 8, "ethernet", 400, 8, "BlueField-3, ConnectX-7"),
    # number_of_nodes as int, "Ethernet(RoCEv2)", card count "8"
    "v5.1/MangoBoost/systems/MI325X-LLMBoost-GPUBoost-1node.json": (1, 8, "none", None, 8, None),
    # "Gig Ethernet" plus card count "1 X 100G"
    "v4.0/JuniperNetworks/systems/h100_n4_ngc24.1_pytorch_deepspeed.json": (4, 8, "ethernet", 100, 1, None),
    # ConnectX-8 "XDR800/2x400GbE" (InfiniBand or Ethernet) and "Ethernet, Infiniband": mode not stated
    "v5.1/Supermicro/systems/ARS-121GL-NB3.json": (18, 4, None, 800, 4, "ConnectX-8"),
    # "2x Mellanox ConnectX-5 Ex 100Gb/s Ethernet" (Gaudi2 hosts)
    "v3.0/Intel-HabanaLabs/systems/HLS-Gaudi2-N32-PT.json": (32, 8, "ethernet", 100, 2, "ConnectX-5 Ex"),
    # 10 InfiniBand NICs for 8 GPUs, roles not labelled: counted as written, with a warning
    "v5.1/Krai/systems/PowerEdge-XE9680-MI300X-192GB_n1_v5.0.json": (1, 8, "none", 400, 10, None),
    # Omni-Path by name (Cornelis)
    "v3.0/Dell/systems/8xR750xax4A100-PCIE-80GB-1opa.json": None,
}


def _doc(rel: str, url: str | None = None) -> Document:
    return Document.from_path(SNAP / rel, source_id="mlperf_training", url=url)


@pytest.mark.parametrize("rel", [k for k, v in CASES.items() if v is not None])
def test_real_files_read_as_a_careful_human_would(rel):
    nodes, apn, fabric, gbps, nics, model = CASES[rel]
    r = mlperf.describe(_doc(rel), file=rel)
    assert "error" not in r
    assert r["round"] == rel.split("/")[0]
    assert (
        r["nodes"],
        r["accelerators_per_node"],
        r["fabric"],
        r["nic_gbps"],
        r["compute_nics_per_node"],
        r["nic_model"],
    ) == (nodes, apn, fabric, gbps, nics, model)
    assert r["accelerators_total"] == nodes * apn
    if fabric is None or gbps is None or nics is None:
        assert r["warnings"], "an unknown stays null with a warning"
    if nodes == 1:  # a single node keeps what its compute NICs are, read by hand from the file
        assert r["nic_fabric"] == NIC_FABRIC_OF_SINGLE_NODES[rel]


NIC_FABRIC_OF_SINGLE_NODES = {
    "v2.0/HPE/systems/HPE-ProLiant-XL675D-Gen10-Plus_A100-SXM4-80GB_pytorch.json": "infiniband",  # HDR 200 Gb/Sec
    "v2.0/MosaicML/systems/8xA100_80GB-baseline.json": None,  # nothing stated
    "v3.0/Supermicro/systems/SYS-820GH-TNR2.json": "infiniband",  # "Infiniband"
    "v5.1/MangoBoost/systems/MI325X-LLMBoost-GPUBoost-1node.json": "roce",  # "Ethernet(RoCEv2)"
    "v5.1/Krai/systems/PowerEdge-XE9680-MI300X-192GB_n1_v5.0.json": "infiniband",  # "10x 400Gb Infiniband"
}


def test_omni_path_card_named_by_its_maker():
    rel = "v3.0/Dell/systems/8xR750xax4A100-PCIE-80GB-1opa.json"
    text = (SNAP / rel).read_text()
    assert "Omni-Path" in text  # the file says "Cornelis Networks Omni-Path HFI Adapter 100 Series"
    r = mlperf.describe(_doc(rel), file=rel)
    assert (r["fabric"], r["nic_gbps"], r["nic_model"]) == ("omni-path", 100, "Omni-Path HFI 100 Series")


def test_other_fields_as_written():
    r = mlperf.describe(_doc("v4.0/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json"))
    assert r["submitter"] == "NVIDIA" and r["division"] == "closed" and r["accelerator"] == "NVIDIA H100-SXM5-80GB"
    assert r["accelerators_total"] == 11616
    assert r["scaleup_interconnect"].startswith("NVLINK")
    assert r["nccl_version"]
    legacy = mlperf.describe(_doc("v0.6/Intel/systems/clx-8260l-2s-x32.json"))
    assert legacy["submitter"] == "Intel_Corp"  # from the misspelt key "sumitter"
    assert any("sumitter" in w for w in legacy["warnings"])
    fujitsu = mlperf.describe(_doc("v0.6/Fujitsu/systems/abci_2048xV100_mxnet.json"))
    # no submitter key at all: the repository folder names it; 512 nodes x 4 V100 (the `nodes` list)
    assert (fujitsu["submitter"], fujitsu["nodes"], fujitsu["accelerators_per_node"]) == ("Fujitsu", 512, 4)
    assert fujitsu["nccl_version"] == "2.4.2"  # from the `libraries` string
    slingshot = mlperf.describe(_doc("v5.1/HPE/systems/HPE-Cray-XD670-H200-SXM5-141GB_n8_25.09.json"))
    assert any("Slingshot" in w for w in slingshot["warnings"])


def test_every_recorded_file_reads_without_error_and_fabric_in_vocabulary():
    entries = RecordedSnapshots().manifest("mlperf_training")["entries"]
    assert len(entries) == 1021
    rounds = set()
    for e in entries:
        r = mlperf.describe(_doc(e["file"], url=e["url"]))
        assert "error" not in r, (e["file"], r.get("error"))
        assert r["fabric"] in FABRICS + (None,)
        rounds.add(r["round"])
    assert rounds == {"v0.6", "v0.7", "v1.0", "v1.1", "v2.0", "v2.1", "v3.0", "v4.0", "v4.1", "v5.1", "v6.0"}


@pytest.mark.parametrize(
    "path, expected",
    [
        ("/srv/x/training_results_v4.0/NVIDIA/systems/a.json", "v4.0"),
        ("reference/mlperf_training/v0.6/Google/systems/tpu.json", "v0.6"),
        (
            "https://raw.githubusercontent.com/mlcommons/training_results_v5.1/441d65f4445cd59687466533fd9f55399136e7a4/HPE/systems/x.json",
            "v5.1",
        ),
        ("systems/a.json", None),
        ("v4/NVIDIA/systems/a.json", None),  # not vX.Y
        ("training_results_v4.0/archive/v3.1/systems/a.json", "v3.1"),  # the nearest segment wins
    ],
)
def test_round_from_path(path, expected):
    assert mlperf.round_from_path(path) == expected


def test_round_hint_and_missing_round(tmp_path):
    copy = tmp_path / "eos.json"
    copy.write_bytes((SNAP / "v4.0/NVIDIA/systems/eos_n8_ngc24.04_nemo.json").read_bytes())
    assert mlperf.describe(Document.from_path(copy), file=str(copy), round_hint="v4.0")["round"] == "v4.0"
    r = mlperf.describe(Document.from_path(copy), file=str(copy))
    assert r["round"] is None and any("round" in w for w in r["warnings"])


@pytest.mark.parametrize(
    "name, body",
    [
        ("truncated.json", b'{"submitter": "X", "number_of_nodes": "2", '),
        ("empty.json", b""),
        ("list.json", b"[1, 2]"),
        ("html.json", b"<html><body>404</body></html>"),
    ],
)
def test_malformed_files_give_an_error_record(tmp_path, name, body):
    (tmp_path / "v4.0").mkdir()
    path = tmp_path / "v4.0" / name
    path.write_bytes(body)
    r = mlperf.describe(Document.from_path(path), file=str(path))
    assert r["error"] and r["file"] == str(path) and r["round"] == "v4.0"
    assert r["fabric"] is None and r["nodes"] is None
    with pytest.raises(ParseError):
        mlperf.parse(Document.from_path(path, url=path.resolve().as_uri()))


def test_counts_as_strings_ints_floats_or_words():
    body = {
        "submitter": "t",
        "system_name": "s",
        "number_of_nodes": " 16 ",
        "accelerators_per_node": "eight",
        "accelerator_model_name": "X",
        "host_networking": "",
    }
    r = mlperf.describe(Document("t", "v1.0/t/systems/s.json", json.dumps(body).encode()))
    assert r["nodes"] == 16 and r["accelerators_per_node"] is None and r["accelerators_total"] is None
    assert any("'eight' is not a count" in w for w in r["warnings"])


def test_efa_and_slingshot_words():
    # written for tests (no recorded round has an AWS EFA system): the vocabulary, not a real file
    efa = read_network(
        {"host_networking": "Compute: 32x AWS EFA 100Gb/s, Management: 1x ENA 25Gb/s Ethernet"}, 8, "H100"
    )
    assert (efa.fabric, efa.nic_gbps, efa.compute_nics_per_node) == ("efa", 100, 32)
    ss = read_network({"host_networking": "Compute: 4x HPE Slingshot 200Gb/s Ethernet NIC"}, 4, "MI250X")
    assert (ss.fabric, ss.nic_gbps, ss.nic_model) == ("slingshot", 200, None)


def test_parse_gives_the_warehouse_row_with_provenance():
    entry = next(
        e
        for e in RecordedSnapshots().manifest("mlperf_training")["entries"]
        if e["file"] == "v4.0/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json"
    )
    doc = Document(
        "mlperf_training",
        entry["url"],
        (SNAP / entry["file"]).read_bytes(),
        published_on=dt.date.fromisoformat(entry["published_on"]),
    )
    (row,) = mlperf.parse(doc).tables["mlperf_systems"]
    assert row["system_id"] == "v4.0/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json"
    assert row["commit"] == "6fe954378efe4a1a1bd665550b18ff8f26018def"  # COMMITS.txt of the reference copy
    assert row["url"] == (
        "https://github.com/mlcommons/training_results_v4.0/blob/"
        "6fe954378efe4a1a1bd665550b18ff8f26018def/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json"
    )
    assert row["published_on"] == dt.date(2024, 6, 1) and row["date_basis"] == "published"
    assert row["fabric"] == "infiniband" and row["accelerators_total"] == 11616


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "fabricwatch.cli", "parse", "mlperf", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_cli_json_one_record_per_file(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json")
    files = [str(SNAP / "v4.0/Oracle/systems/16xBM.GPU.H100.8.json"), str(bad)]
    p = _cli(*files, "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert isinstance(out, list) and [r["file"] for r in out] == files
    assert set(mlperf.CONTRACT_FIELDS) <= set(out[0])
    assert (out[0]["round"], out[0]["fabric"], out[0]["submitter"]) == ("v4.0", "roce", "Oracle")
    assert out[1]["error"] and out[1]["round"] is None
    hinted = json.loads(_cli(str(bad), "--round", "v2.1", "--json").stdout)
    assert hinted[0]["round"] == "v2.1"


# The fabrics the command-line JSON contract names (issue text): a single node is null there, not "none".
CONTRACT_FABRICS = (None, "infiniband", "roce", "ethernet", "slingshot", "efa", "omni-path", "tpu-ici", "other")


def test_cli_json_single_node_has_null_fabric_and_says_why():
    # MosaicML's 8xA100 baseline is one node ("number_of_nodes": 1.0); Oracle's is 16 nodes of RoCE NICs.
    single = "v2.0/MosaicML/systems/8xA100_80GB-baseline.json"
    several = "v4.0/Oracle/systems/16xBM.GPU.H100.8.json"
    p = _cli(str(SNAP / single), str(SNAP / several), "--json")
    assert p.returncode == 0, p.stderr
    one, many = json.loads(p.stdout)
    assert all(r["fabric"] in CONTRACT_FABRICS for r in (one, many))
    assert (one["nodes"], one["fabric"], one["scale_out"]) == (1, None, False)
    assert one["fabric_basis"].startswith("single node: no scale-out fabric")
    assert (many["nodes"], many["fabric"], many["scale_out"]) == (16, "roce", True)
    # the warehouse row keeps the single node's fabric as "none"
    assert mlperf.parse(_doc(single)).tables["mlperf_systems"][0]["fabric"] == "none"
    summary = _cli(str(SNAP / single)).stdout
    assert "fabric none (single node)" in summary


def test_cli_bad_arguments_exit_2(tmp_path):
    p = _cli(str(tmp_path / "missing.json"), "--json")
    assert p.returncode == 2 and "no such file" in p.stderr and "Traceback" not in p.stderr
    ok = SNAP / "v4.0/Oracle/systems/16xBM.GPU.H100.8.json"
    p = _cli(str(ok), "--round", "4.0", "--json")
    assert p.returncode == 2 and "--round" in p.stderr
