"""Development tool: convert the rows of facts3-market.csv listed in `facts3_rows.py` into curated ledger
rows (issue 19 item 8), appended to sources/curated/facts3_market_observations.csv and
facts3_market_events.csv, and list the rows left out in sources/curated/facts3_left_out.md.

    python tools/facts3/facts3_convert.py PATH/TO/facts3-market.csv

The project never runs this: its output is committed and loaded like every other ledger file. Every
judgement about a row is in `facts3_rows.py`; the provenance of each document in `facts3_docs.py`."""

from __future__ import annotations

import csv
import re
import sys
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from facts3_docs import DOCS  # noqa: E402
from facts3_rows import DONE, PARTS, ROWS  # noqa: E402

CURATED = Path(__file__).resolve().parents[2] / "sources" / "curated"
OBS = CURATED / "facts3_market_observations.csv"
EVENTS = CURATED / "facts3_market_events.csv"
LEFT_OUT = CURATED / "facts3_left_out.md"
ROW_RE = re.compile(r"facts3-market\.csv row (\d+)\b")
EVENT_COLUMNS = (
    "event_date,date_precision,category,subject,event,description,fabric,vendor,product_id,source_id,publisher,"
    "doc_title,url,via,published_on,evidence,confidence,note,entity_id,milestone,kind"
).split(",")


def doc_of(url: str) -> tuple:
    hits = [key for key in DOCS if key in url]
    if len(hits) != 1:
        raise SystemExit(f"{url}: {len(hits)} documents match")
    return DOCS[hits[0]]


def number(value: float) -> str:
    text = format(Decimal(repr(value)).normalize(), "f")
    return text[:-2] if text.endswith(".0") else text


def convert(src: Path) -> None:
    rows = {n: r for n, r in enumerate(csv.DictReader(src.open(encoding="utf-8")), start=2)}
    with OBS.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        columns = reader.fieldnames
        # the rows converted first (no "scope as written" in their note); this tool's own rows are rewritten
        kept = [
            r for r in reader if int(ROW_RE.search(r["note"]).group(1)) in DONE and "scope as written:" not in r["note"]
        ]
    obs, events, out = [], [], []
    for n in sorted(ROWS):
        r = rows[n]
        spec = ROWS[n]
        if isinstance(spec, dict):
            out.append((n, r, spec["out"]))
            continue
        source_id, publisher, title, via, published, date_note = doc_of(r["source_url"])
        for s in spec:
            note = "; ".join(
                p
                for p in (s.get("note"), date_note, f"scope as written: {r['scope']}", f"facts3-market.csv row {n}")
                if p
            )
            common = {
                "source_id": s.get("src", source_id),
                "publisher": s.get("pub", publisher),
                "doc_title": title,
                "url": r["source_url"],
                "via": via,
                "published_on": published,
                "evidence": r["evidence"],
                "confidence": s.get("conf", "reported"),
                "note": ("up " + note[1:]) if note.startswith("+") else note,
                "entity_id": s.get("ent", ""),
            }
            if "event_date" in s:
                events.append(
                    {
                        **{c: "" for c in EVENT_COLUMNS},
                        **common,
                        "event_date": s["event_date"],
                        "date_precision": s["precision"],
                        "category": "other",
                        "subject": s["subj"],
                        "event": s["event"],
                        "description": r["metric"],
                        "milestone": s["milestone"],
                        "kind": s.get("kind", "actual"),
                    }
                )
                continue
            obs.append(
                {
                    **{c: "" for c in columns},
                    **common,
                    "indicator": s["ind"],
                    "subject": s["subj"],
                    "period": s["period"],
                    "value": number(s["value"]),
                    "value_qualifier": s.get("q", ""),
                    "unit": s["unit"],
                    "kind": s.get("kind", r["kind"]),
                    "speed_gbps": str(s.get("speed", "")),
                    "fabric": s.get("fabric", ""),
                    "region": s.get("region", ""),
                    "segment": s.get("seg", ""),
                    "scope": s.get("scope", ""),
                    "evidence_kind": s.get("ek", ""),
                }
            )
    for r in kept:  # the NIC rows converted before name their market now (entities_facts3.csv)
        if r["indicator"] == "nic_revenue" and not r["entity_id"]:
            r["entity_id"] = "ethernet-adapter-market"
    with OBS.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, columns, lineterminator="\n")
        w.writeheader()
        w.writerows(kept + obs)
    with EVENTS.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, EVENT_COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(events)
    covered = set(DONE) | set(ROWS)
    missing = sorted(set(rows) - covered)
    if missing:
        raise SystemExit(f"rows with no judgement: {missing}")
    lines = [
        "# facts3-market.csv rows left out of the ledger",
        "",
        "Every row of `facts3-market.csv` (150 rows; row = the file's line number, header = 1) is either in",
        "`facts3_market_observations.csv` / `facts3_market_events.csv` (each ledger row's note names its row) or",
        "listed here with the reason the ledger cannot hold it faithfully. Written by `tools/facts3/facts3_convert.py`",
        "from the judgements in `tools/facts3/facts3_rows.py`.",
        "",
        f"Held: {len(covered) - len(out)} rows; left out: {len(out)}.",
        "",
        "| row | entity | metric | value | reason |",
        "|---|---|---|---|---|",
    ]
    for n, r, reason in out:
        cells = [str(n), r["entity"], r["metric"], f"{r['value']} {r['unit']}", reason]
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    lines += ["", "Parts of held rows left out:", "", "| row | part left out and why |", "|---|---|"]
    lines += [f"| {n} | {reason} |" for n, reason in sorted(PARTS.items())]
    LEFT_OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(obs)} observations, {len(events)} events, {len(out)} rows left out, {len(covered) - len(out)} held")


if __name__ == "__main__":
    convert(Path(sys.argv[1]))
