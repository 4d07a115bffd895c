"""Watch rules: the analysts' alert rules and what they fired (rules live beside the warehouse)."""

import streamlit as st

from dashboard import components as ui, data

ui.page_header("Watch rules", "Rules that notify analysts when a new figure crosses a threshold or moves by a "
               "percentage. They are evaluated after every refresh that publishes; each match is delivered once.")

rules, deliveries = data.alert_rules(), data.alert_deliveries()
if rules.empty and deliveries.empty:
    ui.empty("No watch rules yet. Add one from the command line, e.g. "
             "`fabricwatch alerts add ai-forecast --indicator ai_backend_network_revenue --change-pct 10 "
             "--webhook https://hooks.example.org/fabricwatch` — the next refresh checks the figures it adds.")
    st.stop()

st.subheader("Rules")
if rules.empty:
    ui.empty("Every rule was removed; their past deliveries are listed below.")
else:
    st.dataframe(rules, hide_index=True, width="stretch", key="alert_rules_table")

st.subheader("Recent deliveries")
if deliveries.empty:
    ui.empty("Nothing has fired yet: rules fire on figures that later refreshes add (or on everything with --backfill).")
else:
    failing = int((deliveries["status"] == "failed").sum())
    if failing:
        st.warning(f"{failing} deliveries failed; they are retried at the next refresh.", icon=":material/error:")
    ui.table(deliveries, "alert_deliveries", {}, columns=[
        "last_at", "rule", "status", "attempts", "indicator", "subject", "period", "value", "unit", "previous_value",
        "publisher", "published_on", "url", "last_error"])
