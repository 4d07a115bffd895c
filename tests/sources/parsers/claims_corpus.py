"""Measure the claims parser against the labelled corpora in tests/corpus/claims_en and claims_zh.

A labelled figure counts as found when the parser yields a claim with the same unit and value whose
evidence contains the label's piece of text (or lies inside it: a table cell). Each claim answers at
most one label. Among the found figures the period, kind, qualifier and publisher are compared too.
Run as a script for the report: `python -m tests.sources.parsers.claims_corpus [en|zh] [tune|holdout|all]`.
"""

from __future__ import annotations

import csv
import datetime as dt
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from sources.document import Document
from sources.ledger.entities import load_registry
from sources.parsers import claims

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
CURATED = Path(__file__).resolve().parents[3] / "sources" / "curated"
# Numbers that are never market claims: a claim found in such a place is a defect.
STRICT_NOT_CLAIMS = {"per_share", "per_share_growth", "multiplier", "growth_factor", "stock_price", "unit_price"}


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# Every split a corpus document may carry, in the order the batches were collected (tests/corpus/README.md:
# a "holdout" batch is measured once, then renamed "tune" when the parser is changed from its misses).
SPLITS = (
    "tune",
    "tune2",
    "tune3",
    "tune4",
    "tune5",
    "tune6",
    "holdout6",
    "holdout7",
    "tune8",
    "tune9",
    "tune10",
    "tune11",
    "tune12",
    "tune13",
    "tune14",
    "tune15",
    "tune16",
    "tune17",
    "holdout18",
    "tune19",
    "tune20",
    "tune21",
    "tune22",
    "tune23",
    "tune24",
    "tune25",
    "tune26",
    "tune27",
    "tune28",
    "tune29",
    "tune30",
    "tune31",
    "tune32",
    "tune33",
    "tune34",
    "tune35",
    "tune36",
    "holdout37",
    "holdout38",
)


@dataclass
class Doc:
    doc: str
    path: Path
    url: str
    published: dt.date | None
    page_publisher: str
    split: str

    def document(self) -> Document:
        return Document(
            source_id="claims_corpus", url=self.url, body=self.path.read_bytes(), published_on=self.published
        )


@dataclass
class Report:
    labels: int = 0
    found: int = 0
    period_ok: int = 0
    period_labelled: int = 0
    kind_ok: int = 0
    actual_labels: int = 0
    actual_kind_ok: int = 0
    qualifier_ok: int = 0
    publisher_ok: int = 0
    missed: list = field(default_factory=list)
    wrong: list = field(default_factory=list)
    not_claims: list = field(default_factory=list)
    not_claims_other: list = field(default_factory=list)
    absent_evidence: list = field(default_factory=list)
    claims: int = 0

    @property
    def recall(self) -> float:
        return self.found / self.labels if self.labels else math.nan


def documents(lang: str) -> list[Doc]:
    folder = CORPUS / f"claims_{lang}"
    out = []
    for r in csv.DictReader((folder / "documents.csv").open(encoding="utf-8")):
        pub = dt.date.fromisoformat(r["published"]) if r["published"] else None
        out.append(Doc(r["doc"], folder / r["file"], r["url"], pub, r["page_publisher"], r["split"]))
    return out


def labels(lang: str, name: str = "labels.csv") -> list[dict]:
    return list(csv.DictReader((CORPUS / f"claims_{lang}" / name).open(encoding="utf-8")))


def _same_value(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9) or (abs(b) < 1 and math.isclose(a, b, abs_tol=5e-4))


def _entity_ids() -> dict[str, str]:
    """Every company's name and alias in the entity registry (sources/curated/entities*.csv), lower-cased
    -> its entity id: a label's 中际旭创 and the parser's Zhongji Innolight are one publisher."""
    out: dict[str, str] = {}
    for e in load_registry(CURATED).entities.values():
        if e.kind == "company":
            for name in (e.name, *e.aliases):
                out.setdefault(name.strip().lower(), e.entity_id)
    return out


_ENTITY_IDS = _entity_ids()


def _publisher_ok(row: dict, label: dict, doc: Doc | None = None) -> bool:
    """The label's publisher and the claim's are the same entity: the same spelling, one inside the other,
    two names of one registry entity, or the page itself (a label that names the site, "融中", a claim
    the parser leaves with the page's publisher, no `via`)."""
    want = label["publisher"].strip().lower()
    got = (row.get("attributed_to") or row.get("publisher") or "").strip().lower()
    if got and (want in got or got in want):
        return True
    if _ENTITY_IDS.get(want) and _ENTITY_IDS.get(want) == _ENTITY_IDS.get(got):
        return True
    return bool(
        doc is not None
        and want
        and not row.get("via")
        and (want in doc.page_publisher.lower() or want in doc.url.lower())
    )


def measure(lang: str, split: str = "all") -> Report:
    rep = Report()
    docs = [d for d in documents(lang) if split in ("all", d.split)]
    by_doc = {d.doc: d for d in docs}
    all_labels = [x for x in labels(lang) if x["doc"] in by_doc]
    nots = [x for x in labels(lang, "not_claims.csv") if x["doc"] in by_doc]
    for d in docs:
        rows = claims.parse(d.document()).tables["claims"]
        rep.claims += len(rows)
        page = squash(d.path.read_text(encoding="utf-8"))
        for r in rows:
            if squash(r["evidence"]) not in page or squash(r["raw"]) not in squash(r["evidence"]):
                rep.absent_evidence.append((d.doc, r["raw"], r["evidence"][:80]))
        used: set[int] = set()
        doc_labels = [x for x in all_labels if x["doc"] == d.doc]
        for lab in doc_labels:
            rep.labels += 1
            ev = squash(lab["evidence"])
            value = float(lab["value"])
            cands = [
                i
                for i, r in enumerate(rows)
                if i not in used
                and r["unit"] == lab["unit"]
                and _same_value(r["value"], value)
                and (ev in squash(r["evidence"]) or squash(r["evidence"]) in ev)
            ]

            # Prefer the claim whose raw figure sits inside the label's piece of text, then one that no other
            # label of the document could take (a sentence repeated in a longer one: "108年…" and "經濟部統計處
            # 今天發布統計,108年…"), then the shortest.
            def others(i: int, lab: dict = lab, rows: list = rows, doc_labels: list = doc_labels) -> int:
                r = rows[i]
                return sum(
                    1
                    for o in doc_labels
                    if o is not lab
                    and o["unit"] == r["unit"]
                    and _same_value(float(o["value"]), r["value"])
                    and squash(o["evidence"]) in squash(r["evidence"])
                    and squash(o["evidence"]) != squash(lab["evidence"])
                )

            cands.sort(key=lambda i: (squash(rows[i]["raw"]) not in ev, others(i), len(rows[i]["evidence"])))
            if not cands:
                rep.missed.append((d.doc, lab["evidence"], lab["value"], lab["unit"]))
                continue
            i = cands[0]
            used.add(i)
            r = rows[i]
            rep.found += 1
            problems = []
            if lab["period"]:
                rep.period_labelled += 1
                if (r["period"] or "") == lab["period"]:
                    rep.period_ok += 1
                else:
                    problems.append(f"period {r['period']} != {lab['period']}")
            if r["kind"] == lab["kind"]:
                rep.kind_ok += 1
            else:
                problems.append(f"kind {r['kind']} != {lab['kind']}")
            if lab["kind"] == "actual":
                rep.actual_labels += 1
                rep.actual_kind_ok += r["kind"] == "actual"
            if (r["value_qualifier"] or "") == lab["qualifier"]:
                rep.qualifier_ok += 1
            else:
                problems.append(f"qualifier {r['value_qualifier']} != {lab['qualifier'] or None}")
            if _publisher_ok(r, lab, d):
                rep.publisher_ok += 1
            else:
                problems.append(f"publisher {r.get('attributed_to') or r.get('publisher')} != {lab['publisher']}")
            if problems:
                rep.wrong.append((d.doc, lab["evidence"], "; ".join(problems)))
        extra = [r for i, r in enumerate(rows) if i not in used]
        for n in (x for x in nots if x["doc"] == d.doc):
            ev = squash(n["evidence"])
            for r in extra:
                # the claim's figure itself, not its digits inside another number ("1" of "1~2 顆" in "10倍")
                inside = re.search(r"(?<![\d.])" + re.escape(squash(r["raw"])) + r"(?![\d.])", ev)
                if inside and (ev in squash(r["evidence"]) or squash(r["evidence"]) in ev):
                    target = rep.not_claims if n["reason"] in STRICT_NOT_CLAIMS else rep.not_claims_other
                    target.append((d.doc, n["reason"], r["raw"], n["evidence"]))
    return rep


def summary(rep: Report) -> str:
    f = max(rep.found, 1)
    return (
        f"recall {rep.found}/{rep.labels} = {rep.recall:.1%}; among found: period {rep.period_ok}/{rep.period_labelled}, "
        f"kind {rep.kind_ok}/{f}, kind of reported results {rep.actual_kind_ok}/{rep.actual_labels}, "
        f"qualifier {rep.qualifier_ok}/{f}, publisher {rep.publisher_ok}/{f}; not-claims extracted "
        f"{len(rep.not_claims)} (+{len(rep.not_claims_other)} other); evidence absent {len(rep.absent_evidence)}; "
        f"claims {rep.claims}"
    )


if __name__ == "__main__":
    langs = [a for a in sys.argv[1:] if a in ("en", "zh")] or ["en", "zh"]
    split = next((a for a in sys.argv[1:] if a in (*SPLITS, "all")), "all")
    verbose = "-v" in sys.argv
    for lang in langs:
        rep = measure(lang, split)
        print(f"[{lang} {split}] {summary(rep)}")
        if verbose:
            for m in rep.missed:
                print("  MISSED", m)
            for w in rep.wrong:
                print("  WRONG ", w)
            for n in rep.not_claims + rep.not_claims_other:
                print("  NOTCLAIM", n)
            for a in rep.absent_evidence:
                print("  ABSENT", a)
