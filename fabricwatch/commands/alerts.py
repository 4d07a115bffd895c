"""fabricwatch alerts: watch rules on indicators, delivered after each refresh that publishes."""

from __future__ import annotations

import argparse
import json
import sys

from fabricwatch.config import home

NAME = "alerts"
HELP = (
    "Watch rules: be told (webhook, email or any Apprise channel) when a new figure of an indicator crosses a "
    "threshold or moves by a percentage. Rules are evaluated after every refresh that publishes."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    add = sub.add_parser(
        "add",
        help="add a rule",
        description=(
            "Add a watch rule. After every refresh that publishes, the figures the new release added are checked; "
            "each match is delivered once. --change-pct compares a figure with the same series' previous vintage "
            "(same period) or, failing that, its previous period. Without --backfill only figures that later "
            "releases add are checked."
        ),
    )
    add.add_argument("name", help="the rule's name (letters, digits, _ - .)")
    add.add_argument(
        "--indicator", required=True, help="indicator id (core.indicators), e.g. ai_backend_network_revenue"
    )
    scope = add.add_mutually_exclusive_group()
    scope.add_argument("--subject-like", metavar="TEXT", help="only figures whose subject contains TEXT (any case)")
    scope.add_argument("--series", metavar="KEY", help="only one series (core.observations.series_key)")
    cond = add.add_mutually_exclusive_group(required=True)
    cond.add_argument("--above", type=float, metavar="X", help="fire when a new figure is above X (indicator's unit)")
    cond.add_argument("--below", type=float, metavar="X", help="fire when a new figure is below X")
    cond.add_argument("--change-pct", type=float, metavar="P", help="fire when a figure moves by P%% or more")
    to = add.add_mutually_exclusive_group(required=True)
    to.add_argument("--webhook", metavar="URL", help="POST a JSON message to URL")
    to.add_argument(
        "--email", metavar="ADDRESS", help="send an email (SMTP settings from FABRICWATCH_SMTP_* variables)"
    )
    to.add_argument(
        "--notify", metavar="APPRISE_URL", help="any Apprise channel: slack://..., msteams://..., ntfy://..."
    )
    add.add_argument(
        "--backfill", action="store_true", help="the first evaluation also covers the figures already published"
    )
    ls = sub.add_parser("list", help="list rules and their recent deliveries")
    ls.add_argument("--json", action="store_true", help="print JSON")
    rm = sub.add_parser("remove", help="remove a rule (its delivery log stays)")
    rm.add_argument("name")
    test = sub.add_parser(
        "test", help="send a test message for a rule now, with its latest matching figure (or the latest figure)"
    )
    test.add_argument("name")


def run(args: argparse.Namespace) -> int:
    from alerts import rules as alerts

    try:
        return {"add": _add, "list": _list, "remove": _remove, "test": _test}[args.action](args, alerts)
    except alerts.AlertError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _published_facts(rule=None):
    """Known indicators, the published observation ids and the series the rule would watch (None, None, [] when
    nothing is published yet)."""
    from warehouse import db

    if not db.paths(home()).published.exists():
        return None, None, []
    from alerts import rules as alerts

    with db.published_connection(home()) as con:
        indicators = alerts.published_indicators(con)
        series = alerts.rule_series(con, rule) if rule is not None and rule.indicator in indicators else []
        return indicators, alerts.published_ids(con), series


def _add(args, alerts) -> int:
    condition, threshold = next(
        (c, v)
        for c, v in (("above", args.above), ("below", args.below), ("change_pct", args.change_pct))
        if v is not None
    )
    channel, target = next(
        (c, v) for c, v in (("webhook", args.webhook), ("email", args.email), ("apprise", args.notify)) if v
    )
    rule = alerts.Rule(
        name=args.name,
        indicator=args.indicator,
        condition=condition,
        threshold=threshold,
        channel=channel,
        target=target,
        subject_like=args.subject_like,
        series_key=args.series,
        backfill=args.backfill,
    )
    indicators, ids, series = _published_facts(rule)
    rule = alerts.add_rule(home(), rule, indicators, (lambda: ids) if ids is not None else None)
    print(f"added {rule.name}: {rule.describe()}" + (" (backfill at the next refresh)" if rule.backfill else ""))
    note = alerts.spans_note(rule, series)
    if note:
        print(note, file=sys.stderr)
    if indicators is None:
        print("note: nothing is published yet; the rule is checked from the first refresh on", file=sys.stderr)
    return 0


def _list(args, alerts) -> int:
    rules = alerts.list_rules(home())
    deliveries = alerts.recent_deliveries(home())
    if args.json:
        print(
            json.dumps(
                {"rules": [{**r.__dict__} for r in rules], "deliveries": deliveries},
                indent=1,
                ensure_ascii=False,
                default=str,
            )
        )
        return 0
    if not rules:
        print("no watch rules (add one with `fabricwatch alerts add NAME --indicator ID --above X --webhook URL`)")
    for r in rules:
        sent = sum(1 for d in deliveries if d["rule"] == r.name and d["status"] == "sent")
        failed = sum(1 for d in deliveries if d["rule"] == r.name and d["status"] == "failed")
        print(f"{r.name:<24} {r.describe()}  [{sent} sent, {failed} failing]")
    return 0


def _remove(args, alerts) -> int:
    alerts.remove_rule(home(), args.name)
    print(f"removed {args.name}")
    return 0


def _test(args, alerts) -> int:
    from alerts import delivery as notify
    from warehouse import db

    rule = alerts.get_rule(home(), args.name)
    if not db.paths(home()).published.exists():
        print("error: nothing is published yet: run `fabricwatch refresh` first", file=sys.stderr)
        return 2
    with db.published_connection(home()) as con:
        observations = alerts.rule_observations(con, rule)
    if not observations:
        print(f"error: no figure of {rule.indicator} in the rule's scope to send as a test", file=sys.stderr)
        return 2
    hits = [(o, alerts.matches(rule, o)) for o in observations]
    obs, (_, change) = next(((o, m) for o, m in reversed(hits) if m[0]), hits[-1])
    message = {**alerts.payload(rule, obs, change), "test": True}
    try:
        notify.send(rule.channel, rule.target, rule.name, [message])
    except notify.DeliveryError as exc:
        print(f"error: test message not delivered: {exc}", file=sys.stderr)
        return 2
    print(
        f"sent a test message for {rule.name} ({rule.channel}): {obs['subject']} {obs['period']} = {obs['value']:g} {obs['unit']}"
    )
    return 0
