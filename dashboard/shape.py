"""Small pure reshaping steps the pages need between a mart and a chart (no Streamlit, no SQL).

Anything heavier belongs in a mart; these only filter, label and order rows for display.
"""

from __future__ import annotations

import pandas as pd

from dashboard import i18n


def options(df: pd.DataFrame, column: str) -> list:
    """Distinct non-null values of a column, sorted, for a select box."""
    if df.empty or column not in df:
        return []
    return sorted(df[column].dropna().unique().tolist(), key=str)


def where(df: pd.DataFrame, **equals) -> pd.DataFrame:
    """Rows whose columns equal the given values (None values are ignored)."""
    out = df
    for col, value in equals.items():
        if value is not None and col in out:
            out = out[out[col] == value]
    return out


def with_hedged_value(
    df: pd.DataFrame, value: str = "value", qualifier: str = "value_qualifier", out: str = "as_stated"
) -> pd.DataFrame:
    """Add the value as the source hedged it (">12", "~3.2") for hover texts and tables."""
    if df.empty:
        return df.assign(**{out: pd.Series(dtype=str)})
    units = df["unit"] if "unit" in df and value == "value" else pd.Series([None] * len(df), index=df.index)
    quals = df[qualifier] if qualifier in df else pd.Series([None] * len(df), index=df.index)
    stated = [
        format_value(v, u if value == "value" else ("share" if "share" in value else None), q)
        for v, u, q in zip(df[value], units, quals)
    ]
    return df.assign(**{out: stated})


TARGET_KEYS = ["series_key", "period", "unit"]


def revision_targets(revisions: pd.DataFrame, min_vintages: int = 2) -> pd.DataFrame:
    """Forecast targets (series, target period, unit) stated on at least `min_vintages` dates, most revised first.

    A target's vintages are the distinct dates its figure was published on (by any publisher): two values on one
    date are a range's bounds or reposts, not a revision. Ties: more figures, then the most recent vintage first.
    """
    cols = ["target", *TARGET_KEYS, "indicator", "subject", "vintages", "figures", "publishers", "last_published_on"]
    if revisions.empty:
        return pd.DataFrame(columns=cols)
    dated = revisions[revisions["published_on"].notna()].assign(target=_target_key)
    out = (
        dated.groupby("target", sort=False)
        .agg(
            series_key=("series_key", "first"),
            period=("period", "first"),
            unit=("unit", "first"),
            indicator=("indicator", "first"),
            subject=("subject", "first"),
            vintages=("published_on", "nunique"),
            figures=("value", "size"),
            publishers=("publisher", "nunique"),
            last_published_on=("published_on", "max"),
        )
        .reset_index()
    )
    out = out[out["vintages"] >= min_vintages]
    out = out.sort_values(
        ["vintages", "figures", "last_published_on", "target"], ascending=[False, False, False, True], kind="stable"
    )
    return out[cols].reset_index(drop=True)


def _target_key(df: pd.DataFrame) -> pd.Series:
    # column by column (vectorized): a row-wise join took 1.2 s on the 32k revisions of the 100x warehouse
    key = df[TARGET_KEYS[0]].astype(str)
    for col in TARGET_KEYS[1:]:
        key = key + " @ " + df[col].astype(str)
    return key


def target_trails(revisions: pd.DataFrame, target: str) -> pd.DataFrame:
    """Every vintage of one target (a `revision_targets` key), one trail per publisher and bound, in date order."""
    rows = revisions[revisions["published_on"].notna()]
    rows = rows[_target_key(rows) == target]
    bounds = rows["bound"] if "bound" in rows else pd.Series("point", index=rows.index)
    trail = [
        f"{p} · {i18n.t_or(f'market.bound.{b}', str(b))}" if b != "point" else str(p)
        for p, b in zip(rows["publisher"], bounds)
    ]
    return rows.assign(trail=trail).sort_values(["trail", "published_on", "value"])


def search(df: pd.DataFrame, text: str | None, columns: list[str]) -> pd.DataFrame:
    """Rows where any of `columns` contains every word of `text` (case-insensitive)."""
    if df.empty or not text or not text.strip():
        return df
    haystack = df[[c for c in columns if c in df]].astype(str).fillna("").agg(" ".join, axis=1).str.lower()
    mask = pd.Series(True, index=df.index)
    for word in text.lower().split():
        mask &= haystack.str.contains(word, regex=False)
    return df[mask]


def where_in(df: pd.DataFrame, column: str, values) -> pd.DataFrame:
    if df.empty or column not in df:
        return df
    return df[df[column].isin(set(values))]


def roadmap_series(points: pd.DataFrame) -> pd.DataFrame:
    """Roadmap points with a `series` label: family, kind and what its bandwidth measures ("Tomahawk · switch ASIC ·
    switch capacity"): a family's chips and its systems are two series."""
    basis = points["bandwidth_basis"].map(lambda b: i18n.t_or(f"shape.basis.{b}", str(b)))
    kind = points["kind"].map(lambda k: i18n.t_or(f"roadmap.kind_value.{k}", str(k))) if "kind" in points else ""
    return points.assign(series=points["family"].astype(str) + " · " + kind + " · " + basis)


def measured_and_model(results: pd.DataFrame) -> pd.DataFrame:
    """nccl rows in long form for one chart: series 'measured' (busbw_GBps) and 'model' (predicted_busbw_GBps)."""
    keep = [c for c in results.columns if c not in ("busbw_GBps", "predicted_busbw_GBps")]
    measured = results[keep].assign(series="measured", busbw=results["busbw_GBps"])
    frames = [measured]
    if "predicted_busbw_GBps" in results and results["predicted_busbw_GBps"].notna().any():
        model = results[results["predicted_busbw_GBps"].notna()]
        frames.append(model[keep].assign(series="model", busbw=model["predicted_busbw_GBps"]))
    return pd.concat(frames, ignore_index=True).sort_values(["system", "series", "size_bytes"])


def run_summary(results: pd.DataFrame) -> pd.DataFrame:
    """One row per nccl-tests run: what was measured, its peak and average, and flags."""
    cols = [
        c
        for c in (
            "run_id",
            "system",
            "collective",
            "gpu",
            "ngpus",
            "nodes",
            "nccl_version",
            "peak_busbw_GBps",
            "avg_busbw_GBps",
            "has_errors",
            "truncated",
            "source_id",
            "url",
            "published_on",
        )
        if c in results
    ]
    return results[cols].drop_duplicates("run_id").reset_index(drop=True)


def fabric_groups(top500: pd.DataFrame) -> pd.DataFrame:
    """One row per list and fabric group (the mart repeats the group totals on each interconnect row)."""
    cols = [
        c
        for c in (
            "list",
            "list_date",
            "fabric_group",
            "fabric_label",
            "fabric_systems",
            "fabric_systems_share",
            "fabric_rmax_share",
            "source_id",
            "url",
        )
        if c in top500
    ]
    return top500[cols].drop_duplicates(["list", "fabric_group"]).sort_values(["list_date", "fabric_group"])


NOT_STATED = "not stated"


def mlperf_by_fabric(summary: pd.DataFrame) -> pd.DataFrame:
    """MLPerf per-round fabric rows in round order, a NULL fabric shown as "not stated"."""
    if summary.empty:
        return summary
    out = summary.assign(fabric=summary["fabric"].fillna(NOT_STATED))
    # "not stated" stacks last (on top); rounds keep their order
    return (
        out.assign(_last=out["fabric"] == NOT_STATED)
        .sort_values(["_last", "round_order", "fabric"])
        .drop(columns="_last")
    )


def mlperf_largest(summary: pd.DataFrame) -> pd.DataFrame:
    """Largest system per round and stated fabric (rows whose fabric or accelerator count is unknown left out, and
    single nodes, which have no scale-out fabric)."""
    if summary.empty:
        return summary
    known = summary[
        summary["fabric"].notna()
        & (summary["fabric"] != "none")
        & (summary["largest_system_accelerators"].fillna(0) > 0)
    ]
    return known.sort_values(["round_order", "fabric"])


def format_value(value, unit: str | None, qualifier: str | None = None, lang: str | None = None) -> str:
    """A figure for a headline in the reader's language: "$3.2 B" / "32 億美元", ">80%", "2 M ports" / "200 萬個埠"."""
    return i18n.format_amount(value, unit, lang or i18n.current(), qualifier)


def format_exact(value, unit: str | None, lang: str | None = None) -> str:
    """The unrounded figure, for the tooltip of a rounded one."""
    return i18n.format_exact(value, unit, lang or i18n.current())


def format_change(change_ratio) -> str | None:
    """ "+25%" for st.metric's delta; None when there is no previous figure."""
    if change_ratio is None or pd.isna(change_ratio):
        return None
    return f"{change_ratio:+.0%}"


def headline_rows(latest: pd.DataFrame, indicators: tuple[str, ...]) -> pd.DataFrame:
    """For each headline indicator, its most recently published series (then actuals before forecasts, the
    latest period, and the largest value: for a TOP500 list, its largest interconnect family)."""
    if latest.empty:
        return latest
    rank = {"actual": 0, "estimate": 1, "vendor_claim": 2, "forecast": 3, "spec": 4}
    rows = latest[latest["indicator"].isin(indicators)].assign(
        _kind=lambda d: d["kind"].map(rank).fillna(9),
        _order=lambda d: d["indicator"].map({i: n for n, i in enumerate(indicators)}),
    )
    keys = [("_order", True), ("published_on", False), ("_kind", True), ("period_end", False), ("value", False)]
    keys = [(k, asc) for k, asc in keys if k in rows]
    rows = rows.sort_values([k for k, _ in keys], ascending=[asc for _, asc in keys], na_position="last")
    return rows.groupby("indicator", sort=False).head(1).drop(columns=["_kind", "_order"]).reset_index(drop=True)


def query_frame(columns: list[str], rows: list[tuple]) -> pd.DataFrame:
    """A console result as a frame (duplicate column names made unique so the table can show them)."""
    seen: dict[str, int] = {}
    unique = []
    for c in columns:
        seen[c] = seen.get(c, 0) + 1
        unique.append(c if seen[c] == 1 else f"{c}_{seen[c]}")
    return pd.DataFrame.from_records(rows, columns=unique)


def by_frequency(df: pd.DataFrame, column: str) -> list:
    """Distinct values of a column, the most frequent first (a sensible default for a select box)."""
    if df.empty or column not in df:
        return []
    return df[column].value_counts(sort=True).index.tolist()


def side_by_side(
    rows: pd.DataFrame, titles: dict[str, str], kind_names: dict[str, str], tier_names: dict[str, str]
) -> pd.DataFrame:
    """One row per market definition and publisher (with the source tier), one column per year: each cell the
    figure as the publisher stated it with its kind ("~$3.2 B (actual)"), several kinds of one year joined by "; ".
    `titles` maps a series_key to its title in the reader's language, `kind_names` a kind and `tier_names` a tier
    to its name. Definitions are never summed: a row is one publisher's figures for one definition."""
    if rows.empty:
        return pd.DataFrame(columns=["definition", "publisher", "tier"])
    stated = with_hedged_value(rows)
    cells = stated.assign(
        definition=stated["series_key"].map(lambda k: titles.get(k, k)),
        cell=[f"{a} ({kind_names.get(k, k)})" for a, k in zip(stated["as_stated"], stated["kind"])],
        year=stated["year"].astype(int).astype(str),
        tier=stated["tier"].map(lambda x: tier_names.get(x, x)),
    )
    table = cells.pivot_table(
        index=["definition", "publisher", "tier"], columns="year", values="cell", aggfunc="; ".join, sort=True
    )
    table.columns.name = None
    return table.reset_index()
