"""UTC time, one home: every timestamp fabricwatch writes is UTC.

`utcnow()` is timezone-aware (HTTP dates, JSON, ISO strings); DuckDB's TIMESTAMP columns hold UTC
without a zone, so the warehouse writes `naive_utc()`.
"""

from __future__ import annotations

import datetime as dt


def utcnow() -> dt.datetime:
    """Now, timezone-aware UTC."""
    return dt.datetime.now(dt.timezone.utc)


def naive_utc(ts: dt.datetime | None = None) -> dt.datetime:
    """`ts` (default now) as naive UTC, the form of the warehouse's TIMESTAMP columns. A naive `ts` is taken
    to be UTC already."""
    ts = utcnow() if ts is None else ts
    return ts.astimezone(dt.timezone.utc).replace(tzinfo=None) if ts.tzinfo else ts


def utc_iso(ts: dt.datetime | None = None) -> str:
    """`ts` (default now) in UTC as ISO 8601 to the second, with its offset: `2026-12-01T15:04:05+00:00`."""
    ts = utcnow() if ts is None else ts
    return (ts.astimezone(dt.timezone.utc) if ts.tzinfo else ts.replace(tzinfo=dt.timezone.utc)).isoformat(
        timespec="seconds"
    )
