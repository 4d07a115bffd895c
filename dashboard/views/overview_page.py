"""Overview: headline figures with change and freshness, and what changed since the last refresh."""

import streamlit as st

from dashboard import components as ui, data, shape

HEADLINES = ("ai_backend_network_revenue", "vendor_networking_revenue", "fabric_revenue_share", "switch_ports_shipped",
             "optics_units_shipped", "uec_members", "top500_systems", "nccl_busbw")

ui.page_header("fabricwatch", "AI cluster fabrics — InfiniBand, RoCE, Spectrum-X, Ultra Ethernet, NVLink: "
               "market and technology tracking. Every figure links to its source.")
ui.require_warehouse()

run = data.last_run()
if run:
    when = run["finished_at"] or run["started_at"]
    st.caption(f"Last refresh: {when:%Y-%m-%d %H:%M} UTC, mode {run['mode']}, status {run['status']}."
               if hasattr(when, "strftime") else f"Last refresh: {when} UTC, mode {run['mode']}, status {run['status']}.")

latest, labels = data.mart("latest_indicators"), data.labels("marts.latest_indicators")
freshness = data.mart("indicator_freshness")
status = dict(zip(freshness["indicator"], freshness["status"])) if not freshness.empty else {}

st.subheader("Headline figures")
heads = shape.headline_rows(latest, HEADLINES)
if heads.empty:
    ui.empty("No headline figures yet: run `fabricwatch refresh` (the offline default loads the curated ledger).")
else:
    for start in range(0, len(heads), 4):
        for col, row in zip(st.columns(4, border=True), heads.iloc[start:start + 4].itertuples()):
            previous = bool(getattr(row, "headline_is_previous", False))
            col.metric(row.indicator_name or row.indicator,
                       shape.format_value(row.headline_value, row.unit, row.headline_value_qualifier),
                       delta=None if previous else shape.format_change(row.change_ratio),
                       help=f"{row.subject} — {row.headline_period} ({row.kind}); {row.headline_publisher}, "
                            f"{row.headline_published_on}. Chosen by: {row.headline_rule}.")
            col.markdown(f"{ui.badge(status.get(row.indicator))} &nbsp; {row.headline_period} · {row.kind}"
                         + (" · strongest statement" if previous else ""))
    st.caption("Each headline is the latest period of its series (one quantity across its sources' wordings), "
               "newest vintage first; when that latest figure is only a lower bound weaker than the previous "
               "period's statement (e.g. \">50\" after \">100\"), the stronger statement is shown and marked.")
    ui.sources(heads, "headlines", labels)

with st.expander("All latest figures", icon=":material/table:"):
    category = st.selectbox("Category", [None, *shape.options(latest, "category")], key="overview_category",
                            format_func=lambda c: "all" if c is None else c)
    ui.table(shape.where(latest, category=category), "latest_indicators", labels,
             data.column_descriptions("marts.latest_indicators"),
             columns=["indicator_name", "subject", "period", "value", "value_qualifier", "unit", "kind", "change_ratio",
                      "previous_period", "published_on", "publisher", "url", "has_conflict"], with_sources=False)

st.subheader("What changed since the last refresh")
new = data.new_since_previous()
conflicts = data.mart("conflicts")
changes = data.mart("source_changes")
checks = data.latest_checks()
not_passed = checks[~checks["passed"]] if not checks.empty else checks
failed = not_passed[not_passed["severity"] == "ERROR"] if not not_passed.empty else not_passed
new_obs = new["new_observations"]
new_conflicts = shape.conflicts_touching(conflicts, new_obs["record_id"] if not new_obs.empty else [])
last_changes = changes[changes["run_id"] == changes.sort_values("detected_at")["run_id"].iloc[-1]] if not changes.empty else changes

counts = st.columns(4)
counts[0].metric("New observations", len(new_obs))
counts[1].metric("Source page changes (last fetch run)", len(last_changes))
counts[2].metric("New conflicts", len(new_conflicts))
counts[3].metric("Checks failed / warnings", f"{len(failed)} / {len(not_passed) - len(failed)}")
if new["previous"] is None:
    st.caption("This is the first published release: everything is new.")
else:
    st.caption(f"Compared with the previous release {new['previous']}; {new['removed_observations']} observations "
               "were removed.")

obs_tab, pages_tab, conflicts_tab, checks_tab = st.tabs(["New observations", "Source changes", "New conflicts",
                                                         "Checks not passed"])
with obs_tab:
    if new_obs.empty:
        ui.empty("No new observations since the previous release.")
    else:
        ui.table(new_obs, "new_observations", data.labels("core.observations"))
with pages_tab:
    if last_changes.empty:
        ui.empty("No page changes recorded yet: a live refresh (`fabricwatch refresh --mode live`) records them.")
    else:
        ui.table(last_changes, "source_changes_recent", data.labels("marts.source_changes"),
                 columns=["detected_at", "source_id", "title", "url", "change_kind", "added_lines", "removed_lines"])
with conflicts_tab:
    if new_conflicts.empty:
        ui.empty("No new conflicts. All conflicts are on the Sources & quality page.")
    else:
        ui.table(new_conflicts, "new_conflicts", data.labels("marts.conflicts"),
                 columns=["conflict_on", "series_key", "period", "conflict_type", "a_value", "a_event_date",
                          "a_publisher", "a_carrier", "a_published_on", "b_value", "b_event_date", "b_publisher",
                          "b_carrier", "b_published_on", "relative_difference", "bounds_compatible"])
with checks_tab:
    if not_passed.empty:
        ui.empty("Every asset check passed in the last refresh.")
    else:
        ui.table(not_passed, "failed_checks", data.labels("meta.checks"), with_sources=False)
