"""The model as one vectorized function: resolved catalog figures in, every output column out.

`evaluate` (one scenario) and `sweep` (a grid) both call `compute`, so they agree by construction;
they differ only in how they look the catalog figures up (`inputs_for` vs the sweep's joins).
"""

from __future__ import annotations

import math

import numpy as np

from .bom import capex_and_power, cluster_capex_and_power, count_parts
from .catalog import Catalog
from .collectives import ALGORITHM_CODES, ARCH_CODES, allreduce, nccl_gpu, network_share
from .scenario import Scenario, design_ports, planes_for, tier_switches
from .topology import size_design
from .workload import gradient_bytes, step_time

# Columns `compute` needs, in the order a sweep builds them.
INPUT_COLUMNS = (
    "gpus",
    "gpus_per_node",
    "nic_gbps",
    "oversubscription",
    "host_copper",
    "planes",
    "shared_planes",
    "algorithm_code",
    "message_bytes",
    "params",
    "bytes_per_grad_element",
    "compute_s_per_step",
    "overlap_share",
    "radix",
    "cage_gbps",
    "switch_price_usd",
    "switch_power_w",
    "switch_latency_ns",
    "routing_efficiency",
    "flows_per_nic",
    "nic_price_usd",
    "nic_power_w",
    "nic_efficiency",
    "host_module_price_usd",
    "host_module_power_w",
    "switch_module_price_usd",
    "switch_module_power_w",
    "fiber_price_usd",
    "fiber_power_w",
    "dac_price_usd",
    "dac_power_w",
    "scaleup_GBps",
    "scaleup_efficiency",
    "system_price_usd",
    "system_gpus",
    "nics_included",
    "included_nic_price_usd",
    "system_power_w",
    "nvls_capable",
    "collnet_capable",
    "nccl_arch",
    # design v3: per-tier ports and switches
    "rails",
    "host_gbps",
    "uplink_gbps",
    "leaf_budget_gbps",
    "spine_radix",
    "core_radix",
    "spine_oversubscription",
    "gpus_per_leaf",
    "pod_gpus",
    "even_spines",
    "spine_price_usd",
    "spine_power_w",
    "core_price_usd",
    "core_power_w",
    "max_endpoints_per_plane",
    "fabric_lanes_per_cable",
)


def inputs_for(s: Scenario, catalog: Catalog) -> dict[str, float]:
    """Catalog figures for one resolved scenario (ids filled by `resolve_ids`)."""
    switch, nic, system = catalog.switch(s.switch), catalog.nic(s.nic), catalog.system(s.system)
    _, spine, core = tier_switches(s, catalog)
    ports = design_ports(s, catalog)
    profile = catalog.fabric(s.fabric)
    host, cage = catalog.host_optic(s.nic_gbps), catalog.switch_optic(switch.cage_gbps)
    fiber, dac = catalog.cable("fiber"), catalog.cable("copper")
    return {
        "gpus": s.gpus,
        "gpus_per_node": s.gpus_per_node,
        "nic_gbps": s.nic_gbps,
        "oversubscription": s.oversubscription,
        "host_copper": s.host_links == "copper",
        "planes": planes_for(s),
        "shared_planes": s.shared_planes,
        "algorithm_code": ALGORITHM_CODES[s.algorithm],
        "message_bytes": s.message_bytes,
        "params": s.params,
        "bytes_per_grad_element": s.bytes_per_grad_element,
        "compute_s_per_step": s.compute_s_per_step,
        "overlap_share": s.overlap_share,
        "radix": switch.radix_at(s.link_gbps),
        "cage_gbps": switch.cage_gbps,
        "switch_price_usd": switch.price_usd,
        "switch_power_w": switch.power_w,
        "switch_latency_ns": math.nan if switch.latency_ns is None else switch.latency_ns,
        "routing_efficiency": math.nan if profile.routing_efficiency is None else profile.routing_efficiency,
        "flows_per_nic": s.flows_per_nic or profile.ecmp_flows_per_nic,
        "nic_price_usd": nic.price_usd,
        "nic_power_w": nic.power_w,
        "nic_efficiency": nic.protocol_efficiency,
        "host_module_price_usd": host.price_usd,
        "host_module_power_w": host.power_w,
        "switch_module_price_usd": cage.price_usd,
        "switch_module_power_w": cage.power_w,
        "fiber_price_usd": fiber.price_usd,
        "fiber_power_w": fiber.power_w,
        "dac_price_usd": dac.price_usd,
        "dac_power_w": dac.power_w,
        "scaleup_GBps": system.scaleup_GBps,
        "scaleup_efficiency": system.scaleup_efficiency,
        "system_price_usd": system.price_usd,
        "system_gpus": system.gpus_per_domain,
        "nics_included": system.nics_included,
        "system_power_w": system.power_w,
        "included_nic_price_usd": catalog.nic(system.included_nic).price_usd if system.included_nic else 0.0,
        **_nccl_inputs(system, profile),
        **{
            name: ports[name]
            for name in (
                "rails",
                "host_gbps",
                "uplink_gbps",
                "leaf_budget_gbps",
                "spine_radix",
                "core_radix",
                "spine_oversubscription",
                "gpus_per_leaf",
                "pod_gpus",
            )
        },
        "even_spines": float(ports["even_spines"]),
        "spine_price_usd": spine.price_usd,
        "spine_power_w": spine.power_w,
        "core_price_usd": core.price_usd,
        "core_power_w": core.power_w,
        "max_endpoints_per_plane": ports["max_endpoints_per_plane"],
        "fabric_lanes_per_cable": profile.fabric_lanes_per_cable or 1.0,
    }


def _nccl_inputs(system, profile) -> dict[str, float]:
    """What NCCL's algorithm choice needs: NVLS (NVLink SHARP) on the GPU, SHARP in the fabric."""
    gpu = nccl_gpu(system.gpu_match)
    return {
        "nvls_capable": float(bool(gpu) and gpu["nvls"] == "true"),
        "collnet_capable": float(bool(profile.in_network_reduction)),
        "nccl_arch": float(ARCH_CODES.get(gpu["arch"], 90)) if gpu else 90.0,
    }


def compute(x: dict[str, np.ndarray], catalog: Catalog) -> dict[str, np.ndarray]:
    """Every model output for arrays of resolved inputs (see INPUT_COLUMNS)."""
    link_gbps = np.asarray(x["host_gbps"], dtype=float)
    topo = size_design(
        x["gpus"],
        rails=x["rails"],
        planes=np.asarray(x["planes"], dtype=float) / x["rails"],
        host_gbps=link_gbps,
        uplink_gbps=x["uplink_gbps"],
        leaf_budget_gbps=x["leaf_budget_gbps"],
        spine_radix=x["spine_radix"],
        core_radix=x["core_radix"],
        oversubscription=x["oversubscription"],
        spine_oversubscription=x["spine_oversubscription"],
        gpus_per_leaf=x["gpus_per_leaf"],
        pod_gpus=x["pod_gpus"],
        even_spines=np.nan_to_num(np.asarray(x["even_spines"], dtype=float)) > 0,
        max_endpoints_per_plane=x.get("max_endpoints_per_plane", np.inf),
    )
    parts = count_parts(
        topo,
        x["host_copper"],
        link_gbps,
        x["cage_gbps"],
        x["gpus"],
        topo["fabric_link_gbps"],
        lanes_per_cable=x.get("fabric_lanes_per_cable", 1.0),
    )
    network = capex_and_power(topo, parts, x)
    cluster = cluster_capex_and_power(
        x["gpus"],
        x["system_price_usd"],
        x["system_gpus"],
        x["nics_included"],
        x["included_nic_price_usd"],
        x["system_power_w"],
        network,
    )

    routing, oversub_factor = network_share(
        topo["tiers"],
        topo["leaf_down_ports"],
        topo["leaf_up_ports"],
        x["routing_efficiency"],
        x["flows_per_nic"],
        np.asarray(topo["fabric_link_gbps"], dtype=float) / link_gbps,
    )
    fabric_efficiency = x["nic_efficiency"] * routing
    line_GBps = np.asarray(x["nic_gbps"], dtype=float) / 8.0
    with np.errstate(divide="ignore", invalid="ignore"):  # the taper between pods (bisection, not the ring)
        pod_taper = np.where(topo["tiers"] == 3, 1.0 / np.asarray(x["spine_oversubscription"], dtype=float), 1.0)
    effective = line_GBps * fabric_efficiency * oversub_factor
    g = np.minimum(np.asarray(x["gpus_per_node"], dtype=float), x["gpus"])
    scaleup = np.asarray(x["scaleup_GBps"], dtype=float)
    scaleup_eff = scaleup * x["scaleup_efficiency"]
    extra_hops = 2.0 * np.maximum(topo["tiers"] - 1, 0)
    hop_us = extra_hops * np.nan_to_num(np.asarray(x["switch_latency_ns"], dtype=float)) / 1000.0

    nccl = {
        "nvls": np.nan_to_num(x["nvls_capable"]) > 0,
        "collnet": np.nan_to_num(x["collnet_capable"]) > 0,
        "arch": x["nccl_arch"],
        "raw_nvlink_GBps": scaleup,
    }
    t_msg, busbw, algo, proto = allreduce(
        x["algorithm_code"], x["gpus"], g, x["message_bytes"], scaleup_eff, g * effective, hop_us=hop_us, **nccl
    )
    _, bound, _, _ = allreduce(
        x["algorithm_code"], x["gpus"], g, x["message_bytes"], scaleup, g * line_GBps, latency=False, **nccl
    )
    grad = gradient_bytes(x["params"], x["bytes_per_grad_element"])
    t_grad, _, _, _ = allreduce(
        x["algorithm_code"], x["gpus"], g, grad, scaleup_eff, g * effective, hop_us=hop_us, **nccl
    )
    exposed, step, utilization = step_time(x["compute_s_per_step"], t_grad, x["overlap_share"])

    gpus = np.asarray(x["gpus"], dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        effective_tbps = gpus * effective * 8.0 / 1000.0
        out = {
            **topo,
            **parts,
            **network,
            **cluster,
            "routing_efficiency": routing,
            "oversubscription_factor": oversub_factor,
            "bisection_share": oversub_factor * pod_taper,
            "fabric_efficiency": fabric_efficiency,
            "effective_GBps_per_gpu": effective,
            "allreduce_time_s": t_msg,
            "allreduce_busbw_GBps": busbw,
            "allreduce_link_bound_GBps": bound,
            "allreduce_algorithm_code": algo,
            "allreduce_protocol_code": proto,
            "gradient_bytes": grad,
            "comm_time_s": t_grad,
            "exposed_comm_s": exposed,
            "step_time_s": step,
            "gpu_utilization": utilization,
            "capex_network_per_gpu_usd": network["capex_network_usd"] / gpus,
            "transceivers_per_gpu": parts["transceivers_total"] / gpus,
            "capex_network_per_effective_tbps_usd": network["capex_network_usd"] / effective_tbps,
            "capex_cluster_per_effective_gpu_usd": cluster["capex_cluster_usd"] / (gpus * utilization),
        }
    feasible = topo["tiers"] > 0
    return {
        key: np.where(feasible, value, np.nan) if np.asarray(value).dtype.kind == "f" else value
        for key, value in out.items()
    }
