"""Conflicts (question g): which sources disagree, on what and by how much: marts.conflict_groups, one row per
series and period with its title (marts.series_catalog), the largest disagreement first, filterable by kind,
indicator, size and source tier; the pairs (marts.conflicts) beneath."""

import streamlit as st

from dashboard import answers, components as ui, data, i18n, shape
from dashboard.i18n import t

ui.page_header(t("page.conflicts"), t("conflicts.summary"))
ui.question("g")
ui.require_warehouse()

conflicts, labels = data.mart("conflicts"), ui.labels("marts.conflicts")
if conflicts.empty:
    ui.empty(t("sources.no_conflicts"))
    st.stop()
groups = data.mart("conflict_groups")
apparent = data.mart("apparent_conflicts") if "apparent_conflicts" in data.marts_in_warehouse() else None

titles = answers.conflict_titles(conflicts, data.entity_names(), data.series_catalog(), data.indicator_names())
on_col, ind_col, tier_col, diff_col = st.columns(4)
kinds = shape.options(conflicts, "conflict_on")
on = (
    on_col.segmented_control(
        t("conflicts.on"),
        kinds,
        selection_mode="multi",
        default=kinds,
        key="conflicts_on",
        format_func=lambda k: i18n.t_or(f"conflicts.on_{k}", k),
    )
    or kinds
)
indicators = shape.by_frequency(conflicts, "indicator")
picked_ind = ind_col.multiselect(
    t("conflicts.indicator"),
    indicators,
    key="conflicts_indicator",
    format_func=data.indicator_name,
    placeholder=t("conflicts.all"),
)
tiers = data.conflict_tiers()
tier_names = sorted(set(tiers["a_tier"].dropna()) | set(tiers["b_tier"].dropna()), key=answers.tier_order)
picked_tiers = tier_col.multiselect(
    t("conflicts.tier"),
    tier_names,
    key="conflicts_tier",
    placeholder=t("conflicts.all"),
    format_func=lambda x: i18n.t_or(f"conflicts.tier_value.{x}", str(x)),
    help=t("conflicts.tier_help"),
    disabled=not tier_names,
)
min_diff = diff_col.slider(t("conflicts.min_difference"), 0, 100, 0, step=5, key="conflicts_min_diff", format="%d%%")

pairs = conflicts[conflicts["conflict_on"].isin(on)]
if picked_ind:
    pairs = pairs[pairs["indicator"].isin(picked_ind)]
if picked_tiers:
    both = tiers[tiers["a_tier"].isin(picked_tiers) & tiers["b_tier"].isin(picked_tiers)]
    pairs = pairs[
        pairs["a_record_id"].isin(set(both["a_record_id"])) & pairs["b_record_id"].isin(set(both["b_record_id"]))
    ]
shown = answers.sorted_groups(groups, pairs, titles, min_diff / 100)
st.caption(
    t("conflicts.counts", groups=len(shown), pairs=len(pairs), total=len(conflicts))
    + (" " + t("conflicts.apparent", n=len(apparent)) if apparent is not None else "")
)
if shown.empty:
    ui.empty(t("conflicts.none_shown"))
    st.stop()

table = shown.assign(
    spread_text=[
        f"{i18n.format_amount(lo, u, i18n.current())} – {i18n.format_amount(hi, u, i18n.current())}"
        if on_ == "value"
        else f"{answers.vintage(d0)} – {answers.vintage(d1)}"
        for on_, lo, hi, u, d0, d1 in zip(
            shown["conflict_on"],
            shown["min_value"],
            shown["max_value"],
            shown["unit"],
            shown["min_event_date"],
            shown["max_event_date"],
        )
    ],
    conflict_on=shown["conflict_on"].map(lambda k: i18n.t_or(f"conflicts.on_{k}", k)),
    # one rule for the whole column: a percentage with one decimal (85.0%, 82.1%, 0.4%), never 85% beside 82.14%;
    # a date disagreement has no spread ("—")
    spread=[ui.number_text(v, share=True) for v in shown["spread"]],
)
group_labels = {
    c: t(f"conflicts.column.{c}")
    for c in (
        "title",
        "period",
        "conflict_on",
        "sources",
        "pairs",
        "spread_text",
        "spread",
        "max_days_apart",
        "publishers",
    )
}
event = st.dataframe(
    ui.readable_gaps(table[list(group_labels)]),
    hide_index=True,
    width="stretch",
    key="conflict_groups",
    on_select="rerun",
    selection_mode="single-row",
    column_config={c: st.column_config.Column(lbl) for c, lbl in group_labels.items()},
)
selected = event.selection.rows[0] if event and event.selection.rows else 0
row = shown.iloc[selected]
st.markdown(f"**{t('conflicts.pairs_of', title=row['title'], period=row['period'])}**")
detail = pairs[
    (pairs["series_key"] == row["series_key"])
    & (pairs["period"] == row["period"])
    & (pairs["conflict_on"] == row["conflict_on"])
    & ((pairs["kind"] == "forecast") == bool(row["forecast"]))
]
detail = detail.assign(conflict_type=detail["conflict_type"].map(lambda c: i18n.t_or(f"conflicts.type.{c}", str(c))))
ui.table(
    detail,
    "conflict_pairs",
    labels | {"conflict_type": t("conflicts.column.conflict_type")},
    ui.column_help("marts.conflicts"),
    columns=[
        "conflict_type",
        "a_value",
        "a_value_qualifier",
        "a_event_date",
        "a_publisher",
        "a_carrier",
        "a_published_on",
        "a_url",
        "a_evidence",
        "b_value",
        "b_value_qualifier",
        "b_event_date",
        "b_publisher",
        "b_carrier",
        "b_published_on",
        "b_url",
        "b_evidence",
        "relative_difference",
        "days_apart",
    ],
    with_sources=False,
    rows=ui.rows("marts.conflicts", series_key=row["series_key"], period=row["period"]),
)
