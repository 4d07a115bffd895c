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


def _tornado_cases(s: Scenario, catalog: Catalog, delta: float):
    """(assumption, base value, builder(value) -> (scenario, catalog), clamp to)"""
    sw, nic, system = catalog.switch(s.switch), catalog.nic(s.nic), catalog.system(s.system)
    profile = catalog.fabric(s.fabric)
    host, cage = catalog.host_optic(s.nic_gbps), catalog.switch_optic(sw.cage_gbps)

    def item(table, item_id, field):
        return lambda v: (s, catalog.with_value(table, item_id, field, v))

    def const(name):
        return lambda v: (s, catalog.with_constant(name, v))

    def scen(field):
        return lambda v: (dataclasses.replace(s, **{field: v}), catalog)

    cases = [
        (f"switch price ({sw.switch_id})", sw.price_usd, item("switches", sw.switch_id, "price_usd"), None),
        (f"NIC price ({nic.nic_id})", nic.price_usd, item("nics", nic.nic_id, "price_usd"), None),
        (f"NIC-side transceiver price ({host.optic_id})", host.price_usd, item("optics", host.optic_id, "price_usd"), None),
        (f"switch-side transceiver price ({cage.optic_id})", cage.price_usd, item("optics", cage.optic_id, "price_usd"), None),
        (f"GPU system price ({system.system_id})", system.price_usd, item("systems", system.system_id, "price_usd"), None),
        (f"NIC protocol efficiency ({nic.nic_id})", nic.protocol_efficiency,
         item("nics", nic.nic_id, "protocol_efficiency"), 1.0),
        (f"scale-up bandwidth ({system.system_id})", system.scaleup_GBps, item("systems", system.system_id, "scaleup_GBps"), None),
        ("NCCL network latency per step", catalog.constant("nccl_hw_lat_net_ring_us"), const("nccl_hw_lat_net_ring_us"), None),
        ("NCCL NVLink latency per step", catalog.constant("nccl_hw_lat_nvlink_us"), const("nccl_hw_lat_nvlink_us"), None),
        ("compute time per step", s.compute_s_per_step, scen("compute_s_per_step"), None),
        ("overlap share", s.overlap_share, scen("overlap_share"), 1.0),
        ("parameters (gradient size)", s.params, scen("params"), None),
    ]
    if profile.routing_efficiency is not None:
        cases.append((f"routing efficiency ({profile.fabric_id})", profile.routing_efficiency,
                      item("fabrics", profile.fabric_id, "routing_efficiency"), 1.0))
    return cases


def sensitivity(base: Scenario, catalog: Catalog, delta: float = 0.2) -> pd.DataFrame:
    """Tornado: each assumption at (1 - delta) and (1 + delta) of its value; effect on network
    capex per GPU, cluster capex per effective GPU and step time. Sorted by largest swing."""
    s = resolve_ids(base, catalog)
    reference = evaluate(s, catalog)
    rows = []
    for name, value, build, clamp in _tornado_cases(s, catalog, delta):
        if value is None or value == 0 or value == float("inf"):
            continue
        results = {}
        for side, factor in (("low", 1 - delta), ("high", 1 + delta)):
            new = value * factor if clamp is None else min(value * factor, clamp)
            scenario, cat = build(new)
            results[side] = (new, evaluate(scenario, cat))
        row = {"assumption": name, "base_value": value,
               "low_value": results["low"][0], "high_value": results["high"][0]}
        for metric in ("capex_network_per_gpu_usd", "capex_cluster_per_effective_gpu_usd", "step_time_s"):
            low, high = getattr(results["low"][1], metric), getattr(results["high"][1], metric)
            row[f"{metric}_low"], row[f"{metric}_high"] = low, high
            row[f"{metric}_swing_share"] = abs(high - low) / getattr(reference, metric)
        rows.append(row)
    frame = pd.DataFrame(rows)
    frame["max_swing_share"] = frame[[c for c in frame.columns if c.endswith("_swing_share")]].max(axis=1)
    return frame.sort_values("max_swing_share", ascending=False, ignore_index=True)


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
            "nic": result.scenario.nic, "algorithm": algorithm, "tiers": result.tiers,
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
