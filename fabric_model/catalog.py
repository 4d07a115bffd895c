"""The model's inputs as data: switches, NICs, optics and cables, GPU systems, fabric profiles, constants.

Shipped defaults live in `fabric_model/data/*.csv`, one row per item with a source for its specs,
its price and its power (and `estimate` where a figure is not a list price or a spec). Observed
specs from the warehouse override single fields; every field keeps the source it came from.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

DATA_DIR = Path(__file__).parent / "data"


class ModelError(ValueError):
    """Bad model input (unknown id, impossible scenario); the CLI maps it to exit code 2."""


@dataclass(frozen=True)
class Source:
    """Where one figure comes from."""

    text: str
    url: str = ""
    date: str = ""
    kind: str = ""  # spec | estimate | vendor_claim | tool_assumption | observed


@dataclass(frozen=True)
class Switch:
    switch_id: str
    vendor: str
    name: str
    fabrics: tuple[str, ...]
    capacity_tbps: float
    port_configs: tuple[tuple[int, int], ...]  # (ports, gbps) per breakout mode
    cage_count: int
    cage_gbps: int  # speed of one physical cage (one switch-side module)
    serdes_gbps: float | None
    latency_ns: float | None
    price_usd: float
    power_w: float
    provenance: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)

    def radix_at(self, link_gbps: float) -> int:
        """Ports of `link_gbps` the switch offers (its breakout mode at that speed), 0 if none."""
        return max((ports for ports, gbps in self.port_configs if gbps == link_gbps), default=0)


@dataclass(frozen=True)
class Nic:
    nic_id: str
    vendor: str
    name: str
    fabrics: tuple[str, ...]
    speed_gbps: int
    pcie: str
    protocol_efficiency: float  # share of line rate NCCL reaches on one NIC
    price_usd: float | None
    power_w: float | None
    provenance: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Optic:
    optic_id: str
    kind: str  # transceiver | cable
    role: str  # host | switch | fiber | copper
    module_gbps: int
    reach_m: float
    price_usd: float
    power_w: float
    provenance: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class GpuSystem:
    system_id: str
    name: str
    gpu_match: str
    gpus_per_domain: int
    scaleup_GBps: float  # per GPU per direction; inf when there is no scale-up domain
    scaleup_efficiency: float
    default_nic_gbps: int
    nics_included: int  # scale-out NICs included in price_usd (subtracted to avoid double counting)
    included_nic: str | None  # which NIC those are (valued at its catalog price)
    price_usd: float | None  # per domain / server
    power_w: float | None
    provenance: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class FabricProfile:
    fabric_id: str
    name: str
    lossless: str
    routing: str
    congestion_control: str
    in_network_reduction: bool
    routing_efficiency: float | None  # None: computed from the ECMP collision model
    ecmp_flows_per_nic: int
    default_switches: tuple[str, ...]
    default_nics: tuple[str, ...]
    load_balancing: str = ""  # ecmp | adaptive routing | packet spraying | cell spraying (how the fabric spreads flows)
    # A scheduled (cell) fabric: the fabric element its leaves spray cells over (the spine and any second
    # stage; its SerDes lane is the fabric link) and the most ports one such fabric has (None: no limit).
    fabric_element: str = ""
    max_ports: float | None = None
    # Fabric links (the fabric element's SerDes lanes) carried by one cable between a leaf and a fabric
    # element, or between fabric stages (None: one link per cable, as in a Clos of Ethernet ports).
    fabric_lanes_per_cable: float | None = None
    provenance: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)

    @property
    def uses_ecmp_hashing(self) -> bool:
        return self.routing_efficiency is None


@dataclass(frozen=True)
class Constant:
    name: str
    value: float
    unit: str
    source: Source


@dataclass(frozen=True)
class Catalog:
    switches: Mapping[str, Switch]
    nics: Mapping[str, Nic]
    optics: Mapping[str, Optic]
    systems: Mapping[str, GpuSystem]
    fabrics: Mapping[str, FabricProfile]
    constants: Mapping[str, Constant]
    ranges: tuple[Mapping[str, Any], ...] = ()  # ranges.csv: sourced or assumed low/high per figure
    overrides_applied: tuple[Mapping[str, Any], ...] = ()
    overrides_skipped: tuple[Mapping[str, Any], ...] = ()

    # -- look-ups -------------------------------------------------------------------------
    def switch(self, switch_id: str) -> Switch:
        return _get(self.switches, switch_id, "switch")

    def nic(self, nic_id: str) -> Nic:
        return _get(self.nics, nic_id, "NIC")

    def system(self, system_id: str) -> GpuSystem:
        return _get(self.systems, system_id, "GPU system")

    def fabric(self, fabric_id: str) -> FabricProfile:
        return _get(self.fabrics, fabric_id, "fabric")

    def constant(self, name: str) -> float:
        return _get(self.constants, name, "constant").value

    def host_optic(self, link_gbps: float) -> Optic:
        return self._optic("host", link_gbps)

    def switch_optic(self, cage_gbps: float) -> Optic:
        return self._optic("switch", cage_gbps)

    def cable(self, role: str) -> Optic:
        for optic in self.optics.values():
            if optic.kind == "cable" and optic.role == role:
                return optic
        raise ModelError(f"no {role} cable in the catalog")

    def _optic(self, role: str, gbps: float) -> Optic:
        for optic in self.optics.values():
            if optic.role == role and optic.module_gbps == gbps:
                return optic
        raise ModelError(f"no {role}-side {gbps:g}G transceiver in the catalog")

    def default_nic(self, fabric_id: str, nic_gbps: float) -> Nic:
        """First priced NIC of that speed among the fabric's preferred NICs, else in catalog order."""
        preferred = [self.nics[n] for n in self.fabric(fabric_id).default_nics if n in self.nics]
        for nic in preferred + list(self.nics.values()):
            if nic.speed_gbps == nic_gbps and fabric_id in nic.fabrics and nic.price_usd is not None:
                return nic
        raise ModelError(f"no priced {nic_gbps:g}G NIC for fabric {fabric_id!r} in the catalog")

    def default_system(self, gpus_per_node: int) -> GpuSystem:
        """The priced system whose domain size matches; else the smallest priced one that fits."""
        priced = [s for s in self.systems.values() if s.price_usd is not None]
        for system in priced:
            if system.gpus_per_domain == gpus_per_node:
                return system
        fitting = sorted((s for s in priced if s.gpus_per_domain >= gpus_per_node), key=lambda s: s.gpus_per_domain)
        if not fitting:
            raise ModelError(f"no priced GPU system with {gpus_per_node} GPUs per domain")
        return fitting[0]

    def switches_for(self, fabric_id: str, nic_gbps: float) -> list[Switch]:
        """Switches that run the fabric at that link speed, the fabric's preferred ones first."""
        profile = self.fabric(fabric_id)
        ordered = [self.switches[s] for s in profile.default_switches if s in self.switches]
        ordered += [s for s in self.switches.values() if s not in ordered and fabric_id in s.fabrics]
        return [s for s in ordered if fabric_id in s.fabrics and s.radix_at(nic_gbps) > 0]

    def value_range(self, table: str, item_id: str, field_name: str, value: float) -> tuple[float, float, str] | None:
        """(low, high, basis) of one figure from ranges.csv (item '*' = every item of the table; rows with
        relative = true give multipliers of the value)."""
        exact = [r for r in self.ranges if r["table"] == table and r["field"] == field_name and r["item_id"] == item_id]
        generic = [r for r in self.ranges if r["table"] == table and r["field"] == field_name and r["item_id"] == "*"]
        row = (exact or generic or [None])[0]
        if row is None:
            return None
        scale = value if str(row.get("relative", "")).lower() == "true" else 1.0
        return float(row["low"]) * scale, float(row["high"]) * scale, row["basis"]

    # -- changes --------------------------------------------------------------------------
    def with_value(
        self, table: str, item_id: str, field_name: str, value: Any, source: Source | None = None
    ) -> "Catalog":
        """A copy with one field of one item replaced (and its provenance, when given)."""
        items = dict(getattr(self, table))
        item = _get(items, item_id, table)
        if field_name not in {f.name for f in dataclasses.fields(item)} or field_name == "provenance":
            raise ModelError(f"{table} has no field {field_name!r}")
        provenance = dict(item.provenance)
        if source is not None:
            provenance[field_name] = source
        items[item_id] = dataclasses.replace(item, **{field_name: value}, provenance=provenance)
        return dataclasses.replace(self, **{table: items})

    def with_constant(self, name: str, value: float) -> "Catalog":
        constants = dict(self.constants)
        old = _get(constants, name, "constant")
        constants[name] = dataclasses.replace(old, value=value)
        return dataclasses.replace(self, constants=constants)


def _get(mapping: Mapping[str, Any], key: str, what: str):
    try:
        return mapping[key]
    except KeyError:
        known = ", ".join(sorted(mapping))
        raise ModelError(f"unknown {what} {key!r} (known: {known})") from None
