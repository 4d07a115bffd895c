"""Ports & optics (question c): 800G and 1.6T optical modules and switch ports shipped per year, and module
prices: one definition (speed, scope, period basis) per chart with the publishers' latest figures, their range
and the reference line; this year's and next year's figures on cards."""

import streamlit as st

from dashboard import components as ui, data, explorer
from dashboard.i18n import t

SPEEDS_FIRST = (800.0, 1600.0)  # the speeds the page opens on


def speed_name(gbps) -> str:
    if gbps != gbps or gbps is None:
        return t("shape.all_speeds")
    return f"{gbps / 1000:g}T" if gbps >= 1000 else f"{gbps:g}G"


def speed_picker(frame, key: str):
    speeds = sorted(
        frame["speed_gbps"].dropna().unique(),
        key=lambda s: (s not in SPEEDS_FIRST, SPEEDS_FIRST.index(s) if s in SPEEDS_FIRST else 0, -s),
    )
    if not speeds:
        return frame
    speed = (
        st.segmented_control(t("ports.speed"), speeds, default=speeds[0], key=key, format_func=speed_name) or speeds[0]
    )
    return frame[frame["speed_gbps"] == speed]


ui.page_header(t("page.ports-optics"), t("ports.summary"))
ui.question("c")
ui.require_warehouse()

optics, optics_labels = data.mart("optics"), ui.labels("marts.optics")
ports, port_labels = data.mart("port_shipments"), ui.labels("marts.port_shipments")
catalog = data.indicator_catalog().set_index("indicator")


def definition_of(indicator: str) -> str | None:
    return catalog["definition"].get(indicator) if indicator in catalog.index else None


# one section at a time (tabs would compute all three)
SECTIONS = ("units", "prices", "ports")
section = (
    st.segmented_control(
        t("ports.section"), SECTIONS, default="units", key="ports_section", format_func=lambda s: t(f"ports.tab_{s}")
    )
    or "units"
)
if section == "units":
    st.subheader(t("ports.optics_header"))
    units = optics[optics["measure"] == "units"] if not optics.empty else optics
    if units.empty:
        ui.empty(t("ports.no_units"))
    else:
        rows = speed_picker(units.assign(value=units["units"]), "optics_speed")
        explorer.explore(
            rows, "optics_units", optics_labels, unit="units", definition_text=definition_of("optics_units_shipped")
        )

if section == "prices":
    st.subheader(t("ports.prices"))
    prices = optics[optics["asp_usd"].notna()] if not optics.empty else optics
    if prices.empty:
        ui.empty(t("ports.no_prices"))
    else:
        st.caption(t("ports.prices_caption"))
        rows = speed_picker(prices.assign(value=prices["asp_usd"]), "optics_price_speed")
        explorer.explore(
            rows, "optics_prices", optics_labels, unit="USD", cards=False, definition_text=definition_of("optics_asp")
        )

if section == "ports":
    st.subheader(t("ports.ports_header"))
    counts = ports[ports["measure"] == "ports"] if not ports.empty else ports
    if counts.empty:
        ui.empty(t("ports.no_ports"))
    else:
        st.caption(t("ports.ports_caption"))
        rows = counts.assign(value=counts["ports"], vendor=None, fabric=None)
        explorer.explore(
            rows, "port_shipments", port_labels, unit="ports", definition_text=definition_of("switch_ports_shipped")
        )
    shares = ports[ports["measure"] == "share"] if not ports.empty else ports
    if not shares.empty:
        st.markdown(f"**{t('ports.shares_reported')}**")
        rows = shares.assign(value=shares["port_share"], vendor=None, fabric=None)
        explorer.explore(rows, "port_shares", port_labels, unit="share", cards=False)
