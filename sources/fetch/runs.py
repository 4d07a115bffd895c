"""Fetch many sources at once: one fetcher interface (live, record, replay), one generic
store-and-diff step, concurrency across hosts with one request at a time per host.

No warehouse here: the caller passes what is already known per URL (previous sha256, ETag,
Last-Modified; see `warehouse.raw.known_versions`) and writes the returned `FetchRun`.
"""

from __future__ import annotations

import mimetypes
import re
import threading
import time
import uuid
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Mapping
from urllib.parse import urljoin, urlsplit, urldefrag

from sources.fetch.changes import EXTRACTOR_VERSION, compare_versions, extract_text
from sources.fetch.content import CharsetError, decode_text, is_text_type, sniff_media_type
from sources.fetch.fetchers import Fetcher, ReplayFetcher
from sources.fetch.github_discovery import github_links, index_accept
from sources.clock import utcnow
from sources.fetch.results import Attempt, Fetched, FetchRun, HttpResult, KnownVersion, SourceReport, UrlOutcome
from sources.registry import Source
from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore, VersionMeta

# Outcomes that carry a body to store.
BODY_OUTCOMES = ("fetched", "replayed", "read")


# -- orchestration ---------------------------------------------------------------------------
def fetch_sources(
    sources: Iterable[Source],
    fetcher: Fetcher,
    store: SnapshotStore,
    *,
    known: Mapping[str, KnownVersion] | None = None,
    inbox_root: str | Path | None = None,
    snapshots: RecordedSnapshots | None = None,
    max_workers: int = 32,
    run_id: str | None = None,
) -> FetchRun:
    """Fetch (or replay) every URL of every source; one failure never stops the others.

    Sources without web addresses (nccl_logs, top500_lists) always replay their recorded
    corpus and read their inbox folder, whatever the mode.
    """
    sources = list(sources)
    known = dict(known or {})
    snapshots = snapshots or getattr(fetcher, "snapshots", None) or RecordedSnapshots()
    replay = fetcher if isinstance(fetcher, ReplayFetcher) else ReplayFetcher(snapshots)
    run = FetchRun(run_id or uuid.uuid4().hex[:12], fetcher.mode, utcnow())
    run.reports = {s.source_id: SourceReport(s.source_id, fetcher.mode) for s in sources}
    lock = threading.Lock()
    seen: set[tuple[str, str]] = set()
    recorded_urls = frozenset(u for s in sources if s.replay_recorded for u in replay.extra_urls(s))

    # Change tracking (main text + diff of each new version) runs on one worker while the network
    # phase goes on: lxml parses without holding the GIL for long, so the fetch threads keep every
    # host's schedule, and the tracking is done by the time the last response arrives.
    tracker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="track")
    tracking: list[tuple[SourceReport, int, object]] = []

    def track(o: UrlOutcome) -> tuple[UrlOutcome, str | None]:
        t0 = time.thread_time()
        try:
            o = track_change(store, o, _usable(known.get(o.url), store))
            error = None
        except Exception as exc:  # a page the extractor chokes on keeps its version, loses its diff
            error = f"{o.url}: {type(exc).__name__}: {exc}"
        return replace(o, processing_s=o.processing_s + time.thread_time() - t0), error

    def record(outcome: UrlOutcome) -> None:
        with lock:
            report = run.reports[outcome.source_id]
            report.outcomes.append(outcome)
            if outcome.new_version:
                tracking.append((report, len(report.outcomes) - 1, tracker.submit(track, outcome)))

    def process(source: Source, url: str, role: str, fetched: Fetched) -> UrlOutcome:
        t0 = time.thread_time()  # CPU time: the work itself, not waits for the GIL or the network
        outcome = _store(store, source, url, role, fetched, _usable(known.get(url), store))
        return replace(outcome, processing_s=time.thread_time() - t0)

    def web_task(source: Source, url: str, role: str):
        def run_task() -> None:
            try:
                accept = index_accept(source) if role == "index" else source.accept
                fetched = fetcher.fetch(source, url, accept=accept, known=_usable(known.get(url), store))
                outcome = process(source, url, role, fetched)
            except Exception as exc:  # a bug in one URL must not sink the run: report it as that URL's error
                outcome = _crash(source, url, role, exc)
            record(outcome)
            if role == "index" and outcome.sha256 and source.discovery:
                body = store.get(outcome.sha256)
                if source.discovery.kind == "github_repos":
                    for link, next_role in github_links(source, outcome.fetched.http.final_url, body, recorded_urls):
                        submit(source, link, next_role)
                    return
                links = discover_links(
                    body,
                    outcome.fetched.http.final_url,
                    source.discovery.link_pattern,
                    source.discovery.max_items,
                    outcome.fetched.http.encoding,
                    allowed_hosts=source.hosts,
                )
                for link in links:
                    submit(source, link, "page")

        return run_task

    def local_task(source: Source, url: str, fetched_fn):
        def run_task() -> None:
            try:
                outcome = process(source, url, "page", fetched_fn())
            except Exception as exc:
                outcome = _crash(source, url, "page", exc)
            record(outcome)

        return run_task

    with _HostQueues(max_workers) as queues:

        def submit(source: Source, url: str, role: str) -> None:
            with lock:
                if (source.source_id, url) in seen:
                    return
                seen.add((source.source_id, url))
            queues.submit(urlsplit(url).netloc, web_task(source, url, role))

        for source in sources:
            if source.fetches_web and source.replay_recorded and fetcher is not replay:
                for url in replay.extra_urls(source):  # the recorded corpus, whatever the mode
                    with lock:
                        seen.add((source.source_id, url))
                    queues.submit(
                        f"local:{source.source_id}",
                        local_task(
                            source, url, lambda s=source, u=url: replay.fetch(s, u, accept=s.accept, known=None)
                        ),
                    )
            if source.fetches_web:
                if source.discovery:
                    submit(source, source.discovery.index_url, "index")
                for url in list(source.urls) + fetcher.extra_urls(source):
                    submit(source, url, "page")
            else:
                for url in replay.extra_urls(source):
                    with lock:
                        seen.add((source.source_id, url))
                    queues.submit(
                        f"local:{source.source_id}",
                        local_task(
                            source, url, lambda s=source, u=url: replay.fetch(s, u, accept=s.accept, known=None)
                        ),
                    )
            if source.inbox and inbox_root is not None:
                for path in sorted(Path(inbox_root, source.inbox).glob("*")):
                    if path.is_file() and not path.name.startswith("."):
                        url = f"inbox:{source.inbox}/{path.name}"
                        queues.submit(
                            f"local:{source.source_id}",
                            local_task(source, url, lambda p=path, u=url: _read_inbox_file(p, u)),
                        )
        queues.wait()
    run.fetched_at = utcnow()
    tracker.shutdown(wait=True)
    for report, i, future in tracking:
        report.outcomes[i], error = future.result()
        if error:
            report.tracking_errors.append(error)
    run.finished_at = utcnow()
    return run


def _usable(known: KnownVersion | None, store: SnapshotStore) -> KnownVersion | None:
    """Conditional GET only when the body a 304 would point to is really in the store."""
    return known if known is not None and store.has(known.sha256) else None


def _store(
    store: SnapshotStore, source: Source, url: str, role: str, fetched: Fetched, known: KnownVersion | None
) -> UrlOutcome:
    """Keep the body (once, by hash) and say whether it is a new version of the URL."""
    r = fetched.http
    if r.outcome == "not_modified" and known is not None:
        return UrlOutcome(source.source_id, url, role, fetched, known.sha256, known.bytes)
    if r.outcome not in BODY_OUTCOMES or r.body is None:
        return UrlOutcome(source.source_id, url, role, fetched)
    digest, _ = store.put(r.body)
    if known is not None and known.sha256 == digest:
        # Same body as before: no text extraction, no diff, no new version.
        return UrlOutcome(source.source_id, url, role, fetched, digest, len(r.body))
    store.add_meta(
        VersionMeta(
            digest,
            source.source_id,
            url,
            r.final_url,
            r.status,
            r.fetched_at.isoformat(),
            fetched.recorded or "live",
            r.content_type,
            r.encoding,
            dict(r.headers),
            fetched.title,
            fetched.published_on,
        )
    )
    return UrlOutcome(source.source_id, url, role, fetched, digest, len(r.body), True)


def track_change(store: SnapshotStore, outcome: UrlOutcome, known: KnownVersion | None) -> UrlOutcome:
    """Main text of a new version and its diff against the previous one (texts cached by hash)."""
    if not outcome.new_version or outcome.sha256 is None:
        return outcome
    r = outcome.fetched.http
    new_text = _text(
        store, outcome.sha256, r.body if r.body is not None else store.get(outcome.sha256), r.content_type, r.encoding
    )
    old_text, old_size = None, None
    if known is not None and store.has(known.sha256):
        old_body = store.get(known.sha256)
        old_size = len(old_body)
        old_meta = (store.metas(known.sha256) or [{}])[-1]
        old_text = _text(
            store,
            known.sha256,
            old_body,
            old_meta.get("content_type") or r.content_type,
            old_meta.get("encoding") or r.encoding,
        )
    change = compare_versions(
        outcome.url,
        new_sha256=outcome.sha256,
        new_text=new_text,
        new_size=outcome.size or 0,
        old_sha256=known.sha256 if old_text is not None else None,
        old_text=old_text,
        old_size=old_size,
    )
    return replace(outcome, change=change)


def _text(store: SnapshotStore, digest: str, body: bytes, content_type: str | None, encoding: str | None) -> str:
    cached = store.cached_text(digest, EXTRACTOR_VERSION)
    if cached is None:
        cached = extract_text(body, content_type, encoding)
        store.cache_text(digest, EXTRACTOR_VERSION, cached)
    return cached


def _read_inbox_file(path: Path, url: str) -> Fetched:
    now = utcnow()
    body = path.read_bytes()
    media = mimetypes.guess_type(path.name)[0] or sniff_media_type(body)
    if path.suffix.lower() in (".log", ".out"):
        media = "text/plain"
    encoding = None
    if is_text_type(media):
        try:
            encoding = decode_text(body, None, media)[1]
        except CharsetError:
            encoding = None
    attempt = Attempt(url, "inbox", 1, now, "read", None, len(body), 0, 0.0)
    return Fetched(
        HttpResult(url, url, "read", None, now, (attempt,), body=body, content_type=media, encoding=encoding),
        recorded="inbox",
        title=path.name,
    )


def _crash(source: Source, url: str, role: str, exc: Exception) -> UrlOutcome:
    now = utcnow()
    msg = f"{type(exc).__name__}: {exc}"
    attempt = Attempt(url, role, 1, now, "error", error_class="InternalError", error_message=msg)
    return UrlOutcome(
        source.source_id,
        url,
        role,
        Fetched(HttpResult(url, url, "error", None, now, (attempt,), error_class="InternalError", error_message=msg)),
    )


_HREF = re.compile(r"""(?:href|src)\s*=\s*["']([^"'#\s]+)""", re.I)
_FEED_LINK = re.compile(r"<link>\s*([^<\s]+)\s*</link>", re.I)


def discover_links(
    body: bytes,
    base_url: str,
    link_pattern: str,
    max_items: int,
    encoding: str | None = None,
    allowed_hosts: frozenset[str] | None = None,
) -> list[str]:
    """Item addresses on an index page or feed: absolute, de-duplicated, in page order, matching
    `link_pattern` and on `allowed_hosts` (when given), at most `max_items`. Regex over href attributes and RSS <link> elements: an
    index is a list of links, and a tag-soup parse adds nothing here."""
    text = body.decode(encoding or "utf-8", errors="replace")
    pattern = re.compile(link_pattern)
    found: list[str] = []
    for m in list(_HREF.finditer(text)) + list(_FEED_LINK.finditer(text)):
        url = urldefrag(urljoin(base_url, m.group(1).replace("&amp;", "&")))[0]
        if allowed_hosts is not None and (urlsplit(url).hostname or "") not in allowed_hosts:
            continue
        if pattern.search(url) and url not in found:
            found.append(url)
            if len(found) >= max_items:
                break
    return found


class _HostQueues:
    """A thread pool fed per host: each host's tasks run one after another in one worker, so no
    worker ever sits waiting on a busy host while other hosts have work. Tasks may submit more."""

    def __init__(self, max_workers: int):
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="fetch")
        self._queues: dict[str, deque] = {}
        self._active: set[str] = set()
        self._pending = 0
        self._cond = threading.Condition()

    def submit(self, key: str, task) -> None:
        with self._cond:
            self._pending += 1
            self._queues.setdefault(key, deque()).append(task)
            if key in self._active:
                return
            self._active.add(key)
        self._pool.submit(self._drain, key)

    def _drain(self, key: str) -> None:
        while True:
            with self._cond:
                queue = self._queues[key]
                if not queue:
                    self._active.discard(key)
                    return
                task = queue.popleft()
            try:
                task()
            finally:
                with self._cond:
                    self._pending -= 1
                    self._cond.notify_all()

    def wait(self) -> None:
        with self._cond:
            while self._pending:
                self._cond.wait()

    def __enter__(self) -> "_HostQueues":
        return self

    def __exit__(self, *exc) -> None:
        self._pool.shutdown(wait=True)
