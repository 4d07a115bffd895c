"""ECMP collision model and the alpha-beta AllReduce against the cited closed forms."""

import numpy as np
import pytest

from fabric_model import Scenario, evaluate, load_catalog
from fabric_model.collectives import (IN_NETWORK, RING, TREE, ZERO_LATENCY, allgather_ring, allreduce,
                                      ecmp_delivered_share, network_share)


@pytest.mark.parametrize("paths, expected", [(8, 0.656), (16, 0.644), (64, 0.635)])
def test_ecmp_one_flow_per_path_matches_balls_into_bins(paths, expected):
    # costmodel-sources B5: F = P flows -> 1 - (1 - 1/P)^F busy links
    assert ecmp_delivered_share(paths, paths, 1) == pytest.approx(expected, abs=5e-4)
    assert ecmp_delivered_share(paths, paths, 1) == pytest.approx(1 - (1 - 1 / paths) ** paths)


def test_more_flows_per_nic_approach_line_rate():
    shares = [float(ecmp_delivered_share(32, 32, q)) for q in (1, 2, 4, 16)]
    assert shares == sorted(shares)
    assert shares[-1] > 0.9


def test_ecmp_single_uplink_is_a_plain_bottleneck():
    assert float(ecmp_delivered_share(4, 1, 1)) == pytest.approx(0.25)


def test_one_tier_has_no_routing_loss_and_oversubscription_factor():
    routing, factor = network_share(np.array([1, 2]), 42.0, 22.0, np.nan, 1)
    assert routing[0] == 1.0 and factor[0] == 1.0
    assert factor[1] == pytest.approx(22 / 42)
    assert routing[1] < 1.0


def test_ring_busbw_matches_simai_h100_closed_form():
    # SimAI calbusbw: multi-node ring busbw = min(NVLink 370.8, 8 x 48.5 = 388) = 370.8 GB/s
    _, busbw = allreduce(RING, 16, 8, 2**34, 370.8, 388.0, ZERO_LATENCY, 0.0)
    assert float(busbw) == pytest.approx(370.8)


def test_ideal_allreduce_time_is_2_n_minus_1_over_n():
    # nccl-tests PERFORMANCE.md: t = (S/B) * 2(n-1)/n when the NIC bandwidth bounds (one GPU per node)
    time_s, busbw = allreduce(RING, 4, 1, 1e9, np.inf, 50.0, ZERO_LATENCY, 0.0)
    assert float(time_s) == pytest.approx(1e9 / 50e9 * 2 * 3 / 4)
    assert float(busbw) == pytest.approx(50.0)


def test_ring_latency_counts_intra_and_inter_node_steps():
    lat = dict(ZERO_LATENCY, base_ring=8.4, nvlink=3.4, net_ring=9.6)
    time_s, _ = allreduce(RING, 16, 8, 1.0, np.inf, np.inf, lat, 0.0)
    # NCCL tuning.cc: base + (2(n-1) - 2(nodes-1)) * intra + 2(nodes-1) * inter
    assert float(time_s) == pytest.approx((8.4 + 28 * 3.4 + 2 * 9.6) * 1e-6)


def test_tree_busbw_uses_simai_two_node_factor():
    _, busbw = allreduce(TREE, 16, 8, 2**34, 1000.0, 100.0, ZERO_LATENCY, 0.0)
    assert float(busbw) == pytest.approx(min(100.0 * 2, 1000 * 8 / 7) * 15 / 16)


def test_in_network_reduction_doubles_network_bound_busbw():
    _, ring = allreduce(RING, 1024, 8, 2**34, 1000.0, 100.0, ZERO_LATENCY, 0.0)
    _, inc = allreduce(IN_NETWORK, 1024, 8, 2**34, 1000.0, 100.0, ZERO_LATENCY, 0.0)
    assert float(inc) / float(ring) == pytest.approx(2 * 1023 / 1024)


def test_single_gpu_has_no_collective():
    time_s, busbw = allreduce(RING, 1, 1, 1e9, np.inf, 50.0, ZERO_LATENCY, 0.0)
    assert float(time_s) == 0.0 and float(busbw) == 0.0


def test_allgather_busbw_factor():
    time_s, busbw = allgather_ring(2, 1, 1e9, np.inf, 25.0, ZERO_LATENCY, 0.0)
    assert float(time_s) == pytest.approx(0.5 * 1e9 / 25e9)
    assert float(busbw) == pytest.approx(25.0)


def test_fabric_efficiency_ordering_for_the_same_cluster():
    catalog = load_catalog()
    eff = {f: evaluate(Scenario(gpus=8192, fabric=f, switch="spectrum-4" if f in ("spectrum-x", "roce-ecmp") else None),
                       catalog).fabric_efficiency for f in ("ib", "roce-ecmp", "spectrum-x", "uec")}
    assert eff["roce-ecmp"] < 0.7 < eff["spectrum-x"] == eff["uec"] == eff["ib"]
    assert eff["ib"] == pytest.approx(0.97 * 0.95)


def test_in_network_beats_ring_on_ib():
    catalog = load_catalog()
    ring = evaluate(Scenario(gpus=4096, algorithm="ring"), catalog)
    inc = evaluate(Scenario(gpus=4096, algorithm="in-network"), catalog)
    tree = evaluate(Scenario(gpus=4096, algorithm="tree"), catalog)
    assert inc.allreduce_busbw_GBps > tree.allreduce_busbw_GBps > ring.allreduce_busbw_GBps
