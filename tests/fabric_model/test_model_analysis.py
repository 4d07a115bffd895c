"""Assumptions list, tornado sensitivity, fabric comparison."""

import pytest

from fabric_model import Scenario, assumptions, compare_fabrics, load_catalog, sensitivity


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_every_assumption_names_its_source(catalog):
    items = assumptions(catalog)
    assert len(items) > 80
    for item in items:
        assert set(item) == {"name", "value", "unit", "source", "url", "date", "kind"}
        assert item["source"], item["name"]
    names = {i["name"] for i in items}
    assert {
        "switch.tomahawk-6.price_usd",
        "nic.connectx-7.protocol_efficiency",
        "fabric.roce-ecmp.ecmp_flows_per_nic",
        "constant.nccl_hw_lat_net_ring_us",
        "method.ecmp_collision_model",
    } <= names


def test_scenario_assumptions_cover_only_what_it_uses(catalog):
    items = assumptions(catalog, Scenario(gpus=1024, fabric="uec"))
    names = {i["name"] for i in items}
    assert "switch.tomahawk-5.price_usd" in names
    assert not any(n.startswith("switch.quantum-2") for n in names)
    workload = [i for i in items if i["name"].startswith("workload.")]
    assert workload and all(i["kind"] == "illustrative" for i in workload)


def test_sensitivity_tornado(catalog):
    frame = sensitivity(Scenario(gpus=16384, fabric="roce-ecmp", compute_s_per_step=0.2), catalog, delta=0.2)
    assert frame["max_swing_share"].is_monotonic_decreasing
    rows = frame.set_index("assumption")
    switch = rows.loc["switch price (tomahawk-5)"]
    # ranges.csv: the ledger relation at 60 % (Yobitel) and the LuxOptX reseller top ($250k)
    assert switch["low_value"] == pytest.approx(43200) and switch["high_value"] == pytest.approx(250000)
    assert switch["capex_network_per_gpu_usd_high"] > switch["capex_network_per_gpu_usd_low"]
    assert switch["step_time_s_swing_share"] == 0
    compute = rows.loc["compute time per step"]
    assert compute["step_time_s_swing_share"] > 0.1
    assert rows.loc["NIC protocol efficiency (connectx-7)", "high_value"] == 1.0  # clamped


def test_compare_fabrics_answers_whether_the_pricier_fabric_pays(catalog):
    frame = compare_fabrics(Scenario(gpus=16384, compute_s_per_step=0.2), catalog).set_index("fabric")
    assert list(frame.index) == ["ib", "roce-ecmp", "spectrum-x", "uec", "scheduled"]
    assert frame.loc["roce-ecmp", "cost_per_effective_gpu_change_share"] == 0
    assert frame.loc["spectrum-x", "gpu_utilization"] > frame.loc["roce-ecmp", "gpu_utilization"]
    assert frame.loc["spectrum-x", "switch"] == "spectrum-4"
    assert bool(frame.loc["spectrum-x", "pays_for_itself"])
    both = frame.loc["spectrum-x"]
    expected = (1 + both["capex_cluster_change_share"]) / (1 + both["throughput_gain_share"]) - 1
    assert both["cost_per_effective_gpu_change_share"] == pytest.approx(expected)


def test_compare_fabrics_falls_back_from_in_network(catalog):
    frame = compare_fabrics(Scenario(gpus=2048, algorithm="in-network"), catalog).set_index("fabric")
    assert frame.loc["ib", "algorithm"] == "in-network"
    assert frame.loc["uec", "algorithm"] == "ring"


def test_compare_fabrics_reports_infeasible(catalog):
    frame = compare_fabrics(Scenario(gpus=1024, nic_gbps=1600), catalog).set_index("fabric")
    assert not frame.loc["ib", "feasible"] and "1600G" in frame.loc["ib", "error"]
    assert frame.loc["uec", "feasible"]
