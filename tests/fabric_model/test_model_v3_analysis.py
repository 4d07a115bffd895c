"""The page's questions asked of the model: ranking (vectorized), the decomposition that explains the
winner, and the workload's flip conditions, checked against the one-scenario path (evaluate)."""

import pytest

import fabric_model as fm
from fabric_model.analysis import RANKING_METRIC
from fabric_model.workload import LLAMA3_405B

CATALOG = fm.load_catalog()


def test_vectorized_ranking_equals_compare_fabrics_on_the_changed_catalog():
    base = fm.Scenario(gpus=8192)
    ranking = fm.ranking_sensitivity(base, CATALOG)
    row = ranking[(ranking["assumption"] == "switch price (quantum-2)") & (ranking["end"] == "high")].iloc[0]
    changed = CATALOG.with_value("switches", "quantum-2", "price_usd", row["value"])
    slow = fm.compare_fabrics(base, changed).set_index("fabric")
    for fabric in slow.index[slow["feasible"]]:
        assert row[f"{RANKING_METRIC}:{fabric}"] == pytest.approx(slow.loc[fabric, RANKING_METRIC], rel=1e-12)
    assert row["winner"] == slow[slow["feasible"]][RANKING_METRIC].idxmin()


def test_decomposition_adds_up_and_explains_the_cost_per_effective_gpu():
    base = fm.Scenario(gpus=32768, **LLAMA3_405B.scenario_fields(32768))
    frame = fm.decomposition(base, CATALOG)
    for rec in frame.to_dict("records"):
        parts = sum(
            rec[k]
            for k in (
                "servers_per_gpu_usd",
                "switches_per_gpu_usd",
                "nics_per_gpu_usd",
                "optics_per_gpu_usd",
                "cables_per_gpu_usd",
            )
        )
        assert parts == pytest.approx(rec["cluster_per_gpu_usd"])
        assert rec["compute_s"] + rec["exposed_comm_s"] == pytest.approx(rec["step_time_s"])
        assert rec["cluster_per_gpu_usd"] / rec["gpu_utilization"] == pytest.approx(rec[RANKING_METRIC])
    assert frame[RANKING_METRIC].is_monotonic_increasing and frame["vs_winner_share"].iloc[0] == 0


def test_workload_flips_base_row_is_the_comparison_and_bigger_gradients_favour_the_faster_fabric():
    base = fm.Scenario(gpus=32768, **LLAMA3_405B.scenario_fields(32768))
    flips = fm.workload_flips(base, CATALOG)
    compare = fm.compare_fabrics(base, CATALOG)
    ok = compare[compare["feasible"]].set_index("fabric")
    first = flips.iloc[0]
    assert first["workload"] == "base" and first["winner"] == ok[RANKING_METRIC].idxmin()
    # with no overlap, every second of communication is exposed: plain ECMP (0.64 of the line) cannot win
    no_overlap = flips[(flips["workload"] == "overlap_share") & (flips["factor"] == 0.0)].iloc[0]
    assert no_overlap["winner"] != "roce-ecmp"
    assert no_overlap["exposed_comm_s:roce-ecmp"] > no_overlap["exposed_comm_s:ib"]


def test_llama3_405b_workload_follows_the_paper_table_4():
    # Llama 3 paper Table 4: 16,384 GPUs, TP 8, PP 16, DP 128, 16M tokens per batch, 400 TFLOPs per GPU
    fields = LLAMA3_405B.scenario_fields(16384)
    assert fields["params"] == pytest.approx(405e9 / 16)  # one pipeline stage per 8-GPU node
    assert fields["compute_s_per_step"] == pytest.approx(6 * 405e9 * 8192 * 16 * 128 / (16384 * 400e12))
    assert fields["overlap_share"] == pytest.approx(1 / 16)  # 16 micro-batches per DP rank
    assert fields["bytes_per_grad_element"] == 3.0  # FP32 reduce-scatter + BF16 all-gather
    # at twice the GPUs the global batch stays: half the compute per GPU, half the micro-batches
    assert LLAMA3_405B.scenario_fields(32768)["compute_s_per_step"] == pytest.approx(fields["compute_s_per_step"] / 2)


def test_vectorized_tornado_equals_evaluate_on_the_changed_catalog_and_workload():
    base = fm.Scenario(gpus=4096)
    frame = fm.sensitivity(base, CATALOG).set_index("assumption")
    row = frame.loc["switch price (quantum-2)"]
    slow = fm.evaluate(base, CATALOG.with_value("switches", "quantum-2", "price_usd", row["high_value"]))
    assert row["capex_network_per_gpu_usd_high"] == pytest.approx(slow.capex_network_per_gpu_usd, rel=1e-12)
    row = frame.loc["parameters (gradient size)"]
    slow = fm.evaluate(base.replace(params=row["low_value"]), CATALOG)
    assert row["step_time_s_low"] == pytest.approx(slow.step_time_s, rel=1e-12)


def test_in_network_reduction_against_published_sharp_figures():
    """Published SHARP figures, NCCL names. CollNet (InfiniBand SHARP) on DGX A100 with 8 HDR NICs: the NCCL
    maintainer (NVIDIA/nccl#320, 2023-01-03): 'with 8 NICs we're limited to ~110GB/s AlgBw or ~220 GB/s
    BusBw' (NVLink-bound; 'rule of thumb ~20 GB/s per NIC' for the ring: 8 x 20 = 160 GB/s). NVLS on 8 H100
    (NVIDIA/nccl#1442, 2025-01-06): 'for the Allreduce operation ... we can get a 30% improvement using NVLink
    SHARP' over the 370 GB/s ring."""
    from fabric_model.collectives import COLLNET_DIRECT, IN_NETWORK, NVLS, RING, collective

    a100 = dict(nvls=False, collnet=True, arch=80, raw_nvlink_GBps=300.0)
    collnet = collective("all_reduce", COLLNET_DIRECT, 16, 8, 8 * 2**30, 240.0, 8 * 23.5, **a100)
    ring = collective("all_reduce", RING, 16, 8, 8 * 2**30, 240.0, 8 * 23.5, **a100)
    # Known gap, kept visible: the model puts CollNet's NVLink limit at the tree's g/(g-1) share, the maintainer
    # at ~2x the data intra-node; the model is 17 % above his ~220 GB/s (within 25 %).
    assert float(collnet["busbw_GBps"]) == pytest.approx(220, rel=0.25)
    assert float(collnet["busbw_GBps"]) / float(ring["busbw_GBps"]) == pytest.approx(220 / 160, rel=0.1)
    h100 = dict(nvls=True, collnet=False, arch=90, raw_nvlink_GBps=450.0)
    nvls = collective("all_reduce", NVLS, 8, 8, 8 * 2**30, 370.8, 0.0, **h100)
    ring = collective("all_reduce", RING, 8, 8, 8 * 2**30, 370.8, 0.0, **h100)
    assert float(nvls["busbw_GBps"]) / float(ring["busbw_GBps"]) == pytest.approx(1.30, abs=0.05)
    # the algorithm names are NCCL's, each with what it needs
    assert {v["nccl"] for v in IN_NETWORK.values()} == {"CollNetDirect", "CollNetChain", "NVLS", "NVLSTree"}
    assert "SHARP" in IN_NETWORK["in-network"]["requires"] and "NVLink SHARP" in IN_NETWORK["nvls"]["requires"]
