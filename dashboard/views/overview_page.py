"""Overview: headline figures that say what they show, and what changed since the last refresh."""

import datetime as dt

import streamlit as st

from dashboard import answers, components as ui, data, headlines, i18n, shape
from dashboard.i18n import t


def show_card(col, card: headlines.Card) -> None:
    """One bordered card: definition, the figure and what it is, then period, kind, publisher and vintage."""
    col.markdown(f"**{card.title}**")
    ui.metric(col, card.label, card.value, card.unit, card.qualifier)
    for line in card.lines:
        col.caption(line)


ui.page_header("fabricwatch", t("overview.summary"))
ui.question("overview")
ui.require_warehouse()

run = data.last_run()
if run:
    when = run["finished_at"] or run["started_at"]
    st.caption(
        t(
            "overview.last_refresh",
            when=f"{when:%Y-%m-%d %H:%M}" if hasattr(when, "strftime") else when,
            mode=i18n.t_or(f"overview.mode.{run['mode']}", run["mode"]),
            status=i18n.t_or(f"status.{run['status']}", run["status"]),
        )
    )

labels = ui.labels("marts.latest_indicators")

st.subheader(t("overview.headlines"))
today = dt.date.today()
series = data.series_rows(tuple({c.indicator for c in headlines.SERIES_CARDS} | {headlines.SHARE_INDICATOR}))
names = data.entity_names()
catalog = data.series_catalog()
consensus = data.series_consensus(tuple(series["series_key"].dropna().unique()) if not series.empty else ())
cards = []
for spec in headlines.SERIES_CARDS:
    rows = series[series["indicator"] == spec.indicator] if not series.empty else series
    if spec.speed_gbps is not None and not rows.empty:
        rows = rows[rows["speed_gbps"] == spec.speed_gbps]
    card = (
        headlines.series_card(
            rows, answers.series_titles(rows, names, catalog, data.indicator_names()), today, consensus
        )
        if not rows.empty
        else None
    )
    if card is not None:
        cards.append(card)
shares = series[series["indicator"] == headlines.SHARE_INDICATOR] if not series.empty else series
share = (
    headlines.share_card(shares, answers.series_titles(shares, names, catalog, data.indicator_names()))
    if not shares.empty
    else None
)
if share is not None:
    cards.append(share)
latest = data.latest_of(headlines.LATEST_CARDS)
if not latest.empty:
    latest = latest[latest["vendor"].isna() & (latest["series_kind"] != "cumulative")]
for row in shape.headline_rows(latest, headlines.LATEST_CARDS).itertuples():
    cards.append(headlines.latest_card(row, data.indicator_names().get(row.indicator, row.indicator_name), names))
# a long figure ("> 1,000 億美元") wraps inside its card instead of being cut with an ellipsis
st.html(
    "<style>[data-testid='stMetricValue'], [data-testid='stMetricValue'] * {white-space: normal !important; "
    "overflow: visible !important; text-overflow: clip !important; word-break: keep-all !important; overflow-wrap: normal !important; line-break: strict;}</style>"
)
if not cards:
    ui.empty(t("overview.no_headlines"))
else:
    for start in range(0, len(cards), 4):
        for col, card in zip(st.columns(4, border=True), cards[start : start + 4]):
            show_card(col, card)
    st.caption(t("overview.headline_caption"))
    shown = series[series["series_key"].isin({c.series_key for c in cards})] if not series.empty else series
    ui.sources(shown, "headlines", ui.labels("core.observations"))

with st.expander(t("overview.all_latest"), icon=":material/table:"):
    category = st.selectbox(
        t("overview.category"),
        [None, *data.latest_categories()],
        key="overview_category",
        format_func=lambda c: (
            t("overview.all_categories") if c is None else i18n.t_or(f"overview.category_value.{c}", c)
        ),
    )
    # read in DuckDB: the category's rows, at most the newest TABLE_MAX_ROWS (at 100x the mart has 54k rows)
    latest, total = data.latest_rows(category, ui.TABLE_MAX_ROWS)
    ui.table(
        latest,
        "latest_indicators",
        labels,
        ui.column_help("marts.latest_indicators"),
        columns=[
            "indicator_name",
            "subject",
            "period",
            "value",
            "value_qualifier",
            "unit",
            "kind",
            "change_ratio",
            "previous_period",
            "published_on",
            "publisher",
            "url",
            "has_conflict",
        ],
        with_sources=False,
        rows=ui.rows("marts.latest_indicators", category=category),
        total=total,
    )

st.subheader(t("overview.changed"))
new = data.new_since_previous()
checks = data.latest_checks()
not_passed = checks[~checks["passed"]] if not checks.empty else checks
errors, warnings, total = ui.check_counts(checks)
new_obs, new_conflicts = new["new_observations"], new["new_conflicts"]  # the diff is done in DuckDB
last_changes = data.last_source_changes()

counts = st.columns(4)
counts[0].metric(t("overview.new_observations"), new["new_count"])
counts[1].metric(t("overview.source_page_changes"), len(last_changes))
counts[2].metric(t("overview.new_conflicts"), new["new_conflict_count"])
counts[3].metric(
    t("overview.checks_failed"),
    f"{errors} / {warnings}",
    help=t("checks.summary", errors=errors, warnings=warnings, total=total),
)
if new["previous"] is None:
    st.caption(t("overview.first_release"))
else:
    st.caption(t("overview.previous_release", previous=new["previous"], removed=new["removed_observations"]))

obs_tab, pages_tab, conflicts_tab, checks_tab = st.tabs(
    [
        t("overview.tab_new_observations"),
        t("overview.tab_source_changes"),
        t("overview.tab_new_conflicts"),
        t("overview.tab_checks"),
    ]
)
with obs_tab:
    if new_obs.empty:
        ui.empty(t("overview.no_new_observations"))
    else:
        ui.table(
            new_obs,
            "new_observations",
            ui.labels("core.observations"),
            total=new["new_count"],
            rows=ui.Rows(data.all_new_observations),
        )
with pages_tab:
    if last_changes.empty:
        ui.empty(t("overview.no_page_changes"))
    else:
        ui.table(
            last_changes,
            "source_changes_recent",
            ui.labels("marts.source_changes"),
            columns=["detected_at", "source_id", "title", "url", "change_kind", "added_lines", "removed_lines"],
        )
with conflicts_tab:
    if new_conflicts.empty:
        ui.empty(t("overview.no_new_conflicts"))
    else:
        ui.table(
            new_conflicts,
            "new_conflicts",
            ui.labels("marts.conflicts"),
            total=new["new_conflict_count"],
            rows=ui.Rows(data.all_new_conflicts),
            columns=[
                "conflict_on",
                "series_key",
                "period",
                "conflict_type",
                "a_value",
                "a_event_date",
                "a_publisher",
                "a_carrier",
                "a_published_on",
                "b_value",
                "b_event_date",
                "b_publisher",
                "b_carrier",
                "b_published_on",
                "relative_difference",
                "bounds_compatible",
            ],
        )
with checks_tab:
    if not_passed.empty:
        ui.empty(t("overview.all_checks_passed"))
    else:
        ui.table(not_passed, "failed_checks", ui.labels("meta.checks"), with_sources=False)
