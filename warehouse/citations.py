"""Citations that travel with the data: which documents a set of rows rests on, and how to cite them.

Any frame of mart rows (an export file, a dashboard table) names its documents in url columns
(`url`, or `a_url`/`b_url` for the two sides of a conflict). `citations()` turns them into one
entry per document (publisher, title, url, published_on, via, and which marts and how many rows
use it), taking the facts from the warehouse's documents (warehouse/sql/citations/documents.sql)
and falling back to the frame's own columns. `bibliography()` cites a published collection once
(the system-description files of one MLPerf Training round: one entry with its file count, not one line
a file), `render_markdown()` writes the human-readable list grouped by publisher, with a suggested
citation of fabricwatch itself naming the release (refresh time and run id), and `csl_json()` the same
entries as CSL-JSON (the Citation Style Language's data format, read by Zotero, pandoc and citeproc).
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
# What a document's row in documents.sql says about the collection it belongs to (NULL for most).
FAMILY_FIELDS = ("family", "family_title", "family_url", "family_member")


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
            keyed = pd.DataFrame(
                {
                    "url": column("url"),
                    "publisher": column("publisher"),
                    "title": column("title").where(column("url").isna()),
                },
                index=df.index,
            )
            for (url, publisher, title), rows in keyed.groupby(
                ["url", "publisher", "title"], dropna=False
            ).groups.items():
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
                    for field in FAMILY_FIELDS:
                        entry[field] = _clean(doc.get(field))
                    entry["used_by"] = {}
                    entries[key] = entry
                entry["used_by"][mart] = entry["used_by"].get(mart, 0) + len(rows)
    out = []
    for entry in entries.values():
        entry["used_by"] = [{"mart": m, "rows": n} for m, n in sorted(entry["used_by"].items())]
        out.append({k: entry[k] for k in (*FIELDS, *FAMILY_FIELDS, "used_by")})
    out.sort(key=lambda e: ((e["publisher"] or "").casefold(), e["published_on"] or "", e["url"] or ""))
    return out


def _carrier(vias: set[str]) -> str | None:
    """The one carrier repository of a collection's files (".../blob/<commit>/<path>" -> ".../tree/<commit>")."""
    roots = set()
    for via in vias:
        head, sep, tail = via.partition("/blob/")
        roots.add(f"{head}/tree/{tail.split('/')[0]}" if sep else via)
    return roots.pop() if len(roots) == 1 else None


def bibliography(entries: Iterable[dict]) -> list[dict]:
    """The citations as a bibliography: a document of a collection (an MLPerf round's system files) is
    cited through its collection, once, with the number of its files; any other document as itself.
    Each item: publisher, title, url, published_on, via, files (1 for a single document), family (or
    None) and used_by (rows per mart, summed over the collection's files). Sorted by publisher, then date."""
    items: list[dict] = []
    families: dict[tuple, dict] = {}
    singles: dict[tuple, dict] = {}
    for e in entries:
        if not e.get("family"):
            # one document, one entry: rows that reached it by address alone (a mart without a publisher
            # column) join the rows that named its publisher
            key = (e["publisher"], e["url"] or e["title"])
            item = singles.get(key)
            if item is None:
                item = {**{k: e.get(k) for k in FIELDS}, "files": 1, "family": None, "used_by": {}}
                singles[key] = item
                items.append(item)
            for field in ("title", "via", "published_on"):
                item[field] = item[field] or e.get(field)
            for use in e["used_by"]:
                item["used_by"][use["mart"]] = item["used_by"].get(use["mart"], 0) + use["rows"]
            continue
        key = (e["publisher"], e["family"])
        item = families.get(key)
        if item is None:
            item = {
                "publisher": e["publisher"],
                "title": e.get("family_title") or e["family"],
                "url": e.get("family_url") or e["url"],
                "published_on": e["published_on"],
                "via": None,
                "files": 0,
                "family": e["family"],
                "used_by": {},
                "_vias": set(),
                "_members": set(),
            }
            families[key] = item
            items.append(item)
        item["_members"].add(e.get("family_member") or e["url"])
        item["files"] = len(item["_members"])
        if e["published_on"] and (item["published_on"] is None or e["published_on"] > item["published_on"]):
            item["published_on"] = e["published_on"]
        if e.get("via"):
            item["_vias"].add(e["via"])
        for use in e["used_by"]:
            item["used_by"][use["mart"]] = item["used_by"].get(use["mart"], 0) + use["rows"]
    for item in singles.values():
        item["used_by"] = [{"mart": m, "rows": n} for m, n in sorted(item["used_by"].items())]
    for item in families.values():
        item["via"] = _carrier(item.pop("_vias"))
        del item["_members"]
        item["used_by"] = [{"mart": m, "rows": n} for m, n in sorted(item["used_by"].items())]
    items.sort(
        key=lambda e: ((e["publisher"] or "").casefold(), e["published_on"] or "", e["title"] or "", e["url"] or "")
    )
    return items


def csl_json(items: Iterable[dict], accessed: dt.date | None = None) -> list[dict]:
    """Bibliography items as CSL-JSON (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html):
    type dataset, the publisher as author and publisher, issued and accessed as date-parts, the carrier
    and the file count in note."""
    accessed = accessed or dt.date.today()
    out = []
    for i, item in enumerate(items, start=1):
        record: dict = {
            "id": f"fabricwatch-{i}",
            "type": "dataset" if item.get("family") else "webpage",
            "title": item.get("title") or "(untitled)",
            "accessed": {"date-parts": [[accessed.year, accessed.month, accessed.day]]},
        }
        if item.get("publisher"):
            record["publisher"] = item["publisher"]
            record["author"] = [{"literal": item["publisher"]}]
        if item.get("url"):
            record["URL"] = item["url"]
        if item.get("published_on"):
            year, month, day = (int(x) for x in item["published_on"][:10].split("-"))
            record["issued"] = {"date-parts": [[year, month, day]]}
        notes = []
        if item.get("files", 1) > 1:
            notes.append(f"{item['files']} files")
        if item.get("via"):
            notes.append(f"via {item['via']}")
        if notes:
            record["note"] = "; ".join(notes)
        out.append(record)
    return out


def published_release(con: duckdb.DuckDBPyConnection) -> dict | None:
    """The newest published run (warehouse/runs.py): its id, finish time and fetch mode."""
    from warehouse import runs

    run = runs.last_published(con.cursor())
    if run is None:
        return None
    finished_at = run["finished_at"]
    return {
        "run_id": run["run_id"],
        "finished_at": finished_at.isoformat() if finished_at else None,
        "mode": run["mode"],
    }


def release_citation(release: Mapping | None, today: dt.date | None = None) -> str:
    """How to cite fabricwatch itself for data from one published release."""
    today = today or dt.date.today()
    if not release:
        return f"fabricwatch warehouse (release unknown), accessed {today.isoformat()}."
    finished = release.get("finished_at") or "unknown time"
    return (
        f"fabricwatch warehouse, release of {finished} (run {release.get('run_id')}, "
        f"{release.get('mode', 'offline')} refresh), accessed {today.isoformat()}. "
        "Every figure is the original publisher's; cite the sources below."
    )


def render_markdown(
    entries: Iterable[dict], release: Mapping | None, title: str = "Sources", today: dt.date | None = None
) -> str:
    """The citations as a Markdown bibliography grouped by original publisher: one line per document, or
    per collection with its file count (an MLPerf round), the carrier named when there is one."""
    entries = list(entries)
    items = bibliography(entries)
    lines = [
        f"# {title}",
        "",
        f"Suggested citation: {release_citation(release, today)}",
        "",
        f"{len(entries)} documents in {len(items)} entries, by publisher:",
        "",
    ]
    publisher = object()
    for e in items:
        if e["publisher"] != publisher:
            publisher = e["publisher"]
            lines += [f"## {publisher or 'Unknown publisher'}", ""]
        who = e["publisher"] or "Unknown publisher"
        what = f"*{e['title']}*" if e["title"] else "(untitled)"
        if e["files"] > 1:
            what += f" ({e['files']} files)"
        when = e["published_on"] or "n.d."
        via = f" Via {e['via']}." if e["via"] else ""
        used = ", ".join(f"{u['mart']} ({u['rows']} rows)" for u in e["used_by"])
        where = f" <{e['url']}>." if e["url"] else ""
        lines.append(f"- {who} ({when}). {what}.{where}{via} Used by: {used}.")
    return "\n".join(lines) + "\n"
