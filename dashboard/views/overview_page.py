"""Overview: headline figures with change and freshness, and what changed since the last refresh."""

import streamlit as st

from dashboard import components as ui, data, i18n, shape
from dashboard.i18n import t

HEADLINES = ("ai_backend_network_revenue", "vendor_networking_revenue", "fabric_revenue_share", "switch_ports_shipped",
             "optics_units_shipped", "uec_members", "top500_systems", "nccl_busbw")


def headline_rule(row) -> str:
    """Which statement a headline card shows and why, in the reader's language (the mart's headline_rule, in words)."""
    if not bool(getattr(row, "headline_is_previous", False)):
        return t("overview.rule_latest")
    return t("overview.rule_strongest",
             latest=shape.format_value(row.value, row.unit, row.value_qualifier), latest_period=row.period,
             shown=shape.format_value(row.headline_value, row.unit, row.headline_value_qualifier),
             shown_period=row.headline_period)


ui.page_header("fabricwatch", t("overview.summary"))
ui.require_warehouse()

run = data.last_run()
if run:
    when = run["finished_at"] or run["started_at"]
    st.caption(t("overview.last_refresh", when=f"{when:%Y-%m-%d %H:%M}" if hasattr(when, "strftime") else when,
                 mode=i18n.t_or(f"overview.mode.{run['mode']}", run["mode"]),
                 status=i18n.t_or(f"status.{run['status']}", run["status"])))

labels = ui.labels("marts.latest_indicators")
freshness = data.mart("indicator_freshness")
status = dict(zip(freshness["indicator"], freshness["status"])) if not freshness.empty else {}

st.subheader(t("overview.headlines"))
heads = shape.headline_rows(data.latest_of(HEADLINES), HEADLINES)
# a long figure ("> 1,000 億美元") wraps inside its card instead of being cut with an ellipsis
st.html("<style>[data-testid='stMetricValue'], [data-testid='stMetricValue'] * {white-space: normal !important; "
        "overflow: visible !important; text-overflow: clip !important; word-break: keep-all !important; overflow-wrap: normal !important; line-break: strict;}</style>")
if heads.empty:
    ui.empty(t("overview.no_headlines"))
else:
    for start in range(0, len(heads), 4):
        for col, row in zip(st.columns(4, border=True), heads.iloc[start:start + 4].itertuples()):
            previous = bool(getattr(row, "headline_is_previous", False))
            rule = headline_rule(row)
            ui.metric(col, i18n.indicator_name(row.indicator, row.indicator_name), row.headline_value, row.unit,
                      row.headline_value_qualifier,
                      delta=None if previous else shape.format_change(row.change_ratio),
                      help=t("overview.card_help", subject=row.subject, period=row.headline_period,
                             kind=i18n.t_or(f"kind.{row.kind}", row.kind), publisher=row.headline_publisher,
                             published_on=f"{row.headline_published_on:%Y-%m-%d}" if hasattr(row.headline_published_on, "strftime")
                             else row.headline_published_on, rule=rule))
            col.markdown(f"{ui.badge(status.get(row.indicator))} &nbsp; {row.headline_period} · "
                         f"{i18n.t_or(f'kind.{row.kind}', row.kind)}")
            col.caption(rule)
    st.caption(t("overview.headline_caption"))
    ui.sources(heads, "headlines", labels)

with st.expander(t("overview.all_latest"), icon=":material/table:"):
    category = st.selectbox(t("overview.category"), [None, *data.latest_categories()], key="overview_category",
                            format_func=lambda c: t("overview.all_categories") if c is None
                            else i18n.t_or(f"overview.category_value.{c}", c))
    # read in DuckDB: the category's rows, at most the newest TABLE_MAX_ROWS (at 100x the mart has 54k rows)
    latest, total = data.latest_rows(category, ui.TABLE_MAX_ROWS)
    ui.table(latest, "latest_indicators", labels,
             ui.column_help("marts.latest_indicators"),
             columns=["indicator_name", "subject", "period", "value", "value_qualifier", "unit", "kind", "change_ratio",
                      "previous_period", "published_on", "publisher", "url", "has_conflict"], with_sources=False,
             rows=ui.rows("marts.latest_indicators", category=category), total=total)

st.subheader(t("overview.changed"))
new = data.new_since_previous()
checks = data.latest_checks()
not_passed = checks[~checks["passed"]] if not checks.empty else checks
failed = not_passed[not_passed["severity"] == "ERROR"] if not not_passed.empty else not_passed
new_obs, new_conflicts = new["new_observations"], new["new_conflicts"]   # the diff is done in DuckDB
last_changes = data.last_source_changes()

counts = st.columns(4)
counts[0].metric(t("overview.new_observations"), new["new_count"])
counts[1].metric(t("overview.source_page_changes"), len(last_changes))
counts[2].metric(t("overview.new_conflicts"), new["new_conflict_count"])
counts[3].metric(t("overview.checks_failed"), f"{len(failed)} / {len(not_passed) - len(failed)}")
if new["previous"] is None:
    st.caption(t("overview.first_release"))
else:
    st.caption(t("overview.previous_release", previous=new["previous"], removed=new["removed_observations"]))

obs_tab, pages_tab, conflicts_tab, checks_tab = st.tabs([t("overview.tab_new_observations"),
                                                         t("overview.tab_source_changes"),
                                                         t("overview.tab_new_conflicts"), t("overview.tab_checks")])
with obs_tab:
    if new_obs.empty:
        ui.empty(t("overview.no_new_observations"))
    else:
        ui.table(new_obs, "new_observations", ui.labels("core.observations"), total=new["new_count"],
                 rows=ui.Rows(data.all_new_observations))
with pages_tab:
    if last_changes.empty:
        ui.empty(t("overview.no_page_changes"))
    else:
        ui.table(last_changes, "source_changes_recent", ui.labels("marts.source_changes"),
                 columns=["detected_at", "source_id", "title", "url", "change_kind", "added_lines", "removed_lines"])
with conflicts_tab:
    if new_conflicts.empty:
        ui.empty(t("overview.no_new_conflicts"))
    else:
        ui.table(new_conflicts, "new_conflicts", ui.labels("marts.conflicts"), total=new["new_conflict_count"],
                 rows=ui.Rows(data.all_new_conflicts),
                 columns=["conflict_on", "series_key", "period", "conflict_type", "a_value", "a_event_date",
                          "a_publisher", "a_carrier", "a_published_on", "b_value", "b_event_date", "b_publisher",
                          "b_carrier", "b_published_on", "relative_difference", "bounds_compatible"])
with checks_tab:
    if not_passed.empty:
        ui.empty(t("overview.all_checks_passed"))
    else:
        ui.table(not_passed, "failed_checks", ui.labels("meta.checks"), with_sources=False)
