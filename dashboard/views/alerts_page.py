"""Watch rules: the analysts' alert rules and what they fired (rules live beside the warehouse)."""

import streamlit as st

from dashboard import components as ui, data, i18n
from dashboard.i18n import t

RULE_COLUMNS = [
    "name",
    "indicator",
    "subject_like",
    "series_key",
    "condition",
    "threshold",
    "channel",
    "target",
    "backfill",
    "created_at",
]
DELIVERY_COLUMNS = [
    "last_at",
    "rule",
    "status",
    "attempts",
    "indicator",
    "subject",
    "period",
    "value",
    "unit",
    "previous_value",
    "publisher",
    "published_on",
    "url",
    "last_error",
]


def column_labels(columns: list[str]) -> dict[str, str]:
    """Column headers of the rule store's tables: the catalog's alerts.column.<name>, else the name."""
    return {c: i18n.t_or(f"alerts.column.{c}", c.replace("_", " ")) for c in columns}


ui.page_header(t("page.alerts"), t("alerts.summary"))

rules, deliveries = data.alert_rules(), data.alert_deliveries()
if rules.empty and deliveries.empty:
    ui.empty(t("alerts.empty"))
    st.stop()

st.subheader(t("alerts.rules"))
if rules.empty:
    ui.empty(t("alerts.all_removed"))
else:
    st.dataframe(
        ui.readable_gaps(rules),
        hide_index=True,
        width="stretch",
        key="alert_rules_table",
        column_config=ui.column_config(rules, column_labels(list(rules.columns))),
    )

st.subheader(t("alerts.deliveries"))
if deliveries.empty:
    ui.empty(t("alerts.nothing_fired"))
else:
    failing = int((deliveries["status"] == "failed").sum())
    if failing:
        st.warning(t("alerts.failing", failing=failing), icon=":material/error:")
    ui.table(deliveries, "alert_deliveries", column_labels(list(deliveries.columns)), columns=DELIVERY_COLUMNS)
