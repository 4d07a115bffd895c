"""Plotly figure builders (pure: a frame and labels in, a figure out; no Streamlit, no SQL).

Axis titles and legend titles come from the `labels` mapping the caller gets from the data
dictionary, so no page repeats a unit. One look for all charts: white template, legend under the plot.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import plotly.io as pio

from dashboard.i18n import current, t, t_or

HEIGHT = 420
FABRIC_COLOURS = {
    "infiniband": "#76b900",
    "ethernet": "#1f77b4",
    "roce": "#17becf",
    "spectrum-x": "#2ca02c",
    "uec": "#9467bd",
    "nvlink": "#ff7f0e",
    "slingshot": "#8c564b",
    "omni-path": "#e377c2",
    "other": "#7f7f7f",
    "proprietary": "#bcbd22",
    "myrinet": "#ff9896",
    "quadrics": "#c5b0d5",
    "not_stated": "#d9d9d9",
    "tpu-ici": "#d62728",
    "efa": "#bcbd22",
    "not stated": "#c7c7c7",
    "none": "#f0e6d2",
}


# one look for all charts, set once: a template assigned per figure was deep-copied and validated each time
# (0.25 s of the TOP500 page's render)
pio.templates.default = "plotly_white"


# A legend entry's row at a phone's width (420 px), where a legend of long names wraps to one entry per row, and
# what the plot, its tick labels, axis title and margins need above the legend to stay readable.
LEGEND_ROW_PX = 19
ABOVE_LEGEND_PX = 250


def _legend_entries(fig: go.Figure) -> int:
    return len({tr.name for tr in fig.data if tr.showlegend is not False and tr.name})


def _style(fig: go.Figure, height: int = HEIGHT, legend_title: str | None = None) -> go.Figure:
    entries = _legend_entries(fig)
    fig.update_layout(
        # taller when the legend, one entry per row at 420 px (and its title), would leave the plot too little room:
        # plotly then scrolled the legend over the axis title (TOP500's 11 fabric groups)
        height=max(height, ABOVE_LEGEND_PX + LEGEND_ROW_PX * (entries + bool(legend_title))) if entries > 1 else height,
        margin=dict(l=10, r=10, t=40, b=10),
        # the legend under the plot and its axis title: on top, two or more rows ran into the tool bar at 420 px.
        # Anchored to the bottom of the figure (yref container), not at a fraction of the plot's height: plotly then
        # keeps the plot, its tick labels and axis title above the legend however many rows the legend wraps to (at
        # -0.2 of the plot, a legend of one entry per row at 420 px shrank the plot until its title ran into the
        # axis title)
        legend=dict(
            orientation="h",
            yref="container",
            yanchor="bottom",
            y=0,
            xanchor="left",
            x=0,
            title=dict(text=legend_title) if legend_title else None,
        ),
        hoverlabel=dict(align="left"),
    )
    return fig


def _iso_dates(fig: go.Figure, df: pd.DataFrame, x: str) -> go.Figure:
    """Dates on hover as YYYY-MM-DD in every language (plotly's default spells month names in English),
    and ticks as YYYY-MM for readers of other languages than English."""
    if x in df and pd.api.types.is_datetime64_any_dtype(df[x]):
        fig.update_xaxes(hoverformat="%Y-%m-%d")
        if current() != "en":  # tick labels too: "Jan 2024" is English
            fig.update_xaxes(tickformat="%Y-%m")
    return fig


def _keep_order(fig: go.Figure, df: pd.DataFrame, x: str, axis: str = "x") -> go.Figure:
    """Categorical axes in the order of the rows (callers sort periods by date), not of first appearance per trace."""
    values = df[x].dropna() if x in df else pd.Series(dtype=object)
    if values.empty or pd.api.types.is_numeric_dtype(values) or pd.api.types.is_datetime64_any_dtype(values):
        return fig
    if not isinstance(values.iloc[0], str):  # dates held as objects stay on a date axis
        return fig
    order = list(dict.fromkeys(values))
    # period strings ("2024", "2024Q1") would otherwise be read as numbers or dates
    (fig.update_xaxes if axis == "x" else fig.update_yaxes)(type="category", categoryorder="array", categoryarray=order)
    return fig


def fabric_name(code) -> str:
    """A fabric code as the reader names it in a legend ("ethernet" -> "Ethernet" / "乙太網路"): the vocabulary's
    name (sources/curated/vocabulary/fabrics.csv, read from the warehouse), else the catalog's for codes that are no
    fabric term ("none", "not_stated", "tpu-ici"); its colour follows it."""
    if not isinstance(code, str):
        return code
    from dashboard import data  # the warehouse's vocabulary (empty before a refresh)

    return data.vocabulary_names("fabric").get(code) or t_or(f"fabric.{code}", code)


def _colour_map(df: pd.DataFrame, color: str | None) -> dict | None:
    colours = FABRIC_COLOURS | {fabric_name(code): colour for code, colour in FABRIC_COLOURS.items()}
    if color == "fabric" or (color and color in df and set(df[color].dropna()) <= set(colours)):
        return colours
    return None


def line(
    df: pd.DataFrame,
    x: str,
    y: str,
    labels: dict[str, str],
    color: str | None = None,
    *,
    dash: str | None = None,
    symbol: str | None = None,
    log_y: bool = False,
    log_x: bool = False,
    hover: list[str] | None = None,
    markers: bool = True,
    height: int = HEIGHT,
    line_group: str | None = None,
) -> go.Figure:
    """Lines over x; `line_group` draws one line per value (e.g. marts' line_key: one series and vintage)
    even when several lines share a colour."""
    fig = px.line(
        df.sort_values(x),
        x=x,
        y=y,
        color=color,
        line_dash=dash,
        symbol=symbol,
        markers=markers,
        log_y=log_y,
        log_x=log_x,
        labels=labels,
        hover_data=[h for h in (hover or []) if h in df],
        height=height,
        color_discrete_map=_colour_map(df, color),
        line_group=line_group,
    )
    _iso_dates(fig, df, x)
    return _style(fig, height, labels.get(color) if color else None)


def scatter(
    df: pd.DataFrame,
    x: str,
    y: str,
    labels: dict[str, str],
    color: str | None = None,
    *,
    symbol: str | None = None,
    size: str | None = None,
    log_x: bool = False,
    log_y: bool = False,
    hover: list[str] | dict | None = None,
    text: str | None = None,
    height: int = HEIGHT,
) -> go.Figure:
    fig = px.scatter(
        df,
        x=x,
        y=y,
        color=color,
        symbol=symbol,
        size=size,
        log_x=log_x,
        log_y=log_y,
        text=text,
        labels=labels,
        hover_data=hover if isinstance(hover, dict) else [h for h in (hover or []) if h in df],
        height=height,
        color_discrete_map=_colour_map(df, color),
    )
    fig.update_traces(marker=dict(size=10, line=dict(width=1, color="white")))
    if text:
        fig.update_traces(textposition="top center")
    _keep_order(fig, df, x)
    _iso_dates(fig, df, x)
    return _style(fig, height, labels.get(color) if color else None)


def bar(
    df: pd.DataFrame,
    x: str,
    y: str,
    labels: dict[str, str],
    color: str | None = None,
    *,
    barmode: str = "group",
    orientation: str = "v",
    hover: list[str] | None = None,
    text_auto: bool | str = False,
    height: int = HEIGHT,
) -> go.Figure:
    fig = px.bar(
        df,
        x=x,
        y=y,
        color=color,
        barmode=barmode,
        orientation=orientation,
        labels=labels,
        text_auto=text_auto,
        hover_data=[h for h in (hover or []) if h in df],
        height=height,
        color_discrete_map=_colour_map(df, color),
    )
    _keep_order(fig, df, x if orientation == "v" else y, "x" if orientation == "v" else "y")
    return _style(fig, height, labels.get(color) if color else None)


def stacked_area(
    df: pd.DataFrame,
    x: str,
    y: str,
    color: str,
    labels: dict[str, str],
    *,
    share: bool = False,
    bar_x: str | None = None,
    height: int = HEIGHT,
) -> go.Figure:
    """Stacked area of y by color over x; `share=True` stacks to 100% instead.

    With a single period an area has no width: stacked bars over `bar_x` (e.g. the period label) instead.
    """
    data = df.sort_values(x)
    if data[x].nunique() < 2:
        fig = px.histogram(
            data,
            x=bar_x or x,
            y=y,
            color=color,
            labels=labels,
            height=height,
            barnorm="fraction" if share else None,
            color_discrete_map=_colour_map(df, color),
        )
        fig.update_yaxes(title_text=labels.get(y, y))
    else:
        fig = px.area(
            data,
            x=x,
            y=y,
            color=color,
            labels=labels,
            height=height,
            groupnorm="fraction" if share else None,
            color_discrete_map=_colour_map(df, color),
        )
    if share:
        fig.update_yaxes(tickformat=".0%", title_text=t("chart.share_of_total"))
    return _style(fig, height, labels.get(color))


def timeline(
    df: pd.DataFrame,
    date: str,
    lane: str,
    label: str,
    labels: dict[str, str],
    color: str | None = None,
    *,
    hover: list[str] | None = None,
    height: int = HEIGHT,
) -> go.Figure:
    """Dated milestones as markers on one lane per category."""
    fig = px.scatter(
        df,
        x=date,
        y=lane,
        color=color or lane,
        labels=labels,
        hover_name=label,
        hover_data=[h for h in (hover or []) if h in df],
        height=height,
    )
    fig.update_traces(marker=dict(size=13, line=dict(width=1, color="white")))
    fig.update_yaxes(title_text=None)
    _iso_dates(fig, df, date)
    return _style(fig, height, labels.get(color or lane))


def trend(
    df: pd.DataFrame,
    x: str,
    y: str,
    labels: dict[str, str],
    color: str | None,
    fit: pd.DataFrame | None,
    *,
    text: str | None = None,
    height: int = HEIGHT,
) -> go.Figure:
    """Points on a log y axis with fitted exponential trend lines (`fit`: x, y_fit and color columns). A column
    `<x>_label` (the date as precisely as its source gives it: "2022-03", "2026Q4") replaces x in the hover."""
    hover: list[str] | dict = ["name", "vendor", "generation"]
    if f"{x}_label" in df:
        hover = {x: False, f"{x}_label": True, **{h: True for h in hover if h in df}}
        labels = {**labels, f"{x}_label": labels.get(x, x)}
    fig = scatter(df, x, y, labels, color=color, log_y=True, text=text, hover=hover, height=height)
    if fit is not None and not fit.empty:
        for key, grp in fit.groupby(color) if color else [(None, fit)]:
            fig.add_trace(
                go.Scatter(
                    x=grp[x],
                    y=grp["y_fit"],
                    mode="lines",
                    line=dict(dash="dot", width=1.5),
                    name=t("chart.trend_of", series=key) if key else t("chart.trend"),
                    showlegend=True,
                    hoverinfo="skip",
                )
            )
    return fig


def tornado(
    df: pd.DataFrame,
    parameter: str,
    low: str,
    high: str,
    base: float,
    labels: dict[str, str],
    *,
    height: int | None = None,
) -> go.Figure:
    """Horizontal bars from the base value to the low and high outcomes, widest swing on top."""
    data = df.assign(_swing=(df[high] - df[low]).abs()).sort_values("_swing")
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            y=data[parameter],
            x=data[low] - base,
            base=base,
            orientation="h",
            name=labels.get(low, low),
            marker_color="#1f77b4",
        )
    )
    fig.add_trace(
        go.Bar(
            y=data[parameter],
            x=data[high] - base,
            base=base,
            orientation="h",
            name=labels.get(high, high),
            marker_color="#d62728",
        )
    )
    fig.add_vline(x=base, line_width=1, line_color="#444")
    fig.update_layout(barmode="overlay")
    fig.update_xaxes(title_text=labels.get("outcome", ""))
    return _style(fig, height or max(260, 40 * len(data) + 100))


def exponential_fit(df: pd.DataFrame, x: str, y: str, group: str | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Least-squares fit of log2(y) on time: per group, the doubling time in years and the fitted line.

    Returns (summary: group, points, doubling_years; line: x, y_fit, group). Groups with fewer than
    two distinct dates or a flat trend get no doubling time.
    """
    rows, lines = [], []
    groups = df.groupby(group) if group else [(None, df)]
    for key, grp in groups:
        grp = grp.dropna(subset=[x, y])
        grp = grp[grp[y] > 0]
        t = pd.to_datetime(grp[x])
        years = (t - pd.Timestamp("2000-01-01")).dt.days / 365.25
        if years.nunique() < 2:
            rows.append({group or "series": key, "points": len(grp), "doubling_years": None})
            continue
        slope, intercept = np.polyfit(years, np.log2(grp[y].astype(float)), 1)
        rows.append({group or "series": key, "points": len(grp), "doubling_years": 1 / slope if slope > 0 else None})
        span = pd.date_range(t.min(), t.max(), periods=20)
        span_years = (span - pd.Timestamp("2000-01-01")).days / 365.25
        lines.append(
            pd.DataFrame({x: span, "y_fit": 2 ** (intercept + slope * span_years), **({group: key} if group else {})})
        )
    summary = pd.DataFrame(rows)
    return summary, (pd.concat(lines, ignore_index=True) if lines else pd.DataFrame())
