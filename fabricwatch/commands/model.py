"""`fabricwatch model`: run the fabric cost-performance model for one scenario."""

from __future__ import annotations

import argparse
import json
import math
import sys

from fabric_model.catalog import ModelError
from fabric_model.collectives import IN_NETWORK
from fabric_model.scenario import ALGORITHMS, FABRICS, HOST_LINKS, SPINE_RULES, Scenario
from fabric_model.scenario import (
    DEFAULT_ALGORITHM,
    DEFAULT_BYTES_PER_GRAD_ELEMENT,
    DEFAULT_COMPUTE_S_PER_STEP,
    DEFAULT_FABRIC,
    DEFAULT_MESSAGE_BYTES,
    DEFAULT_OVERLAP_SHARE,
    DEFAULT_PARAMS,
)

NAME = "model"
HELP = "Size, cost and time a GPU cluster's scale-out fabric (switches, optics, NICs, AllReduce, step time)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Scenario options default to None so that a --design file's values stay unless an option is given.
    parser.add_argument(
        "--gpus", type=int, default=None, help="number of GPUs in the cluster (required unless --design gives it)"
    )
    parser.add_argument(
        "--design",
        metavar="FILE",
        default=None,
        help="a whole topology description (TOML: leaf/spine/core tables, planes, rails, GPUs per "
        "leaf, pods, tapers, flows per NIC; see fabric_model/design.py and "
        "docs/fabric-model-designs.md); options given here override the file",
    )
    parser.add_argument(
        "--switch",
        help="leaf switch id from the catalog (e.g. quantum-2, quantum-x800, spectrum-4, "
        "tomahawk-4, tomahawk-5, tomahawk-6, silicon-one-g200, minipack2); default: the fabric's first "
        "switch that has ports of the NIC speed and reaches the GPUs in three tiers",
    )
    parser.add_argument("--spine-switch", help="spine switch id (default: the leaf switch; e.g. arista-7808r3)")
    parser.add_argument("--core-switch", help="core switch id (default: the spine switch)")
    parser.add_argument(
        "--fabric",
        choices=FABRICS,
        default=None,
        help=f"fabric profile (default: the --switch's family, e.g. Tomahawk -> roce-ecmp, Spectrum -> "
        f"spectrum-x, Quantum -> ib, Jericho3-AI -> scheduled (cells sprayed over Ramon3 fabric "
        f"elements); without --switch: {DEFAULT_FABRIC})",
    )
    parser.add_argument("--nic-gbps", type=int, default=None, help="NIC speed per GPU in Gb/s (default: 400)")
    parser.add_argument(
        "--gpus-per-node",
        type=int,
        default=None,
        help="GPUs per node or NVLink domain (default: 8; 72 selects GB200 NVL72)",
    )
    tiers = parser.add_argument_group(
        "tiers (default: every tier at the host link speed, leaves filled, "
        "non-blocking, spines spread each leaf's uplinks evenly)"
    )
    tiers.add_argument(
        "--oversubscription",
        type=float,
        default=None,
        help="leaf down:up ratio, e.g. 2 for 2:1, 0.5 for twice the uplinks (default: 1, non-blocking)",
    )
    tiers.add_argument(
        "--spine-oversubscription",
        type=float,
        default=None,
        help="spine down:up taper toward the core in three tiers, e.g. 7 for Meta's 1:7 between pods (default: 1)",
    )
    tiers.add_argument(
        "--uplink-gbps",
        type=int,
        default=None,
        help="speed of the links above the leaf (default: the host link speed; e.g. 400 above 2 x 200G)",
    )
    tiers.add_argument(
        "--gpus-per-leaf",
        type=int,
        default=None,
        help="GPUs on one leaf/ToR, e.g. 16 for a ToR per rack of 16 GPUs (default: fill the leaf's ports)",
    )
    tiers.add_argument(
        "--pod-gpus", type=int, default=None, help="GPUs per pod in three tiers (default: as many as the spines reach)"
    )
    tiers.add_argument(
        "--spine-rule",
        choices=SPINE_RULES,
        default=None,
        help="even: spines divide each leaf's uplinks (NVIDIA reference designs; default); "
        "minimum: the fewest spines with the ports (vendor switch-count claims)",
    )
    parser.add_argument(
        "--flows-per-nic",
        type=int,
        default=None,
        help="ECMP flows (queue pairs) per NIC on roce-ecmp (default: 1; Meta's Llama 3 cluster: 16)",
    )
    parser.add_argument(
        "--host-links",
        choices=HOST_LINKS,
        default=None,
        help="GPU-to-leaf links: optical transceivers or copper DAC (default: optical)",
    )
    algorithms = "; ".join(
        f"{name} = NCCL {spec['nccl']} (needs {spec['requires'].split(';')[0]})"
        for name, spec in IN_NETWORK.items()
        if name != "in-network"
    )
    parser.add_argument(
        "--algorithm",
        choices=ALGORITHMS,
        default=None,
        help=f"AllReduce algorithm as NCCL names it (default: {DEFAULT_ALGORITHM}, NCCL's own choice). "
        f"In-network reduction: in-network = CollNetDirect; {algorithms}",
    )
    parser.add_argument(
        "--message-bytes",
        type=float,
        default=None,
        help=f"AllReduce message size in bytes (default: {DEFAULT_MESSAGE_BYTES})",
    )
    design = parser.add_argument_group(
        "planes and rails (default: one non-blocking fat tree, rails joined at the "
        "spine, as NVIDIA's DGX SuperPOD reference architectures)"
    )
    design.add_argument(
        "--single-plane", action="store_true", help="one fat tree for all NICs (the default, stated explicitly)"
    )
    design.add_argument(
        "--planes",
        type=int,
        default=None,
        help="split each NIC over N planes that each reach every GPU (2 = NVIDIA's twin-planar "
        "Spectrum-X design, Alibaba HPN's dual-plane dual-ToR); with --rail-only, each rail's NIC",
    )
    design.add_argument(
        "--rail-only", action="store_true", help="one plane per NIC index (rail); GPUs cross rails over NVLink"
    )
    design.add_argument(
        "--rails", type=int, default=None, help="rails of the rail-only design (default: GPUs per node)"
    )
    parser.add_argument("--system", help="GPU system id (default: by GPUs per node: hgx-h100-8, gb200-nvl72)")
    parser.add_argument("--nic", help="NIC id (default: the first priced NIC of that speed for the fabric)")
    parser.add_argument(
        "--params",
        type=float,
        default=None,
        help=f"parameters each GPU AllReduces per step (default: {DEFAULT_PARAMS:g}, illustrative)",
    )
    parser.add_argument(
        "--bytes-per-element",
        type=float,
        default=None,
        help=f"bytes per gradient element (default: {DEFAULT_BYTES_PER_GRAD_ELEMENT:g}, bf16)",
    )
    parser.add_argument(
        "--compute-s",
        type=float,
        default=None,
        help=f"compute time per training step in s (default: {DEFAULT_COMPUTE_S_PER_STEP:g}, illustrative)",
    )
    parser.add_argument(
        "--overlap",
        type=float,
        default=None,
        help=f"share of compute that can hide communication, 0-1 (default: {DEFAULT_OVERLAP_SHARE:g})",
    )
    parser.add_argument("--compare", action="store_true", help="also compare all fabrics for the same cluster")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a readable report")


# Scenario field <- command-line option (options left at None keep the design file's or Scenario's default)
_OPTIONS = {
    "gpus": "gpus",
    "gpus_per_node": "gpus_per_node",
    "nic_gbps": "nic_gbps",
    "fabric": "fabric",
    "switch": "switch",
    "spine_switch": "spine_switch",
    "core_switch": "core_switch",
    "oversubscription": "oversubscription",
    "spine_oversubscription": "spine_oversubscription",
    "uplink_gbps": "uplink_gbps",
    "gpus_per_leaf": "gpus_per_leaf",
    "pod_gpus": "pod_gpus",
    "spine_rule": "spine_rule",
    "flows_per_nic": "flows_per_nic",
    "host_links": "host_links",
    "algorithm": "algorithm",
    "message_bytes": "message_bytes",
    "system": "system",
    "nic": "nic",
    "params": "params",
    "bytes_per_grad_element": "bytes_per_element",
    "compute_s_per_step": "compute_s",
    "overlap_share": "overlap",
    "rails": "rails",
}


def design_from_args(args: argparse.Namespace) -> dict:
    """design/planes/rails from --single-plane / --planes / --rail-only / --rails; contradictions are errors."""
    if args.single_plane and (args.rail_only or (args.planes or 1) > 1 or args.rails):
        given = [
            name
            for name, on in (
                ("--single-plane", True),
                ("--rail-only", args.rail_only),
                ("--planes", args.planes is not None),
                ("--rails", args.rails),
            )
            if on
        ]
        raise ModelError(f"{' and '.join(given)} contradict each other: choose one design")
    if args.planes is not None and args.planes < 1:
        raise ModelError(f"--planes must be at least 1, got {args.planes}")
    if args.rails is not None and not args.rail_only:
        raise ModelError("--rails needs --rail-only")
    out = {}
    if args.rail_only:
        out["design"] = "rail-only"
        out["planes"] = args.planes or 1
    elif args.planes is not None:
        out["design"], out["planes"] = ("multi-plane", args.planes) if args.planes > 1 else ("fat-tree", 1)
    elif args.single_plane:
        out["design"], out["planes"] = "fat-tree", 1
    return out


def scenario_from_args(args: argparse.Namespace) -> Scenario:
    given = {field: getattr(args, option) for field, option in _OPTIONS.items() if getattr(args, option) is not None}
    given.update(design_from_args(args))
    if args.design:
        from fabric_model.design import load_design

        base = load_design(args.design)
        if "design" in given or "rails" in given:
            base = base.replace(rails=None)
        return base.replace(**given)
    if "gpus" not in given:
        raise ModelError("--gpus is required (or a --design file that gives gpus)")
    return Scenario(**given)


def run(args: argparse.Namespace) -> int:
    # the model's evaluation and analysis import pandas: loaded here, not when the CLI builds its parser
    from fabric_model import (
        assumption_shares,
        assumptions,
        compare_fabrics,
        evaluate,
        load_catalog,
        ranking_sensitivity,
        result_to_dict,
    )

    try:
        catalog = load_catalog()
        scenario = scenario_from_args(args)
        result = evaluate(scenario, catalog)
        payload = result_to_dict(result, assumptions(catalog, result.scenario))
        payload["assumption_shares"] = assumption_shares(result, catalog)
        comparison = ranking = None
        if args.compare:
            base = result.scenario.replace(switch=args.switch, nic=args.nic)
            comparison = compare_fabrics(base, catalog)
            ranking = ranking_sensitivity(base, catalog)
    except (ModelError, ValueError, OverflowError) as exc:
        print(f"fabricwatch model: error: {exc}", file=sys.stderr)
        return 2
    if comparison is not None:
        payload["fabric_comparison"] = json.loads(comparison.to_json(orient="records"))
        payload["ranking_sensitivity"] = json.loads(ranking.to_json(orient="records"))
    if args.json:
        print(json.dumps(payload, indent=2, default=_json_default))
    else:
        print(format_report(payload))
    return 0


def _json_default(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return str(value)


def _num(value) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:,.0f}" if abs(value) >= 100 else f"{value:g}"
    return str(value)


def _usd(value: float) -> str:
    return f"${value:,.0f}"


def format_report(d: dict) -> str:
    s = d["scenario"]
    lines = [
        f"Scenario: {s['gpus']:,} GPUs ({s['gpus_per_node']} per node, {s['system']}), {s['nic_gbps']}G "
        f"{s['nic']} per GPU, fabric {s['fabric']} on {s['switch']}, oversubscription {s['oversubscription']:g}:1, "
        f"{s['host_links']} host links",
        "",
        f"Design: {d['design']['name']}, {d['tiers']} tier(s), {d['planes']} plane(s) of "
        f"{d['design']['link_gbps']:g}G links; reaches up to {d['max_endpoints']:,} GPUs with {d['tiers']} tier(s)",
        f"  in full: {d['design']['description']}",
        f"  leaf {d['design']['gpus_per_leaf']} down x {d['design']['link_gbps']:g}G / {d['design']['leaf_uplinks']} up x "
        f"{d['design']['uplink_gbps']:g}G; "
        + (f"{d['design']['pods']:,} pods of {d['design']['pod_gpus']:,} GPUs; " if d["tiers"] == 3 else "")
        + f"bisection share {d['design']['bisection_share']:.3f}",
        f"  switches  leaf {d['switches']['leaf']:,}  spine {d['switches']['spine']:,}  "
        f"core {d['switches']['core']:,}  total {d['switches']['total']:,}",
        f"  links     host-leaf {d['links']['host_leaf']:,}  leaf-spine {d['links']['leaf_spine']:,}  "
        f"spine-core {d['links']['spine_core']:,}",
        f"  transceivers {d['transceivers']['total']:,} ({d['transceivers']['per_gpu']:.2f} per GPU): "
        + ", ".join(f"{k} {v:,}" for k, v in d["transceivers"]["by_type"].items()),
        f"  cables {d['cables']['total']:,}: " + ", ".join(f"{k} {v:,}" for k, v in d["cables"]["by_type"].items()),
        f"  NICs {d['nics']:,}",
        "",
        "Network capex: " + "  ".join(f"{k} {_usd(v)}" for k, v in d["capex_usd"].items()),
        f"  share of cluster capex {d['network_share_of_cluster_capex']:.1%} "
        f"(cluster {_usd(d['cluster_capex_usd']['total'])})",
        "Network power: " + "  ".join(f"{k} {v / 1000:,.1f} kW" for k, v in d["power_w"].items()),
        "",
        f"Fabric efficiency {d['fabric_efficiency']:.3f} (routing {d['routing_efficiency']:.3f}, "
        f"oversubscription factor {d['oversubscription_factor']:.3f}); effective "
        f"{d['effective_GBps_per_gpu']:.1f} GB/s per GPU",
        f"AllReduce (NCCL {d['allreduce']['nccl_name'] or d['allreduce']['algorithm']}, "
        f"{d['allreduce']['message_bytes']:,.0f} B): "
        f"{d['allreduce']['time_s'] * 1e3:.3f} ms, busbw {d['allreduce']['busbw_GBps']:.1f} GB/s "
        f"(link bound {d['allreduce']['link_bound_GBps']:.1f})",
        *([f"  in-network: {d['allreduce']['requires']}"] if d["allreduce"].get("requires") else []),
        f"Training step: compute {d['training']['compute_s']:.3f} s + exposed comm "
        f"{d['training']['exposed_comm_s']:.3f} s = {d['training']['step_time_s']:.3f} s; "
        f"GPU utilization {d['training']['gpu_utilization']:.1%}",
        f"Cost: {_usd(d['cost']['network_per_effective_tbps_usd'])} network capex per effective Tb/s; "
        f"{_usd(d['cost']['cluster_per_effective_gpu_usd'])} cluster capex per effective GPU",
    ]
    shares = [a for a in d.get("assumption_shares", []) if a["kind"] in ("assumption", "estimate")]
    if shares:
        lines += ["", "What rests on estimates and assumptions (share of network capex / power):"]
        lines += [
            f"  {a['share']:6.1%} of {a['drives']:<5} {a['name']} = {_num(a['value'])} ({a['kind']})" for a in shares
        ]
    if "fabric_comparison" in d:
        lines += [
            "",
            "Fabric comparison (same cluster; cost per effective GPU = cluster capex / (GPUs x utilization)):",
            f"  {'fabric':<11} {'switch':<17} {'NIC':<21} {'net $/GPU':>10} {'eff GB/s':>9} {'step s':>7} "
            f"{'$/eff. GPU':>11}  vs roce-ecmp",
        ]
        for row in d["fabric_comparison"]:
            if not row.get("feasible"):
                lines.append(f"  {row['fabric']:<11} not feasible: {row['error']}")
                continue
            lines.append(
                f"  {row['fabric']:<11} {row['switch']:<17} {row['nic']:<21} "
                f"{row['capex_network_per_gpu_usd']:>10,.0f} {row['effective_GBps_per_gpu']:>9.1f} "
                f"{row['step_time_s']:>7.3f} {row['capex_cluster_per_effective_gpu_usd']:>11,.0f}  "
                f"{row.get('cost_per_effective_gpu_change_share') or 0:+.1%}"
            )
        flips = [r for r in d.get("ranking_sensitivity", []) if r["winner_changes"]]
        base_winner = d["ranking_sensitivity"][0]["base_winner"] if d.get("ranking_sensitivity") else None
        lines.append(
            f"  cheapest per effective GPU: {base_winner}; "
            + (
                f"the winner changes when {len(flips)} assumption end(s) move within their ranges:"
                if flips
                else "no single price or efficiency assumption within its range changes the winner"
            )
        )
        lines += [
            f"    {r['assumption']} at its {r['end']} end ({_num(r['value'])}; {r['range_basis']}) -> {r['winner']}"
            for r in flips
        ]
    estimates = [a for a in d["assumptions"] if a["kind"] in ("estimate", "vendor_claim", "illustrative")]
    lines += [
        "",
        f"Assumptions: {len(d['assumptions'])} figures with sources ({len(estimates)} estimates or "
        "claims); use --json to list them.",
    ]
    return "\n".join(lines)
