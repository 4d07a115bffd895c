"""TOP500 page helpers: ordering of fabric groups and generations, gaps between lists, and the figures.

Pure: frames and labels in, frames or plotly figures out (no Streamlit, no SQL). Group order and
names come from the fabric vocabulary (`sources.fabrics.TOP500_GROUPS`), the
one home of the fabric groups.
"""

from __future__ import annotations

import re

import pandas as pd
import plotly.graph_objects as go

from dashboard import i18n
from dashboard.charts import FABRIC_COLOURS, HEIGHT, _style
from dashboard.i18n import t
from sources.fabrics import TOP500_GROUPS as FABRIC_GROUPS

GROUP_COLOURS = FABRIC_COLOURS
# InfiniBand generations oldest to newest (light to dark green); Ethernet speeds slow to fast (light to dark blue).
IB_ORDER = (
    "InfiniBand (generation not stated)",
    "InfiniBand SDR",
    "InfiniBand DDR",
    "InfiniBand QDR",
    "InfiniBand FDR",
    "InfiniBand EDR",
    "InfiniBand HDR",
    "InfiniBand NDR",
    "InfiniBand XDR",
)
IB_COLOURS = ("#d9d9d9", "#e5f5e0", "#c7e9c0", "#a1d99b", "#74c476", "#41ab5d", "#238b45", "#006d2c", "#00441b")
ETH_COLOURS = {
    "Ethernet (speed not stated)": "#d9d9d9",
    "Fast Ethernet": "#deebf7",
    "1G Ethernet": "#c6dbef",
    "10G Ethernet": "#9ecae1",
    "25G Ethernet": "#6baed6",
    "40G Ethernet": "#4292c6",
    "100G Ethernet": "#2171b5",
    "200G Ethernet": "#08519c",
    "400G Ethernet": "#08306b",
    "RoCE": "#17becf",
    "Slingshot": FABRIC_COLOURS["slingshot"],
}


def percent_title(label: str) -> str:
    """A share column's dictionary label ("Share of the list's systems, 0-1") as the title of a percent axis or
    picker: "Share of the list's systems (%)" (a "0-1" title over % ticks says two things)."""
    return re.sub(r",\s*0-1\.?$", " (%)", str(label))


def group_name(group: str, english: str) -> str:
    """A fabric group's name in the reader's language (catalog top500.group.<id>), else the mapping's label."""
    return i18n.t_or(f"top500.group.{group}", english)


def interconnect_name(name: str) -> str:
    """An InfiniBand generation or Ethernet speed as the reader names it ("10G Ethernet" -> "10G 乙太網路")."""
    return i18n.t_or(f"top500.interconnect.{name}", name)


def group_order(df: pd.DataFrame, column: str = "fabric_group") -> list[str]:
    """Fabric groups present in `df`, in the mapping table's order (unknown ids last)."""
    present = list(dict.fromkeys(df[column].dropna())) if column in df else []
    return [g for g in FABRIC_GROUPS if g in present] + [g for g in present if g not in FABRIC_GROUPS]


def _edition(lst: str) -> int:
    """Half-year index of a list (June = first half, November = second), so consecutive lists differ by 1."""
    year, month = map(int, lst.split("-"))
    return year * 2 + (month > 6)


def missing_lists(lists: pd.Series) -> list[tuple[str, str]]:
    """Where lists are missing between the first and the last: (last list before, first list after)."""
    have = sorted(set(lists.dropna()))
    return [(a, b) for a, b in zip(have, have[1:]) if _edition(b) - _edition(a) > 1]


GAP_COLOUR, GAP_OPACITY = "#555", 0.25


def _shade_gaps(fig: go.Figure, gaps: list[tuple[str, str]]) -> None:
    """Shade each span with no list recorded, and say what the shading means once, in the legend: a label on
    every span overlapped at 420 px, where three spans (2018-11 to 2024-11) lie within a few dozen pixels."""
    for before, after in gaps:
        fig.add_vrect(
            x0=pd.Timestamp(f"{before}-01"),
            x1=pd.Timestamp(f"{after}-01"),
            fillcolor=GAP_COLOUR,
            opacity=GAP_OPACITY,
            layer="above",
            line_width=0,
        )
    if gaps:
        fig.add_trace(
            go.Scatter(
                x=[None],
                y=[None],
                mode="markers",
                name=t("top500.no_list_recorded"),
                marker=dict(symbol="square", size=14, color=GAP_COLOUR, opacity=GAP_OPACITY),
                hoverinfo="skip",
                showlegend=True,
            )
        )


def history_area(history: pd.DataFrame, measure: str, labels: dict[str, str], *, height: int = HEIGHT) -> go.Figure:
    """Stacked area of one share per fabric group over the lists (groups in the mapping's order)."""
    fig = go.Figure()
    data = history.sort_values("list_date")
    for group in group_order(data):
        rows = data[data["fabric_group"] == group]
        name = group_name(group, rows["fabric_label"].iloc[0] if "fabric_label" in rows and len(rows) else group)
        fig.add_trace(
            go.Scatter(
                x=rows["list_date"],
                y=rows[measure],
                name=name,
                mode="lines",
                stackgroup="one",
                line=dict(width=0.5),
                fillcolor=GROUP_COLOURS.get(group),
                line_color=GROUP_COLOURS.get(group),
                customdata=rows[["list", "systems"]].to_numpy(),
                hovertemplate=f"{name}<br>{t('top500.hover_list')} %{{customdata[0]}}<br>%{{y:.1%}} "
                f"({t('top500.hover_systems', systems='%{customdata[1]}')})<extra></extra>",
            )
        )
    fig.update_yaxes(tickformat=".0%", range=[0, 1], title_text=percent_title(labels.get(measure, measure)))
    # the axis spans the lists: the gap labels' text would otherwise stretch a narrow (420 px) axis to 2030
    fig.update_xaxes(
        title_text=labels.get("list_date", "List"), range=[data["list_date"].min(), data["list_date"].max()]
    )
    _shade_gaps(fig, missing_lists(data["list"]))
    return _style(fig, height, labels.get("fabric_group"))


def stacked_bars(
    df: pd.DataFrame, y: str, labels: dict[str, str], order: list[str], colours: dict[str, str], *, height: int = HEIGHT
) -> go.Figure:
    """Stacked bars per list of `y` by interconnect, traces in `order` (bottom first); one bar per list recorded."""
    fig = go.Figure()
    data = df.sort_values("list_date")
    lists = list(dict.fromkeys(data["list"]))
    for name in [o for o in order if o in set(data["interconnect"])]:
        rows = data[data["interconnect"] == name]
        shown = interconnect_name(name)
        fig.add_trace(
            go.Bar(
                x=rows["list"],
                y=rows[y],
                name=shown,
                marker_color=colours.get(name),
                customdata=rows[["systems"]].to_numpy(),
                hovertemplate=f"{shown}<br>{t('top500.hover_list')} %{{x}}<br>%{{y:.1%}} "
                f"({t('top500.hover_systems', systems='%{customdata[0]}')})<extra></extra>",
            )
        )
    fig.update_layout(barmode="stack", bargap=0.15)
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=lists, title_text=labels.get("list", "List"))
    fig.update_yaxes(tickformat=".0%", title_text=percent_title(labels.get(y, y)))
    _style(fig, height)
    # many generations: a vertical legend beside the bars, newest on top as in the stack
    fig.update_layout(
        legend=dict(orientation="v", x=1.02, xanchor="left", y=1, yref="paper", yanchor="top", traceorder="reversed")
    )
    return fig


def ib_generations(generations: pd.DataFrame, y: str, labels: dict[str, str], *, height: int = HEIGHT) -> go.Figure:
    ib = generations[generations["fabric_group"] == "infiniband"]
    return stacked_bars(ib, y, labels, list(IB_ORDER), dict(zip(IB_ORDER, IB_COLOURS)), height=height)


def ethernet_speeds(generations: pd.DataFrame, y: str, labels: dict[str, str], *, height: int = HEIGHT) -> go.Figure:
    eth = generations[generations["fabric_group"].isin(["ethernet", "slingshot"])]
    return stacked_bars(eth, y, labels, list(ETH_COLOURS), ETH_COLOURS, height=height)


def latest_groups(history: pd.DataFrame, lst: str) -> pd.DataFrame:
    """The fabric groups of one list, largest first, with the change since the previous list recorded."""
    one = history[(history["list"] == lst) & (history["systems"] > 0)]
    return one.sort_values("systems", ascending=False).reset_index(drop=True)
