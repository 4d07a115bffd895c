"""One scenario: the JSON contract, bad input, purity of the package."""

import json
import subprocess
import sys

import pytest

from fabric_model import ModelError, Scenario, assumptions, evaluate, load_catalog, result_to_dict


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_contract_keys(catalog):
    result = evaluate(Scenario(gpus=4096), catalog)
    d = result_to_dict(result, assumptions(catalog, result.scenario))
    assert {
        "tiers",
        "max_endpoints",
        "switches",
        "links",
        "transceivers",
        "nics",
        "capex_usd",
        "network_share_of_cluster_capex",
        "power_w",
        "fabric_efficiency",
        "effective_GBps_per_gpu",
        "allreduce",
        "assumptions",
    } <= set(d)
    assert set(d["switches"]) == {"leaf", "spine", "core", "total"}
    assert set(d["links"]) == {"host_leaf", "leaf_spine", "spine_core"}
    assert {"total", "per_gpu", "by_type"} <= set(d["transceivers"])
    assert {"switches", "nics", "optics", "cables", "total", "per_gpu"} <= set(d["capex_usd"])
    assert {"switches", "optics", "nics", "total"} <= set(d["power_w"])
    assert {"algorithm", "message_bytes", "time_s", "busbw_GBps"} <= set(d["allreduce"])
    assert all(a["source"] for a in d["assumptions"])
    json.dumps(d)  # serializable
    # NVIDIA DGX SuperPOD B200 RA, 16 SU / 4,096 GPUs: 128 leaf + 128 spine + 64 core (3 tiers)
    assert d["switches"]["total"] == 320 and d["tiers"] == 3 and d["max_endpoints"] == 65536
    assert d["design"]["name"] == "fat-tree" and d["design"]["planes"] == 1


def test_effective_bandwidth_and_cost_per_tbps(catalog):
    r = evaluate(Scenario(gpus=4096), catalog)
    assert r.effective_GBps_per_gpu == pytest.approx(50 * 0.97 * 0.95)
    assert r.capex_network_per_effective_tbps_usd == pytest.approx(
        r.capex_network_usd / (4096 * r.effective_GBps_per_gpu * 8 / 1000)
    )


def test_step_time_and_utilization(catalog):
    r = evaluate(Scenario(gpus=16384, fabric="roce-ecmp", compute_s_per_step=0.2, overlap_share=0.5), catalog)
    assert r.exposed_comm_s == pytest.approx(r.comm_time_s - 0.1)
    assert r.step_time_s == pytest.approx(0.2 + r.exposed_comm_s)
    assert r.gpu_utilization == pytest.approx(0.2 / r.step_time_s)
    hidden = evaluate(Scenario(gpus=16384, compute_s_per_step=100.0), catalog)
    assert hidden.gpu_utilization == 1.0


@pytest.mark.parametrize(
    "scenario, message",
    [
        (Scenario(gpus=0), "GPUs must be positive"),
        (Scenario(gpus=-8), "GPUs must be positive"),
        (Scenario(gpus=1_000_000, switch="quantum-2"), "cannot reach 1,000,000 GPUs in three tiers"),
        (Scenario(gpus=8, switch="nope"), "unknown switch 'nope'"),
        (Scenario(gpus=8, fabric="omni"), "unknown fabric"),
        (Scenario(gpus=8, fabric="roce-ecmp", algorithm="in-network"), "no in-network reduction"),
        (Scenario(gpus=8, fabric="ib", nic_gbps=1600), "no switch in the catalog runs 'ib' with 1600G"),
        (Scenario(gpus=8, fabric="ib", switch="spectrum-4"), "does not run fabric 'ib'"),
        (Scenario(gpus=8, switch="quantum-2", nic_gbps=800), "has no 800G ports"),
        (Scenario(gpus=8, nic="connectx-8"), "runs at 800G, not 400G"),
        (Scenario(gpus=8, system="dgx-a100-8"), "no price"),
        (Scenario(gpus=8, overlap_share=1.5), "overlap"),
    ],
)
def test_bad_input_raises_model_error(catalog, scenario, message):
    with pytest.raises(ModelError, match=message):
        evaluate(scenario, catalog)


def test_nvl72_domain_uses_gb200_system(catalog):
    r = evaluate(Scenario(gpus=72 * 16, gpus_per_node=72, nic_gbps=800, algorithm="ring"), catalog)
    assert r.scenario.system == "gb200-nvl72"
    assert r.scenario.switch == "quantum-x800"
    assert r.allreduce_link_bound_GBps == pytest.approx(900.0)


def test_package_imports_no_dagster_duckdb_streamlit():
    code = "import sys, fabric_model; bad = {'dagster', 'duckdb', 'streamlit'} & set(sys.modules); print(sorted(bad))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "fabric, gbps, nic",
    [
        ("ib", 400, "connectx-7"),
        ("ib", 800, "connectx-8"),
        ("spectrum-x", 400, "bluefield-3-supernic"),
        ("spectrum-x", 800, "connectx-8"),
        ("uec", 400, "pollara-400"),
        ("uec", 800, "thor-ultra"),
        ("roce-ecmp", 400, "connectx-7"),
        ("uec", 1600, "connectx-9"),
    ],
)
def test_fabric_picks_its_preferred_nic(catalog, fabric, gbps, nic):
    assert evaluate(Scenario(gpus=1024, fabric=fabric, nic_gbps=gbps), catalog).scenario.nic == nic
