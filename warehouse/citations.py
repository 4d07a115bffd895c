"""Citations that travel with the data: which documents a set of rows rests on, and how to cite them.

Any frame of mart rows (an export file, a dashboard table) names its documents in url columns
(`url`, or `a_url`/`b_url` for the two sides of a conflict). `citations()` turns them into one
entry per document (publisher, title, url, published_on, via, and which marts and how many rows
use it), taking the facts from the warehouse's documents (warehouse/sql/citations/documents.sql)
and falling back to the frame's own columns. `render_markdown()` writes the human-readable list,
with a suggested citation of fabricwatch itself naming the release (refresh time and run id).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Iterable, Mapping

import duckdb
import pandas as pd

SQL_DIR = Path(__file__).parent / "sql" / "citations"
# Prefixes of url columns: the row's own document, and the two sides of marts.conflicts.
_PREFIXES = ("", "a_", "b_")
FIELDS = ("publisher", "title", "url", "published_on", "via")


def documents(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Every cited document address with publisher, title, via and date (one row per url)."""
    return con.cursor().sql((SQL_DIR / "documents.sql").read_text(encoding="utf-8")).df()


def mart_provenance(con: duckdb.DuckDBPyConnection, mart: str, columns: Iterable[str]) -> pd.DataFrame | None:
    """The provenance columns (url, publisher, title, published_on, via; also a_/b_ sides) of one mart's
    rows, or None when the mart cites no document. `mart` and `columns` come from the catalog."""
    cols = [c for c in columns if c.removeprefix("a_").removeprefix("b_") in FIELDS]
    if not any(c.endswith("url") for c in cols):
        return None
    return con.cursor().sql("SELECT " + ", ".join(f'"{c}"' for c in cols) + f' FROM marts."{mart}"').df()


def _iso(value) -> str | None:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return None
    if isinstance(value, (dt.date, dt.datetime, pd.Timestamp)):
        return value.date().isoformat() if isinstance(value, (dt.datetime, pd.Timestamp)) else value.isoformat()
    return str(value)[:10]


def _clean(value) -> str | None:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return None
    text = str(value).strip()
    return text or None


def citations(frames: Mapping[str, pd.DataFrame], docs: pd.DataFrame | None = None) -> list[dict]:
    """One entry per document address and original publisher used by the rows of `frames` ({mart: rows}).

    A relay article that carries two publishers' figures is cited once per publisher (each "via" the
    relay). Entries are sorted by publisher then date; `used_by` lists each mart with its row count.
    """
    by_pair: dict[tuple, dict] = {}
    by_url: dict[str, dict] = {}
    if docs is not None and not docs.empty:
        for r in docs.to_dict("records"):
            by_pair[(r["url"], _clean(r.get("publisher")))] = r
            by_url.setdefault(r["url"], r)
    entries: dict[tuple, dict] = {}
    for mart, df in frames.items():
        if df is None or df.empty:
            continue
        for prefix in _PREFIXES:
            col = f"{prefix}url"
            if col not in df.columns:
                continue
            def column(name: str) -> pd.Series:
                full = f"{prefix}{name}"
                return df[full].map(_clean) if full in df.columns else pd.Series(None, index=df.index, dtype=object)

            # Rows with no address (figures a seed document carried) are cited by publisher and title.
            keyed = pd.DataFrame({"url": column("url"), "publisher": column("publisher"),
                                  "title": column("title").where(column("url").isna())}, index=df.index)
            for (url, publisher, title), rows in keyed.groupby(["url", "publisher", "title"], dropna=False).groups.items():
                url, publisher = _clean(url), _clean(publisher)
                if not url and not publisher:
                    continue
                key = (url, publisher, _clean(title))
                entry = entries.get(key)
                if entry is None:
                    first = df.loc[rows[0]]
                    doc = by_pair.get((url, publisher)) or (by_url.get(url, {}) if publisher is None else {})
                    entry = {"url": url, "publisher": publisher or _clean(doc.get("publisher"))}
                    for field in ("title", "via"):
                        entry[field] = _clean(first.get(f"{prefix}{field}")) or _clean(doc.get(field))
                    entry["published_on"] = _iso(first.get(f"{prefix}published_on")) or _iso(doc.get("published_on"))
                    entry["used_by"] = {}
                    entries[key] = entry
                entry["used_by"][mart] = entry["used_by"].get(mart, 0) + len(rows)
    out = []
    for entry in entries.values():
        entry["used_by"] = [{"mart": m, "rows": n} for m, n in sorted(entry["used_by"].items())]
        out.append({k: entry[k] for k in (*FIELDS, "used_by")})
    out.sort(key=lambda e: ((e["publisher"] or "").casefold(), e["published_on"] or "", e["url"] or ""))
    return out


def published_release(con: duckdb.DuckDBPyConnection) -> dict | None:
    """The newest published run (warehouse/runs.py): its id, finish time and fetch mode."""
    from warehouse import runs

    run = runs.last_published(con.cursor())
    if run is None:
        return None
    finished_at = run["finished_at"]
    return {"run_id": run["run_id"], "finished_at": finished_at.isoformat() if finished_at else None,
            "mode": run["mode"]}


def release_citation(release: Mapping | None, today: dt.date | None = None) -> str:
    """How to cite fabricwatch itself for data from one published release."""
    today = today or dt.date.today()
    if not release:
        return f"fabricwatch warehouse (release unknown), accessed {today.isoformat()}."
    finished = release.get("finished_at") or "unknown time"
    return (f"fabricwatch warehouse, release of {finished} (run {release.get('run_id')}, "
            f"{release.get('mode', 'offline')} refresh), accessed {today.isoformat()}. "
            "Every figure is the original publisher's; cite the sources below.")


def render_markdown(entries: Iterable[dict], release: Mapping | None, title: str = "Sources",
                    today: dt.date | None = None) -> str:
    """The citations as a Markdown list, original publisher first, the carrier named when there is one."""
    entries = list(entries)
    lines = [f"# {title}", "", f"Suggested citation: {release_citation(release, today)}", "",
             f"{len(entries)} documents:", ""]
    for e in entries:
        who = e["publisher"] or "Unknown publisher"
        what = f"*{e['title']}*" if e["title"] else "(untitled)"
        when = e["published_on"] or "n.d."
        via = f" Via {e['via']}." if e["via"] else ""
        used = ", ".join(f"{u['mart']} ({u['rows']} rows)" for u in e["used_by"])
        where = f" <{e['url']}>." if e["url"] else ""
        lines.append(f"- {who} ({when}). {what}.{where}{via} Used by: {used}.")
    return "\n".join(lines) + "\n"
