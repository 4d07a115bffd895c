"""Benchmarks: measured collective bandwidth vs the fabric model, failed runs and thresholds kept apart."""

import plotly.graph_objects as go
import streamlit as st

from dashboard import charts, components as ui, data, i18n, shape
from dashboard.i18n import t


def _readable(df):
    """Setup codes as the vocabulary names them (the source's wording) and kinds in the reader's language."""
    names = data.vocabulary_names("segment")
    out = df.copy()
    if "setup" in out:
        out["setup"] = [names.get(c, c) if isinstance(c, str) else c for c in out["setup"]]
    if "figure_kind" in out:
        out["figure_kind"] = [i18n.t_or(f"kind.{k}", str(k)) if isinstance(k, str) else k for k in out["figure_kind"]]
    return out


ui.page_header(t("page.benchmarks"), ui.description("marts.benchmark_calibration"))
ui.question("benchmarks")
ui.require_warehouse()

points, labels = data.mart("benchmark_calibration"), ui.labels("marts.benchmark_calibration")
results, run_labels = data.mart("nccl_results"), ui.labels("marts.nccl_results")
if points.empty and results.empty:
    ui.empty(t("benchmarks.empty"))
    st.stop()

labels = labels | {"abs_error": t("benchmarks.abs_error")}
TOLERANCE = 0.15  # fabric_model.calibration.CALIBRATION_TOLERANCE (the asset check's bar)
TOL = f"{TOLERANCE:.0%}"
POINT_COLUMNS = [
    "system",
    "setup",
    "gpu",
    "ngpus",
    "collective",
    "size_bytes",
    "measured_busbw_GBps",
    "predicted_busbw_GBps",
    "rel_error",
    "nccl_choice",
    "requested_algorithm",
    "miss_reason",
    "publisher",
    "published_on",
    "url",
]
point_help = ui.column_help("marts.benchmark_calibration")
run_help = ui.column_help("marts.nccl_results")

measured = (
    points[points["status"].eq("ok") & points["fitted"].fillna(False).astype(bool)] if not points.empty else points
)
if not measured.empty:
    within = measured["within_tolerance"].fillna(False).astype(bool)
    c1, c2, c3 = st.columns(3)
    c1.metric(t("benchmarks.fitted"), len(measured), help=t("benchmarks.fitted_help"))
    c2.metric(t("benchmarks.median_error"), f"{measured['rel_error'].abs().median():.1%}")
    c3.metric(
        t("benchmarks.within", tolerance=TOL),
        t("benchmarks.n_of", n=int(within.sum()), total=len(measured)),
        help=t("benchmarks.within_help"),
    )

    st.subheader(t("benchmarks.measured_vs_model"))
    outside = t("benchmarks.outside")
    shown = measured.assign(
        within=within.map({True: t("benchmarks.within", tolerance=TOL), False: outside}),
        origin_label=measured["origin"].map(
            {"nccl": t("benchmarks.origin_nccl"), "published": t("benchmarks.origin_published")}
        ),
    )
    fig = charts.scatter(
        shown,
        "measured_busbw_GBps",
        "predicted_busbw_GBps",
        labels | {"within": t("benchmarks.error"), "origin_label": t("benchmarks.source")},
        color="within",
        symbol="origin_label",
        hover=["system", "setup", "nccl_choice", "rel_error", "miss_reason"],
    )
    for trace in fig.data:  # agreement green, misses red, whatever the trace order
        trace.marker.color = "#d62728" if str(trace.name).startswith(outside) else "#2ca02c"
    top = float(max(shown["measured_busbw_GBps"].max(), shown["predicted_busbw_GBps"].max())) * 1.05
    for factor, dash in ((1.0, "solid"), (1 + TOLERANCE, "dot"), (1 - TOLERANCE, "dot")):
        fig.add_trace(
            go.Scatter(
                x=[0, top],
                y=[0, top * factor],
                mode="lines",
                showlegend=False,
                hoverinfo="skip",
                line=dict(color="#999999", width=1, dash=dash),
            )
        )
    ui.chart(fig, measured, "bench_measured_vs_model", labels, caption=t("benchmarks.scatter_caption", tolerance=TOL))

    st.subheader(t("benchmarks.errors_header"))
    table = measured.assign(abs_error=measured["rel_error"].abs()).sort_values("abs_error", ascending=False)
    ui.table(_readable(table), "bench_errors", labels, point_help, columns=POINT_COLUMNS)

st.subheader(t("benchmarks.busbw_header"))
if results.empty:
    ui.empty(t("benchmarks.no_runs"))
else:
    failed = results["is_failed"].fillna(False).astype(bool) | results["run_status"].eq("truncated")
    plottable = results[~failed]
    collectives = shape.options(plottable, "collective")
    if collectives:
        collective = st.selectbox(
            t("benchmarks.collective"),
            collectives,
            index=collectives.index("all_reduce") if "all_reduce" in collectives else 0,
            key="bench_collective",
        )
        runs = shape.where(plottable, collective=collective)
        systems = st.multiselect(
            t("benchmarks.systems"),
            shape.options(runs, "system"),
            default=shape.options(runs, "system"),
            key="bench_systems",
            placeholder=t("ui.choose"),
        )
        chosen = runs[runs["system"].isin(systems)]
        if chosen.empty:
            ui.empty(t("benchmarks.pick_system"))
        else:
            long = shape.measured_and_model(chosen)
            long = long.assign(series=long["series"].map(lambda s: i18n.t_or(f"benchmarks.series.{s}", s)))  # legend
            fig = charts.line(
                long,
                "size_bytes",
                "busbw",
                run_labels | {"busbw": run_labels.get("busbw_GBps", "busbw"), "series": t("benchmarks.series_label")},
                color="system",
                dash="series",
                log_x=True,
                hover=["run_id", "ngpus", "nodes", "run_status", "model_algorithm", "published_on"],
            )
            ui.chart(fig, chosen, "nccl_busbw", run_labels, caption=t("benchmarks.caption"))
            summary = shape.run_summary(chosen)
            ui.table(summary, "nccl_runs", run_labels, run_help)

    st.markdown(f"**{t('benchmarks.failed_header')}**")
    bad = results[failed]
    if bad.empty:
        st.caption(t("benchmarks.none"))
    else:
        cols = [
            "run_id",
            "system",
            "collective",
            "run_status",
            "has_errors",
            "truncated",
            "model_miss_reason",
            "url",
            "published_on",
        ]
        summary = bad.drop_duplicates("run_id")
        ui.table(summary, "nccl_failed_runs", run_labels, run_help, columns=cols)

if not points.empty:
    st.subheader(t("benchmarks.thresholds_header"))
    claims = points[points["figure_kind"].isin(["estimate", "vendor_claim"])]
    if claims.empty:
        st.caption(t("benchmarks.none"))
    else:
        st.caption(t("benchmarks.thresholds_caption"))
        ui.table(
            _readable(claims),
            "bench_thresholds",
            labels,
            point_help,
            columns=[
                "figure_kind",
                "system",
                "setup",
                "value_qualifier",
                "measured_busbw_GBps",
                "predicted_busbw_GBps",
                "nccl_choice",
                "publisher",
                "published_on",
                "url",
            ],
        )
    other = points[
        points["figure_kind"].eq("actual") & ~points["status"].isin(["ok"]) & points["origin"].eq("published")
    ]
    if not other.empty:
        with st.expander(t("benchmarks.unmodelled", n=len(other))):
            st.caption(t("benchmarks.unmodelled_caption"))
            ui.table(
                _readable(other),
                "bench_unmodelled",
                labels,
                columns=["status", "system", "setup", "measured_busbw_GBps", "miss_reason", "publisher", "url"],
            )
