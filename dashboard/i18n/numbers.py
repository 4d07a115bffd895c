"""Numbers for the reader (pure: value, unit and language in, text out).

English groups large figures in thousands (k, M, B, T: "$3.2 B", "2 M ports"); Traditional Chinese
in ten-thousands (萬 1e4, 億 1e8, 兆 1e12: "32 億美元", "3,500 萬個埠"), as Chinese press and
reports write them. Shares are percentages with at most one decimal in both. `format_exact` gives
the unrounded value for a tooltip.
"""

from __future__ import annotations

import math

SIGNIFICANT = 3
# unit -> what follows a number in zh-TW (a measure word where Chinese uses one)
ZH_UNITS = {"USD": "美元", "units": "個", "ports": "個埠", "count": "個", "gpus": "顆 GPU", "systems": "套系統"}
COUNT_UNITS = ("units", "ports", "count", "gpus", "systems")
EN_STEPS = ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k"))
ZH_STEPS = ((1e12, "兆"), (1e8, "億"), (1e4, "萬"))


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or value != value


def significant(x: float, digits: int = SIGNIFICANT) -> str:
    """x to `digits` significant figures with thousands separators and no trailing zeros: 3500 -> "3,500", 12.94 -> "12.9"."""
    if x == 0:
        return "0"
    places = digits - 1 - math.floor(math.log10(abs(x)))
    rounded = round(x, places)
    text = f"{rounded:,.{max(places, 0)}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def format_share(value: float, qualifier: str = "") -> str:
    """0.355 -> "35.5%", 0.8 -> "80%" (the same in both languages)."""
    pct = f"{value * 100:.1f}".rstrip("0").rstrip(".")
    return f"{qualifier}{pct}%"


def format_amount(value, unit: str | None, lang: str = "en", qualifier: str | None = None) -> str:
    """A figure for a headline or a card: "$3.2 B" / "32 億美元", "2 M ports" / "200 萬個埠", "35.5%"."""
    if _missing(value):
        return "—"
    q = qualifier if isinstance(qualifier, str) else ""
    v = float(value)
    if unit == "share":
        return format_share(v, q)
    if lang == "zh-TW":
        return _zh(v, unit, q)
    return _en(v, unit, q)


def _en(v: float, unit: str | None, q: str) -> str:
    if unit == "USD":
        for div, suffix in EN_STEPS:
            if abs(v) >= div:
                return f"{q}${v / div:,.3g} {suffix}"
        return f"{q}${v:,.4g}"
    if unit in COUNT_UNITS:
        for div, suffix in EN_STEPS[1:]:
            if abs(v) >= div:
                return f"{q}{v / div:,.3g} {suffix} {unit or ''}".strip()
    return f"{q}{significant(v, 4)} {unit or ''}".strip()  # 51,200 Gbps, never 5.12e+04


def _zh(v: float, unit: str | None, q: str) -> str:
    if unit in ZH_UNITS or unit is None:
        word = ZH_UNITS.get(unit or "", "")
        for div, step in ZH_STEPS:
            if abs(v) >= div:
                return f"{q}{significant(v / div)} {step}{word}"
        number = f"{v:,.0f}" if v == int(v) else significant(v, 4)
        return f"{q}{number} {word}".strip()
    return f"{q}{significant(v, 4)} {unit}".strip()


def format_exact(value, unit: str | None, lang: str = "en") -> str:
    """The unrounded figure for a tooltip: "1,290,000,000 USD" / "1,290,000,000 美元", "0.355 (35.5%)"."""
    if _missing(value):
        return "—"
    v = float(value)
    if unit == "share":
        return f"{v:g} ({format_share(v)})"
    number = f"{v:,.0f}" if v == int(v) else f"{v:,.6g}"
    word = ZH_UNITS.get(unit or "", unit or "") if lang == "zh-TW" else (unit or "")
    return f"{number} {word}".strip()
