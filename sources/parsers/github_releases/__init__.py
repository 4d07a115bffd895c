"""GitHub releases API JSON (`GET /repos/{owner}/{repo}/releases`) → software-release events.

One event per published release (drafts have no publish date and are skipped). The repository
comes from the document address (API or web), else from the releases' own `html_url`.
"""

from __future__ import annotations

import datetime as dt
import json
import re

from sources.document import Document
from sources.records import Event, ParseError, Provenance, Records

# Who publishes each tracked project (the repository owner's own name for itself).
PUBLISHERS = {
    "NVIDIA/nccl": "NVIDIA",
    "linux-rdma/rdma-core": "linux-rdma (rdma-core maintainers)",
    "linux-rdma/perftest": "linux-rdma (perftest maintainers)",
    "ofiwg/libfabric": "OpenFabrics Interfaces Working Group",
    "openucx/ucx": "OpenUCX (UCF Consortium)",
}
VENDORS = {"NVIDIA/nccl": "NVIDIA"}
_REPO_IN_URL = re.compile(r"(?:api\.github\.com/repos|github\.com)/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)")
_REQUIRED = ("tag_name", "published_at", "html_url")
DESCRIPTION_CHARS = 300


def releases(doc: Document) -> tuple[str, list[dict]]:
    """(repository, releases as the API gives them, drafts dropped)."""
    if not doc.body.strip():
        raise ParseError("empty document: no releases JSON")
    try:
        data = json.loads(doc.text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"not JSON: {exc}") from exc
    if isinstance(data, dict):
        message = data.get("message") or ", ".join(sorted(data)[:5])
        raise ParseError(f"expected a list of releases, got an object ({message})")
    if not isinstance(data, list) or not data:
        raise ParseError("no releases in the document (the tracked repositories all have some)")
    for i, item in enumerate(data):
        missing = [k for k in _REQUIRED if not isinstance(item, dict) or k not in item]
        if missing:
            raise ParseError(f"release {i} lacks {missing}: the API layout changed")
    repo = _repo(doc.url) or _repo(data[0]["html_url"])
    if repo is None:
        raise ParseError("repository not found in the document address or the releases' html_url")
    published = [r for r in data if not r.get("draft") and r.get("published_at")]
    if not published:
        raise ParseError("only draft releases (no published_at)")
    return repo, published


def parse(doc: Document) -> Records:
    repo, items = releases(doc)
    events = []
    for item in items:
        when = _date(item["published_at"])
        tag = item["tag_name"]
        name = (item.get("name") or "").strip()
        title = tag if not name or name == tag else f"{name} ({tag})"
        events.append(
            Event(
                event_date=when,
                date_precision="day",
                category="software_release",
                subject=repo,
                title=title,
                description=_description(item),
                vendor=VENDORS.get(repo),
                prov=Provenance(
                    source_id=doc.source_id,
                    publisher=PUBLISHERS.get(repo, repo.split("/")[0]),
                    title=f"{repo} release {tag}",
                    url=item["html_url"],
                    published_on=when,
                    evidence=f"tag_name={tag} published_at={item['published_at']}",
                    document_sha=doc.sha256,
                ),
            )
        )
    skipped = len(json.loads(doc.text)) - len(items)
    warnings = [f"{repo}: {skipped} draft release(s) skipped"] if skipped else []
    return Records(events=events, warnings=warnings)


def cli_json(doc: Document) -> dict:
    repo, items = releases(doc)
    return {
        "repo": repo,
        "releases": [
            {
                "tag": r["tag_name"],
                "name": r.get("name"),
                "published_on": _date(r["published_at"]).isoformat(),
                "prerelease": bool(r.get("prerelease")),
                "url": r["html_url"],
            }
            for r in items
        ],
    }


def _description(item: dict) -> str | None:
    body = (item.get("body") or "").strip()
    first = next((line.strip(" #*-\t") for line in body.splitlines() if line.strip(" #*-\t")), "")
    if len(first) > DESCRIPTION_CHARS:
        first = first[: DESCRIPTION_CHARS - 1].rstrip() + "…"
    prefix = "Pre-release. " if item.get("prerelease") else ""
    return (prefix + first) or None


def _date(value: str) -> dt.date:
    try:
        return dt.datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except (AttributeError, ValueError) as exc:
        raise ParseError(f"published_at is not an ISO timestamp: {value!r}") from exc


def _repo(url: str | None) -> str | None:
    m = _REPO_IN_URL.search(url or "")
    return m.group(1) if m else None
