"""Cadences: the one list of how often a source or an indicator is expected to update, and its rules.

The registry, the curated ledger, the fetch assets' freshness policies and the schedules read
these; the SQL macro `marts.cadence_days` and the 1.5 factor of `marts.indicator_freshness` are
tested against them (tests/warehouse/test_cadence_rules.py).
"""

from __future__ import annotations

import enum
import math


class Cadence(str, enum.Enum):
    daily = "daily"
    weekly = "weekly"
    monthly = "monthly"
    quarterly = "quarterly"
    half_yearly = "half_yearly"  # e.g. the TOP500 lists (June and November)
    yearly = "yearly"
    irregular = "irregular"  # inbox-fed or event-driven: no deadline

    def __str__(self) -> str:
        return self.value


# Expected days between two updates (none for irregular).
DAYS = {
    Cadence.daily: 1,
    Cadence.weekly: 7,
    Cadence.monthly: 31,
    Cadence.quarterly: 92,
    Cadence.half_yearly: 184,
    Cadence.yearly: 366,
}
# Overdue after one and a half intervals: a release may come a little late before it counts as missed.
STALE_FACTOR = 1.5
# When the scheduled fetch of each cadence runs (UTC).
CRON = {
    Cadence.daily: "0 6 * * *",
    Cadence.weekly: "0 6 * * 1",
    Cadence.monthly: "0 6 1 * *",
    Cadence.quarterly: "0 6 1 1,4,7,10 *",
    Cadence.half_yearly: "0 6 1 1,7 *",
    Cadence.yearly: "0 6 1 1 *",
}


def interval_days(cadence: str) -> int | None:
    return DAYS.get(Cadence(cadence))


def stale_after_days(cadence: str) -> int | None:
    """Whole days without an update after which a source or indicator is overdue (None: never)."""
    days = interval_days(cadence)
    return math.ceil(days * STALE_FACTOR) if days else None
