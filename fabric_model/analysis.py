"""Questions asked of the model: its assumptions, a tornado of sensitivities, a fabric comparison."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pandas as pd

from .catalog import Catalog, ModelError, Source
from .evaluate import Result, evaluate
from .scenario import Scenario, resolve_ids

COSTMODEL_NOTE = "fabricwatch costmodel-sources note"
METHOD_SOURCES = (
    (
        "fat_tree_sizing",
        "k, k d, k (k/2) d endpoints for 1/2/3 tiers; leaves ceil(n/d), spines, cores by port count",
        "formula",
        Source(
            "Al-Fares et al. SIGCOMM 2008 (classic fat tree) checked against the H100 Freakonomics "
            "spreadsheet switch counts",
            "https://docs.google.com/spreadsheets/d/1Ft3RbeZ-w43kYSiLfYc1vxO41mK5lmJpcPC9GOYHAWc",
            "2024-08",
            "formula",
        ),
    ),
    (
        "transceiver_counting",
        "twin-port switch modules count as one module carrying cage/link links",
        "formula",
        Source(
            "NVIDIA twin-port OSFP docs; optics-to-GPU ratio rules (1.5 x 800G + 1 x 400G per GPU, 2 tiers)",
            "https://docs.nvidia.com/networking/display/800GMMS4X00NS/Overview",
            "",
            "spec",
        ),
    ),
    (
        "busbw_definition",
        "AllReduce busbw = algbw x 2(n-1)/n",
        "formula",
        Source(
            "nccl-tests doc/PERFORMANCE.md",
            "https://github.com/NVIDIA/nccl-tests/blob/03a204a1f38aaea17f1a777885bb2d9600ba7eff/doc/PERFORMANCE.md",
            "",
            "spec",
        ),
    ),
    (
        "collective_bandwidth",
        "ring = min(scale-up, node NIC bw); tree per SimAI calbusbw",
        "formula",
        Source("SimAI calbusbw.cc (Alibaba, NSDI 2025)", "https://github.com/aliyun/SimAI", "", "tool_assumption"),
    ),
    (
        "ecmp_collision_model",
        "delivered share = (P/d) E[min(1, L/q)], L ~ Binomial(q d, 1/P)",
        "formula",
        Source(f"balls into bins, derived ({COSTMODEL_NOTE} B5)", "", "", "derived"),
    ),
    (
        "step_time",
        "step = compute + max(0, comm - overlap x compute)",
        "formula",
        Source(
            "Calculon (SC23) exposed-communication accounting",
            "https://github.com/calculon-ai/calculon",
            "2024-02",
            "tool_assumption",
        ),
    ),
)


def _entry(name: str, value: Any, unit: str, source: Source | None) -> dict[str, Any]:
    source = source or Source("UNCONFIRMED")
    if isinstance(value, float) and not math.isfinite(value):
        value = None  # e.g. no scale-up domain: JSON has no infinity
    return {
        "name": name,
        "value": value,
        "unit": unit,
        "source": source.text,
        "url": source.url,
        "date": source.date,
        "kind": source.kind,
    }


def _item_entries(prefix: str, item, fields: dict[str, str]) -> list[dict[str, Any]]:
    return [
        _entry(f"{prefix}.{name}", getattr(item, name), unit, item.provenance.get(name))
        for name, unit in fields.items()
    ]


def assumptions(catalog: Catalog, scenario: Scenario | None = None) -> list[dict[str, Any]]:
    """Every figure the model uses ({name, value, unit, source, url, date, kind}); only those of
    one scenario when it is given."""
    if scenario is not None:
        s = resolve_ids(scenario, catalog)
        switches, nics = [catalog.switch(s.switch)], [catalog.nic(s.nic)]
        systems, fabrics = [catalog.system(s.system)], [catalog.fabric(s.fabric)]
        optics = [
            catalog.host_optic(s.nic_gbps),
            catalog.switch_optic(switches[0].cage_gbps),
            catalog.cable("fiber" if s.host_links == "optical" else "copper"),
        ]
    else:
        switches, nics = list(catalog.switches.values()), list(catalog.nics.values())
        systems, fabrics = list(catalog.systems.values()), list(catalog.fabrics.values())
        optics = list(catalog.optics.values())
    out: list[dict[str, Any]] = []
    for sw in switches:
        out += _item_entries(
            f"switch.{sw.switch_id}",
            sw,
            {"capacity_tbps": "Tbps", "cage_gbps": "Gbps", "latency_ns": "ns", "price_usd": "USD", "power_w": "W"},
        )
        configs = ";".join(f"{p}x{g}" for p, g in sw.port_configs)
        out.append(
            _entry(f"switch.{sw.switch_id}.port_configs", configs, "ports x Gbps", sw.provenance.get("port_configs"))
        )
    for nic in nics:
        out += _item_entries(
            f"nic.{nic.nic_id}",
            nic,
            {"speed_gbps": "Gbps", "protocol_efficiency": "share", "price_usd": "USD", "power_w": "W"},
        )
    for optic in optics:
        out += _item_entries(f"optic.{optic.optic_id}", optic, {"price_usd": "USD", "power_w": "W"})
    for system in systems:
        out += _item_entries(
            f"system.{system.system_id}",
            system,
            {
                "gpus_per_domain": "gpus",
                "scaleup_GBps": "GBps",
                "scaleup_efficiency": "share",
                "price_usd": "USD",
                "power_w": "W",
            },
        )
    for profile in fabrics:
        name = "routing_efficiency" if profile.routing_efficiency is not None else "ecmp_flows_per_nic"
        unit = "share" if name == "routing_efficiency" else "count"
        out.append(
            _entry(f"fabric.{profile.fabric_id}.{name}", getattr(profile, name), unit, profile.provenance.get(name))
        )
    for constant in catalog.constants.values():
        out.append(_entry(f"constant.{constant.name}", constant.value, constant.unit, constant.source))
    if scenario is not None:
        workload = Source(
            "illustrative default, not a measurement (fabric_model/scenario.py); set per run", kind="illustrative"
        )
        for name, unit in (
            ("params", "count"),
            ("bytes_per_grad_element", "bytes"),
            ("compute_s_per_step", "s"),
            ("overlap_share", "share"),
        ):
            out.append(_entry(f"workload.{name}", getattr(s, name), unit, workload))
    for name, value, unit, source in METHOD_SOURCES:
        out.append(_entry(f"method.{name}", value, unit, source))
    return out


def _tornado_cases(s: Scenario, catalog: Catalog):
    """(assumption, table, item, field, base value, builder(value) -> (scenario, catalog), clamp to)"""
    sw, nic, system = catalog.switch(s.switch), catalog.nic(s.nic), catalog.system(s.system)
    profile = catalog.fabric(s.fabric)
    host, cage = catalog.host_optic(s.nic_gbps), catalog.switch_optic(sw.cage_gbps)
    cable = catalog.cable("fiber" if s.host_links == "optical" else "copper")

    def item(table, item_id, field):
        return lambda v: (s, catalog.with_value(table, item_id, field, v))

    def const(name):
        return lambda v: (s, catalog.with_constant(name, v))

    def scen(field):
        return lambda v: (dataclasses.replace(s, **{field: v}), catalog)

    def catalog_case(label, table, item_id, field, value, clamp=None):
        return (label, table, item_id, field, value, item(table, item_id, field), clamp)

    cases = [
        catalog_case(f"switch price ({sw.switch_id})", "switches", sw.switch_id, "price_usd", sw.price_usd),
        catalog_case(f"switch power ({sw.switch_id})", "switches", sw.switch_id, "power_w", sw.power_w),
        catalog_case(f"NIC price ({nic.nic_id})", "nics", nic.nic_id, "price_usd", nic.price_usd),
        catalog_case(f"NIC power ({nic.nic_id})", "nics", nic.nic_id, "power_w", nic.power_w),
        catalog_case(
            f"NIC-side transceiver price ({host.optic_id})", "optics", host.optic_id, "price_usd", host.price_usd
        ),
        catalog_case(
            f"switch-side transceiver price ({cage.optic_id})", "optics", cage.optic_id, "price_usd", cage.price_usd
        ),
        catalog_case(f"cable price ({cable.optic_id})", "optics", cable.optic_id, "price_usd", cable.price_usd),
        catalog_case(
            f"GPU system price ({system.system_id})", "systems", system.system_id, "price_usd", system.price_usd
        ),
        catalog_case(
            f"NIC protocol efficiency ({nic.nic_id})",
            "nics",
            nic.nic_id,
            "protocol_efficiency",
            nic.protocol_efficiency,
            1.0,
        ),
        catalog_case(
            f"scale-up bandwidth ({system.system_id})", "systems", system.system_id, "scaleup_GBps", system.scaleup_GBps
        ),
        (
            "NCCL network latency per step",
            "constants",
            "",
            "nccl_hw_lat_net_ring_us",
            catalog.constant("nccl_hw_lat_net_ring_us"),
            const("nccl_hw_lat_net_ring_us"),
            None,
        ),
        (
            "NCCL NVLink latency per step",
            "constants",
            "",
            "nccl_hw_lat_nvlink_us",
            catalog.constant("nccl_hw_lat_nvlink_us"),
            const("nccl_hw_lat_nvlink_us"),
            None,
        ),
        (
            "compute time per step",
            "workload",
            "",
            "compute_s_per_step",
            s.compute_s_per_step,
            scen("compute_s_per_step"),
            None,
        ),
        ("overlap share", "workload", "", "overlap_share", s.overlap_share, scen("overlap_share"), 1.0),
        ("parameters (gradient size)", "workload", "", "params", s.params, scen("params"), None),
    ]
    for other_id in dict.fromkeys(x for x in (s.spine_switch, s.core_switch) if x and x != sw.switch_id):
        other = catalog.switch(other_id)
        cases += [
            catalog_case(f"switch price ({other_id})", "switches", other_id, "price_usd", other.price_usd),
            catalog_case(f"switch power ({other_id})", "switches", other_id, "power_w", other.power_w),
        ]
    if profile.routing_efficiency is not None:
        cases.append(
            catalog_case(
                f"routing efficiency ({profile.fabric_id})",
                "fabrics",
                profile.fabric_id,
                "routing_efficiency",
                profile.routing_efficiency,
                1.0,
            )
        )
    return cases


def _bounds(catalog: Catalog, table: str, item_id: str, field: str, value: float, delta: float, clamp):
    """(low, high, basis): the figure's range from ranges.csv, else ±delta (an assumed band)."""
    found = catalog.value_range(table, item_id, field, value) if item_id else None
    if found:
        low, high, basis = found
    else:
        low, high, basis = value * (1 - delta), value * (1 + delta), f"assumed ±{delta:.0%} (no sourced range)"
    if clamp is not None:
        low, high = min(low, clamp), min(high, clamp)
    return low, high, basis


def sensitivity(base: Scenario, catalog: Catalog, delta: float = 0.2) -> pd.DataFrame:
    """Tornado: each assumption at the low and high end of its range (ranges.csv: sourced ranges or
    labelled assumed bands; ±delta where none is recorded); effect on network capex per GPU, cluster
    capex per effective GPU and step time. Sorted by largest swing. (All cases in one kernel call.)"""
    from .kernel import inputs_for

    s = resolve_ids(base, catalog)
    metrics = ("capex_network_per_gpu_usd", "capex_cluster_per_effective_gpu_usd", "step_time_s")
    meta, rows = [], [inputs_for(s, catalog)]
    for name, table, item_id, field, value, build, clamp in _tornado_cases(s, catalog):
        if value is None or value == 0 or value == float("inf"):
            continue
        low_value, high_value, basis = _bounds(catalog, table, item_id, field, value, delta, clamp)
        meta.append((name, value, low_value, high_value, basis))
        for new in (low_value, high_value):
            scenario, cat = build(new)
            rows.append(inputs_for(scenario, cat))
    out = _metric_rows(rows, catalog, metrics)
    reference = {m: float(out[m][0]) for m in metrics}
    frame_rows = []
    for i, (name, value, low_value, high_value, basis) in enumerate(meta):
        row = {
            "assumption": name,
            "base_value": value,
            "low_value": low_value,
            "high_value": high_value,
            "range_basis": basis,
        }
        for metric in metrics:
            low, high = float(out[metric][1 + 2 * i]), float(out[metric][2 + 2 * i])
            row[f"{metric}_low"], row[f"{metric}_high"] = low, high
            row[f"{metric}_swing_share"] = abs(high - low) / reference[metric]
        frame_rows.append(row)
    frame = pd.DataFrame(frame_rows)
    frame["max_swing_share"] = frame[[c for c in frame.columns if c.endswith("_swing_share")]].max(axis=1)
    return frame.sort_values("max_swing_share", ascending=False, ignore_index=True)


def assumption_shares(result: Result, catalog: Catalog) -> list[dict[str, Any]]:
    """How much of the network's capex and power each catalog figure of this scenario drives, with
    the figure's kind (spec, estimate, assumption, ...): an analyst sees what rests on a guess."""
    s = result.scenario
    sw, nic = catalog.switch(s.switch), catalog.nic(s.nic)
    host, cage = catalog.host_optic(s.nic_gbps), catalog.switch_optic(sw.cage_gbps)
    fiber, dac = catalog.cable("fiber"), catalog.cable("copper")
    capex, power = result.capex_network_usd, result.power_network_w
    # each tier's switch drives its own count x its price and power (a chassis spine is not the leaf's price)
    tier_counts: dict[str, float] = {}
    for switch_id, count in (
        (s.switch, result.switches_leaf),
        (s.spine_switch or s.switch, result.switches_spine),
        (s.core_switch or s.spine_switch or s.switch, result.switches_core),
    ):
        tier_counts[switch_id] = tier_counts.get(switch_id, 0.0) + count
    parts = []
    for switch_id, count in tier_counts.items():
        item = catalog.switch(switch_id)
        parts += [
            (f"switch.{switch_id}.price_usd", item, "price_usd", count * item.price_usd, capex, "capex"),
            (f"switch.{switch_id}.power_w", item, "power_w", count * item.power_w, power, "power"),
        ]
    parts += [
        (f"nic.{nic.nic_id}.price_usd", nic, "price_usd", result.capex_nics_usd, capex, "capex"),
        (f"nic.{nic.nic_id}.power_w", nic, "power_w", result.power_nics_w, power, "power"),
        (f"optic.{host.optic_id}.price_usd", host, "price_usd", result.capex_host_optics_usd, capex, "capex"),
        (f"optic.{host.optic_id}.power_w", host, "power_w", result.power_host_optics_w, power, "power"),
        (f"optic.{cage.optic_id}.price_usd", cage, "price_usd", result.capex_switch_optics_usd, capex, "capex"),
        (f"optic.{cage.optic_id}.power_w", cage, "power_w", result.power_switch_optics_w, power, "power"),
        (f"optic.{fiber.optic_id}.price_usd", fiber, "price_usd", result.capex_fiber_usd, capex, "capex"),
        (f"optic.{dac.optic_id}.price_usd", dac, "price_usd", result.capex_dac_usd, capex, "capex"),
    ]
    out = []
    for name, item, field, part, total, drives in parts:
        if not part:
            continue
        source = item.provenance.get(field) or Source("UNCONFIRMED")
        out.append(
            {
                "name": name,
                "value": getattr(item, field),
                "kind": source.kind,
                "drives": drives,
                "share": part / total if total else 0.0,
                "source": source.text,
            }
        )
    return sorted(out, key=lambda a: -a["share"])


RANKING_METRIC = "capex_cluster_per_effective_gpu_usd"


def _fabric_scenarios(base: Scenario, catalog: Catalog) -> dict[str, Scenario]:
    """The base cluster resolved on every fabric that can build it (as compare_fabrics does)."""
    out = {}
    for fabric_id, profile in catalog.fabrics.items():
        switch = base.switch if base.switch and fabric_id in catalog.switch(base.switch).fabrics else None
        algorithm = base.algorithm if base.algorithm != "in-network" or profile.in_network_reduction else "ring"
        flows = base.flows_per_nic if profile.uses_ecmp_hashing else None
        try:
            out[fabric_id] = resolve_ids(
                dataclasses.replace(
                    base, fabric=fabric_id, switch=switch, algorithm=algorithm, nic=None, flows_per_nic=flows
                ),
                catalog,
            )
        except ModelError:
            continue
    return out


def _metric_rows(rows: list[dict[str, float]], catalog: Catalog, metric: str = "capex_cluster_per_effective_gpu_usd"):
    """One vectorized kernel call for many resolved input rows (kernel.inputs_for); returns `metric` per row."""
    from .kernel import compute

    x = {name: np.asarray([row[name] for row in rows]) for name in rows[0]}
    x["host_copper"] = x["host_copper"].astype(bool)
    x["shared_planes"] = x["shared_planes"].astype(bool)
    x["algorithm_code"] = x["algorithm_code"].astype(np.int64)
    out = compute(x, catalog)
    return out[metric] if isinstance(metric, str) else {m: out[m] for m in metric}


def ranking_sensitivity(base: Scenario, catalog: Catalog, delta: float = 0.2) -> pd.DataFrame:
    """Does the cheapest fabric per effective GPU change when one price or efficiency assumption of
    any fabric moves to the low or high end of its range? One row per assumption and end.
    (Every case and fabric is one row of a single vectorized kernel call.)"""
    from .kernel import inputs_for

    scenarios = _fabric_scenarios(base, catalog)
    if not scenarios:
        return pd.DataFrame()
    fabrics = list(scenarios)
    base_rows = [inputs_for(s, catalog) for s in scenarios.values()]
    base_values = _metric_rows(base_rows, catalog)
    winner = fabrics[int(np.nanargmin(base_values))]
    cases, seen = [], set()
    for scenario in scenarios.values():
        for case in _tornado_cases(scenario, catalog):
            name, table, item_id, field, value = case[:5]
            if table in ("workload", "constants", "systems") or (table, item_id, field) in seen:
                continue
            seen.add((table, item_id, field))
            cases.append(case)
    meta, rows = [], []
    for name, table, item_id, field, value, _build, clamp in cases:
        if not value:
            continue
        low, high, basis = _bounds(catalog, table, item_id, field, value, delta, clamp)
        for side, new in (("low", low), ("high", high)):
            changed = catalog.with_value(table, item_id, field, new)
            meta.append((name, side, new, value, basis))
            rows += [inputs_for(s, changed) for s in scenarios.values()]
    if not rows:
        return pd.DataFrame()
    values = np.asarray(_metric_rows(rows, catalog)).reshape(len(meta), len(fabrics))
    out = []
    for (name, side, new, value, basis), per_fabric in zip(meta, values):
        new_winner = fabrics[int(np.nanargmin(per_fabric))]
        out.append(
            {
                "assumption": name,
                "end": side,
                "value": new,
                "base_value": value,
                "range_basis": basis,
                "winner": new_winner,
                "base_winner": winner,
                "winner_changes": new_winner != winner,
                **{f"{RANKING_METRIC}:{f}": v for f, v in zip(fabrics, per_fabric)},
            }
        )
    return pd.DataFrame(out)


# The workload's figures an analyst changes first, and the factors tried (x the base value; overlap as a share).
WORKLOAD_FACTORS = {
    "params": (0.125, 0.25, 0.5, 2.0, 4.0, 8.0),
    "compute_s_per_step": (0.25, 0.5, 2.0, 4.0),
    "overlap_share": (0.0, 0.25, 0.5, 0.75, 1.0),
}


def workload_flips(base: Scenario, catalog: Catalog) -> pd.DataFrame:
    """Which fabric is cheapest per effective GPU as the workload changes: gradient size (parameters),
    compute per step and the overlap share, one at a time. One row per case with the winner, whether
    it differs from the base winner, and each fabric's exposed communication."""
    from .kernel import inputs_for

    scenarios = _fabric_scenarios(base, catalog)
    if not scenarios:
        return pd.DataFrame()
    fabrics = list(scenarios)
    meta, rows = [("base", 1.0, None)], [inputs_for(s, catalog) for s in scenarios.values()]
    for field, factors in WORKLOAD_FACTORS.items():
        for factor in factors:
            value = factor if field == "overlap_share" else getattr(base, field) * factor
            if field == "overlap_share" and value == base.overlap_share:
                continue
            meta.append((field, factor, value))
            for s in scenarios.values():
                rows.append({**inputs_for(s, catalog), field: value})
    metrics = _metric_rows(rows, catalog, ("capex_cluster_per_effective_gpu_usd", "exposed_comm_s", "step_time_s"))
    cost = np.asarray(metrics["capex_cluster_per_effective_gpu_usd"]).reshape(len(meta), len(fabrics))
    exposed = np.asarray(metrics["exposed_comm_s"]).reshape(len(meta), len(fabrics))
    base_winner = fabrics[int(np.nanargmin(cost[0]))]
    out = []
    for (field, factor, value), costs, exp in zip(meta, cost, exposed):
        new_winner = fabrics[int(np.nanargmin(costs))]
        out.append(
            {
                "workload": field,
                "factor": factor,
                "value": value,
                "winner": new_winner,
                "base_winner": base_winner,
                "winner_changes": new_winner != base_winner,
                **{f"cost:{f}": c for f, c in zip(fabrics, costs)},
                **{f"exposed_comm_s:{f}": e for f, e in zip(fabrics, exp)},
            }
        )
    return pd.DataFrame(out)


def decomposition(base: Scenario, catalog: Catalog) -> pd.DataFrame:
    """Why a fabric wins: per fabric, cost per GPU by part (servers, switches, NICs, optics, cables),
    step time by part (compute, exposed communication) and the cost per effective GPU they give
    (cluster capex per GPU / utilization)."""
    rows = []
    for fabric_id, scenario in _fabric_scenarios(base, catalog).items():
        r = evaluate(scenario, catalog)
        gpus = r.scenario.gpus
        rows.append(
            {
                "fabric": fabric_id,
                "design": r.design_description,
                "switch": r.scenario.switch,
                "nic": r.scenario.nic,
                "servers_per_gpu_usd": r.capex_servers_usd / gpus,
                "switches_per_gpu_usd": r.capex_switches_usd / gpus,
                "nics_per_gpu_usd": r.capex_nics_usd / gpus,
                "optics_per_gpu_usd": r.capex_optics_usd / gpus,
                "cables_per_gpu_usd": r.capex_cables_usd / gpus,
                "cluster_per_gpu_usd": r.capex_cluster_usd / gpus,
                "network_power_per_gpu_w": r.power_network_w / gpus,
                "compute_s": r.scenario.compute_s_per_step,
                "comm_time_s": r.comm_time_s,
                "hidden_comm_s": r.comm_time_s - r.exposed_comm_s,
                "exposed_comm_s": r.exposed_comm_s,
                "step_time_s": r.step_time_s,
                "gpu_utilization": r.gpu_utilization,
                "effective_GBps_per_gpu": r.effective_GBps_per_gpu,
                "allreduce_algorithm": r.allreduce_algorithm,
                "capex_cluster_per_effective_gpu_usd": r.capex_cluster_per_effective_gpu_usd,
            }
        )
    frame = pd.DataFrame(rows)
    if not frame.empty:
        best = frame[RANKING_METRIC].min()
        frame["vs_winner_share"] = frame[RANKING_METRIC] / best - 1
    return frame.sort_values(RANKING_METRIC, ignore_index=True) if not frame.empty else frame


def compare_fabrics(base: Scenario, catalog: Catalog, baseline: str = "roce-ecmp") -> pd.DataFrame:
    """The same cluster on every fabric: network share of cost vs performance gained.

    A fabric keeps the base switch when it runs on it, else takes its default switch; in-network
    reduction falls back to ring where a fabric lacks it. `pays_for_itself` is true when the
    cluster capex per effective GPU (capex / (GPUs x utilization)) is below the baseline's.
    """
    rows = []
    results: dict[str, Result] = {}
    for fabric_id, profile in catalog.fabrics.items():
        switch = base.switch if base.switch and fabric_id in catalog.switch(base.switch).fabrics else None
        algorithm = base.algorithm if base.algorithm != "in-network" or profile.in_network_reduction else "ring"
        flows = base.flows_per_nic if profile.uses_ecmp_hashing else None
        scenario = dataclasses.replace(
            base, fabric=fabric_id, switch=switch, algorithm=algorithm, nic=None, flows_per_nic=flows
        )
        try:
            results[fabric_id] = result = evaluate(scenario, catalog)
        except ModelError as exc:
            rows.append({"fabric": fabric_id, "feasible": False, "error": str(exc)})
            continue
        rows.append(
            {
                "fabric": fabric_id,
                "feasible": True,
                "error": "",
                "switch": result.scenario.switch,
                "nic": result.scenario.nic,
                "algorithm": algorithm,
                "design": result.scenario.design,
                "planes": result.planes,
                "max_endpoints": result.max_endpoints,
                "tiers": result.tiers,
                "switches_total": result.switches_total,
                "capex_network_usd": result.capex_network_usd,
                "capex_network_per_gpu_usd": result.capex_network_per_gpu_usd,
                "capex_cluster_usd": result.capex_cluster_usd,
                "network_share_of_cluster_capex": result.network_share_of_cluster_capex,
                "power_network_w": result.power_network_w,
                "fabric_efficiency": result.fabric_efficiency,
                "effective_GBps_per_gpu": result.effective_GBps_per_gpu,
                "allreduce_busbw_GBps": result.allreduce_busbw_GBps,
                "step_time_s": result.step_time_s,
                "gpu_utilization": result.gpu_utilization,
                "capex_cluster_per_effective_gpu_usd": result.capex_cluster_per_effective_gpu_usd,
            }
        )
    frame = pd.DataFrame(rows)
    ref = results.get(baseline)
    if ref is not None:
        ok = frame["feasible"]
        frame.loc[ok, "capex_cluster_change_share"] = frame.loc[ok, "capex_cluster_usd"] / ref.capex_cluster_usd - 1
        frame.loc[ok, "throughput_gain_share"] = frame.loc[ok, "gpu_utilization"] / ref.gpu_utilization - 1
        per_eff = frame.loc[ok, "capex_cluster_per_effective_gpu_usd"]
        frame.loc[ok, "cost_per_effective_gpu_change_share"] = per_eff / ref.capex_cluster_per_effective_gpu_usd - 1
        frame.loc[ok, "pays_for_itself"] = per_eff < ref.capex_cluster_per_effective_gpu_usd
        frame["baseline"] = baseline
    return frame
