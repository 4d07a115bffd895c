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
    argv = [
        "model",
        "--gpus",
        "4096",
        "--switch",
        "tomahawk-6",
        "--fabric",
        "uec",
        "--nic-gbps",
        "800",
        "--gpus-per-node",
        "8",
        "--oversubscription",
        "2",
        "--host-links",
        "copper",
        "--algorithm",
        "tree",
        "--message-bytes",
        "268435456",
        "--json",
    ]
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


@pytest.mark.parametrize(
    "argv, message",
    [
        (["model", "--gpus", "0"], "GPUs must be positive"),
        (["model", "--gpus", "-5"], "GPUs must be positive"),
        (["model", "--gpus", "1000000", "--switch", "quantum-2"], "cannot reach 1,000,000 GPUs in three tiers"),
        (["model", "--gpus", "64", "--switch", "nope"], "unknown switch 'nope'"),
        (["model", "--gpus", "64", "--fabric", "roce-ecmp", "--algorithm", "in-network"], "no in-network reduction"),
    ],
)
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
    for text in (
        "--gpus",
        "without --switch: ib",
        "default: 400",
        "default: 8",
        f"default: {DEFAULT_ALGORITHM}",
        "default: optical",
        "--planes",
        "--rail-only",
    ):
        assert text in out


LLAMA3 = """
gpus = 24576
nic_gbps = 400
fabric = "roce-ecmp"
flows_per_nic = 16
[leaf]
switch = "minipack2"
gpus_per_leaf = 16
[spine]
switch = "arista-7808r3"
oversubscription = 7
pod_gpus = 3072
"""


def test_design_file_builds_the_published_design_and_options_override_it(capsys, tmp_path):
    path = tmp_path / "llama3.toml"
    path.write_text(LLAMA3, encoding="utf-8")
    assert main(["model", "--design", str(path), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    # Llama 3 paper 3.3.1: 16 GPUs per rack ToR, 192 racks per pod of 3,072 GPUs, 8 pods, 1:7 between pods
    assert d["tiers"] == 3 and d["switches"]["leaf"] == 1536 and d["design"]["pods"] == 8
    assert d["design"]["pod_gpus"] == 3072 and d["design"]["bisection_share"] == pytest.approx(1 / 7)
    assert "minipack2 16 GPUs x 400G" in d["design"]["description"]
    assert main(["model", "--design", str(path), "--flows-per-nic", "1", "--json"]) == 0
    one_flow = json.loads(capsys.readouterr().out)
    assert one_flow["routing_efficiency"] < d["routing_efficiency"]


def test_per_tier_options(capsys):
    # Alibaba HPN pod: 2 x 200G per NIC over two planes, 128 GPUs per ToR, 60 x 400G up (SimAI: 240 ToR, 120 agg)
    argv = [
        "model",
        "--gpus",
        "15360",
        "--fabric",
        "roce-ecmp",
        "--switch",
        "tomahawk-5",
        "--planes",
        "2",
        "--gpus-per-leaf",
        "128",
        "--uplink-gbps",
        "400",
        "--oversubscription",
        str(128 * 200 / (60 * 400)),
        "--json",
    ]
    assert main(argv) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["switches"]["leaf"], d["switches"]["spine"]) == (240, 120)
    assert d["design"]["leaf_uplinks"] == 60 and d["design"]["uplink_gbps"] == 400
    # rails with planes: 8 rails, each rail's 800G NIC split over 2 planes of 400G
    assert (
        main(
            [
                "model",
                "--gpus",
                "8192",
                "--nic-gbps",
                "800",
                "--fabric",
                "spectrum-x",
                "--rail-only",
                "--planes",
                "2",
                "--json",
            ]
        )
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    assert d["planes"] == 16 and d["design"]["link_gbps"] == 400


@pytest.mark.parametrize(
    "argv, message",
    [
        (["model"], "--gpus is required"),
        (["model", "--gpus", "64", "--flows-per-nic", "16"], "flows per NIC apply to ECMP"),
        (
            ["model", "--gpus", "64", "--flows-per-nic", "0", "--fabric", "roce-ecmp"],
            "flows per nic must be at least 1",
        ),
        (["model", "--gpus", "64", "--spine-oversubscription", "0.5"], "spine oversubscription must be at least 1"),
        (["model", "--gpus", "4096", "--gpus-per-leaf", "48", "--pod-gpus", "1000"], "not a whole number of leaves"),
        (["model", "--gpus", "4096", "--gpus-per-leaf", "60"], "exceeds quantum-2"),
        (["model", "--gpus", "64", "--rails", "4"], "--rails needs --rail-only"),
        (["model", "--design", "/no/such/design.toml"], "not found"),
    ],
)
def test_bad_design_input_exits_2_with_one_error_line(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and "error:" in err


@pytest.mark.parametrize(
    "text, message",
    [
        ("gpus = 64\n[leaf]\nswitchh = 'quantum-2'\n", "unknown key leaf.switchh"),
        ("gpus = 'many'\n", "gpus must be a whole number"),
        ("gpus = 64\ncolour = 'blue'\n", "unknown key 'colour'"),
        ("gpus = [\n", "not valid TOML"),
    ],
)
def test_bad_design_file_exits_2(capsys, tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["model", "--design", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_dual_tor_in_a_design_file_is_two_planes(capsys, tmp_path):
    path = tmp_path / "hpn.toml"
    path.write_text(
        'gpus = 15360\nfabric = "roce-ecmp"\ndual_tor = true\n[leaf]\nswitch = "tomahawk-5"\n'
        "gpus_per_leaf = 128\nuplink_gbps = 400\noversubscription = 1.0666666666666667\n",
        encoding="utf-8",
    )
    assert main(["model", "--design", str(path), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["planes"] == 2 and d["design"]["link_gbps"] == 200
    assert (d["switches"]["leaf"], d["switches"]["spine"]) == (240, 120)  # SimAI AlibabaHPN template: 240 ASW, 120 PSW


def test_scheduled_fabric_design_file_sizes_jericho3_leaves_over_ramon3(capsys):
    from fabric_model.catalog import DATA_DIR

    path = DATA_DIR / "designs" / "jericho3-ai-32k.toml"
    assert main(["model", "--design", str(path), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    # hand-computed from the catalog's chip figures: 18 x 800G host ports and 144 x 100G fabric lanes per
    # Jericho3-AI, 512 x 100G lanes per Ramon3: ceil(32,000 / 18) = 1,778 leaves; 32,000 x 800 / 100 =
    # 256,000 fabric links; 512 x 18 = 9,216 GPUs in two stages, so a second Ramon3 stage: 7 groups of 256
    # leaves with 144 first-stage elements each (the 7th: 242 leaves need ceil(242 x 144 / 256) = 137,
    # spread evenly: 144) = 1,008, and 256,000 / 512 = 500 second-stage elements
    assert (d["tiers"], d["switches"]["leaf"], d["switches"]["spine"], d["switches"]["core"]) == (3, 1778, 1008, 500)
    assert d["links"]["leaf_spine"] == 256000 and d["max_endpoints"] == 32768  # TechInsights: 32,768 x 800G
    assert d["design"]["spine_switch"] == "ramon3" and d["design"]["uplink_gbps"] == 100
    assert d["design"]["flows_per_nic"] is None
    # cables: a fabric link is a 100G lane and 4 lanes to one fabric element are one 400G connection (Meta
    # FBOSS: "40 fabric switches, each reachable over 4 consecutive fabric ports"; fabrics.csv): 32,000
    # host cables + 256,000 / 4 leaf-to-first-stage + 256,000 / 4 first-to-second-stage = 160,000 (one per
    # lane counted 544,000)
    assert d["cables"]["total"] == 32000 + 64000 + 64000
    # modules are unchanged: 32,000 NIC ends, 32,000 leaf host cages, and a 2 x 400G OSFP (8 lanes) at both
    # ends of every 8 fabric lanes
    assert d["transceivers"]["total"] == 32000 + 32000 + 2 * (256000 // 8 + 256000 // 8)


def test_scheduled_fabric_counts_one_cable_per_four_lanes_in_two_stages():
    import fabric_model as fm

    result = fm.evaluate(fm.Scenario(gpus=4096, fabric="scheduled", nic_gbps=800), fm.load_catalog())
    # hand-computed: 4,096 x 800G non-blocking = 4,096 x 800 / 100 = 32,768 fabric lanes in one stage of
    # Ramon3 (9,216 GPUs fit: 2 tiers); cables: 4,096 host + 32,768 / 4 = 8,192 fabric = 12,288
    assert (result.tiers, result.links_leaf_spine, result.links_spine_core) == (2, 32768, 0)
    assert result.fiber_cables == 4096 + 8192 and result.cables_total == 12288


def test_scheduled_fabric_beyond_its_published_maximum_exits_2(capsys):
    assert main(["model", "--gpus", "40000", "--nic-gbps", "800", "--fabric", "scheduled"]) == 2
    err = capsys.readouterr().err
    assert "32,768 ports" in err and "Traceback" not in err
