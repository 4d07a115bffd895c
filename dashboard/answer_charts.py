"""Charts that do not lie (pure: frames in, plotly figures out).

- one series (one definition) per chart, one period basis per axis, on a date axis: a missing period is a
  gap, never a point joined across it;
- the publishers' latest figures as points; bounds as triangles (up: at least, down: at most), never joined
  by a line; approximate figures as open markers; actuals as diamonds;
- the range of the publishers' latest forecasts (min to max) as a shaded bar per period, and the reference
  line (marts.reference_line's rule) through the periods that have one;
- readable ticks: money in billions or millions with the unit in the axis title, counts in millions or
  thousands, shares in percent; a flat series keeps zero on the axis (no "1.500000001B" ticks);
- the legend: the top publishers and "others".
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from dashboard import answers
from dashboard.charts import HEIGHT, _style
from dashboard.i18n import current, t, unit_name

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22")
OTHERS_COLOUR = "#9e9e9e"
STEP_MONTHS = {"annual": 12, "half_yearly": 6, "quarterly": 3, "monthly": 1}


def scale(unit: str | None, values: pd.Series) -> tuple[float, str]:
    """(divisor, axis unit text) so that ticks read "12.5" with "USD bn" in the title, not "12.5B" or "1.25e10"."""
    top = float(values.abs().max()) if len(values.dropna()) else 0.0
    zh = current() == "zh-TW"
    if unit == "USD":
        if zh:
            return (1e8, "億美元") if top >= 1e8 else ((1e4, "萬美元") if top >= 1e5 else (1.0, "美元"))
        return (1e9, "USD bn") if top >= 1e9 else ((1e6, "USD M") if top >= 1e6 else (1.0, "USD"))
    if unit == "share":
        return 1.0, "%"
    if unit in ("units", "ports", "count", "gpus", "systems"):
        word = unit_name(unit)
        if zh:
            return (1e4, f"萬{word}") if top >= 1e5 else (1.0, word)
        return (1e6, f"M {word}") if top >= 1e6 else ((1e3, f"k {word}") if top >= 1e4 else (1.0, word))
    return 1.0, unit_name(unit) if unit else ""


def symbol(basis: str, qualifier) -> str:
    """Marker of one figure: triangle-up a lower bound, triangle-down an upper bound, diamond an actual, circle a
    forecast; open when approximate (~)."""
    b = answers.bound(qualifier)
    if b == "lower":
        return "triangle-up"
    if b == "upper":
        return "triangle-down"
    shape = "diamond" if basis == "actual" else "circle"
    return f"{shape}-open" if qualifier == "~" else shape


def _gapped(xs: list, ys: list, series_kind: str | None) -> tuple[list, list]:
    """Insert a break (None) where consecutive periods are further apart than one step: gaps stay gaps."""
    step = STEP_MONTHS.get(series_kind or "", 12)
    out_x, out_y = [], []
    for i, (x, y) in enumerate(zip(xs, ys)):
        if i and (x.year * 12 + x.month) - (xs[i - 1].year * 12 + xs[i - 1].month) > step:
            out_x.append(None)
            out_y.append(None)
        out_x.append(x)
        out_y.append(y)
    return out_x, out_y


def _period_ticks(fig: go.Figure, periods: pd.DataFrame, max_ticks: int = 8) -> None:
    """Ticks at the periods' starts, labelled as the periods ("2025", "2025Q3"), at most max_ticks of them."""
    periods = periods.drop_duplicates("period").sort_values("period_start")
    every = max(1, -(-len(periods) // max_ticks))
    shown = periods.iloc[::every]
    fig.update_xaxes(
        tickmode="array", tickvals=list(shown["period_start"]), ticktext=list(shown["period"]), hoverformat="%Y-%m-%d"
    )


def consensus_figure(
    points: pd.DataFrame,
    cons: pd.DataFrame,
    unit: str | None,
    series_kind: str | None,
    *,
    earlier: pd.DataFrame | None = None,
    height: int = HEIGHT,
) -> go.Figure:
    """One series: the publishers' latest figures, the range of their forecasts per period and the reference line.

    `points`, `cons`: answers.from_marts of one series (each publisher's latest figure per period; the consensus
    and reference point per period); `earlier`: older vintages drawn faint (optional).
    """
    fig = go.Figure()
    all_values = (
        pd.concat([points["value"], cons["high"].dropna(), cons["reference"].dropna()])
        if len(points)
        else pd.Series(dtype=float)
    )
    div, unit_text = scale(unit, all_values)
    pct = unit == "share"
    k = 100.0 if pct else 1.0
    width_ms = 1000 * 3600 * 24 * 30 * STEP_MONTHS.get(series_kind or "", 12) * 0.55

    rng = cons[(cons["basis"] == "forecast") & cons["low"].notna() & (cons["high"] > cons["low"])]
    if not rng.empty:
        fig.add_trace(
            go.Bar(
                x=rng["period_start"],
                y=(rng["high"] - rng["low"]) / div * k,
                base=rng["low"] / div * k,
                width=width_ms,
                marker=dict(color="rgba(31,119,180,0.18)", line=dict(width=0)),
                name=t("answers.range"),
                customdata=rng[["period", "n_publishers"]],
                offset=-width_ms / 2,
                hovertemplate=t("answers.range_hover") + "<extra></extra>",
            )
        )

    ref = cons.dropna(subset=["reference"]).drop_duplicates("period").sort_values("period_start")
    if not ref.empty:
        xs, ys = _gapped(list(ref["period_start"]), list(ref["reference"] / div * k), series_kind)
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                connectgaps=False,
                name=t("answers.reference_line"),
                line=dict(color="#333333", width=2),
                hoverinfo="skip",
            )
        )

    if earlier is not None and not earlier.empty:
        fig.add_trace(
            go.Scatter(
                x=earlier["period_start"],
                y=earlier["value"] / div * k,
                mode="markers",
                name=t("answers.earlier_vintages"),
                marker=dict(
                    symbol=[symbol(answers.basis(kd), q) for kd, q in zip(earlier["kind"], earlier["value_qualifier"])],
                    size=8,
                    color="#bdbdbd",
                ),
                customdata=_custom(earlier),
                hovertemplate=_hover(pct),
            )
        )

    if "in_consensus" in points and not points["in_consensus"].astype(bool).all():
        low = points[~points["in_consensus"].astype(bool)]
        points = points[points["in_consensus"].astype(bool)]
        fig.add_trace(
            go.Scatter(
                x=low["period_start"],
                y=low["value"] / div * k,
                mode="markers",
                name=t("answers.low_tier_points"),
                marker=dict(
                    symbol=[symbol(answers.basis(kd), q) for kd, q in zip(low["kind"], low["value_qualifier"])],
                    size=10,
                    color="#ffffff",
                    line=dict(width=1.5, color="#8c564b"),
                ),
                customdata=_custom(low),
                hovertemplate=_hover(pct),
            )
        )
    shown = answers.top_publishers(points).sort_values("is_other", kind="stable")
    for i, (name, grp) in enumerate(shown.groupby("legend", sort=False)):
        colour = OTHERS_COLOUR if grp["is_other"].iloc[0] else PALETTE[i % len(PALETTE)]
        fig.add_trace(
            go.Scatter(
                x=grp["period_start"],
                y=grp["value"] / div * k,
                mode="markers",
                name=name,
                marker=dict(
                    symbol=[symbol(answers.basis(kd), q) for kd, q in zip(grp["kind"], grp["value_qualifier"])],
                    size=12,
                    color=colour,
                    line=dict(width=1.5, color=colour),
                ),
                customdata=_custom(grp),
                hovertemplate=_hover(pct),
            )
        )

    _period_ticks(fig, pd.concat([points[["period", "period_start"]], cons[["period", "period_start"]]]))
    fig.update_yaxes(title_text=unit_text, rangemode="tozero", tickformat=",.3~f", separatethousands=True)
    _style(fig, height)
    fig.update_layout(barmode="overlay")
    return legend_below(fig, height)


def legend_below(fig: go.Figure, height: int) -> go.Figure:
    """The legend under the plot, the figure taller by its rows: on a phone (420 px) a legend on top ran into the
    tool bar and squeezed the plot."""
    entries = sum(1 for tr in fig.data if tr.showlegend is not False)
    fig.update_layout(
        height=height + 22 * -(-entries // 2),
        legend=dict(font=dict(size=11), orientation="h", yref="paper", yanchor="top", y=-0.12, x=0, xanchor="left"),
        margin=dict(l=10, r=10, t=30, b=10),
    )
    return fig


def _custom(df: pd.DataFrame) -> list:
    return [
        [p, d, t_kind(kd), answers.bound_text(q), v if isinstance(v, str) else "", per]
        for p, d, kd, q, v, per in zip(
            df["publisher"],
            [answers.row_vintage(r) for _, r in df.iterrows()],
            df["kind"],
            df["value_qualifier"],
            df["via"] if "via" in df else [""] * len(df),
            df["period"],
        )
    ]


def t_kind(kind) -> str:
    from dashboard.i18n import t_or

    return t_or(f"kind.{kind}", str(kind))


def _hover(pct: bool) -> str:
    value = "%{y:.1f}%" if pct else "%{y:,.3~f}"
    return (
        "<b>%{customdata[0]}</b> · %{customdata[5]}<br>"
        + value
        + " %{customdata[3]} · %{customdata[2]}<br>"
        + t("answers.vintage")
        + " %{customdata[1]}<br>%{customdata[4]}<extra></extra>"
    )


def revision_figure(trail: pd.DataFrame, unit: str | None, height: int = HEIGHT) -> go.Figure:
    """One forecast target over its vintages: a line per publisher through the figure of each publication date
    (two figures of one date, a range's ends, are points of that date, not a revision); bounds as triangles."""
    fig = go.Figure()
    div, unit_text = scale(unit, trail["value"])
    k = 100.0 if unit == "share" else 1.0
    for i, (publisher, grp) in enumerate(trail.groupby("publisher", sort=False)):
        colour = PALETTE[i % len(PALETTE)]
        per_date = grp.groupby("published_on", as_index=False)["value"].median().sort_values("published_on")
        fig.add_trace(
            go.Scatter(
                x=per_date["published_on"],
                y=per_date["value"] / div * k,
                mode="lines",
                line=dict(color=colour, width=2),
                name=publisher,
                legendgroup=publisher,
                hoverinfo="skip",
            )
        )
        fig.add_trace(
            go.Scatter(
                x=grp["published_on"],
                y=grp["value"] / div * k,
                mode="markers",
                showlegend=False,
                legendgroup=publisher,
                marker=dict(symbol=[symbol("forecast", q) for q in grp["value_qualifier"]], size=12, color=colour),
                customdata=_custom(grp),
                hovertemplate=_hover(unit == "share"),
            )
        )
    fig.update_xaxes(hoverformat="%Y-%m-%d", tickformat="%Y-%m", title_text=t("answers.vintage_axis"))
    fig.update_yaxes(title_text=unit_text, rangemode="tozero", tickformat=",.3~f")
    return legend_below(_style(fig, height), height)


def share_figure(shares: pd.DataFrame, series_kind: str | None, height: int = HEIGHT) -> go.Figure:
    """InfiniBand and Ethernet shares (0-1) on a percent axis, one period basis: reported figures filled, derived
    complements open with '(derived)' in the legend; bounds as triangles; a dotted guide per fabric breaks at gaps."""
    from dashboard.charts import FABRIC_COLOURS

    fig = go.Figure()
    for (fabric, derived), grp in shares.sort_values("period_start").groupby(["fabric", "derived"], sort=True):
        colour = FABRIC_COLOURS.get(fabric, "#7f7f7f")
        name = answers.fabric_title(fabric) + (f" {t('share.derived_suffix')}" if derived else "")
        # here fill says one thing only, as the caption does: filled as reported, open derived (bounds too); an
        # approximate figure keeps its "~" in the hover, not an open marker that would read as derived
        symbols = [
            symbol("actual" if k in answers.ACTUAL_KINDS else "forecast", q).removesuffix("-open")
            + ("-open" if derived else "")
            for k, q in zip(grp["kind"], grp["value_qualifier"])
        ]
        per = grp.groupby("period_start", as_index=False)["share"].median()
        xs, ys = _gapped(list(per["period_start"]), list(per["share"] * 100), series_kind)
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                connectgaps=False,
                showlegend=False,
                hoverinfo="skip",
                line=dict(color=colour, width=1, dash="dot"),
            )
        )
        fig.add_trace(
            go.Scatter(
                x=grp["period_start"],
                y=grp["share"] * 100,
                mode="markers",
                name=name,
                marker=dict(symbol=symbols, size=13, color=colour, line=dict(width=2, color=colour)),
                customdata=_custom(grp),
                hovertemplate=_hover(True),
            )
        )
    _period_ticks(fig, shares[["period", "period_start"]])
    fig.update_yaxes(title_text=t("share.axis"), range=[0, 100], ticksuffix="%")
    return legend_below(_style(fig, height), height)


LABEL_CHARS = 30  # a category label on a phone (420 px) leaves room for the plot; the full name is on hover


def _short_unique(names: list[str], n: int = LABEL_CHARS) -> list[str]:
    """Names cut to `n` characters ("…" marks a cut), numbered where two cut names meet (a category axis would
    merge them)."""
    cut = [x if len(x) <= n else x[: n - 1].rstrip() + "…" for x in map(str, names)]
    seen: dict[str, int] = {}
    out = []
    for c in cut:
        seen[c] = seen.get(c, 0) + 1
        out.append(c if seen[c] == 1 else f"{c} ({seen[c]})")
    return out


def disclosure_figure(rows: pd.DataFrame, *, log_x: bool = False, height: int | None = None) -> go.Figure:
    """One kind of cloud disclosure (one unit): a horizontal marker per deployment, bounds as triangles pointing
    the way the bound goes (▶ at least, ◀ at most), newest first within a provider."""
    rows = rows.sort_values(["provider", "disclosed_on"])
    full = [d if str(d).startswith(str(p)) else f"{p} · {d}" for p, d in zip(rows["provider"], rows["deployment"])]
    labels = _short_unique(full)
    symbols = [
        "triangle-right"
        if answers.bound(q) == "lower"
        else "triangle-left"
        if answers.bound(q) == "upper"
        else ("circle-open" if q == "~" else "circle")
        for q in rows["value_qualifier"]
    ]
    unit = rows["unit"].iloc[0]
    fig = go.Figure(
        go.Scatter(
            x=rows["value"],
            y=labels,
            mode="markers",
            marker=dict(symbol=symbols, size=12, color="#1f77b4"),
            customdata=[
                [p, answers.vintage(d), answers.bound_text(q), name]
                for p, d, q, name in zip(rows["publisher"], rows["disclosed_on"], rows["value_qualifier"], full)
            ],
            hovertemplate="%{customdata[3]}<br>%{x:,.4~g} "
            + unit_name(unit)
            + " %{customdata[2]}<br>%{customdata[0]}, "
            "%{customdata[1]}<extra></extra>",
            showlegend=False,
        )
    )
    fig.update_xaxes(type="log" if log_x else "linear", title_text=unit_name(unit), rangemode="tozero")
    fig.update_yaxes(categoryorder="array", categoryarray=labels[::-1], automargin=True)
    return _style(fig, height or max(260, 26 * len(rows) + 100))


def bounded_points(
    df: pd.DataFrame,
    x: str,
    y: str,
    qualifier: str,
    color: str | None,
    labels: dict[str, str],
    *,
    hover: list[str] | None = None,
    height: int = HEIGHT,
    precision: str | None = None,
) -> go.Figure:
    """Dated figures as points, never joined: exact ones as circles, lower bounds as ▲, upper bounds as ▼,
    approximate ones open; one colour per `color` value. With `precision` (a column of day/month/quarter/half/year)
    the hover prints each date as precisely as its source gives it ("2026", not 2026-01-01)."""
    fig = go.Figure()
    groups = df.groupby(color, sort=False, dropna=False) if color else [(None, df)]
    for i, (name, grp) in enumerate(groups):
        symbols = [symbol("actual", q).replace("diamond", "circle") for q in grp[qualifier]]
        text = [
            " · ".join(str(grp[h].iloc[j]) for h in (hover or []) if h in grp) + " " + answers.bound_text(q)
            for j, q in enumerate(grp[qualifier])
        ]
        fig.add_trace(
            go.Scatter(
                x=grp[x],
                y=grp[y],
                mode="markers",
                name=str(name) if name is not None else "",
                marker=dict(symbol=symbols, size=13, color=PALETTE[i % len(PALETTE)]),
                text=text,
                customdata=[answers.date_label(d, p) for d, p in zip(grp[x], grp[precision])] if precision else None,
                hovertemplate=("%{customdata}" if precision else "%{x|%Y-%m-%d}")
                + ": %{y:,}<br>%{text}<extra></extra>",
            )
        )
    fig.update_yaxes(title_text=labels.get(y, y), rangemode="tozero")
    # numeric months on the axis: plotly's default ticks name months in English ("Jul 2024"), also in zh-TW
    fig.update_xaxes(hoverformat="%Y-%m-%d", tickformat="%Y-%m")
    return legend_below(_style(fig, height, labels.get(color) if color else None), height)
