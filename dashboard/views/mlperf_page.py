"""MLPerf Training: which scale-out fabrics the submitted systems use, round by round."""

import streamlit as st

from dashboard import charts, components as ui, data, shape
from dashboard.i18n import t

ui.page_header(t("page.mlperf"), ui.description("marts.mlperf_fabric_summary"))
ui.question("e")
ui.require_warehouse()

summary, labels = data.mart("mlperf_fabric_summary"), ui.labels("marts.mlperf_fabric_summary")
systems, system_labels = data.mart("mlperf_systems"), ui.labels("marts.mlperf_systems")
if summary.empty or systems.empty:
    ui.empty(t("mlperf.empty"))
    st.stop()


def named(frame):
    """A display copy with fabric codes as the reader names them (charts get it; downloads keep the codes)."""
    return frame.assign(fabric=frame["fabric"].map(charts.fabric_name))


# the rounds MLCommons published (the round calendar, sources/curated/vocabulary/mlperf_rounds.csv) that the
# warehouse does not hold: named under the charts; a round recorded later drops out of the note by itself
recorded = summary.drop_duplicates("round").sort_values("round_order")["round"].tolist()
calendar = data.mlperf_rounds()
absent = calendar[~calendar["round"].isin(recorded)]
st.caption(
    t("mlperf.coverage", n=len(recorded), first=recorded[0], last=recorded[-1])
    + (
        " "
        + t(
            "mlperf.missing_rounds",
            rounds=", ".join(f"{r} ({w})" for r, w in zip(absent["round"], absent["published"])),
        )
        if not absent.empty
        else ""
    )
)

st.subheader(t("mlperf.share_header"))
by_fabric = shape.mlperf_by_fabric(summary)
fig = charts.bar(
    named(by_fabric),
    "round",
    "systems_share",
    labels,
    color="fabric",
    barmode="relative",
    hover=["systems", "submitters", "accelerators", "published_on"],
)
fig.update_yaxes(tickformat=".0%", title_text=t("mlperf.share_axis"))  # percent ticks, a percent title
ui.chart(fig, by_fabric, "mlperf_fabric_share", labels, caption=t("mlperf.share_caption"))

st.subheader(t("mlperf.largest_header"))
largest = shape.mlperf_largest(summary)
fig = charts.line(
    named(largest),
    "published_on",
    "largest_system_accelerators",
    labels,
    color="fabric",
    log_y=True,
    hover=[
        "round",
        "largest_system_name",
        "largest_system_submitter",
        "largest_system_accelerator",
        "largest_system_nodes",
    ],
)
fig.update_yaxes(dtick=1)  # one tick per power of ten
ui.chart(fig, largest, "mlperf_largest", labels, caption=t("mlperf.largest_caption"))

st.subheader(t("mlperf.systems_header"))
left, middle, right = st.columns([2, 2, 3])
rounds = shape.options(systems, "round")
picked_rounds = left.multiselect(
    t("mlperf.rounds"), rounds, default=rounds[-1:], key="mlperf_rounds", placeholder=t("ui.choose")
)
fabrics = shape.options(systems.assign(fabric=systems["fabric"].fillna(shape.NOT_STATED)), "fabric")
picked_fabrics = middle.multiselect(
    t("mlperf.fabrics"),
    fabrics,
    default=fabrics,
    key="mlperf_fabrics",
    format_func=charts.fabric_name,
    placeholder=t("ui.choose"),
)
text = right.text_input(t("mlperf.search"), key="mlperf_search")
shown = systems.assign(fabric=systems["fabric"].fillna(shape.NOT_STATED))
shown = shape.where_in(shape.where_in(shown, "round", picked_rounds), "fabric", picked_fabrics)
shown = shape.search(shown, text, ["submitter", "system_name", "accelerator", "nic_model"])
shown = shown.sort_values(["round_order", "accelerators_total"], ascending=[True, False])
ui.table(
    shown,
    "mlperf_systems",
    system_labels,
    ui.column_help("marts.mlperf_systems"),
    columns=[
        "round",
        "submitter",
        "system_name",
        "division",
        "nodes",
        "accelerators_total",
        "accelerator",
        "fabric",
        "nic_fabric",
        "compute_nics_per_node",
        "nic_gbps",
        "ports_per_nic",
        "scaleout_gbps_per_node",
        "nic_model",
        "excluded_nics",
        "scaleup_interconnect",
        "published_on",
        "url",
        "fabric_basis",
        "warnings",
    ],
)
