"""fabricwatch claims: the claims inbox — list extracted claims, accept or reject them into the ledger."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from fabricwatch.config import home

NAME = "claims"
HELP = "List the claims extracted from press releases and news, and review them (accept into the curated ledger, or reject)."

_LIST_SQL = (
    "SELECT claim_id, status, published_on, publisher, via, value, value_qualifier, unit, period, kind, subject, "
    "indicator, evidence, url FROM marts.claims_inbox WHERE (? IS NULL OR status = ?) "
    "ORDER BY published_on DESC NULLS LAST, claim_id"
)
_CLAIM_SQL = "SELECT * FROM core.claims WHERE claim_id = ?"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    ls = sub.add_parser("list", help="list claims (default: pending ones)")
    ls.add_argument("--status", choices=("pending", "accepted", "rejected", "all"), default="pending")
    ls.add_argument("--json", action="store_true", help="print JSON")
    rv = sub.add_parser(
        "review",
        help="review pending claims one by one, or decide one with --accept/--reject",
        description="Without --accept/--reject, asks about each pending claim in turn: "
        "[a]ccept, [r]eject, [s]kip, [q]uit. Decisions go to sources/curated/ "
        "(claims_review.csv, claims_accepted_observations.csv); the next refresh loads them.",
    )
    what = rv.add_mutually_exclusive_group()
    what.add_argument("--accept", metavar="CLAIM_ID")
    what.add_argument("--reject", metavar="CLAIM_ID")
    rv.add_argument("--indicator", help="indicator the accepted claim feeds (default: the suggestion)")
    rv.add_argument("--subject", help="subject (default: the extracted one)")
    rv.add_argument("--period", help="period, e.g. 2025 or 2025Q3 (default: the extracted one)")
    rv.add_argument("--reason", default="", help="why a claim is rejected")
    rv.add_argument("--ledger", type=Path, default=None, help="ledger folder to write to (default: sources/curated)")


def run(args: argparse.Namespace) -> int:
    if args.action == "list":
        return _list(args)
    return _review(args)


def _rows(sql: str, params: list) -> list[dict]:
    from warehouse import db
    from warehouse.query import json_value

    with db.published_connection(home()) as con:
        cur = con.execute(sql, params)
        cols = [d[0] for d in cur.description]
        return [{c: json_value(v) for c, v in zip(cols, row)} for row in cur.fetchall()]


def _list(args) -> int:
    status = None if args.status == "all" else args.status
    rows = _rows(_LIST_SQL, [status, status])
    if args.json:
        json.dump({"claims": rows}, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    if not rows:
        print(f"no {args.status} claims (claims come from press releases fetched in live mode)")
    for r in rows:
        print(
            f"[{r['status']}] {r['claim_id']}  {r['value']:g} {r['unit']} {r['period'] or ''} ({r['kind']}) "
            f"{r['publisher'] or ''}{' via ' + r['via'] if r['via'] else ''} {r['published_on'] or ''}\n"
            f"    → {r['indicator'] or '?'}: {r['evidence'][:160]}"
        )
    return 0


def _review(args) -> int:
    from sources.ledger import review as claims_review

    folder = args.ledger or claims_review.DEFAULT_FOLDER
    if args.reject:
        claims_review.reject(args.reject, reason=args.reason, folder=folder)  # ReviewError: exit 2
        print(f"rejected {args.reject}")
        return 0
    if args.accept:
        claims = _rows(_CLAIM_SQL, [args.accept])
        if not claims:
            print(f"error: no claim {args.accept} in the published warehouse", file=sys.stderr)
            return 2
        return _accept(claims[0], args.indicator, args.subject, args.period, folder)
    pending = _rows(_LIST_SQL, ["pending", "pending"])
    if not pending:
        print("the claims inbox is empty")
        return 0
    for summary in pending:
        print(
            f"\n{summary['publisher'] or ''} {summary['published_on'] or ''}  {summary['url'] or ''}\n"
            f"  {summary['evidence']}\n  → {summary['value']:g} {summary['unit']}, period {summary['period']}, "
            f"{summary['kind']}, suggested indicator {summary['indicator']}"
        )
        answer = input("[a]ccept, [r]eject, [s]kip, [q]uit? ").strip().lower()[:1]
        if answer == "q":
            break
        if answer == "r":
            claims_review.reject(summary["claim_id"], reason=input("reason: ").strip(), folder=folder)
        elif answer == "a":
            claim = _rows(_CLAIM_SQL, [summary["claim_id"]])[0]
            indicator = input(f"indicator [{claim['indicator'] or ''}]: ").strip() or claim["indicator"]
            subject = input(f"subject [{claim['subject'] or ''}]: ").strip() or claim["subject"]
            period = input(f"period [{claim['period'] or ''}]: ").strip() or claim["period"]
            _accept(claim, indicator, subject, period, folder)
    return 0


def _accept(claim: dict, indicator, subject, period, folder: Path) -> int:
    from sources.ledger import review as claims_review

    indicator, subject, period = (
        indicator or claim.get("indicator"),
        subject or claim.get("subject"),
        period or claim.get("period"),
    )
    missing = [n for n, v in (("--indicator", indicator), ("--subject", subject), ("--period", period)) if not v]
    if missing:
        print(f"error: the claim has no {', '.join(missing)[2:]}; give {' '.join(missing)}", file=sys.stderr)
        return 2
    claims_review.accept(claim, indicator=indicator, subject=subject, period=period, folder=folder)
    print(f"accepted {claim['claim_id']} as {indicator} / {subject} / {period}; run `fabricwatch refresh` to load it")
    return 0
