"""Market: market size actuals and forecasts by source, forecast revisions, InfiniBand vs Ethernet share."""

import streamlit as st

from dashboard import charts, components as ui, data, shape

ui.page_header("Market", data.description("marts.market_size"))
ui.require_warehouse()

size, size_labels = data.mart("market_size"), data.labels("marts.market_size")

st.subheader("Market size: actuals and forecasts by source")
if size.empty:
    ui.empty("No market figures yet: add rows for ai_backend_network_revenue and friends to the curated ledger "
             "(sources/curated/*_observations.csv) or accept claims with `fabricwatch claims review`, then refresh.")
else:
    choices = shape.indicator_choices(size)
    indicator = st.selectbox("Indicator", list(choices), format_func=choices.get, key="market_indicator")
    picked = shape.with_hedged_value(shape.where(size, indicator=indicator))
    dated = picked[picked["series_kind"] != "cumulative"]
    y = "value_usd_bn" if dated["unit"].eq("USD").all() else "value"
    if dated.empty:
        ui.empty("Only cumulative (multi-year) figures for this indicator; they are listed below.")
    else:
        series = shape.options(dated, "series_key")
        if len(series) > 1:
            chosen = st.multiselect("Series", series, default=series, key="market_series")
            dated = dated[dated["series_key"].isin(chosen)]
        log_y = st.toggle("Log scale", key="market_log") if len(dated) > 1 else False
        # one line per series and vintage (line_key): a publisher's successive releases stay apart,
        # and figures of one series worded differently by their sources join one line
        fig = charts.line(dated, "period_start", y, size_labels, color="vintage_label", symbol="kind", log_y=log_y,
                          line_group="line_key", hover=["series_key", "subject", "period", "as_stated", "published_on"])
        ui.chart(fig, dated, "market_size", size_labels,
                 caption="Each line is one series (indicator, entity, dimensions, period basis) as one publisher "
                         "stated it on one date; a later release of the same series is another line.")
    cumulative = picked[picked["series_kind"] == "cumulative"]
    if not cumulative.empty:
        st.markdown("**Cumulative multi-year figures**")
        ui.table(cumulative, "market_size_cumulative", size_labels,
                 columns=["subject", "period", "as_stated", "unit", "kind", "publisher", "published_on", "url"])

st.subheader("Forecast revisions")
revisions, rev_labels = data.mart("forecast_revisions"), data.labels("marts.forecast_revisions")
trails = shape.revision_trails(revisions)
if trails.empty:
    ui.empty("No forecast has been revised yet: a revision is the same target (indicator, subject, period) stated "
             "again by the same publisher at a later date. Add the later vintage to the curated ledger.")
else:
    subjects = shape.trail_subjects(trails)
    subject = st.selectbox("Forecast subject", subjects, key="revision_subject")
    shown = shape.where(trails, subject=subject)
    units = shape.options(shown, "unit")
    fig = charts.line(shown, "published_on", "value", rev_labels | {"value": f"{rev_labels.get('value', 'value')} ({', '.join(units)})"},
                      color="trail", hover=["kind", "value_qualifier", "change_ratio", "revision"])
    ui.chart(fig, shown, "forecast_revisions", rev_labels,
             caption="Each line is one target period of one publisher; points are its successive vintages.")

st.subheader("InfiniBand vs Ethernet")
share, share_labels = data.mart("fabric_share"), data.labels("marts.fabric_share")
shares = share[share["measure"] == "share"] if not share.empty else share
if shares.empty:
    ui.empty("No fabric revenue shares yet: add fabric_revenue_share rows (fabric = infiniband / ethernet) "
             "to the curated ledger and refresh.")
else:
    shares = shape.with_hedged_value(shares, value="share").sort_values("period_start")
    fig = charts.bar(shares, "period", "share", share_labels, color="fabric", barmode="group",
                     hover=["publisher", "as_stated", "kind", "published_on", "segment"])
    fig.update_yaxes(tickformat=".0%")
    ui.chart(fig, shares, "fabric_share", share_labels)
