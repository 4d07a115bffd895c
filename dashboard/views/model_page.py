"""Fabric model: question (f), what the scale-out fabric of a cluster costs and which fabric is cheapest
per effective GPU for a published training workload, and why. One scenario's design in full, the
decomposition of cost and step time per fabric, the flip conditions (prices and the workload), the bill
of materials, sensitivity, the scenario grid and the assumptions. Every number comes from fabric_model
(through dashboard.model_view)."""

import textwrap

import streamlit as st

from dashboard import charts, components as ui, i18n, model_view as mv, shape
from dashboard.i18n import t

ui.page_header(t("page.model"), t("model.summary", origin=mv.catalog_origin()))
st.markdown(t("model.question"))
labels = mv.labels()
ZH = i18n.current() != i18n.DEFAULT


def usd(value: float, *, rounded: bool = False) -> str:
    """Money on a card: "$12.3 M" / "$9,531" in English; 萬/億 美元 in zh-TW (exact value on hover)."""
    if ZH:
        return shape.format_value(value, "USD") if rounded else f"{value:,.0f} 美元"
    return f"${value / 1e6:,.1f} M" if rounded else f"${value:,.0f}"


AUTO = None


def named(frame, column="fabric"):
    """The frame with fabric ids replaced by their names (tables, legends); downloads keep the ids."""
    return frame.assign(**{column: frame[column].map(lambda f: fabric_names.get(f, f))})


def axis_named(frame, column="fabric"):
    """Fabric names short enough for a category axis: the name without its bracket, wrapped (plotly's <br>)."""
    short = {f: "<br>".join(textwrap.wrap(n.split(" (")[0], 14)) for f, n in fabric_names.items()}
    return frame.assign(**{column: frame[column].map(lambda f: short.get(f, f))})


with st.sidebar:
    st.header(t("model.scenario"))
    gpus = st.select_slider(t("model.gpus"), options=[2**k for k in range(7, 18)], value=32768, key="model_gpus")
    fabric_names = mv.fabrics()
    fabric = st.selectbox(t("model.fabric"), list(fabric_names), format_func=fabric_names.get, key="model_fabric")
    speeds = mv.nic_speeds(fabric)
    nic_gbps = st.selectbox(
        t("model.nic_speed"), speeds, index=speeds.index(400) if 400 in speeds else 0, key="model_nic_gbps"
    )
    switch_names = mv.switches(fabric, nic_gbps)
    switch = st.selectbox(
        t("model.switch"),
        [None, *switch_names],
        format_func=lambda s: t("model.cheapest_switch") if s is None else switch_names[s],
        key="model_switch",
    )
    oversubscription = st.select_slider(
        t("model.oversubscription"), options=[0.5, 1.0, 1.5, 2.0, 3.0, 4.0], value=1.0, key="model_oversubscription"
    )
    designs = ["fat-tree", "multi-plane", "rail-only"]
    design = st.selectbox(
        t("model.design"), designs, format_func=lambda d: t(f"model.design_name.{d}"), key="model_design"
    )
    with st.expander(t("model.topology")):

        def auto_label(v):
            return t("model.auto") if v is None else f"{v:,}"

        uplink_gbps = st.selectbox(
            t("model.uplink"), [AUTO, 200, 400, 800, 1600], format_func=auto_label, key="model_uplink"
        )
        gpus_per_leaf = st.selectbox(
            t("model.gpus_per_leaf"), [AUTO, 8, 16, 32, 64, 128], format_func=auto_label, key="model_gpus_per_leaf"
        )
        spine_oversubscription = st.select_slider(
            t("model.spine_oversubscription"),
            options=[1.0, 2.0, 3.0, 4.0, 7.0],
            value=1.0,
            key="model_spine_oversubscription",
        )
        pod_gpus = st.selectbox(
            t("model.pod_gpus"), [AUTO, 1024, 2048, 3072, 4096, 8192], format_func=auto_label, key="model_pod_gpus"
        )
        planes = st.selectbox(t("model.planes"), [1, 2, 4], key="model_planes")
        flows = (
            st.selectbox(t("model.flows_per_nic"), [AUTO, 1, 2, 4, 8, 16], format_func=auto_label, key="model_flows")
            if fabric == "roce-ecmp"
            else None
        )
        spine_rule = st.radio(
            t("model.spine_rule"),
            ["even", "minimum"],
            horizontal=True,
            format_func=lambda r: t(f"model.spine_rule_name.{r}"),
            key="model_spine_rule",
        )
    algorithms = list(mv.fm.ALGORITHMS)
    algorithm = st.selectbox(
        t("model.algorithm"),
        algorithms,
        index=algorithms.index(mv.fm.scenario.DEFAULT_ALGORITHM),
        key="model_algorithm",
    )
    workload_names = mv.workload_names()
    workload_id = st.selectbox(
        t("model.workload_label"), list(workload_names), format_func=workload_names.get, key="model_workload"
    )

if design == "multi-plane" and planes < 2:
    planes = 2
if design == "fat-tree":
    planes = 1
workload = mv.workload(workload_id, gpus)
scenario = dict(
    gpus=gpus,
    fabric=fabric,
    nic_gbps=nic_gbps,
    switch=switch,
    oversubscription=oversubscription,
    design=design,
    planes=planes,
    algorithm=algorithm,
    uplink_gbps=uplink_gbps,
    gpus_per_leaf=gpus_per_leaf,
    spine_oversubscription=spine_oversubscription,
    pod_gpus=pod_gpus,
    flows_per_nic=flows,
    spine_rule=spine_rule,
    **workload,
)
published = mv.published_workload(workload_id)
if published:
    st.caption(
        t(
            "model.workload_caption",
            name=published.name,
            source=published.source,
            url=published.url,
            params=f"{workload['params'] / 1e9:,.1f}",
            compute=f"{workload['compute_s_per_step']:,.2f}",
            overlap=f"{workload['overlap_share']:.1%}",
            gpus=f"{published.published_gpus:,}",
        )
    )
else:
    st.caption(t("model.workload_illustrative"))
run = mv.evaluate(**scenario)
if run["error"]:
    st.warning(t("model.cannot_build", error=run["error"]), icon=":material/warning:")
    st.stop()
result = run["result"]

cost, bandwidth = st.columns(3, border=True), st.columns(3, border=True)
cost[0].metric(
    mv.short(labels, "capex_network_usd"),
    usd(result.capex_network_usd, rounded=True),
    help=t("ui.exact_value", value=shape.format_exact(result.capex_network_usd, "USD")),
)
cost[1].metric(mv.short(labels, "capex_network_per_gpu_usd"), usd(result.capex_network_per_gpu_usd))
cost[2].metric(mv.short(labels, "network_share_of_cluster_capex"), f"{result.network_share_of_cluster_capex:.1%}")
bandwidth[0].metric(mv.short(labels, "effective_GBps_per_gpu"), f"{result.effective_GBps_per_gpu:,.1f} GB/s")
bandwidth[1].metric(mv.short(labels, "allreduce_time_s"), f"{result.allreduce_time_s * 1e3:,.1f} ms")
bandwidth[2].metric(mv.short(labels, "step_time_s"), f"{result.step_time_s:,.3f} s")
st.caption(
    t(
        "model.design_caption",
        design=t(f"model.design_name.{result.design}")
        if f"model.design_name.{result.design}" in i18n.catalog()
        else result.design,
        tiers=result.tiers,
        planes=result.planes,
        link=f"{result.link_gbps:g}",
        endpoints=f"{result.max_endpoints:,}",
        switch=result.scenario.switch,
        nic=result.scenario.nic,
        system=result.scenario.system,
        power=f"{result.power_network_w / 1e3:,.0f}",
        utilization=f"{result.gpu_utilization:.1%}",
    )
)
st.caption(t("model.design_full", description=mv.design_text(result)))

# -- question (f): which fabric is cheapest per effective GPU, and why -----------------------------------------
decomp = mv.decomposition(**scenario)
if not decomp.empty:
    win, runner = decomp.iloc[0], (decomp.iloc[1] if len(decomp) > 1 else None)
    st.subheader(t("model.why_header"))
    if runner is not None:
        st.markdown(
            t(
                "model.winner_sentence",
                winner=fabric_names.get(win["fabric"], win["fabric"]),
                runner=fabric_names.get(runner["fabric"], runner["fabric"]),
                margin=f"{runner['vs_winner_share']:.1%}",
                net_diff=usd(abs(win["cluster_per_gpu_usd"] - runner["cluster_per_gpu_usd"])),
                cheaper=t("model.cheaper")
                if win["cluster_per_gpu_usd"] <= runner["cluster_per_gpu_usd"]
                else t("model.dearer"),
                step_w=f"{win['step_time_s']:.3f}",
                step_r=f"{runner['step_time_s']:.3f}",
                exposed_w=f"{win['exposed_comm_s']:.3f}",
                exposed_r=f"{runner['exposed_comm_s']:.3f}",
            )
        )

    part_names = {
        p: t(f"model.part.{p}") for p in ("servers", "switches", "nics", "optics", "cables", "compute", "exposed")
    }
    left, right = st.columns(2)
    with left:
        parts = mv.cost_parts(decomp)
        shown = axis_named(parts[parts["part"] != "servers"].assign(part=lambda f: f["part"].map(part_names)))
        ui.chart(
            charts.bar(
                shown,
                "fabric",
                "usd_per_gpu",
                {"usd_per_gpu": t("model.axis.network_per_gpu"), "fabric": "", "part": t("model.axis.part")},
                color="part",
                barmode="stack",
                height=320,
            ).update_layout(legend_y=-0.38, legend_yref="paper"),  # under the fabric names, which wrap to two lines
            parts,
            "model_cost_parts",
            caption=t("model.cost_parts_caption"),
            provenance=run["assumptions"],
        )
    with right:
        times = mv.time_parts(decomp)
        ui.chart(
            charts.bar(
                axis_named(times.assign(part=lambda f: f["part"].map(part_names))),
                "fabric",
                "seconds",
                {"seconds": t("model.axis.step_time"), "fabric": "", "part": t("model.axis.part")},
                color="part",
                barmode="stack",
                height=320,
            ).update_layout(legend_y=-0.38, legend_yref="paper"),  # under the fabric names, which wrap to two lines
            times,
            "model_time_parts",
            caption=t("model.time_parts_caption"),
            provenance=run["assumptions"],
        )
    ui.table(
        named(decomp),
        "model_decomposition",
        {**labels, **{c: t(f"model.col.{c}") for c in mv.DECOMPOSITION_COLUMNS}},
        columns=["fabric", *mv.DECOMPOSITION_COLUMNS],
        with_sources=False,
    )

    st.subheader(t("model.flips_header"))
    flips = mv.workload_flips(**scenario)
    changed = flips[flips["winner_changes"]] if not flips.empty else flips
    if changed.empty:
        st.success(
            t("model.workload_stable", winner=fabric_names.get(win["fabric"], win["fabric"])), icon=":material/check:"
        )
    else:
        st.warning(
            t("model.workload_flips", winner=fabric_names.get(win["fabric"], win["fabric"]), flips=len(changed)),
            icon=":material/warning:",
        )
        ui.table(
            named(mv.flips_shown(flips), "winner"),
            "model_workload_flips",
            {
                "workload": t("model.flipw.header"),
                "factor": t("model.flipw.factor"),
                "value": t("model.flip.value"),
                "winner": t("model.flip.winner"),
            },
            columns=["workload", "factor", "value", "winner"],
            with_sources=False,
        )
    ranking = mv.ranking(**scenario)
    if not ranking.empty:
        price_flips = ranking[ranking["winner_changes"]]
        if price_flips.empty:
            st.success(
                t(
                    "model.winner_stable",
                    winner=fabric_names.get(ranking["base_winner"].iloc[0], ranking["base_winner"].iloc[0]),
                ),
                icon=":material/check:",
            )
        else:
            st.warning(
                t(
                    "model.winner_flips",
                    winner=fabric_names.get(ranking["base_winner"].iloc[0], ranking["base_winner"].iloc[0]),
                    flips=len(price_flips),
                ),
                icon=":material/warning:",
            )
            ui.table(
                named(
                    price_flips[["assumption", "end", "value", "range_basis", "winner"]].reset_index(drop=True),
                    "winner",
                ),
                "model_ranking_flips",
                {
                    "assumption": t("model.flip.assumption"),
                    "end": t("model.flip.end"),
                    "value": t("model.flip.value"),
                    "range_basis": t("model.flip.range_basis"),
                    "winner": t("model.flip.winner"),
                },
                with_sources=False,
            )

# Only the open tab runs (Streamlit's tracked tabs: a click reruns the page): the sensitivity, the scenario
# grid's sweep and their charts are not built on the first render unless the reader opens their tab.
bom_tab, compare_tab, tornado_tab, grid_tab, assumptions_tab = st.tabs(
    [
        t("model.tab_bom"),
        t("model.tab_compare"),
        t("model.tab_sensitivity"),
        t("model.tab_grid"),
        t("model.tab_assumptions"),
    ],
    key="model_tab",
    on_change="rerun",
)
if bom_tab.open:
    with bom_tab:
        left, right = st.columns(2)
        with left:
            ui.table(
                mv.bill_of_materials(result),
                "model_bom",
                {"item": t("model.bom.item"), "type": t("model.bom.type"), "count": t("model.bom.count")},
                with_sources=False,
            )
        with right:
            capex = mv.breakdown(result, "capex", "usd")
            power = mv.breakdown(result, "power", "w")

            def parts_named(frame):  # component names for the axis; the download keeps the ids
                return frame.assign(component=frame["component"].map(lambda c: t(f"model.bom.{c}")))

            for frame, measure, name in (
                (capex, "capex_network_usd", "model_capex"),
                (power, "power_network_w", "model_power"),
            ):
                ui.chart(
                    charts.bar(
                        parts_named(frame),
                        "component",
                        "value",
                        {"value": labels[measure], "component": ""},
                        height=260,
                    ),
                    frame,
                    name,
                    provenance=run["assumptions"],
                )

if compare_tab.open:
    with compare_tab:
        if not decomp.empty:
            ui.chart(
                charts.bar(
                    axis_named(decomp),
                    "fabric",
                    "capex_cluster_per_effective_gpu_usd",
                    labels,
                    color="fabric",
                    hover=["switch", "nic", "step_time_s", "effective_GBps_per_gpu"],
                    height=320,
                ),
                decomp,
                "model_compare",
                provenance=run["assumptions"],
            )
        st.caption(t("model.in_network_caption"))
        ui.table(
            mv.in_network_algorithms(),
            "model_in_network",
            {"algorithm": t("model.algorithm"), "nccl": t("model.nccl_name"), "requires": t("model.requires")},
            with_sources=False,
        )

if tornado_tab.open:
    with tornado_tab:
        metric = st.radio(
            t("model.outcome"),
            ["capex_network_per_gpu_usd", "step_time_s", "capex_cluster_per_effective_gpu_usd"],
            format_func=labels.get,
            horizontal=True,
            key="model_tornado_metric",
        )
        swings = mv.tornado(metric, **scenario)
        if swings.empty:
            ui.empty(t("model.no_swing"))
        else:
            fig = charts.tornado(
                swings,
                "assumption",
                "outcome_low",
                "outcome_high",
                getattr(result, metric),
                {"outcome_low": t("model.low_end"), "outcome_high": t("model.high_end"), "outcome": labels[metric]},
            )
            ui.chart(
                fig, swings, "model_tornado", labels, caption=t("model.tornado_caption"), provenance=run["assumptions"]
            )
        ui.table(
            run["shares"],
            "model_assumption_shares",
            {
                "name": t("model.share.name"),
                "value": t("model.flip.value"),
                "kind": t("model.share.kind"),
                "drives": t("model.share.drives"),
                "share": t("model.share.share"),
                "source": t("model.share.source"),
            },
            with_sources=False,
        )

if grid_tab.open:
    with grid_tab:
        table = mv.grid(oversubscription=oversubscription, **workload)
        fig = charts.scatter(
            named(table),
            "effective_GBps_per_gpu",
            "capex_network_per_gpu_usd",
            labels,
            color="fabric",
            symbol="nic_gbps",
            log_x=True,
            log_y=True,
            hover=["gpus", "switch", "tiers", "step_time_s"],
        )
        ui.chart(fig, table, "model_grid", labels, caption=t("model.grid_caption"), provenance=run["assumptions"])

if assumptions_tab.open:
    with assumptions_tab:
        ui.table(
            run["assumptions"],
            "model_assumptions",
            {"date": t("model.date"), "kind": t("model.kind_of_figure")},
            with_sources=False,
        )
        st.subheader(t("model.deployments_header"))
        st.caption(t("model.deployments_caption"))
        if st.toggle(t("model.deployments_check"), key="model_deployments"):
            checks = mv.deployment_checks()
            ui.table(
                checks,
                "model_deployments",
                {c: t(f"model.dep.{c}") for c in ("deployment", "field", "stated", "modelled", "reproduced", "design")},
                columns=["deployment", "field", "stated", "modelled", "reproduced", "design"],
                with_sources=False,
            )
