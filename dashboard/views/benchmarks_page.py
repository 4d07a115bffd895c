"""Benchmarks: measured collective bandwidth vs the fabric model, failed runs and thresholds kept apart."""

import plotly.graph_objects as go
import streamlit as st

from dashboard import charts, components as ui, data, shape

ui.page_header("Benchmarks", data.description("marts.benchmark_calibration"))
ui.require_warehouse()

points, labels = data.mart("benchmark_calibration"), data.labels("marts.benchmark_calibration")
results, run_labels = data.mart("nccl_results"), data.labels("marts.nccl_results")
if points.empty and results.empty:
    ui.empty("No benchmark results yet: drop a log file into inbox/nccl under your FABRICWATCH_HOME "
             "(or run `fabricwatch ingest LOG`) and refresh.")
    st.stop()

labels = labels | {"abs_error": "|error|"}
TOLERANCE = 0.15  # fabric_model.calibration.CALIBRATION_TOLERANCE (the asset check's bar)
POINT_COLUMNS = ["system", "setup", "gpu", "ngpus", "collective", "size_bytes", "measured_busbw_GBps",
                 "predicted_busbw_GBps", "rel_error", "nccl_choice", "requested_algorithm", "miss_reason",
                 "publisher", "published_on", "url"]

measured = points[points["status"].eq("ok") & points["fitted"].fillna(False).astype(bool)] if not points.empty else points
if not measured.empty:
    within = measured["within_tolerance"].fillna(False).astype(bool)
    c1, c2, c3 = st.columns(3)
    c1.metric("Measurements fitted", len(measured), help="Healthy runs with known hardware at 64 MiB or more.")
    c2.metric("Median |error|", f"{measured['rel_error'].abs().median():.1%}")
    c3.metric(f"Within ±{TOLERANCE:.0%}", f"{int(within.sum())} of {len(measured)}",
              help="Points outside carry a documented reason (table below).")

    st.subheader("Measured vs model")
    shown = measured.assign(within=within.map({True: f"within ±{TOLERANCE:.0%}", False: "outside (reason given)"}),
                            origin_label=measured["origin"].map({"nccl": "recorded log", "published": "published"}))
    fig = charts.scatter(shown, "measured_busbw_GBps", "predicted_busbw_GBps",
                         labels | {"within": "Error", "origin_label": "Source"}, color="within", symbol="origin_label",
                         hover=["system", "setup", "nccl_choice", "rel_error", "miss_reason"])
    for trace in fig.data:  # agreement green, misses red, whatever the trace order
        trace.marker.color = "#d62728" if str(trace.name).startswith("outside") else "#2ca02c"
    top = float(max(shown["measured_busbw_GBps"].max(), shown["predicted_busbw_GBps"].max())) * 1.05
    for factor, dash in ((1.0, "solid"), (1 + TOLERANCE, "dot"), (1 - TOLERANCE, "dot")):
        fig.add_trace(go.Scatter(x=[0, top], y=[0, top * factor], mode="lines", showlegend=False, hoverinfo="skip",
                                 line=dict(color="#999999", width=1, dash=dash)))
    ui.chart(fig, shown, "bench_measured_vs_model", labels,
             caption=f"Each point is one measurement (a recorded nccl-tests row or a published result) against the "
                     f"model's prediction with NCCL's own algorithm choice. Solid: perfect agreement; dotted: ±{TOLERANCE:.0%}.")

    st.subheader("Error per measurement")
    table = measured.assign(abs_error=measured["rel_error"].abs()).sort_values("abs_error", ascending=False)
    ui.table(table, "bench_errors", labels, data.column_descriptions("marts.benchmark_calibration"),
             columns=POINT_COLUMNS)

st.subheader("Recorded nccl-tests runs: bus bandwidth by message size")
if results.empty:
    ui.empty("No recorded nccl-tests runs yet.")
else:
    failed = results["is_failed"].fillna(False).astype(bool) | results["run_status"].eq("truncated")
    plottable = results[~failed]
    collectives = shape.options(plottable, "collective")
    if collectives:
        collective = st.selectbox("Collective", collectives,
                                  index=collectives.index("all_reduce") if "all_reduce" in collectives else 0,
                                  key="bench_collective")
        runs = shape.where(plottable, collective=collective)
        systems = st.multiselect("Systems", shape.options(runs, "system"), default=shape.options(runs, "system"),
                                 key="bench_systems")
        chosen = runs[runs["system"].isin(systems)]
        if chosen.empty:
            ui.empty("Pick at least one system.")
        else:
            long = shape.measured_and_model(chosen)
            fig = charts.line(long, "size_bytes", "busbw", run_labels | {"busbw": run_labels.get("busbw_GBps", "busbw")},
                              color="system", dash="series", log_x=True,
                              hover=["run_id", "ngpus", "nodes", "run_status", "model_algorithm", "published_on"])
            ui.chart(fig, chosen, "nccl_busbw", run_labels,
                     caption="Solid: measured (out-of-place). Dotted: the model's prediction with NCCL's algorithm "
                             "choice, where the run's hardware is known. Failed runs are listed below, not plotted.")
            summary = shape.run_summary(chosen)
            ui.table(summary, "nccl_runs", run_labels, data.column_descriptions("marts.nccl_results"))

    st.markdown("**Failed or truncated runs** (not measurements: listed, never plotted)")
    bad = results[failed]
    if bad.empty:
        st.caption("None.")
    else:
        cols = ["run_id", "system", "collective", "run_status", "has_errors", "truncated", "model_miss_reason", "url",
                "published_on"]
        summary = bad.drop_duplicates("run_id")
        ui.table(summary, "nccl_failed_runs", run_labels, data.column_descriptions("marts.nccl_results"),
                 columns=cols)

if not points.empty:
    st.subheader("Thresholds and vendor claims (not measurements)")
    claims = points[points["figure_kind"].isin(["estimate", "vendor_claim"])]
    if claims.empty:
        st.caption("None.")
    else:
        st.caption("Pass thresholds and expected values from health checks, and vendors' statements: shown beside the "
                   "model's prediction for the same setup, never fitted.")
        ui.table(claims, "bench_thresholds", labels, data.column_descriptions("marts.benchmark_calibration"),
                 columns=["figure_kind", "system", "setup", "value_qualifier", "measured_busbw_GBps",
                          "predicted_busbw_GBps", "nccl_choice", "publisher", "published_on", "url"])
    other = points[points["figure_kind"].eq("actual") & ~points["status"].isin(["ok"])
                   & points["origin"].eq("published")]
    if not other.empty:
        with st.expander(f"Published measurements the model cannot check ({len(other)})"):
            st.caption("Hardware not stated well enough (GPU, node count, NICs) or a collective the model does not cover.")
            ui.table(other, "bench_unmodelled", labels, columns=["status", "system", "setup", "measured_busbw_GBps",
                                                                   "miss_reason", "publisher", "url"])
