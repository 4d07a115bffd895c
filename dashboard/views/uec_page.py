"""UEC tracker: milestones and member products on a timeline, membership over time."""

import streamlit as st

from dashboard import answer_charts, charts, components as ui, data, i18n, shape
from dashboard.i18n import t

ui.page_header(t("page.uec"), ui.description("marts.uec_tracker"))
ui.question("uec")
ui.require_warehouse()

uec, labels = data.mart("uec_tracker"), ui.labels("marts.uec_tracker")
if uec.empty:
    ui.empty(t("uec.empty"))
    st.stop()

st.subheader(t("uec.milestones_header"))
milestones = uec[uec["row_type"] != "membership_count"]
row_types = st.multiselect(
    t("uec.show"),
    shape.options(milestones, "row_type"),
    default=shape.options(milestones, "row_type"),
    key="uec_row_types",
    format_func=lambda r: i18n.t_or(f"uec.row_type.{r}", r),
    placeholder=t("ui.choose"),
)
shown = milestones[milestones["row_type"].isin(row_types)]
if shown.empty:
    ui.empty(t("uec.no_milestones"))
else:
    # lanes named in the reader's language; the download keeps the ledger's category codes
    lanes = shown.assign(category=shown["category"].map(lambda c: i18n.t_or(f"uec.category.{c}", c)))
    fig = charts.timeline(
        lanes,
        "on_date",
        "category",
        "title",
        labels,
        hover=["subject", "vendor", "uec_status", "publisher", "date_precision"],
    )
    ui.chart(fig, shown, "uec_timeline", labels)

st.subheader(t("uec.members_header"))
members = uec[uec["row_type"] == "membership_count"].sort_values("on_date")
if members.empty:
    ui.empty(t("uec.no_members"))
else:
    # Counts from different documents disagree (see Conflicts): points, not a line through them; a "more than"
    # count is a lower bound, drawn as a triangle pointing up (">50" in 2026 is not a fall from 100)
    fig = answer_charts.bounded_points(
        # the basis in the reader's words (the legend); the download keeps the code
        members.assign(count_basis=members["count_basis"].map(lambda c: i18n.t_or(f"uec.count_basis.{c}", str(c)))),
        "on_date",
        "member_count",
        "member_count_qualifier",
        "count_basis",
        labels,
        hover=["title", "publisher"],
        precision="date_precision",
    )
    ui.chart(fig, members, "uec_members", labels, caption=t("uec.members_caption"))

st.subheader(t("uec.all_header"))
ui.table(
    uec.sort_values("on_date", ascending=False).assign(  # codes in the reader's language (downloads keep them)
        row_type=lambda d: d["row_type"].map(lambda c: i18n.t_or(f"uec.row_type.{c}", str(c))),
        category=lambda d: d["category"].map(lambda c: i18n.t_or(f"uec.category.{c}", c) if isinstance(c, str) else c),
    ),
    "uec_entries",
    labels,
    ui.column_help("marts.uec_tracker"),
    columns=[
        "on_date",
        "row_type",
        "category",
        "subject",
        "title",
        "vendor",
        "uec_status",
        "member_count",
        "publisher",
        "published_on",
        "url",
    ],
    with_sources=False,
    rows=ui.rows("marts.uec_tracker"),
)
