"""The fabric model as the dashboard shows it: cached calls into `fabric_model` and the frames
its page draws (bill of materials, capex and power breakdowns). No formula lives here: every
number comes from `fabric_model.evaluate`, `compare_fabrics`, `sensitivity` or `sweep`.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

import fabric_model as fm
from dashboard import data, i18n
from dashboard.dictionary import fallback_label
from dashboard.i18n import t
from warehouse import model_io

KEY_METRICS = (
    "capex_network_usd",
    "capex_network_per_gpu_usd",
    "network_share_of_cluster_capex",
    "power_network_w",
    "effective_GBps_per_gpu",
    "allreduce_time_s",
    "allreduce_busbw_GBps",
    "step_time_s",
    "gpu_utilization",
)


# Result fields stored under another name in model.scenarios (their labels live there).
STORED_AS = {
    "capex_network_usd": "capex_total_usd",
    "capex_network_per_gpu_usd": "capex_per_gpu_usd",
    "power_network_w": "power_total_w",
    "capex_network_per_effective_tbps_usd": "cost_per_effective_tbps_usd",
}


@st.cache_resource(show_spinner=False)
def _published_catalog(version: int | None) -> fm.Catalog:
    rows = data.query(model_io.catalog_sql()) if data.exists("model.catalog") else None
    return fm.catalog_from_records(rows) if rows is not None and len(rows) else fm.load_catalog()


def catalog() -> fm.Catalog:
    """The catalog the published marts were computed with (model.catalog: shipped figures with the
    warehouse's observed overrides); the shipped catalog only when nothing is published yet."""
    return _published_catalog(data.warehouse_version())


def catalog_origin() -> str:
    return t("model.origin_published") if data.exists("model.catalog") else t("model.origin_shipped")


def labels() -> dict[str, str]:
    """Labels for model outputs: the data dictionary's (model.scenarios, the cost-performance mart), else from the name."""
    out = {}
    for relation in ("model.scenarios", "marts.fabric_cost_performance"):
        try:
            out.update(data.labels(relation))
        except Exception:  # noqa: BLE001 - no published warehouse: names are enough
            pass
    names = set(KEY_METRICS) | set(fm.Result.__dataclass_fields__)
    out.update({field: out[column] for field, column in STORED_AS.items() if column in out})
    # zh-TW names from the dictionary catalog (dictionary.zh-TW.toml) when the reader chose them
    labels = i18n.localize_labels({**{n: fallback_label(n) for n in names}, **out})
    if i18n.current() != i18n.DEFAULT:
        names_zh = i18n.dictionary()["columns"]
        labels.update({field: names_zh[column] for field, column in STORED_AS.items() if column in names_zh})
    return labels


def short(labels: dict[str, str], column: str) -> str:
    """A metric caption: the label without its unit (the value carries it)."""
    return labels[column].rsplit(", ", 1)[0].rsplit("，", 1)[0]


def fabrics() -> dict[str, str]:
    return {fid: p.name for fid, p in catalog().fabrics.items()}


def nic_speeds(fabric: str) -> list[int]:
    return sorted({int(n.speed_gbps) for n in catalog().nics.values() if fabric in n.fabrics})


def switches(fabric: str, nic_gbps: int) -> dict[str, str]:
    return {s.switch_id: f"{s.name} ({s.vendor})" for s in catalog().switches_for(fabric, nic_gbps)}


DECOMPOSITION_COLUMNS = (
    "switch",
    "servers_per_gpu_usd",
    "switches_per_gpu_usd",
    "nics_per_gpu_usd",
    "optics_per_gpu_usd",
    "cables_per_gpu_usd",
    "compute_s",
    "exposed_comm_s",
    "step_time_s",
    "gpu_utilization",
    "capex_cluster_per_effective_gpu_usd",
    "vs_winner_share",
)
PUBLISHED = "llama3-405b"  # the page's default workload (fabric_model.workload.PUBLISHED_WORKLOADS)


def workload_names() -> dict[str, str]:
    """Workload id -> label: the published configuration first (the default), then illustrative ones."""
    return {
        PUBLISHED: t("model.workload.llama3"),
        "default": t("model.workload.default"),
        "70b": t("model.workload.70b"),
        "405b": t("model.workload.405b"),
    }


def workload(workload_id: str, gpus: int) -> dict:
    """Scenario fields of a workload. The published one follows its paper at any cluster size (fixed
    global batch: compute per GPU shrinks as GPUs grow); the illustrative ones are pure data parallel."""
    from fabric_model.workload import PUBLISHED_WORKLOADS

    if workload_id in PUBLISHED_WORKLOADS:
        return PUBLISHED_WORKLOADS[workload_id].scenario_fields(gpus)
    illustrative = {
        "default": dict(params=fm.Scenario(1).params, compute_s_per_step=fm.Scenario(1).compute_s_per_step),
        "70b": dict(params=70e9, compute_s_per_step=2.0),
        "405b": dict(params=405e9, compute_s_per_step=8.0),
    }
    return illustrative[workload_id]


def published_workload(workload_id: str):
    from fabric_model.workload import PUBLISHED_WORKLOADS

    return PUBLISHED_WORKLOADS.get(workload_id)


@st.cache_data(show_spinner=False, max_entries=64)
def _decomposition(version, **scenario) -> pd.DataFrame:
    return fm.decomposition(fm.Scenario(**scenario), catalog())


def decomposition(**scenario) -> pd.DataFrame:
    """Per fabric: cost per GPU by part, step time by part, cost per effective GPU (the winner first)."""
    return _decomposition(data.warehouse_version(), **scenario)


@st.cache_data(show_spinner=False, max_entries=64)
def _workload_flips(version, **scenario) -> pd.DataFrame:
    return fm.workload_flips(fm.Scenario(**scenario), catalog())


def workload_flips(**scenario) -> pd.DataFrame:
    return _workload_flips(data.warehouse_version(), **scenario)


def flips_shown(flips: pd.DataFrame) -> pd.DataFrame:
    """Workload cases that change the winner, with the workload figure named and its value readable."""
    changed = flips[flips["winner_changes"]].copy()
    units = {
        "params": lambda v: f"{v / 1e9:,.2f} B",
        "compute_s_per_step": lambda v: f"{v:,.2f} s",
        "overlap_share": lambda v: f"{v:.0%}",
    }
    changed["value"] = [units.get(w, str)(v) for w, v in zip(changed["workload"], changed["value"])]
    changed["workload"] = changed["workload"].map(lambda w: t(f"model.flipw.{w}"))
    return changed.reset_index(drop=True)


def cost_parts(decomp: pd.DataFrame) -> pd.DataFrame:
    """Long frame for the stacked cost chart: fabric, part, USD per GPU."""
    parts = ("servers", "switches", "nics", "optics", "cables")
    rows = [(rec["fabric"], part, rec[f"{part}_per_gpu_usd"]) for rec in decomp.to_dict("records") for part in parts]
    return pd.DataFrame(rows, columns=["fabric", "part", "usd_per_gpu"])


def time_parts(decomp: pd.DataFrame) -> pd.DataFrame:
    """Long frame for the stacked step-time chart: fabric, part (compute, exposed communication), s."""
    rows = [
        (rec["fabric"], part, rec[column])
        for rec in decomp.to_dict("records")
        for part, column in (("compute", "compute_s"), ("exposed", "exposed_comm_s"))
    ]
    return pd.DataFrame(rows, columns=["fabric", "part", "seconds"])


@st.cache_data(show_spinner=False, max_entries=4)
def _deployment_checks(version) -> pd.DataFrame:
    from fabric_model.deployments import check_points

    return pd.DataFrame([c.__dict__ for c in check_points(catalog())])


def deployment_checks() -> pd.DataFrame:
    """The published deployments (fabric_model/data/reference_deployments.toml) against the model."""
    return _deployment_checks(data.warehouse_version())


def design_text(result: fm.Result) -> str:
    """The design in full in the reader's language (the model's own `design_description` is English)."""
    s = result.scenario
    layout = (
        t(f"model.design_name.{s.design}")
        if s.design != "rail-only" or s.planes == 1
        else t("model.design_text.rails_planes", rails=s.rail_count, planes=s.planes)
    )
    text = t(
        "model.design_text.base",
        gpus=f"{s.gpus:,}",
        nic=f"{s.nic_gbps:g}",
        fabric=s.fabric,
        layout=layout,
        tiers=result.tiers,
        leaf=s.switch,
        down=result.leaf_down_ports,
        link=f"{s.link_gbps:g}",
        up=result.leaf_up_ports,
        uplink=f"{result.fabric_link_gbps:g}",
        ratio=f"{result.leaf_down_ports * s.link_gbps / max(result.leaf_up_ports * result.fabric_link_gbps, 1):.2f}",
    )
    if result.tiers >= 2:
        text += t(
            "model.design_text.spine", spine=s.spine_switch or s.switch, rule=t(f"model.spine_rule_name.{s.spine_rule}")
        )
    if result.tiers >= 3:
        text += t(
            "model.design_text.pods",
            pods=f"{result.pods:,}",
            pod_gpus=f"{result.gpus_per_pod:,}",
            taper=f"{s.spine_oversubscription:g}",
            core=s.core_switch or s.spine_switch or s.switch,
        )
    if s.flows_per_nic:
        text += t("model.design_text.flows", flows=s.flows_per_nic)
    return text


def in_network_algorithms() -> pd.DataFrame:
    from fabric_model.collectives import IN_NETWORK

    return pd.DataFrame(
        [{"algorithm": name, "nccl": spec["nccl"], "requires": spec["requires"]} for name, spec in IN_NETWORK.items()]
    )


@st.cache_data(show_spinner=False, max_entries=256)
def _evaluate(version, **scenario) -> dict:
    """Evaluate one scenario; {"error": message} when the catalog cannot build it."""
    try:
        result = fm.evaluate(fm.Scenario(**scenario), catalog())
    except fm.ModelError as exc:
        return {"error": str(exc)}
    inputs = pd.DataFrame(fm.assumptions(catalog(), result.scenario))
    inputs["value"] = inputs["value"].map(str)  # numbers, port configurations and formulas share the column
    shares = pd.DataFrame(fm.assumption_shares(result, catalog()))
    return {"error": None, "result": result, "assumptions": inputs, "shares": shares}


def evaluate(**scenario) -> dict:
    return _evaluate(data.warehouse_version(), **scenario)


def bill_of_materials(result: fm.Result) -> pd.DataFrame:
    switches, tier = t("model.bom.switches"), (lambda name: t(f"model.bom.{name}"))
    rows = [
        (switches, tier("leaf"), result.switches_leaf),
        (switches, tier("spine"), result.switches_spine),
        (switches, tier("core"), result.switches_core),
        (t("model.bom.nics"), result.scenario.nic, result.nics),
    ]
    rows += [(t("model.bom.transceivers"), kind, n) for kind, n in result.transceivers_by_type.items()]
    rows += [(t("model.bom.cables"), kind, n) for kind, n in result.cables_by_type.items()]
    return pd.DataFrame([r for r in rows if r[2]], columns=["item", "type", "count"])


def breakdown(result: fm.Result, prefix: str, suffix: str) -> pd.DataFrame:
    """capex_*_usd or power_*_w parts of the network, one row per component."""
    parts = ("switches", "nics", "optics", "cables")
    return pd.DataFrame({"component": parts, "value": [getattr(result, f"{prefix}_{p}_{suffix}") for p in parts]})


@st.cache_data(show_spinner=False, max_entries=64)
def _compare(version, **scenario) -> pd.DataFrame:
    return fm.compare_fabrics(fm.Scenario(**scenario), catalog())


def compare(**scenario) -> pd.DataFrame:
    return _compare(data.warehouse_version(), **scenario)


@st.cache_data(show_spinner=False, max_entries=32)
def _ranking(version, **scenario) -> pd.DataFrame:
    return fm.ranking_sensitivity(fm.Scenario(**scenario), catalog())


def ranking(**scenario) -> pd.DataFrame:
    """Does the cheapest fabric per effective GPU change when one assumption moves within its range?"""
    return _ranking(data.warehouse_version(), **scenario)


def tornado(metric: str, **scenario) -> pd.DataFrame:
    return _tornado(data.warehouse_version(), metric, **scenario)


@st.cache_data(show_spinner=False, max_entries=64)
def _tornado(version, metric: str, **scenario) -> pd.DataFrame:
    """Sensitivity of one metric: assumption, low and high outcome, sorted by swing."""
    frame = fm.sensitivity(fm.Scenario(**scenario), catalog())
    out = frame[
        ["assumption", "base_value", "low_value", "high_value", "range_basis", f"{metric}_low", f"{metric}_high"]
    ]
    out = out.rename(columns={f"{metric}_low": "outcome_low", f"{metric}_high": "outcome_high"})
    return out[(out["outcome_low"] != out["outcome_high"])].reset_index(drop=True)


def grid(**fixed) -> pd.DataFrame:
    return _grid(data.warehouse_version(), **fixed)


@st.cache_data(show_spinner=False, max_entries=16)
def _grid(version, **fixed) -> pd.DataFrame:
    """The default scenario grid (fabrics x sizes x NIC speeds) with `fixed` inputs, feasible rows only."""
    table = fm.sweep(fm.default_grid(**fixed), catalog())
    return table[table["feasible"]].reset_index(drop=True)
