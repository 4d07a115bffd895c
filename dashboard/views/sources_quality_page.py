"""Sources & quality: sources and their changes, checks, conflicts, stale indicators, the claims inbox,
and a read-only SQL console with the data dictionary beside it."""

import streamlit as st

from dashboard import components as ui, data, shape

ui.page_header("Sources & quality", "Where the data comes from and how much to trust it.")
ui.require_warehouse()

sources_tab, checks_tab, conflicts_tab, stale_tab, claims_tab, sql_tab = st.tabs(
    ["Sources", "Checks", "Conflicts", "Stale indicators", "Claims inbox", "SQL console"])

with sources_tab:
    status = data.source_status()
    ui.table(status, "sources", data.labels("marts.source_status"), data.column_descriptions("marts.source_status"),
             columns=["source_id", "publisher", "last_fetch", "last_outcome", "last_change", "documents", "stored",
                      "failing", "not_recorded", "last_error", "kind", "origin", "cadence", "title", "homepage"],
             with_sources=False)
    changes, change_labels = data.mart("source_changes"), data.labels("marts.source_changes")
    st.markdown("**Page changes**")
    if changes.empty:
        ui.empty("No page changes recorded yet: fetched pages are compared with their previous version on every "
                 "`fabricwatch refresh --mode live`.")
    else:
        source = st.selectbox("Source", shape.options(changes, "source_id"), key="changes_source")
        picked = shape.where(changes, source_id=source).sort_values("detected_at", ascending=False)
        ui.table(picked, "source_changes", change_labels, columns=[
            "detected_at", "title", "url", "change_kind", "text_changed", "added_lines", "removed_lines",
            "size_delta_bytes", "version_number"], with_sources=False)
        with_diff = picked[picked["diff"].notna()]
        for row in with_diff.head(5).itertuples():
            with st.expander(f"Diff {row.detected_at} — {row.title or row.url}", icon=":material/difference:"):
                st.code(row.diff, language="diff")
                if row.diff_truncated:
                    st.caption("Diff cut at the cap of 400 lines.")

with checks_tab:
    checks = data.latest_checks()
    if checks.empty:
        ui.empty("No asset check results yet: they are recorded by `fabricwatch refresh`.")
    else:
        failed = int((~checks["passed"]).sum())
        st.markdown(f"{ui.badge('failed' if failed else 'passed')} {failed} of {len(checks)} checks failed in run "
                    f"`{checks['run_id'].iloc[0]}`.")
        ui.table(checks, "checks", data.labels("meta.checks"), data.column_descriptions("meta.checks"), with_sources=False)

with conflicts_tab:
    conflicts = data.mart("conflicts")
    if conflicts.empty:
        ui.empty("No conflicting figures: every indicator, subject and period has one value (per kind).")
    else:
        ui.table(conflicts, "conflicts", data.labels("marts.conflicts"), data.column_descriptions("marts.conflicts"),
                 columns=["indicator", "subject", "period", "kind", "conflict_type", "unit", "a_value",
                          "a_value_qualifier", "a_publisher", "a_published_on", "a_url", "a_evidence", "b_value",
                          "b_value_qualifier", "b_publisher", "b_published_on", "b_url", "b_evidence",
                          "relative_difference", "bounds_compatible"], with_sources=False)

with stale_tab:
    freshness = data.mart("indicator_freshness")
    if freshness.empty:
        ui.empty("No indicator catalog yet: sources/curated/indicators.csv feeds it on refresh.")
    else:
        stale = freshness[freshness["status"].isin(["stale", "undated", "no_data"])]
        st.markdown(" ".join(f"{ui.badge(s)} {n}" for s, n in freshness["status"].value_counts().items()))
        ui.table(stale, "stale_indicators", data.labels("marts.indicator_freshness"),
                 data.column_descriptions("marts.indicator_freshness"), with_sources=False)

with claims_tab:
    claims = data.claims_inbox()
    if claims.empty:
        ui.empty("The claims inbox is empty: claims are extracted from press releases and news on refresh; "
                 "review them with `fabricwatch claims review`.")
    else:
        review = st.selectbox("Review status", [None, *shape.options(claims, "status")], key="claims_status",
                              format_func=lambda s: "all" if s is None else s)
        ui.table(shape.where(claims, status=review), "claims", data.labels("marts.claims_inbox"),
                 data.column_descriptions("marts.claims_inbox"),
                 columns=["status", "decided_on", "value", "unit", "period", "kind", "subject", "indicator",
                          "suggested_indicator", "review_note", "evidence", "source_id", "published_on", "url"])

with sql_tab:
    console, dictionary = st.columns([3, 2])
    with console:
        st.markdown(f"Read-only: one SELECT at a time, at most {data.CONSOLE_MAX_ROWS:,} rows, "
                    f"{data.CONSOLE_TIMEOUT_S:g} s; no files, extensions or other databases.")
        with st.form("sql_console"):
            sql = st.text_area("SQL", "SELECT indicator, count(*) AS figures FROM core.observations GROUP BY 1 ORDER BY 2 DESC",
                               height=140, key="sql_text")
            submitted = st.form_submit_button("Run", icon=":material/play_arrow:")
        if submitted:
            try:
                result = data.run_console(sql)
            except data.QueryRejected as exc:
                st.error(f"Rejected: {exc}", icon=":material/block:")
            else:
                frame = shape.query_frame(result.columns, result.rows)
                st.caption(f"{len(frame):,} rows" + (f" (cut at {data.CONSOLE_MAX_ROWS:,})" if result.truncated else ""))
                ui.table(frame, "sql_result", with_sources=False)
    with dictionary:
        d = data.dictionary()
        relations = d[d["column_name"] == ""]
        names = (relations["schema_name"] + "." + relations["table_name"]).tolist()
        relation = st.selectbox("Data dictionary", names, key="dictionary_relation",
                                index=names.index("marts.latest_indicators") if "marts.latest_indicators" in names else 0)
        st.caption(data.description(relation))
        schema, name = relation.split(".")
        cols = d[(d["schema_name"] == schema) & (d["table_name"] == name) & (d["column_name"] != "")]
        st.dataframe(cols[["column_name", "data_type", "description"]], hide_index=True, width="stretch", height=420,
                     key="dictionary_columns")
