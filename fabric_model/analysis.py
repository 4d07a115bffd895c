"""Questions asked of the model: its assumptions, a tornado of sensitivities, a fabric comparison."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pandas as pd

from .catalog import Catalog, ModelError, Source
from .evaluate import Result, evaluate
from .scenario import Scenario, resolve_ids

COSTMODEL_NOTE = "fabricwatch costmodel-sources note"
METHOD_SOURCES = (
    ("fat_tree_sizing", "k, k d, k (k/2) d endpoints for 1/2/3 tiers; leaves ceil(n/d), spines, cores by port count",
     "formula", Source("Al-Fares et al. SIGCOMM 2008 (classic fat tree) checked against the H100 Freakonomics "
                       "spreadsheet switch counts", "https://docs.google.com/spreadsheets/d/1Ft3RbeZ-w43kYSiLfYc1vxO41mK5lmJpcPC9GOYHAWc",
                       "2024-08", "formula")),
    ("transceiver_counting", "twin-port switch modules count as one module carrying cage/link links",
     "formula", Source("NVIDIA twin-port OSFP docs; optics-to-GPU ratio rules (1.5 x 800G + 1 x 400G per GPU, 2 tiers)",
                       "https://docs.nvidia.com/networking/display/800GMMS4X00NS/Overview", "", "spec")),
    ("busbw_definition", "AllReduce busbw = algbw x 2(n-1)/n", "formula",
     Source("nccl-tests doc/PERFORMANCE.md", "https://github.com/NVIDIA/nccl-tests/blob/03a204a1f38aaea17f1a777885bb2d9600ba7eff/doc/PERFORMANCE.md",
            "", "spec")),
    ("collective_bandwidth", "ring = min(scale-up, node NIC bw); tree per SimAI calbusbw", "formula",
     Source("SimAI calbusbw.cc (Alibaba, NSDI 2025)", "https://github.com/aliyun/SimAI", "", "tool_assumption")),
    ("ecmp_collision_model", "delivered share = (P/d) E[min(1, L/q)], L ~ Binomial(q d, 1/P)", "formula",
     Source(f"balls into bins, derived ({COSTMODEL_NOTE} B5)", "", "", "derived")),
    ("step_time", "step = compute + max(0, comm - overlap x compute)", "formula",
     Source("Calculon (SC23) exposed-communication accounting", "https://github.com/calculon-ai/calculon", "2024-02",
            "tool_assumption")),
)


def _entry(name: str, value: Any, unit: str, source: Source | None) -> dict[str, Any]:
    source = source or Source("UNCONFIRMED")
    if isinstance(value, float) and not math.isfinite(value):
        value = None  # e.g. no scale-up domain: JSON has no infinity
    return {"name": name, "value": value, "unit": unit, "source": source.text, "url": source.url,
            "date": source.date, "kind": source.kind}


def _item_entries(prefix: str, item, fields: dict[str, str]) -> list[dict[str, Any]]:
    return [_entry(f"{prefix}.{name}", getattr(item, name), unit, item.provenance.get(name))
            for name, unit in fields.items()]


def assumptions(catalog: Catalog, scenario: Scenario | None = None) -> list[dict[str, Any]]:
    """Every figure the model uses ({name, value, unit, source, url, date, kind}); only those of
    one scenario when it is given."""
    if scenario is not None:
        s = resolve_ids(scenario, catalog)
        switches, nics = [catalog.switch(s.switch)], [catalog.nic(s.nic)]
        systems, fabrics = [catalog.system(s.system)], [catalog.fabric(s.fabric)]
        optics = [catalog.host_optic(s.nic_gbps), catalog.switch_optic(switches[0].cage_gbps),
                  catalog.cable("fiber" if s.host_links == "optical" else "copper")]
    else:
        switches, nics = list(catalog.switches.values()), list(catalog.nics.values())
        systems, fabrics = list(catalog.systems.values()), list(catalog.fabrics.values())
        optics = list(catalog.optics.values())
    out: list[dict[str, Any]] = []
    for sw in switches:
        out += _item_entries(f"switch.{sw.switch_id}", sw, {"capacity_tbps": "Tbps", "cage_gbps": "Gbps",
                                                             "latency_ns": "ns", "price_usd": "USD", "power_w": "W"})
        configs = ";".join(f"{p}x{g}" for p, g in sw.port_configs)
        out.append(_entry(f"switch.{sw.switch_id}.port_configs", configs, "ports x Gbps",
                          sw.provenance.get("port_configs")))
    for nic in nics:
        out += _item_entries(f"nic.{nic.nic_id}", nic, {"speed_gbps": "Gbps", "protocol_efficiency": "share",
                                                         "price_usd": "USD", "power_w": "W"})
    for optic in optics:
        out += _item_entries(f"optic.{optic.optic_id}", optic, {"price_usd": "USD", "power_w": "W"})
    for system in systems:
        out += _item_entries(f"system.{system.system_id}", system, {
            "gpus_per_domain": "gpus", "scaleup_GBps": "GBps", "scaleup_efficiency": "share",
            "price_usd": "USD", "power_w": "W"})
    for profile in fabrics:
        name = "routing_efficiency" if profile.routing_efficiency is not None else "ecmp_flows_per_nic"
        unit = "share" if name == "routing_efficiency" else "count"
        out.append(_entry(f"fabric.{profile.fabric_id}.{name}", getattr(profile, name), unit,
                          profile.provenance.get(name)))
    for constant in catalog.constants.values():
        out.append(_entry(f"constant.{constant.name}", constant.value, constant.unit, constant.source))
    if scenario is not None:
        workload = Source("illustrative default, not a measurement (fabric_model/scenario.py); set per run",
                          kind="illustrative")
        for name, unit in (("params", "count"), ("bytes_per_grad_element", "bytes"),
                           ("compute_s_per_step", "s"), ("overlap_share", "share")):
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
        catalog_case(f"NIC-side transceiver price ({host.optic_id})", "optics", host.optic_id, "price_usd", host.price_usd),
        catalog_case(f"switch-side transceiver price ({cage.optic_id})", "optics", cage.optic_id, "price_usd", cage.price_usd),
        catalog_case(f"cable price ({cable.optic_id})", "optics", cable.optic_id, "price_usd", cable.price_usd),
        catalog_case(f"GPU system price ({system.system_id})", "systems", system.system_id, "price_usd", system.price_usd),
        catalog_case(f"NIC protocol efficiency ({nic.nic_id})", "nics", nic.nic_id, "protocol_efficiency",
                     nic.protocol_efficiency, 1.0),
        catalog_case(f"scale-up bandwidth ({system.system_id})", "systems", system.system_id, "scaleup_GBps",
                     system.scaleup_GBps),
        ("NCCL network latency per step", "constants", "", "nccl_hw_lat_net_ring_us",
         catalog.constant("nccl_hw_lat_net_ring_us"), const("nccl_hw_lat_net_ring_us"), None),
        ("NCCL NVLink latency per step", "constants", "", "nccl_hw_lat_nvlink_us",
         catalog.constant("nccl_hw_lat_nvlink_us"), const("nccl_hw_lat_nvlink_us"), None),
        ("compute time per step", "workload", "", "compute_s_per_step", s.compute_s_per_step,
         scen("compute_s_per_step"), None),
        ("overlap share", "workload", "", "overlap_share", s.overlap_share, scen("overlap_share"), 1.0),
        ("parameters (gradient size)", "workload", "", "params", s.params, scen("params"), None),
    ]
    if profile.routing_efficiency is not None:
        cases.append(catalog_case(f"routing efficiency ({profile.fabric_id})", "fabrics", profile.fabric_id,
                                  "routing_efficiency", profile.routing_efficiency, 1.0))
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
    capex per effective GPU and step time. Sorted by largest swing."""
    s = resolve_ids(base, catalog)
    reference = evaluate(s, catalog)
    rows = []
    for name, table, item_id, field, value, build, clamp in _tornado_cases(s, catalog):
        if value is None or value == 0 or value == float("inf"):
            continue
        low_value, high_value, basis = _bounds(catalog, table, item_id, field, value, delta, clamp)
        results = {}
        for side, new in (("low", low_value), ("high", high_value)):
            scenario, cat = build(new)
            results[side] = (new, evaluate(scenario, cat))
        row = {"assumption": name, "base_value": value, "low_value": low_value, "high_value": high_value,
               "range_basis": basis}
        for metric in ("capex_network_per_gpu_usd", "capex_cluster_per_effective_gpu_usd", "step_time_s"):
            low, high = getattr(results["low"][1], metric), getattr(results["high"][1], metric)
            row[f"{metric}_low"], row[f"{metric}_high"] = low, high
            row[f"{metric}_swing_share"] = abs(high - low) / getattr(reference, metric)
        rows.append(row)
    frame = pd.DataFrame(rows)
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
    parts = [
        (f"switch.{sw.switch_id}.price_usd", sw, "price_usd", result.capex_switches_usd, capex, "capex"),
        (f"switch.{sw.switch_id}.power_w", sw, "power_w", result.power_switches_w, power, "power"),
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
        out.append({"name": name, "value": getattr(item, field), "kind": source.kind, "drives": drives,
                    "share": part / total if total else 0.0, "source": source.text})
    return sorted(out, key=lambda a: -a["share"])


RANKING_METRIC = "capex_cluster_per_effective_gpu_usd"


def ranking_sensitivity(base: Scenario, catalog: Catalog, delta: float = 0.2) -> pd.DataFrame:
    """Does the cheapest fabric per effective GPU change when one price or efficiency assumption of
    any fabric moves to the low or high end of its range? One row per assumption and end."""
    reference = compare_fabrics(base, catalog)
    feasible = reference[reference["feasible"]]
    if feasible.empty:
        return pd.DataFrame()
    winner = feasible.loc[feasible[RANKING_METRIC].idxmin(), "fabric"]
    cases, seen = [], set()
    for rec in feasible.to_dict("records"):
        scenario = resolve_ids(dataclasses.replace(base, fabric=rec["fabric"], switch=rec["switch"], nic=rec["nic"],
                                                   algorithm=rec["algorithm"]), catalog)
        for case in _tornado_cases(scenario, catalog):
            name, table, item_id, field, value = case[:5]
            if table in ("workload", "constants", "systems") or (table, item_id, field) in seen:
                continue
            seen.add((table, item_id, field))
            cases.append(case)
    rows = []
    for name, table, item_id, field, value, _build, clamp in cases:
        if not value:
            continue
        low, high, basis = _bounds(catalog, table, item_id, field, value, delta, clamp)
        for side, new in (("low", low), ("high", high)):
            changed = catalog.with_value(table, item_id, field, new)
            frame = compare_fabrics(base, changed)
            ok = frame[frame["feasible"]]
            new_winner = ok.loc[ok[RANKING_METRIC].idxmin(), "fabric"]
            rows.append({"assumption": name, "end": side, "value": new, "base_value": value, "range_basis": basis,
                         "winner": new_winner, "base_winner": winner, "winner_changes": new_winner != winner,
                         **{f"{RANKING_METRIC}:{f}": v for f, v in zip(ok["fabric"], ok[RANKING_METRIC])}})
    return pd.DataFrame(rows)


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
        scenario = dataclasses.replace(base, fabric=fabric_id, switch=switch, algorithm=algorithm, nic=None)
        try:
            results[fabric_id] = result = evaluate(scenario, catalog)
        except ModelError as exc:
            rows.append({"fabric": fabric_id, "feasible": False, "error": str(exc)})
            continue
        rows.append({
            "fabric": fabric_id, "feasible": True, "error": "", "switch": result.scenario.switch,
            "nic": result.scenario.nic, "algorithm": algorithm, "design": result.scenario.design,
            "planes": result.planes, "max_endpoints": result.max_endpoints, "tiers": result.tiers,
            "switches_total": result.switches_total, "capex_network_usd": result.capex_network_usd,
            "capex_network_per_gpu_usd": result.capex_network_per_gpu_usd,
            "capex_cluster_usd": result.capex_cluster_usd,
            "network_share_of_cluster_capex": result.network_share_of_cluster_capex,
            "power_network_w": result.power_network_w, "fabric_efficiency": result.fabric_efficiency,
            "effective_GBps_per_gpu": result.effective_GBps_per_gpu,
            "allreduce_busbw_GBps": result.allreduce_busbw_GBps, "step_time_s": result.step_time_s,
            "gpu_utilization": result.gpu_utilization,
            "capex_cluster_per_effective_gpu_usd": result.capex_cluster_per_effective_gpu_usd,
        })
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
