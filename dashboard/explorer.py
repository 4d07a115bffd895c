"""One series at a time, as every "how big / how many" question needs it: a definition picker that shows
titles (never keys), the definition and its coverage, this year's and next year's figures, the consensus chart
and the consensus table. Pages pass the rows of one quantity (one unit); this lays them out."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import streamlit as st

from dashboard import answer_charts, answers, components as ui, data, i18n
from dashboard.i18n import t


def explore(
    rows: pd.DataFrame,
    key: str,
    labels: dict[str, str],
    *,
    unit: str,
    definition_text: str | None = None,
    cards: bool = True,
    prefer: str | None = None,
) -> str | None:
    """Pick one series of `rows` (value, unit-less: `unit` says what value is) and show it; returns its key.

    `prefer`: a series key to open on when present (else the one with most publishers).
    """
    rows = rows[rows["series_kind"] != "cumulative"]
    if rows.empty:
        ui.empty(t("explorer.no_series"))
        return None
    titles = answers.series_titles(rows, data.entity_names(), data.series_catalog(), data.indicator_names())
    keys = list(titles["series_key"])
    if prefer in keys:
        keys.remove(prefer)
        keys.insert(0, prefer)
    title_of = dict(zip(titles["series_key"], titles["title"]))
    series = st.selectbox(
        t("explorer.definition"),
        keys,
        format_func=title_of.get,
        key=f"{key}_series",
        help=t("explorer.definition_help"),
    )
    info = titles.set_index("series_key").loc[series]
    picked = rows[rows["series_key"] == series]
    ui.definition(
        info["title"],
        info["definition"] or definition_text,
        info["publishers"],
        int(info["n_publishers"]),
        info["series_kind"],
        f"{info['first_period']}–{info['last_period']}",
    )
    cons_mart, points_mart = data.series_consensus((series,))
    low = points_mart[~points_mart["in_consensus"].astype(bool)] if not points_mart.empty else points_mart
    toggles = st.columns(2)
    all_vintages = toggles[0].toggle(t("answers.all_vintages"), key=f"{key}_all_vintages")
    all_tiers = toggles[1].toggle(
        t("answers.low_tiers", n=low["publisher"].nunique() if not low.empty else 0),
        key=f"{key}_all_tiers",
        disabled=low.empty,
        help=t("answers.low_tiers_help"),
    )
    latest, cons = answers.from_marts(cons_mart, points_mart, all_tiers=all_tiers)
    if not low.empty and not all_tiers:
        st.caption(
            t(
                "answers.low_tiers_left_out",
                n=low["publisher"].nunique(),
                figures=len(low),
                publishers=", ".join(sorted(low["publisher"].dropna().unique())),
            )
        )
    if cards and info["series_kind"] == "annual":
        _cards(latest, cons, unit)
    earlier = picked[~picked["record_id"].isin(set(latest["record_id"]))] if all_vintages else None
    fig = answer_charts.consensus_figure(latest, cons, unit, info["series_kind"], earlier=earlier)
    ui.chart(fig, picked, key, labels, caption=t("answers.chart_caption"))
    with st.expander(t("answers.per_period"), icon=":material/table:"):
        shown = cons.assign(
            kind=cons["kind"].map(answer_charts.t_kind),
            reference_from=cons["reference_from"].map(lambda r: i18n.t_or(f"answers.from.{r}", "—")),
        )
        ui.table(
            shown, f"{key}_consensus", ui.consensus_labels(), with_sources=False, columns=list(ui.CONSENSUS_COLUMNS)
        )
    return series


def _cards(latest: pd.DataFrame, cons: pd.DataFrame, unit: str) -> None:
    today = dt.date.today()
    card = answers.headline(latest, cons, today)
    left, right = st.columns(2, border=True)
    a, f = card["actual"], card["forecast"]
    if a is not None:
        kind = answer_charts.t_kind(a["kind"])  # the card says what its figure is: an actual or an estimate
        ui.metric(
            left,
            t("market.actual_card", year=a["period"], kind=kind[:1].upper() + kind[1:]),
            a["value"],
            unit,
            a["value_qualifier"],
        )
        left.caption(
            t(
                "answers.card_source",
                kind=answer_charts.t_kind(a["kind"]),
                publisher=a["publisher"],
                vintage=answers.row_vintage(a),
                bound=answers.bound_text(a["value_qualifier"]),
            )
        )
        if int(a["period"]) < card["year"]:
            left.caption(t("answers.no_actual_for", year=card["year"]))
    else:
        left.markdown(t("answers.no_actual", year=card["year"]))
    if f is not None:
        n = int(f["n_publishers"])
        point = f["median"] if pd.notna(f["median"]) else None
        value = point if point is not None else f["bound_value"]
        qualifier = None if point is not None else (">" if f["bound"] == "lower" else "<")
        publishers = sorted(card["forecast_rows"]["publisher"].dropna().unique())
        label = (
            t("market.forecast_card", year=f["period"], n=n)
            if n > 1
            else t("headlines.forecast_one", year=f["period"], publisher=publishers[0])
        )
        ui.metric(right, label, value, unit, qualifier)
        if n > 1:
            right.caption(
                t(
                    "answers.consensus_caption",
                    n=n,
                    low=i18n.format_amount(f["low"], unit, i18n.current()),
                    high=i18n.format_amount(f["high"], unit, i18n.current()),
                    publishers=", ".join(publishers),
                )
            )
        if isinstance(f["bound"], str):
            right.caption(t("answers.bound_lower" if f["bound"] == "lower" else "answers.bound_upper"))
    else:
        right.markdown(t("answers.no_forecast", this=today.year, next=today.year + 1))
