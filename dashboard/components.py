"""Building blocks every page uses, so pages stay layout only.

`chart()` and `table()` show a figure or table followed by a "Sources" expander listing where
each number came from (source, date, link, evidence) and a CSV download of exactly the rows
shown. Labels and help texts come from the data dictionary (`data.labels`).
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard import data
from fabricwatch.config import home
from warehouse import refresh_status
from sources.spreadsheet import neutralize_frame

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
        empty("No published warehouse yet: run `fabricwatch refresh` (offline by default) and reload this page.")
        st.stop()
    if (notice := refresh_status.failure_notice(home())):
        st.warning(notice)


def column_config(df: pd.DataFrame, labels: dict[str, str], help_texts: dict[str, str] | None = None) -> dict:
    """Streamlit column configs: dictionary labels, descriptions as help, links clickable, shares as percent."""
    help_texts = help_texts or {}
    config = {}
    for col in df.columns:
        label = labels.get(col, col.replace("_", " "))
        help_text = help_texts.get(col) or None
        if col in URL_COLUMNS:
            config[col] = st.column_config.LinkColumn(label, help=help_text, display_text="link")
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


def download(df: pd.DataFrame, key: str, label: str = "Download CSV") -> None:
    st.download_button(label, neutralize_frame(df).to_csv(index=False).encode("utf-8"), file_name=f"{key}.csv", mime="text/csv",
                       key=f"{key}_csv", on_click="ignore", icon=":material/download:")


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
    title = f"Sources and data ({len(df)} rows" + (f", {n_sources} publishers)" if n_sources else ")")
    with st.expander(title, expanded=expanded, icon=":material/source:"):
        if prov.empty:
            st.caption("These rows carry no per-row source columns; see the table description above.")
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
    return f":{colours.get(status, 'gray')}-badge[{status}]"


def page_header(title: str, summary: str | None = None) -> None:
    st.title(title)
    if summary:
        st.caption(summary)
