"""Fabric model: one scenario's bill of materials, capex, power and timings; fabrics side by side;
sensitivity; the scenario grid. Every number comes from fabric_model (through dashboard.model_view)."""

import streamlit as st

from dashboard import charts, components as ui, i18n, model_view as mv, shape
from dashboard.i18n import t

ui.page_header(t("page.model"), t("model.summary", origin=mv.catalog_origin()))
labels = mv.labels()
ZH = i18n.current() != i18n.DEFAULT


def usd(value: float, *, rounded: bool = False) -> str:
    """Money on a card: "$12.3 M" / "$9,531" in English; 萬/億 美元 in zh-TW (exact value on hover)."""
    if ZH:
        return shape.format_value(value, "USD") if rounded else f"{value:,.0f} 美元"
    return f"${value / 1e6:,.1f} M" if rounded else f"${value:,.0f}"


with st.sidebar:
    st.header(t("model.scenario"))
    gpus = st.select_slider(t("model.gpus"), options=[2**k for k in range(7, 18)], value=4096, key="model_gpus")
    fabric_names = mv.fabrics()
    fabric = st.selectbox(t("model.fabric"), list(fabric_names), format_func=fabric_names.get, key="model_fabric")
    speeds = mv.nic_speeds(fabric)
    nic_gbps = st.selectbox(t("model.nic_speed"), speeds, index=speeds.index(400) if 400 in speeds else 0,
                            key="model_nic_gbps")
    switch_names = mv.switches(fabric, nic_gbps)
    switch = st.selectbox(t("model.switch"), [None, *switch_names],
                          format_func=lambda s: t("model.cheapest_switch") if s is None else switch_names[s],
                          key="model_switch")
    oversubscription = st.select_slider(t("model.oversubscription"), options=[1.0, 1.5, 2.0, 3.0, 4.0],
                                        value=1.0, key="model_oversubscription")
    designs = ["fat-tree", "multi-plane", "rail-only"]
    design = st.selectbox(t("model.design"), designs, format_func=lambda d: t(f"model.design_name.{d}"),
                          key="model_design")
    algorithms = list(mv.fm.ALGORITHMS)
    algorithm = st.selectbox(t("model.algorithm"), algorithms,
                             index=algorithms.index(mv.fm.scenario.DEFAULT_ALGORITHM), key="model_algorithm")
    workload_names = mv.workloads()
    workload_ids = list(workload_names)
    workload = st.selectbox(t("model.workload_label"), workload_ids, key="model_workload")

scenario = dict(gpus=gpus, fabric=fabric, nic_gbps=nic_gbps, switch=switch, oversubscription=oversubscription,
                design=design, planes=2 if design == "multi-plane" else 1, algorithm=algorithm,
                **workload_names[workload])
run = mv.evaluate(**scenario)
if run["error"]:
    st.warning(t("model.cannot_build", error=run["error"]), icon=":material/warning:")
    st.stop()
result = run["result"]

cost, bandwidth = st.columns(3, border=True), st.columns(3, border=True)
cost[0].metric(mv.short(labels, "capex_network_usd"), usd(result.capex_network_usd, rounded=True),
               help=t("ui.exact_value", value=shape.format_exact(result.capex_network_usd, "USD")))
cost[1].metric(mv.short(labels, "capex_network_per_gpu_usd"), usd(result.capex_network_per_gpu_usd))
cost[2].metric(mv.short(labels, "network_share_of_cluster_capex"), f"{result.network_share_of_cluster_capex:.1%}")
bandwidth[0].metric(mv.short(labels, "effective_GBps_per_gpu"), f"{result.effective_GBps_per_gpu:,.1f} GB/s")
bandwidth[1].metric(mv.short(labels, "allreduce_time_s"), f"{result.allreduce_time_s * 1e3:,.1f} ms")
bandwidth[2].metric(mv.short(labels, "step_time_s"), f"{result.step_time_s:,.3f} s")
st.caption(t("model.design_caption", design=t(f"model.design_name.{result.design}") if f"model.design_name.{result.design}"
             in i18n.catalog() else result.design, tiers=result.tiers, planes=result.planes,
             link=f"{result.link_gbps:g}", endpoints=f"{result.max_endpoints:,}", switch=result.scenario.switch,
             nic=result.scenario.nic, system=result.scenario.system, power=f"{result.power_network_w / 1e3:,.0f}",
             utilization=f"{result.gpu_utilization:.1%}"))

bom_tab, compare_tab, tornado_tab, grid_tab, assumptions_tab = st.tabs(
    [t("model.tab_bom"), t("model.tab_compare"), t("model.tab_sensitivity"), t("model.tab_grid"),
     t("model.tab_assumptions")])
with bom_tab:
    left, right = st.columns(2)
    with left:
        ui.table(mv.bill_of_materials(result), "model_bom",
                 {"item": t("model.bom.item"), "type": t("model.bom.type"), "count": t("model.bom.count")},
                 with_sources=False)
    with right:
        capex = mv.breakdown(result, "capex", "usd")
        power = mv.breakdown(result, "power", "w")

        def parts(frame):  # component names for the axis; the download keeps the ids
            return frame.assign(component=frame["component"].map(lambda c: t(f"model.bom.{c}")))
        ui.chart(charts.bar(parts(capex), "component", "value", {"value": labels["capex_network_usd"], "component": ""},
                            height=260), capex, "model_capex", provenance=run["assumptions"])
        ui.chart(charts.bar(parts(power), "component", "value", {"value": labels["power_network_w"], "component": ""},
                            height=260), power, "model_power", provenance=run["assumptions"])

with compare_tab:
    fabrics = mv.compare(**scenario)
    feasible = fabrics[fabrics["feasible"]]
    ui.chart(charts.bar(feasible, "fabric", "capex_cluster_per_effective_gpu_usd", labels, color="fabric",
                        hover=["switch", "nic", "step_time_s", "effective_GBps_per_gpu"], height=320),
             feasible, "model_compare", provenance=run["assumptions"])
    ranking = mv.ranking(**scenario)
    if not ranking.empty:
        flips = ranking[ranking["winner_changes"]]
        winner = ranking["base_winner"].iloc[0]
        if flips.empty:
            st.success(t("model.winner_stable", winner=winner), icon=":material/check:")
        else:
            st.warning(t("model.winner_flips", winner=winner, flips=len(flips)), icon=":material/warning:")
            ui.table(flips[["assumption", "end", "value", "range_basis", "winner"]].reset_index(drop=True),
                     "model_ranking_flips", {"end": t("model.flip.end"), "value": t("model.flip.value"),
                                             "range_basis": t("model.flip.range_basis"),
                                             "winner": t("model.flip.winner")}, with_sources=False)
    ui.table(fabrics, "model_compare_table", labels, columns=[
        "fabric", "feasible", "error", "switch", "nic", "design", "tiers", "capex_network_per_gpu_usd", "network_share_of_cluster_capex",
        "effective_GBps_per_gpu", "allreduce_busbw_GBps", "step_time_s", "capex_cluster_per_effective_gpu_usd",
        "cost_per_effective_gpu_change_share", "pays_for_itself"], with_sources=False)

with tornado_tab:
    metric = st.radio(t("model.outcome"), ["capex_network_per_gpu_usd", "step_time_s", "capex_cluster_per_effective_gpu_usd"],
                      format_func=labels.get, horizontal=True, key="model_tornado_metric")
    swings = mv.tornado(metric, **scenario)
    if swings.empty:
        ui.empty(t("model.no_swing"))
    else:
        fig = charts.tornado(swings, "assumption", "outcome_low", "outcome_high", getattr(result, metric),
                             {"outcome_low": t("model.low_end"), "outcome_high": t("model.high_end"),
                              "outcome": labels[metric]})
        ui.chart(fig, swings, "model_tornado", labels, caption=t("model.tornado_caption"),
                 provenance=run["assumptions"])
    ui.table(run["shares"], "model_assumption_shares",
             {"name": t("model.share.name"), "value": t("model.flip.value"), "kind": t("model.share.kind"),
              "drives": t("model.share.drives"), "share": t("model.share.share"), "source": t("model.share.source")},
             with_sources=False)

with grid_tab:
    table = mv.grid(oversubscription=oversubscription, **workload_names[workload])
    fig = charts.scatter(table, "effective_GBps_per_gpu", "capex_network_per_gpu_usd", labels, color="fabric",
                         symbol="nic_gbps", log_x=True, log_y=True, hover=["gpus", "switch", "tiers", "step_time_s"])
    ui.chart(fig, table, "model_grid", labels, caption=t("model.grid_caption"), provenance=run["assumptions"])

with assumptions_tab:
    ui.table(run["assumptions"], "model_assumptions", {"date": t("model.date"), "kind": t("model.kind_of_figure")},
             with_sources=False)
