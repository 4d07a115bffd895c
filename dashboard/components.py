"""Building blocks every page uses, so pages stay layout only.

`chart()` and `table()` show a figure or table followed by a "Sources" expander listing where
each number came from (source, date, link, evidence) and a CSV download of exactly the rows
shown. Labels and help texts come from the data dictionary (`data.labels`).
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard import data, i18n
from dashboard.i18n import t
from sources.spreadsheet import neutralize_frame
from dashboard.refresh_notice import notices as refresh_notices

PROVENANCE_COLUMNS = ("publisher", "source_id", "title", "published_on", "url", "via", "evidence", "confidence",
                      "document_sha")
# Columns that say which number a provenance row is about, when present.
IDENTITY_COLUMNS = ("indicator", "name", "subject", "series", "system", "vendor", "product_id", "fabric", "speed_gbps",
                    "period", "list", "event_date", "on_date", "event", "value", "value_qualifier", "unit",
                    "kind", "share", "revenue_usd", "ports", "port_share", "units", "asp_usd", "usd_per_gbps",
                    "member_count", "bandwidth_gbps", "systems", "busbw_GBps")
URL_COLUMNS = ("url", "homepage", "final_url")


def empty(message: str) -> None:
    """An empty state that says what to do."""
    st.info(message, icon=":material/inbox:")


def require_warehouse() -> None:
    """Stop the page with what to do when nothing is published yet."""
    if data.warehouse_version() is None:
        empty(t("ui.no_warehouse"))
        st.stop()
    for notice in refresh_notices(data.home()):   # last refresh failed; a parser's records carried forward
        st.warning(notice)


def column_config(df: pd.DataFrame, labels: dict[str, str], help_texts: dict[str, str] | None = None) -> dict:
    """Streamlit column configs: dictionary labels, descriptions as help, links clickable, shares as percent."""
    help_texts = help_texts or {}
    config = {}
    for col in df.columns:
        label = labels.get(col) or i18n.column_label(col, col.replace("_", " "))  # computed columns: as_stated, ...
        help_text = help_texts.get(col) or None
        if col in URL_COLUMNS:
            config[col] = st.column_config.LinkColumn(label, help=help_text, display_text=t("ui.link"))
        elif pd.api.types.is_datetime64_any_dtype(df[col]):
            # calendar dates arrive as midnight timestamps: show them as dates
            is_date = df[col].dropna().dt.normalize().eq(df[col].dropna()).all()
            config[col] = st.column_config.DatetimeColumn(label, help=help_text,
                                                          format="YYYY-MM-DD" if is_date else "YYYY-MM-DD HH:mm")
        elif col.endswith("_share") or col == "share":
            config[col] = st.column_config.NumberColumn(label, help=help_text, format="percent")
        else:
            config[col] = st.column_config.Column(label, help=help_text)
    return config


def download_bundle(df: pd.DataFrame, key: str) -> bytes:
    """A zip of the rows as CSV and SOURCES.md: the documents those rows rest on and how to cite them."""
    import io
    import zipfile

    from warehouse import citations

    docs, release = data.citation_facts()
    entries = citations.citations({key: df}, docs)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(f"{key}.csv", neutralize_frame(df).to_csv(index=False))  # formulas shown as text
        zf.writestr("SOURCES.md", citations.render_markdown(entries, release, title=f"Sources of {key}.csv"))
    return buf.getvalue()


def download(df: pd.DataFrame, key: str, label: str | None = None) -> None:
    """The rows as CSV, zipped with SOURCES.md (publisher, title, date, address of every document used)."""
    # a callable: the zip is built when the button is clicked, not at every render (issue 15: at 100x data
    # building every table's zip made the Overview take 45 s)
    st.download_button(label or t("ui.download_csv"), lambda: download_bundle(df, key), file_name=f"{key}.zip", mime="application/zip",
                       key=f"{key}_csv", on_click="ignore", icon=":material/download:",
                       help=t("ui.download_help"))


def provenance_frame(df: pd.DataFrame) -> pd.DataFrame:
    """The identity and provenance columns of `df`, one row per distinct number and source."""
    cols = [c for c in IDENTITY_COLUMNS + PROVENANCE_COLUMNS if c in df.columns]
    if not any(c in df.columns for c in PROVENANCE_COLUMNS):
        return pd.DataFrame()
    return df[cols].drop_duplicates().reset_index(drop=True)


def sources(df: pd.DataFrame, key: str, labels: dict[str, str] | None = None, *, expanded: bool = False,
            provenance: pd.DataFrame | None = None) -> None:
    """The "where each number came from" expander, with the CSV download of all rows.

    `provenance` replaces the per-row sources when the numbers are computed (model outputs: their inputs' sources).
    """
    labels = labels or {}
    prov = provenance_frame(df) if provenance is None else provenance
    n_sources = prov["publisher"].nunique() if "publisher" in prov else 0
    title = (t("ui.sources_title_publishers", rows=len(df), publishers=n_sources) if n_sources
             else t("ui.sources_title", rows=len(df)))
    with st.expander(title, expanded=expanded, icon=":material/source:"):
        if prov.empty:
            st.caption(t("ui.no_row_sources"))
        else:
            st.dataframe(prov, hide_index=True, width="stretch", column_config=column_config(prov, labels),
                         key=f"{key}_sources")
        download(df, key)


def chart(fig, df: pd.DataFrame, key: str, labels: dict[str, str] | None = None, caption: str | None = None,
          provenance: pd.DataFrame | None = None) -> None:
    """A plotly figure, then its provenance and data download."""
    st.plotly_chart(fig, key=f"{key}_chart", config={"displaylogo": False})
    if caption:
        st.caption(caption)
    sources(df, key, labels, provenance=provenance)


def table(df: pd.DataFrame, key: str, labels: dict[str, str] | None = None, help_texts: dict[str, str] | None = None,
          columns: list[str] | None = None, *, height: int | str = "auto", with_sources: bool = True,
          provenance: pd.DataFrame | None = None) -> None:
    """A table with dictionary labels; `columns` picks what is shown (all rows still download)."""
    labels = labels or {}
    missing = [c for c in columns or () if c not in df.columns]
    if missing and not df.empty:   # a renamed or dropped column is an error, not a silently shorter table
        raise KeyError(f"table {key!r} has no column(s) {', '.join(missing)}")
    shown = df[[c for c in columns if c in df.columns]] if columns else df
    st.dataframe(shown, hide_index=True, width="stretch", height=height,
                 column_config=column_config(shown, labels, help_texts), key=f"{key}_table")
    if with_sources:
        sources(df, key, labels, provenance=provenance)
    else:
        download(df, key)


def badge(status: str | None) -> str:
    """Markdown badge for a freshness or check status."""
    colours = {"fresh": "green", "ok": "green", "passed": "green", "due": "orange", "warn": "orange",
               "stale": "red", "failed": "red", "error": "red"}
    status = (status or "unknown").lower()
    return f":{colours.get(status, 'gray')}-badge[{i18n.t_or(f'status.{status}', status)}]"


def page_header(title: str, summary: str | None = None) -> None:
    st.title(title)
    if summary:
        st.caption(summary)


def labels(relation: str) -> dict[str, str]:
    """Column labels of a relation in the reader's language (zh-TW names from the catalog, else the dictionary's)."""
    return i18n.localize_labels(data.labels(relation))


def description(relation: str) -> str:
    """A relation's one-line summary in the reader's language (its COMMENT ON in English)."""
    return i18n.relation_summary(relation, data.description(relation))


def column_help(relation: str) -> dict[str, str]:
    """Column tooltips: the dictionary's full description (English); in zh-TW after the column's Chinese name."""
    descriptions = data.column_descriptions(relation)
    if i18n.current() == i18n.DEFAULT:
        return descriptions
    return {col: t("ui.column_help", name=i18n.column_label(col, col), description=text)
            for col, text in descriptions.items()}


def metric(container, label: str, value, unit: str | None, qualifier: str | None = None, **kwargs) -> None:
    """A headline card: the figure rounded for the reader (萬/億 in zh-TW), the exact value on hover."""
    from dashboard import shape

    container.metric(label, shape.format_value(value, unit, qualifier),
                     help=kwargs.pop("help", None) or t("ui.exact_value", value=shape.format_exact(value, unit)), **kwargs)
