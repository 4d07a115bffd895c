"""Benchmarks: nccl-tests bus bandwidth by message size per system, measured vs the fabric model."""

import streamlit as st

from dashboard import charts, components as ui, data, shape

ui.page_header("Benchmarks", data.description("marts.nccl_results"))
ui.require_warehouse()

results, labels = data.mart("nccl_results"), data.labels("marts.nccl_results")
if results.empty:
    ui.empty("No nccl-tests results yet: drop a log file into inbox/nccl under your FABRICWATCH_HOME "
             "(or run `fabricwatch ingest LOG`) and refresh.")
    st.stop()

collectives = shape.options(results, "collective")
collective = st.selectbox("Collective", collectives,
                          index=collectives.index("all_reduce") if "all_reduce" in collectives else 0,
                          key="bench_collective")
runs = shape.where(results, collective=collective)
systems = st.multiselect("Systems", shape.options(runs, "system"), default=shape.options(runs, "system"),
                         key="bench_systems")
shown = runs[runs["system"].isin(systems)]

st.subheader("Bus bandwidth by message size")
if shown.empty:
    ui.empty("Pick at least one system.")
else:
    measured_vs_model = shape.measured_and_model(shown)
    fig = charts.line(measured_vs_model, "size_bytes", "busbw", labels | {"busbw": labels.get("busbw_GBps", "busbw")},
                      color="system", dash="series", log_x=True,
                      hover=["run_id", "ngpus", "nodes", "nccl_version", "published_on"])
    ui.chart(fig, shown, "nccl_busbw", labels,
             caption="Solid: measured (out-of-place). Dotted: the fabric model's prediction for the same run, "
                     "where it has been calibrated.")

st.subheader("Runs")
ui.table(shape.run_summary(shown), "nccl_runs", labels, data.column_descriptions("marts.nccl_results"))
