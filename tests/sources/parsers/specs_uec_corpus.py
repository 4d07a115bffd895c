"""Recall of the specs and UEC parsers over real texts labelled by reading (tests/corpus/specs, uec).

A spec label is found when the parser's output for that document has a spec with the same value in
the same unit (after converting Tbps to Gbps, MB to GB, the parser's own units); the indicator the
parser maps it to is counted apart (`indicator_ok`). A member-count label is found when the parser
emits a `uec_members` observation with that value; an event label when the parser emits an event
of that category, on that date at the label's precision when the label has one. A document the
parser refuses (ParseError) finds none of its labels; its error is kept in `errors`. UEC precision:
every event and member count the parser emits is matched against the labels (`unlabelled` lists the
others, to be read) and its evidence must be in the text (`evidence_absent`).

Run as a script: python -m tests.sources.parsers.specs_uec_corpus [specs|uec] [tune|holdout1|holdout2] [-v]
"""

from __future__ import annotations

import csv
import datetime as dt
import sys
from dataclasses import dataclass, field
from pathlib import Path

from sources.document import Document
from sources.records import ParseError

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

# label quantity -> the parser indicator that should carry it (None: no indicator expected)
INDICATOR = {
    "port_speed": "port_speed_gbps",
    "switch_capacity": "switch_capacity_tbps",
    "serdes_rate": "serdes_gbps",
    "pcie_lanes": "pcie_lanes",
    "power": "power_w",
    "latency": "port_latency_ns",
    "packet_rate": "message_rate_mpps",
    "buffer": None,
    "port_count": None,
    "serdes_lanes": None,
    "pcie_gen": None,
    "energy_per_bit": None,
}
# units -> (canonical unit, factor)
_CANON = {
    "Tbps": ("Gbps", 1000.0),
    "Gbps": ("Gbps", 1.0),
    "TB": ("GB", 1000.0),
    "GB": ("GB", 1.0),
    "kW": ("W", 1000.0),
    "W": ("W", 1.0),
    "us": ("ns", 1000.0),
    "ns": ("ns", 1.0),
}


def squash(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class Doc:
    doc: str
    path: Path
    url: str
    published: dt.date | None
    split: str = "tune"

    def document(self) -> Document:
        return Document(
            source_id=f"{self.path.parent.name}_corpus",
            url=self.url,
            body=self.path.read_bytes(),
            published_on=self.published,
            fetched_at=dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc),
        )


def _rows(family: str, name: str) -> list[dict]:
    with open(CORPUS / family / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def documents(family: str) -> list[Doc]:
    # a month-only date ("2022-03", from an address) is kept in the CSV but not passed as a day
    return [
        Doc(
            r["doc"],
            CORPUS / family / r["file"],
            r["url"],
            dt.date.fromisoformat(r["published"]) if len(r["published"]) == 10 else None,
            r["split"],
        )
        for r in _rows(family, "documents.csv")
    ]


def labels(family: str, name: str = "labels.csv") -> list[dict]:
    return _rows(family, name)


@dataclass
class Report:
    labels: int = 0
    found: int = 0
    indicator_labels: int = 0
    indicator_ok: int = 0
    missed: list = field(default_factory=list)  # (doc, quantity/kind, value/date, evidence)
    errors: dict = field(default_factory=dict)  # doc -> parser error
    wrong_counts: list = field(default_factory=list)  # not-counts emitted as member counts
    outputs: dict = field(default_factory=dict)
    emitted: int = 0  # records emitted on the documents of the split (UEC: events and member counts)
    unlabelled: list = field(default_factory=list)  # emitted records that match no label: (doc, what, evidence)
    evidence_absent: list = field(default_factory=list)  # emitted records whose evidence is not in the text

    @property
    def precision(self) -> float:
        return 1 - len(self.unlabelled) / self.emitted if self.emitted else 0.0

    @property
    def recall(self) -> float:
        return self.found / self.labels if self.labels else 0.0

    def by_class(self) -> dict[str, tuple[int, int]]:
        return self._classes


def _canon(value: float, unit: str | None) -> tuple[str | None, float]:
    u, f = _CANON.get(unit or "", (unit, 1.0))
    return u, float(value) * f


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 + 0.005 * abs(b)


def _in_split(family: str, split: str) -> set[str]:
    return {d.doc for d in documents(family) if split in ("all", d.split)}


def measure_specs(split: str = "all") -> Report:
    from sources.parsers import specs

    rep = Report()
    rep._classes = {}
    outputs: dict[str, list] = {}
    for d in documents("specs"):
        try:
            _name, _kind, _body, _pairs, found = specs._page(d.document())
            outputs[d.doc] = found
        except ParseError as e:
            outputs[d.doc] = []
            rep.errors[d.doc] = str(e)
    rep.outputs = outputs
    docs = _in_split("specs", split)
    for x in labels("specs"):
        if x["doc"] not in docs:
            continue
        rep.labels += 1
        unit, value = _canon(float(x["value"]), x["unit"])
        got = [
            s
            for s in outputs[x["doc"]]
            if isinstance(s.value, float)
            and _canon(s.value, s.unit)[0] == unit
            and _close(_canon(s.value, s.unit)[1], value)
        ]
        n, k = rep._classes.get(x["quantity"], (0, 0))
        rep._classes[x["quantity"]] = (n + 1, k + bool(got))
        if got:
            rep.found += 1
        else:
            rep.missed.append((x["doc"], x["quantity"], x["value"], x["unit"], x["evidence"]))
        indicator = INDICATOR.get(x["quantity"])
        if indicator:
            rep.indicator_labels += 1
            rep.indicator_ok += any(s.indicator == indicator for s in got)
    return rep


def measure_uec(split: str = "all") -> Report:
    from sources.parsers import uec

    rep = Report()
    rep._classes = {}
    outputs: dict[str, object] = {}
    for d in documents("uec"):
        try:
            outputs[d.doc] = uec.parse(d.document())
        except ParseError as e:
            outputs[d.doc] = None
            rep.errors[d.doc] = str(e)
    rep.outputs = outputs
    docs = _in_split("uec", split)
    for x in labels("uec"):
        if x["doc"] not in docs:
            continue
        rep.labels += 1
        r = outputs[x["doc"]]
        if r is None:
            ok = False
        elif x["kind"] == "members":
            ok = any(o.indicator == "uec_members" and _close(o.value, float(x["value"])) for o in r.observations)
        else:
            ok = any(e.category == x["category"] and _same_date(e.event_date, x["date"]) for e in r.events)
        cls = x["kind"] if x["kind"] == "members" else f"event:{x['category']}{'' if x['date'] else ' (undated)'}"
        n, k = rep._classes.get(cls, (0, 0))
        rep._classes[cls] = (n + 1, k + ok)
        rep.found += ok
        if not ok:
            rep.missed.append((x["doc"], x["kind"], x["category"] or x["value"], x["date"], x["evidence"]))
    # precision: every event and member count emitted on the split's documents against the labels
    texts = {d.doc: squash(d.path.read_text(encoding="utf-8")) for d in documents("uec")}
    by_doc: dict[str, list[dict]] = {}
    for x in labels("uec"):
        by_doc.setdefault(x["doc"], []).append(x)
    for doc, r in outputs.items():
        if r is None or doc not in docs:
            continue
        for e in r.events:
            rep.emitted += 1
            if not any(
                x["kind"] == "event" and x["category"] == e.category and _same_date(e.event_date, x["date"])
                for x in by_doc.get(doc, ())
            ):
                rep.unlabelled.append((doc, f"event:{e.category} {e.event_date} {e.date_precision}", e.prov.evidence))
            if squash(e.prov.evidence or "") not in texts[doc]:
                rep.evidence_absent.append((doc, e.prov.evidence))
        for o in r.observations:
            rep.emitted += 1
            if not any(x["kind"] == "members" and _close(o.value, float(x["value"])) for x in by_doc.get(doc, ())):
                rep.unlabelled.append((doc, f"members {o.value:g} {o.period}", o.prov.evidence))
            if squash(o.prov.evidence or "") not in texts[doc]:
                rep.evidence_absent.append((doc, o.prov.evidence))
    for x in labels("uec", "not_counts.csv"):
        r = outputs[x["doc"]]
        if r is not None and any(
            o.indicator == "uec_members"
            and _close(o.value, float(x["value"]))
            and squash(x["evidence"])[:40] in squash(o.prov.evidence or "")
            for o in r.observations
        ):
            rep.wrong_counts.append((x["doc"], x["value"], x["reason"]))
    return rep


def _same_date(date: dt.date, label: str) -> bool:
    if not label:
        return True
    return date.isoformat()[: len(label)] == label


def measure(family: str, split: str = "all") -> Report:
    return measure_specs(split) if family == "specs" else measure_uec(split)


def main(argv: list[str]) -> int:
    families = [a for a in argv if a in ("specs", "uec")] or ["specs", "uec"]
    split = next((a for a in argv if a in ("tune", "holdout1", "holdout2")), "all")
    for fam in families:
        rep = measure(fam, split)
        print(
            f"{fam}: recall {rep.found}/{rep.labels} = {rep.recall:.1%}"
            + (f"; indicator right {rep.indicator_ok}/{rep.indicator_labels}" if rep.indicator_labels else "")
            + f"; documents refused {len(rep.errors)}"
            + (
                f"; precision {rep.emitted - len(rep.unlabelled)}/{rep.emitted} = {rep.precision:.1%}"
                f" (evidence not in the text: {len(rep.evidence_absent)})"
                if fam == "uec"
                else ""
            )
        )
        for cls, (n, k) in sorted(rep.by_class().items()):
            print(f"  {cls:28s} {k}/{n}")
        if rep.wrong_counts:
            print("  not-counts emitted as member counts:", rep.wrong_counts)
        if "-v" in argv:
            for doc, err in rep.errors.items():
                print("  refused", doc, err[:160])
            for m in rep.missed:
                print("  missed", m)
            for m in rep.unlabelled:
                print("  unlabelled", m)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
