"""Technology roadmap: searchable product catalog and bandwidth per generation on a log axis with doubling times."""

import streamlit as st

from dashboard import answers, charts, components as ui, data, i18n, shape
from dashboard.i18n import t

ui.page_header(t("page.roadmap"), ui.description("marts.bandwidth_roadmap"))
ui.question("roadmap")
ui.require_warehouse()

roadmap, labels = data.mart("bandwidth_roadmap"), ui.labels("marts.bandwidth_roadmap")
if roadmap.empty:
    ui.empty(t("roadmap.empty"))
    st.stop()

search_col, kind_col = st.columns([2, 1])
search = search_col.text_input(t("roadmap.search"), key="roadmap_search")
kinds = kind_col.multiselect(
    t("roadmap.kind"),
    shape.options(roadmap, "kind"),
    key="roadmap_kinds",
    format_func=lambda k: i18n.t_or(f"roadmap.kind_value.{k}", k),
    placeholder=t("ui.choose"),
)
catalog = shape.search(roadmap, search, ["name", "vendor", "family", "generation", "product_id"])
if kinds:
    catalog = catalog[catalog["kind"].isin(kinds)]
provenance = shape.where_in(data.product_sources(), "product_id", catalog["product_id"])

st.subheader(t("roadmap.bandwidth_header"))
# one series per family, kind and bandwidth basis (a family's chips and systems, or its NIC port speed and switch
# capacity, are not one trend), dated like the mart: the earlier of announcement and first shipment
dated = answers.generations(shape.roadmap_series(catalog.dropna(subset=["bandwidth_gbps", "introduced_on"])))
# the hover prints each date as precisely as its source gives it (2022-03, 2026Q4), never a made-up day
dated = dated.assign(
    introduced_on_label=[
        answers.date_label(d, p) for d, p in zip(dated["introduced_on"], dated["introduced_precision"])
    ]
)
# a series with one dated product has no trend to show: counted under the chart, listed in the catalog
sizes = dated.groupby("series")["name"].transform("count") if not dated.empty else dated.get("name")
points = dated[sizes >= 2] if not dated.empty else dated
if points.empty:
    ui.empty(t("roadmap.no_dated_points"))
else:
    gens = points[points["is_generation"]]
    fit_summary, fit_line = charts.exponential_fit(gens, "introduced_on", "bandwidth_gbps", "series")
    fittable = gens.groupby("series")["name"].count()
    fittable = set(fittable[fittable >= answers.MIN_GENERATIONS_FOR_FIT].index)
    fit_line = fit_line[fit_line["series"].isin(fittable)] if not fit_line.empty else fit_line
    fig = charts.trend(gens, "introduced_on", "bandwidth_gbps", labels, "series", fit_line)
    variants = points[~points["is_generation"]]
    if not variants.empty:
        fig.add_scatter(
            x=variants["introduced_on"],
            y=variants["bandwidth_gbps"],
            mode="markers",
            name=t("roadmap.variants"),
            marker=dict(symbol="circle-open", size=11, color="#7f7f7f"),
            text=variants["name"],
            customdata=variants["introduced_on_label"],
            hovertemplate="%{text}<br>%{customdata}<br>%{y:,.0f} Gb/s<extra></extra>",
        )
    ui.chart(
        fig,
        points,
        "bandwidth_roadmap",
        labels,
        caption=t("roadmap.chart_caption", n=answers.MIN_GENERATIONS_FOR_FIT),
        provenance=shape.where_in(provenance, "product_id", points["product_id"]),
    )
    fits = answers.doubling_times(points, fit_summary)
    st.markdown(f"**{t('roadmap.doubling_header')}**")
    if fits.empty:
        st.caption(t("roadmap.no_fit", n=answers.MIN_GENERATIONS_FOR_FIT))
    else:
        ui.table(fits, "doubling_times", {c: t(f"roadmap.fit_column.{c}") for c in fits.columns}, with_sources=False)
    single = dated["series"].nunique() - points["series"].nunique()
    if single:
        st.caption(t("roadmap.single_product_series", n=single))
    undated = catalog[catalog["introduced_on"].isna()]
    if not undated.empty:
        st.caption(t("roadmap.undated_products", n=len(undated)))

st.subheader(t("roadmap.catalog_header", shown=len(catalog), total=len(roadmap)))
shown_catalog = catalog.assign(
    kind=catalog["kind"].map(lambda k: i18n.t_or(f"roadmap.kind_value.{k}", str(k))),
    fabric=catalog["fabric"].map(lambda f: charts.fabric_name(f) if isinstance(f, str) else f),
)
ui.table(
    ui.dates_as_text(shown_catalog, ["announced_on", "shipping_on", "introduced_on"]),
    "product_catalog",
    labels,
    ui.column_help("marts.bandwidth_roadmap"),
    columns=[
        "name",
        "vendor",
        "family",
        "kind",
        "fabric",
        "generation",
        "announced_on",
        "shipping_on",
        "introduced_on",
        "port_speed_gbps",
        "switch_capacity_tbps",
        "switch_radix",
        "serdes_gbps",
        "port_latency_ns",
        "nvlink_bandwidth_GBps",
        "power_w",
        "disputed_specs",
        "source_ids",
    ],
    with_sources=False,
)
ui.sources(provenance, "product_sources", labels)
