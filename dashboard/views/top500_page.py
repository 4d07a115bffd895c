"""TOP500 since 2000: fabric groups over the lists, InfiniBand generations, Ethernet speeds (Slingshot apart), one list."""

import streamlit as st

from dashboard import charts, components as ui, data, shape, top500_charts as t5

ui.page_header("TOP500", data.description("marts.top500_history"))
ui.require_warehouse()

history, labels = data.mart("top500_history"), data.labels("marts.top500_history")
lists = data.mart("top500_interconnects")
if history.empty or lists.empty:
    ui.empty("No TOP500 list ingested yet: drop a list file (TOP500_YYYYMM.xlsx) into inbox/top500 under your "
             "FABRICWATCH_HOME, or run `fabricwatch ingest FILE`, then refresh.")
    st.stop()

list_ids = shape.options(history, "list")
gaps = t5.missing_lists(history["list"])
gap_note = ("Lists not in the warehouse: " + "; ".join(f"between {a} and {b}" for a, b in gaps) + "."
            if gaps else "Every list between the first and the last is in the warehouse.")
measure = st.radio("Measure", ["systems_share", "rmax_share"], format_func=lambda c: labels.get(c, c), horizontal=True,
                   key="top500_measure")

st.subheader(f"Fabric groups over {len(list_ids)} lists, {list_ids[0]} to {list_ids[-1]}")
ui.chart(t5.history_area(history, measure, labels), history, "top500_history", labels,
         caption="Groups stay comparable across the lists: TOP500's family names change over the years and are "
                 "mapped to one group each; Slingshot (filed by TOP500 under Gigabit Ethernet) is shown apart from "
                 "other Ethernet; 'Not stated': the early lists write N/A as the family of many systems. " + gap_note)

gen_labels = data.labels("marts.top500_generations")
generations = data.mart("top500_generations")
left, right = st.columns(2)
with left:
    st.subheader("InfiniBand generations")
    ib_measure = "share_of_fabric" if measure == "systems_share" else "rmax_share"
    fig = t5.ib_generations(generations, ib_measure, gen_labels)
    if ib_measure == "share_of_fabric":
        fig.update_yaxes(title_text="Share of the list's InfiniBand systems")
    ui.chart(fig, shape.where(generations, fabric_group="infiniband"),
             "top500_ib_generations", gen_labels,
             caption="As the Interconnect column states it; 'generation not stated' where it only says Infiniband.")
with right:
    st.subheader("Ethernet by speed, Slingshot apart")
    eth = generations[generations["fabric_group"].isin(["ethernet", "slingshot"])]
    ui.chart(t5.ethernet_speeds(generations, measure, gen_labels), eth, "top500_ethernet_speeds", gen_labels,
             caption="Share of the whole list. The '10G' family (2013-2018) counts as 10G Ethernet.")

st.subheader("One list")
lst = st.selectbox("List", list_ids[::-1], key="top500_list")
groups = t5.latest_groups(history, lst)
ui.table(groups, "top500_list_groups", labels, data.column_descriptions("marts.top500_history"),
         columns=["fabric_label", "systems", "systems_change", "systems_share", "rmax_share", "rmax_tflops",
                  "published_on"])
one = shape.where(lists, list=lst).sort_values("systems", ascending=False)
fig = charts.bar(one, "systems", "interconnect", data.labels("marts.top500_interconnects"), color="fabric_group",
                 orientation="h", barmode="relative", hover=["families", "generation", "systems_share", "rmax_share"],
                 height=max(300, 24 * len(one) + 120))
fig.update_yaxes(categoryorder="total ascending")
ui.chart(fig, one, "top500_interconnects", data.labels("marts.top500_interconnects"))
