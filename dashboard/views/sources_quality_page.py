"""Sources & quality: sources and their changes, checks, conflicts, stale indicators, the claims inbox,
and a read-only SQL console with the data dictionary beside it."""

import streamlit as st

from dashboard import components as ui, data, shape
from dashboard.i18n import t

ui.page_header(t("page.sources"), t("sources.summary"))
ui.question("sources")
ui.require_warehouse()

sources_tab, checks_tab, conflicts_tab, stale_tab, claims_tab, sql_tab = st.tabs(
    [
        t("sources.tab_sources"),
        t("sources.tab_checks"),
        t("sources.tab_conflicts"),
        t("sources.tab_stale"),
        t("sources.tab_claims"),
        t("sources.tab_sql"),
    ]
)

with sources_tab:
    status = data.source_status()
    ui.table(
        ui.codes_as_words(
            status, {"last_outcome": "code.outcome", "kind": "code.source_kind", "cadence": "code.cadence"}
        ),
        "sources",
        ui.labels("marts.source_status"),
        ui.column_help("marts.source_status"),
        columns=[
            "source_id",
            "publisher",
            "last_fetch",
            "last_outcome",
            "recorded_on",
            "last_change",
            "documents",
            "stored",
            "failing",
            "not_recorded",
            "last_error",
            "parse_failing",
            "carried",
            "carried_since",
            "kind",
            "origin",
            "cadence",
            "title",
            "homepage",
        ],
        with_sources=False,
        rows=ui.rows("marts.source_status"),
    )
    changes, change_labels = data.mart("source_changes"), ui.labels("marts.source_changes")
    st.markdown(f"**{t('sources.page_changes')}**")
    if changes.empty:
        ui.empty(t("sources.no_changes"))
    else:
        source = st.selectbox(t("sources.source"), shape.options(changes, "source_id"), key="changes_source")
        picked = shape.where(changes, source_id=source).sort_values("detected_at", ascending=False)
        ui.table(
            ui.codes_as_words(picked, {"change_kind": "code.change_kind"}),
            "source_changes",
            change_labels,
            columns=[
                "detected_at",
                "title",
                "url",
                "change_kind",
                "text_changed",
                "added_lines",
                "removed_lines",
                "size_delta_bytes",
                "version_number",
            ],
            with_sources=False,
            rows=ui.rows("marts.source_changes", source_id=source),
        )
        with_diff = picked[picked["diff"].notna()]
        for row in with_diff.head(5).itertuples():
            with st.expander(
                t("sources.diff_title", detected_at=row.detected_at, title=row.title or row.url),
                icon=":material/difference:",
            ):
                st.code(row.diff, language="diff")
                if row.diff_truncated:
                    st.caption(t("sources.diff_cut"))

with checks_tab:
    checks = data.latest_checks()
    if checks.empty:
        ui.empty(t("sources.no_checks"))
    else:
        errors, warnings, total = ui.check_counts(checks)
        st.markdown(
            f"{ui.badge('failed' if errors else ('warn' if warnings else 'passed'))} "
            + t("checks.summary", errors=errors, warnings=warnings, total=total)
            + " "
            + t("sources.checks_run", run_id=checks["run_id"].iloc[0])
        )
        ui.table(checks, "checks", ui.labels("meta.checks"), ui.column_help("meta.checks"), with_sources=False)

with conflicts_tab:
    # one home: the Conflicts page groups them by series, largest disagreement first
    conflicts = data.mart("conflicts")
    st.markdown(t("sources.conflicts_moved", pairs=len(conflicts)))
    st.page_link("views/conflicts_page.py", label=t("page.conflicts"), icon=":material/rule:")

with stale_tab:
    freshness = data.mart("indicator_freshness")
    if freshness.empty:
        ui.empty(t("sources.no_indicators"))
    else:
        stale = freshness[freshness["status"].isin(["stale", "undated", "no_data"])]
        st.markdown(" ".join(f"{ui.badge(s)} {n}" for s, n in freshness["status"].value_counts().items()))
        ui.table(
            stale,
            "stale_indicators",
            ui.labels("marts.indicator_freshness"),
            ui.column_help("marts.indicator_freshness"),
            with_sources=False,
        )

with claims_tab:
    claims = data.claims_inbox()
    if claims.empty:
        ui.empty(t("sources.no_claims"))
    else:
        review = st.selectbox(
            t("sources.review_status"),
            [None, *shape.options(claims, "status")],
            key="claims_status",
            format_func=lambda s: t("sources.all") if s is None else s,
        )
        ui.table(
            shape.where(claims, status=review),
            "claims",
            ui.labels("marts.claims_inbox"),
            ui.column_help("marts.claims_inbox"),
            columns=[
                "status",
                "decided_on",
                "value",
                "unit",
                "period",
                "kind",
                "subject",
                "indicator",
                "suggested_indicator",
                "review_note",
                "evidence",
                "source_id",
                "published_on",
                "url",
            ],
            rows=ui.rows("marts.claims_inbox", status=review),
        )

with sql_tab:
    console, dictionary = st.columns([3, 2])
    with console:
        st.markdown(
            t("sources.console_rules", rows=f"{data.CONSOLE_MAX_ROWS:,}", seconds=f"{data.CONSOLE_TIMEOUT_S:g}")
        )
        with st.form("sql_console"):
            sql = st.text_area(
                t("sources.sql"),
                "SELECT indicator, count(*) AS figures FROM core.observations GROUP BY 1 ORDER BY 2 DESC",
                height=140,
                key="sql_text",
            )
            submitted = st.form_submit_button(t("sources.run"), icon=":material/play_arrow:")
        if submitted:
            try:
                result = data.run_console(sql)
            except data.QueryRejected as exc:
                st.error(t("sources.rejected", error=exc), icon=":material/block:")
            else:
                frame = shape.query_frame(result.columns, result.rows)
                st.caption(
                    t("sources.console_cut", rows=f"{len(frame):,}", cap=f"{data.CONSOLE_MAX_ROWS:,}")
                    if result.truncated
                    else t("sources.console_rows", rows=f"{len(frame):,}")
                )
                ui.table(frame, "sql_result", with_sources=False)
    with dictionary:
        d = data.dictionary()
        relations = d[d["column_name"] == ""]
        names = (relations["schema_name"] + "." + relations["table_name"]).tolist()
        relation = st.selectbox(
            t("sources.data_dictionary"),
            names,
            key="dictionary_relation",
            index=names.index("marts.latest_indicators") if "marts.latest_indicators" in names else 0,
        )
        st.caption(ui.description(relation))
        schema, name = relation.split(".")
        cols = d[(d["schema_name"] == schema) & (d["table_name"] == name) & (d["column_name"] != "")]
        # descriptions are the warehouse's COMMENT ON texts (English); the headers follow the reader
        st.dataframe(
            cols[["column_name", "data_type", "description"]],
            hide_index=True,
            width="stretch",
            height=420,
            key="dictionary_columns",
            column_config={c: t(f"sources.dictionary_{c}") for c in ("column_name", "data_type", "description")},
        )
