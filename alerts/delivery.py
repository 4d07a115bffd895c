"""Delivering watch-rule matches: the outbound side of the network layer.

- webhook: one JSON POST per rule and release, `{"alert", "count", "observations": [...]}` where every
  observation object carries `alert`, `indicator`, `subject`, `series_key`, `period`, `value`, `unit`,
  `previous_value`, `kind`, `publisher`, `url`, `published_on`, `evidence` (httpx, the project's HTTP client);
- email: one message per rule and release through SMTP; host, port and credentials only from the
  environment (`FABRICWATCH_SMTP_HOST`, `_PORT`, `_USER`, `_PASSWORD`, `_FROM`, `_STARTTLS`);
- apprise: any channel Apprise knows (Slack, Teams, ntfy, Telegram, ...) by its URL, through the
  `apprise` library (what changedetection.io uses), so analysts use the channel they already have.

Credentials are never logged or stored: errors name the channel and the failure, not the secret.
"""

from __future__ import annotations

import json
import smtplib
from email.message import EmailMessage
from typing import Mapping, Sequence

import httpx

from sources import settings

USER_AGENT = "fabricwatch-alerts/1 (+https://github.com/fabricwatch)"
TIMEOUT_S = 10.0


class DeliveryError(RuntimeError):
    """A message was not delivered; the text says why without any credential."""


def _summary(alert: str, observations: Sequence[Mapping]) -> tuple[str, str]:
    title = f"fabricwatch: {alert} ({len(observations)} new figure{'s' if len(observations) != 1 else ''})"
    lines = []
    for o in observations:
        change = f" ({o['change_pct']:+.1f}% vs {o['previous_value']:g})" if o.get("change_pct") is not None else ""
        lines.append(
            f"- {o['indicator']} · {o['subject']} · {o['period']}: {o['value']:g} {o['unit']}{change}\n"
            f"  {o['publisher']}, {o.get('published_on') or 'n.d.'} — {o.get('url') or ''}\n"
            f'  "{o.get("evidence") or ""}"'
        )
    return title, "\n".join(lines)


def send_webhook(url: str, alert: str, observations: Sequence[Mapping], client: httpx.Client | None = None) -> None:
    body = {"alert": alert, "count": len(observations), "observations": list(observations)}
    try:
        if client is None:
            with httpx.Client(timeout=TIMEOUT_S, headers={"User-Agent": USER_AGENT}) as c:
                response = c.post(url, json=body)
        else:
            response = client.post(url, json=body)
    except httpx.HTTPError as exc:
        raise DeliveryError(f"webhook: {type(exc).__name__}") from None
    if response.status_code >= 300:
        raise DeliveryError(f"webhook answered HTTP {response.status_code}")


def smtp_settings(env: Mapping[str, str] | None = None) -> dict:
    """SMTP settings from the environment (sources/settings.py), or from `env` when given (tests)."""

    def get(name: str) -> str:
        return settings.get(f"FABRICWATCH_SMTP_{name}", env)

    host = get("HOST")
    if not host:
        raise DeliveryError("email: set FABRICWATCH_SMTP_HOST (and _PORT, _USER, _PASSWORD, _FROM) to send email")
    port = int(get("PORT") or "587")
    starttls = (get("STARTTLS") or ("1" if port == 587 else "0")) not in ("0", "false", "no")
    return {
        "host": host,
        "port": port,
        "user": get("USER") or None,
        "password": get("PASSWORD") or None,
        "sender": get("FROM") or "fabricwatch@localhost",
        "starttls": starttls,
    }


def send_email(address: str, alert: str, observations: Sequence[Mapping], env: Mapping[str, str] | None = None) -> None:
    cfg = smtp_settings(env)
    title, text = _summary(alert, observations)
    msg = EmailMessage()
    msg["Subject"], msg["From"], msg["To"] = title, cfg["sender"], address
    msg.set_content(text + "\n\n" + json.dumps(list(observations), indent=1, ensure_ascii=False))
    try:
        with smtplib.SMTP(cfg["host"], cfg["port"], timeout=TIMEOUT_S) as smtp:
            if cfg["starttls"]:
                smtp.starttls()
            if cfg["user"]:
                smtp.login(cfg["user"], cfg["password"] or "")
            smtp.send_message(msg)
    except (OSError, smtplib.SMTPException) as exc:
        raise DeliveryError(f"email via {cfg['host']}:{cfg['port']}: {type(exc).__name__}") from None


def send_apprise(url: str, alert: str, observations: Sequence[Mapping]) -> None:
    try:
        import apprise
    except ImportError:  # pragma: no cover - a dependency of the project
        raise DeliveryError("apprise is not installed") from None
    notifier = apprise.Apprise()
    if not notifier.add(url):
        raise DeliveryError("apprise: the notification URL is not one Apprise understands")
    title, body = _summary(alert, observations)
    if not notifier.notify(title=title, body=body):
        raise DeliveryError("apprise: the notification was not delivered")


def send(channel: str, target: str, alert: str, observations: Sequence[Mapping]) -> None:
    """Deliver one rule's matches by its channel; DeliveryError when it did not go through."""
    if channel == "webhook":
        send_webhook(target, alert, observations)
    elif channel == "email":
        send_email(target, alert, observations)
    elif channel == "apprise":
        send_apprise(target, alert, observations)
    else:
        raise DeliveryError(f"unknown channel {channel!r}")
