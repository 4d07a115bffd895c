"""The words the claims extractor recognises: who publishes figures (research firms, vendors, the
analyst consensus), companies' fiscal calendars, and the subject a topic maps to.

One home for names: the publishers, their kind and their aliases are read from the entity registry
(`sources/curated/entities*.csv`, issue 19), never listed here. A registered company is a publisher
when it is a research firm (its note starts "research firm"; they are registered in
`entities_publishers.csv`) or a company whose fiscal calendar is known below (the vendors whose
reported results the extractor dates). What stays here is what has no other home: the month each of
those companies' fiscal year ends, keyed by entity id, and the extractor's topic -> subject entity id
(ids checked against the registry when the vocabulary is built). `build()` is pure (rows in, tables
out); `load()` reads the registry through `sources.ledger.entities`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from sources.ledger.entities import Entity, load_registry

CURATED = Path(__file__).resolve().parents[2] / "curated"
# The registry files `load()` reads are declared where they are read, in sources.ledger.entities
# (`DATA_INPUTS`): the family's code version hashes them because this module imports it.

# Last month of the fiscal year, by entity id (the label FY2026 is the year that month falls in).
# Sources of the entries added for issue 21 (companies whose results the corpus relays):
# - fabrinet 6: 10-K for the fiscal year ended June 28, 2024 (fiscal years ended 2024-06-28, 2023-06-30,
#   2022-06-24: the last Friday of June), https://sec.gov/Archives/edgar/data/1408710/000140871024000032/fn-20240628.htm
# - credo 4: 10-K for the fiscal year ended April 27, 2024, note 1: "a 52- or 53-week period ending on the
#   Saturday closest to April 30", https://www.sec.gov/Archives/edgar/data/1807794/000162828024029629/R9.htm
# - ciena 10: "a 52 or 53 week fiscal year, which ends on the Saturday nearest to the last day of October",
#   https://investor.ciena.com/resources/investor-faqs
# - extreme 6: 10-K "For the fiscal year ended June 30, 2018" (Extreme Networks),
#   https://quarterlytics.com/company/extreme-networks_extr/annual-report-2018
# - aoi (not listed: the calendar year, which undated fiscal figures default to): 10-K "For the fiscal year
#   ended December 31, 2023" (Applied Optoelectronics),
#   https://quarterlytics.com/company/applied-optoelectronics_aaoi/annual-report-2023
# (Accelink, 光迅科技, keeps the calendar year as every mainland-listed company, PRC Accounting Law art. 11; it is
# not listed: as a publisher it took brokers' and sites' analyses of it in the corpus, 13 labels read worse.)
# - hgtech, unisplendour 12: mainland-listed (SZSE 000988, 000938), the calendar year (PRC Accounting Law art. 11,
#   as above); listed so that their own results, which press texts relay, are credited to them (tune20).
# - luxnet, tw-6442 12: Taiwan-listed (TPEx 4979, TWSE 6442); the texts report their months of the calendar year
#   ("元月"); the calendar year is the undated default anyway. (New H3C is registered but no publisher: the texts
#   credit its figures to its listed parent, Unisplendour.)
FISCAL_YEAR_END_BY_ID: dict[str, int] = {
    "fabrinet": 6,
    "credo": 4,
    "ciena": 10,
    "extreme": 6,
    "nvidia": 1,
    "marvell": 1,
    "cisco": 7,
    "broadcom": 10,
    "hpe": 10,
    "coherent": 6,
    "lumentum": 6,
    "arista": 12,
    "celestica": 12,
    "amd": 12,
    "intel": 12,
    "juniper": 12,
    "innolight": 12,
    "eoptolink": 12,
    "hgtech": 12,
    "unisplendour": 12,
    "luxnet": 12,
    "tw-6442": 12,
}
RESEARCH_NOTE = re.compile(r"^\s*research\s+firm\b", re.I)

# Topic -> entity id of the subject (entity ids of the registry; `build` refuses an unknown one).
SUBJECT_IDS: dict[str, str] = {
    "AI back-end networks": "ai-backend-network-market",
    "data center switches": "dc-switch-market",
    "Ethernet data center switches": "dc-ethernet-switch-market",
    "Ethernet switches": "ethernet-switch-market",
    "optical transceivers": "optical-transceiver-market",
    "800G optical transceivers": "optics-800g",
    "1.6T optical transceivers": "optics-1.6t",
    "co-packaged optics": "optics-cpo",
    "InfiniBand": "infiniband-market",
    "AI networking": "ai-networking-market",
}


def _text_alias(alias: str) -> bool:
    """An alias a press text can contain as written (not a series wording such as "HPE (Aruba Networking)")."""
    return bool(alias.strip()) and len(alias) <= 40 and not re.search(r"[(),|]", alias)


@dataclass(frozen=True)
class Vocabulary:
    publishers: dict[str, tuple[str, str | None, tuple[str, ...]]]  # name -> (kind, entity id, aliases)
    fiscal_year_end: dict[str, int]  # publisher name -> last month of its fiscal year


def build(entities: Iterable[Entity]) -> Vocabulary:
    """The publisher tables from registry entities (pure)."""
    entities = list(entities)
    known = {e.entity_id for e in entities}
    missing = sorted({i for i in (*SUBJECT_IDS.values(), *FISCAL_YEAR_END_BY_ID) if i not in known})
    if missing:
        raise ValueError(f"claims vocabulary: entity ids not in the registry: {', '.join(missing)}")
    publishers: dict[str, tuple[str, str | None, tuple[str, ...]]] = {}
    fiscal: dict[str, int] = {}
    for e in entities:
        if e.kind != "company":
            continue
        if RESEARCH_NOTE.match(e.note or ""):
            kind, entity_id = "research", None
        elif e.entity_id in FISCAL_YEAR_END_BY_ID:
            kind, entity_id = "company", e.entity_id
            fiscal[e.name] = FISCAL_YEAR_END_BY_ID[e.entity_id]
        else:
            continue
        aliases = tuple(dict.fromkeys(a for a in (e.name, *e.aliases) if _text_alias(a)))
        publishers[e.name] = (kind, entity_id, aliases)
    return Vocabulary(publishers, fiscal)


def load(folder: Path = CURATED) -> Vocabulary:
    """The vocabulary of the registry in `folder` (sources/curated by default)."""
    return build(load_registry(folder).entities.values())


_VOCABULARY = load()
PUBLISHERS = _VOCABULARY.publishers
FISCAL_YEAR_END = _VOCABULARY.fiscal_year_end
CONSENSUS_PUBLISHER = "analyst consensus"

_ALIASES = sorted(
    ((alias, name) for name, (_, _, aliases) in PUBLISHERS.items() for alias in aliases),
    key=lambda x: len(x[0]),
    reverse=True,
)
_ALIAS_RE = re.compile(
    "|".join(
        (r"(?<![A-Za-z])(?i:" + re.escape(a) + r")(?![A-Za-z])")
        if a[:1].isascii() and len(a) > 4
        else (r"(?<![A-Za-z])" + re.escape(a) + r"(?![A-Za-z])")
        if a[:1].isascii()
        else re.escape(a)
        for a, _ in _ALIASES
    )
)
_BY_ALIAS = {a.lower(): n for a, n in _ALIASES}


def publishers_in(text: str) -> list[tuple[int, int, str]]:
    """(start, end, publisher) of every publisher named in `text`, in order ("Lightcounting" is LightCounting)."""
    return [(m.start(), m.end(), _BY_ALIAS[m.group(0).lower()]) for m in _ALIAS_RE.finditer(text)]


def kind_of(publisher: str) -> str | None:
    return PUBLISHERS[publisher][0] if publisher in PUBLISHERS else None


# Words that say whose figure it is. Before the name: "according to X", "根據X"; after it: "X said",
# "X預估", "X:"; a report of X ("a newly published report from IDC", "data from research firm TrendForce").
ATTRIBUTION_BEFORE = re.compile(
    r"(?:according\s+to|says|said|per|from|by|根據|根据|據|据|依據|依据)\s*(?:(?:a|an|the|its|their|latest|recently|newly|published|"
    r"research|firm|market|group|report|data|forecast|study|survey|analysis|figures|statistics|最新|研調機構|研调机构|研究機構|研究机构|"
    r"調研機構|调研机构|市調機構|市调机构|國際|国际)\s*){0,6}$",
    re.I,
)
ATTRIBUTION_AFTER = re.compile(
    r"^\s*(?:'s|’s)?\s*(?:\([^)]{0,30}\)\s*)?(?:,\s*[^,]{0,60},\s*)?"
    # "Cignal AI Chief Analyst Dr. Scott Wilkinson noted": a title and a person's name between firm and verb
    r"(?:(?:[A-Z][\w.'’-]*|analyst|senior|chief|principal|research|director|president|vice|founder)\s+){0,7}?"
    r"(?:has\s+|have\s+|also\s+|now\s+|today\s+)?"
    r"(?:said|says|reported|reports|announced|announces|announcing|posted|expects|expected|predicts|predicted|forecasts?|forecasted|"
    r"estimates?|estimated|projects|projected|believes|notes|noted|states|stated|shows|showed|found|finds|sees|anticipates|guided|"
    r"guides|reduced|raised|revised|cut|lowered|delivered|generated|recorded|disclosed|:|：|"
    r"指出|表示|預估|预估|預計|预计|估計|估计|認為|认为|分析|公布|公佈|發布|发布|報告|报告|最新|調查|调查|統計|统计|宣布|預期|预期|預測|预测|"
    r"的聲明|的声明|的財報|的财报|財報|财报|數據|数据|研究|觀察|观察|強調|强调|說明|说明|資料|资料|今|昨|\d{1,2}日)",
    re.I,
)

# The analyst consensus: "analysts expected $17.5 billion", "Wall Street consensus of", 市場預期的…
CONSENSUS = re.compile(
    r"\banalysts?\b|\bconsensus\b|\bWall\s+Street\b|\bthe\s+Street\b|\bmarket\s+expectations?\b|\bFactSet\b|"
    r"(?:市場|市场|華爾街|华尔街|分析師|分析师|分析員|分析员|法人)[^，,。；;]{0,14}(?:預期|预期|預估|预估|預測|预测|估計|估计|看法|共識|共识)|"
    r"(?:高於|低於|優於|高于|低于|优于|符合|超越|超出|不如)(?:市場|市场|分析師|分析师)?(?:平均)?(?:預期|预期|預估|预估)|"
    r"平均(?:預估|预估|預期|预期)|\baverage\s+(?:estimate|expectation)",
    re.I,
)


def subject_id(topic: str | None, fabric: str | None, company: str | None, company_result: bool) -> str | None:
    """The controlled subject of a claim: the company for its own results, else the market it measures."""
    if company_result and company in PUBLISHERS and PUBLISHERS[company][1]:
        return PUBLISHERS[company][1]
    if topic == "data center switches" and fabric == "Ethernet":
        return SUBJECT_IDS["Ethernet data center switches"]
    if topic is None and fabric == "InfiniBand":
        return SUBJECT_IDS["InfiniBand"]
    return SUBJECT_IDS.get(topic or "")
