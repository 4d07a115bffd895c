"""Period strings (2024, 2024Q3, 2024H2, 2024-07, 2024-07-15, 2025-2029) and their date bounds."""

from __future__ import annotations

import calendar
import datetime as dt
import re

PERIOD_RE = re.compile(r"^(\d{4})(?:(Q[1-4])|(H[12])|-(\d{2})(?:-(\d{2}))?|-(\d{4}))?$")


def period_bounds(period: str) -> tuple[dt.date, dt.date]:
    """First and last day of a period string; ValueError for anything else."""
    m = PERIOD_RE.match(period.strip())
    if not m:
        raise ValueError(f"bad period {period!r}: expected 2024, 2024Q3, 2024H2, 2024-07, 2024-07-15 or 2025-2029")
    year = int(m.group(1))
    quarter, half, month, day, end_year = m.group(2), m.group(3), m.group(4), m.group(5), m.group(6)
    if quarter:
        q = int(quarter[1])
        first = dt.date(year, 3 * q - 2, 1)
        return first, _month_end(year, 3 * q)
    if half:
        h = int(half[1])
        return dt.date(year, 6 * h - 5, 1), _month_end(year, 6 * h)
    if day:
        d = dt.date(year, int(month), int(day))
        return d, d
    if month:
        mon = int(month)
        if not 1 <= mon <= 12:
            raise ValueError(f"bad period {period!r}: month {mon}")
        return dt.date(year, mon, 1), _month_end(year, mon)
    if end_year:
        if int(end_year) <= year:
            raise ValueError(f"bad period {period!r}: range must end after it starts")
        return dt.date(year, 1, 1), dt.date(int(end_year), 12, 31)
    return dt.date(year, 1, 1), dt.date(year, 12, 31)


def _month_end(year: int, month: int) -> dt.date:
    return dt.date(year, month, calendar.monthrange(year, month)[1])
