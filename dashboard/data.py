"""The dashboard's only door to data: cached, read-only loaders keyed on the published file's version.

A refresh replaces the published file (new mtime), which changes every cache key, so new data
shows up without restarting the app. Connections are opened per query and closed at once, so
the dashboard never holds a lock on the warehouse. Pages call the functions here; they never
open a connection or hold SQL of their own.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import duckdb
import pandas as pd
import streamlit as st

from dashboard import i18n
from dashboard.dictionary import column_label, table_summary
from warehouse import db, runs
from warehouse import publish as wpublish
from warehouse.query import QueryResult, QueryRejected, run_query

# What the pages read: every mart the published warehouse holds (marts_in_warehouse()), and these.
OTHER_READABLE = (
    "core.sources",
    "core.products",
    "raw.documents",
    "raw.changes",
    "raw.fetch_log",
    "meta.checks",
    "meta.runs",
    "meta.data_dictionary",
)
PROVENANCE_FROM_OBSERVATIONS = (
    "publisher",
    "title",
    "published_on",
    "published_precision",
    "url",
    "via",
    "evidence",
    "confidence",
)
CONSOLE_MAX_ROWS = 5_000
CONSOLE_TIMEOUT_S = 10.0
SQL_DIR = Path(db.__file__).parent / "sql" / "dashboard"
_IDENT = re.compile(r"^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$")


@functools.cache
def _sql(name: str) -> str:
    """A query of the dashboard's own, from warehouse/sql/dashboard/<name>.sql (values are bound parameters)."""
    return (SQL_DIR / f"{name}.sql").read_text(encoding="utf-8")


def home() -> Path:
    return db.home()


def warehouse_version() -> int | None:
    """mtime of the published file in ns, or None when nothing is published yet."""
    path = db.paths(home()).published
    return path.stat().st_mtime_ns if path.exists() else None


@st.cache_data(ttl=600, max_entries=512, show_spinner=False)
def _query(sql: str, params: tuple, version: int | None, home_dir: str) -> pd.DataFrame:
    with db.published_connection(home_dir) as con:
        return con.execute(sql, list(params)).df()


def query(sql: str, params: tuple = ()) -> pd.DataFrame:
    """Run a read-only query (our own SQL, bound parameters) on the published warehouse."""
    return _query(sql, tuple(params), warehouse_version(), str(home()))


def relations() -> pd.DataFrame:
    """Every table and view of the published warehouse: schema, name, kind, comment."""
    return query(_sql("relations"))


def marts_in_warehouse() -> list[str]:
    """Names of the marts the published warehouse declares (its catalog, not a list kept here)."""
    rel = relations()
    return sorted(rel.loc[rel["schema"] == "marts", "name"]) if warehouse_version() is not None else []


def exists(relation: str) -> bool:
    if warehouse_version() is None:
        return False
    schema, name = relation.split(".")
    rel = relations()
    return bool(((rel["schema"] == schema) & (rel["name"] == name)).any())


@st.cache_data(ttl=600, max_entries=4, show_spinner=False)
def _citation_facts(version: int | None, home_dir: str) -> tuple[pd.DataFrame, dict | None]:
    from warehouse import citations

    with db.published_connection(home_dir) as con:
        return citations.documents(con), citations.published_release(con)


def citation_facts() -> tuple[pd.DataFrame, dict | None]:
    """Every cited document (publisher, title, date, via by url) and the published release, for downloads."""
    if warehouse_version() is None:
        return pd.DataFrame(), None
    return _citation_facts(warehouse_version(), str(home()))


def alert_rules() -> pd.DataFrame:
    """The watch rules (not cached: they change between refreshes)."""
    from alerts import rules as alerts

    rules = alerts.list_rules(home())
    cols = [
        "name",
        "indicator",
        "subject_like",
        "series_key",
        "condition",
        "threshold",
        "channel",
        "target",
        "backfill",
        "created_at",
    ]
    return pd.DataFrame([{c: getattr(r, c) for c in cols} for r in rules], columns=cols)


def alert_deliveries() -> pd.DataFrame:
    """The delivery log of the watch rules, newest first."""
    from alerts import rules as alerts

    return pd.DataFrame(alerts.recent_deliveries(home()))


def read(relation: str) -> pd.DataFrame:
    """All rows of a mart (or another readable relation); an empty frame when it is not built yet."""
    if not _IDENT.match(relation) or (relation not in OTHER_READABLE and not relation.startswith("marts.")):
        raise ValueError(f"{relation} is not something the dashboard reads")
    if warehouse_version() is None:
        return pd.DataFrame()
    if relation.startswith("marts.") and relation[6:] not in marts_in_warehouse():
        raise ValueError(f"the published warehouse has no {relation}")
    if not exists(relation):
        return pd.DataFrame()
    # relation is one of the names above (checked against the catalog), bound as a parameter
    columns = set(query(_sql("relation_columns"), (relation,)).columns)
    missing = [c for c in PROVENANCE_FROM_OBSERVATIONS if c not in columns]
    if "record_id" in columns and missing:
        # Every figure can say where it came from: marts that keep only record_id get the rest here.
        frame = query(_sql("read_with_provenance"), (relation,))
        joined = [f"provenance_{c}" for c in PROVENANCE_FROM_OBSERVATIONS]
        return frame.drop(columns=[f"provenance_{c}" for c in PROVENANCE_FROM_OBSERVATIONS if c not in missing]).rename(
            columns=dict(zip(joined, PROVENANCE_FROM_OBSERVATIONS))
        )
    return query(_sql("read_relation"), (relation,))


def mart(name: str) -> pd.DataFrame:
    return read(f"marts.{name}")


def latest_of(indicators: tuple[str, ...]) -> pd.DataFrame:
    """marts.latest_indicators' rows for these indicators (the headline cards), read in DuckDB, not filtered in pandas."""
    return (
        query(_sql("latest_of_indicators"), (list(indicators),))
        if exists("marts.latest_indicators")
        else pd.DataFrame()
    )


def latest_categories() -> list:
    """The categories marts.latest_indicators holds."""
    return query(_sql("latest_categories"))["category"].tolist() if exists("marts.latest_indicators") else []


def latest_rows(category: str | None, limit: int) -> tuple[pd.DataFrame, int]:
    """marts.latest_indicators in one category (None: all): every row when there are at most `limit`, else the
    `limit` newest; and how many there are."""
    if not exists("marts.latest_indicators"):
        return pd.DataFrame(), 0
    total = int(query(_sql("latest_count"), (category,)).iloc[0, 0])
    if total <= limit:
        return query(_sql("latest_rows"), (category,)), total
    return query(_sql("latest_newest"), (category, limit)), total


def entity_names() -> dict[str, str]:
    """Entity id -> name in the reader's language (core.entities; in zh-TW the vocabulary's Chinese display name
    where it has one): series titles are built from these, never from keys."""
    if not exists("core.entities"):
        return {}
    names = query(_sql("entity_names"))
    chinese = i18n.current() != i18n.DEFAULT
    return {
        e: (zh if chinese and isinstance(zh, str) and zh else name)
        for e, name, zh in zip(names["entity_id"], names["name"], names["name_zh"])
    }


def indicator_catalog() -> pd.DataFrame:
    """core.indicators: name, Chinese name (the vocabulary's), definition, unit, category per indicator id."""
    if not exists("core.indicators"):
        return pd.DataFrame(columns=["indicator", "name", "name_zh", "definition", "unit", "category"])
    return query(_sql("indicator_catalog"))


def indicator_names() -> dict[str, str]:
    """Indicator id -> its name in the reader's language: the warehouse's (core.indicators, and in zh-TW the
    vocabulary's Chinese title from sources/curated/vocabulary/indicators.csv, the one home of those names)."""
    cat = indicator_catalog()
    chinese = i18n.current() != i18n.DEFAULT
    return {
        i: (zh if chinese and isinstance(zh, str) and zh else name)
        for i, name, zh in zip(cat["indicator"], cat["name"], cat["name_zh"])
    }


def vocabulary_names(dimension: str) -> dict[str, str]:
    """Term -> its name in the reader's language for one vocabulary dimension (core.vocabulary)."""
    if not exists("core.vocabulary"):
        return {}
    names = query(_sql("vocabulary_names"), (dimension,))
    column = "name_zh" if i18n.current() != i18n.DEFAULT else "name_en"
    return dict(zip(names["term"], names[column]))


def mlperf_rounds() -> pd.DataFrame:
    """The MLPerf Training rounds MLCommons published, with their publication dates as given and sources (the round
    calendar, core.vocabulary dimension mlperf_round); empty before the vocabulary is loaded."""
    if not exists("core.vocabulary"):
        return pd.DataFrame(columns=["round", "published", "source_url", "round_order"])
    return query(_sql("mlperf_rounds"))


def indicator_name(indicator: str) -> str:
    """One indicator's name in the reader's language (indicator_names), else its id."""
    return indicator_names().get(indicator, indicator)


def market_definitions(year: int) -> pd.DataFrame:
    """The market definitions Market can open on, best first (warehouse/sql/dashboard/market_definitions.sql holds
    the rule: most publishers with a figure for `year` or the next, then most publishers, then most figures)."""
    if not exists("marts.series_catalog") or not exists("marts.consensus_points"):
        return pd.DataFrame(
            columns=["series_key", "indicator", "period_basis", "near_publishers", "publishers", "rank"]
        )
    return query(_sql("market_definitions"), (int(year),))


def market_side_by_side(indicator: str, year: int) -> pd.DataFrame:
    """Every annual definition of one market indicator, each publisher's latest figure per year around `year`
    (warehouse/sql/dashboard/market_definitions_side_by_side.sql)."""
    if not exists("marts.series_catalog") or not exists("marts.consensus_points"):
        return pd.DataFrame(
            columns=[
                "series_key",
                "title_en",
                "title_zh",
                "definition_name_en",
                "definition_name_zh",
                "publisher",
                "year",
                "kind",
                "value",
            ]
        )
    return query(_sql("market_definitions_side_by_side"), (indicator, int(year)))


def series_rows(indicators: tuple[str, ...]) -> pd.DataFrame:
    """Every figure of these indicators' series (core.observations), for headline cards."""
    if not exists("core.observations"):
        return pd.DataFrame()
    return query(_sql("series_rows"), (list(indicators),))


def series_catalog() -> pd.DataFrame:
    """marts.series_catalog: every series' title and definition in both languages (empty before it is built)."""
    if not exists("marts.series_catalog"):
        return pd.DataFrame(columns=["series_key", "title_en", "title_zh", "definition_en", "definition_zh"])
    return query(_sql("series_catalog"))


def series_consensus(keys: tuple[str, ...]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """For these series: (marts.consensus rows with the reference point of their period, marts.consensus_points
    rows with their tier); two empty frames when the warehouse has no consensus marts."""
    if not keys or not exists("marts.consensus"):
        return pd.DataFrame(), pd.DataFrame()
    return query(_sql("series_consensus"), (list(keys),)), query(_sql("series_points"), (list(keys),))


def conflict_tiers() -> pd.DataFrame:
    """Both sides' source tiers of every pair in marts.conflicts (empty before the tiers exist)."""
    if not exists("marts.conflicts") or not exists("marts.source_tiers"):
        return pd.DataFrame(
            columns=["conflict_on", "series_key", "period", "a_record_id", "b_record_id", "a_tier", "b_tier"]
        )
    return query(_sql("conflict_tiers"))


def last_source_changes() -> pd.DataFrame:
    """marts.source_changes of the newest refresh that detected changes (not every change ever recorded)."""
    return query(_sql("last_source_changes")) if exists("marts.source_changes") else pd.DataFrame()


def product_sources() -> pd.DataFrame:
    """Where each product fact came from: catalog rows and spec observations, with evidence, per product_id."""
    if not exists("core.products"):
        return pd.DataFrame()
    return query(_sql("product_sources"))


def dictionary() -> pd.DataFrame:
    """meta.data_dictionary: one row per relation (column_name '') and per column, with descriptions."""
    if not exists("meta.data_dictionary"):
        return pd.DataFrame(columns=["schema_name", "table_name", "column_name", "data_type", "description"])
    return query(_sql("dictionary"))


def labels(relation: str) -> dict[str, str]:
    """Column name -> short label (with unit) for a relation, from the data dictionary."""
    d = dictionary()
    out: dict[str, str] = {}
    # Provenance columns joined from core.observations keep that table's labels.
    for rel in ("core.observations", relation):
        schema, name = rel.split(".")
        rows = d[(d["schema_name"] == schema) & (d["table_name"] == name) & (d["column_name"] != "")]
        out.update({r.column_name: column_label(r.column_name, r.description) for r in rows.itertuples()})
    return out


def description(relation: str) -> str:
    """The relation's own comment, shortened to its first sentence."""
    schema, name = relation.split(".")
    d = dictionary()
    row = d[(d["schema_name"] == schema) & (d["table_name"] == name) & (d["column_name"] == "")]
    return table_summary(row["description"].iloc[0]) if len(row) else ""


def column_descriptions(relation: str) -> dict[str, str]:
    """Column name -> full description, for tooltips."""
    schema, name = relation.split(".")
    d = dictionary()
    rows = d[(d["schema_name"] == schema) & (d["table_name"] == name) & (d["column_name"] != "")]
    return {r.column_name: r.description or "" for r in rows.itertuples()}


def last_run() -> dict | None:
    """The newest published refresh from meta.runs, or None."""
    if not exists("meta.runs"):
        return None
    last = query(runs.LAST_PUBLISHED_SQL)
    return last.iloc[0].to_dict() if len(last) else None


def source_status() -> pd.DataFrame:
    """marts.source_status: every source with its documents' last fetch, outcome, change and error."""
    return mart("source_status")


def claims_inbox() -> pd.DataFrame:
    """marts.claims_inbox: extracted claims with their review status (pending, accepted, rejected)."""
    return mart("claims_inbox")


def latest_checks() -> pd.DataFrame:
    """Asset check results of the newest run that recorded checks."""
    if not exists("meta.checks"):
        return pd.DataFrame()
    return query(runs.LATEST_CHECKS_SQL)


@st.cache_data(ttl=600, max_entries=8, show_spinner=False)
def _spec_overrides(version: int | None, home_dir: str) -> pd.DataFrame:
    from warehouse import model_io

    with db.published_connection(home_dir) as con:
        return model_io.observed_spec_overrides(con)


def spec_overrides() -> pd.DataFrame | None:
    """The observed specs the published model ran with (warehouse/sql/model_overrides.sql), None before a refresh.

    `fabric_model.load_catalog(spec_overrides())` is the catalog of the published run.
    """
    version = warehouse_version()
    return None if version is None else _spec_overrides(version, str(home()))


NEW_ROWS_SHOWN = 5_000  # the newest new observations the Overview holds; the download re-reads them all


def _since_previous(con: duckdb.DuckDBPyConnection, previous: Path | None) -> None:
    """Attach the previous release read-only (or none: the first release) as `previous_observations`."""
    if previous is None:
        con.execute(_sql("first_release"))
    else:
        con.execute(_sql("attach_previous"), [str(previous)])
        con.execute(_sql("previous_release"))


@st.cache_data(ttl=600, max_entries=8, show_spinner=False)
def _new_since_previous(version: int | None, home_dir: str) -> dict:
    releases = wpublish.list_releases(home_dir)
    previous = releases[0] if releases else None
    empty = {
        "previous": previous.name if previous else None,
        "new_observations": pd.DataFrame(),
        "new_count": 0,
        "new_conflicts": pd.DataFrame(),
        "new_conflict_count": 0,
        "removed_observations": 0,
    }
    if version is None:
        return empty
    # the diff runs in DuckDB (anti-joins on record_id): only the new rows, at most NEW_ROWS_SHOWN, reach pandas
    with db.published_connection(home_dir) as con:
        try:
            _since_previous(con, previous)
        except duckdb.Error:  # a damaged or unreadable release: say which, show nothing as new
            return empty
        new_count, removed, conflict_count = con.execute(_sql("new_counts")).fetchone()
        rows = con.execute(_sql("new_observations"), [NEW_ROWS_SHOWN]).df()
        conflicts = con.execute(_sql("new_conflicts"), [NEW_ROWS_SHOWN]).df()
    return {
        "previous": empty["previous"],
        "new_observations": rows,
        "new_count": int(new_count),
        "new_conflicts": conflicts,
        "new_conflict_count": int(conflict_count),
        "removed_observations": int(removed),
    }


def new_since_previous() -> dict:
    """What this release added against the previous published one (releases/ keeps the old files).

    previous: the previous release's file name (None: this is the first release, so everything is new);
    new_observations: the newest NEW_ROWS_SHOWN added observations; new_count: how many were added in all;
    new_conflicts: the newest NEW_ROWS_SHOWN conflicts one of whose sides was added; new_conflict_count: how
    many in all; removed_observations: how many are gone.
    """
    return _new_since_previous(warehouse_version(), str(home()))


@st.cache_data(ttl=600, max_entries=2, show_spinner=False)
def _all_new(what: str, version: int | None, home_dir: str) -> pd.DataFrame:
    releases = wpublish.list_releases(home_dir)
    with db.published_connection(home_dir) as con:
        _since_previous(con, releases[0] if releases else None)
        return con.execute(_sql(what), [None]).df()


def all_new_observations() -> pd.DataFrame:
    """Every observation added since the previous release (for the download; the page shows the newest)."""
    return _all_new("new_observations", warehouse_version(), str(home())) if warehouse_version() else pd.DataFrame()


def all_new_conflicts() -> pd.DataFrame:
    """Every conflict touching an observation added since the previous release (for the download)."""
    return _all_new("new_conflicts", warehouse_version(), str(home())) if warehouse_version() else pd.DataFrame()


def run_console(sql: str) -> QueryResult:
    """The SQL console: one read-only statement, no access outside the warehouse, row cap and time limit.

    Raises QueryRejected (with a message for the user) for anything else; duckdb errors (syntax,
    unknown table, blocked file access) are turned into QueryRejected too.
    """
    if warehouse_version() is None:
        raise QueryRejected("no published warehouse yet: run `fabricwatch refresh` first")
    return run_query(home(), sql, max_rows=CONSOLE_MAX_ROWS, timeout_s=CONSOLE_TIMEOUT_S, safe=True)


__all__ = [
    "QueryRejected",
    "marts_in_warehouse",
    "source_status",
    "claims_inbox",
    "spec_overrides",
    "home",
    "warehouse_version",
    "query",
    "relations",
    "exists",
    "read",
    "mart",
    "dictionary",
    "labels",
    "description",
    "column_descriptions",
    "last_run",
    "latest_of",
    "latest_categories",
    "entity_names",
    "indicator_catalog",
    "series_rows",
    "series_catalog",
    "series_consensus",
    "conflict_tiers",
    "latest_rows",
    "last_source_changes",
    "new_since_previous",
    "all_new_observations",
    "all_new_conflicts",
    "run_console",
]
