"""TOP500: interconnect families over the lists."""

import streamlit as st

from dashboard import charts, components as ui, data, shape

ui.page_header("TOP500", data.description("marts.top500_interconnects"))
ui.require_warehouse()

lists, labels = data.mart("top500_interconnects"), data.labels("marts.top500_interconnects")
if lists.empty:
    ui.empty("No TOP500 list ingested yet: drop a list file (TOP500_YYYYMM.xlsx) into inbox/top500 under your "
             "FABRICWATCH_HOME, or run `fabricwatch ingest FILE`, then refresh.")
    st.stop()

measure = st.radio("Measure", ["fabric_systems_share", "fabric_rmax_share"], format_func=labels.get, horizontal=True,
                   key="top500_measure")
groups = shape.fabric_groups(lists)
st.subheader("Fabric groups over the lists")
fig = charts.line(groups, "list_date", measure, labels, color="fabric_group", hover=["list", "fabric_systems"])
fig.update_yaxes(tickformat=".0%")
ui.chart(fig, groups, "top500_fabrics", labels)

st.subheader("Interconnects per list")
lst = st.selectbox("List", shape.options(lists, "list")[::-1], key="top500_list")
one = shape.where(lists, list=lst).sort_values("systems", ascending=False)
fig = charts.bar(one, "systems", "interconnect", labels, color="fabric_group", orientation="h", barmode="relative",
                 hover=["families", "systems_share", "rmax_share"], height=max(300, 28 * len(one) + 120))
fig.update_yaxes(categoryorder="total ascending")
ui.chart(fig, one, "top500_interconnects", labels)
