"""Technology roadmap: searchable product catalog and bandwidth per generation on a log axis with doubling times."""

import streamlit as st

from dashboard import charts, components as ui, data, i18n, shape
from dashboard.i18n import t

ui.page_header(t("page.roadmap"), ui.description("marts.bandwidth_roadmap"))
ui.require_warehouse()

roadmap, labels = data.mart("bandwidth_roadmap"), ui.labels("marts.bandwidth_roadmap")
if roadmap.empty:
    ui.empty(t("roadmap.empty"))
    st.stop()

search_col, kind_col = st.columns([2, 1])
search = search_col.text_input(t("roadmap.search"), key="roadmap_search")
kinds = kind_col.multiselect(t("roadmap.kind"), shape.options(roadmap, "kind"), key="roadmap_kinds",
                             format_func=lambda k: i18n.t_or(f"roadmap.kind_value.{k}", k), placeholder=t("ui.choose"))
catalog = shape.search(roadmap, search, ["name", "vendor", "family", "generation", "product_id"])
if kinds:
    catalog = catalog[catalog["kind"].isin(kinds)]
provenance = shape.where_in(data.product_sources(), "product_id", catalog["product_id"])

st.subheader(t("roadmap.bandwidth_header"))
# one series per family and bandwidth basis (a family's NIC port speed and switch capacity are not one trend),
# dated like the mart's fit: the earlier of announcement and first shipment
points = shape.roadmap_series(catalog.dropna(subset=["bandwidth_gbps", "introduced_on"]))
if points.empty:
    ui.empty(t("roadmap.no_dated_points"))
else:
    _, fit_line = charts.exponential_fit(points, "introduced_on", "bandwidth_gbps", "series")
    fig = charts.trend(points, "introduced_on", "bandwidth_gbps", labels, "series", fit_line, text="generation")
    ui.chart(fig, points, "bandwidth_roadmap", labels,
             provenance=shape.where_in(provenance, "product_id", points["product_id"]))
    fits = shape.family_fits(points)
    if not fits.empty:
        st.markdown(f"**{t('roadmap.doubling_header')}**")
        ui.table(fits, "doubling_times", labels, with_sources=False)

st.subheader(t("roadmap.catalog_header", shown=len(catalog), total=len(roadmap)))
ui.table(catalog, "product_catalog", labels, ui.column_help("marts.bandwidth_roadmap"),
         columns=["name", "vendor", "family", "kind", "fabric", "generation", "announced_on", "shipping_on", "introduced_on",
                  "port_speed_gbps", "switch_capacity_tbps", "switch_radix", "serdes_gbps", "port_latency_ns",
                  "nvlink_bandwidth_GBps", "power_w", "disputed_specs", "source_ids"], with_sources=False)
ui.sources(provenance, "product_sources", labels)
