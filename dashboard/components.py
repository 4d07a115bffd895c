"""Building blocks every page uses, so pages stay layout only.

`chart()` and `table()` show a figure or table followed by a "Sources" expander listing where
each number came from (source, date, link, evidence) and a CSV download of exactly the rows
shown. Labels and help texts come from the data dictionary (`data.labels`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

import pandas as pd
import streamlit as st

from dashboard import data, i18n
from dashboard.i18n import t
from sources.spreadsheet import neutralize_frame
from dashboard.refresh_notice import notices as refresh_notices

PROVENANCE_COLUMNS = (
    "publisher",
    "source_id",
    "title",
    "published_on",
    "url",
    "via",
    "evidence",
    "confidence",
    "document_sha",
)
# Columns that say which number a provenance row is about, when present.
IDENTITY_COLUMNS = (
    "indicator",
    "name",
    "subject",
    "series",
    "system",
    "vendor",
    "product_id",
    "fabric",
    "speed_gbps",
    "period",
    "list",
    "event_date",
    "on_date",
    "event",
    "value",
    "value_qualifier",
    "unit",
    "kind",
    "share",
    "revenue_usd",
    "ports",
    "port_share",
    "units",
    "asp_usd",
    "usd_per_gbps",
    "member_count",
    "bandwidth_gbps",
    "systems",
    "busbw_GBps",
)
URL_COLUMNS = ("url", "homepage", "final_url")
# A table past this many rows shows its newest rows and says so; the download still holds every row.
TABLE_MAX_ROWS = 5_000
# Which column says how new a row is, in order of preference (the first one a frame has is used).
NEWEST_BY = (
    "published_on",
    "detected_at",
    "on_date",
    "event_date",
    "finished_at",
    "fetched_at",
    "decided_on",
    "announced_on",
    "loaded_at",
    "period_end",
)


@dataclass(frozen=True)
class Rows:
    """What a table or chart shows, as what to read again when its download is clicked: a loader of
    dashboard/data.py (cached, keyed on the published file), its arguments and equality filters.

    It holds names and values, never a frame: a download button keeps its callable for the whole
    session, and a callable holding the page's frames kept them all alive (2.4 GiB at 100x, issue 15).
    """

    loader: Callable[..., pd.DataFrame]
    args: tuple = ()
    filters: tuple[tuple[str, object], ...] = ()

    def __call__(self) -> pd.DataFrame:
        from dashboard import shape

        return shape.where(self.loader(*self.args), **dict(self.filters))


def rows(relation: str, **filters) -> Rows:
    """The rows of a mart (or another relation data.read() reads) whose columns equal `filters` (None: any)."""
    return Rows(data.read, (relation,), tuple(filters.items()))


def newest(df: pd.DataFrame, n: int | None = None) -> pd.DataFrame:
    """At most `n` (TABLE_MAX_ROWS) rows: the newest by the first NEWEST_BY column the frame has (else the first)."""
    n = TABLE_MAX_ROWS if n is None else n
    if len(df) <= n:
        return df
    by = next((c for c in NEWEST_BY if c in df.columns), None)
    ordered = df if by is None else df.sort_values(by, ascending=False, na_position="last", kind="stable")
    return ordered.head(n)


def _cut_notice(shown: int, total: int) -> None:
    if shown < total:
        st.caption(t("ui.rows_cut", shown=f"{shown:,}", total=f"{total:,}"))


def empty(message: str) -> None:
    """An empty state that says what to do."""
    st.info(message, icon=":material/inbox:")


def require_warehouse() -> None:
    """Stop the page with what to do when nothing is published yet."""
    if data.warehouse_version() is None:
        empty(t("ui.no_warehouse"))
        st.stop()
    for notice in refresh_notices(data.home()):  # last refresh failed; a parser's records carried forward
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
            config[col] = st.column_config.DatetimeColumn(
                label, help=help_text, format="YYYY-MM-DD" if is_date else "YYYY-MM-DD HH:mm"
            )
        elif (col.endswith("_share") or col == "share") and pd.api.types.is_numeric_dtype(df[col]):
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


def _bundle(source: Rows | pd.DataFrame, key: str) -> bytes:
    return download_bundle(source() if isinstance(source, Rows) else source, key)


def download(df: pd.DataFrame, key: str, label: str | None = None, rows: Rows | None = None) -> None:
    """The rows as CSV, zipped with SOURCES.md (publisher, title, date, address of every document used).

    With `rows`, the click re-reads them (through the cached loader) and the button holds no frame;
    without, it holds `df` (fine for small frames: pass `rows` for anything that grows with the data).
    """
    # a callable: the zip is built when the button is clicked, not at every render (issue 15: at 100x data
    # building every table's zip made the Overview take 45 s)
    st.download_button(
        label or t("ui.download_csv"),
        functools.partial(_bundle, df if rows is None else rows, key),
        file_name=f"{key}.zip",
        mime="application/zip",
        key=f"{key}_csv",
        on_click="ignore",
        icon=":material/download:",
        help=t("ui.download_help"),
    )


def provenance_frame(df: pd.DataFrame) -> pd.DataFrame:
    """The identity and provenance columns of `df`, one row per distinct number and source."""
    cols = [c for c in IDENTITY_COLUMNS + PROVENANCE_COLUMNS if c in df.columns]
    if not any(c in df.columns for c in PROVENANCE_COLUMNS):
        return pd.DataFrame()
    return df[cols].drop_duplicates().reset_index(drop=True)


def sources(
    df: pd.DataFrame,
    key: str,
    labels: dict[str, str] | None = None,
    *,
    expanded: bool = False,
    provenance: pd.DataFrame | None = None,
    rows: Rows | None = None,
    total: int | None = None,
) -> None:
    """The "where each number came from" expander, with the CSV download of all rows.

    `provenance` replaces the per-row sources when the numbers are computed (model outputs: their inputs' sources).
    `rows` re-reads the rows for the download (see download()); `total` is how many rows there are when `df`
    was already cut.
    """
    labels = labels or {}
    prov = provenance_frame(dates_by_precision(df)) if provenance is None else provenance
    n_sources = prov["publisher"].nunique() if "publisher" in prov else 0
    total = len(df) if total is None else total
    title = (
        t("ui.sources_title_publishers", rows=total, publishers=n_sources)
        if n_sources
        else t("ui.sources_title", rows=total)
    )
    with st.expander(title, expanded=expanded, icon=":material/source:"):
        if prov.empty:
            st.caption(t("ui.no_row_sources"))
        else:
            shown = readable_gaps(newest(prov))
            st.dataframe(
                shown,
                hide_index=True,
                width="stretch",
                column_config=column_config(shown, labels),
                key=f"{key}_sources",
            )
            _cut_notice(len(shown), len(prov))
        download(df, key, rows=rows)


def chart(
    fig,
    df: pd.DataFrame,
    key: str,
    labels: dict[str, str] | None = None,
    caption: str | None = None,
    provenance: pd.DataFrame | None = None,
    rows: Rows | None = None,
) -> None:
    """A plotly figure, then its provenance and data download."""
    st.plotly_chart(fig, key=f"{key}_chart", config={"displaylogo": False})
    if caption:
        st.caption(caption)
    sources(df, key, labels, provenance=provenance, rows=rows)


def table(
    df: pd.DataFrame,
    key: str,
    labels: dict[str, str] | None = None,
    help_texts: dict[str, str] | None = None,
    columns: list[str] | None = None,
    *,
    height: int | str = "auto",
    with_sources: bool = True,
    provenance: pd.DataFrame | None = None,
    rows: Rows | None = None,
    total: int | None = None,
) -> None:
    """A table with dictionary labels; `columns` picks what is shown (all rows still download).

    Past TABLE_MAX_ROWS rows it shows the newest ones with a "showing N of M, download for all" notice;
    `total` is the full count when `df` is already cut (the rows the download re-reads through `rows`).
    """
    labels = labels or {}
    missing = [c for c in columns or () if c not in df.columns]
    if missing and not df.empty:  # a renamed or dropped column is an error, not a silently shorter table
        raise KeyError(f"table {key!r} has no column(s) {', '.join(missing)}")
    total = len(df) if total is None else total
    cut = dates_by_precision(newest(df))
    shown = cut[[c for c in columns if c in cut.columns]] if columns else cut
    shown = readable_gaps(shown)
    st.dataframe(
        shown,
        hide_index=True,
        width="stretch",
        height=height,
        column_config=column_config(shown, labels, help_texts),
        key=f"{key}_table",
    )
    _cut_notice(len(shown), total)
    if with_sources:
        sources(df, key, labels, provenance=provenance, rows=rows, total=total)
    else:
        download(df, key, rows=rows)


def number_text(value, share: bool = False) -> str:
    """A number as a table shows it when its column has gaps: "130,000", "51.2", "0.8214" (at most four decimals,
    no trailing zeros), a share as a percentage with one decimal ("82.1%"); a missing one "—"."""
    if value is None or pd.isna(value):
        return "—"
    if share:
        return f"{value:.1%}"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def readable_gaps(df: pd.DataFrame) -> pd.DataFrame:
    """A missing text or number reads "—" and a missing calendar date "undated" (in the reader's language), never
    "None" (the browser prints a null cell as "None"); a number column with gaps is shown as text (number_text)."""
    from dashboard import answers

    out = {}
    for col in df.columns:
        values = df[col]
        if not values.isna().any():
            continue
        if pd.api.types.is_numeric_dtype(values) and not pd.api.types.is_bool_dtype(values):
            share = col.endswith("_share") or col == "share"
            out[col] = [number_text(v, share) for v in values]
        elif pd.api.types.is_datetime64_any_dtype(values):
            dates = values.dropna()
            if dates.empty or dates.dt.normalize().eq(dates).all():  # calendar dates
                out[col] = [answers.vintage(v) for v in values]
            else:  # timestamps: to the minute, "—" when none
                out[col] = [f"{pd.Timestamp(v):%Y-%m-%d %H:%M}" if pd.notna(v) else "—" for v in values]
        elif (pd.api.types.is_string_dtype(values) or values.dtype == object) and not pd.api.types.is_bool_dtype(
            values
        ):
            out[col] = values.astype(object).where(values.notna(), "—")

    return df.assign(**out) if out else df


def badge(status: str | None) -> str:
    """Markdown badge for a freshness or check status."""
    colours = {
        "fresh": "green",
        "ok": "green",
        "passed": "green",
        "due": "orange",
        "warn": "orange",
        "stale": "red",
        "failed": "red",
        "error": "red",
    }
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
    return {
        col: t("ui.column_help", name=i18n.column_label(col, col), description=text)
        for col, text in descriptions.items()
    }


def metric(container, label: str, value, unit: str | None, qualifier: str | None = None, **kwargs) -> None:
    """A headline card: the figure rounded for the reader (萬/億 in zh-TW), the exact value on hover."""
    from dashboard import shape

    container.metric(
        label,
        shape.format_value(value, unit, qualifier),
        help=kwargs.pop("help", None) or t("ui.exact_value", value=shape.format_exact(value, unit)),
        **kwargs,
    )


def question(letter: str) -> None:
    """Which of the analyst's questions this page answers, under its title (catalog question.<letter>)."""
    st.markdown(f":material/help: **{t('question.answers')}** {t(f'question.{letter}')}")


def definition(
    title: str, definition_text: str | None, publishers: str, n_publishers: int, series_kind: str | None, periods: str
) -> None:
    """What the chart below shows: the series' title, its definition, period basis, publishers and coverage."""
    kind = i18n.t_or(f"answers.series_kind.{series_kind}", str(series_kind))
    st.markdown(f"**{title}**")
    text = (definition_text or "").strip()
    parts = [t("answers.definition", text=text if text.endswith((".", "。")) else f"{text}.")] if text else []
    parts.append(t("answers.coverage", basis=kind, periods=periods, n=n_publishers, publishers=publishers))
    if n_publishers == 1:
        parts.append(t("answers.one_publisher"))
    st.caption(" ".join(parts))


CONSENSUS_COLUMNS = (
    "period",
    "kind",
    "n_publishers",
    "median",
    "low",
    "high",
    "n_bounds",
    "bound_value",
    "reference",
    "reference_from",
)


def consensus_labels() -> dict[str, str]:
    """Column headers of a consensus table (answers.consensus), in the reader's language."""
    return {c: t(f"answers.column.{c}") for c in CONSENSUS_COLUMNS}


def check_counts(checks: pd.DataFrame) -> tuple[int, int, int]:
    """(failed with severity ERROR, failed with severity WARN, all checks) of a run: the Overview and the Checks
    tab count the same way."""
    if checks.empty:
        return 0, 0, 0
    not_passed = checks[~checks["passed"].astype(bool)]
    errors = int((not_passed["severity"] == "ERROR").sum())
    return errors, len(not_passed) - errors, len(checks)


# the precision column of a date column: its own (a vintage's, a product's milestone, a scored forecast's), else the
# row's date_precision (events, releases)
PRECISION_OF = {
    "published_on": "published_precision",
    "announced_on": "announced_precision",
    "shipping_on": "shipping_precision",
    "introduced_on": "introduced_precision",
    "forecast_published_on": "forecast_published_precision",
    "actual_published_on": "actual_published_precision",
}


def precision_column(df: pd.DataFrame, column: str) -> str | None:
    own = PRECISION_OF.get(column)
    if own is not None:
        return own if own in df.columns else None
    return "date_precision" if "date_precision" in df.columns else None


def dates_by_precision(df: pd.DataFrame) -> pd.DataFrame:
    """Calendar-date columns that have a precision column as text by that precision ("2024", "2024-03", "2024Q1";
    never "2024-01-01" for a year), a missing date as "undated"."""
    from dashboard import answers

    out = {}
    for col in df.columns:
        prec = precision_column(df, col)
        if prec is None or not pd.api.types.is_datetime64_any_dtype(df[col]):
            continue
        out[col] = [answers.vintage(v, p) for v, p in zip(df[col], df[prec])]
    return df.assign(**out) if out else df


def dates_as_text(df: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """Date columns as text by their precision when the frame has it (else YYYY-MM-DD), a missing date as
    "undated" in the reader's language (never "None")."""
    from dashboard import answers

    out = df.copy()
    for col in columns:
        if col in out:
            prec = precision_column(out, col)
            precisions = out[prec] if prec is not None else [None] * len(out)
            out[col] = [answers.vintage(v, p) for v, p in zip(out[col], precisions)]
    return out


def codes_as_words(df: pd.DataFrame, sections: dict[str, str]) -> pd.DataFrame:
    """Code columns in the reader's language: column -> catalog section ("kind" -> "code.source_kind"); a code the
    catalog does not know stays as it is (the downloads of the shown frame carry the words)."""
    out = {
        col: [i18n.t_or(f"{section}.{v}", v) if isinstance(v, str) and v else v for v in df[col]]
        for col, section in sections.items()
        if col in df.columns
    }
    return df.assign(**out) if out else df
