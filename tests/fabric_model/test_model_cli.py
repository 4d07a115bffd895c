"""`fabricwatch model`: JSON contract, readable report, exit code 2 on bad input."""

import json

import pytest

from fabric_model.scenario import DEFAULT_ALGORITHM

from fabricwatch.cli import main


def test_json_output(capsys):
    assert main(["model", "--gpus", "2048", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["switches"] == {"leaf": 64, "spine": 32, "core": 0, "total": 96}
    assert d["transceivers"]["by_type"] == {"osfp-400g-nic": 2048, "osfp-800g-switch": 3072}
    assert d["capex_usd"]["switches"] == 3456000
    # the default asks NCCL's own choice, and the result names what it chose (DGX H100 + InfiniBand at 2,048
    # GPUs: NVLink SHARP is available, so a 1 GiB AllReduce does not run as a plain ring)
    assert d["allreduce"]["requested_algorithm"] == "auto"
    assert d["allreduce"]["algorithm"] in ("nvls", "nvlstree", "tree", "collnet-direct", "collnet-chain")
    assert d["allreduce"]["busbw_GBps"] > 0
    assert all(a["source"] for a in d["assumptions"])


def test_all_options(capsys):
    argv = ["model", "--gpus", "4096", "--switch", "tomahawk-6", "--fabric", "uec", "--nic-gbps", "800",
            "--gpus-per-node", "8", "--oversubscription", "2", "--host-links", "copper", "--algorithm", "tree",
            "--message-bytes", "268435456", "--json"]
    assert main(argv) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["scenario"]["switch"] == "tomahawk-6" and d["scenario"]["oversubscription"] == 2
    assert d["cables"]["by_type"]["dac-splitter"] == 2048  # 4096 host links, 2 per 1.6T cage
    assert d["oversubscription_factor"] < 1
    assert d["allreduce"]["message_bytes"] == 268435456


def test_readable_report_with_comparison(capsys):
    assert main(["model", "--gpus", "16384", "--compare"]) == 0
    out = capsys.readouterr().out
    # NVIDIA DGX SuperPOD B200 reference architecture, 64 SU / 16,384 GPUs: 512 leaf, 512 spine, 256 core QM9700
    assert "Design: fat-tree, 3 tier(s), 1 plane(s) of 400G links" in out
    assert "switches  leaf 512  spine 512  core 256  total 1,280" in out
    assert "Fabric comparison (same cluster" in out
    assert "cheapest per effective GPU:" in out
    assert "spectrum-x" in out


@pytest.mark.parametrize("argv, message", [
    (["model", "--gpus", "0"], "GPUs must be positive"),
    (["model", "--gpus", "-5"], "GPUs must be positive"),
    (["model", "--gpus", "1000000", "--switch", "quantum-2"], "cannot reach 1,000,000 GPUs in three tiers"),
    (["model", "--gpus", "64", "--switch", "nope"], "unknown switch 'nope'"),
    (["model", "--gpus", "64", "--fabric", "roce-ecmp", "--algorithm", "in-network"], "no in-network reduction"),
])
def test_bad_input_exits_2_with_message(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err


def test_unknown_fabric_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["model", "--gpus", "64", "--fabric", "omni"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_help_documents_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["model", "--help"])
    out = capsys.readouterr().out
    for text in ("--gpus", "without --switch: ib", "default: 400", "default: 8", f"default: {DEFAULT_ALGORITHM}",
                 "default: optical", "--planes", "--rail-only"):
        assert text in out
