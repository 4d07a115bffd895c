"""NCCL's algorithm choice and time (collectives.py) against cases where NCCL's behaviour is known,
and the ECMP collision model against its closed form."""

import numpy as np
import pytest

from fabric_model import ALGORITHMS, Scenario, evaluate, load_catalog
from fabric_model.collectives import (
    AUTO,
    NCCL_ALGORITHMS,
    PROTOCOLS,
    RING,
    collective,
    ecmp_delivered_share,
    network_share,
    nvlink_GBps,
    nccl_gpu,
    tuning,
)

H100 = dict(nvls=True, arch=90, raw_nvlink_GBps=450.0)
H100_NVLINK = 20.6 * 18  # NCCL topo.h SM90_NVLINK_BW x 18 NVLink 4 links


def choice(coll, n, g, size, nvl, net, algorithm=AUTO, **kw):
    out = collective(coll, algorithm, n, g, size, nvl, net, **kw)
    return NCCL_ALGORITHMS[int(out["algorithm"])], PROTOCOLS[int(out["protocol"])], out


@pytest.mark.parametrize("paths, expected", [(8, 0.656), (16, 0.644), (64, 0.635)])
def test_ecmp_one_flow_per_path_matches_balls_into_bins(paths, expected):
    # costmodel-sources B5: F = P flows -> 1 - (1 - 1/P)^F busy links
    assert ecmp_delivered_share(paths, paths, 1) == pytest.approx(expected, abs=5e-4)
    assert ecmp_delivered_share(paths, paths, 1) == pytest.approx(1 - (1 - 1 / paths) ** paths)


def test_more_flows_per_nic_approach_line_rate():
    shares = [float(ecmp_delivered_share(32, 32, q)) for q in (1, 2, 4, 16)]
    assert shares == sorted(shares)
    assert shares[-1] > 0.9


def test_one_tier_has_no_routing_loss_and_oversubscription_factor():
    routing, factor = network_share(np.array([1, 2]), 42.0, 22.0, np.nan, 1)
    assert routing[0] == 1.0 and factor[0] == 1.0
    assert factor[1] == pytest.approx(22 / 42)
    assert routing[1] < 1.0


def test_nvlink_bandwidth_is_nccls_per_link_figure():
    # NCCL src/graph/topo.h: SM90_NVLINK_BW 20.6, SM100_NVLINK_BW 40.1, SM80_NVLINK_BW 20.0 GB/s per link
    assert nvlink_GBps(nccl_gpu("NVIDIA H100 80GB HBM3")) == pytest.approx(370.8)
    assert nvlink_GBps(nccl_gpu("NVIDIA B200")) == pytest.approx(721.8)
    assert nvlink_GBps(nccl_gpu("NVIDIA A100-SXM4-40GB")) == pytest.approx(240.0)
    assert nccl_gpu("NVIDIA H20")["gpu_match"] == "H20" and nccl_gpu("Mystery GPU") is None


def test_tuning_constants_are_nccls():
    t = tuning()
    # tuning.cc baseLat Ring {6.6, 14.0, 8.4}; hwLat NET Ring Simple 14; NVLink Ring Simple 3.4; NVLS NVLink 25
    assert [t.get("base_lat", "ring", p) for p in PROTOCOLS] == [6.6, 14.0, 8.4]
    assert t.get("hw_lat_net", "ring", "simple") == 14.0
    assert t.get("hw_lat_nvlink", "ring", "simple") == 3.4
    assert t.get("hw_lat_nvlink", "nvls", "simple") == 25.0
    assert t.get("pat_bw_factor", "pat", "simple") == 0.75


def test_small_messages_pick_ll():
    # NCCL docs (NCCL_PROTO): LL is the low-latency protocol NCCL uses for small messages
    algo, proto, _ = choice("all_reduce", 8, 8, 1024, H100_NVLINK, 0.0, **H100)
    assert proto == "ll"
    algo, proto, _ = choice("all_reduce", 16, 8, 4096, H100_NVLINK, 388.0, **H100)
    assert proto == "ll"


def test_single_nvswitch_node_picks_nvls_for_large_messages():
    # Azure AI-benchmarking-guide ND H100 v5: 'NCCL AllReduce (NVLS algorithm)' on one 8-GPU VM, 478.87 GB/s at 8 GB
    algo, proto, out = choice("all_reduce", 8, 8, 2**33, H100_NVLINK, 0.0, **H100)
    assert (algo, proto) == ("nvls", "simple")
    assert float(out["busbw_GBps"]) == pytest.approx(478.87, rel=0.05)


def test_a100_has_no_nvls_and_rings():
    # NVLS (NVLink SHARP) needs third-generation NVSwitch (Hopper); Azure ND A100 v4 reached 231.58 GB/s at 8 GB
    algo, proto, out = choice("all_reduce", 8, 8, 2**33, 240.0, 0.0, nvls=False, arch=80)
    assert (algo, proto) == ("ring", "simple")
    assert float(out["busbw_GBps"]) == pytest.approx(231.58, rel=0.05)


def test_ring_without_latency_is_the_link_bound():
    # nccl-tests PERFORMANCE.md: ring busbw equals the slowest link: min(NVLink, the node's NICs)
    _, _, out = choice("all_reduce", 16, 8, 2**34, 370.8, 300.0, algorithm=RING, latency=False, **H100)
    assert float(out["busbw_GBps"]) == pytest.approx(300.0)
    _, _, out = choice("all_gather", 2, 1, 1e9, 0.0, 25.0, algorithm=RING, latency=False, nvls=False)
    assert float(out["busbw_GBps"]) == pytest.approx(25.0)


def test_four_h200_nodes_on_efa_ring_by_default():
    # ML Engineering (Stas Bekman), p5en 4 x 8 H200 (16 x 200G EFA): default algorithm Ring, 364.87 GB/s at 4 GiB;
    # NCCL_ALGO=allreduce:nvlstree 15% slower (310.07)
    net = 16 * 200 / 8 * 0.97
    algo, _, out = choice("all_reduce", 32, 8, 2**32, H100_NVLINK, net, **H100)
    assert algo == "ring"
    assert float(out["busbw_GBps"]) == pytest.approx(364.87, rel=0.05)
    _, _, forced = choice(
        "all_reduce", 32, 8, 2**32, H100_NVLINK, net, algorithm=NCCL_ALGORITHMS.index("nvls-tree"), **H100
    )
    assert float(forced["busbw_GBps"]) == pytest.approx(310.07, rel=0.05)


def test_h20_nvlstree_latency_matches_the_recorded_log():
    # NVIDIA/nccl#1244 (2 x 8 H20, NDR, NCCL_ALGO=NVLSTree): 4 B all_reduce took 47.54 us out-of-place
    algo, proto, out = choice(
        "all_reduce", 16, 8, 4, H100_NVLINK, 8 * 50 * 0.97, algorithm=NCCL_ALGORITHMS.index("nvls-tree"), **H100
    )
    assert (algo, proto) == ("nvls-tree", "simple")
    assert float(out["time_s"]) * 1e6 == pytest.approx(47.54, rel=0.15)


def test_pat_for_allgather_at_one_gpu_per_node():
    # NCCL 2.23 release notes: PAT (Parallel Aggregated Trees) for AllGather/ReduceScatter at one GPU per node
    algo, _, _ = choice("all_gather", 64, 1, 2**20, 0.0, 50.0 * 0.97, nvls=False)
    assert algo == "pat"
    algo, _, _ = choice("all_gather", 64, 8, 2**20, H100_NVLINK, 388.0, **H100)
    assert algo != "pat"


def test_explicit_algorithm_the_hardware_lacks_falls_back_to_nccls_choice():
    algo, _, _ = choice(
        "all_reduce", 8, 8, 2**33, 240.0, 0.0, algorithm=NCCL_ALGORITHMS.index("nvls"), nvls=False, arch=80
    )
    assert algo == "ring"


def test_algorithm_names_have_one_home():
    assert ALGORITHMS[0] == "auto"
    assert set(NCCL_ALGORITHMS) <= set(ALGORITHMS) and "in-network" in ALGORITHMS
    assert Scenario(gpus=64).algorithm == "auto"


def test_default_is_nccls_choice_and_beats_ring_at_scale():
    # issue #11: at 16,384 GPUs a forced ring is latency-bound (~15 GB/s) where NCCL runs tree/NVLS/CollNet
    catalog = load_catalog()
    auto = evaluate(Scenario(gpus=16384), catalog)
    ring = evaluate(Scenario(gpus=16384, algorithm="ring"), catalog)
    assert ring.allreduce_algorithm == "ring"
    assert auto.allreduce_algorithm in ("tree", "nvls", "nvls-tree", "collnet-direct", "collnet-chain")
    assert auto.allreduce_busbw_GBps > 10 * ring.allreduce_busbw_GBps
    assert auto.allreduce_protocol in PROTOCOLS


def test_fabric_efficiency_ordering_for_the_same_cluster():
    catalog = load_catalog()
    eff = {
        f: evaluate(
            Scenario(gpus=8192, fabric=f, switch="spectrum-4" if f in ("spectrum-x", "roce-ecmp") else None), catalog
        ).fabric_efficiency
        for f in ("ib", "roce-ecmp", "spectrum-x", "uec")
    }
    assert eff["roce-ecmp"] < 0.7 < eff["spectrum-x"] == eff["uec"] == eff["ib"]
    assert eff["ib"] == pytest.approx(0.97 * 0.95)
