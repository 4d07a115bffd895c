"""Real HTTP servers on loopback for the fetch tests (no mocks of httpx), and test sources.

Each `LoopbackServer` is a threaded http.server bound to 127.0.0.x, port 0. Several servers
are several hosts. Routes answer with scripted responses (consumed in order, the last one
repeats) or with a function of the request, and every request is recorded in `hits`.
"""

from __future__ import annotations

import gzip
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

from sources.registry import HTML, Source


@dataclass
class Resp:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # before the status line
    gzip: bool = False
    chunks: int = 0  # >0: send the body this many times, chunked, no Content-Length
    chunk_delay_s: float = 0.0


@dataclass
class Hit:
    path: str
    headers: dict[str, str]
    at: float


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # keep test output clean
        pass

    def do_GET(self) -> None:  # noqa: N802 - http.server API
        srv: LoopbackServer = self.server.owner
        srv.hits.append(Hit(self.path, {k.lower(): v for k, v in self.headers.items()}, time.monotonic()))
        route = srv.routes.get(self.path)
        if route is None:
            self._send(Resp(404, b"not found", {"Content-Type": "text/plain"}))
            return
        resp = route(self) if callable(route) else (route.pop(0) if len(route) > 1 else route[0])
        if resp is not None:
            self._send(resp)

    def _send(self, r: Resp) -> None:
        srv: LoopbackServer = self.server.owner
        if r.delay_s:
            time.sleep(r.delay_s)
        body = gzip.compress(r.body) if r.gzip else r.body
        try:
            self.send_response(r.status)
            headers = {"Content-Type": "text/html; charset=utf-8", **r.headers} if r.status == 200 else dict(r.headers)
            if r.gzip:
                headers["Content-Encoding"] = "gzip"
            for k, v in headers.items():
                self.send_header(k, v)
            if r.chunks:
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for _ in range(r.chunks):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(body), body))
                    srv.body_bytes_sent += len(body)
                    if r.chunk_delay_s:
                        time.sleep(r.chunk_delay_s)
                self.wfile.write(b"0\r\n\r\n")
            else:
                if "Content-Length" not in headers:
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                srv.body_bytes_sent += len(body)
        except (BrokenPipeError, ConnectionResetError):
            srv.aborted_by_client = True
            self.close_connection = True


class LoopbackServer:
    def __init__(self, host: str = "127.0.0.1"):
        self.httpd = ThreadingHTTPServer((host, 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.owner = self
        self.host = host
        self.port = self.httpd.server_address[1]
        self.routes: dict[str, list[Resp] | Callable] = {}
        self.hits: list[Hit] = []
        self.body_bytes_sent = 0
        self.aborted_by_client = False
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self._thread.start()

    def url(self, path: str) -> str:
        return f"http://{self.host}:{self.port}{path}"

    def route(self, path: str, *responses: Resp | Callable) -> str:
        self.routes[path] = responses[0] if len(responses) == 1 and callable(responses[0]) else list(responses)
        return self.url(path)

    def paths_hit(self) -> list[str]:
        return [h.path for h in self.hits]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def make_source(source_id: str, urls: list[str], *, hosts: tuple[str, ...] = ("127.0.0.1",), **kw) -> Source:
    return Source(
        source_id=source_id,
        title=f"test source {source_id}",
        publisher="tests",
        kind="vendor_page",
        cadence="daily",
        parser="claims",
        licence_note="written for tests",
        homepage=urls[0] if urls else "",
        urls=tuple(urls),
        allowed_hosts=hosts,
        **{"accept": HTML, **kw},
    )


PAGE_V1 = b"""<html><head><title>Switch</title><script>var x=1;</script></head><body>
<nav>Home | Products</nav><main><h1>Quantum switch</h1><p>64 ports of 800 Gb/s.</p>
<p>Latency below 300 ns.</p></main><footer>Copyright</footer></body></html>"""
PAGE_V2 = b"""<html><head><title>Switch</title><script>var x=2;</script></head><body>
<nav>Home | Products</nav><main><h1>Quantum switch</h1><p>144 ports of 800 Gb/s.</p>
<p>Latency below 300 ns.</p><p>Shipping in 2026.</p></main><footer>Copyright</footer></body></html>"""
