"""UEC tracker: milestones and member products on a timeline, membership over time."""

import streamlit as st

from dashboard import charts, components as ui, data, shape

ui.page_header("UEC tracker", data.description("marts.uec_tracker"))
ui.require_warehouse()

uec, labels = data.mart("uec_tracker"), data.labels("marts.uec_tracker")
if uec.empty:
    ui.empty("Nothing on the Ultra Ethernet Consortium yet: add UEC events to sources/curated/*_events.csv "
             "(subject 'Ultra Ethernet Consortium') or refresh to read ultraethernet.org.")
    st.stop()

st.subheader("Milestones and member products")
milestones = uec[uec["row_type"] != "membership_count"]
row_types = st.multiselect("Show", shape.options(milestones, "row_type"), default=shape.options(milestones, "row_type"),
                           key="uec_row_types")
shown = milestones[milestones["row_type"].isin(row_types)]
if shown.empty:
    ui.empty("No milestones for this selection.")
else:
    fig = charts.timeline(shown, "on_date", "category", "title", labels,
                          hover=["subject", "vendor", "uec_status", "publisher", "date_precision"])
    ui.chart(fig, shown, "uec_timeline", labels)

st.subheader("Membership over time")
members = uec[uec["row_type"] == "membership_count"].sort_values("on_date")
if members.empty:
    ui.empty("No membership counts yet: add uec_members observations (a count with its date) to the ledger.")
else:
    # Counts from different documents disagree (see Conflicts): points, not a line through them.
    fig = charts.scatter(members, "on_date", "member_count", labels, color="count_basis",
                         hover=["title", "member_count_qualifier", "publisher"])
    ui.chart(fig, members, "uec_members", labels)

st.subheader("All entries")
ui.table(uec.sort_values("on_date", ascending=False), "uec_entries", labels, data.column_descriptions("marts.uec_tracker"),
         columns=["on_date", "row_type", "category", "subject", "title", "vendor", "uec_status", "member_count",
                  "publisher", "published_on", "url"], with_sources=False)
