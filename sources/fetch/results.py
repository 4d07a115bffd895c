"""What a fetch run produced, as plain data: the rows `warehouse/raw.py` stores.

Only the standard library: storage takes these types without importing the fetch engine (httpx,
protego, robots, snapshots). The engine (http.py, fetchers.py, changes.py, runs.py) builds them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


# -- one request and one URL's answer (sources/fetch/http.py) --------------------------------
@dataclass(frozen=True)
class Attempt:
    """One HTTP request (a row of raw.fetch_log)."""

    url: str
    purpose: str  # page | robots
    attempt: int  # 1-based, per URL and hop
    started_at: dt.datetime
    outcome: str  # ok | not_modified | redirect | retry | error | disallowed
    status: int | None = None
    bytes: int = 0  # body bytes read (after content-encoding)
    wire_bytes: int = 0  # bytes received on the wire
    elapsed_ms: float = 0.0
    error_class: str | None = None
    error_message: str | None = None
    retry_after_s: float | None = None


@dataclass(frozen=True)
class HttpResult:
    url: str
    final_url: str
    outcome: str  # fetched | not_modified | disallowed | error
    status: int | None
    fetched_at: dt.datetime
    attempts: tuple[Attempt, ...]
    body: bytes | None = None
    content_type: str | None = None  # media type, no parameters
    encoding: str | None = None  # Python codec the text decodes with (text types only)
    headers: dict[str, str] = field(default_factory=dict)
    error_class: str | None = None
    error_message: str | None = None

    @property
    def etag(self) -> str | None:
        return self.headers.get("etag")

    @property
    def last_modified(self) -> str | None:
        return self.headers.get("last-modified")


# -- what was known before, what came back (sources/fetch/fetchers.py) ------------------------
@dataclass(frozen=True)
class KnownVersion:
    """The current version of a URL before this run."""

    sha256: str
    etag: str | None = None
    last_modified: str | None = None
    bytes: int | None = None


@dataclass(frozen=True)
class Fetched:
    http: HttpResult
    recorded: str | None = None  # live | third-party-copy | inbox
    title: str | None = None
    published_on: str | None = None
    recorded_at: str | None = None  # a replay: the day its recording was made (YYYY-MM-DD)


# -- a new version's text change (sources/fetch/changes.py) ------------------------------------
@dataclass(frozen=True)
class TextChange:
    """A new version of a URL compared with the previous one (a row of raw.changes)."""

    url: str
    new_sha256: str
    old_sha256: str | None
    change_kind: str  # first_seen | changed
    added_lines: int
    removed_lines: int
    old_chars: int
    new_chars: int
    size_delta_bytes: int
    diff: str | None  # unified diff of the main text (None for first_seen)
    diff_truncated: bool = False

    @property
    def text_changed(self) -> bool:
        """False when only markup/boilerplate changed (the body hash differs, the text does not)."""
        return self.change_kind == "first_seen" or bool(self.added_lines or self.removed_lines)


# -- a run's results (sources/fetch/runs.py) ---------------------------------------------------
@dataclass(frozen=True)
class UrlOutcome:
    source_id: str
    url: str
    role: str  # page | index
    fetched: Fetched
    sha256: str | None = None  # the URL's current body after this run (new or reused)
    size: int | None = None
    new_version: bool = False
    change: TextChange | None = None
    processing_s: float = 0.0  # CPU seconds: storing + text extraction + diff

    @property
    def outcome(self) -> str:
        return self.fetched.http.outcome

    @property
    def is_error(self) -> bool:
        return self.outcome in ("error", "disallowed")


@dataclass
class SourceReport:
    source_id: str
    mode: str
    outcomes: list[UrlOutcome] = field(default_factory=list)
    tracking_errors: list[str] = field(default_factory=list)  # change tracking failed (version kept)

    def count(self, *outcomes: str) -> int:
        return sum(1 for o in self.outcomes if o.outcome in outcomes)

    @property
    def changed(self) -> int:
        return sum(1 for o in self.outcomes if o.new_version)

    @property
    def errors(self) -> int:
        return sum(1 for o in self.outcomes if o.is_error)

    @property
    def bytes(self) -> int:
        return sum(len(o.fetched.http.body or b"") for o in self.outcomes)

    @property
    def status(self) -> str:
        """ok-ish first: changed | unchanged | partial (some errors) | error | not_recorded | empty."""
        if not self.outcomes:
            return "empty"
        n, errors = len(self.outcomes), self.errors
        not_recorded = self.count("not_recorded")
        if errors == n:
            return "error"
        if not_recorded + errors == n:
            return "not_recorded" if errors == 0 else "error"
        if errors:
            return "partial"
        return "changed" if self.changed else "unchanged"

    def summary(self) -> dict[str, int | str]:
        return {
            "status": self.status,
            "urls": len(self.outcomes),
            "fetched": self.count("fetched", "replayed", "read"),
            "not_modified": self.count("not_modified"),
            "changed": self.changed,
            "errors": self.errors,
            "not_recorded": self.count("not_recorded"),
            "bytes": self.bytes,
        }

    def error_lines(self) -> list[str]:
        return [
            f"{o.url}: {o.fetched.http.error_class}: {o.fetched.http.error_message}"
            for o in self.outcomes
            if o.is_error or o.outcome == "not_recorded"
        ] + self.tracking_errors


@dataclass
class FetchRun:
    run_id: str
    mode: str
    started_at: dt.datetime
    fetched_at: dt.datetime | None = None  # end of the network phase
    finished_at: dt.datetime | None = None  # end of change tracking
    reports: dict[str, SourceReport] = field(default_factory=dict)

    @property
    def outcomes(self) -> list[UrlOutcome]:
        return [o for r in self.reports.values() for o in r.outcomes]

    @property
    def processing_s(self) -> float:
        return sum(o.processing_s for o in self.outcomes)
