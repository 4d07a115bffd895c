"""Periods and dates as press releases write them, turned into the project's period strings.

"in 2024" -> 2024, "1Q24" -> 2024Q1, "2H25" -> 2025H2, "over the next five years" (said in 2025)
-> 2025-2029, "fiscal 2025" -> FY2025 (fiscal calendars differ by company, so no calendar dates),
"2024年第三季" -> 2024Q3. Dates for events: "June 11, 2025", "11 June 2025", "2025-06-11", "Jun 2025".
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from sources.periods import period_bounds
from sources.parsers.common.units import WORD_NUMBER, normalize_text, word_number

MONTHS = {m: i + 1 for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"])}
MONTH_RE = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
            r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_CJK_ORDINAL = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
_YEAR = r"(?:19|20)\d\d"


@dataclass(frozen=True)
class PeriodMention:
    label: str                    # period string: 2024, 2024Q3, 2024H2, 2024-07, 2025-2029, FY2025, FY2026Q1
    start: int                    # character span in the text it was found in
    end: int
    first_day: dt.date | None     # calendar bounds (None for fiscal periods)
    last_day: dt.date | None
    horizon: bool = False         # "by 2028", "next five years": a target, read as forward-looking


def month_number(name: str) -> int:
    return MONTHS[next(m for m in MONTHS if m.startswith(name.lower()[:3]))]


def _year(text: str) -> int:
    y = int(text)
    return y + 2000 if y < 100 else y


def _calendar(label: str) -> tuple[dt.date | None, dt.date | None]:
    try:
        return period_bounds(label)
    except ValueError:
        return None, None


def find_periods(text: str, published_on: dt.date | None = None) -> list[PeriodMention]:
    """Every period expression in `text`, longest match first where they overlap, in text order."""
    s = normalize_text(text)
    found: list[PeriodMention] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match, label: str, horizon: bool = False, group: int = 0) -> None:
        a, b = m.span(group)
        if any(a < e and b > st for st, e in taken):
            return
        taken.append((a, b))
        first, last = _calendar(label)
        found.append(PeriodMention(label, a, b, first, last, horizon))

    # Fiscal periods first: "first quarter of fiscal 2026", "Q1 FY26", "fiscal 2025".
    for m in re.finditer(r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+of\s+fiscal\s+(?:year\s+)?(" + _YEAR + r")", s, re.I):
        add(m, f"FY{_year(m.group(2))}Q{_ORDINAL[m.group(1).lower()]}")
    for m in re.finditer(r"\bQ([1-4])\s*(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?'?)(\d{2,4})\b", s, re.I):
        add(m, f"FY{_year(m.group(2))}Q{m.group(1)}")
    for m in re.finditer(r"\bFY\s?'?(\d{2,4})\s*Q([1-4])\b", s, re.I):
        add(m, f"FY{_year(m.group(1))}Q{m.group(2)}")
    # Chinese fiscal quarters: "2026財年第一季", "FY2026第1季", "2026會計年度第1季度".
    for m in re.finditer(r"(?:FY\s?'?(\d{2,4})|(" + _YEAR + r")\s*(?:財年|财年|會計年度|会计年度))\s*(?:第\s*([一二三四1-4])\s*季|Q([1-4]))", s, re.I):
        add(m, f"FY{_year(m.group(1) or m.group(2))}Q{_CJK_ORDINAL[m.group(3) or m.group(4)]}")
    for m in re.finditer(r"(" + _YEAR + r")\s*(?:財年|财年|會計年度|会计年度)|(?:財年|财年)\s*(" + _YEAR + r")", s):
        add(m, f"FY{m.group(1) or m.group(2)}")
    for m in re.finditer(r"\b(?:fiscal\s+(?:year\s+)?|FY\s?'?)(" + _YEAR + r"|\d\d)\b", s, re.I):
        add(m, f"FY{_year(m.group(1))}")
    # Ranges: "from 2025 to 2029", "between 2026 and 2028", "2023-2027".
    for m in re.finditer(r"\b(?:from|between)\s+(" + _YEAR + r")\s+(?:to|and|through)\s+(" + _YEAR + r")\b", s, re.I):
        add(m, f"{m.group(1)}-{m.group(2)}", horizon=int(m.group(2)) > int(m.group(1)))
    # Chinese ranges: "2025至2029年", "2025年至2029年", "2020到2025年", "2025~2029年".
    for m in re.finditer(r"(?<![\d.])(" + _YEAR + r")\s*年?\s*(?:至|到|~|～)\s*(" + _YEAR + r")\s*年?", s):
        if int(m.group(2)) > int(m.group(1)):
            add(m, f"{m.group(1)}-{m.group(2)}")
    for m in re.finditer(r"(?<![\d.])(" + _YEAR + r")\s*(?:-|to|through)\s*(" + _YEAR + r")(?![\d])", s):
        if int(m.group(2)) > int(m.group(1)):
            add(m, f"{m.group(1)}-{m.group(2)}")
    # Relative horizons, anchored on the published date.
    if published_on:
        y = published_on.year
        for m in re.finditer(r"\b(?:over|in|within|during)\s+the\s+(?:next|coming)\s+(\d+|" + WORD_NUMBER + r")\s+years\b", s, re.I):
            n = int(m.group(1)) if m.group(1).isdigit() else word_number(m.group(1))
            add(m, f"{y}-{y + n - 1}", horizon=True)
        for m in re.finditer(r"未來\s*([一二三四五六七八九十\d]+)\s*年|未来\s*([一二三四五六七八九十\d]+)\s*年", s):
            raw = m.group(1) or m.group(2)
            n = int(raw) if raw.isdigit() else "一二三四五六七八九十".index(raw) + 1 if len(raw) == 1 else 0
            if n:
                add(m, f"{y}-{y + n - 1}", horizon=True)
        for m in re.finditer(r"(今年|明年|去年)\s*(?:第\s*([一二三四1-4])\s*季|Q([1-4]))", s):
            add(m, f"{y + {'今年': 0, '明年': 1, '去年': -1}[m.group(1)]}Q{_CJK_ORDINAL[m.group(2) or m.group(3)]}")
        for m in re.finditer(r"\b(this|next|last)\s+year\b|今年|明年|去年", s, re.I):
            word = (m.group(1) or m.group(0)).lower()
            add(m, str(y + {"this": 0, "今年": 0, "next": 1, "明年": 1, "last": -1, "去年": -1}[word]))
    # Quarters: "1Q24", "Q3 2024", "Q3'24", "third quarter of 2024", "2024年第三季".
    for m in re.finditer(r"(?<![\w.])([1-4])Q\s?'?(\d{2}|" + _YEAR + r")\b", s):
        add(m, f"{_year(m.group(2))}Q{m.group(1)}")
    for m in re.finditer(r"\bQ([1-4])\s*(?:of\s+)?'?(" + _YEAR + r"|\d{2})\b", s):
        add(m, f"{_year(m.group(2))}Q{m.group(1)}")
    for m in re.finditer(r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(" + _YEAR + r")", s, re.I):
        add(m, f"{m.group(2)}Q{_ORDINAL[m.group(1).lower()]}")
    for m in re.finditer(r"(" + _YEAR + r")\s*年\s*(?:第\s*([一二三四1-4])\s*季|Q([1-4]))", s):
        add(m, f"{m.group(1)}Q{_CJK_ORDINAL[m.group(2) or m.group(3)]}")
    # Halves: "2H25", "H2 2025", "second half of 2025", "2025 下半年".
    for m in re.finditer(r"(?<![\w.])([12])H\s?'?(\d{2}|" + _YEAR + r")\b", s):
        add(m, f"{_year(m.group(2))}H{m.group(1)}")
    for m in re.finditer(r"\bH([12])\s*'?(" + _YEAR + r"|\d{2})\b", s):
        add(m, f"{_year(m.group(2))}H{m.group(1)}")
    for m in re.finditer(r"\b(first|second)\s+half\s+(?:of\s+)?(" + _YEAR + r")", s, re.I):
        add(m, f"{m.group(2)}H{1 if m.group(1).lower() == 'first' else 2}")
    for m in re.finditer(r"(" + _YEAR + r")\s*年?\s*(上|下)半年", s):
        add(m, f"{m.group(1)}H{1 if m.group(2) == '上' else 2}")
    # Months: "July 2024", "2024年7月".
    for m in re.finditer(r"\b(" + MONTH_RE + r")\.?\s+(" + _YEAR + r")\b", s):
        add(m, f"{m.group(2)}-{month_number(m.group(1)):02d}")
    for m in re.finditer(r"(" + _YEAR + r")\s*年\s*(\d{1,2})\s*月", s):
        add(m, f"{m.group(1)}-{int(m.group(2)):02d}")
    # Plain years, with "by 2028" marked as a horizon. Not a year when a unit follows ("2048 GPUs").
    for m in re.finditer(r"(?:\b(by|through|until|till)\s+(?:the\s+end\s+of\s+)?)?(?<![\d.$])(" + _YEAR + r")(?![\d.,]*\d)"
                         r"(?!\s*(?:%|percent|[KMGT]b|[KMGT]B|W\b|ns\b|ports|units|GPUs|members|x\b))", s, re.I):
        add(m, m.group(2), horizon=bool(m.group(1)), group=2)
    found.sort(key=lambda p: p.start)
    return found


# --- dates (events) -----------------------------------------------------------------

_DATE_PATTERNS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"\b(" + _YEAR + r")-(\d{2})-(\d{2})\b"), "ymd"),
    (re.compile(r"\b(" + MONTH_RE + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(" + _YEAR + r")\b"), "mdy"),
    (re.compile(r"\b(\d{1,2})\s+(" + MONTH_RE + r")\.?,?\s+(" + _YEAR + r")\b"), "dmy"),
    (re.compile(r"(" + _YEAR + r")\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"), "ymd"),
    (re.compile(r"\b(" + MONTH_RE + r")\.?,?\s+(" + _YEAR + r")\b"), "my"),
    (re.compile(r"\b(" + _YEAR + r")-(\d{2})\b(?!-)"), "ym"),
)


@dataclass(frozen=True)
class DateMention:
    date: dt.date
    precision: str    # day | month
    start: int
    end: int


def find_dates(text: str) -> list[DateMention]:
    """Calendar dates in text order; month-only dates ('Jun 2025') get the 1st and precision 'month'."""
    s = normalize_text(text)
    out: list[DateMention] = []
    taken: list[tuple[int, int]] = []
    for pat, shape in _DATE_PATTERNS:
        for m in pat.finditer(s):
            a, b = m.span()
            if any(a < e and b > st for st, e in taken):
                continue
            try:
                if shape == "ymd":
                    d, prec = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))), "day"
                elif shape == "mdy":
                    d, prec = dt.date(int(m.group(3)), month_number(m.group(1)), int(m.group(2))), "day"
                elif shape == "dmy":
                    d, prec = dt.date(int(m.group(3)), month_number(m.group(2)), int(m.group(1))), "day"
                elif shape == "my":
                    d, prec = dt.date(int(m.group(2)), month_number(m.group(1)), 1), "month"
                else:
                    d, prec = dt.date(int(m.group(1)), int(m.group(2)), 1), "month"
            except (ValueError, StopIteration):
                continue
            taken.append((a, b))
            out.append(DateMention(d, prec, a, b))
    out.sort(key=lambda d: d.start)
    return out


def parse_date(text: str) -> tuple[dt.date, str] | None:
    """The first date in `text` as (date, precision), or None."""
    dates = find_dates(text)
    return (dates[0].date, dates[0].precision) if dates else None
