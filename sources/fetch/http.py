"""The polite HTTP client (httpx): one request at a time per host, robots.txt, retries, caps.

`HttpClient.get()` never raises for a fetch problem: it returns an `HttpResult` whose
`outcome` is fetched | not_modified | disallowed | error, with every attempt (robots.txt
fetches and redirect hops included) in `attempts`, so the caller can log them all.
Thread-safe: many threads may call `get()` for different hosts at once.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import random
import socket
import threading
import time
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin, urlsplit

import httpx
from protego import Protego

from sources import settings
from sources.clock import utcnow
from sources.fetch.results import Attempt, HttpResult

from sources.fetch.content import ContentError, check_content_type, decode_text, is_text_type

PROJECT_URL = "https://github.com/fabricwatch/fabricwatch"
ROBOTS_TOKEN = "fabricwatch"
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
# Headers kept with every stored version (the rest is noise for a tracker).
KEPT_HEADERS = (
    "content-type",
    "content-length",
    "content-encoding",
    "etag",
    "last-modified",
    "date",
    "cache-control",
    "expires",
    "age",
)


# Live-mode credentials: environment variable -> (the one host it is sent to, Authorization value).
# A GitHub token raises the API's rate limit for the release feeds; nothing else needs one today.
CREDENTIAL_ENV = {settings.GITHUB_TOKEN: ("api.github.com", "Bearer {}")}


@dataclass(frozen=True)
class HttpConfig:
    contact: str = ""  # e-mail or URL put in the User-Agent; set FABRICWATCH_CONTACT
    agent: str = "fabricwatch/0.1"
    per_host_delay_s: float = 1.0  # gap between the end of one request and the next, same host
    max_crawl_delay_s: float = 30.0  # a robots.txt Crawl-delay above this is capped
    connect_timeout_s: float = 5.0
    read_timeout_s: float = 20.0  # per socket read
    total_timeout_s: float = 60.0  # wall clock for one attempt, headers to last byte
    max_attempts: int = 4
    backoff_base_s: float = 0.5  # exponential backoff with full jitter: base * 2^(n-1)
    backoff_max_s: float = 30.0
    max_retry_after_s: float = 120.0  # a longer Retry-After ends the retries (reported, not waited)
    max_bytes: int = 20 * 2**20  # decoded body cap (decompressed bytes: a gzip bomb stops here)
    max_redirects: int = 5
    robots_ttl_s: float = 24 * 3600
    trust_env: bool = True  # honour proxy environment variables
    # Hosts allowed to resolve to loopback, private, link-local or other non-public addresses. Empty in
    # live use: an allowlisted name that resolves (or redirects) inside the network is refused. Tests
    # name their loopback test hosts here, and only those.
    private_hosts: frozenset[str] = frozenset()
    # (host, Authorization value) pairs, from environment variables only (CREDENTIAL_ENV); sent to
    # that exact host and nowhere else (not across a redirect). Never printed: repr=False.
    credentials: tuple[tuple[str, str], ...] = field(default=(), repr=False)

    @property
    def user_agent(self) -> str:
        return f"{self.agent} (+{PROJECT_URL}; {self.contact or 'contact not configured'})"

    @classmethod
    def from_env(cls, **overrides) -> "HttpConfig":
        """Defaults plus the contact address from $FABRICWATCH_CONTACT and the credentials of
        CREDENTIAL_ENV, read at call time (never from a file, never stored)."""
        overrides.setdefault("contact", settings.contact())
        overrides.setdefault(
            "credentials",
            tuple(
                (host, template.format(settings.get(var)))
                for var, (host, template) in CREDENTIAL_ENV.items()
                if settings.get(var)
            ),
        )
        return cls(**overrides)

    def authorization(self, host: str) -> str | None:
        return next((value for h, value in self.credentials if h == host), None)


class FetchFailure(Exception):
    """A fetch that cannot succeed; `error_class` (default: the class name) goes to the log."""

    def __init__(self, message: str, error_class: str | None = None):
        super().__init__(message)
        self.error_class = error_class or type(self).__name__


class HostNotAllowed(FetchFailure): ...


class RedirectRefused(FetchFailure): ...


class TooManyRedirects(FetchFailure): ...


class RobotsDisallowed(FetchFailure): ...


class BodyTooLarge(FetchFailure): ...


class TotalTimeout(FetchFailure): ...


class RetryAfterTooLong(FetchFailure): ...


class HttpStatusError(FetchFailure): ...


class AddressNotPublic(FetchFailure): ...


class UnsupportedEncoding(FetchFailure): ...


class HostGates:
    """Per-host politeness: one request at a time and a minimum gap after each one."""

    def __init__(self, default_delay_s: float):
        self._default = default_delay_s
        self._lock = threading.Lock()
        self._gates: dict[str, _Gate] = {}

    def _gate(self, host: str) -> "_Gate":
        with self._lock:
            return self._gates.setdefault(host, _Gate(self._default))

    def set_delay(self, host: str, delay_s: float) -> None:
        self._gate(host).delay_s = delay_s

    def defer(self, host: str, wait_s: float) -> None:
        """Push the next request to `host` at least `wait_s` into the future (backoff, Retry-After)."""
        gate = self._gate(host)
        with gate.state_lock:
            gate.next_allowed = max(gate.next_allowed, time.monotonic() + wait_s)

    @contextmanager
    def slot(self, host: str):
        gate = self._gate(host)
        with gate.busy:
            while (wait := gate.next_allowed - time.monotonic()) > 0:
                time.sleep(wait)
            try:
                yield
            finally:
                with gate.state_lock:
                    gate.next_allowed = max(gate.next_allowed, time.monotonic() + gate.delay_s)


class _Gate:
    def __init__(self, delay_s: float):
        self.busy = threading.Lock()
        self.state_lock = threading.Lock()
        self.next_allowed = 0.0
        self.delay_s = delay_s


@dataclass(frozen=True)
class _Raw:
    status: int
    headers: httpx.Headers
    body: bytes


@dataclass
class _Robots:
    checked_at: float
    parser: Protego | None  # None with allow_all deciding
    allow_all: bool
    reason: str = ""


class HttpClient:
    def __init__(self, config: HttpConfig | None = None):
        self.config = config or HttpConfig.from_env()
        c = self.config
        self._client = httpx.Client(
            headers={"User-Agent": c.user_agent},
            timeout=httpx.Timeout(c.read_timeout_s, connect=c.connect_timeout_s),
            follow_redirects=False,  # followed by hand, within the allowlist
            trust_env=c.trust_env,
            limits=httpx.Limits(max_connections=100, max_keepalive_connections=50),
        )
        self.gates = HostGates(c.per_host_delay_s)
        self._robots: dict[str, _Robots] = {}
        self._robots_locks: dict[str, threading.Lock] = {}
        self._robots_guard = threading.Lock()

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> "HttpClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- public -------------------------------------------------------------------------
    def get(
        self,
        url: str,
        *,
        allowed_hosts: frozenset[str] | set[str],
        accept: tuple[str, ...] = (),
        etag: str | None = None,
        last_modified: str | None = None,
        obey_robots: bool = True,
    ) -> HttpResult:
        attempts: list[Attempt] = []
        headers = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        fetched_at = utcnow()
        final_url = url
        try:
            final_url, raw = self._follow(
                url,
                allowed_hosts=frozenset(allowed_hosts),
                headers=headers,
                purpose="page",
                attempts=attempts,
                check_robots=obey_robots,
            )
            kept = {k: raw.headers[k] for k in KEPT_HEADERS if k in raw.headers}
            if raw.status == 304:
                return HttpResult(url, final_url, "not_modified", 304, fetched_at, tuple(attempts), headers=kept)
            if not 200 <= raw.status < 300:
                raise HttpStatusError(f"HTTP {raw.status}")
            media = check_content_type(raw.headers.get("content-type"), raw.body, accept)
            encoding = decode_text(raw.body, raw.headers.get("content-type"), media)[1] if is_text_type(media) else None
            return HttpResult(
                url,
                final_url,
                "fetched",
                raw.status,
                fetched_at,
                tuple(attempts),
                body=raw.body,
                content_type=media,
                encoding=encoding,
                headers=kept,
            )
        except (FetchFailure, ContentError) as exc:
            outcome = "disallowed" if isinstance(exc, RobotsDisallowed) else "error"
            status = attempts[-1].status if attempts else None
            if attempts and attempts[-1].outcome == "ok":
                # The request succeeded but the body is unusable: that attempt is the error.
                attempts[-1] = replace(
                    attempts[-1], outcome="error", error_class=exc.error_class, error_message=str(exc)
                )
            return HttpResult(
                url,
                final_url,
                outcome,
                status,
                fetched_at,
                tuple(attempts),
                error_class=exc.error_class,
                error_message=str(exc),
            )

    # -- redirects and robots ---------------------------------------------------------
    def _follow(
        self,
        url: str,
        *,
        allowed_hosts: frozenset[str],
        headers: dict,
        purpose: str,
        attempts: list[Attempt],
        check_robots: bool,
    ) -> tuple[str, _Raw]:
        current = url
        for hop in range(self.config.max_redirects + 1):
            parts = urlsplit(current)
            host = (parts.hostname or "").lower()
            if parts.scheme not in ("http", "https") or host not in allowed_hosts:
                cls = RedirectRefused if hop else HostNotAllowed
                msg = f"{current} is outside the allowed hosts {sorted(allowed_hosts)}"
                attempts.append(
                    Attempt(current, purpose, 1, utcnow(), "error", error_class=cls.__name__, error_message=msg)
                )
                raise cls(msg)
            if host not in self.config.private_hosts and (bad := non_public_address(host, parts.port)):
                msg = f"{current}: {host} resolves to {bad}, not a public address; refused"
                attempts.append(
                    Attempt(current, purpose, 1, utcnow(), "error", error_class="AddressNotPublic", error_message=msg)
                )
                raise AddressNotPublic(msg)
            allowed, why = self._robots_allow(current, allowed_hosts, attempts) if check_robots else (True, "")
            if not allowed:
                msg = f"robots.txt of {parts.netloc} disallows {parts.path or '/'} for {ROBOTS_TOKEN}{why}"
                attempts.append(
                    Attempt(
                        current, purpose, 1, utcnow(), "disallowed", error_class="RobotsDisallowed", error_message=msg
                    )
                )
                raise RobotsDisallowed(msg)
            raw = self._with_retries(current, headers, purpose, attempts)
            location = raw.headers.get("location")
            if raw.status in REDIRECT_STATUSES and location:
                current = urljoin(current, location)
                continue
            return current, raw
        msg = f"more than {self.config.max_redirects} redirects from {url}"
        attempts.append(
            Attempt(current, purpose, 1, utcnow(), "error", error_class="TooManyRedirects", error_message=msg)
        )
        raise TooManyRedirects(msg)

    def _robots_allow(self, url: str, allowed_hosts: frozenset[str], attempts: list[Attempt]) -> tuple[bool, str]:
        """(allowed?, reason suffix for the error message)."""
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        with self._robots_guard:
            lock = self._robots_locks.setdefault(origin, threading.Lock())
        with lock:  # one robots.txt fetch per origin even when many threads ask at once
            entry = self._robots.get(origin)
            if entry is None or time.monotonic() - entry.checked_at > self.config.robots_ttl_s:
                entry = self._load_robots(origin, allowed_hosts, attempts)
                self._robots[origin] = entry
                if entry.parser is not None:
                    delay = entry.parser.crawl_delay(ROBOTS_TOKEN)
                    if delay:
                        self.gates.set_delay(
                            parts.netloc,
                            min(max(float(delay), self.config.per_host_delay_s), self.config.max_crawl_delay_s),
                        )
        if entry.parser is None:
            return entry.allow_all, f" ({entry.reason})" if entry.reason else ""
        return entry.parser.can_fetch(url, ROBOTS_TOKEN), ""

    def _load_robots(self, origin: str, allowed_hosts: frozenset[str], attempts: list[Attempt]) -> _Robots:
        # RFC 9309: 4xx = no rules (allow all); 401/403 treated as disallow (as urllib does);
        # 5xx or unreachable = disallow all until it can be read.
        try:
            _, raw = self._follow(
                f"{origin}/robots.txt",
                allowed_hosts=allowed_hosts,
                headers={},
                purpose="robots",
                attempts=attempts,
                check_robots=False,
            )
        except FetchFailure as exc:
            return _Robots(time.monotonic(), None, False, f"robots.txt unavailable: {exc}")
        if 200 <= raw.status < 300:
            return _Robots(time.monotonic(), Protego.parse(raw.body.decode("utf-8", errors="replace")), True)
        if raw.status in (401, 403):
            return _Robots(time.monotonic(), None, False, f"robots.txt answered {raw.status}")
        if 400 <= raw.status < 500:
            return _Robots(time.monotonic(), None, True, f"robots.txt answered {raw.status}")
        return _Robots(time.monotonic(), None, False, f"robots.txt answered {raw.status}")

    # -- one URL, with retries ------------------------------------------------------------
    def _with_retries(self, url: str, headers: dict, purpose: str, attempts: list[Attempt]) -> _Raw:
        c = self.config
        host = urlsplit(url).netloc
        for n in range(1, c.max_attempts + 1):
            started_at, t0 = utcnow(), time.monotonic()
            raw, failure, wire = None, None, 0
            with self.gates.slot(host):
                try:
                    raw, wire = self._exchange(url, headers, t0 + c.total_timeout_s)
                except httpx.TransportError as exc:  # connect/read timeouts, refused, resets
                    failure = exc
                except FetchFailure as exc:  # size cap, deadline: not retried
                    attempts.append(
                        Attempt(
                            url,
                            purpose,
                            n,
                            started_at,
                            "error",
                            elapsed_ms=_ms(t0),
                            error_class=type(exc).__name__,
                            error_message=str(exc),
                        )
                    )
                    raise
            elapsed = _ms(t0)
            last = n == c.max_attempts
            if failure is not None:
                msg = str(failure) or repr(failure)
                attempts.append(
                    Attempt(
                        url,
                        purpose,
                        n,
                        started_at,
                        "error" if last else "retry",
                        elapsed_ms=elapsed,
                        error_class=type(failure).__name__,
                        error_message=msg,
                    )
                )
                if last:
                    raise _as_failure(failure, n)
                self.gates.defer(host, self._backoff(n))
                continue
            body_len = len(raw.body)
            if raw.status in RETRY_STATUSES:
                retry_after = parse_retry_after(raw.headers.get("retry-after"))
                if last or (retry_after is not None and retry_after > c.max_retry_after_s):
                    too_long = not last
                    msg = (
                        f"Retry-After {retry_after:.0f} s exceeds the {c.max_retry_after_s:.0f} s cap"
                        if too_long
                        else f"HTTP {raw.status} after {n} attempts"
                    )
                    attempts.append(
                        Attempt(
                            url,
                            purpose,
                            n,
                            started_at,
                            "error",
                            raw.status,
                            body_len,
                            wire,
                            elapsed,
                            "RetryAfterTooLong" if too_long else "HttpStatusError",
                            msg,
                            retry_after,
                        )
                    )
                    raise (RetryAfterTooLong if too_long else HttpStatusError)(msg)
                attempts.append(
                    Attempt(
                        url,
                        purpose,
                        n,
                        started_at,
                        "retry",
                        raw.status,
                        body_len,
                        wire,
                        elapsed,
                        "HttpStatusError",
                        f"HTTP {raw.status}",
                        retry_after,
                    )
                )
                self.gates.defer(host, retry_after if retry_after is not None else self._backoff(n))
                continue
            outcome = (
                "redirect"
                if raw.status in REDIRECT_STATUSES
                else "not_modified"
                if raw.status == 304
                else "ok"
                if raw.status < 400 or purpose == "robots"
                else "error"
            )
            attempts.append(
                Attempt(
                    url,
                    purpose,
                    n,
                    started_at,
                    outcome,
                    raw.status,
                    body_len,
                    wire,
                    elapsed,
                    None if outcome != "error" else "HttpStatusError",
                    None if outcome != "error" else f"HTTP {raw.status}",
                )
            )
            return raw
        raise AssertionError("unreachable")  # pragma: no cover

    def _exchange(self, url: str, headers: dict, deadline: float) -> tuple[_Raw, int]:
        """One GET, body read raw and decompressed here in bounded steps, so the cap counts
        decompressed bytes without ever holding more than the cap (a compression bomb is cut)."""
        cap = self.config.max_bytes
        request_headers = {"Accept-Encoding": ACCEPT_ENCODING, **headers}
        if (auth := self.config.authorization((urlsplit(url).hostname or "").lower())) is not None:
            request_headers["Authorization"] = auth
        with self._client.stream("GET", url, headers=request_headers) as resp:
            declared = resp.headers.get("content-length")
            if declared and declared.isdigit() and int(declared) > cap and "content-encoding" not in resp.headers:
                raise BodyTooLarge(f"Content-Length {declared} exceeds the {cap}-byte cap; body not read")
            decoder = _Decoder(resp.headers.get("content-encoding", ""), cap)
            chunks, size = [], 0
            for raw_chunk in resp.iter_raw():
                for chunk in decoder.feed(raw_chunk):
                    size += len(chunk)
                    if size > cap:
                        raise BodyTooLarge(
                            f"body exceeds the {cap}-byte cap (decompressed); aborted after {size} bytes"
                        )
                    chunks.append(chunk)
                if time.monotonic() > deadline:
                    raise TotalTimeout(f"response not complete within {self.config.total_timeout_s} s")
            for chunk in decoder.flush():
                size += len(chunk)
                if size > cap:
                    raise BodyTooLarge(f"body exceeds the {cap}-byte cap (decompressed); aborted after {size} bytes")
                chunks.append(chunk)
            return _Raw(resp.status_code, resp.headers, b"".join(chunks)), resp.num_bytes_downloaded

    def _backoff(self, attempt: int) -> float:
        c = self.config
        return random.uniform(0, min(c.backoff_max_s, c.backoff_base_s * 2 ** (attempt - 1)))


ACCEPT_ENCODING = "gzip, deflate"  # what _Decoder undoes; anything else is refused


class _Decoder:
    """Content-Encoding undone step by step, never producing more than `cap` + 1 bytes per step."""

    def __init__(self, encoding: str, cap: int):
        codings = [c.strip().lower() for c in encoding.split(",") if c.strip() and c.strip().lower() != "identity"]
        self.cap = cap
        self.stages = []
        for coding in reversed(codings):  # applied in order, undone in reverse
            if coding in ("gzip", "x-gzip"):
                self.stages.append(zlib.decompressobj(16 + zlib.MAX_WBITS))
            elif coding == "deflate":
                self.stages.append(_Deflate())
            else:
                raise UnsupportedEncoding(f"Content-Encoding {coding!r} not accepted (asked for {ACCEPT_ENCODING})")

    def feed(self, data: bytes):
        pieces = [data]
        for stage in self.stages:
            pieces = [out for piece in pieces for out in self._run(stage, piece)]
        return pieces

    def flush(self):
        pieces: list[bytes] = []
        for stage in self.stages:
            pieces = [out for piece in pieces for out in self._run(stage, piece)] + [stage.flush()]
        return [p for p in pieces if p]

    def _run(self, stage, data: bytes):
        try:
            out = stage.decompress(data, self.cap + 1)
            yield out
            while stage.unconsumed_tail:
                out = stage.decompress(stage.unconsumed_tail, self.cap + 1)
                if not out:
                    break
                yield out
        except zlib.error as exc:
            raise FetchFailure(f"body does not decompress: {exc}", error_class="DecodingError") from exc


class _Deflate:
    """'deflate' as servers send it: zlib-wrapped (RFC) or raw; decided on the first bytes."""

    def __init__(self):
        self._obj = None

    def decompress(self, data: bytes, max_length: int) -> bytes:
        if self._obj is None:
            self._obj = zlib.decompressobj()
            try:
                return self._obj.decompress(data, max_length)
            except zlib.error:
                self._obj = zlib.decompressobj(-zlib.MAX_WBITS)
        return self._obj.decompress(data, max_length)

    @property
    def unconsumed_tail(self) -> bytes:
        return self._obj.unconsumed_tail if self._obj is not None else b""

    def flush(self) -> bytes:
        return self._obj.flush() if self._obj is not None else b""


def non_public_address(host: str, port: int | None = None) -> str | None:
    """The first address `host` resolves to that is not public (loopback, private, link-local,
    reserved, multicast, ...), or None. Unresolvable names return None: the request then fails as
    any connection failure does."""
    try:
        addresses = [ipaddress.ip_address(host.strip("[]").split("%")[0])]  # an address literal: no lookup
    except ValueError:
        try:
            infos = socket.getaddrinfo(host, port or 443, proto=socket.IPPROTO_TCP)
        except (socket.gaierror, UnicodeError, OSError):
            return None
        addresses = []
        for info in infos:
            try:
                addresses.append(ipaddress.ip_address(str(info[4][0]).split("%")[0]))
            except ValueError:
                continue
    for ip in addresses:
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
            ip = ip.ipv4_mapped
        if not ip.is_global or ip.is_multicast:
            kind = (
                "loopback"
                if ip.is_loopback
                else "unspecified"
                if ip.is_unspecified
                else "link-local"
                if ip.is_link_local
                else "private"
                if ip.is_private
                else "multicast"
                if ip.is_multicast
                else "reserved"
            )
            return f"{ip} ({kind})"
    return None


def parse_retry_after(value: str | None, now: dt.datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); None if absent/bad."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return max(0.0, (when - (now or utcnow())).total_seconds())


def _as_failure(exc: httpx.TransportError, attempts: int) -> FetchFailure:
    # Keep httpx's class name (ConnectError, ReadTimeout, ...) as the logged error class.
    return FetchFailure(
        f"{type(exc).__name__} after {attempts} attempts: {str(exc) or repr(exc)}", error_class=type(exc).__name__
    )


def _ms(t0: float) -> float:
    return round((time.monotonic() - t0) * 1000, 1)
