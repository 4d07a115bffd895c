"""One scenario in, one `Result` out; `result_to_dict` gives the CLI's JSON contract."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

import numpy as np

from .catalog import Catalog, ModelError
from .collectives import IN_NETWORK, NCCL_NAMES, algorithm_name, protocol_name
from .kernel import compute, inputs_for
from .scenario import Scenario, resolve_ids

# Result fields copied straight from the kernel's output columns.
_NUMERIC = (
    "tiers",
    "max_endpoints",
    "planes",
    "pods",
    "gpus_per_pod",
    "leaf_down_ports",
    "leaf_up_ports",
    "fabric_link_gbps",
    "bisection_share",
    "switches_leaf",
    "switches_spine",
    "switches_core",
    "switches_total",
    "links_host_leaf",
    "links_leaf_spine",
    "links_spine_core",
    "nics",
    "host_modules",
    "switch_modules",
    "transceivers_total",
    "transceivers_per_gpu",
    "fiber_cables",
    "dac_cables",
    "cables_total",
    "capex_switches_usd",
    "capex_nics_usd",
    "capex_optics_usd",
    "capex_cables_usd",
    "capex_network_usd",
    "capex_host_optics_usd",
    "capex_switch_optics_usd",
    "capex_fiber_usd",
    "capex_dac_usd",
    "power_host_optics_w",
    "power_switch_optics_w",
    "capex_network_per_gpu_usd",
    "capex_servers_usd",
    "capex_cluster_usd",
    "network_share_of_cluster_capex",
    "power_switches_w",
    "power_nics_w",
    "power_optics_w",
    "power_cables_w",
    "power_network_w",
    "power_servers_w",
    "power_cluster_w",
    "routing_efficiency",
    "oversubscription_factor",
    "fabric_efficiency",
    "effective_GBps_per_gpu",
    "allreduce_time_s",
    "allreduce_busbw_GBps",
    "allreduce_link_bound_GBps",
    "gradient_bytes",
    "comm_time_s",
    "exposed_comm_s",
    "step_time_s",
    "gpu_utilization",
    "capex_network_per_effective_tbps_usd",
    "capex_cluster_per_effective_gpu_usd",
)
_COUNTS = {
    "tiers",
    "max_endpoints",
    "planes",
    "pods",
    "gpus_per_pod",
    "leaf_down_ports",
    "leaf_up_ports",
    "switches_leaf",
    "switches_spine",
    "switches_core",
    "switches_total",
    "links_host_leaf",
    "links_leaf_spine",
    "links_spine_core",
    "nics",
    "host_modules",
    "switch_modules",
    "transceivers_total",
    "fiber_cables",
    "dac_cables",
    "cables_total",
}


@dataclass(frozen=True)
class Result:
    """Every output of one scenario; units are in the field names (counts are plain numbers)."""

    scenario: Scenario
    host_module_type: str
    switch_module_type: str
    fiber_type: str
    dac_type: str
    allreduce_algorithm: str | None  # what NCCL runs (collectives.NCCL_ALGORITHMS), chosen or as asked
    allreduce_protocol: str | None  # ll, ll128 or simple
    tiers: int
    max_endpoints: int
    planes: int
    pods: int  # three tiers: pods over all planes
    gpus_per_pod: int  # GPUs per pod (the whole plane below three tiers)
    leaf_down_ports: int
    leaf_up_ports: int
    fabric_link_gbps: float  # links above the leaf
    bisection_share: float  # leaf taper x the taper between pods (1 = full bisection)
    switches_leaf: int
    switches_spine: int
    switches_core: int
    switches_total: int
    links_host_leaf: int
    links_leaf_spine: int
    links_spine_core: int
    nics: int
    host_modules: int
    switch_modules: int
    transceivers_total: int
    transceivers_per_gpu: float
    fiber_cables: int
    dac_cables: int
    cables_total: int
    capex_switches_usd: float
    capex_nics_usd: float
    capex_optics_usd: float
    capex_cables_usd: float
    capex_network_usd: float
    capex_host_optics_usd: float
    capex_switch_optics_usd: float
    capex_fiber_usd: float
    capex_dac_usd: float
    power_host_optics_w: float
    power_switch_optics_w: float
    capex_network_per_gpu_usd: float
    capex_servers_usd: float
    capex_cluster_usd: float
    network_share_of_cluster_capex: float
    power_switches_w: float
    power_nics_w: float
    power_optics_w: float
    power_cables_w: float
    power_network_w: float
    power_servers_w: float
    power_cluster_w: float
    routing_efficiency: float
    oversubscription_factor: float
    fabric_efficiency: float
    effective_GBps_per_gpu: float
    allreduce_time_s: float
    allreduce_busbw_GBps: float
    allreduce_link_bound_GBps: float
    gradient_bytes: float
    comm_time_s: float
    exposed_comm_s: float
    step_time_s: float
    gpu_utilization: float
    capex_network_per_effective_tbps_usd: float
    capex_cluster_per_effective_gpu_usd: float

    @property
    def design(self) -> str:
        return self.scenario.design

    @property
    def design_description(self) -> str:
        """The design in full (fabric_model.design.describe)."""
        from .design import describe

        return describe(self.scenario, self.tiers, self.pods)

    @property
    def link_gbps(self) -> float:
        return self.scenario.link_gbps

    @property
    def transceivers_by_type(self) -> dict[str, int]:
        out = {self.host_module_type: self.host_modules, self.switch_module_type: self.switch_modules}
        return {k: v for k, v in out.items() if v}

    @property
    def cables_by_type(self) -> dict[str, int]:
        out = {self.fiber_type: self.fiber_cables, self.dac_type: self.dac_cables}
        return {k: v for k, v in out.items() if v}


def evaluate(scenario: Scenario, catalog: Catalog) -> Result:
    """Size, cost and time one scenario. Raises ModelError on impossible input."""
    s = resolve_ids(scenario, catalog)
    x = {key: np.asarray([value]) for key, value in inputs_for(s, catalog).items()}
    out = compute(x, catalog)
    if not out["tiers"][0]:
        raise ModelError(f"switch {s.switch} cannot reach {s.gpus} GPUs in three tiers")
    values: dict[str, Any] = {}
    for name in _NUMERIC:
        value = float(np.asarray(out[name]).reshape(-1)[0])
        values[name] = int(round(value)) if name in _COUNTS else value
    switch = catalog.switch(s.switch)
    return Result(
        scenario=s,
        host_module_type=catalog.host_optic(s.nic_gbps).optic_id,
        switch_module_type=catalog.switch_optic(switch.cage_gbps).optic_id,
        fiber_type=catalog.cable("fiber").optic_id,
        dac_type=catalog.cable("copper").optic_id,
        allreduce_algorithm=algorithm_name(out["allreduce_algorithm_code"][0]),
        allreduce_protocol=protocol_name(out["allreduce_protocol_code"][0]),
        **values,
    )


def result_fields() -> tuple[str, ...]:
    return tuple(f.name for f in fields(Result) if f.name != "scenario")


def result_to_dict(result: Result, assumptions: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The JSON contract of `fabricwatch model --json`."""
    r, s = result, result.scenario
    return {
        "scenario": {
            "gpus": s.gpus,
            "gpus_per_node": s.gpus_per_node,
            "nic_gbps": s.nic_gbps,
            "fabric": s.fabric,
            "switch": s.switch,
            "nic": s.nic,
            "system": s.system,
            "oversubscription": s.oversubscription,
            "host_links": s.host_links,
            "design": s.design,
            "planes": r.planes,
            "rail_optimized": s.rail_optimized,
            "algorithm": s.algorithm,
            "message_bytes": s.message_bytes,
            "params": s.params,
            "bytes_per_grad_element": s.bytes_per_grad_element,
            "compute_s_per_step": s.compute_s_per_step,
            "overlap_share": s.overlap_share,
        },
        "design": {
            "name": s.design,
            "description": r.design_description,
            "tiers": r.tiers,
            "planes": r.planes,
            "rails": s.rail_count,
            "planes_per_nic": s.planes,
            "link_gbps": s.link_gbps,
            "uplink_gbps": r.fabric_link_gbps,
            "max_endpoints": r.max_endpoints,
            "oversubscription": s.oversubscription,
            "spine_oversubscription": s.spine_oversubscription,
            "gpus_per_leaf": r.leaf_down_ports,
            "leaf_uplinks": r.leaf_up_ports,
            "pods": r.pods,
            "pod_gpus": r.gpus_per_pod,
            "spine_rule": s.spine_rule,
            "bisection_share": r.bisection_share,
            "switch": s.switch,
            "spine_switch": s.spine_switch or s.switch,
            "core_switch": s.core_switch or s.spine_switch or s.switch,
            "fabric": s.fabric,
            "flows_per_nic": s.flows_per_nic,
        },
        "tiers": r.tiers,
        "max_endpoints": r.max_endpoints,
        "planes": r.planes,
        "switches": {
            "leaf": r.switches_leaf,
            "spine": r.switches_spine,
            "core": r.switches_core,
            "total": r.switches_total,
        },
        "links": {"host_leaf": r.links_host_leaf, "leaf_spine": r.links_leaf_spine, "spine_core": r.links_spine_core},
        "transceivers": {
            "total": r.transceivers_total,
            "per_gpu": r.transceivers_per_gpu,
            "by_type": r.transceivers_by_type,
        },
        "cables": {"total": r.cables_total, "by_type": r.cables_by_type},
        "nics": r.nics,
        "capex_usd": {
            "switches": r.capex_switches_usd,
            "nics": r.capex_nics_usd,
            "optics": r.capex_optics_usd,
            "cables": r.capex_cables_usd,
            "total": r.capex_network_usd,
            "per_gpu": r.capex_network_per_gpu_usd,
        },
        "cluster_capex_usd": {
            "servers": r.capex_servers_usd,
            "network": r.capex_network_usd,
            "total": r.capex_cluster_usd,
        },
        "network_share_of_cluster_capex": r.network_share_of_cluster_capex,
        "power_w": {
            "switches": r.power_switches_w,
            "optics": r.power_optics_w,
            "nics": r.power_nics_w,
            "cables": r.power_cables_w,
            "total": r.power_network_w,
        },
        "cluster_power_w": {"servers": r.power_servers_w, "network": r.power_network_w, "total": r.power_cluster_w},
        "fabric_efficiency": r.fabric_efficiency,
        "routing_efficiency": r.routing_efficiency,
        "oversubscription_factor": r.oversubscription_factor,
        "effective_GBps_per_gpu": r.effective_GBps_per_gpu,
        "allreduce": {
            "algorithm": r.allreduce_algorithm,
            "requested_algorithm": s.algorithm,
            "protocol": r.allreduce_protocol,
            "nccl_name": "/".join(NCCL_NAMES[x] for x in (r.allreduce_algorithm, r.allreduce_protocol) if x),
            "requires": IN_NETWORK.get(r.allreduce_algorithm, {}).get("requires", ""),
            "message_bytes": s.message_bytes,
            "time_s": r.allreduce_time_s,
            "busbw_GBps": r.allreduce_busbw_GBps,
            "link_bound_GBps": r.allreduce_link_bound_GBps,
        },
        "training": {
            "gradient_bytes": r.gradient_bytes,
            "compute_s": s.compute_s_per_step,
            "comm_time_s": r.comm_time_s,
            "exposed_comm_s": r.exposed_comm_s,
            "step_time_s": r.step_time_s,
            "gpu_utilization": r.gpu_utilization,
        },
        "cost": {
            "network_per_effective_tbps_usd": r.capex_network_per_effective_tbps_usd,
            "cluster_per_effective_gpu_usd": r.capex_cluster_per_effective_gpu_usd,
        },
        "assumptions": list(assumptions or []),
    }
