"""Discovery through the GitHub REST API: new repositories of an organisation, their files at a commit.

Used by sources whose documents are files in a series of repositories (MLPerf Training results:
one `mlcommons/training_results_vX.Y` repository per round). Pure functions of response bodies:
the fetcher calls `expand()` on each index body it stores and follows what it returns.

1. the organisation's repositories, newest first (`GET /orgs/{org}/repos?sort=created&direction=desc`):
   repositories whose name matches the discovery's `link_pattern`, skipping those already recorded,
   at most `max_items` → `GET /repos/{org}/{repo}/commits/{default_branch}` (index);
2. the head commit → `GET /repos/{org}/{repo}/git/trees/{commit}?recursive=1` (index);
3. the tree → every blob whose path matches `file_pattern`, as
   `{raw_base}/{org}/{repo}/{commit}/{path}` (page): the file pinned at that commit.
Anything else, or a body that is not the JSON expected, yields nothing (and the report shows an
index with no follow-up rather than a crash).
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote, urlsplit

from sources.registry import FEED, HTML, Source

_REPOS = re.compile(r"^/orgs/([^/]+)/repos$")
_COMMIT = re.compile(r"^/repos/([^/]+)/([^/]+)/commits/[^/]+$")
_TREE = re.compile(r"^/repos/([^/]+)/([^/]+)/git/trees/([0-9a-f]{40})$")


def expand(
    url: str,
    body: bytes,
    *,
    link_pattern: str,
    file_pattern: str,
    raw_base: str,
    max_items: int,
    recorded_urls: frozenset[str] = frozenset(),
) -> list[tuple[str, str]]:
    """(url, role) pairs to fetch next from one API response."""
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return []
    if m := _REPOS.match(parts.path):
        if not isinstance(data, list):
            return []
        org, pattern, out = m.group(1), re.compile(link_pattern), []
        for repo in data:
            name = repo.get("name") if isinstance(repo, dict) else None
            if not name or not pattern.search(name):
                continue
            prefix = f"{raw_base.rstrip('/')}/{org}/{name}/"
            if any(u.startswith(prefix) for u in recorded_urls):
                continue  # a round already recorded: replayed, not fetched again
            branch = repo.get("default_branch") or "main"
            out.append((f"{origin}/repos/{org}/{quote(name)}/commits/{quote(branch)}", "index"))
            if len(out) >= max_items:
                break
        return out
    if m := _COMMIT.match(parts.path):
        sha = data.get("sha") if isinstance(data, dict) else None
        if not isinstance(sha, str) or not re.fullmatch(r"[0-9a-f]{40}", sha):
            return []
        return [(f"{origin}/repos/{m.group(1)}/{m.group(2)}/git/trees/{sha}?recursive=1", "index")]
    if m := _TREE.match(parts.path):
        entries = data.get("tree") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            return []
        pattern = re.compile(file_pattern)
        org, repo, sha = m.groups()
        return [
            (f"{raw_base.rstrip('/')}/{org}/{repo}/{sha}/{quote(e['path'])}", "page")
            for e in entries
            if isinstance(e, dict)
            and e.get("type") == "blob"
            and isinstance(e.get("path"), str)
            and pattern.search(e["path"])
        ]
    return []


def index_accept(source: Source) -> tuple[str, ...]:
    """Content types an index response of `source` may have: API JSON here, HTML or feeds otherwise."""
    if source.discovery is not None and source.discovery.kind == "github_repos":
        return ("application/json",)
    return HTML + FEED


def github_links(source: Source, url: str, body: bytes, recorded_urls: frozenset[str]) -> list[tuple[str, str]]:
    """`expand()` with the source's discovery settings; addresses off its allowlist are dropped."""
    d = source.discovery
    links = expand(
        url,
        body,
        link_pattern=d.link_pattern,
        file_pattern=d.file_pattern or "",
        raw_base=d.raw_base or "",
        max_items=d.max_items,
        recorded_urls=recorded_urls,
    )
    return [(link, role) for link, role in links if (urlsplit(link).hostname or "") in source.hosts]
