"""Market (question a): one market definition at a time, its actuals and forecasts per publisher with the
consensus (range and reference line), this year and next, and the revision trail of its forecasts."""

import datetime as dt

import pandas as pd
import streamlit as st

from dashboard import answer_charts, answers, components as ui, data, explorer, shape
from dashboard.i18n import t


def _pct(value, signed: bool = False) -> str:
    """A fraction as a percentage ("+60%", "60%"), "—" when there is none (no point forecast scored)."""
    if value is None or pd.isna(value):
        return "—"
    return f"{value:+.0%}" if signed else f"{value:.0%}"


ui.page_header(t("page.market"), t("market.summary"))
ui.question("a")
ui.require_warehouse()

size, size_labels = data.mart("market_size"), ui.labels("marts.market_size")
# money figures; market-wide indicators first (a vendor's own revenue is titled with the vendor, never a card)
money = size[size["unit"] == "USD"] if not size.empty else size
if money.empty:
    ui.empty(t("market.no_figures"))
    st.stop()

catalog = data.indicator_catalog().set_index("indicator")
# the definition the page opens on: the rule of warehouse/sql/dashboard/market_definitions.sql (the market-wide
# definition with most publishers for this year or next), never a key written here
definitions = data.market_definitions(dt.date.today().year)
definitions = definitions[definitions["series_key"].isin(set(money["series_key"]))]
best_rank = definitions.groupby("indicator")["rank"].min() if not definitions.empty else pd.Series(dtype=float)
counts = money["indicator"].value_counts()
vendor_share = money.assign(v=money["vendor"].notna()).groupby("indicator")["v"].mean()
indicators = sorted(counts.index, key=lambda i: (best_rank.get(i, float("inf")), vendor_share[i] > 0.5, -counts[i], i))
indicator = st.selectbox(
    t("market.indicator"),
    indicators,
    key="market_indicator",
    format_func=data.indicator_name,
)
picked = money[money["indicator"] == indicator]
annual_like = picked[picked["series_kind"] != "cumulative"]
cumulative = picked[picked["series_kind"] == "cumulative"]
definition_text = catalog["definition"].get(indicator) if indicator in catalog.index else None

st.subheader(t("market.size_header"))
# the picker's key carries the indicator: switching indicator never keeps a definition of another one
mine = definitions[(definitions["indicator"] == indicator) & (definitions["period_basis"] == "annual")]
series = explorer.explore(
    annual_like,
    f"market_size::{indicator}",
    size_labels,
    unit="USD",
    definition_text=definition_text,
    prefer=mine["series_key"].iloc[0] if not mine.empty else None,
)
if not mine.empty and series == mine["series_key"].iloc[0]:
    top = mine.iloc[0]
    st.caption(
        t(
            "market.default_rule",
            n=int(top["near_publishers"]),
            this=dt.date.today().year,
            next=dt.date.today().year + 1,
        )
    )

# every definition of this indicator beside each other (question a, per publisher): a scope changes what is
# measured, so they are listed side by side, never summed or drawn as one series
side = data.market_side_by_side(indicator, dt.date.today().year)
if side["series_key"].nunique() > 1:
    st.markdown(f"**{t('market.side.header')}**")
    st.caption(t("market.side.caption", n=side["series_key"].nunique(), publishers=side["publisher"].nunique()))
    kinds = {k: answer_charts.t_kind(k) for k in side["kind"].dropna().unique()}
    ui.table(
        shape.side_by_side(
            side,
            # the indicator is picked above: the catalog's definition name (entity, scope, basis) tells them apart
            answers.catalog_titles(side.drop_duplicates("series_key"), "definition_name"),
            kinds,
            {x: t(f"conflicts.tier_value.{x}") for x in side["tier"].dropna().unique()},
        ),
        "market_side_by_side",
        {
            "definition": t("market.side.definition"),
            "publisher": t("market.side.publisher"),
            "tier": t("market.side.tier"),
        },
        # the documents, their dates as the sources gave them ("2025", not 2025-01-01: published_label)
        provenance=ui.provenance_frame(side.assign(published_on=side["published_label"])),
    )

if not cumulative.empty:
    st.markdown(f"**{t('market.cumulative')}**")
    st.caption(t("market.cumulative_caption"))
    ui.table(
        ui.dates_as_text(
            shape.with_hedged_value(cumulative).assign(kind=cumulative["kind"].map(answer_charts.t_kind)),
            ["published_on"],
        ),
        "market_size_cumulative",
        size_labels,
        columns=["subject", "period", "as_stated", "kind", "publisher", "published_on", "url"],
    )

st.subheader(t("market.revisions_header"))
revisions, rev_labels = data.mart("forecast_revisions"), ui.labels("marts.forecast_revisions")
# forecasts only: an estimate of a past year restated later is a correction of an actual, not a forecast revision
revisions = revisions[revisions["kind"].isin(answers.FORECAST_KINDS)] if not revisions.empty else revisions
targets = shape.revision_targets(revisions)
# the revision trail of the market forecast by default: the chosen definition's most revised target, then the other
# market definitions' (in the rule's order), then the indicator's other definitions
rank_of = dict(zip(definitions["series_key"], definitions["rank"]))
if not targets.empty:
    targets = targets.assign(
        _order=[
            0 if k == series else 1 if k in rank_of else 2 if i == indicator else 3
            for k, i in zip(targets["series_key"], targets["indicator"])
        ],
        _rank=targets["series_key"].map(rank_of).fillna(float("inf")),
    )
    targets = targets[targets["_order"] < 3].sort_values(["_order", "_rank"], kind="stable")
if targets.empty:
    ui.empty(t("market.no_revisions_for"))
else:
    if not (targets["series_key"] == series).any():
        st.caption(t("market.no_revisions_in_definition"))
    all_titles = answers.catalog_titles(data.series_catalog())
    described = {
        row.target: t(
            "market.target_label",
            subject=all_titles.get(row.series_key, row.subject),
            period=row.period,
            vintages=row.vintages,
        )
        for row in targets.itertuples()
    }
    target = st.selectbox(
        t("market.forecast_target"),
        list(described),
        format_func=described.get,
        key=f"revision_target::{indicator}::{series}",
        help=t("market.forecast_target_help"),
    )
    shown = shape.target_trails(revisions, target)
    fig = answer_charts.revision_figure(shown, shown["unit"].iloc[0])
    ui.chart(
        fig,
        shown,
        "forecast_revisions",
        rev_labels,
        caption=t("market.revisions_caption", vintages=shown["published_on"].nunique()),
    )

# ---- forecast accuracy scorecard (marts.forecast_accuracy, forecast_accuracy_summary, forecast_targets) ----
if "forecast_accuracy" in data.marts_in_warehouse():
    st.subheader(t("market.scorecard.title"))
    pairs = data.mart("forecast_accuracy")
    targets_passed = data.mart("forecast_targets")
    if pairs.empty:
        ui.empty(t("market.scorecard.empty"))
    else:
        st.caption(t("market.scorecard.caption", pairs=len(pairs)))
        if len(pairs) < 20:
            st.caption(t("market.scorecard.few"))
        summary = data.mart("forecast_accuracy_summary")
        st.markdown(t("market.scorecard.summary"))
        # errors as percentages; a publisher with only bounds scored has no error to show: "—", never "None"
        ui.table(
            summary.assign(
                median_abs_pct_error=[_pct(v) for v in summary["median_abs_pct_error"]],
                bias=[_pct(v, signed=True) for v in summary["bias"]],
                indicator=summary["indicator"].map(data.indicator_name),
            ),
            "forecast_accuracy_summary",
            # the column shows the indicator's name, not its id
            ui.labels("marts.forecast_accuracy_summary") | {"indicator": t("market.indicator")},
            with_sources=False,
            columns=[
                "forecast_publisher",
                "indicator",
                "point_forecasts",
                "median_abs_pct_error",
                "bias",
                "median_horizon_months",
                "bound_forecasts",
                "bounds_held",
            ],
        )
        titles = answers.catalog_titles(data.series_catalog())
        ui.table(
            pairs.assign(series=[titles.get(k, "") for k in pairs["series_key"]]).sort_values(
                "abs_pct_error", ascending=False
            ),
            "forecast_accuracy",
            ui.labels("marts.forecast_accuracy") | {"series": t("conflicts.column.title")},
            with_sources=False,
            columns=[
                "series",
                "period",
                "forecast_publisher",
                "forecast_published_on",
                "forecast_value",
                "actual_value",
                "actual_publisher",
                "signed_pct_error",
                "horizon_months",
                "forecast_url",
                "actual_url",
            ],
        )
    if not targets_passed.empty:
        missing = targets_passed[~targets_passed["has_actual"].astype(bool)]
        st.caption(t("market.scorecard.gaps", missing=len(missing), targets=len(targets_passed)))
        ui.table(
            missing.assign(indicator=missing["indicator"].map(data.indicator_name)),
            "forecast_targets_missing",
            ui.labels("marts.forecast_targets") | {"indicator": t("market.indicator")},
            with_sources=False,
            columns=["indicator", "period", "forecasts", "publisher_list"],
        )
