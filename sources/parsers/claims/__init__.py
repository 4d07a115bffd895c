"""Claims from press releases and news (Dell'Oro, LightCounting, TrendForce, vendor newsrooms, UEC).

Every quantitative statement of a page becomes a `Claim`: value in base units, unit, the period
it refers to, whether it is an actual, an estimate or a forecast, a rough subject, the sentence
it came from, and a suggested indicator. Claims are not observations: an analyst accepts them
(the `claims` CLI command), so `parse` yields them in `tables["claims"]` with status "pending".
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass

from sources.document import Document
from sources.parsers.common.mentions import Mention, find_mentions, split_sentences
from sources.parsers.common.page import page_text, page_title, provenance, published_on, publisher_for
from sources.parsers.common.dates import PeriodMention, find_dates, find_periods
from sources.records import Records
from sources.parsers.common.units import normalize_text



@dataclass(frozen=True)
class Claim:
    value: float
    unit: str
    period: str | None
    kind: str                 # actual | forecast | estimate
    subject: str | None
    evidence: str             # the sentence, as the page has it
    qualifier: str | None = None   # > < ~ >= <= ("more than $100 billion" -> ">")
    indicator: str | None = None   # suggested indicator id, when the sentence makes it clear
    raw: str = ""                  # the figure as written ("$100 B")

    def contract(self) -> dict:
        return {"value": self.value, "unit": self.unit, "period": self.period, "kind": self.kind,
                "subject": self.subject, "evidence": self.evidence}


_FORECAST = re.compile(r"\b(?:will|shall|expect\w*|forecast\w*|projected|projection|predict\w*|anticipat\w*|outlook|"
                       r"guid(?:ance|ing)|target\w*|set to|on track to|poised to|could|potentially|likely to)\b"
                       r"|預計|预计|預估|预估|將|将|可望|有望", re.I)
_ESTIMATE = re.compile(r"\bestimat\w*|估計|估计|估算", re.I)
_CLAUSE_BREAK = re.compile(r",\s*(?:but|while|whereas)\s|;|，但|；|\.\s")
_PERIOD_CLAUSE_BREAK = re.compile(r"[,，;；:、]|\s-\s")
_SOURCE_NOTE = re.compile(r"[（(]\s*(?:來源|来源|資料來源|资料来源|source)\s*[:：][^)）]*[)）]", re.I)
_FABRICS = (("Ethernet", r"Ethernet|乙太網路|以太网|以太網"), ("InfiniBand", r"InfiniBand"), ("NVLink", r"NVLink"),
            ("Ultra Ethernet", r"Ultra Ethernet|\bUEC\b"), ("Spectrum-X", r"Spectrum-X"), ("RoCE", r"RoCE"))
_FABRIC_RE = re.compile("|".join(f"(?P<f{i}>{pat})" for i, (_, pat) in enumerate(_FABRICS)), re.I)
_OBJECT_BEFORE = re.compile(r"(?:against|versus|vs\.?|than|replacing|over)\s+$", re.I)
_TOPICS = (
    (re.compile(r"AI back[- ]?end|AI\s*後端網路|AI\s*后端网络|後端網路|后端网络", re.I), "AI back-end networks"),
    (re.compile(r"data cent(?:er|re) switch", re.I), "data center switches"),
    (re.compile(r"networking revenue|network(?:ing)?[- ]related (?:income|revenue)|網路營收|网络营收", re.I), "networking revenue"),
    (re.compile(r"optical (?:transceiver|module)s?|transceivers?|光模組|光模块|光收發模組", re.I), "optical transceivers"),
    (re.compile(r"\bports?\b|端口", re.I), "switch ports"),
    (re.compile(r"\bmembers?\b|member companies|會員|会员", re.I), "members"),
    (re.compile(r"\bclusters?\b|叢集|集群", re.I), "AI clusters"),
)
_NOUN_TOPIC = {"units": "optical transceivers", "ports": "switch ports", "gpus": "GPUs", "count": "members"}
_BASIS_SUFFIX = {"CAGR": "CAGR", "y/y": "growth y/y", "q/q": "growth q/q", "growth": "growth", "share": "share"}


def extract_claims(text: str, published_on: dt.date | None) -> list[Claim]:
    """Every quantitative statement in a main text (one block per line), in text order."""
    claims: list[Claim] = []
    for paragraph in text.splitlines():
        claims.extend(_paragraph_claims(paragraph, published_on))
    return claims


def _paragraph_claims(paragraph: str, published_on: dt.date | None) -> list[Claim]:
    claims: list[Claim] = []
    context_topic = None   # "This figure is expected to grow to 20.4 million units": the topic is a sentence back
    for sentence in split_sentences(paragraph):
        s = normalize_text(sentence)
        noted = _SOURCE_NOTE.sub(lambda m: " " * len(m.group(0)), s)
        periods = find_periods(noted, published_on)
        masked = _mask(noted, [(p.start, p.end) for p in periods] + [(d.start, d.end) for d in find_dates(noted)])
        mentions = find_mentions(noted, masked)
        chosen = [_period_for(noted, m, periods, mentions[i - 1].end if i else 0,
                              mentions[i + 1].start if i + 1 < len(mentions) else len(s))
                  for i, m in enumerate(mentions)]
        for i, m in enumerate(mentions):
            period = chosen[i]
            label = period.label if period else None
            if m.basis == "CAGR" and (label is None or "-" not in label):
                # A CAGR spans the sentence's first and last year ("32億 in 2023 ... 120億 by 2028, CAGR 30%").
                years = sorted({int(p.label[:4]) for p in chosen if p and re.match(r"\d{4}$", p.label)})
                if len(years) >= 2:
                    label = f"{years[0]}-{years[-1]}"
            kind = _kind(s, m, period, published_on)
            fabric, topic = _fabric(s, m), _topic(s, m)
            if topic in (None, m.noun) and context_topic:
                topic = context_topic
            subject = " ".join(x for x in (fabric, topic) if x) or None
            if subject and m.basis:
                subject = f"{subject} {_BASIS_SUFFIX[m.basis]}"
            claims.append(Claim(value=m.value, unit=m.unit, period=label, kind=kind, subject=subject,
                                evidence=sentence, qualifier=m.qualifier,
                                indicator=suggest_indicator(m, fabric, topic, s), raw=m.raw))
        context_topic = next((label for pat, label in _TOPICS if pat.search(s)), context_topic)
    return claims


def _mask(s: str, spans: list[tuple[int, int]]) -> str:
    chars = list(s)
    for a, b in spans:
        for i in range(a, b):
            chars[i] = "#"
    return "".join(chars)


def _period_for(s: str, m: Mention, periods: list[PeriodMention], prev_end: int, next_start: int) -> PeriodMention | None:
    """The period a figure refers to: the nearest one in its own clause (after, then before),
    else the nearest after it up to the next figure, else the nearest before it."""
    if not periods:
        return None
    breaks = [b.start() for b in _PERIOD_CLAUSE_BREAK.finditer(s)]
    c_start = max([b for b in breaks if b < m.start] + [0])
    c_end = min([b for b in breaks if b >= m.end] + [len(s)])
    after = [p for p in periods if m.end <= p.start < min(next_start, c_end)]
    before = [p for p in periods if max(prev_end, c_start) <= p.start and p.end <= m.start]
    if after:
        return after[0]
    if before:
        return before[-1]
    after = [p for p in periods if m.end <= p.start < next_start]
    before = [p for p in periods if p.end <= m.start and p.start >= prev_end]
    if after:
        return after[0]
    if before:
        return before[-1]
    return min(periods, key=lambda p: min(abs(p.start - m.end), abs(m.start - p.end)))


def _kind(s: str, m: Mention, period: PeriodMention | None, published: dt.date | None) -> str:
    """Past periods are actuals (or estimates when hedged as such); future ones forecasts; otherwise
    the words of the figure's clause decide ("expected", "will" -> forecast; "estimated" -> estimate)."""
    breaks = [b.start() for b in _CLAUSE_BREAK.finditer(s)]
    clause = s[max([b for b in breaks if b < m.start] + [0]):min([b for b in breaks if b >= m.end] + [len(s)])]
    estimate_cue = bool(_ESTIMATE.search(clause))
    if period and published and period.first_day:
        if period.last_day < published:
            return "estimate" if estimate_cue else "actual"
        if period.first_day > published:
            return "forecast"
        if period.horizon:
            return "forecast"
    if _FORECAST.search(clause):
        return "forecast"
    return "estimate" if estimate_cue else "actual"


def _fabric(s: str, m: Mention) -> str | None:
    """The fabric the figure is about: the nearest named before it that is not an object
    ("Ethernet is winning against InfiniBand ... $80 B" -> Ethernet), else the first after."""
    hits = [(h.start(), next(_FABRICS[int(k[1:])][0] for k, v in h.groupdict().items() if v))
            for h in _FABRIC_RE.finditer(s) if not _OBJECT_BEFORE.search(s[:h.start()])]
    before = [name for pos, name in hits if pos < m.start]
    if before:
        return before[-1]
    same_clause = [name for pos, name in hits if pos >= m.end and not re.search(r"[,;:]", s[m.end:pos])]
    return same_clause[0] if same_clause else None


def _topic(s: str, m: Mention) -> str | None:
    if m.unit in _NOUN_TOPIC and m.noun:
        if m.unit == "units" and not re.search(r"transceiver|module|optic|光", s, re.I):
            return m.noun
        if m.unit == "gpus" and re.search(r"\bclusters?\b|叢集|集群", s, re.I):
            return "AI clusters (GPUs)"
        return _NOUN_TOPIC[m.unit]
    for pat, label in _TOPICS:
        if pat.search(s):
            return label
    return None


def suggest_indicator(m: Mention, fabric: str | None, topic: str | None, sentence: str) -> str | None:
    """An indicator id from the brief's catalog when unit and words agree; None when unsure."""
    if m.unit == "USD":
        return {"AI back-end networks": "ai_backend_network_revenue", "optical transceivers": "optics_revenue",
                "networking revenue": "vendor_networking_revenue",
                "data center switches": "dc_ethernet_switch_revenue" if fabric == "Ethernet" else "dc_switch_revenue",
                }.get(topic or "")
    if m.unit == "share":
        if m.basis == "CAGR":
            return "market_cagr"
        if m.basis in ("y/y", "q/q", "growth"):
            return "market_growth_rate"
        if m.basis == "share":
            if re.search(r"\bports?\b|端口", sentence, re.I):
                return "switch_port_share"
            return "fabric_revenue_share" if fabric else None
        return None
    if m.unit == "pct_points":
        return "fabric_revenue_share"
    if m.unit == "units" and topic == "optical transceivers":
        return "optics_units_shipped"
    if m.unit == "ports":
        return "switch_ports_shipped"
    if m.unit == "gpus" and topic == "AI clusters (GPUs)":
        return "cloud_cluster_gpus"
    if m.unit == "count" and topic == "members":
        return "uec_members"
    return None


def claim_id(doc: Document, claim: Claim) -> str:
    """Stable id: the same figure in the same sentence of the same page always gets the same id."""
    parts = [doc.source_id, doc.url, claim.evidence, repr(claim.value), claim.unit, str(claim.period), claim.raw]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:20]


def _claims_of(doc: Document) -> tuple[list[Claim], dt.date | None]:
    text = page_text(doc)
    when = published_on(doc)
    return extract_claims(text, when), when


def parse(doc: Document) -> Records:
    """Claims of one press release or news page, as pending rows of `tables["claims"]`."""
    claims, when = _claims_of(doc)
    records = Records()
    if not claims:
        records.warnings.append(f"{doc.url}: no quantitative statements found (changed layout or a page without figures?)")
    if when is None:
        records.warnings.append(f"{doc.url}: no published date; forecast/actual read from wording only")
    title, publisher = page_title(doc), publisher_for(doc)
    rows, seen = [], set()
    for c in claims:
        cid = claim_id(doc, c)
        if cid in seen:
            continue
        seen.add(cid)
        prov = provenance(doc, c.evidence, when, title)
        rows.append({"claim_id": cid, "source_id": doc.source_id, "publisher": publisher, "title": title,
                     "url": doc.url, "published_on": prov.published_on, "document_sha": doc.sha256,
                     "value": c.value, "value_qualifier": c.qualifier, "unit": c.unit, "period": c.period,
                     "kind": c.kind, "subject": c.subject, "evidence": c.evidence, "raw": c.raw,
                     "indicator": c.indicator, "status": "pending"})
    records.tables["claims"] = rows
    return records


def cli_json(doc: Document) -> dict:
    claims, _ = _claims_of(doc)
    return {"claims": [c.contract() for c in claims]}
