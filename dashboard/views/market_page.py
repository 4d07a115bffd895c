"""Market: market size actuals and forecasts by source, forecast revisions, InfiniBand vs Ethernet share."""

import streamlit as st

from dashboard import charts, components as ui, data, i18n, shape
from dashboard.i18n import t

ui.page_header(t("page.market"), ui.description("marts.market_size"))
ui.require_warehouse()

size, size_labels = data.mart("market_size"), ui.labels("marts.market_size")

st.subheader(t("market.size_header"))
if size.empty:
    ui.empty(t("market.no_figures"))
else:
    choices = shape.indicator_choices(size)
    indicator = st.selectbox(t("market.indicator"), list(choices),
                             format_func=lambda i: i18n.indicator_name(i, choices.get(i)), key="market_indicator")
    picked = shape.with_hedged_value(shape.where(size, indicator=indicator))
    dated = picked[picked["series_kind"] != "cumulative"]
    y = "value_usd_bn" if dated["unit"].eq("USD").all() else "value"
    if dated.empty:
        ui.empty(t("market.only_cumulative"))
    else:
        series = shape.options(dated, "series_key")
        if len(series) > 1:
            chosen = st.multiselect(t("market.series"), series, default=series, key="market_series",
                                    placeholder=t("ui.choose"))
            dated = dated[dated["series_key"].isin(chosen)]
        log_y = st.toggle(t("market.log_scale"), key="market_log") if len(dated) > 1 else False
        # one line per series and vintage (line_key): a publisher's successive releases stay apart,
        # and figures of one series worded differently by their sources join one line
        drawn, lines = shape.newest_lines(dated)
        shown_kinds = drawn.assign(kind=drawn["kind"].map(lambda k: i18n.t_or(f"kind.{k}", k)))  # legend only
        fig = charts.line(shown_kinds, "period_start", y, size_labels, color="vintage_label", symbol="kind",
                          log_y=log_y, line_group="line_key",
                          hover=["series_key", "subject", "period", "as_stated", "published_on"])
        ui.lines_notice(drawn["line_key"].nunique(), lines)
        ui.chart(fig, dated, "market_size", size_labels, caption=t("market.size_caption"))
    cumulative = picked[picked["series_kind"] == "cumulative"]
    if not cumulative.empty:
        st.markdown(f"**{t('market.cumulative')}**")
        ui.table(cumulative, "market_size_cumulative", size_labels,
                 columns=["subject", "period", "as_stated", "unit", "kind", "publisher", "published_on", "url"])

st.subheader(t("market.revisions_header"))
revisions, rev_labels = data.mart("forecast_revisions"), ui.labels("marts.forecast_revisions")
targets = shape.revision_targets(revisions)
if targets.empty:
    ui.empty(t("market.no_revisions"))
else:
    # the most-revised target first: the page opens on the forecast restated most often
    described = {row.target: t("market.target_label", subject=row.subject, period=row.period, vintages=row.vintages,
                               indicator=i18n.indicator_name(row.indicator, None))
                 for row in targets.itertuples()}
    target = st.selectbox(t("market.forecast_target"), list(described), format_func=described.get,
                          key="revision_target", help=t("market.forecast_target_help"))
    shown = shape.with_hedged_value(shape.target_trails(revisions, target))
    unit = i18n.unit_name(shown["unit"].iloc[0]) if shown["unit"].notna().any() else ""
    shown_kinds = shown.assign(kind=shown["kind"].map(lambda k: i18n.t_or(f"kind.{k}", k)))  # legend only
    y_label = f"{rev_labels.get('value', 'value')} ({unit})" if unit else rev_labels.get("value", "value")
    fig = charts.line(shown_kinds, "published_on", "value",
                      rev_labels | {"value": y_label, "trail": rev_labels.get("publisher", "publisher")},
                      color="trail", symbol="kind",
                      hover=["as_stated", "period", "change_ratio", "revision", "source_ids"])
    ui.chart(fig, shown, "forecast_revisions", rev_labels,
             caption=t("market.revisions_caption", vintages=shown["published_on"].nunique()))

st.subheader(t("market.ib_vs_ethernet"))
share, share_labels = data.mart("fabric_share"), ui.labels("marts.fabric_share")
shares = share[share["measure"] == "share"] if not share.empty else share
if shares.empty:
    ui.empty(t("market.no_shares"))
else:
    shares = shape.with_hedged_value(shares, value="share").sort_values("period_start")
    fig = charts.bar(shares.assign(fabric=shares["fabric"].map(charts.fabric_name)), "period", "share", share_labels,
                     color="fabric", barmode="group", hover=["publisher", "as_stated", "kind", "published_on", "segment"])
    fig.update_yaxes(tickformat=".0%")
    ui.chart(fig, shares, "fabric_share", share_labels)
