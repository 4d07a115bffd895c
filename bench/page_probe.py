"""Render every dashboard page (AppTest) on a published warehouse and time each loader query.

    FABRICWATCH_HOME=DIR python bench/page_probe.py      # run as a child by bench_scale / bench_dashboard

The pages are read from dashboard/pages_index.PAGES and the queries are whatever those pages'
loaders (dashboard/data.py) run: every read-only connection the dashboard opens on the published
file is wrapped, and each execute, until its result is fetched, is one timed query. Caches are
cleared before each page, so every page's loaders really run. Prints one JSON object as its last line:
{"pages": [{"title", "first_render_s", "queries"}], "query_ms": [...], "slowest": [...]}
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FETCHES = (
    "df",
    "fetchdf",
    "fetch_df",
    "fetchall",
    "fetchone",
    "fetchmany",
    "arrow",
    "fetch_arrow_table",
    "fetchnumpy",
    "pl",
)
TIMINGS: list[dict] = []


class _Timed:
    """The connection, returned by a wrapped execute: the fetch that follows closes the timing."""

    def __init__(self, con, entry: dict, t0: float, c0: float):
        self._con, self._entry, self._t0, self._c0 = con, entry, t0, c0

    def __getattr__(self, name):
        attr = getattr(self._con, name)
        if name in FETCHES and callable(attr):

            def fetch(*a, **kw):
                out = attr(*a, **kw)
                self._entry["ms"] = (time.perf_counter() - self._t0) * 1000
                self._entry["cpu_ms"] = (time.process_time() - self._c0) * 1000
                return out

            return fetch
        return attr


class _Connection:
    def __init__(self, con):
        self._con = con

    def execute(self, sql, *args, **kw):
        t0, c0 = time.perf_counter(), time.process_time()
        res = self._con.execute(sql, *args, **kw)
        entry = {
            "sql": " ".join(str(sql).split())[:160],
            "ms": (time.perf_counter() - t0) * 1000,
            "cpu_ms": (time.process_time() - c0) * 1000,
        }
        TIMINGS.append(entry)
        return _Timed(res, entry, t0, c0)

    def sql(self, sql, *args, **kw):
        return self.execute(sql, *args, **kw)

    def __getattr__(self, name):
        return getattr(self._con, name)


def install_probe() -> None:
    from warehouse import db

    original = db.published_connection

    @contextlib.contextmanager
    def timed_connection(*args, **kw):
        with original(*args, **kw) as con:
            yield _Connection(con)

    db.published_connection = timed_connection


def main() -> int:
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from dashboard.pages_index import PAGES

    install_probe()
    app = str(ROOT / "dashboard" / "app.py")
    pages = []
    for page in PAGES:
        st.cache_data.clear()
        st.cache_resource.clear()
        at = AppTest.from_file(app, default_timeout=120)
        before = len(TIMINGS)
        if page.default:
            t0, c0 = time.perf_counter(), time.process_time()
            at.run()
        else:
            at.run()
            st.cache_data.clear()
            before = len(TIMINGS)
            t0, c0 = time.perf_counter(), time.process_time()
            at.switch_page(f"views/{page.file}").run()
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        errors = [e.message for e in at.exception]
        pages.append(
            {
                "title": page.title,
                "file": page.file,
                "first_render_s": round(seconds, 3),
                "first_render_cpu_s": round(cpu, 3),
                "queries": len(TIMINGS) - before,
                "errors": errors,
            }
        )
    ms = [t["ms"] for t in TIMINGS]
    slowest = sorted(TIMINGS, key=lambda t: -t["ms"])[:8]
    print(
        json.dumps(
            {
                "pages": pages,
                "query_ms": [round(x, 2) for x in ms],
                "query_cpu_ms": [round(t["cpu_ms"], 2) for t in TIMINGS],
                "slowest": [{"ms": round(t["ms"], 1), "sql": t["sql"]} for t in slowest],
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
