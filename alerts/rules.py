"""Analysts' watch rules: store, evaluation against a published release, and the delivery log.

Rules, the observations already considered and every delivery live in
`$FABRICWATCH_HOME/alerts.sqlite3` (schema: alerts/sql/schema.sql), beside the published
warehouse and not in it, so refreshes and restores never touch them. SQLite because the
dashboard reads the log while a refresh writes it, and SQLite lets one writer and many readers
share a file where a DuckDB file admits one process at a time.

After a refresh publishes, `evaluate()` reads the new release's observations, finds those not
seen before (`seen`), and matches each rule against them (`--backfill` rules also against what
was already there, once). A match becomes a pending delivery; `deliver()` (alerts/delivery.py does
the sending) records `sent` or `failed` per rule and observation. A failed delivery is retried at
the next evaluation; a sent one is never sent again for the same rule.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import math
import re
import sqlite3
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterator

import duckdb

from sources.clock import utc_iso
from warehouse.dbapi import dict_rows

SQL_DIR = Path(__file__).parent / "sql"
STORE_NAME = "alerts.sqlite3"
CONDITIONS = ("above", "below", "change_pct")
CHANNELS = ("webhook", "email", "apprise")
MAX_ATTEMPTS = 10  # a delivery that failed this often stops being retried (it stays in the log)
PAYLOAD_FIELDS = (
    "alert",
    "indicator",
    "subject",
    "series_key",
    "period",
    "value",
    "value_qualifier",
    "unit",
    "previous_value",
    "change_pct",
    "kind",
    "publisher",
    "url",
    "via",
    "published_on",
    "evidence",
    "record_id",
)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


class AlertError(ValueError):
    """A rule that cannot be stored or found (bad name, unknown indicator, duplicate, ...)."""


@dataclass(frozen=True)
class Rule:
    name: str
    indicator: str
    condition: str  # above | below | change_pct
    threshold: float  # a value in the indicator's unit, or a percentage for change_pct
    channel: str  # webhook | email | apprise
    target: str
    subject_like: str | None = None
    series_key: str | None = None
    backfill: bool = False
    created_at: str | None = None

    def describe(self) -> str:
        what = {
            "above": f"> {self.threshold:g}",
            "below": f"< {self.threshold:g}",
            "change_pct": f"moves by {self.threshold:g}% or more",
        }[self.condition]
        scope = (
            f" subject ~ '{self.subject_like}'"
            if self.subject_like
            else f" series {self.series_key}"
            if self.series_key
            else ""
        )
        return f"{self.indicator}{scope} {what} -> {self.channel}"

    def validate(self) -> None:
        if not _NAME.match(self.name):
            raise AlertError(f"rule name {self.name!r}: use letters, digits, '_', '-', '.' (at most 64)")
        if self.condition not in CONDITIONS:
            raise AlertError(f"condition {self.condition!r}: use one of {', '.join(CONDITIONS)}")
        if not math.isfinite(self.threshold):
            raise AlertError("the threshold must be a finite number")
        if self.condition == "change_pct" and self.threshold <= 0:
            raise AlertError("--change-pct takes a positive percentage")
        if self.subject_like and self.series_key:
            raise AlertError("give --subject-like or --series, not both")
        if self.channel == "webhook" and not re.match(r"^https?://[^\s/]+", self.target):
            raise AlertError(f"webhook {self.target!r}: an http:// or https:// address")
        if self.channel == "email" and not _EMAIL.match(self.target):
            raise AlertError(f"email {self.target!r} is not an address")
        if self.channel == "apprise" and "://" not in self.target:
            raise AlertError(f"notification URL {self.target!r}: an Apprise URL such as ntfy://topic or slack://...")
        if self.channel not in CHANNELS:
            raise AlertError(f"channel {self.channel!r}: use one of {', '.join(CHANNELS)}")


def store_path(home: str | Path) -> Path:
    return Path(home).resolve() / STORE_NAME


@contextlib.contextmanager
def store(home: str | Path, *, read_only: bool = False) -> Iterator[sqlite3.Connection]:
    """The alert store; created (schema applied) on first write. Read-only opens never create it."""
    path = store_path(home)
    if read_only:
        if not path.exists():
            raise FileNotFoundError(f"no alert rules yet ({path})")
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(path, timeout=30)
        con.executescript((SQL_DIR / "schema.sql").read_text(encoding="utf-8"))
    con.row_factory = sqlite3.Row
    try:
        with con:
            yield con
    finally:
        con.close()


def _now() -> str:
    return utc_iso()


# --- rules ----------------------------------------------------------------------------------


def add_rule(
    home: str | Path,
    rule: Rule,
    known_indicators: set[str] | None = None,
    published_ids: Callable[[], list[str]] | None = None,
) -> Rule:
    """Store a rule. `known_indicators` (from the published warehouse) rejects a typo early;
    `published_ids` seeds what counts as already seen the first time the store is used, so a new rule
    without --backfill fires only on what later releases add."""
    rule.validate()
    if known_indicators is not None and rule.indicator not in known_indicators:
        raise AlertError(
            f'unknown indicator {rule.indicator!r} (see `fabricwatch sql "SELECT indicator, name FROM core.indicators"`)'
        )
    rule = Rule(**{**asdict(rule), "created_at": _now()})
    with store(home) as con:
        if con.execute("SELECT 1 FROM rules WHERE name = ?", [rule.name]).fetchone():
            raise AlertError(f"a rule named {rule.name!r} exists: remove it first or choose another name")
        if published_ids is not None and not con.execute("SELECT 1 FROM seen LIMIT 1").fetchone():
            _mark_seen(con, published_ids(), None)
        con.execute(
            "INSERT INTO rules (name, indicator, subject_like, series_key, condition, threshold, channel, target, "
            "backfill, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                rule.name,
                rule.indicator,
                rule.subject_like,
                rule.series_key,
                rule.condition,
                rule.threshold,
                rule.channel,
                rule.target,
                int(rule.backfill),
                rule.created_at,
            ],
        )
    return rule


def remove_rule(home: str | Path, name: str) -> None:
    with store(home) as con:
        if con.execute("DELETE FROM rules WHERE name = ?", [name]).rowcount == 0:
            raise AlertError(f"no rule named {name!r}")


def _rule(row: sqlite3.Row) -> Rule:
    return Rule(
        name=row["name"],
        indicator=row["indicator"],
        condition=row["condition"],
        threshold=row["threshold"],
        channel=row["channel"],
        target=row["target"],
        subject_like=row["subject_like"],
        series_key=row["series_key"],
        backfill=bool(row["backfill"]),
        created_at=row["created_at"],
    )


def list_rules(home: str | Path) -> list[Rule]:
    if not store_path(home).exists():
        return []
    with store(home, read_only=True) as con:
        return [_rule(r) for r in con.execute("SELECT * FROM rules ORDER BY name")]


def get_rule(home: str | Path, name: str) -> Rule:
    for rule in list_rules(home):
        if rule.name == name:
            return rule
    raise AlertError(f"no rule named {name!r}")


def recent_deliveries(home: str | Path, limit: int = 200) -> list[dict]:
    """The delivery log, newest first: rule, observation, status, attempts, error, payload fields."""
    if not store_path(home).exists():
        return []
    with store(home, read_only=True) as con:
        rows = con.execute(
            "SELECT * FROM deliveries ORDER BY last_at DESC, rule, record_id LIMIT ?", [limit]
        ).fetchall()
    out = []
    for r in rows:
        payload = json.loads(r["payload"])
        out.append(
            {
                "rule": r["rule"],
                "status": r["status"],
                "attempts": r["attempts"],
                "last_error": r["last_error"],
                "run_id": r["run_id"],
                "first_at": r["first_at"],
                "last_at": r["last_at"],
                **{
                    k: payload.get(k)
                    for k in (
                        "indicator",
                        "subject",
                        "period",
                        "value",
                        "unit",
                        "previous_value",
                        "publisher",
                        "url",
                        "published_on",
                    )
                },
            }
        )
    return out


# --- evaluation -----------------------------------------------------------------------------


def _mark_seen(con: sqlite3.Connection, record_ids, run_id: str | None) -> None:
    now = _now()
    con.executemany(
        "INSERT OR IGNORE INTO seen (record_id, first_run, seen_at) VALUES (?, ?, ?)",
        [(rid, run_id, now) for rid in record_ids],
    )


def published_indicators(wh: duckdb.DuckDBPyConnection) -> set[str]:
    return {r[0] for r in wh.cursor().execute("SELECT indicator FROM core.indicators").fetchall()}


def published_ids(wh: duckdb.DuckDBPyConnection) -> list[str]:
    return [r[0] for r in wh.cursor().execute("SELECT record_id FROM core.observations").fetchall()]


def _json_value(v):
    if isinstance(v, (dt.date, dt.datetime)):
        return v.isoformat()
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v


def rule_observations(wh: duckdb.DuckDBPyConnection, rule: Rule) -> list[dict]:
    """Observations in the rule's scope, each with the series' previous figure (see observations.sql)."""
    cur = wh.cursor()
    cur.execute(
        (SQL_DIR / "observations.sql").read_text(encoding="utf-8"),
        {"indicator": rule.indicator, "subject_like": rule.subject_like, "series_key": rule.series_key},
    )
    return dict_rows(cur)


def rule_series(wh: duckdb.DuckDBPyConnection, rule: Rule) -> list[dict]:
    """The series a rule watches when it names none (--series): each is evaluated on its own, never across them;
    multi-year totals are left out (see observations.sql). Empty for a rule with --series."""
    if rule.series_key:
        return []
    cur = wh.cursor()
    cur.execute(
        (SQL_DIR / "rule_series.sql").read_text(encoding="utf-8"),
        {"indicator": rule.indicator, "subject_like": rule.subject_like},
    )
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def spans_note(rule: Rule, series: list[dict], shown: int = 3) -> str | None:
    """What `alerts add` says when the rule's indicator spans several series (None for one series or --series)."""
    if len(series) < 2:
        return None
    named = "; ".join(f"{s['subject']} ({s['figures']} figures, {s['series_kind']})" for s in series[:shown])
    more = f"; and {len(series) - shown} more" if len(series) > shown else ""
    return (
        f"note: {rule.indicator} spans {len(series)} series ({named}{more}). The rule watches each on its own "
        f"(a move is always within one series; multi-year totals are left out); to watch one, add --series KEY "
        f"(keys: fabricwatch sql \"SELECT DISTINCT series_key FROM core.observations WHERE indicator = '{rule.indicator}'\")"
    )


def matches(rule: Rule, obs: dict) -> tuple[bool, float | None]:
    """Whether one observation fires the rule, and its % change against the previous figure."""
    value, previous = obs["value"], obs.get("previous_value")
    change = None
    if previous not in (None, 0) and value is not None:
        change = (value - previous) / abs(previous) * 100.0
    if rule.condition == "above":
        return value > rule.threshold, change
    if rule.condition == "below":
        return value < rule.threshold, change
    return change is not None and abs(change) >= rule.threshold, change


def payload(rule: Rule, obs: dict, change: float | None) -> dict:
    body = {"alert": rule.name, **{k: _json_value(obs.get(k)) for k in PAYLOAD_FIELDS if k != "alert"}}
    body["change_pct"] = None if change is None else round(change, 4)
    return body


@dataclass(frozen=True)
class Pending:
    rule: Rule
    record_id: str
    payload: dict
    attempts: int = 0


def evaluate(home: str | Path, wh: duckdb.DuckDBPyConnection, run_id: str | None) -> list[Pending]:
    """Match every rule against the observations new in this release (plus backfill), record them as
    seen, and return what is to be delivered: the new matches and the earlier failed deliveries."""
    ids = published_ids(wh)
    with store(home) as con:
        rules = [_rule(r) for r in con.execute("SELECT * FROM rules ORDER BY name")]
        first_ever = not con.execute("SELECT 1 FROM seen LIMIT 1").fetchone()
        seen = {r[0] for r in con.execute("SELECT record_id FROM seen")}
        new = set() if first_ever else set(ids) - seen
        done = {(r[0], r[1]) for r in con.execute("SELECT rule, record_id FROM deliveries")}
        pending: list[Pending] = []
        for rule in rules:
            scope = None if rule.backfill else new
            if scope is not None and not scope:
                continue
            for obs in rule_observations(wh, rule):
                if (scope is not None and obs["record_id"] not in scope) or (rule.name, obs["record_id"]) in done:
                    continue
                hit, change = matches(rule, obs)
                if hit:
                    pending.append(Pending(rule, obs["record_id"], payload(rule, obs, change)))
        for row in con.execute(
            "SELECT d.*, r.name AS rname FROM deliveries AS d JOIN rules AS r ON r.name = d.rule "
            "WHERE d.status = 'failed' AND d.attempts < ? ORDER BY d.first_at",
            [MAX_ATTEMPTS],
        ):
            rule = next(r for r in rules if r.name == row["rule"])
            pending.append(Pending(rule, row["record_id"], json.loads(row["payload"]), row["attempts"]))
        _mark_seen(con, ids, run_id)
        con.execute("UPDATE rules SET backfill = 0 WHERE backfill = 1")
    return pending


def record(home: str | Path, delivered: list[tuple[Pending, str | None]], run_id: str | None) -> dict[str, int]:
    """Log the outcome of each delivery: (pending, None) sent, (pending, error) failed."""
    now = _now()
    counts = {"sent": 0, "failed": 0}
    with store(home) as con:
        for p, error in delivered:
            status = "failed" if error else "sent"
            counts[status] += 1
            con.execute(
                "INSERT INTO deliveries (rule, record_id, run_id, status, attempts, last_error, payload, first_at, last_at) "
                "VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (rule, record_id) DO UPDATE SET "
                "status = excluded.status, attempts = deliveries.attempts + 1, last_error = excluded.last_error, "
                "last_at = excluded.last_at",
                [p.rule.name, p.record_id, run_id, status, error, json.dumps(p.payload, ensure_ascii=False), now, now],
            )
    return counts


def deliver(
    pending: list[Pending], send: Callable[[str, str, str, list[dict]], None]
) -> list[tuple[Pending, str | None]]:
    """Send each rule's pending matches in one message; (pending, error or None) per observation.
    `send(channel, target, alert, observations)` raises on failure (alerts.delivery.send)."""
    by_rule: dict[str, list[Pending]] = {}
    for p in pending:
        by_rule.setdefault(p.rule.name, []).append(p)
    outcome: list[tuple[Pending, str | None]] = []
    for items in by_rule.values():
        rule = items[0].rule
        try:
            send(rule.channel, rule.target, rule.name, [p.payload for p in items])
            error = None
        except Exception as exc:  # noqa: BLE001 - any failure is logged and retried, never raised
            error = str(exc) or type(exc).__name__
        outcome.extend((p, error) for p in items)
    return outcome


def run_after_publish(
    home: str | Path,
    wh: duckdb.DuckDBPyConnection,
    run_id: str | None,
    send: Callable[[str, str, str, list[dict]], None],
) -> dict[str, int]:
    """Evaluate every rule on the published release, deliver, log. Counts of matched/sent/failed."""
    if not store_path(home).exists():
        return {"rules": 0, "matched": 0, "sent": 0, "failed": 0}
    pending = evaluate(home, wh, run_id)
    counts = record(home, deliver(pending, send), run_id)
    return {"rules": len(list_rules(home)), "matched": len(pending), **counts}
