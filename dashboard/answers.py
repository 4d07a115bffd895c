"""From a mart's rows to an answer (pure: frames in, frames out; no Streamlit, no SQL).

- `series_titles`: a human title for every series an analyst can pick (never the pipe-joined key).
- `from_marts`: marts.consensus, marts.reference_line and marts.consensus_points (the one home of the consensus,
  its tiers and the reference-line rule) in the shape the charts and cards read.
- `headline`: what a headline card shows for one series: the last completed year's actual and the
  current or next year's consensus forecast (never a far-out, cumulative or single-vendor figure).
- `sorted_groups`: marts.conflict_groups with titles, largest disagreement first.
- `with_complements`: InfiniBand/Ethernet shares with the other side derived (1 - share), labelled.

The reference line rule lives in marts.reference_line: for each period, the latest actual of the original and
press tiers, else their latest estimate, else the median of the publishers' latest point forecasts.
"""

from __future__ import annotations

import datetime as dt
import re

import pandas as pd

from dashboard import i18n
from dashboard.i18n import t, t_or

# Kinds of figure: what happened (actual, estimate) vs what is expected (forecast, a vendor's claim about the future).
ACTUAL_KINDS = ("actual", "estimate")
FORECAST_KINDS = ("forecast", "vendor_claim")
LOWER, UPPER = (">", ">="), ("<", "<=")
TOP_PUBLISHERS = 6  # legend entries a chart shows; the rest are "others" (readable at 420 px)


def basis(kind: str | None) -> str:
    """'actual' for actuals and estimates, 'forecast' for forecasts and claims (the two are never mixed)."""
    return "actual" if kind in ACTUAL_KINDS else "forecast"


def bound(qualifier) -> str:
    """'lower' for > and >=, 'upper' for < and <=, 'point' otherwise (~ is an approximate point)."""
    if qualifier in LOWER:
        return "lower"
    if qualifier in UPPER:
        return "upper"
    return "point"


def bound_text(qualifier) -> str:
    """ "(lower bound)", "(upper bound)", "(approximate)" or "" in the reader's language."""
    b = bound(qualifier)
    if b != "point":
        return t(f"answers.bound_{b}")
    return t("answers.approximate") if qualifier == "~" else ""


def date_label(d, precision=None) -> str | None:
    """A date as precisely as its source gave it: "2024" (year), "2024H1" (half), "2024Q1" (quarter), "2024-03"
    (month), else "2024-03-05". The rule of the warehouse's marts.date_label (warehouse/sql/marts/_functions.sql),
    for dates a page reads with their precision column; None for no date."""
    if d is None or (not isinstance(d, str) and pd.isna(d)):
        return None
    ts = pd.Timestamp(d)
    if precision == "year":
        return f"{ts:%Y}"
    if precision == "half":
        return f"{ts:%Y}H{1 if ts.month <= 6 else 2}"
    if precision == "quarter":
        return f"{ts:%Y}Q{ts.quarter}"
    if precision == "month":
        return f"{ts:%Y-%m}"
    return f"{ts:%Y-%m-%d}"


def vintage(published_on, precision=None) -> str:
    """The vintage by its precision (date_label: 2024, 2024-06, 2024-06-11), or 'undated' in the reader's language."""
    if published_on is None or pd.isna(published_on):
        return t("answers.undated")
    return date_label(published_on, precision if isinstance(precision, str) else None)


def row_vintage(row) -> str:
    """A row's vintage by its precision: its published_label (marts.consensus_points), else published_on with its
    published_precision."""
    label = row.get("published_label")
    if isinstance(label, str) and label:
        return label
    return vintage(row.get("published_on"), row.get("published_precision"))


# ---- series titles -------------------------------------------------------------------------------------------

CJK = re.compile(r"[\u3400-\u9fff]")
SPEED_GROUP = re.compile(r"^\d+(?:\.\d+)?[gt](?:_\d+(?:\.\d+)?[gt])+(?:_plus)?$")


def _words(code) -> str | None:
    if code is None or (isinstance(code, float) and pd.isna(code)) or str(code) in ("", "-"):
        return None
    code = str(code)
    if SPEED_GROUP.match(code):  # "200g_400g_800g": a group of speeds, "200G + 400G + 800G"
        return " + ".join(p.upper() for p in code.removesuffix("_plus").split("_")) + (
            " +" if code.endswith("_plus") else ""
        )
    return t_or(f"answers.segment.{code}", code.replace("_", " "))


def segment_words(code, names: dict[str, str] | None = None) -> str | None:
    """A segment code in words: its vocabulary name in the reader's language when `names` (data.vocabulary_names)
    has it, else the code in words ("genai_dc_ethernet_switch" -> "genai dc ethernet switch"; a speed group as
    speeds)."""
    if names and isinstance(code, str) and code in names:
        return names[code]
    return _words(code)


def _speed(gbps) -> str | None:
    if gbps is None or pd.isna(gbps):
        return None
    gbps = float(gbps)
    return f"{gbps / 1000:g}T" if gbps >= 1000 else f"{gbps:g}G"


def series_titles(
    rows: pd.DataFrame,
    entity_names: dict[str, str] | None = None,
    catalog: pd.DataFrame | None = None,
    indicator_names: dict[str, str] | None = None,
) -> pd.DataFrame:
    """One row per series_key: title (human, in the reader's language), definition, period basis, publishers.

    The title is the entity's name (else the wording most sources use), then what sets the series apart
    (segment, speed, fabric, vendor, region) and its period basis; a title shared by two keys gets the
    distinguishing dimension. Keys never appear.
    """
    cols = [
        "series_key",
        "title",
        "indicator",
        "definition",
        "series_kind",
        "publishers",
        "n_publishers",
        "n_rows",
        "first_period",
        "last_period",
        "unit",
    ]
    if rows.empty:
        return pd.DataFrame(columns=cols)
    entity_names = entity_names or {}
    zh = i18n.current() != i18n.DEFAULT
    named = {}
    if catalog is not None and not catalog.empty:  # marts.series_catalog: the vocabulary's titles and definitions
        for r in catalog.itertuples():
            title = (
                r.title_zh
                if zh and isinstance(r.title_zh, str) and CJK.search(r.title_zh)
                else None
                if zh
                else r.title_en
            )
            definition = (
                r.definition_zh if zh and isinstance(r.definition_zh, str) and r.definition_zh else r.definition_en
            )
            if isinstance(definition, str):  # "ai_backend_network_revenue: ..." (or "：") -> the text, no id
                head, sep, rest = definition.replace("：", ":", 1).partition(":")
                definition = rest.strip() if sep and re.fullmatch(r"[a-z0-9_]+", head.strip()) else definition
            named[r.series_key] = (title, definition)
    out = []
    for key, grp in rows.groupby("series_key", sort=False):
        first = grp.iloc[0]
        kind = first.get("series_kind")
        title, definition = named.get(key, (None, None))
        built = series_parts(first, "") if title else []
        if not title:
            title = series_title(first, entity_names, grp["subject"].mode().iloc[0], kind)
            if zh and isinstance(first.get("indicator"), str):  # the indicator's Chinese name leads
                title = f"{(indicator_names or {}).get(first.get('indicator'), first.get('indicator'))}——{title}"
        publishers = sorted(grp["publisher"].dropna().unique())
        ordered = grp.sort_values("period_start")
        out.append(
            {
                "series_key": key,
                "title": title,
                "indicator": first.get("indicator"),
                "definition": definition if isinstance(definition, str) and definition else None,
                "series_kind": kind,
                "publishers": ", ".join(publishers),
                "n_publishers": len(publishers),
                "n_rows": len(grp),
                "first_period": ordered["period"].iloc[0],
                "last_period": ordered["period"].iloc[-1],
                "unit": first.get("unit"),
                "_region": first.get("region"),
                "_built": built,
            }
        )
    frame = pd.DataFrame(out, columns=cols + ["_region", "_built"])
    # two keys, one title: add what tells them apart (segment, speed, region as words, else a number; never the key)
    dup = frame["title"].duplicated(keep=False)
    if dup.any():
        frame.loc[dup, "title"] = [
            f"{t_} ({', '.join(p)})" if p else t_ for t_, p in zip(frame.loc[dup, "title"], frame.loc[dup, "_built"])
        ]
        dup = frame["title"].duplicated(keep=False)
    if dup.any():
        frame.loc[dup, "title"] = [
            f"{title} ({_words(region) or t('answers.region_unstated')})"
            for title, region in zip(frame.loc[dup, "title"], frame.loc[dup, "_region"])
        ]
        dup = frame["title"].duplicated(keep=False)
        frame.loc[dup, "title"] = [f"{title} [{i + 1}]" for i, title in enumerate(frame.loc[dup, "title"])]
    frame = frame.drop(columns=["_region", "_built"])
    return frame.sort_values(["n_publishers", "n_rows", "title"], ascending=[False, False, True]).reset_index(drop=True)


def fabric_title(code) -> str | None:
    """A fabric as a title writes it: "InfiniBand", "Ethernet" / "乙太網路" (legends keep the codes' own names)."""
    if not isinstance(code, str) or code in ("", "-"):
        return None
    return t_or(f"answers.fabric.{code}", t_or(f"fabric.{code}", code))


def series_parts(first, name: str) -> list[str]:
    """What sets a series apart, in words (segment, speed, fabric, vendor, region), leaving out what `name` says."""
    segment = first.get("segment")
    # a speed group ("200g_400g_800g") is the series' speed; its speed_gbps (the group's first) would mislabel it
    speed = None if isinstance(segment, str) and SPEED_GROUP.match(segment) else _speed(first.get("speed_gbps"))
    vendor = first.get("vendor")
    region = first.get("region")
    return [
        p
        for p in (
            _words(segment),
            speed,
            fabric_title(first.get("fabric")),
            vendor if isinstance(vendor, str) else None,
            _words(region) if region not in ("worldwide",) else None,
        )
        if p and p.lower() not in name.lower()
    ]


def series_title(first, entity_names: dict[str, str], subject: str, kind) -> str:
    """A series' title from one of its rows: the entity's name (else the subject as most sources word it), what
    sets the series apart (series_parts) and its period basis."""
    entity = first.get("entity_id")
    name = entity_names.get(entity) if isinstance(entity, str) and "subject:" not in entity else None
    name = name or subject
    parts = series_parts(first, name)
    return name + (f" ({', '.join(parts)})" if parts else "") + f" · {t_or(f'answers.series_kind.{kind}', str(kind))}"


def catalog_titles(catalog: pd.DataFrame, column: str = "title") -> dict[str, str]:
    """series_key -> marts.series_catalog's title (or another `<column>_en`/`<column>_zh` pair, e.g.
    definition_name) in the reader's language (its English one when the zh text is not Chinese yet)."""
    if catalog is None or catalog.empty:
        return {}
    zh = i18n.current() != i18n.DEFAULT
    en_texts, zh_texts = catalog[f"{column}_en"], catalog[f"{column}_zh"]
    return {
        key: (z if zh and isinstance(z, str) and CJK.search(z) else e)
        for key, e, z in zip(catalog["series_key"], en_texts, zh_texts)
    }


def conflict_titles(
    conflicts: pd.DataFrame,
    entity_names: dict[str, str] | None = None,
    catalog: pd.DataFrame | None = None,
    indicator_names: dict[str, str] | None = None,
) -> dict[str, str]:
    """series_key -> title for marts.conflicts: marts.series_catalog's, else built from the row (the period basis
    is the key's last dimension)."""
    zh = i18n.current() != i18n.DEFAULT
    named = (
        {}
        if catalog is None or catalog.empty
        else {
            r.series_key: (r.title_zh if isinstance(r.title_zh, str) and CJK.search(r.title_zh) else None)
            if zh
            else r.title_en
            for r in catalog.itertuples()
        }
    )
    out = {}
    for key, grp in conflicts.groupby("series_key", sort=False):
        first = grp.iloc[0]
        kind = str(key).rsplit("|", 1)[-1] if isinstance(key, str) and "|" in key else None
        title = named.get(key)
        if not title:
            title = series_title(first, entity_names or {}, grp["subject"].mode().iloc[0], kind)
            if zh and isinstance(first.get("indicator"), str):
                title = f"{(indicator_names or {}).get(first.get('indicator'), first.get('indicator'))}——{title}"
        out[key] = title
    return out


# ---- the consensus marts' figures in the charts' shape ----------------------------------------------------------


def top_publishers(points: pd.DataFrame, n: int = TOP_PUBLISHERS) -> pd.DataFrame:
    """`points` with `legend`: the publisher for the n with most figures, else 'others' (a legend one can read)."""
    if points.empty:
        return points.assign(legend=pd.Series(dtype=str), is_other=pd.Series(dtype=bool))
    ranked = points["publisher"].value_counts()
    keep = set(ranked.index[:n])
    others = t("answers.others", n=max(len(ranked) - n, 0))
    is_other = ~points["publisher"].isin(keep)
    return points.assign(legend=[others if o else p for p, o in zip(points["publisher"], is_other)], is_other=is_other)


# ---- headline cards --------------------------------------------------------------------------------------------


def headline(latest: pd.DataFrame, cons: pd.DataFrame, today: dt.date | None = None) -> dict:
    """What a card shows for one annual series (`latest`, `cons`: from_marts of that series): the last completed
    year's actual (else the newest earlier actual, which the card dates) and the consensus forecast for the current
    year, else the next (never later).

    Returns {"actual": row or None, "forecast": consensus row or None, "forecast_rows": the publishers' figures,
    "year": the last completed year}.
    """
    today = today or dt.date.today()
    last_year, horizon = today.year - 1, (str(today.year), str(today.year + 1))
    out = {"actual": None, "forecast": None, "forecast_rows": latest.iloc[0:0], "year": last_year}
    if latest.empty:
        return out
    period = latest["period"].astype(str)
    years = pd.to_numeric(period.where(period.str.fullmatch(r"\d{4}")), errors="coerce")
    # the year column first, then the filter (assigning a Series to an empty frame would create rows)
    dated = latest.assign(_year=years)
    actuals = dated[dated["kind"].isin(ACTUAL_KINDS) & (dated["_year"] <= last_year)]
    if not actuals.empty:
        out["actual"] = actuals.sort_values(["_year", "published_on"], na_position="first").iloc[-1]
    for year in horizon:
        ahead = cons[(cons["period"].astype(str) == year) & (cons["kind"] == "forecast")] if not cons.empty else cons
        if not ahead.empty:
            out["forecast"] = ahead.iloc[0]
            out["forecast_rows"] = latest[(period == year) & (latest["kind"] == "forecast")]
            break
    return out


# ---- conflicts -------------------------------------------------------------------------------------------------

TIER_ORDER = ("original", "press", "aggregator", "unverified")


def tier_order(tier) -> int:
    return TIER_ORDER.index(tier) if tier in TIER_ORDER else len(TIER_ORDER)


def sorted_groups(
    groups: pd.DataFrame, pairs: pd.DataFrame, titles: dict[str, str], min_spread: float = 0.0
) -> pd.DataFrame:
    """marts.conflict_groups with a title, restricted to the series and periods that still have pairs after the
    filters, the largest disagreement first: value groups by spread (max - min over the larger), then date groups
    by days apart. Value groups below `min_spread` are left out."""
    if groups.empty or pairs.empty:
        return groups.assign(title=pd.Series(dtype=str)).iloc[0:0]
    keep = pairs.assign(forecast=pairs["kind"] == "forecast")[
        ["conflict_on", "series_key", "period", "forecast"]
    ].drop_duplicates()
    out = groups.merge(keep, on=["conflict_on", "series_key", "period", "forecast"])
    out = out[(out["conflict_on"] != "value") | (out["spread"].fillna(0) >= min_spread)]
    # a group is a series, a period and forecasts or not: the title names that last dimension too (one series and
    # year can disagree among its forecasts and, apart, among its actuals)
    out = out.assign(
        title=[
            f"{titles.get(k) or k} · {t('conflicts.among_forecasts' if f else 'conflicts.among_reported')}"
            for k, f in zip(out["series_key"], out["forecast"])
        ],
        _size=out["spread"].where(out["conflict_on"] == "value", -1.0),
        _days=out["max_days_apart"].fillna(0),
    )
    return (
        out.sort_values(["_size", "_days", "pairs"], ascending=False)
        .drop(columns=["_size", "_days"])
        .reset_index(drop=True)
    )


# ---- InfiniBand vs Ethernet ------------------------------------------------------------------------------------

COMPLEMENT = {"infiniband": "ethernet", "ethernet": "infiniband"}
FLIP = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "~": "~"}


def with_complements(shares: pd.DataFrame) -> pd.DataFrame:
    """Reported InfiniBand/Ethernet shares plus, where a report gives one side only, the other as 1 - share,
    with its bound flipped (">66.7% Ethernet" gives "<33.3% InfiniBand") and `derived` True."""
    if shares.empty:
        return shares.assign(derived=pd.Series(dtype=bool))
    two = shares[shares["fabric"].isin(COMPLEMENT)].assign(derived=False)
    report = ["publisher", "segment", "period", "published_on", "kind"]
    have = two.groupby(report, dropna=False)["fabric"].transform(lambda s: ",".join(sorted(set(s))))
    lonely = two[~have.str.contains(",")]
    derived = lonely.assign(
        fabric=lonely["fabric"].map(COMPLEMENT),
        share=1 - lonely["share"],
        value_qualifier=lonely["value_qualifier"].map(lambda q: FLIP.get(q, q) if isinstance(q, str) else q),
        derived=True,
    )
    return pd.concat([two, derived], ignore_index=True)


# ---- technology roadmap ----------------------------------------------------------------------------------------

MIN_GENERATIONS_FOR_FIT = 3  # a doubling time from two points is a ratio, not a trend


def generations(
    points: pd.DataFrame, date: str = "introduced_on", value: str = "bandwidth_gbps", series: str = "series"
) -> pd.DataFrame:
    """`points` with `is_generation`: per series, in date order, a product is a new generation when its bandwidth
    exceeds every earlier one's; a later product at the same or a lower bandwidth (Tomahawk Ultra after
    Tomahawk 5) is a variant, drawn but never fitted."""
    if points.empty:
        return points.assign(is_generation=pd.Series(dtype=bool))
    out = []
    for _, grp in points.sort_values([series, date, value]).groupby(series, sort=False):
        best = float("-inf")
        for idx, v in zip(grp.index, grp[value]):
            out.append((idx, v > best))
            best = max(best, v)
    flags = pd.Series(dict(out))
    return points.assign(is_generation=flags.reindex(points.index).fillna(False).astype(bool))


def doubling_times(points: pd.DataFrame, fit_summary: pd.DataFrame, series: str = "series") -> pd.DataFrame:
    """Per series with at least MIN_GENERATIONS_FOR_FIT generations: generations, first and last, and the fitted
    doubling time in years (from charts.exponential_fit over the generations only)."""
    cols = [series, "generations", "first", "last", "doubling_years"]
    if points.empty or fit_summary.empty:
        return pd.DataFrame(columns=cols)
    gens = points[points["is_generation"]]
    rows = []
    for key, grp in gens.groupby(series):
        if len(grp) < MIN_GENERATIONS_FOR_FIT:
            continue
        fit = fit_summary[fit_summary[series] == key]
        years = fit["doubling_years"].iloc[0] if len(fit) else None
        ordered = grp.sort_values("introduced_on")
        rows.append(
            {
                series: key,
                "generations": len(grp),
                "first": ordered["name"].iloc[0],
                "last": ordered["name"].iloc[-1],
                "doubling_years": years,
            }
        )
    return pd.DataFrame(rows, columns=cols)


# ---- from the consensus marts (marts.consensus, marts.reference_line, marts.consensus_points) -------------------


def from_marts(
    cons: pd.DataFrame, points: pd.DataFrame, *, all_tiers: bool = False
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The marts' consensus and points in the shape the charts and cards read (points: each publisher's latest figure;
    original and press tiers only, or every tier when `all_tiers` (the marts' *_all_tiers figures)."""
    pts = points if all_tiers or points.empty else points[points["in_consensus"].astype(bool)]
    latest = (
        pts.assign(basis=pts["kind"].map(basis), via=pts.get("carrier"))
        if not pts.empty
        else pts.assign(basis=pd.Series(dtype=str))
    )
    cols = [
        "period",
        "period_start",
        "basis",
        "kind",
        "n_publishers",
        "median",
        "low",
        "high",
        "n_bounds",
        "bound_value",
        "bound",
        "reference",
        "reference_qualifier",
        "reference_from",
        "low_tier_publishers",
    ]
    if cons.empty:
        return latest, pd.DataFrame(columns=cols)
    sfx = "_all_tiers" if all_tiers else ""
    median, low, high = cons[f"median_value{sfx}"], cons[f"min_value{sfx}"], cons[f"max_value{sfx}"]
    only_bounds = median.isna()
    lower, upper = cons["strongest_lower_bound"], cons["strongest_upper_bound"]
    frame = pd.DataFrame(
        {
            "period": cons["period"],
            "period_start": cons["period_start"],
            "basis": cons["kind"].map(basis),
            "kind": cons["kind"],
            "n_publishers": cons["all_publishers"] if all_tiers else cons["publishers"],
            "median": median,
            "low": low,
            "high": high,
            "n_bounds": cons["bounds"],
            "bound_value": lower.where(only_bounds & lower.notna(), upper.where(only_bounds)),
            "bound": pd.Series(None, index=cons.index, dtype=object)
            .mask(only_bounds & lower.notna(), "lower")
            .mask(only_bounds & lower.isna() & upper.notna(), "upper"),
            "reference": cons["reference"],
            "reference_qualifier": cons["reference_qualifier"],
            "reference_from": cons["reference_basis"].map(
                {"latest_actual": "actual", "latest_estimate": "estimate", "median_forecast": "median_forecast"}
            ),
            "low_tier_publishers": cons["low_tier_publishers"],
        }
    )
    return latest, frame.sort_values(["period_start", "kind"]).reset_index(drop=True)
