"""Reviewing extracted claims: accepted claims become curated ledger rows, with their provenance.

Decisions are kept in `sources/curated/claims_review.csv` (one row per reviewed claim), accepted
figures in `sources/curated/claims_accepted_observations.csv`, so both live in the repository
beside the rest of the ledger and every refresh applies them.
"""

from __future__ import annotations

import csv
import datetime as dt
import tempfile
from pathlib import Path

from sources.ledger.format import DEFAULT_FOLDER, OBSERVATION_COLUMNS
from sources.ledger.ledger import LedgerError, load_ledger

REVIEW_FILE = "claims_review.csv"
ACCEPTED_FILE = "claims_accepted_observations.csv"
REVIEW_COLUMNS = ("claim_id", "decision", "decided_on", "indicator", "subject", "period", "note")
KIND_MAP = {"actual": "actual", "forecast": "forecast", "estimate": "estimate"}


class ReviewError(ValueError):
    """The decision cannot be recorded (unknown claim, already decided, or the row would not validate)."""


def decisions(folder: Path = DEFAULT_FOLDER) -> dict[str, dict]:
    path = folder / REVIEW_FILE
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as fh:
        return {row["claim_id"]: row for row in csv.DictReader(fh)}


def ledger_row(claim: dict, *, indicator: str, subject: str, period: str, note: str | None = None) -> dict:
    """The curated observation row an accepted claim becomes (its provenance is the claim's page)."""
    row = {c: "" for c in OBSERVATION_COLUMNS}
    row.update(
        {
            "indicator": indicator,
            "subject": subject,
            "period": period,
            "value": repr(float(claim["value"])),
            "value_qualifier": claim.get("value_qualifier") or "",
            "unit": claim["unit"],
            "kind": KIND_MAP.get(claim["kind"], "estimate"),
            "note": "; ".join(
                x
                for x in (
                    f"accepted from the claims inbox ({claim['claim_id']})",
                    f"via {claim['via']}" if claim.get("via") else None,
                    note,
                )
                if x
            ),
            "source_id": claim["source_id"],
            "publisher": claim.get("publisher") or claim["source_id"],
            "doc_title": claim.get("title") or claim.get("url") or claim["source_id"],
            "url": claim.get("url") or "",
            "published_on": str(claim["published_on"]) if claim.get("published_on") else "",
            "evidence": claim["evidence"][:300],
            "confidence": "reported",
        }
    )
    if not row["published_on"]:
        row["note"] += "; undated: the page gave no publication date"
    return row


def accept(
    claim: dict,
    *,
    indicator: str,
    subject: str,
    period: str,
    note: str | None = None,
    folder: Path = DEFAULT_FOLDER,
    today: dt.date | None = None,
) -> dict:
    """Validate the new ledger row against the whole ledger, then append it and the decision."""
    _not_decided(claim["claim_id"], folder)
    row = ledger_row(claim, indicator=indicator, subject=subject, period=period, note=note)
    with tempfile.TemporaryDirectory() as tmp:
        candidate = Path(tmp) / "candidate_observations.csv"
        _append(candidate, OBSERVATION_COLUMNS, row)
        try:
            load_ledger(folder, extra_files=[candidate])
        except LedgerError as exc:
            raise ReviewError("the accepted claim would not be a valid ledger row:\n" + "\n".join(exc.errors)) from exc
    _append(folder / ACCEPTED_FILE, OBSERVATION_COLUMNS, row)
    _append(
        folder / REVIEW_FILE,
        REVIEW_COLUMNS,
        {
            "claim_id": claim["claim_id"],
            "decision": "accepted",
            "decided_on": str(today or dt.date.today()),
            "indicator": indicator,
            "subject": subject,
            "period": period,
            "note": note or "",
        },
    )
    return row


def reject(claim_id: str, *, reason: str, folder: Path = DEFAULT_FOLDER, today: dt.date | None = None) -> None:
    _not_decided(claim_id, folder)
    _append(
        folder / REVIEW_FILE,
        REVIEW_COLUMNS,
        {
            "claim_id": claim_id,
            "decision": "rejected",
            "decided_on": str(today or dt.date.today()),
            "indicator": "",
            "subject": "",
            "period": "",
            "note": reason,
        },
    )


def _not_decided(claim_id: str, folder: Path) -> None:
    earlier = decisions(folder).get(claim_id)
    if earlier:
        raise ReviewError(f"claim {claim_id} was already {earlier['decision']} on {earlier['decided_on']}")


def _append(path: Path, columns: tuple[str, ...], row: dict) -> None:
    new = not path.exists()
    with path.open("a", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns, lineterminator="\n")
        if new:
            writer.writeheader()
        writer.writerow({c: row.get(c, "") for c in columns})
