"""Ports & optics: switch port shipments by speed (stacked and as shares), optics units and prices by speed."""

import streamlit as st

from dashboard import charts, components as ui, data, i18n, shape
from dashboard.i18n import t


def _height(df, color: str = "speed_label", symbol: str = "vintage_label") -> int:
    """Room for the legend above the plot: one legend entry per speed and vintage, about three to a row."""
    entries = df.groupby([color, symbol], dropna=False).ngroups
    return min(charts.HEIGHT + 24 * -(-entries // 3), 900)


ui.page_header(t("page.ports-optics"), ui.description("marts.port_shipments"))
ui.require_warehouse()

ports, port_labels = data.mart("port_shipments"), ui.labels("marts.port_shipments")
st.subheader(t("ports.ports_header"))
counts = ports[(ports["measure"] == "ports") & ports["counts_toward_total"]] if not ports.empty else ports
if counts.empty:
    ui.empty(t("ports.no_ports"))
else:
    # One publisher at a time: stacking figures from different sources would add apples to oranges.
    publisher = st.selectbox(t("ports.source"), shape.by_frequency(counts, "publisher"), key="ports_publisher",
                             help=t("ports.source_help"))
    picked = shape.latest_per_report(shape.where(counts, publisher=publisher), ["period", "speed_gbps", "segment", "region"])
    picked = picked.sort_values(["period_start", "speed_gbps"])
    units_tab, share_tab = st.tabs([t("ports.tab_ports"), t("ports.tab_share")])
    with units_tab:
        ui.chart(charts.stacked_area(picked, "period_start", "ports", "speed_label", port_labels, bar_x="period"),
                 picked, "port_shipments", port_labels)
    with share_tab:
        ui.chart(charts.stacked_area(picked, "period_start", "ports", "speed_label", port_labels, share=True,
                                     bar_x="period"), picked, "port_shipments_share", port_labels)

reported_shares = ports[ports["measure"] == "share"] if not ports.empty else ports
if not reported_shares.empty:
    st.markdown(f"**{t('ports.shares_reported')}**")
    shown = shape.with_hedged_value(shape.per_period(reported_shares), value="port_share")
    shown = shown.sort_values(["period_start", "speed_gbps"])
    # one line per series and vintage (line_key), as on the Market page: a publisher's releases stay apart
    drawn, lines = shape.newest_lines(shown)
    fig = charts.line(drawn, "period_start", "port_share", port_labels, color="speed_label", symbol="vintage_label",
                      line_group="line_key", hover=["series_key", "subject", "period", "as_stated", "segment"],
                      height=_height(drawn))
    fig.update_yaxes(tickformat=".0%")
    ui.lines_notice(drawn["line_key"].nunique(), lines)
    ui.chart(fig, shown, "port_shares_reported", port_labels)

optics, optics_labels = data.mart("optics"), ui.labels("marts.optics")
st.subheader(t("ports.optics_header"))
if optics.empty:
    ui.empty(t("ports.no_optics"))
else:
    # full width, one after the other: a legend of many series and vintages needs the room
    units = shape.with_hedged_value(shape.per_period(optics[optics["measure"] == "units"]), value="units")
    st.markdown(f"**{t('ports.units_shipped')}**")
    if units.empty:
        ui.empty(t("ports.no_units"))
    else:
        units = units.sort_values(["period_start", "speed_gbps"])
        drawn, lines = shape.newest_lines(units)
        shown_kinds = drawn.assign(kind=drawn["kind"].map(lambda k: i18n.t_or(f"kind.{k}", k)))  # hover only
        fig = charts.line(shown_kinds, "period_start", "units", optics_labels, color="speed_label",
                          symbol="vintage_label", line_group="line_key",
                          hover=["series_key", "kind", "subject", "period", "as_stated"], height=_height(drawn))
        ui.lines_notice(drawn["line_key"].nunique(), lines)
        ui.chart(fig, units, "optics_units", optics_labels)
    prices = shape.per_period(optics[optics["usd_per_gbps"].notna() | optics["asp_usd"].notna()])
    st.markdown(f"**{t('ports.prices')}**")
    if prices.empty:
        ui.empty(t("ports.no_prices"))
    else:
        metric = st.radio(t("ports.price"), ["asp_usd", "usd_per_gbps"], format_func=optics_labels.get, horizontal=True,
                          key="optics_price_metric", label_visibility="collapsed")
        shown = prices[prices[metric].notna()].sort_values(["period_start", "speed_gbps"])
        drawn, lines = shape.newest_lines(shown)
        fig = charts.line(drawn, "period_start", metric, optics_labels, color="speed_label",
                          symbol="vintage_label", line_group="line_key",
                          hover=["series_key", "subject", "period", "kind", "usd_per_gbps_derived"], height=_height(drawn))
        ui.lines_notice(drawn["line_key"].nunique(), lines)
        ui.chart(fig, shown, "optics_prices", optics_labels)
