"""Designs as data: a topology description (a TOML file or a mapping) <-> a Scenario, and the full
name a result carries.

A description, every key optional except `gpus` (defaults are Scenario's):

    gpus = 24576
    gpus_per_node = 8
    nic_gbps = 400
    fabric = "roce-ecmp"
    flows_per_nic = 16          # ECMP flows (queue pairs) per NIC
    design = "fat-tree"         # fat-tree | multi-plane | rail-only
    planes = 1                  # planes per NIC (each a nic/planes link reaching every GPU of its rail)
    rails = 8                   # rail-only: one plane per NIC index
    dual_tor = true             # each NIC's two ports to two different ToRs: planes = 2 (Alibaba HPN; the
                                # single-plane and dual-plane dual-ToR count the same switches)
    [leaf]
    switch = "minipack2"
    gpus_per_leaf = 16          # a ToR per rack of 16 GPUs (default: fill the leaf's ports)
    oversubscription = 1        # leaf down:up
    uplink_gbps = 400           # links above the leaf (default: the host link speed)
    [spine]
    switch = "arista-7808r3"    # default: the leaf switch
    oversubscription = 7        # spine down:up toward the core ("1:7 between pods")
    pod_gpus = 3072             # GPUs per pod (default: as many as the spines reach)
    rule = "even"               # even (spines divide the leaf's uplinks) | minimum
    [core]
    switch = "arista-7808r3"    # default: the spine switch
    [workload]                  # optional: params, bytes_per_grad_element, compute_s_per_step, overlap_share
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Mapping

from .catalog import ModelError
from .scenario import Scenario

_TOP = {
    "gpus",
    "gpus_per_node",
    "nic_gbps",
    "fabric",
    "switch",
    "oversubscription",
    "host_links",
    "design",
    "planes",
    "rails",
    "algorithm",
    "message_bytes",
    "system",
    "nic",
    "flows_per_nic",
    "uplink_gbps",
    "gpus_per_leaf",
    "pod_gpus",
    "spine_oversubscription",
    "spine_switch",
    "core_switch",
    "spine_rule",
}
_TABLES = {
    "leaf": {
        "switch": "switch",
        "gpus_per_leaf": "gpus_per_leaf",
        "oversubscription": "oversubscription",
        "uplink_gbps": "uplink_gbps",
    },
    "spine": {
        "switch": "spine_switch",
        "oversubscription": "spine_oversubscription",
        "pod_gpus": "pod_gpus",
        "rule": "spine_rule",
        "uplink_gbps": "uplink_gbps",
    },
    "core": {"switch": "core_switch"},
    "workload": {
        "params": "params",
        "bytes_per_grad_element": "bytes_per_grad_element",
        "compute_s_per_step": "compute_s_per_step",
        "overlap_share": "overlap_share",
    },
}
_INTS = {
    "gpus",
    "gpus_per_node",
    "nic_gbps",
    "planes",
    "rails",
    "flows_per_nic",
    "uplink_gbps",
    "gpus_per_leaf",
    "pod_gpus",
}
_FLOATS = {
    "oversubscription",
    "spine_oversubscription",
    "message_bytes",
    "params",
    "bytes_per_grad_element",
    "compute_s_per_step",
    "overlap_share",
}
_IGNORED = {"name", "note", "source"}  # free text a description may carry
_FLAGS = {"dual_tor"}  # booleans that stand for other keys


def scenario_fields(description: Mapping[str, Any], where: str = "design") -> dict[str, Any]:
    """Scenario keyword arguments from a description; unknown keys and wrong types are errors."""
    out: dict[str, Any] = {}
    for key, value in description.items():
        if key in _IGNORED:
            continue
        if key == "dual_tor":
            if not isinstance(value, bool):
                raise ModelError(f"{where}: dual_tor must be true or false, got {value!r}")
            if value:
                if description.get("planes", 2) != 2:
                    raise ModelError(f"{where}: dual_tor means 2 planes, not {description['planes']}")
                out["planes"] = 2
            continue
        if key in _TABLES:
            if not isinstance(value, Mapping):
                raise ModelError(f"{where}: [{key}] must be a table")
            for sub, sub_value in value.items():
                if sub not in _TABLES[key]:
                    raise ModelError(f"{where}: unknown key {key}.{sub} (known: {', '.join(_TABLES[key])})")
                out[_TABLES[key][sub]] = _typed(_TABLES[key][sub], sub_value, f"{where}: {key}.{sub}")
        elif key in _TOP:
            out[key] = _typed(key, value, f"{where}: {key}")
        else:
            raise ModelError(f"{where}: unknown key {key!r}")
    if "gpus" not in out:
        raise ModelError(f"{where}: the description needs gpus")
    if out.get("design") is None:
        planes, rails = out.get("planes", 1), out.get("rails")
        out["design"] = "rail-only" if rails and rails > 1 else ("multi-plane" if planes > 1 else "fat-tree")
    return out


def _typed(name: str, value: Any, where: str) -> Any:
    if isinstance(value, bool):
        raise ModelError(f"{where} must be a number or text, got {value!r}")
    if name in _INTS:
        if not isinstance(value, int) and not (isinstance(value, float) and value.is_integer()):
            raise ModelError(f"{where} must be a whole number, got {value!r}")
        return int(value)
    if name in _FLOATS:
        if not isinstance(value, (int, float)):
            raise ModelError(f"{where} must be a number, got {value!r}")
        return float(value)
    if not isinstance(value, str):
        raise ModelError(f"{where} must be text, got {value!r}")
    return value


def scenario_from_description(description: Mapping[str, Any], where: str = "design", **overrides) -> Scenario:
    return Scenario(**{**scenario_fields(description, where), **overrides})


def load_design(path: str | Path, **overrides) -> Scenario:
    """A Scenario from a design file (TOML); ModelError on a missing, unreadable or invalid file."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            description = tomllib.load(handle)
    except FileNotFoundError:
        raise ModelError(f"design file {str(path)!r} not found") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ModelError(f"design file {path.name} is not valid TOML: {exc}") from None
    return scenario_from_description(description, path.name, **overrides)


def describe(s: Scenario, tiers: int | None = None, pods: int | None = None) -> str:
    """The design in full, in words: what a result names (fabric, tiers, switches, speeds, tapers)."""
    leaf = s.switch or "catalog's leaf"
    spine = s.spine_switch or leaf
    core = s.core_switch or spine
    link, up = s.link_gbps, s.fabric_link_gbps
    layout = {"fat-tree": "fat tree", "multi-plane": f"{s.planes} planes", "rail-only": "rail-only"}[s.design]
    if s.design == "rail-only":
        layout = f"rail-only ({s.rail_count} rails" + (f" x {s.planes} planes)" if s.planes > 1 else ")")
    fabric = s.fabric or "the default fabric"
    if s.fabric == "scheduled":
        fabric = "scheduled (cells sprayed over the fabric elements)"
    parts = [f"{s.gpus:,} GPUs, {s.nic_gbps:g}G NIC per GPU on {fabric}, {layout}"]
    if tiers:
        parts.append(f"{tiers} tier{'s' if tiers > 1 else ''}")
    leaf_text = f"leaf {leaf}"
    leaf_text += f" {s.gpus_per_leaf} GPUs x {link:g}G" if s.gpus_per_leaf else f" {link:g}G down"
    leaf_text += f", {up:g}G up, {s.oversubscription:g}:1"
    parts.append(leaf_text)
    if tiers is None or tiers >= 2:
        spine_text = f"spine {spine} (spines {'spread each leaf' + chr(39) + 's uplinks evenly' if s.spine_rule == 'even' else 'minimum'})"
        parts.append(spine_text)
    if tiers is None or tiers >= 3:
        pod = f"pods of {s.pod_gpus:,} GPUs" if s.pod_gpus else "pods as large as the spines reach"
        if pods:
            pod += f" ({pods:,} pods)"
        parts.append(f"{pod}, {s.spine_oversubscription:g}:1 to core {core}")
    if s.flows_per_nic:
        parts.append(f"{s.flows_per_nic} ECMP flows per NIC")
    return "; ".join(parts)
