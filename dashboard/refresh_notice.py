"""The banner over every page: the last refresh failed (nothing from it was published), or it
published while a parser found nothing (that source's previous records are carried forward).

The facts come from warehouse/refresh_status.py (last_refresh.json and raw.parse_carried in the
published warehouse); the sentences from the catalog, in the reader's language.
"""

from __future__ import annotations

from pathlib import Path

from dashboard.i18n import t
from warehouse import refresh_status
from warehouse.parse_state import yield_check_name


def _day(value) -> str:
    return value.strftime("%Y-%m-%d") if hasattr(value, "strftime") else str(value or "?")[:10]


def notices(home: str | Path, lang: str | None = None) -> list[str]:
    """The banner's sentences (none when the last refresh succeeded and nothing is carried forward)."""
    out = []
    if failed := refresh_status.failure(home):
        key = "ui.refresh_failed_after_publish" if failed["published"] else "ui.refresh_failed"
        out.append(
            t(
                key,
                lang,
                run_id=failed["run_id"],
                finished_at=failed["finished_at"],
                what=failed["what"],
                built_at=failed["built_at"],
            )
        )
    for c in refresh_status.carried(home):
        key = "ui.parse_carried_nothing" if set(c["statuses"]) <= {"empty", "missing"} else "ui.parse_carried_failed"
        out.append(
            t(
                key,
                lang,
                check=yield_check_name(c["source_id"]),
                documents=c["documents"],
                since=_day(c["since"]),
                parsed=_day(c["parsed_at"]),
                records=c["records"],
            )
        )
    return out
