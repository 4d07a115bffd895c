"""A scenario: the cluster and workload one model run evaluates, with documented defaults."""

from __future__ import annotations

import copy
import dataclasses
import math
from dataclasses import dataclass

from .catalog import Catalog, ModelError
from .collectives import ALGORITHMS  # noqa: F401  (re-exported: the one list of algorithm names)
from .topology import reach_per_plane

FABRICS = ("ib", "roce-ecmp", "spectrum-x", "uec", "scheduled")
DEFAULT_ALGORITHM = "auto"  # NCCL's own choice (collectives.py); explicit names for what-ifs
HOST_LINKS = ("optical", "copper")
# fat-tree: one fabric, rails joined at the spine (NVIDIA DGX SuperPOD reference architectures; the
# default). multi-plane: each NIC split over `planes` planes that all reach every GPU (NVIDIA's
# twin-planar Spectrum-X DGX B300 design; Alibaba HPN's dual-plane dual-ToR). rail-only: one plane
# per NIC index, GPUs cross rails over NVLink (H100 Freakonomics spreadsheet's form).
DESIGNS = ("fat-tree", "multi-plane", "rail-only")
# How spines are counted (fabric_model.topology): "even" spreads each leaf's uplinks evenly over the
# spines (NVIDIA DGX SuperPOD reference architectures; the default), "minimum" counts the fewest
# that have the ports (Broadcom's switch-count claims).
SPINE_RULES = ("even", "minimum")
DEFAULT_FABRIC = "ib"  # when neither a fabric nor a switch is named
# Largest cluster the model accepts: ten times the largest published cluster plan in the ledger
# (Broadcom's "1,000,000+ XPUs" Tomahawk 6 target); anything above is a typo, not a scenario.
MAX_GPUS = 10_000_000

# Illustrative workload defaults (not measurements): an 8B-parameter model (Llama 3 8B size)
# trained with bf16 gradients (2 bytes per element), pure data parallel, 0.5 s of compute per step,
# half of the gradient AllReduce overlapping the backward pass. Override them per run.
DEFAULT_PARAMS = 8e9
DEFAULT_BYTES_PER_GRAD_ELEMENT = 2.0
DEFAULT_COMPUTE_S_PER_STEP = 0.5
DEFAULT_OVERLAP_SHARE = 0.5
DEFAULT_MESSAGE_BYTES = 2**30  # 1 GiB, a bandwidth-bound nccl-tests size


@dataclass(frozen=True)
class Scenario:
    """One cluster + workload. `None` ids are filled from the catalog by `resolve_ids`."""

    gpus: int
    gpus_per_node: int = 8
    nic_gbps: int = 400
    fabric: str | None = None  # None: the switch's fabric family, else DEFAULT_FABRIC
    switch: str | None = None
    oversubscription: float = 1.0  # leaf down:up ratio (2.0 = 2:1)
    host_links: str = "optical"
    design: str = "fat-tree"  # see DESIGNS
    planes: int = 1  # multi-plane: planes per NIC; rail-only: filled with gpus_per_node
    algorithm: str = DEFAULT_ALGORITHM
    message_bytes: float = DEFAULT_MESSAGE_BYTES
    system: str | None = None
    nic: str | None = None
    params: float = DEFAULT_PARAMS
    bytes_per_grad_element: float = DEFAULT_BYTES_PER_GRAD_ELEMENT
    compute_s_per_step: float = DEFAULT_COMPUTE_S_PER_STEP
    overlap_share: float = DEFAULT_OVERLAP_SHARE
    # -- design v3 (fabric_model.design describes them; None = the shorthand's default) --
    uplink_gbps: int | None = None  # links above the leaf (default: the host link speed)
    spine_oversubscription: float = 1.0  # spine down:up taper toward the core (7 = Meta's 1:7)
    gpus_per_leaf: int | None = None  # GPUs on one leaf/ToR (16 = a ToR per rack of 16 GPUs)
    pod_gpus: int | None = None  # GPUs per pod in three tiers (default: as many as the spines reach)
    rails: int | None = None  # rail planes (rail-only: GPUs per node); planes then split each rail's NIC
    flows_per_nic: int | None = None  # ECMP flows (queue pairs) per NIC (default: the fabric's)
    spine_switch: str | None = None  # default: the leaf switch
    core_switch: str | None = None  # default: the spine switch
    spine_rule: str = "even"  # see SPINE_RULES

    def replace(self, **changes) -> "Scenario":
        """A copy with some fields changed (a shallow copy: dataclasses.replace re-runs __init__ over
        every field, which the sweep pays once per group)."""
        unknown = set(changes) - _FIELD_NAMES
        if unknown:
            raise TypeError(f"Scenario has no field(s) {', '.join(sorted(unknown))}")
        new = copy.copy(self)
        for name, value in changes.items():
            object.__setattr__(new, name, value)
        return new

    @property
    def rail_optimized(self) -> bool:
        """True for the rail-only design (kept for the JSON contract's scenario block)."""
        return self.design == "rail-only"

    @property
    def shared_planes(self) -> bool:
        return self.design != "rail-only"

    @property
    def rail_count(self) -> int:
        if self.rails is not None:
            return self.rails
        return self.gpus_per_node if self.design == "rail-only" else 1

    @property
    def link_gbps(self) -> float:
        """Speed of one host link: the NIC's speed split over its planes."""
        return self.nic_gbps / self.planes

    @property
    def fabric_link_gbps(self) -> float:
        """Speed of the links above the leaf."""
        return float(self.uplink_gbps) if self.uplink_gbps else self.link_gbps


_FIELD_NAMES = frozenset(f.name for f in dataclasses.fields(Scenario))


def validate(s: Scenario) -> None:
    """Raise ModelError for input that no catalog could make sense of."""
    if s.gpus <= 0:
        raise ModelError(f"GPUs must be positive, got {s.gpus}")
    if s.gpus > MAX_GPUS:
        raise ModelError(f"{s.gpus:,} GPUs is beyond the model's range (at most {MAX_GPUS:,})")
    if s.gpus_per_node <= 0:
        raise ModelError(f"GPUs per node must be positive, got {s.gpus_per_node}")
    if s.nic_gbps <= 0:
        raise ModelError(f"NIC speed must be positive, got {s.nic_gbps}")
    if not s.oversubscription > 0:
        raise ModelError(f"oversubscription must be positive, got {s.oversubscription}")
    if s.design not in DESIGNS:
        raise ModelError(f"unknown design {s.design!r} (known: {', '.join(DESIGNS)})")
    if s.planes < 1:
        raise ModelError(f"planes must be at least 1, got {s.planes}")
    if s.design == "fat-tree" and s.planes != 1:
        raise ModelError(f"a fat tree is one plane; {s.planes} planes is the multi-plane design")
    if s.design == "multi-plane" and s.planes < 2:
        raise ModelError("the multi-plane design needs at least 2 planes")
    if s.nic_gbps % s.planes:
        raise ModelError(f"a {s.nic_gbps}G NIC does not split evenly into {s.planes} planes")
    if s.rails is not None and s.rails < 1:
        raise ModelError(f"rails must be at least 1, got {s.rails}")
    if s.rails is not None and s.rails > 1 and s.design != "rail-only":
        raise ModelError(f"{s.rails} rails is the rail-only design")
    if s.uplink_gbps is not None and s.uplink_gbps <= 0:
        raise ModelError(f"uplink speed must be positive, got {s.uplink_gbps}")
    if not s.spine_oversubscription >= 1:
        raise ModelError(f"spine oversubscription must be at least 1 (down:up), got {s.spine_oversubscription}")
    if not s.oversubscription >= 0.25:
        raise ModelError(f"oversubscription below 1:4 is not a design, got {s.oversubscription}")
    for name in ("gpus_per_leaf", "pod_gpus", "flows_per_nic"):
        value = getattr(s, name)
        if value is not None and value < 1:
            raise ModelError(f"{name.replace('_', ' ')} must be at least 1, got {value}")
    if s.flows_per_nic is not None and s.flows_per_nic > 1024:
        raise ModelError(f"{s.flows_per_nic} flows per NIC is beyond the model's range (at most 1024)")
    if s.pod_gpus is not None and s.gpus_per_leaf is not None and s.pod_gpus % s.gpus_per_leaf:
        raise ModelError(f"a pod of {s.pod_gpus} GPUs is not a whole number of leaves of {s.gpus_per_leaf} GPUs")
    if s.spine_rule not in SPINE_RULES:
        raise ModelError(f"unknown spine rule {s.spine_rule!r} (known: {', '.join(SPINE_RULES)})")
    if s.fabric is not None and s.fabric not in FABRICS:
        raise ModelError(f"unknown fabric {s.fabric!r} (known: {', '.join(FABRICS)})")
    if s.algorithm not in ALGORITHMS:
        raise ModelError(unknown_algorithm(s.algorithm))
    if s.host_links not in HOST_LINKS:
        raise ModelError(unknown_host_links(s.host_links))
    if not s.message_bytes > 0:
        raise ModelError(f"message size must be positive, got {s.message_bytes}")
    if not 0 <= s.overlap_share <= 1:
        raise ModelError(f"overlap must be within 0..1, got {s.overlap_share}")
    if s.params < 0 or s.bytes_per_grad_element < 0 or s.compute_s_per_step < 0:
        raise ModelError("workload figures must not be negative")


# Checks of the algorithm and host-link fields, worded once: `sweep` makes them per row over a whole grid.
COLLNET_ALGORITHMS = ("in-network", "collnet-direct", "collnet-chain")  # need SHARP in the fabric


def unknown_algorithm(name) -> str:
    return f"unknown algorithm {name!r} (known: {', '.join(ALGORITHMS)})"


def unknown_host_links(value) -> str:
    return f"host links must be optical or copper, got {value!r}"


def no_in_network_reduction(fabric) -> str:
    return (
        f"fabric {fabric!r} has no in-network reduction (NCCL CollNet needs SHARP-capable "
        "InfiniBand switches); use ring or tree, or nvls/nvls-tree for NVLink SHARP in the node"
    )


def planes_for(s: Scenario) -> int:
    """All planes of the design: rails x planes per rail."""
    return s.rail_count * s.planes


def fabric_for_switch(switch_id: str, catalog: Catalog) -> str:
    """The fabric family a switch implies (its first listed fabric: Tomahawk -> roce-ecmp,
    Spectrum -> spectrum-x, Quantum -> ib)."""
    return catalog.switch(switch_id).fabrics[0]


def resolve_ids(s: Scenario, catalog: Catalog) -> Scenario:
    """Fill fabric, switch, NIC and system from the catalog and check they fit together."""
    validate(s)
    early = {}
    if s.fabric is None:
        early["fabric"] = fabric_for_switch(s.switch, catalog) if s.switch else DEFAULT_FABRIC
    if s.design == "rail-only" and s.rails is None:
        early["rails"] = s.gpus_per_node
    if early:
        s = s.replace(**early)
    profile = catalog.fabric(s.fabric)
    if profile.fabric_element:  # a scheduled fabric: leaves spray cells over fabric elements' SerDes lanes
        element = catalog.switch(profile.fabric_element)
        fills = {}
        if s.spine_switch is None:
            fills["spine_switch"] = element.switch_id
        if s.uplink_gbps is None:
            fills["uplink_gbps"] = int(element.serdes_gbps)
        if fills:
            s = s.replace(**fills)
    if s.flows_per_nic is not None and not profile.uses_ecmp_hashing:
        raise ModelError(
            f"fabric {s.fabric!r} balances load by {profile.load_balancing}; flows per NIC "
            "apply to ECMP-hashed fabrics (roce-ecmp)"
        )
    if s.algorithm in COLLNET_ALGORITHMS and not profile.in_network_reduction:
        raise ModelError(no_in_network_reduction(s.fabric))
    system = catalog.system(s.system) if s.system else catalog.default_system(s.gpus_per_node)
    if system.price_usd is None:
        raise ModelError(f"GPU system {system.system_id!r} has no price in the catalog (calibration only)")
    if s.gpus_per_node > system.gpus_per_domain:
        raise ModelError(
            f"{s.gpus_per_node} GPUs per node exceeds {system.system_id}'s domain of {system.gpus_per_domain}"
        )
    nic = catalog.nic(s.nic) if s.nic else catalog.default_nic(s.fabric, s.nic_gbps)
    if s.fabric not in nic.fabrics:
        raise ModelError(f"NIC {nic.nic_id} does not run fabric {s.fabric!r} (it runs {', '.join(nic.fabrics)})")
    if nic.speed_gbps != s.nic_gbps:
        raise ModelError(f"NIC {nic.nic_id} runs at {nic.speed_gbps}G, not {s.nic_gbps}G")
    if nic.price_usd is None or nic.power_w is None:
        raise ModelError(f"NIC {nic.nic_id} has no price or power in the catalog (calibration only)")
    link = s.link_gbps
    if s.switch:
        switch = catalog.switch(s.switch)
        if s.fabric not in switch.fabrics:
            raise ModelError(
                f"switch {switch.switch_id} does not run fabric {s.fabric!r} (it runs {', '.join(switch.fabrics)})"
            )
        if switch.radix_at(link) == 0:
            speeds = ", ".join(f"{p}x{g}G" for p, g in switch.port_configs)
            raise ModelError(f"switch {switch.switch_id} has no {link:g}G ports ({speeds})")
        tiers, why = reach(s, catalog, switch)
        if not tiers:
            raise ModelError(f"switch {switch.switch_id} cannot reach {s.gpus:,} GPUs in three tiers ({why})")
    else:
        candidates = catalog.switches_for(s.fabric, link)
        if not candidates:
            raise ModelError(f"no switch in the catalog runs {s.fabric!r} with {link:g}G ports")
        fitting = [c for c in candidates if reach(s, catalog, c)[0]]
        if not fitting:
            raise ModelError(
                f"no {s.fabric!r} switch reaches {s.gpus:,} GPUs in three tiers at {link:g}G "
                f"({reach(s, catalog, candidates[0])[1]})"
            )
        switch = fitting[0]
    for role, item_id in (("spine", s.spine_switch), ("core", s.core_switch)):
        if item_id:
            other = catalog.switch(item_id)
            if s.fabric not in other.fabrics:
                raise ModelError(f"{role} switch {item_id} does not run fabric {s.fabric!r}")
    for role_gbps, finder in ((s.nic_gbps, catalog.host_optic), (switch.cage_gbps, catalog.switch_optic)):
        finder(role_gbps)  # raises when the catalog lacks the transceiver
    uplink = s.fabric_link_gbps
    if switch.cage_gbps % link or switch.cage_gbps % uplink:
        raise ModelError(f"{link:g}G/{uplink:g}G links do not divide {switch.switch_id}'s {switch.cage_gbps}G cages")
    return s.replace(switch=switch.switch_id, nic=nic.nic_id, system=system.system_id)


def tier_switches(s: Scenario, catalog: Catalog, leaf=None):
    """(leaf, spine, core) switches of a design: spine defaults to the leaf, core to the spine."""
    leaf = leaf or catalog.switch(s.switch)
    spine = catalog.switch(s.spine_switch) if s.spine_switch else leaf
    core = catalog.switch(s.core_switch) if s.core_switch else spine
    return leaf, spine, core


def design_ports(s: Scenario, catalog: Catalog, leaf=None) -> dict:
    """The per-tier port figures `topology.size_design` reads, from the catalog."""
    leaf, spine, core = tier_switches(s, catalog, leaf)
    link, uplink = s.link_gbps, s.fabric_link_gbps
    return dict(
        rails=s.rail_count,
        planes=s.planes,
        host_gbps=link,
        uplink_gbps=uplink,
        leaf_budget_gbps=leaf.radix_at(link) * link if leaf.radix_at(uplink) else 0.0,
        spine_radix=spine.radix_at(uplink),
        core_radix=core.radix_at(uplink),
        oversubscription=s.oversubscription,
        spine_oversubscription=s.spine_oversubscription,
        gpus_per_leaf=math.nan if s.gpus_per_leaf is None else s.gpus_per_leaf,
        pod_gpus=math.nan if s.pod_gpus is None else s.pod_gpus,
        even_spines=s.spine_rule == "even",
        max_endpoints_per_plane=_max_ports(s, catalog),
    )


def _max_ports(s: Scenario, catalog: Catalog) -> float:
    """Most GPUs one plane of the fabric holds (a scheduled fabric's published system limit; else no limit)."""
    limit = catalog.fabric(s.fabric).max_ports if s.fabric else None
    return math.inf if limit is None else float(limit)


def reach(s: Scenario, catalog: Catalog, leaf) -> tuple[int, str]:
    """(tiers, reason when 0) of the design on that leaf switch."""
    leaf, spine, core = tier_switches(s, catalog, leaf)
    uplink = s.fabric_link_gbps
    for role, sw in (("leaf", leaf), ("spine", spine), ("core", core)):
        if not sw.radix_at(uplink):
            return 0, f"the {role} switch {sw.switch_id} has no {uplink:g}G ports"
    ports = design_ports(s, catalog, leaf)
    plane = reach_per_plane(**ports)
    if not plane["leaf_ok"]:
        return 0, (
            f"a leaf of {plane['down']:g} x {s.link_gbps:g}G down and {plane['up']:g} x {uplink:g}G up exceeds "
            f"{leaf.switch_id}'s {ports['leaf_budget_gbps'] / 1000:g} Tb/s"
        )
    n = math.ceil(s.gpus / s.rail_count)
    if n > ports["max_endpoints_per_plane"]:
        return 0, (
            f"one {s.fabric} fabric holds at most {ports['max_endpoints_per_plane']:,.0f} ports "
            f"({catalog.fabric(s.fabric).provenance['max_ports'].text.split(':')[0]})"
        )
    for tiers, key in ((1, "n1"), (2, "n2"), (3, "n3")):
        if n <= plane[key] and (tiers < 3 or plane["pod_ok"]):
            return tiers, ""
    if not plane["pod_ok"]:
        return 0, f"a pod of {s.pod_gpus:,} GPUs needs more leaves than {spine.switch_id}'s down ports"
    return 0, (
        f"maximum {int(plane['n3'] * s.rail_count):,} at {s.link_gbps:g}G, {s.design}, oversubscription "
        f"{s.oversubscription:g}"
    )
