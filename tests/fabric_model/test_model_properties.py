"""Properties that must hold for any scenario (hypothesis)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from fabric_model import ModelError, Scenario, evaluate, load_catalog
from fabric_model.topology import size_fabric

CATALOG = load_catalog()
RADIX = st.sampled_from([16, 32, 36, 48, 64, 128, 144, 256, 512])
OVERSUB = st.sampled_from([0.5, 1.0, 1.5, 2.0, 3.0, 7.0])


@settings(max_examples=300, deadline=None)
@given(gpus=st.integers(1, 2_000_000), planes=st.sampled_from([1, 4, 8, 72]), radix=RADIX, r=OVERSUB)
def test_switches_never_below_port_lower_bound(gpus, planes, radix, r):
    topo = size_fabric(gpus, planes, radix, r)
    if int(topo["tiers"]) == 0:
        return
    # every host link takes one switch port, every switch-to-switch link two
    ports_needed = topo["links_host_leaf"] + 2 * (topo["links_leaf_spine"] + topo["links_spine_core"])
    assert float(topo["switches_total"]) * radix >= float(ports_needed)
    assert float(topo["switches_total"]) >= np.ceil(gpus / radix)
    assert float(topo["max_endpoints"]) >= gpus


@settings(max_examples=300, deadline=None)
@given(
    gpus=st.integers(1, 1_000_000), extra=st.integers(1, 50_000), planes=st.sampled_from([1, 8]), radix=RADIX, r=OVERSUB
)
def test_switch_and_link_counts_are_monotone_in_gpus(gpus, extra, planes, radix, r):
    small, large = size_fabric(gpus, planes, radix, r), size_fabric(gpus + extra, planes, radix, r)
    if int(large["tiers"]) == 0:
        return
    assert int(large["tiers"]) >= int(small["tiers"])
    for key in ("switches_total", "links_host_leaf", "links_leaf_spine", "links_spine_core"):
        assert float(large[key]) >= float(small[key]), key


SCENARIOS = st.builds(
    Scenario,
    gpus=st.integers(1, 140_000),
    gpus_per_node=st.sampled_from([1, 4, 8]),
    nic_gbps=st.sampled_from([400, 800, 1600]),
    fabric=st.sampled_from(["ib", "roce-ecmp", "spectrum-x", "uec"]),
    oversubscription=st.sampled_from([1.0, 2.0, 3.0]),
    host_links=st.sampled_from(["optical", "copper"]),
    design=st.sampled_from(["fat-tree", "rail-only"]),
    algorithm=st.sampled_from(["ring", "tree", "in-network"]),
    message_bytes=st.floats(1.0, 2.0**36),
)


@settings(max_examples=200, deadline=None)
@given(scenario=SCENARIOS)
def test_capex_power_positive_additive_and_busbw_within_link_bound(scenario):
    try:
        r = evaluate(scenario, CATALOG)
    except ModelError:
        return
    parts_usd = [r.capex_switches_usd, r.capex_nics_usd, r.capex_optics_usd, r.capex_cables_usd]
    parts_w = [r.power_switches_w, r.power_nics_w, r.power_optics_w, r.power_cables_w]
    assert all(p >= 0 for p in parts_usd + parts_w)
    assert r.capex_network_usd > 0 and r.power_network_w > 0
    assert np.isclose(r.capex_network_usd, sum(parts_usd), rtol=1e-12)
    assert np.isclose(r.power_network_w, sum(parts_w), rtol=1e-12)
    assert 0 < r.network_share_of_cluster_capex < 1
    assert r.allreduce_busbw_GBps <= r.allreduce_link_bound_GBps * (1 + 1e-9)
    assert 0 < r.fabric_efficiency <= 1
    assert r.step_time_s >= r.scenario.compute_s_per_step


@settings(max_examples=100, deadline=None)
@given(gpus=st.integers(2, 100_000), fabric=st.sampled_from(["ib", "roce-ecmp", "spectrum-x", "uec"]))
def test_more_gpus_never_cheaper_network(gpus, fabric):
    try:
        small = evaluate(Scenario(gpus=gpus, fabric=fabric, switch=None), CATALOG)
        large = evaluate(Scenario(gpus=gpus + 8, fabric=fabric, switch=small.scenario.switch), CATALOG)
    except ModelError:
        return
    assert large.capex_network_usd >= small.capex_network_usd
    assert large.switches_total >= small.switches_total
