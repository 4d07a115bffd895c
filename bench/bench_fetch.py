"""Benchmark the fetch layer on loopback: 200 URLs across 20 hosts, 50 ms per response, 100 ms
politeness delay per host. Prints figures (not a pass/fail test).

Compares the wall time of a full live fetch with the politeness bound (the fastest schedule any
fetcher obeying the same rules can achieve), then runs a second, unchanged fetch (every page
answers 304) and compares the parsing-and-storing work of the two runs.

    .venv/bin/python bench/bench_fetch.py [--hosts 20] [--per-host 10] [--latency-ms 50] [--delay-ms 100]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sources.fetch.fetchers import LiveFetcher  # noqa: E402
from sources.fetch.runs import fetch_sources  # noqa: E402
from sources.fetch.http import HttpConfig  # noqa: E402
from sources.registry import Source  # noqa: E402
from sources.fetch.snapshots import SnapshotStore  # noqa: E402
from warehouse import db  # noqa: E402
from warehouse.raw import known_versions, record_run  # noqa: E402


def page(host_no: int, page_no: int) -> bytes:
    """A product page of realistic weight (~25 KB of markup, scripts and navigation)."""
    rows = "".join(
        f"<tr><td>Port group {i}</td><td>{(i % 4 + 1) * 200} Gb/s</td><td>{i * 3} ns</td></tr>" for i in range(120)
    )
    nav = "".join(f'<li><a href="/p{i}">Product {i}</a></li>' for i in range(60))
    return (
        f"<!doctype html><html><head><title>Switch {host_no}-{page_no}</title>"
        f"<script>{'var tracking = 1;' * 200}</script></head><body><nav><ul>{nav}</ul></nav>"
        f"<main><h1>Switch model {host_no}-{page_no}</h1><p>Written for the benchmark.</p>"
        f"<table>{rows}</table></main><footer>Footer text</footer></body></html>"
    ).encode()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802
        time.sleep(self.server.latency_s)
        if self.path == "/robots.txt":
            body, ctype, etag = b"User-agent: *\nAllow: /\n", "text/plain", None
        else:
            body = self.server.pages.get(self.path)
            if body is None:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            ctype, etag = "text/html; charset=utf-8", '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if etag:
            self.send_header("ETag", etag)
        self.end_headers()
        self.wfile.write(body)


def start_hosts(n_hosts: int, per_host: int, latency_s: float) -> list[tuple[ThreadingHTTPServer, list[str]]]:
    out = []
    for h in range(n_hosts):
        srv = ThreadingHTTPServer((f"127.0.0.{10 + h}", 0), _Handler)
        srv.daemon_threads = True
        srv.latency_s = latency_s
        srv.pages = {f"/p{i}": page(h, i) for i in range(per_host)}
        threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        host, port = srv.server_address
        out.append((srv, [f"http://{host}:{port}/p{i}" for i in range(per_host)]))
    return out


def one_run(con, sources, store, config) -> dict:
    fetcher = LiveFetcher(config)
    t0 = time.perf_counter()
    try:
        run = fetch_sources(sources, fetcher, store, known=known_versions(con))
    finally:
        fetcher.close()
    wall = time.perf_counter() - t0
    t1 = time.perf_counter()
    record_run(con, run)
    write = time.perf_counter() - t1
    outcomes = [o.outcome for o in run.outcomes]
    return {
        "wall_s": wall,
        "network_s": (run.fetched_at - run.started_at).total_seconds(),
        "tracking_s": (run.finished_at - run.fetched_at).total_seconds(),
        "process_s": run.processing_s,
        "write_s": write,
        "work_s": run.processing_s + write,
        "fetched": outcomes.count("fetched"),
        "not_modified": outcomes.count("not_modified"),
        "errors": sum(o.is_error for o in run.outcomes),
        "changed": sum(o.new_version for o in run.outcomes),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hosts", type=int, default=20)
    ap.add_argument("--per-host", type=int, default=10)
    ap.add_argument("--latency-ms", type=float, default=50)
    ap.add_argument("--delay-ms", type=float, default=100)
    args = ap.parse_args()
    latency, delay = args.latency_ms / 1000, args.delay_ms / 1000
    servers = start_hosts(args.hosts, args.per_host, latency)
    sources = [
        Source(
            source_id=f"bench_{i}",
            title=f"bench host {i}",
            publisher="benchmark",
            kind="vendor_page",
            cadence="daily",
            parser="specs",
            licence_note="benchmark pages, generated",
            homepage=urls[0],
            urls=tuple(urls),
            allowed_hosts=(srv.server_address[0],),
        )
        for i, (srv, urls) in enumerate(servers)
    ]
    config = HttpConfig(
        contact="bench@example.org",
        per_host_delay_s=delay,
        trust_env=False,
        private_hosts=frozenset(srv.server_address[0] for srv, _ in servers),
    )  # loopback bench hosts
    n = args.per_host
    # Fastest schedule under the rules: per host, robots.txt then n pages, one at a time, each
    # request starting `delay` after the previous response ended; hosts fully in parallel.
    bound = (n + 1) * latency + n * delay
    bound_pages_only = n * latency + (n - 1) * delay
    with tempfile.TemporaryDirectory() as tmp:
        con = db.connect_work(Path(tmp) / "work" / "warehouse.duckdb")
        store = SnapshotStore.under_home(tmp)
        first = one_run(con, sources, store, config)
        second = one_run(con, sources, store, config)
        con.close()
    for srv, _ in servers:
        srv.shutdown()
    total = args.hosts * n
    print(
        f"fetch benchmark: {total} URLs, {args.hosts} loopback hosts, {args.latency_ms:.0f} ms per response, "
        f"{args.delay_ms:.0f} ms politeness delay, page {len(page(0, 0)) / 1024:.0f} KiB"
    )
    print(f"politeness bound (robots.txt + {n} pages per host): {bound:.3f} s   (pages only: {bound_pages_only:.3f} s)")
    for name, r in (("first fetch", first), ("second fetch", second)):
        print(
            f"{name}: fetched {r['fetched']}, 304 {r['not_modified']}, new versions {r['changed']}, errors {r['errors']}"
        )
        print(
            f"  network phase {r['network_s']:.3f} s = {r['network_s'] / bound:.2f}x bound | change tracking "
            f"after it {r['tracking_s']:.3f} s | end to end {r['wall_s'] + r['write_s']:.3f} s (incl. warehouse write)"
        )
        print(
            f"  parse-and-store work (CPU): store+extract+diff {r['process_s'] * 1000:.0f} ms + warehouse write "
            f"{r['write_s'] * 1000:.0f} ms = {r['work_s'] * 1000:.0f} ms"
        )
    end_to_end = first["wall_s"] + first["write_s"]
    print(
        f"first fetch, end to end (fetch, store, change tracking, warehouse write) vs bound: "
        f"{end_to_end / bound:.2f}x (target <= 1.3x); network phase alone {first['network_s'] / bound:.2f}x"
    )
    print(f"parse-and-store work, first / second: {first['work_s'] / max(second['work_s'], 1e-9):.1f}x (target >= 5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
