"""Periods and dates as press releases write them, turned into the project's period strings.

"in 2024" -> 2024, "1Q24" -> 2024Q1, "2H25" -> 2025H2, "over the next five years" (said in 2025)
-> 2025-2029, "fiscal 2025" -> FY2025 (fiscal calendars differ by company, so no calendar dates),
"2024年第三季" -> 2024Q3. Dates for events: "June 11, 2025", "11 June 2025", "2025-06-11", "Jun 2025".

A quarter or year written without its year ("the fourth quarter", "fiscal Q2", "第三季", "本季", "the
fiscal year", "by the end of the year") takes it from around it: the company's fiscal calendar
(`fiscal_end_month`, the last month of its fiscal year: 1 for NVIDIA) and the published date when
known, else the year the text gave before (`context_year`). A period the figure is compared with
("up 56% from fiscal 2024", "compared to the same period last year", 較去年同期) is marked `base`.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from sources.periods import period_bounds
from sources.parsers.common.units import WORD_NUMBER, normalize_text, word_number

MONTHS = {
    m: i + 1
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ]
    )
}
MONTH_RE = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_CJK_ORDINAL = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
_YEAR = r"(?:19|20)\d\d"
# A figure glued to the period before it in a table run together ("MarginQ4 FY202562-63%63.4%").
_GLUED_FIGURE = r"\d{1,2}(?:\.\d+)?(?:-\d{1,2}(?:\.\d+)?)?%"


@dataclass(frozen=True)
class PeriodMention:
    label: str  # period string: 2024, 2024Q3, 2024H2, 2024-07, 2025-2029, FY2025, FY2026Q1
    start: int  # character span in the text it was found in
    end: int
    first_day: dt.date | None  # calendar bounds (None for fiscal periods)
    last_day: dt.date | None
    horizon: bool = False  # "by 2028", "next five years": a target, read as forward-looking
    base: bool = False  # a period a figure is compared with ("from fiscal 2024", "a year ago")
    shift: int = 0  # "a year ago", 去年同期: one year before the period of the figure (-1), else 0


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


_BASE_BEFORE = re.compile(
    r"(?:(?:\bfrom|\bcompared\s+(?:to|with)|\bversus|\bvs\.?|\bover|\bthan|\brelative\s+to|\bsince)\s+"
    r"(?:the\s+)?(?:same\s+period\s+(?:of|in)\s+)?(?:year\s+)?|(?:較|较|相比)\s*)$",
    re.I,
)


def fiscal_bounds(label: str, end_month: int) -> tuple[dt.date | None, dt.date | None]:
    """Calendar bounds of FY2025, FY2025Q4 or FY2025H1 for a fiscal year ending in `end_month` of the
    year the label names (NVIDIA: January; FY2026 is February 2025 to January 2026)."""
    m = re.fullmatch(r"FY(\d{4})(?:Q([1-4])|H([12]))?", label)
    if not m:
        return None, None
    year = int(m.group(1))
    fy_last = dt.date(year, end_month, calendar.monthrange(year, end_month)[1])
    months = 12 if not (m.group(2) or m.group(3)) else 3 if m.group(2) else 6
    index = int(m.group(2) or m.group(3) or 1)
    per_year = 12 // months
    last = _add_months(fy_last, -months * (per_year - index))
    first = _add_months(last, -months + 1).replace(day=1)
    return first, last


def _add_months(d: dt.date, n: int) -> dt.date:
    y, mo = divmod(d.year * 12 + d.month - 1 + n, 12)
    return dt.date(y, mo + 1, calendar.monthrange(y, mo + 1)[1])


def _nearest_quarter(n: int, ref: dt.date, end_month: int | None, which: str = "nearest") -> str:
    """The label of quarter `n` (1-4) nearest `ref`: the fiscal quarter when the fiscal year ends in
    another month than December, else the calendar quarter. `which`: nearest, current, previous, next."""
    fiscal = end_month not in (None, 12)
    em = end_month or 12
    candidates = []
    for y in range(ref.year - 2, ref.year + 3):
        for q in (1, 2, 3, 4):
            label = f"FY{y}Q{q}" if fiscal else f"{y}Q{q}"
            first, last = fiscal_bounds(f"FY{y}Q{q}", em)
            candidates.append((q, label, first, last))
    if which in ("current", "previous", "next"):
        cur = [c for c in candidates if c[2] <= ref <= c[3]]
        if not cur:
            return ""
        i = candidates.index(cur[0]) + {"current": 0, "previous": -1, "next": 1}[which]
        return candidates[i][1]
    same = [c for c in candidates if c[0] == n]
    return min(same, key=lambda c: abs((c[3] - ref).days))[1]


def _shift_quarter(label: str, n: int) -> str | None:
    m = re.fullmatch(r"(FY)?(\d{4})Q([1-4])", label)
    if not m:
        return None
    k = int(m.group(2)) * 4 + int(m.group(3)) - 1 + n
    return f"{m.group(1) or ''}{k // 4}Q{k % 4 + 1}"


def _fiscal_year_of(ref: dt.date, end_month: int | None) -> int:
    em = end_month or 12
    return ref.year if ref.month <= em else ref.year + 1


def find_periods(
    text: str,
    published_on: dt.date | None = None,
    *,
    fiscal_end_month: int | None = None,
    context_year: int | None = None,
    context_fy: int | None = None,
    context_quarter: str | None = None,
) -> list[PeriodMention]:
    """Every period expression in `text`, longest match first where they overlap, in text order.

    `fiscal_end_month` (the company's fiscal calendar), `context_year` (the last calendar year the
    text named) and `context_fy` (the last fiscal year it named) date the periods written without a year.
    """
    s = normalize_text(text)
    found: list[PeriodMention] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match, label: str, horizon: bool = False, group: int = 0, shift: int = 0) -> None:
        a, b = m.span(group)
        if not label or any(a < e and b > st for st, e in taken):
            return
        taken.append((a, b))
        first, last = _calendar(label)
        if first is None and fiscal_end_month and label.startswith("FY"):
            first, last = fiscal_bounds(label, fiscal_end_month)
        base = bool(_BASE_BEFORE.search(s[max(0, a - 40) : a])) or shift != 0
        found.append(PeriodMention(label, a, b, first, last, horizon, base, shift))

    # "自2023年...以來" (since 2023): a starting point, not the figure's period.
    for m in re.finditer(r"(?<=自)\s*(" + _YEAR + r")\s*年?(?=[^，,。；]{0,20}以[來来])", s):
        a, b = m.span(1)
        if not any(a < e and b > st for st, e in taken):
            taken.append((a, b))
            found.append(PeriodMention(m.group(1), a, b, *_calendar(m.group(1)), False, True, 0))
    # Comparisons with a year before: "a year ago", "the same period last year", 去年同期.
    for m in re.finditer(
        r"\b(?:a\s+year\s+(?:ago|earlier)|(?:the\s+)?same\s+(?:period|quarter)\s+(?:of\s+|in\s+)?(?:last|the\s+previous|the\s+prior)\s+year"
        r"|(?:the\s+)?(?:previous|prior)\s+year|last\s+year(?=['’]s)|year[- ]ago(?:\s+(?:period|quarter))?)\b|去年同期|上年同期|較去年|较去年",
        s,
        re.I,
    ):
        add(m, "base-1y", shift=-1)

    # "the third quarter ended October 27, 2024": the quarter that date closes. A quarter that closes
    # off the calendar's quarter ends is a fiscal one, and its end month gives the fiscal calendar
    # (NVIDIA's third quarter ended in October: fiscal year ends in January, FY2025Q3; Cisco's first
    # quarter ended in October: July, FY2025Q1). A date in a month's first week closes the month
    # before (52/53-week years: "the fourth quarter ended January 1, 2023" is calendar 2022Q4).
    for m in re.finditer(
        r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\s+(?:ended|ending)\s+(?:on\s+)?"
        r"(" + MONTH_RE + r")\.?\s+(\d{1,2}),?\s+(" + _YEAR + r")\b",
        s,
        re.I,
    ):
        n, y, month = _ORDINAL[m.group(1).lower()], int(m.group(4)), month_number(m.group(2))
        if int(m.group(3)) <= 7:
            y, month = (y, month - 1) if month > 1 else (y - 1, 12)
        fy_end = fiscal_end_month or ((month - 1 + 3 * (4 - n)) % 12) + 1
        if fy_end == 12:
            add(m, f"{y}Q{n}")
        else:
            add(m, f"FY{_fiscal_year_of(dt.date(y, month, 1), fy_end)}Q{n}")
    # Fiscal periods first: "first quarter of fiscal 2026", "Q1 FY26", "fiscal 2025".
    for m in re.finditer(
        # ("first-quarter fiscal 2026 (ended Jan. 31)": the hyphenated ordinal and no "of")
        r"\b(first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(?:fiscal\s+)?quarter(?:\s+results)?\s+(?:(?:of|for)\s+)?(?:the\s+)?fiscal\s+(?:year\s+)?("
        + _YEAR
        + r"|'?\d\d)\b",
        s,
        re.I,
    ):
        add(m, f"FY{_year(m.group(2).lstrip(chr(39)))}Q{_ORDINAL[m.group(1).lower()]}")
    for m in re.finditer(
        r"(?:\b|(?<=[a-z]))Q([1-4])\s*(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?'?)(\d{4}(?="
        + _GLUED_FIGURE
        + r")|\d{2,4}\b)",
        s,
        re.I,
    ):
        add(m, f"FY{_year(m.group(2))}Q{m.group(1)}")
    for m in re.finditer(r"\bFY\s?'?(\d{2,4})\s*Q([1-4])\b", s, re.I):
        add(m, f"FY{_year(m.group(1))}Q{m.group(2)}")
    # Chinese fiscal quarters: "2026財年第一季", "FY2026第1季", "2026會計年度第1季度", "2026财年第一财季".
    for m in re.finditer(
        r"(?:FY\s?'?(\d{2,4})|("
        + _YEAR
        + r")\s*(?:財年|财年|會計年度|会计年度))\s*(?:第\s*([一二三四1-4])\s*(?:財|财)?季|Q([1-4]))",
        s,
        re.I,
    ):
        add(m, f"FY{_year(m.group(1) or m.group(2))}Q{_CJK_ORDINAL[m.group(3) or m.group(4)]}")
    for m in re.finditer(r"(" + _YEAR + r")\s*(?:財年|财年|會計年度|会计年度)|(?:財年|财年)\s*(" + _YEAR + r")", s):
        add(m, f"FY{m.group(1) or m.group(2)}")
    for m in re.finditer(
        r"\b(?:fiscal\s+(?:year\s+)?|FY\s?'?)(" + _YEAR + r"(?=" + _GLUED_FIGURE + r")|(?:" + _YEAR + r"|\d\d)\b)",
        s,
        re.I,
    ):
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
        for m in re.finditer(
            r"\b(?:over|in|within|during)\s+the\s+(?:next|coming)\s+(\d+|" + WORD_NUMBER + r")\s+years\b", s, re.I
        ):
            n = int(m.group(1)) if m.group(1).isdigit() else word_number(m.group(1))
            add(m, f"{y}-{y + n - 1}", horizon=True)
        for m in re.finditer(r"未來\s*([一二三四五六七八九十\d]+)\s*年|未来\s*([一二三四五六七八九十\d]+)\s*年", s):
            raw = m.group(1) or m.group(2)
            n = int(raw) if raw.isdigit() else "一二三四五六七八九十".index(raw) + 1 if len(raw) == 1 else 0
            if n:
                add(m, f"{y}-{y + n - 1}", horizon=True)
        for m in re.finditer(r"(今年|明年|去年)\s*(上|下)半年", s):  # "今年上半年营收52.42亿"
            add(m, f"{y + {'今年': 0, '明年': 1, '去年': -1}[m.group(1)]}H{1 if m.group(2) == '上' else 2}")
        for m in re.finditer(r"(今年|明年|去年)\s*(?:第\s*([一二三四1-4])\s*季|Q([1-4]))", s):
            add(m, f"{y + {'今年': 0, '明年': 1, '去年': -1}[m.group(1)]}Q{_CJK_ORDINAL[m.group(2) or m.group(3)]}")
        for m in re.finditer(r"\b(this|next|last)\s+year\b|今年|明年|去年", s, re.I):
            word = (m.group(1) or m.group(0)).lower()
            add(m, str(y + {"this": 0, "今年": 0, "next": 1, "明年": 1, "last": -1, "去年": -1}[word]))
    # Chinese: "今、明兩年".
    if published_on or context_year:
        y = published_on.year if published_on else context_year
        for m in re.finditer(r"今、?明兩年|今、?明两年", s):
            add(m, f"{y}-{y + 1}", horizon=True)
    # "year to date", "the first three quarters of the year", 前三季: the year so far.
    if year_here_ytd := (context_year or (published_on.year if published_on else None)):
        for m in re.finditer(
            r"\byear[- ]to[- ]date\b(?!\s+in\s+\d)|\bYTD\b|\bfirst\s+(?:two|three)\s+quarters\s+of\s+(?:the|this)\s+year\b|前三季|今年以來|今年以来",
            s,
            re.I,
        ):
            add(m, str(year_here_ytd))
    # "by the end of the year", "year-end", 年底: the year of the text around it.
    year_here = context_year or (published_on.year if published_on else None)
    if year_here:
        for m in re.finditer(
            r"(?:\b(by|before|until)\s+)?(?:the\s+)?end\s+of\s+(?:the|this)\s+year\b|\byear[- ]end\b|今年底|(?<![\d年\s])年底|(?<![\d年\s])年末",
            s,
            re.I,
        ):
            add(m, str(year_here), horizon=bool(m.group(1)))
    # Quarters: "1Q24", "Q3 2024", "Q3'24", "third quarter of 2024", "2024年第三季".
    for m in re.finditer(r"(?<![A-Za-z0-9_.])([1-4])Q\s?'?(\d{2}|" + _YEAR + r")(?!\d)", s):
        add(m, f"{_year(m.group(2))}Q{m.group(1)}")
    for m in re.finditer(r"(?<![A-Za-z0-9_])Q([1-4])\s*(?:of\s+)?'?(" + _YEAR + r"|\d{2})(?!\d)", s):
        add(m, f"{_year(m.group(2))}Q{m.group(1)}")
    for m in re.finditer(
        # ("second-quarter 2025 earnings": the hyphenated ordinal)
        r"\b(first|second|third|fourth|1st|2nd|3rd|4th)[\s-]quarter\s+(?:of\s+)?(" + _YEAR + r")",
        s,
        re.I,
    ):
        add(m, f"{m.group(2)}Q{_ORDINAL[m.group(1).lower()]}")
    # "在2021年半年报中", "2021年中報", "2021年半年度报告": the half-year report names its half
    for m in re.finditer(r"(" + _YEAR + r")\s*年\s*(?:半年(?:度)?(?:报告|報告|报|報)|中(?:期)?(?:报告|報告|报|報))", s):
        add(m, f"{m.group(1)}H1")
    for m in re.finditer(r"(" + _YEAR + r")\s*年\s*(?:第?\s*([一二三四1-4])\s*季|Q([1-4]))", s):
        add(m, f"{m.group(1)}Q{_CJK_ORDINAL[m.group(2) or m.group(3)]}")
    # "2025Q2", "2025 Q2": the full year first.
    for m in re.finditer(r"(?<![A-Za-z0-9_.])(" + _YEAR + r")\s?Q([1-4])(?![\d])", s):
        add(m, f"{m.group(1)}Q{m.group(2)}")
    # "2025 前二季": the first half.
    for m in re.finditer(r"(" + _YEAR + r")\s*年?\s*前(?:二|兩|两|2)季", s):
        add(m, f"{m.group(1)}H1")
    # "25Q3", "23Q1": the year first.
    for m in re.finditer(r"(?<![A-Za-z0-9_.])(\d{2})Q([1-4])(?![\d])", s):
        add(m, f"{2000 + int(m.group(1))}Q{m.group(2)}")
    # "CY17", "CY2022": calendar years.
    for m in re.finditer(r"\bCY\s?'?(\d{2}|" + _YEAR + r")\b", s):
        add(m, str(_year(m.group(1))))
    # "second-quarter results for 2025", "the third quarter of 2021".
    for m in re.finditer(
        r"\b(first|second|third|fourth)[- ]quarter(?:\s+(?:results|revenue|earnings))?\s+(?:of|for|in)\s+("
        + _YEAR
        + r")\b",
        s,
        re.I,
    ):
        add(m, f"{m.group(2)}Q{_ORDINAL[m.group(1).lower()]}")
    # Halves: "2H25", "H2 2025", "second half of 2025", "2025 下半年".
    for m in re.finditer(r"(?<![A-Za-z0-9_.])([12])H\s?'?(\d{2}|" + _YEAR + r")(?!\d)", s):
        add(m, f"{_year(m.group(2))}H{m.group(1)}")
    for m in re.finditer(r"(?<![A-Za-z0-9_])H([12])\s*'?(" + _YEAR + r"|\d{2})(?!\d)", s):
        add(m, f"{_year(m.group(2))}H{m.group(1)}")
    for m in re.finditer(r"\b(first|second)\s+half\s+(?:of\s+)?(" + _YEAR + r")", s, re.I):
        add(m, f"{m.group(2)}H{1 if m.group(1).lower() == 'first' else 2}")
    # "2025H1", "2025 H2" (the full year first, as "2025Q2")
    for m in re.finditer(r"(?<![A-Za-z0-9_.])(" + _YEAR + r")\s?H([12])(?![\d])", s):
        add(m, f"{m.group(1)}H{m.group(2)}")
    for m in re.finditer(r"(" + _YEAR + r")\s*年?\s*(上|下)半年", s):
        add(m, f"{m.group(1)}H{1 if m.group(2) == '上' else 2}")
    # Months: "July 2024", "2024年7月".
    for m in re.finditer(r"\b(" + MONTH_RE + r")\.?\s+(" + _YEAR + r")\b", s):
        add(m, f"{m.group(2)}-{month_number(m.group(1)):02d}")
    for m in re.finditer(r"(" + _YEAR + r")\s*年\s*(\d{1,2})\s*月", s):
        add(m, f"{m.group(1)}-{int(m.group(2)):02d}")
    # "revenue ... last month" in a page of August 2024: July 2024 ("上個月", "this month", "本月").
    if published_on is not None:
        for m in re.finditer(
            r"(?:\b(?:last|the\s+previous|the\s+prior)\s+month\b|上個?月|上个月|\bthis\s+month\b|本月)(?!\s*\d{1,2}\s*[日号號])",
            s,
            re.I,
        ):
            back = 0 if re.match(r"this|本", m.group(0), re.I) else 1
            y, mo = divmod(published_on.year * 12 + published_on.month - 1 - back, 12)
            add(m, f"{y}-{mo + 1:02d}")
    # Plain years, with "by 2028" marked as a horizon. Not a year when a unit follows ("2048 GPUs").
    for m in re.finditer(
        r"(?:\b(by|through|until|till)\s+(?:the\s+end\s+of\s+)?)?(?<![\d.$/])(" + _YEAR + r")(?![\d.,]*\d)"
        r"(?!\s*(?:%|percent|[KMGT]b|[KMGT]B|W\b|ns\b|ports|units|GPUs|members|x\b|[萬万億亿]))",
        s,
        re.I,
    ):
        if _in_figure_list(s, m.start(2), m.end(2)):
            continue
        add(m, m.group(2), horizon=bool(m.group(1)), group=2)
    # A fiscal quarter the sentence itself names dates its yearless quarters ("revenue of $35.1 billion
    # for the third quarter of fiscal 2025 and expects $37.5 billion for the next quarter": FY2025Q4).
    own_fiscal = [p for p in found if re.fullmatch(r"FY\d{4}Q[1-4]", p.label) and not p.base]
    _yearless(
        s,
        add,
        published_on,
        fiscal_end_month,
        context_year,
        context_fy,
        context_quarter,
        (own_fiscal[0].label, own_fiscal[0].end) if own_fiscal else None,
    )
    found.sort(key=lambda p: p.start)
    return found


def _in_figure_list(s: str, a: int, b: int) -> bool:
    """ "分别为1196、1939、3667百万元": a number in a 、-list whose other items are not years is a figure."""
    for r in re.finditer(r"-?\d+(?:\.\d+)?(?:、-?\d+(?:\.\d+)?)+", s):
        if r.start() <= a and b <= r.end():
            return any(not re.fullmatch(_YEAR, x) for x in r.group(0).split("、"))
    return False


_YEARLESS_Q = re.compile(
    r"\b(?:the\s+|its\s+|our\s+)?(?:(fiscal)\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(?:(fiscal)\s+)?quarter"
    r"(?:\s+of\s+(?:the|its|this)\s+(fiscal)\s+year)?(?!\s+(?:of\s+)?(?:fiscal\s+)?(?:year\s+)?'?\d)"
    r"|\b(?:its\s+|the\s+)?(fiscal)\s+Q([1-4])\b|(?<![A-Za-z0-9_])Q([1-4])(?!\d)(?!\s*(?:of\s+)?(?:FY|fiscal|'?\d))"
    r"|第\s*([一二三四1-4])\s*季(?:度)?|(本季|上季|下季|前一季|當季|当季)"
    r"|\b(current|previous|prior|next|recent)\s+quarter\b",
    re.I,
)
_YEARLESS_H = re.compile(r"\b(first|second)\s+half\s+of\s+(?:the|its|this)\s+(fiscal\s+)?year\b", re.I)
_YEARLESS_Y = re.compile(
    r"\b(?:the\s+|its\s+|this\s+)?(?:full\s+)?fiscal\s+year(?:[- ]to[- ]date)?\b(?!\s+'?\d)"
    r"|\bthe\s+full\s+year\b(?!\s+(?:of\s+)?(?:19|20)\d\d)|\bfull[- ]year\b(?!\s+(?:of\s+)?(?:19|20)\d\d)"
    r"|\bfiscal\s+year[- ]to[- ]date\b",
    re.I,
)


def _yearless(
    s,
    add,
    published_on,
    end_month,
    context_year,
    context_fy,
    context_quarter=None,
    sentence_fiscal: tuple[str, int] | None = None,
) -> None:
    """Quarters, halves and years written without their year, dated from the fiscal calendar and the
    published date, else from the year the text named before."""
    fiscal = end_month not in (None, 12)
    for m in _YEARLESS_Q.finditer(s):
        word = (m.group(2) or "").lower()
        n = (
            _ORDINAL.get(word)
            or int(m.group(6) or m.group(7) or 0)
            or (_CJK_ORDINAL.get(m.group(8)) if m.group(8) else 0)
        )
        rel = m.group(9) or (m.group(10) or "").lower()
        which = {
            "本季": "current",
            "當季": "current",
            "当季": "current",
            "current": "current",
            "上季": "previous",
            "前一季": "previous",
            "previous": "previous",
            "prior": "previous",
            "recent": "recent",
            "下季": "next",
            "next": "next",
        }.get(rel, "nearest")
        looks_ahead = bool(re.search(r"forecast|guid|expect|outlook|預告|预告|預計|预计|預估|预估|將|将|指引", s, re.I))
        if context_quarter and (
            which in ("next", "recent")
            or (which == "previous" and bool(m.group(10)))
            or (which == "current" and not looks_ahead)
        ):
            # ("up from 7% the previous quarter" in a text on Q1 2018: Q4 2017)
            # Relative to the quarter the text reports ("下季度指引", "公司本季度計提", "the recent quarter").
            if which in ("current", "recent"):
                add(m, context_quarter)
                continue
            shifted = _shift_quarter(context_quarter, 1 if which == "next" else -1)
            if shifted:
                add(m, shifted)
                continue
        if sentence_fiscal and which in ("nearest", "next") and m.start() >= sentence_fiscal[1]:
            fy, q = int(sentence_fiscal[0][2:6]), int(sentence_fiscal[0][-1])
            if which == "next":
                add(m, _shift_quarter(sentence_fiscal[0], 1) or "")
                continue
            if n:
                add(m, f"FY{fy if n >= q else fy + 1}Q{n}")
                continue
        which = "previous" if which == "recent" else which
        if n and published_on and re.match(r"\s+of\s+last\s+year\b", s[m.end() :], re.I) and not fiscal:
            add(m, f"{published_on.year - 1}Q{n}")  # "the fourth quarter of last year": the year before the page's
            continue
        here = re.findall(r"(?<!\d)(" + _YEAR + r")(?!\d)", s[: m.start()])
        if here and which == "nearest" and n and not fiscal:
            label = f"{here[-1]}Q{n}"  # "2024 年 Q3 完成認證, Q4 小批量交付": the year just named
        elif published_on:
            label = _nearest_quarter(n, published_on, end_month, which)
        elif which in ("current", "previous") and context_quarter:
            label = context_quarter
        elif which == "nearest" and n and fiscal and context_fy:
            label = f"FY{context_fy}Q{n}"
        elif which == "nearest" and n and context_year and not fiscal:
            label = f"{context_year}Q{n}"
        else:
            label = ""
        add(m, label)
    for m in _YEARLESS_H.finditer(s):
        h = 1 if m.group(1).lower() == "first" else 2
        if published_on:
            fy = _fiscal_year_of(published_on, end_month)
            add(m, f"FY{fy}H{h}" if fiscal or m.group(2) else f"{fy}H{h}")
        elif context_fy:
            add(m, f"FY{context_fy}H{h}")
    for m in re.finditer(r"(?<![\d年])\s*(上|下)半年", s):
        y = context_year or (published_on.year if published_on else None)
        if y:
            add(m, f"{y}H{1 if m.group(1) == '上' else 2}")  # "光聖上半年合併營收"
    for m in _YEARLESS_Y.finditer(s):
        if context_fy and fiscal:
            add(m, f"FY{context_fy}")
        elif published_on and "date" not in m.group(0).lower() and "full" in m.group(0).lower() and not fiscal:
            # "the full year ended December 31, 2022": the calendar year the results are for.
            add(m, str(published_on.year - 1 if published_on.month <= 3 else published_on.year))
        elif published_on:
            fy = _fiscal_year_of(published_on, end_month)
            add(m, f"FY{fy}" if fiscal else str(fy if published_on.month > 3 else fy - 1))
        elif context_fy:
            add(m, f"FY{context_fy}")
        elif context_year and not fiscal:
            add(m, str(context_year))


# --- dates (events) -----------------------------------------------------------------

_DATE_PATTERNS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"\b(" + _YEAR + r")-(\d{2})-(\d{2})\b"), "ymd"),
    # (?!\d) after the year, not \b: extracted text runs words into it ("December 14, 2023No Comments")
    (re.compile(r"\b(" + MONTH_RE + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(" + _YEAR + r")(?!\d)"), "mdy"),
    (re.compile(r"\b(\d{1,2})\s+(" + MONTH_RE + r")\.?,?\s+(" + _YEAR + r")(?!\d)"), "dmy"),
    (re.compile(r"(" + _YEAR + r")\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"), "ymd"),
    (re.compile(r"\b(" + _YEAR + r")/(\d{1,2})/(\d{1,2})(?![\d/])"), "ymd"),  # "截至 2026/1/24"
    (re.compile(r"\b(" + MONTH_RE + r")\.?,?\s+(" + _YEAR + r")\b"), "my"),
    (re.compile(r"\b(" + _YEAR + r")-(\d{2})\b(?!-)"), "ym"),
)


@dataclass(frozen=True)
class DateMention:
    date: dt.date
    precision: str  # day | month
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
