"""Cloud fabrics: what each cloud provider disclosed about its AI clusters (marts.cloud_fabrics): scale,
scale-out bandwidth per GPU and per instance, fabric and transport; each disclosure with its source."""

import streamlit as st

from dashboard import answer_charts, charts, components as ui, data, i18n, shape
from dashboard.i18n import t

ui.page_header(t("page.cloud"), ui.description("marts.cloud_fabrics"))
ui.question("cloud")
ui.require_warehouse()

cloud, labels = data.mart("cloud_fabrics"), ui.labels("marts.cloud_fabrics")
if cloud.empty:
    ui.empty(t("cloud.empty"))
    st.stop()

left, right = st.columns(2)
providers = left.multiselect(
    t("cloud.providers"), shape.by_frequency(cloud, "provider"), key="cloud_providers", placeholder=t("conflicts.all")
)
disclosures = shape.by_frequency(cloud, "disclosure")
picked = right.multiselect(
    t("cloud.disclosures"),
    disclosures,
    key="cloud_disclosures",
    placeholder=t("conflicts.all"),
    format_func=lambda d: i18n.t_or(f"cloud.disclosure.{d}", d.replace("_", " ")),
)
shown = shape.where_in(cloud, "provider", providers) if providers else cloud
shown = shape.where_in(shown, "disclosure", picked) if picked else shown

for disclosure in ("cloud_per_gpu_bandwidth", "cloud_cluster_gpus"):
    rows = shown[shown["disclosure"] == disclosure].dropna(subset=["value"])
    if rows.empty:
        continue
    st.subheader(i18n.t_or(f"cloud.header.{disclosure}", disclosure))
    fig = answer_charts.disclosure_figure(rows, log_x=disclosure == "cloud_cluster_gpus")
    ui.chart(fig, rows, f"cloud_{disclosure}", labels, caption=t("cloud.chart_caption"))

st.subheader(t("cloud.all_header"))
listed = shape.with_hedged_value(shown.sort_values(["provider", "disclosed_on"]))
listed = listed.assign(
    disclosure_label=[
        i18n.t_or(f"cloud.disclosure.{d}", lbl) for d, lbl in zip(listed["disclosure"], listed["disclosure_label"])
    ],
    fabric=listed["fabric"].map(charts.fabric_name),
    kind=listed["kind"].map(lambda k: i18n.t_or(f"kind.{k}", str(k)) if isinstance(k, str) else k),
)
ui.table(
    listed,
    "cloud_fabrics",
    labels,
    ui.column_help("marts.cloud_fabrics"),
    columns=[
        "provider",
        "deployment",
        "fabric",
        "disclosure_label",
        "as_stated",
        "detail",
        "disclosed_on",
        "kind",
        "publisher",
        "url",
    ],
    with_sources=False,
    rows=ui.rows("marts.cloud_fabrics"),
)
