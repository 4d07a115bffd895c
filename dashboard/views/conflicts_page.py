"""Conflicts (question g): which sources disagree, on what and by how much: one row per series and period with
a human title, the largest disagreement first, filterable by kind, indicator and source tier; the pairs beneath."""

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

titles = answers.conflict_titles(conflicts, data.entity_names())
on_col, ind_col, tier_col, diff_col = st.columns(4)
kinds = shape.options(conflicts, "conflict_on")
on = on_col.segmented_control(t("conflicts.on"), kinds, selection_mode="multi", default=kinds, key="conflicts_on",
                              format_func=lambda k: t(f"conflicts.on_{k}") if k in ("value", "date") else k)
indicators = shape.by_frequency(conflicts, "indicator")
picked_ind = ind_col.multiselect(t("conflicts.indicator"), indicators, key="conflicts_indicator",
                                 format_func=lambda i: i18n.indicator_name(i, None), placeholder=t("conflicts.all"))
tiers = answers.conflict_tiers(conflicts)
picked_tiers = tier_col.multiselect(t("conflicts.tier"), shape.options(tiers, "tier") if not tiers.empty else [],
                                    key="conflicts_tier", placeholder=t("conflicts.all"),
                                    format_func=lambda x: i18n.t_or(f"conflicts.tier_value.{x}", str(x)),
                                    help=t("conflicts.tier_help"), disabled=tiers.empty)
min_diff = diff_col.slider(t("conflicts.min_difference"), 0, 100, 0, step=5, key="conflicts_min_diff", format="%d%%")

shown = conflicts[conflicts["conflict_on"].isin(on or kinds)]
if picked_ind:
    shown = shown[shown["indicator"].isin(picked_ind)]
if picked_tiers:
    shown = answers.with_tiers(shown, tiers, picked_tiers)
groups = answers.conflict_groups(shown, titles)
groups = groups[(groups["largest_difference"].fillna(1.0) * 100 >= min_diff) | (groups["conflict_on"] == "date")]
st.caption(t("conflicts.counts", groups=len(groups), pairs=int(groups["pairs"].sum()) if len(groups) else 0,
             total=len(conflicts)))
if groups.empty:
    ui.empty(t("conflicts.none_shown"))
    st.stop()

table = groups.assign(spread=[f"{i18n.format_amount(lo, u, i18n.current())} – {i18n.format_amount(hi, u, i18n.current())}"
                              if lo == lo and lo is not None else "" for lo, hi, u in
                              zip(groups["low"], groups["high"], groups["unit"])],
                      conflict_on=groups["conflict_on"].map(lambda k: t(f"conflicts.on_{k}")))
group_labels = {c: t(f"conflicts.column.{c}") for c in ("title", "period", "conflict_on", "pairs", "publishers", "spread",
                                                        "largest_difference", "days_apart")}
event = st.dataframe(table[list(group_labels)], hide_index=True, width="stretch", key="conflict_groups",
                     on_select="rerun", selection_mode="single-row",
                     column_config={c: st.column_config.Column(lbl) for c, lbl in group_labels.items()}
                     | {"largest_difference": st.column_config.NumberColumn(group_labels["largest_difference"],
                                                                            format="percent")})
selected = event.selection.rows[0] if event and event.selection.rows else 0
row = groups.iloc[selected]
st.markdown(f"**{t('conflicts.pairs_of', title=row['title'], period=row['period'])}**")
pairs = shown[(shown["series_key"] == row["series_key"]) & (shown["period"] == row["period"])]
ui.table(pairs, "conflict_pairs", labels, ui.column_help("marts.conflicts"),
         columns=["a_value", "a_value_qualifier", "a_event_date", "a_publisher", "a_carrier", "a_published_on",
                  "a_url", "a_evidence", "b_value", "b_value_qualifier", "b_event_date", "b_publisher", "b_carrier",
                  "b_published_on", "b_url", "b_evidence", "relative_difference", "days_apart", "bounds_compatible"],
         with_sources=False, rows=ui.rows("marts.conflicts", series_key=row["series_key"], period=row["period"]))
