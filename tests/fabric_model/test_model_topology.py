"""Fat-tree sizing against the classic formulas and the H100 Freakonomics spreadsheet's switch counts."""

import numpy as np
import pytest

from fabric_model import Scenario, evaluate, load_catalog
from fabric_model.topology import max_endpoints_gpus, size_fabric


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.mark.parametrize(
    "radix, tiers, expected",
    [
        (64, 1, 64),
        (64, 2, 2048),
        (64, 3, 65536),  # k, k^2/2, k^3/4 (QM9700 at 400G)
        (144, 2, 10368),  # Quantum-X800 at 800G
        (128, 2, 8192),  # 51.2T Ethernet at 400G (SN5600 128x400G)
    ],
)
def test_non_blocking_maximum_endpoints(radix, tiers, expected):
    assert max_endpoints_gpus(radix, 1.0, tiers, 1) == expected


def test_oversubscription_raises_two_tier_reach():
    # 2:1 at the leaf: 42 of 64 ports down (floor(64*2/3)), so 64 leaves x 42 hosts
    assert max_endpoints_gpus(64, 2.0, 2, 1) == 64 * 42


# H100 Freakonomics spreadsheet (Aug 2024): GPUs -> switches with 64-port 400G switches in
# per-rail planes (8 rails); also the switch $ column at $36k per switch.
@pytest.mark.parametrize(
    "gpus, switches, tiers",
    [
        (512, 8, 1),
        (1024, 48, 2),
        (2048, 96, 2),
        (4096, 192, 2),
        (8192, 384, 2),
        (16384, 768, 2),
        (32768, 2560, 3),
        (65536, 5120, 3),
        (131072, 10240, 3),
    ],
)
def test_switch_counts_match_freakonomics_spreadsheet(catalog, gpus, switches, tiers):
    result = evaluate(Scenario(gpus=gpus, fabric="ib", switch="quantum-2", nic_gbps=400, design="rail-only"), catalog)
    assert result.switches_total == switches
    assert result.tiers == tiers


def test_switch_capex_matches_spreadsheet_rows(catalog):
    assert evaluate(Scenario(gpus=2048, design="rail-only"), catalog).capex_switches_usd == 3_456_000
    assert evaluate(Scenario(gpus=32768, design="rail-only"), catalog).capex_switches_usd == pytest.approx(
        92.2e6, rel=1e-3
    )


def test_single_plane_three_tier_counts_are_5n_over_k():
    topo = size_fabric(65536, 1, 64, 1.0)
    assert int(topo["tiers"]) == 3
    assert (int(topo["switches_leaf"]), int(topo["switches_spine"]), int(topo["switches_core"])) == (2048, 2048, 1024)
    assert int(topo["links_leaf_spine"]) == int(topo["links_spine_core"]) == 65536


def test_two_tier_counts_are_3n_over_k():
    topo = size_fabric(2048, 1, 64, 1.0)
    assert (int(topo["switches_leaf"]), int(topo["switches_spine"])) == (64, 32)
    assert int(topo["links_host_leaf"]) == int(topo["links_leaf_spine"]) == 2048


def test_oversubscribed_leaf_has_fewer_uplinks():
    topo = size_fabric(2048, 1, 64, 3.0)  # 3:1 -> 48 down, 16 up
    assert int(topo["leaf_down_ports"]) == 48 and int(topo["leaf_up_ports"]) == 16
    assert int(topo["switches_leaf"]) == 43  # ceil(2048 / 48)
    assert int(topo["links_leaf_spine"]) == 683  # ceil(2048 / 3)
    assert int(topo["switches_spine"]) == 11


def test_beyond_three_tiers_is_marked_infeasible():
    topo = size_fabric(np.array([65536, 65537]), 1, 64, 1.0)
    assert topo["tiers"].tolist() == [3, 0]
    assert topo["switches_total"][1] == 0
