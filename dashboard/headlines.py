"""The Overview's headline cards: what each card shows, chosen by a written rule, and the words under it
(pure: frames in, card dicts out; the page only lays them out).

A card names its definition (the series' title), period, kind, publisher and vintage, and says when its
figure is a bound. Series cards (a market, shipments) show the last completed year's actual and the
current or next year's consensus forecast, never a far-out target, a multi-year total or a single
vendor's figure; SERIES_CARDS says which series each one reads.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import pandas as pd

from dashboard import answers, i18n
from dashboard.i18n import t


@dataclass(frozen=True)
class SeriesCard:
    """A card read from one series: the indicator and the dimensions that pick the series (market-wide only)."""

    indicator: str
    speed_gbps: float | None = None


SERIES_CARDS = (
    SeriesCard("ai_backend_network_revenue"),
    SeriesCard("optics_units_shipped", 800.0),
    SeriesCard("optics_units_shipped", 1600.0),
)
SHARE_INDICATOR = "fabric_revenue_share"
LATEST_CARDS = ("ethernet_switch_revenue", "uec_members", "top500_systems", "nccl_busbw")


@dataclass
class Card:
    title: str
    value: float | None
    unit: str | None
    qualifier: str | None = None
    lines: list[str] = field(default_factory=list)
    label: str = ""  # what the big number is ("2027 consensus forecast")
    series_key: str | None = None  # the series it reads (its rows are the card's sources)


def _kind(kind) -> str:
    return i18n.t_or(f"kind.{kind}", str(kind))


def _source_line(row) -> str:
    bound = answers.bound_text(row["value_qualifier"])
    return t(
        "headlines.source",
        period=row["period"],
        kind=_kind(row["kind"]) + bound,
        publisher=row["publisher"],
        vintage=answers.row_vintage(row),
    )


def choose_series(rows: pd.DataFrame, titles: pd.DataFrame, today: dt.date) -> str | None:
    """The series a card reads: market-wide (no vendor, no customer or vendor segment), not cumulative, annual;
    the one with a forecast for this or next year first, then the most publishers."""
    if titles.empty:
        return None
    wide = rows[
        rows["vendor"].isna()
        & ~rows["segment"].fillna("-").isin(["vendor", "customer"])
        & ~rows["entity_id"].fillna("").str.contains("/")
    ]
    usable = titles[titles["series_key"].isin(set(wide["series_key"])) & (titles["series_kind"] == "annual")]
    if usable.empty:
        return None
    ahead = wide[
        wide["period"].isin([str(today.year), str(today.year + 1)]) & wide["kind"].isin(answers.FORECAST_KINDS)
    ]["series_key"]
    ranked = usable.assign(_ahead=usable["series_key"].isin(set(ahead)))
    return ranked.sort_values(["_ahead", "n_publishers", "n_rows"], ascending=False).iloc[0]["series_key"]


def series_card(
    rows: pd.DataFrame, titles: pd.DataFrame, today: dt.date, consensus: tuple[pd.DataFrame, pd.DataFrame]
) -> Card | None:
    """The card of one series: its consensus forecast for this or next year as the figure, the last completed
    year's actual beneath (or the newest earlier one, dated, or a line saying there is none)."""
    key = choose_series(rows, titles, today)
    if key is None:
        return None
    title = titles.set_index("series_key").at[key, "title"]
    picked = rows[rows["series_key"] == key]
    unit = picked["unit"].iloc[0]
    cons, points = consensus
    latest, frame = answers.from_marts(
        cons[cons["series_key"] == key] if not cons.empty else cons,
        points[points["series_key"] == key] if not points.empty else points,
    )
    head = answers.headline(latest, frame, today)
    lines = []
    actual, forecast = head["actual"], head["forecast"]
    if forecast is not None:
        n = int(forecast["n_publishers"])
        point = forecast["median"] if pd.notna(forecast["median"]) else None
        value = point if point is not None else forecast["bound_value"]
        qualifier = None if point is not None else (">" if forecast["bound"] == "lower" else "<")
        label = (
            t("headlines.forecast_label", year=forecast["period"], n=n)
            if n > 1
            else t(
                "headlines.forecast_one", year=forecast["period"], publisher=head["forecast_rows"]["publisher"].iloc[0]
            )
        )
        pubs = head["forecast_rows"]
        if n == 1:
            lines.append(_source_line(pubs.sort_values("published_on", na_position="first").iloc[-1]))
        else:
            lines.append(
                t(
                    "headlines.consensus_line",
                    n=n,
                    low=i18n.format_amount(forecast["low"], unit, i18n.current()),
                    high=i18n.format_amount(forecast["high"], unit, i18n.current()),
                    vintage=answers.vintage(pubs["published_on"].max()),
                )
            )
    elif actual is not None:
        value, qualifier, label = (
            actual["value"],
            actual["value_qualifier"],
            t("headlines.actual_label", year=actual["period"], kind=_kind(actual["kind"])),
        )
        lines.append(t("answers.no_forecast", this=today.year, next=today.year + 1))
    else:
        return None
    if actual is not None:
        stated = i18n.format_amount(actual["value"], unit, i18n.current(), actual["value_qualifier"])
        if forecast is not None:
            lines.append(
                t("headlines.actual_line", year=actual["period"], kind=_kind(actual["kind"]), value=stated)
                + " "
                + _source_line(actual)
            )
        else:
            lines.append(_source_line(actual))
        if int(actual["period"]) < head["year"]:
            lines.append(t("answers.no_actual_for", year=head["year"]))
    else:
        lines.append(t("answers.no_actual", year=head["year"]))
    return Card(title=title, value=value, unit=unit, qualifier=qualifier, lines=lines, label=label, series_key=key)


def share_card(rows: pd.DataFrame, titles: pd.DataFrame) -> Card | None:
    """Ethernet's (or InfiniBand's) share of the AI back-end network: the newest annual actual, with the other
    side derived (1 - share) and labelled as derived."""
    if rows.empty:
        return None
    annual = rows[
        (rows["series_kind"] == "annual")
        & rows["kind"].isin(answers.ACTUAL_KINDS)
        & rows["fabric"].isin(["ethernet", "infiniband"])
    ]
    if annual.empty:
        return None
    newest = annual.sort_values(["period_start", "published_on"], na_position="first").iloc[-1]
    fabric_name = answers.fabric_title(newest["fabric"])
    title_of = dict(zip(titles["series_key"], titles["title"])) if not titles.empty else {}
    other = answers.COMPLEMENT[newest["fabric"]]
    other_q = (
        answers.FLIP.get(newest["value_qualifier"], newest["value_qualifier"])
        if isinstance(newest["value_qualifier"], str)
        else None
    )
    lines = [
        _source_line(newest),
        t(
            "headlines.derived_line",
            fabric=answers.fabric_title(other),
            value=i18n.format_amount(1 - newest["value"], "share", i18n.current(), other_q),
        ),
    ]
    return Card(
        title=title_of.get(newest["series_key"], fabric_name),
        value=newest["value"],
        unit="share",
        qualifier=newest["value_qualifier"],
        lines=lines,
        label=t("headlines.share_label", fabric=fabric_name, year=newest["period"]),
        series_key=newest["series_key"],
    )


def latest_card(row, title: str, entity_names: dict[str, str] | None = None) -> Card:
    """A card from marts.latest_indicators' row of a series (counts, benchmarks): its headline statement.

    Its label is the subject as the source worded it; in Chinese, the entity's Chinese display name where the
    vocabulary gives one (sources/curated/vocabulary/entity_names.csv, read by `data.entity_names`), since a source's
    English wording ("Worldwide Ethernet switch market") says nothing more than the entity's name there."""
    stated = {
        "period": row.headline_period,
        "kind": row.kind,
        "publisher": row.headline_publisher,
        "published_on": row.headline_published_on,
        "value_qualifier": row.headline_value_qualifier,
        # the vintage as precisely as the source gave it (marts.latest_indicators.headline_published_label)
        "published_label": getattr(row, "headline_published_label", None),
    }
    lines = [_source_line(stated)]
    if bool(getattr(row, "headline_is_previous", False)):
        lines.append(
            t(
                "overview.rule_strongest",
                latest=i18n.format_amount(row.value, row.unit, i18n.current(), row.value_qualifier),
                latest_period=row.period,
                shown=i18n.format_amount(row.headline_value, row.unit, i18n.current(), row.headline_value_qualifier),
                shown_period=row.headline_period,
            )
        )
    return Card(
        title=title,
        value=row.headline_value,
        unit=row.unit,
        qualifier=row.headline_value_qualifier,
        lines=lines,
        label=_subject_label(row, entity_names or {}),
    )


def _subject_label(row, entity_names: dict[str, str]) -> str:
    if i18n.current() != i18n.DEFAULT:
        name = entity_names.get(getattr(row, "entity_id", None))
        if isinstance(name, str) and answers.CJK.search(name):
            return name
    return str(row.subject)
