"""TOP500 since 2000: fabric groups over the lists, InfiniBand generations, Ethernet speeds (Slingshot apart), one list."""

import streamlit as st

from dashboard import charts, components as ui, data, i18n, shape, top500_charts as t5
from dashboard.i18n import t

ui.page_header(t("page.top500"), ui.description("marts.top500_history"))
ui.question("d")
ui.require_warehouse()

history, labels = data.mart("top500_history"), ui.labels("marts.top500_history")
lists = data.mart("top500_interconnects")
if history.empty or lists.empty:
    ui.empty(t("top500.empty"))
    st.stop()

list_ids = shape.options(history, "list")
gaps = t5.missing_lists(history["list"])
separator = "; " if i18n.current() == i18n.DEFAULT else "；"
gap_note = (
    t("top500.gaps", gaps=separator.join(t("top500.gap", before=a, after=b) for a, b in gaps))
    if gaps
    else t("top500.no_gaps")
)
measure = st.radio(
    t("top500.measure"),
    ["systems_share", "rmax_share"],
    format_func=lambda c: t5.percent_title(labels.get(c, c)),
    horizontal=True,
    key="top500_measure",
)

st.subheader(t("top500.groups_header", lists=len(list_ids), first=list_ids[0], last=list_ids[-1]))
ui.chart(
    t5.history_area(history, measure, labels),
    history,
    "top500_history",
    labels,
    caption=t("top500.groups_caption") + " " + gap_note,
)

gen_labels = ui.labels("marts.top500_generations")
generations = data.mart("top500_generations")
left, right = st.columns(2)
with left:
    st.subheader(t("top500.ib_header"))
    ib_measure = "share_of_fabric" if measure == "systems_share" else "rmax_share"
    fig = t5.ib_generations(generations, ib_measure, gen_labels)
    if ib_measure == "share_of_fabric":
        fig.update_yaxes(title_text=t("top500.ib_share_axis"))
    ui.chart(
        fig,
        shape.where(generations, fabric_group="infiniband"),
        "top500_ib_generations",
        gen_labels,
        caption=t("top500.ib_caption"),
    )
with right:
    st.subheader(t("top500.eth_header"))
    eth = generations[generations["fabric_group"].isin(["ethernet", "slingshot"])]
    ui.chart(
        t5.ethernet_speeds(generations, measure, gen_labels),
        eth,
        "top500_ethernet_speeds",
        gen_labels,
        caption=t("top500.eth_caption"),
    )

st.subheader(t("top500.one_list"))
lst = st.selectbox(t("top500.list"), list_ids[::-1], key="top500_list")
groups = t5.latest_groups(history, lst)
shown_groups = groups.assign(
    fabric_label=[t5.group_name(g, lbl) for g, lbl in zip(groups["fabric_group"], groups["fabric_label"])]
)
ui.table(
    shown_groups,
    "top500_list_groups",
    labels,
    ui.column_help("marts.top500_history"),
    columns=["fabric_label", "systems", "systems_change", "systems_share", "rmax_share", "rmax_tflops", "published_on"],
)
one = shape.where(lists, list=lst).sort_values("systems", ascending=False)
one = one.assign(interconnect=one["interconnect"].map(t5.interconnect_name))  # the bars' labels, translated
list_labels = ui.labels("marts.top500_interconnects")
fig = charts.bar(
    one,
    "systems",
    "interconnect",
    list_labels,
    color="fabric_group",
    orientation="h",
    barmode="relative",
    hover=["families", "generation", "systems_share", "rmax_share"],
    height=max(300, 24 * len(one) + 120),
)
# legend: the group names of the area chart above (colours stay keyed by the group id)
fig.for_each_trace(lambda tr: tr.update(name=t5.group_name(tr.name, t5.FABRIC_GROUPS.get(tr.name, tr.name))))
fig.update_yaxes(categoryorder="total ascending")
ui.chart(fig, one, "top500_interconnects", list_labels)
