"""Market (question a): one market definition at a time, its actuals and forecasts per publisher with the
consensus (range and reference line), this year and next, and the revision trail of its forecasts."""

import datetime as dt

import pandas as pd
import streamlit as st

from dashboard import answer_charts, answers, components as ui, data, i18n, shape
from dashboard.i18n import t

MARKET_FIRST = "ai_backend_network_revenue"   # the market the page opens on

ui.page_header(t("page.market"), t("market.summary"))
ui.question("a")
ui.require_warehouse()

size, size_labels = data.mart("market_size"), ui.labels("marts.market_size")
money = size[(size["unit"] == "USD")] if not size.empty else size
if money.empty:
    ui.empty(t("market.no_figures"))
    st.stop()

catalog = data.indicator_catalog().set_index("indicator")
counts = money["indicator"].value_counts()
indicators = sorted(counts.index, key=lambda i: (i != MARKET_FIRST, -counts[i], i))
indicator = st.selectbox(t("market.indicator"), indicators, key="market_indicator",
                         format_func=lambda i: i18n.indicator_name(i, catalog["name"].get(i) if i in catalog.index else i))
picked = money[money["indicator"] == indicator]
annual_like = picked[picked["series_kind"] != "cumulative"]
cumulative = picked[picked["series_kind"] == "cumulative"]
titles = answers.series_titles(annual_like, data.entity_names())
definition_text = catalog["definition"].get(indicator) if indicator in catalog.index else None

st.subheader(t("market.size_header"))
if titles.empty:
    ui.empty(t("market.only_cumulative"))
else:
    title_of = dict(zip(titles["series_key"], titles["title"]))
    # the picker's key carries the indicator: switching indicator never keeps a definition of another one
    series = st.selectbox(t("market.definition"), list(titles["series_key"]), format_func=title_of.get,
                          key=f"market_series::{indicator}", help=t("market.definition_help"))
    info = titles.set_index("series_key").loc[series]
    rows = picked[picked["series_key"] == series]
    ui.definition(info["title"], definition_text, info["publishers"], int(info["n_publishers"]), info["series_kind"],
                  f"{info['first_period']}–{info['last_period']}")
    latest = answers.latest_per_publisher(rows)
    cons = answers.consensus(rows)

    today = dt.date.today()
    card = answers.headline(rows, today)
    left, right = st.columns(2, border=True)
    if card["actual"] is not None:
        a = card["actual"]
        ui.metric(left, t("market.actual_card", year=a["period"]), a["value"], "USD", a["value_qualifier"])
        left.caption(t("answers.card_source", kind=answer_charts.t_kind(a["kind"]), publisher=a["publisher"],
                       vintage=answers.vintage(a["published_on"]), bound=answers.bound_text(a["value_qualifier"])))
        if int(a["period"]) < card["year"]:
            left.caption(t("answers.no_actual_for", year=card["year"]))
    else:
        left.markdown(t("answers.no_actual", year=card["year"]))
    if card["forecast"] is not None:
        f = card["forecast"]
        value = f["median"] if f["median"] is not None and f["median"] == f["median"] else f["bound_value"]
        qualifier = None if f["bound"] is None else (">" if f["bound"] == "lower" else "<")
        ui.metric(right, t("market.forecast_card", year=f["period"], n=int(f["n_publishers"])), value, "USD", qualifier)
        right.caption(t("answers.consensus_caption", n=int(f["n_publishers"]),
                        low=shape.format_value(f["low"], "USD"), high=shape.format_value(f["high"], "USD"),
                        publishers=", ".join(sorted(card["forecast_rows"]["publisher"].dropna().unique())))
                      + (" " + t("answers.bound_lower") if f["bound"] == "lower" else ""))
    else:
        right.markdown(t("answers.no_forecast", this=today.year, next=today.year + 1))

    all_vintages = st.toggle(t("answers.all_vintages"), key="market_all_vintages")
    earlier = rows.drop(index=latest.index) if all_vintages else None
    fig = answer_charts.consensus_figure(latest, cons, "USD", info["series_kind"], earlier=earlier)
    ui.chart(fig, rows, "market_size", size_labels, caption=t("answers.chart_caption"))

    with st.expander(t("market.per_period"), icon=":material/table:"):
        shown = cons.assign(basis=cons["basis"].map(lambda b: t(f"answers.basis.{b}")),
                            reference_from=cons["reference_from"].map(lambda r: i18n.t_or(f"answers.from.{r}", str(r))))
        ui.table(shown, "market_consensus", ui.consensus_labels(), with_sources=False,
                 columns=["period", "basis", "n_publishers", "median", "low", "high", "n_bounds", "bound_value",
                          "reference", "reference_from"])

if not cumulative.empty:
    st.markdown(f"**{t('market.cumulative')}**")
    st.caption(t("market.cumulative_caption"))
    ui.table(shape.with_hedged_value(cumulative), "market_size_cumulative", size_labels,
             columns=["subject", "period", "as_stated", "kind", "publisher", "published_on", "url"])

st.subheader(t("market.revisions_header"))
revisions, rev_labels = data.mart("forecast_revisions"), ui.labels("marts.forecast_revisions")
targets = shape.revision_targets(revisions)
mine = targets[targets["indicator"] == indicator] if not targets.empty else targets
in_series = mine[mine["series_key"] == series] if not titles.empty and not mine.empty else mine.iloc[0:0]
if mine.empty:
    ui.empty(t("market.no_revisions_for"))
else:
    if in_series.empty:
        st.caption(t("market.no_revisions_in_definition"))
    # the chosen definition's most-revised target first, then the indicator's other targets
    ordered = pd.concat([in_series, mine[~mine["target"].isin(in_series["target"])]])
    all_titles = dict(zip(titles["series_key"], titles["title"])) if not titles.empty else {}
    described = {row.target: t("market.target_label", subject=all_titles.get(row.series_key, row.subject),
                               period=row.period, vintages=row.vintages)
                 for row in ordered.itertuples()}
    target = st.selectbox(t("market.forecast_target"), list(described), format_func=described.get,
                          key=f"revision_target::{indicator}", help=t("market.forecast_target_help"))
    shown = shape.target_trails(revisions, target)
    fig = answer_charts.revision_figure(shown, shown["unit"].iloc[0])
    ui.chart(fig, shown, "forecast_revisions", rev_labels,
             caption=t("market.revisions_caption", vintages=shown["published_on"].nunique()))
