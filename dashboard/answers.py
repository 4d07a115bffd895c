"""From a mart's rows to an answer (pure: frames in, frames out; no Streamlit, no SQL).

- `series_titles`: a human title for every series an analyst can pick (never the pipe-joined key).
- `latest_per_publisher` and `consensus`: per series and period the latest vintage of each publisher,
  actuals and forecasts apart, with n, median, min, max and the reference line (rule below).
- `headline`: what a headline card shows for one series: the last completed year's actual and the
  current or next year's consensus forecast (never a far-out, cumulative or single-vendor figure).
- `conflict_groups`: marts.conflicts grouped by series, largest disagreement first.
- `with_complements`: InfiniBand/Ethernet shares with the other side derived (1 - share), labelled.

The reference line rule, written once (REFERENCE_RULE): for each period, the newest actual (or
estimate) when there is one, else the median of the publishers' latest forecasts.
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
REFERENCE_RULE = "latest actual per period, else the median of the publishers' latest forecasts"
TOP_PUBLISHERS = 8   # legend entries a chart shows; the rest are "others"


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
    """"(lower bound)", "(upper bound)", "(approximate)" or "" in the reader's language."""
    b = bound(qualifier)
    if b != "point":
        return t(f"answers.bound_{b}")
    return t("answers.approximate") if qualifier == "~" else ""


def vintage(published_on) -> str:
    """YYYY-MM-DD, or 'undated' in the reader's language."""
    if published_on is None or pd.isna(published_on):
        return t("answers.undated")
    return f"{pd.Timestamp(published_on):%Y-%m-%d}"


# ---- series titles -------------------------------------------------------------------------------------------

SPEED_GROUP = re.compile(r"^\d+(?:\.\d+)?[gt](?:_\d+(?:\.\d+)?[gt])+(?:_plus)?$")


def _words(code) -> str | None:
    if code is None or (isinstance(code, float) and pd.isna(code)) or str(code) in ("", "-"):
        return None
    code = str(code)
    if SPEED_GROUP.match(code):   # "200g_400g_800g": a group of speeds, "200G + 400G + 800G"
        return " + ".join(p.upper() for p in code.removesuffix("_plus").split("_")) + (" +" if code.endswith("_plus") else "")
    return t_or(f"answers.segment.{code}", code.replace("_", " "))


def _speed(gbps) -> str | None:
    if gbps is None or pd.isna(gbps):
        return None
    gbps = float(gbps)
    return f"{gbps / 1000:g}T" if gbps >= 1000 else f"{gbps:g}G"


def series_titles(rows: pd.DataFrame, entity_names: dict[str, str] | None = None) -> pd.DataFrame:
    """One row per series_key: title (human, in the reader's language), definition, period basis, publishers.

    The title is the entity's name (else the wording most sources use), then what sets the series apart
    (segment, speed, fabric, vendor, region) and its period basis; a title shared by two keys gets the
    distinguishing dimension. Keys never appear.
    """
    cols = ["series_key", "title", "indicator", "definition", "series_kind", "publishers", "n_publishers", "n_rows",
            "first_period", "last_period", "unit"]
    if rows.empty:
        return pd.DataFrame(columns=cols)
    entity_names = entity_names or {}
    out = []
    for key, grp in rows.groupby("series_key", sort=False):
        first = grp.iloc[0]
        kind = first.get("series_kind")
        title = series_title(first, entity_names, grp["subject"].mode().iloc[0], kind)
        publishers = sorted(grp["publisher"].dropna().unique())
        ordered = grp.sort_values("period_start")
        out.append({"series_key": key, "title": title, "indicator": first.get("indicator"),
                    "definition": first.get("definition") if "definition" in grp else None,
                    "series_kind": kind, "publishers": ", ".join(publishers), "n_publishers": len(publishers),
                    "n_rows": len(grp), "first_period": ordered["period"].iloc[0],
                    "last_period": ordered["period"].iloc[-1], "unit": first.get("unit"),
                    "_region": first.get("region")})
    frame = pd.DataFrame(out, columns=cols + ["_region"])
    # two keys, one title: add what tells them apart (the region, else a number; never the key itself)
    dup = frame["title"].duplicated(keep=False)
    if dup.any():
        frame.loc[dup, "title"] = [f"{title} ({_words(region) or t('answers.region_unstated')})"
                                   for title, region in zip(frame.loc[dup, "title"], frame.loc[dup, "_region"])]
        dup = frame["title"].duplicated(keep=False)
        frame.loc[dup, "title"] = [f"{title} [{i + 1}]" for i, title in enumerate(frame.loc[dup, "title"])]
    frame = frame.drop(columns="_region")
    return frame.sort_values(["n_publishers", "n_rows", "title"], ascending=[False, False, True]).reset_index(drop=True)


def fabric_title(code) -> str | None:
    """A fabric as a title writes it: "InfiniBand", "Ethernet" / "乙太網路" (legends keep the codes' own names)."""
    if not isinstance(code, str) or code in ("", "-"):
        return None
    return t_or(f"answers.fabric.{code}", t_or(f"fabric.{code}", code))


def series_title(first, entity_names: dict[str, str], subject: str, kind) -> str:
    """A series' title from one of its rows: the entity's name (else the subject as most sources word it), what
    sets the series apart (segment, speed, fabric, vendor, region) and its period basis."""
    entity = first.get("entity_id")
    name = entity_names.get(entity) if isinstance(entity, str) and "subject:" not in entity else None
    name = name or subject
    vendor = first.get("vendor")
    segment = first.get("segment")
    # a speed group ("200g_400g_800g") is the series' speed; its speed_gbps (the group's first) would mislabel it
    speed = None if isinstance(segment, str) and SPEED_GROUP.match(segment) else _speed(first.get("speed_gbps"))
    parts = [p for p in (_words(segment), speed, fabric_title(first.get("fabric")),
                         vendor if isinstance(vendor, str) else None,
                         _words(first.get("region")) if first.get("region") not in ("worldwide",) else None)
             if p and p.lower() not in name.lower()]
    return name + (f" ({', '.join(parts)})" if parts else "") + f" · {t_or(f'answers.series_kind.{kind}', str(kind))}"


def conflict_titles(conflicts: pd.DataFrame, entity_names: dict[str, str] | None = None) -> dict[str, str]:
    """series_key -> title for marts.conflicts (the period basis is the key's last dimension)."""
    out = {}
    for key, grp in conflicts.groupby("series_key", sort=False):
        first = grp.iloc[0]
        kind = str(key).rsplit("|", 1)[-1] if isinstance(key, str) and "|" in key else None
        out[key] = series_title(first, entity_names or {}, grp["subject"].mode().iloc[0], kind)
    return out


def conflict_tiers(conflicts: pd.DataFrame) -> pd.DataFrame:
    """The source tiers both sides of the conflicts carry (a_tier, b_tier), one row per tier; empty when the
    warehouse has no tiers."""
    if "a_tier" not in conflicts or "b_tier" not in conflicts:
        return pd.DataFrame(columns=["tier"])
    tiers = pd.concat([conflicts["a_tier"], conflicts["b_tier"]]).dropna().drop_duplicates()
    return pd.DataFrame({"tier": sorted(tiers, key=str)})


def with_tiers(conflicts: pd.DataFrame, tiers: pd.DataFrame, picked: list) -> pd.DataFrame:
    """The pairs both of whose sides come from one of the picked tiers."""
    if tiers.empty or not picked:
        return conflicts
    return conflicts[conflicts["a_tier"].isin(picked) & conflicts["b_tier"].isin(picked)]



# ---- latest vintage per publisher, consensus and reference line ------------------------------------------------

def latest_per_publisher(rows: pd.DataFrame) -> pd.DataFrame:
    """Per period, basis (actual/forecast) and publisher: the rows of the newest vintage (undated ones only when
    the publisher has no dated figure). Two figures of one vintage (a range's bounds) both stay."""
    if rows.empty:
        return rows.assign(basis=pd.Series(dtype=str))
    df = rows.assign(basis=rows["kind"].map(basis), _dated=rows["published_on"].notna())
    keys = ["period", "basis", "publisher"]
    newest = df.groupby(keys, dropna=False)["published_on"].transform("max")
    keep = (df["published_on"] == newest) | (newest.isna() & df["published_on"].isna())
    return df[keep].drop(columns="_dated")


def consensus(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per period and basis: n publishers, median/min/max of their latest point figures (bounds apart),
    the strongest bound when only bounds exist, and the reference value of the period (REFERENCE_RULE)."""
    cols = ["period", "period_start", "basis", "n_publishers", "median", "low", "high", "n_bounds", "bound_value",
            "bound", "reference", "reference_qualifier", "reference_from"]
    latest = latest_per_publisher(rows)
    if latest.empty:
        return pd.DataFrame(columns=cols)
    latest = latest.assign(_bound=latest["value_qualifier"].map(bound))
    out = []
    for (period, kind_basis), grp in latest.groupby(["period", "basis"], sort=False):
        # one figure per publisher: the median of a vintage's points (a range's two ends count once)
        points = grp[grp["_bound"] == "point"].groupby("publisher", dropna=False)["value"].median()
        lowers, uppers = grp.loc[grp["_bound"] == "lower", "value"], grp.loc[grp["_bound"] == "upper", "value"]
        row = {"period": period, "period_start": grp["period_start"].min(), "basis": kind_basis,
               "n_publishers": grp["publisher"].nunique(), "median": points.median() if len(points) else None,
               "low": points.min() if len(points) else None, "high": points.max() if len(points) else None,
               "n_bounds": len(lowers) + len(uppers), "bound_value": None, "bound": None}
        if not len(points) and len(lowers):
            row.update(bound_value=lowers.max(), bound="lower")
        elif not len(points) and len(uppers):
            row.update(bound_value=uppers.min(), bound="upper")
        out.append(row)
    frame = pd.DataFrame(out)
    refs = []
    for period, grp in frame.groupby("period", sort=False):
        actual = latest[(latest["period"] == period) & (latest["basis"] == "actual")]
        forecast = grp[grp["basis"] == "forecast"]
        if not actual.empty:
            newest = actual.sort_values("published_on", na_position="first").iloc[-1]
            refs.append((period, newest["value"], newest["value_qualifier"], "actual"))
        elif not forecast.empty and pd.notna(forecast["median"].iloc[0]):
            refs.append((period, forecast["median"].iloc[0], None, "median_forecast"))
        elif not forecast.empty:
            f = forecast.iloc[0]
            refs.append((period, f["bound_value"], ">" if f["bound"] == "lower" else "<", "bound_forecast"))
    ref = pd.DataFrame(refs, columns=["period", "reference", "reference_qualifier", "reference_from"])
    frame = frame.merge(ref, on="period", how="left")
    return frame.sort_values(["period_start", "basis"]).reset_index(drop=True)[cols]


def top_publishers(points: pd.DataFrame, n: int = TOP_PUBLISHERS) -> pd.DataFrame:
    """`points` with `legend`: the publisher for the n with most figures, else 'others' (a legend one can read)."""
    if points.empty:
        return points.assign(legend=pd.Series(dtype=str))
    ranked = points["publisher"].value_counts()
    keep = set(ranked.index[:n])
    others = t("answers.others", n=max(len(ranked) - n, 0))
    is_other = ~points["publisher"].isin(keep)
    return points.assign(legend=[others if o else p for p, o in zip(points["publisher"], is_other)], is_other=is_other)


# ---- headline cards --------------------------------------------------------------------------------------------

def headline(rows: pd.DataFrame, today: dt.date | None = None) -> dict:
    """What a card shows for one annual series: the last completed year's actual (else the newest earlier actual,
    which the card dates) and the consensus forecast for the current year, else the next (never later).

    Returns {"actual": row or None, "forecast": consensus row or None, "forecast_rows": the publishers' rows,
    "year": the last completed year}.
    """
    today = today or dt.date.today()
    last_year, horizon = today.year - 1, (today.year, today.year + 1)
    out = {"actual": None, "forecast": None, "forecast_rows": rows.iloc[0:0], "year": last_year}
    if rows.empty:
        return out
    period = rows["period"].astype(str)
    years = pd.to_numeric(period.where(period.str.fullmatch(r"\d{4}")), errors="coerce")
    annual = rows.assign(_year=years).dropna(subset=["_year"])
    actuals = annual[annual["kind"].isin(ACTUAL_KINDS) & (annual["_year"] <= last_year)]
    if not actuals.empty:
        out["actual"] = actuals.sort_values(["_year", "published_on"], na_position="first").iloc[-1]
    for year in horizon:
        ahead = annual[(annual["_year"] == year) & annual["kind"].isin(FORECAST_KINDS)]
        if not ahead.empty:
            cons = consensus(ahead.drop(columns="_year"))
            out["forecast"] = cons[cons["basis"] == "forecast"].iloc[0]
            out["forecast_rows"] = latest_per_publisher(ahead.drop(columns="_year"))
            break
    return out


def pick_series(titles: pd.DataFrame, *, annual: bool = True) -> str | None:
    """The series a headline reads: market-wide, annual (or the finest non-cumulative basis), most publishers."""
    if titles.empty:
        return None
    usable = titles[titles["series_kind"] != "cumulative"]
    if annual and (usable["series_kind"] == "annual").any():
        usable = usable[usable["series_kind"] == "annual"]
    return usable.iloc[0]["series_key"] if not usable.empty else None


# ---- conflicts -------------------------------------------------------------------------------------------------

def conflict_groups(conflicts: pd.DataFrame, titles: dict[str, str] | None = None) -> pd.DataFrame:
    """One row per series and period of marts.conflicts: title, pairs, publishers, min and max stated value and the
    largest relative difference; biggest disagreement first (date conflicts by days apart, after value ones)."""
    cols = ["title", "period", "conflict_on", "pairs", "publishers", "low", "high", "unit", "largest_difference",
            "days_apart", "series_key", "indicator"]
    if conflicts.empty:
        return pd.DataFrame(columns=cols)
    titles = titles or {}
    out = []
    for (key, period, on), grp in conflicts.groupby(["series_key", "period", "conflict_on"], dropna=False, sort=False):
        values = pd.concat([grp["a_value"], grp["b_value"]]).dropna()
        pubs = sorted(set(grp["a_publisher"].dropna()) | set(grp["b_publisher"].dropna()))
        first = grp.iloc[0]
        out.append({"title": titles.get(key) or first.get("subject") or key, "period": period, "conflict_on": on,
                    "pairs": len(grp), "publishers": ", ".join(pubs),
                    "low": values.min() if len(values) else None, "high": values.max() if len(values) else None,
                    "unit": first.get("unit"), "largest_difference": grp["relative_difference"].max(),
                    "days_apart": grp["days_apart"].max() if "days_apart" in grp else None,
                    "series_key": key, "indicator": first.get("indicator")})
    frame = pd.DataFrame(out, columns=cols)
    return frame.sort_values(["largest_difference", "days_apart"], ascending=False, na_position="last").reset_index(drop=True)


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
    derived = lonely.assign(fabric=lonely["fabric"].map(COMPLEMENT), share=1 - lonely["share"],
                            value_qualifier=lonely["value_qualifier"].map(lambda q: FLIP.get(q, q) if isinstance(q, str) else q),
                            derived=True)
    return pd.concat([two, derived], ignore_index=True)


def language_note() -> str:
    """Which words stay in the source's language."""
    return t("ui.evidence_language") if i18n.current() != i18n.DEFAULT else ""



# ---- technology roadmap ----------------------------------------------------------------------------------------

MIN_GENERATIONS_FOR_FIT = 3   # a doubling time from two points is a ratio, not a trend


def generations(points: pd.DataFrame, date: str = "introduced_on", value: str = "bandwidth_gbps",
                series: str = "series") -> pd.DataFrame:
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
        rows.append({series: key, "generations": len(grp), "first": ordered["name"].iloc[0],
                     "last": ordered["name"].iloc[-1], "doubling_years": years})
    return pd.DataFrame(rows, columns=cols)
