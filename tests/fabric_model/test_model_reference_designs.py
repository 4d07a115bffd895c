"""The default design against published reference architectures and vendor claims (not the model's
own output): switch counts, reach, and the sourced price relation between InfiniBand and Ethernet."""

import csv
from pathlib import Path

import pytest

from fabric_model import Scenario, evaluate, load_catalog
from fabricwatch.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


# NVIDIA DGX SuperPOD reference architecture, DGX B200 (QM9700 NDR 400G compute fabric), "Larger DGX
# SuperPOD component counts": https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200/latest/dgx-superpod-architecture.html
@pytest.mark.parametrize(
    "sus, gpus, leaf, spine, core",
    [
        (2, 512, 16, 8, 0),
        (4, 1024, 32, 16, 0),
        (8, 2048, 64, 32, 0),
        (16, 4096, 128, 128, 64),
        (32, 8192, 256, 256, 128),
        (64, 16384, 512, 512, 256),
    ],
)
def test_default_fat_tree_reproduces_dgx_superpod_b200_switch_counts(catalog, sus, gpus, leaf, spine, core):
    r = evaluate(Scenario(gpus=gpus), catalog)  # the defaults: ib, 400G, fat tree, QM9700
    assert r.scenario.switch == "quantum-2" and r.design == "fat-tree" and r.planes == 1
    assert (r.switches_leaf, r.switches_spine, r.switches_core) == (leaf, spine, core)
    assert r.links_host_leaf == r.links_leaf_spine == gpus  # the RA's node-leaf and leaf-spine cable counts
    assert r.links_spine_core == (gpus if core else 0)


# NVIDIA DGX SuperPOD B300 with Spectrum-X (twin-planar: each GPU 2 x 400GbE of a ConnectX-8 through two
# planes), Table 3: https://docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300/latest/dgx-superpod-architecture.html
@pytest.mark.parametrize(
    "gpus, leaf, spine", [(512, 16, 8), (1024, 32, 16), (2048, 64, 32), (4096, 128, 64), (8192, 256, 128)]
)
def test_twin_planar_spectrum_x_reproduces_dgx_superpod_b300_counts(catalog, gpus, leaf, spine):
    r = evaluate(Scenario(gpus=gpus, nic_gbps=800, fabric="spectrum-x", design="multi-plane", planes=2), catalog)
    assert (r.switches_leaf, r.switches_spine, r.switches_core) == (leaf, spine, 0)
    assert r.link_gbps == 400 and r.scenario.switch == "spectrum-4"


# NVIDIA DGX SuperPOD B300 XDR (Quantum-X800 Q3400, 144 x 800G), Table 3:
# https://docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300-xdr/latest/dgx-superpod-architecture.html
# 1 SU (72 nodes) 8 leaf / 4 spine; 4 SU 32 / 18; 8 SU 64 / 36; 18 SU (1,296 nodes, 10,368 node-leaf cables)
# 144 / 72. The 4 and 8 SU rows stripe each leaf's 72 uplinks evenly over a divisor of 72 (the port minimum
# would be 16 and 32): the model's default spine rule (fabric_model.topology.spread_spines).
@pytest.mark.parametrize("gpus, leaf, spine", [(576, 8, 4), (2304, 32, 18), (4608, 64, 36), (10368, 144, 72)])
def test_xdr_fat_tree_reproduces_dgx_superpod_b300_xdr_counts(catalog, gpus, leaf, spine):
    r = evaluate(Scenario(gpus=gpus, nic_gbps=800), catalog)
    assert r.scenario.switch == "quantum-x800"
    assert (r.tiers, r.switches_leaf, r.switches_spine) == (2, leaf, spine)


def _ledger(indicator: str, subject_part: str) -> list[dict]:
    rows = []
    for path in (ROOT / "sources" / "curated").glob("*observations.csv"):
        with path.open(newline="", encoding="utf-8") as handle:
            rows += [r for r in csv.DictReader(handle) if r["indicator"] == indicator and subject_part in r["subject"]]
    return rows


def test_tomahawk_6_two_tier_reproduces_broadcoms_128k_claim(catalog):
    # The Register via techgeekwire (ledger): "up to 128,000 GPUs with just 750 switches in a two-tier
    # architecture"; IBS Electronics: "flat two-tier ... over 128,000 XPUs" (512 x 200G ports).
    # Broadcom counts the fewest spines that have the ports (250 for 500 leaves x 256 uplinks); spreading
    # each leaf's 256 uplinks evenly, as NVIDIA's reference designs do, takes 256 (a divisor of 256).
    claim = _ledger("switch_count", "128K-GPU two-tier")[0]
    r = evaluate(Scenario(gpus=128_000, switch="tomahawk-6", nic_gbps=200, spine_rule="minimum"), catalog)
    assert r.scenario.fabric == "roce-ecmp"  # the switch implies its fabric family
    assert r.tiers == 2 and r.switches_total == int(claim["value"]) == 750
    assert r.max_endpoints > 128_000
    even = evaluate(Scenario(gpus=128_000, switch="tomahawk-6", nic_gbps=200), catalog)
    assert (even.switches_leaf, even.switches_spine) == (500, 256)


@pytest.mark.parametrize(
    "switch, nic_gbps, fabric",
    [
        ("tomahawk-6", 200, "roce-ecmp"),
        ("tomahawk-6", 800, "roce-ecmp"),
        ("quantum-x800", 800, "ib"),
        ("spectrum-4", 200, "spectrum-x"),
        ("spectrum-4", 800, "spectrum-x"),
    ],
)
def test_200g_and_800g_scenarios_build(catalog, switch, nic_gbps, fabric):
    if fabric == "spectrum-x" and nic_gbps == 200:
        r = evaluate(Scenario(gpus=8192, switch=switch, nic_gbps=400, design="multi-plane", planes=2), catalog)
        assert r.link_gbps == 200
    else:
        r = evaluate(Scenario(gpus=8192, switch=switch, nic_gbps=nic_gbps), catalog)
    assert r.scenario.fabric == fabric and r.capex_network_usd > 0 and r.power_network_w > 0


def test_rail_only_reach_is_per_rail(catalog):
    # Freakonomics spreadsheet: per-rail planes of 64-port switches reach 2,048 nodes = 16,384 GPUs in 2 tiers
    r = evaluate(Scenario(gpus=16384, design="rail-only"), catalog)
    assert (r.tiers, r.planes, r.max_endpoints, r.switches_total) == (2, 8, 16384, 768)


def test_switch_prices_respect_the_ledgers_spectrum_x_to_infiniband_relation(catalog):
    """Ledger (Yobitel knowledge base): Spectrum-X at 60-70 % of the InfiniBand bill of materials at a
    32K-GPU scale. The catalog's switch bills for the same fat tree must fall in that band, for the
    400G (Quantum-2 vs Spectrum-4) and the 800G generation (Quantum-X800 vs Spectrum-4)."""
    bounds = sorted(float(r["value"]) for r in _ledger("cost_ratio", "Spectrum-X BOM cost relative to InfiniBand"))
    assert bounds == [0.6, 0.7]
    for nic_gbps, ib_switch in ((400, "quantum-2"), (800, "quantum-x800")):
        ib = evaluate(Scenario(gpus=32768, nic_gbps=nic_gbps, fabric="ib", switch=ib_switch), catalog)
        spx = evaluate(Scenario(gpus=32768, nic_gbps=nic_gbps, fabric="spectrum-x", switch="spectrum-4"), catalog)
        ratio = spx.capex_switches_usd / ib.capex_switches_usd
        assert bounds[0] <= ratio <= bounds[1], (nic_gbps, ratio)


def test_sourced_figures_are_in_the_catalog(catalog):
    assert catalog.switch("quantum-2").price_usd == 36000  # Freakonomics spreadsheet (FS.com), Aug 2024
    assert catalog.optics["osfp-200g-nic"].power_w == 5  # NVIDIA MMS4X00-NS400 in 200G mode: 5 W max
    # no NIC borrows the BlueField-3 DPU's 150 W maximum except the DPU itself
    assert [n.nic_id for n in catalog.nics.values() if n.power_w == 150] == ["bluefield-3"]
    # cables cost something: priced per length class (fiber between rows, DAC in the rack)
    assert catalog.cable("fiber").price_usd > 0 and catalog.cable("copper").price_usd > 0


def test_every_data_row_names_a_source_or_an_assumption():
    for path in sorted((ROOT / "fabric_model" / "data").glob("*.csv")):
        with path.open(newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                texts = [v for k, v in row.items() if k.endswith("source") or k in ("basis", "evidence")]
                assert any(t.strip() for t in texts), (path.name, row)


def test_assumption_shares_show_what_rests_on_guesses(catalog):
    from fabric_model import assumption_shares

    r = evaluate(Scenario(gpus=8192), catalog)
    shares = assumption_shares(r, catalog)
    capex = sum(a["share"] for a in shares if a["drives"] == "capex")
    power = sum(a["share"] for a in shares if a["drives"] == "power")
    assert capex == pytest.approx(1.0) and power == pytest.approx(1.0, abs=1e-9)
    nic_power = next(a for a in shares if a["name"] == "nic.connectx-7.power_w")
    assert nic_power["kind"] == "assumption"
    assert nic_power["share"] == pytest.approx(r.power_nics_w / r.power_network_w)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--gpus", "0"], "GPUs must be positive"),
        (["--gpus", "-8"], "GPUs must be positive"),
        (["--gpus", "100000000"], "beyond the model's range"),
        (["--gpus", "100000", "--switch", "quantum-2"], "cannot reach 100,000 GPUs in three tiers"),
        (["--gpus", "64", "--switch", "no-such-switch"], "unknown switch 'no-such-switch'"),
        (["--gpus", "64", "--nic", "no-such-nic"], "unknown NIC 'no-such-nic'"),
        (["--gpus", "64", "--planes", "2", "--single-plane"], "contradict each other"),
        (["--gpus", "64", "--single-plane", "--rail-only"], "contradict each other"),
        (["--gpus", "64", "--planes", "0"], "at least 1"),
        (["--gpus", "64", "--switch", "tomahawk-6", "--fabric", "ib"], "does not run fabric 'ib'"),
        (["--gpus", "64", "--switch", "quantum-x800", "--nic-gbps", "400"], "no 400G ports"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(capsys, argv, message):
    assert main(["model", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
