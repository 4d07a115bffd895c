"""MLPerf Training: which scale-out fabrics the submitted systems use, round by round."""

import streamlit as st

from dashboard import charts, components as ui, data, shape

ui.page_header("MLPerf Training", data.description("marts.mlperf_fabric_summary"))
ui.require_warehouse()

summary, labels = data.mart("mlperf_fabric_summary"), data.labels("marts.mlperf_fabric_summary")
systems, system_labels = data.mart("mlperf_systems"), data.labels("marts.mlperf_systems")
if summary.empty or systems.empty:
    ui.empty("No MLPerf Training system descriptions yet: refresh (the ten recorded rounds replay offline), "
             "or `fabricwatch refresh --mode live` to look for new rounds.")
    st.stop()

st.subheader("Fabric share of submitted systems per round")
by_fabric = shape.mlperf_by_fabric(summary)
fig = charts.bar(by_fabric, "round", "systems_share", labels, color="fabric", barmode="relative",
                 hover=["systems", "submitters", "accelerators", "published_on"])
fig.update_yaxes(tickformat=".0%")
ui.chart(fig, by_fabric, "mlperf_fabric_share", labels,
         caption="Each system-description file is one submitted system: a cluster submitted at several sizes "
                 "counts once per size. \"not stated\": the file does not say which fabric the nodes use.")

st.subheader("Largest benchmarked system per fabric")
largest = shape.mlperf_largest(summary)
fig = charts.line(largest, "published_on", "largest_system_accelerators", labels, color="fabric", log_y=True,
                  hover=["round", "largest_system_name", "largest_system_submitter", "largest_system_accelerator",
                         "largest_system_nodes"])
fig.update_yaxes(dtick=1)   # one tick per power of ten
ui.chart(fig, largest, "mlperf_largest", labels,
         caption="Accelerators of the largest system submitted per round and fabric (log scale); "
                 "TPU systems scale over the TPU inter-chip interconnect.")

st.subheader("Submitted systems")
left, middle, right = st.columns([2, 2, 3])
rounds = shape.options(systems, "round")
picked_rounds = left.multiselect("Rounds", rounds, default=rounds[-1:], key="mlperf_rounds")
fabrics = shape.options(systems.assign(fabric=systems["fabric"].fillna(shape.NOT_STATED)), "fabric")
picked_fabrics = middle.multiselect("Fabrics", fabrics, default=fabrics, key="mlperf_fabrics")
text = right.text_input("Search (submitter, system, accelerator, NIC)", key="mlperf_search")
shown = systems.assign(fabric=systems["fabric"].fillna(shape.NOT_STATED))
shown = shape.where_in(shape.where_in(shown, "round", picked_rounds), "fabric", picked_fabrics)
shown = shape.search(shown, text, ["submitter", "system_name", "accelerator", "nic_model"])
shown = shown.sort_values(["round_order", "accelerators_total"], ascending=[True, False])
ui.table(shown, "mlperf_systems", system_labels, data.column_descriptions("marts.mlperf_systems"),
         columns=["round", "submitter", "system_name", "division", "nodes", "accelerators_total", "accelerator",
                  "fabric", "nic_gbps", "compute_nics_per_node", "nic_model", "scaleup_interconnect", "published_on",
                  "url", "warnings"])
