"""Ports & optics: switch port shipments by speed (stacked and as shares), optics units and prices by speed."""

import streamlit as st

from dashboard import charts, components as ui, data, shape

ui.page_header("Ports & optics", data.description("marts.port_shipments"))
ui.require_warehouse()

ports, port_labels = data.mart("port_shipments"), data.labels("marts.port_shipments")
st.subheader("Switch port shipments by speed")
counts = ports[(ports["measure"] == "ports") & ports["counts_toward_total"]] if not ports.empty else ports
if counts.empty:
    ui.empty("No port shipment figures yet: add switch_ports_shipped rows with a speed_gbps to the curated ledger "
             "(sources/curated/) and run `fabricwatch refresh`.")
else:
    # One publisher at a time: stacking figures from different sources would add apples to oranges.
    publisher = st.selectbox("Source", shape.by_frequency(counts, "publisher"), key="ports_publisher")
    picked = shape.latest_per_report(shape.where(counts, publisher=publisher), ["period", "speed_gbps", "segment", "region"])
    picked = picked.sort_values(["period_start", "speed_gbps"])
    units_tab, share_tab = st.tabs(["Ports", "Share of ports"])
    with units_tab:
        ui.chart(charts.stacked_area(picked, "period_start", "ports", "speed_label", port_labels, bar_x="period"),
                 picked, "port_shipments", port_labels)
    with share_tab:
        ui.chart(charts.stacked_area(picked, "period_start", "ports", "speed_label", port_labels, share=True,
                                     bar_x="period"), picked, "port_shipments_share", port_labels)

reported_shares = ports[ports["measure"] == "share"] if not ports.empty else ports
if not reported_shares.empty:
    st.markdown("**Port shares as reported**")
    shown = shape.with_hedged_value(shape.per_period(reported_shares), value="port_share")
    shown = shown.sort_values(["period_start", "speed_gbps"])
    fig = charts.scatter(shown, "period", "port_share", port_labels, color="speed_label", symbol="publisher",
                         hover=["subject", "as_stated", "published_on", "segment"])
    fig.update_yaxes(tickformat=".0%")
    ui.chart(fig, shown, "port_shares_reported", port_labels)

optics, optics_labels = data.mart("optics"), data.labels("marts.optics")
st.subheader("Optical modules by speed")
if optics.empty:
    ui.empty("No optics figures yet: add optics_units_shipped / optics_asp rows (with speed_gbps) to the curated "
             "ledger and refresh.")
else:
    units_col, price_col = st.columns(2)
    with units_col:
        units = shape.with_hedged_value(shape.per_period(optics[optics["measure"] == "units"]), value="units")
        st.markdown("**Units shipped**")
        if units.empty:
            ui.empty("No optics unit shipments recorded.")
        else:
            units = units.sort_values(["period_start", "speed_gbps"])
            fig = charts.scatter(units, "period", "units", optics_labels, color="speed_label", symbol="kind",
                                 hover=["publisher", "subject", "as_stated", "published_on"])
            ui.chart(fig, units, "optics_units", optics_labels)
    with price_col:
        prices = shape.per_period(optics[optics["usd_per_gbps"].notna() | optics["asp_usd"].notna()])
        st.markdown("**Prices**")
        if prices.empty:
            ui.empty("No optics prices recorded: add optics_asp or optics_price_per_gbps rows.")
        else:
            metric = st.radio("Price", ["asp_usd", "usd_per_gbps"], format_func=optics_labels.get, horizontal=True,
                              key="optics_price_metric")
            shown = prices[prices[metric].notna()].sort_values(["period_start", "speed_gbps"])
            fig = charts.scatter(shown, "period", metric, optics_labels, color="speed_label",
                                 hover=["subject", "publisher", "kind", "published_on", "usd_per_gbps_derived"])
            ui.chart(fig, shown, "optics_prices", optics_labels)
