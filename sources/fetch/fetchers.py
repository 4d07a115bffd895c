"""The fetcher interface and its three implementations: live (httpx), record (live, and write the
response into sources/snapshots/), replay (the recorded responses; the offline default).

The HTTP client (sources/fetch/http.py, httpx) is imported when a live or recording fetcher is made: a
replay needs no network code, and importing httpx cost ~0.1-0.45 s of an offline ingest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from sources.clock import utcnow
from sources.fetch.content import CharsetError, decode_text, is_text_type, sniff_media_type
from sources.fetch.modes import MODES
from sources.fetch.results import Attempt, Fetched, HttpResult, KnownVersion
from sources.registry import Source
from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore

if TYPE_CHECKING:
    from sources.fetch.http import HttpClient, HttpConfig


class Fetcher(Protocol):
    mode: str

    def fetch(self, source: Source, url: str, *, accept: tuple[str, ...], known: KnownVersion | None) -> Fetched: ...

    def extra_urls(self, source: Source) -> list[str]: ...

    def close(self) -> None: ...


# -- the three fetchers ---------------------------------------------------------------------
class ReplayFetcher:
    """Offline: answer from the recordings in sources/snapshots/ and never touch the network."""

    mode = "offline"

    def __init__(self, snapshots: RecordedSnapshots | None = None):
        self.snapshots = snapshots or RecordedSnapshots()

    def fetch(self, source: Source, url: str, *, accept: tuple[str, ...], known: KnownVersion | None) -> Fetched:
        now = utcnow()
        rec = self.snapshots.lookup(source.source_id, url)
        if rec is None:
            msg = f"no recorded response for {url} in sources/snapshots/{source.source_id}/"
            attempt = Attempt(url, "replay", 1, now, "not_recorded", error_class="NotRecorded", error_message=msg)
            return Fetched(
                HttpResult(
                    url, url, "not_recorded", None, now, (attempt,), error_class="NotRecorded", error_message=msg
                )
            )
        media = (rec.content_type or "").split(";")[0].strip().lower() or sniff_media_type(rec.body)
        encoding = None
        if is_text_type(media):
            try:
                encoding = decode_text(rec.body, rec.content_type, media)[1]
            except CharsetError:
                encoding = None
        attempt = Attempt(url, "replay", 1, now, "replayed", rec.status, len(rec.body), 0, 0.0)
        headers = {"content-type": rec.content_type} if rec.content_type else {}
        return Fetched(
            HttpResult(
                url,
                url,
                "replayed",
                rec.status,
                now,
                (attempt,),
                body=rec.body,
                content_type=media,
                encoding=encoding,
                headers=headers,
            ),
            recorded=rec.recorded,
            title=rec.title,
            published_on=rec.published_on,
            recorded_at=rec.recorded_at,
        )

    def extra_urls(self, source: Source) -> list[str]:
        return [e["url"] for e in self.snapshots.manifest(source.source_id).get("entries", [])]

    def close(self) -> None:
        pass


class LiveFetcher:
    """Live: the polite HTTP client; conditional GET when the previous body is in the store."""

    mode = "live"

    def __init__(self, config: HttpConfig | None = None, client: HttpClient | None = None):
        if client is None:
            from sources.fetch.http import HttpClient

            client = HttpClient(config)
        self.client = client

    def fetch(self, source: Source, url: str, *, accept: tuple[str, ...], known: KnownVersion | None) -> Fetched:
        result = self.client.get(
            url,
            allowed_hosts=source.hosts,
            accept=accept,
            etag=known.etag if known else None,
            last_modified=known.last_modified if known else None,
            obey_robots=source.obey_robots,
        )
        return Fetched(result, recorded="live")

    def extra_urls(self, source: Source) -> list[str]:
        return []

    def close(self) -> None:
        self.client.close()


class RecordingFetcher(LiveFetcher):
    """Record: live, and every 200 (or 304 of a stored body) written into sources/snapshots/."""

    mode = "record"

    def __init__(
        self,
        store: SnapshotStore,
        snapshots: RecordedSnapshots | None = None,
        config: HttpConfig | None = None,
        client: HttpClient | None = None,
    ):
        super().__init__(config, client)
        self.store = store
        self.snapshots = snapshots or RecordedSnapshots()

    def fetch(self, source: Source, url: str, *, accept: tuple[str, ...], known: KnownVersion | None) -> Fetched:
        fetched = super().fetch(source, url, accept=accept, known=known)
        r = fetched.http
        body = (
            r.body
            if r.outcome == "fetched"
            else (self.store.get(known.sha256) if r.outcome == "not_modified" and known else None)
        )
        if body is not None:
            self.snapshots.record(
                source.source_id,
                url,
                body,
                content_type=r.headers.get("content-type"),
                status=200,
                recorded_at=r.fetched_at.date().isoformat(),
            )
        return fetched


def make_fetcher(
    mode: str, *, store: SnapshotStore, config: HttpConfig | None = None, snapshots: RecordedSnapshots | None = None
) -> Fetcher:
    if mode == "offline":
        return ReplayFetcher(snapshots)
    if mode == "live":
        return LiveFetcher(config)
    if mode == "record":
        return RecordingFetcher(store, snapshots, config)
    raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
