"""Fabric model: one scenario's bill of materials, capex, power and timings; fabrics side by side;
sensitivity; the scenario grid. Every number comes from fabric_model (through dashboard.model_view)."""

import streamlit as st

from dashboard import charts, components as ui, model_view as mv

ui.page_header("Fabric model", "Size, cost and time the scale-out fabric of a GPU cluster. Prices, power and "
               "efficiencies come from the model catalog, each with its source or labelled an assumption "
               f"(see Assumptions below); catalog: {mv.catalog_origin()}.")
labels = mv.labels()

with st.sidebar:
    st.header("Scenario")
    gpus = st.select_slider("GPUs", options=[2**k for k in range(7, 18)], value=4096, key="model_gpus")
    fabric_names = mv.fabrics()
    fabric = st.selectbox("Fabric", list(fabric_names), format_func=fabric_names.get, key="model_fabric")
    speeds = mv.nic_speeds(fabric)
    nic_gbps = st.selectbox("NIC speed per GPU (Gb/s)", speeds, index=speeds.index(400) if 400 in speeds else 0,
                            key="model_nic_gbps")
    switch_names = mv.switches(fabric, nic_gbps)
    switch = st.selectbox("Switch", [None, *switch_names],
                          format_func=lambda s: "cheapest that fits" if s is None else switch_names[s], key="model_switch")
    oversubscription = st.select_slider("Oversubscription (leaf down:up)", options=[1.0, 1.5, 2.0, 3.0, 4.0],
                                        value=1.0, key="model_oversubscription")
    designs = {"fat-tree": "One fat tree, rails joined at the spine (reference design)",
               "multi-plane": "Two planes per NIC (twin-planar / HPN dual-plane)",
               "rail-only": "Rail-only planes (one per NIC index)"}
    design = st.selectbox("Design", list(designs), format_func=designs.get, key="model_design")
    algorithms = list(mv.fm.ALGORITHMS)
    algorithm = st.selectbox("AllReduce algorithm", algorithms, index=algorithms.index(mv.fm.scenario.DEFAULT_ALGORITHM),
                             key="model_algorithm")
    workload_names = mv.workloads()
    workload = st.selectbox("Workload (illustrative)", list(workload_names), key="model_workload")

scenario = dict(gpus=gpus, fabric=fabric, nic_gbps=nic_gbps, switch=switch, oversubscription=oversubscription,
                design=design, planes=2 if design == "multi-plane" else 1, algorithm=algorithm,
                **workload_names[workload])
run = mv.evaluate(**scenario)
if run["error"]:
    st.warning(f"This scenario cannot be built: {run['error']}", icon=":material/warning:")
    st.stop()
result = run["result"]

cost, bandwidth = st.columns(3, border=True), st.columns(3, border=True)
cost[0].metric(mv.short(labels, "capex_network_usd"), f"${result.capex_network_usd / 1e6:,.1f} M")
cost[1].metric(mv.short(labels, "capex_network_per_gpu_usd"), f"${result.capex_network_per_gpu_usd:,.0f}")
cost[2].metric(mv.short(labels, "network_share_of_cluster_capex"), f"{result.network_share_of_cluster_capex:.1%}")
bandwidth[0].metric(mv.short(labels, "effective_GBps_per_gpu"), f"{result.effective_GBps_per_gpu:,.1f} GB/s")
bandwidth[1].metric(mv.short(labels, "allreduce_time_s"), f"{result.allreduce_time_s * 1e3:,.1f} ms")
bandwidth[2].metric(mv.short(labels, "step_time_s"), f"{result.step_time_s:,.3f} s")
st.caption(f"Design {result.design}: {result.tiers} tiers, {result.planes} plane(s) of {result.link_gbps:g}G links, "
           f"reaches up to {result.max_endpoints:,} GPUs; switch {result.scenario.switch}, "
           f"NIC {result.scenario.nic}, system {result.scenario.system}; "
           f"network power {result.power_network_w / 1e3:,.0f} kW, "
           f"GPU utilization {result.gpu_utilization:.1%}.")

bom_tab, compare_tab, tornado_tab, grid_tab, assumptions_tab = st.tabs(
    ["Bill of materials", "Compare fabrics", "Sensitivity", "Scenario grid", "Assumptions"])
with bom_tab:
    left, right = st.columns(2)
    with left:
        ui.table(mv.bill_of_materials(result), "model_bom", labels, with_sources=False)
    with right:
        capex = mv.breakdown(result, "capex", "usd")
        power = mv.breakdown(result, "power", "w")
        ui.chart(charts.bar(capex, "component", "value", {"value": labels["capex_network_usd"], "component": ""},
                            height=260), capex, "model_capex", provenance=run["assumptions"])
        ui.chart(charts.bar(power, "component", "value", {"value": labels["power_network_w"], "component": ""},
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
            st.success(f"Cheapest per effective GPU: {winner}. No single price or efficiency assumption moved "
                       "within its range changes that.", icon=":material/check:")
        else:
            st.warning(f"Cheapest per effective GPU: {winner}, but the winner changes when "
                       f"{len(flips)} assumption end(s) move within their ranges (below): the ranking rests on them.",
                       icon=":material/warning:")
            ui.table(flips[["assumption", "end", "value", "range_basis", "winner"]].reset_index(drop=True),
                     "model_ranking_flips", {"end": "End of range", "value": "Value", "range_basis": "Range basis",
                                             "winner": "Cheapest fabric then"}, with_sources=False)
    ui.table(fabrics, "model_compare_table", labels, columns=[
        "fabric", "feasible", "error", "switch", "nic", "design", "tiers", "capex_network_per_gpu_usd", "network_share_of_cluster_capex",
        "effective_GBps_per_gpu", "allreduce_busbw_GBps", "step_time_s", "capex_cluster_per_effective_gpu_usd",
        "cost_per_effective_gpu_change_share", "pays_for_itself"], with_sources=False)

with tornado_tab:
    metric = st.radio("Outcome", ["capex_network_per_gpu_usd", "step_time_s", "capex_cluster_per_effective_gpu_usd"],
                      format_func=labels.get, horizontal=True, key="model_tornado_metric")
    swings = mv.tornado(metric, **scenario)
    if swings.empty:
        ui.empty("No assumption moves this outcome by ±20 %.")
    else:
        fig = charts.tornado(swings, "assumption", "outcome_low", "outcome_high", getattr(result, metric),
                             {"outcome_low": "assumption at its low end", "outcome_high": "assumption at its high end",
                              "outcome": labels[metric]})
        ui.chart(fig, swings, "model_tornado", labels,
                 caption="Each assumption moved to the low and high end of its range, one at a time: sourced ranges "
                         "where the catalog records one (fabric_model/data/ranges.csv), else ±20 % (see range basis).",
                 provenance=run["assumptions"])
    ui.table(run["shares"], "model_assumption_shares",
             {"name": "Figure", "value": "Value", "kind": "Kind", "drives": "Drives", "share": "Share of network total",
              "source": "Source"}, with_sources=False)

with grid_tab:
    table = mv.grid(oversubscription=oversubscription, **workload_names[workload])
    fig = charts.scatter(table, "effective_GBps_per_gpu", "capex_network_per_gpu_usd", labels, color="fabric",
                         symbol="nic_gbps", log_x=True, log_y=True, hover=["gpus", "switch", "tiers", "step_time_s"])
    ui.chart(fig, table, "model_grid", labels,
             caption="Every fabric x cluster size (256 to 131,072 GPUs) x NIC speed the catalog can build, "
                     "at the chosen oversubscription and workload.", provenance=run["assumptions"])

with assumptions_tab:
    ui.table(run["assumptions"], "model_assumptions", {"date": "Date", "kind": "Kind of figure"}, with_sources=False)
