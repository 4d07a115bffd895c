"""The words the claims extractor recognises, in one place: who publishes figures (research firms,
vendors, the analyst consensus), companies' fiscal calendars, and the subject and indicator a topic
maps to. Ids are the repository's controlled terms: indicator ids of `sources/curated/indicators*.csv`
and entity ids of `sources/curated/entities*.csv`; when the controlled vocabulary of issue 19
(`sources/curated/vocabulary/`) lands, these tables are what to point at it. Pure data and lookups.
"""

from __future__ import annotations

import re

# Publisher -> (kind, entity id or None, aliases as written in English and Chinese press).
PUBLISHERS: dict[str, tuple[str, str | None, tuple[str, ...]]] = {
    "Dell'Oro Group": (
        "research",
        None,
        ("Dell'Oro Group", "Dell’Oro Group", "Dell'Oro", "Dell’Oro", "戴爾奧羅", "戴尔奥罗"),
    ),
    "IDC": ("research", None, ("IDC", "International Data Corporation", "國際數據資訊", "国际数据公司")),
    "650 Group": ("research", None, ("650 Group",)),
    "LightCounting": ("research", None, ("LightCounting", "Light Counting")),
    "TrendForce": ("research", None, ("TrendForce", "集邦科技", "集邦")),
    "Counterpoint": ("research", None, ("Counterpoint Research", "Counterpoint")),
    "Yole Group": ("research", None, ("Yole Group", "YoleGroup", "Yole Développement", "Yole")),
    "Omdia": ("research", None, ("Omdia",)),
    "Gartner": ("research", None, ("Gartner",)),
    "Crehan Research": ("research", None, ("Crehan Research", "Crehan")),
    "DIGITIMES": ("research", None, ("DIGITIMES Research", "DIGITIMES", "DigiTimes", "電子時報")),
    "Bloomberg": ("research", None, ("Bloomberg Intelligence", "Bloomberg", "彭博")),
    "NVIDIA": ("company", "nvidia", ("NVIDIA Corporation", "NVIDIA", "Nvidia", "輝達", "英偉達", "英伟达", "辉达")),
    "Arista Networks": ("company", "arista", ("Arista Networks", "Arista")),
    "Broadcom": ("company", "broadcom", ("Broadcom Inc.", "Broadcom", "博通")),
    "Cisco": ("company", "cisco", ("Cisco Systems", "Cisco", "思科")),
    "Marvell": ("company", "marvell", ("Marvell Technology", "Marvell", "邁威爾", "迈威尔")),
    "HPE": ("company", "hpe", ("Hewlett Packard Enterprise", "HPE")),
    "Celestica": ("company", "celestica", ("Celestica",)),
    "AMD": ("company", "amd", ("Advanced Micro Devices", "AMD", "超微")),
    "Intel": ("company", "intel", ("Intel", "英特爾", "英特尔")),
    "Juniper Networks": ("company", "juniper", ("Juniper Networks", "Juniper")),
    "Coherent": ("company", "coherent", ("Coherent Corp.", "Coherent")),
    "Lumentum": ("company", "lumentum", ("Lumentum",)),
    "Zhongji Innolight": (
        "company",
        "innolight",
        ("Zhongji Innolight", "InnoLight", "Innolight", "中際旭創", "中际旭创"),
    ),
    "Eoptolink": ("company", "eoptolink", ("Eoptolink", "新易盛")),
}
CONSENSUS_PUBLISHER = "analyst consensus"

# Last month of the fiscal year (the label FY2026 is the year that month falls in).
FISCAL_YEAR_END: dict[str, int] = {
    "NVIDIA": 1,
    "Marvell": 1,
    "Cisco": 7,
    "Broadcom": 10,
    "HPE": 10,
    "Coherent": 6,
    "Lumentum": 6,
    "Arista Networks": 12,
    "Celestica": 12,
    "AMD": 12,
    "Intel": 12,
    "Juniper Networks": 12,
}

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
    r"^\s*(?:'s|’s)?\s*(?:\([^)]{0,30}\)\s*)?(?:,\s*[^,]{0,60},\s*)?(?:has\s+|have\s+|also\s+|now\s+|today\s+)?"
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
    r"(?:市場|市场|華爾街|华尔街|分析師|分析师|法人)[^，,。；;]{0,14}(?:預期|预期|預估|预估|看法|共識|共识)|"
    r"(?:高於|低於|優於|高于|低于|优于|符合|超越|超出|不如)(?:市場|市场|分析師|分析师)?(?:平均)?(?:預期|预期|預估|预估)|"
    r"平均(?:預估|预估|預期|预期)|\baverage\s+(?:estimate|expectation)",
    re.I,
)

# Topic -> (entity id of the subject, indicator id).
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


def subject_id(topic: str | None, fabric: str | None, company: str | None, company_result: bool) -> str | None:
    """The controlled subject of a claim: the company for its own results, else the market it measures."""
    if company_result and company in PUBLISHERS and PUBLISHERS[company][1]:
        return PUBLISHERS[company][1]
    if topic == "data center switches" and fabric == "Ethernet":
        return SUBJECT_IDS["Ethernet data center switches"]
    if topic is None and fabric == "InfiniBand":
        return SUBJECT_IDS["InfiniBand"]
    return SUBJECT_IDS.get(topic or "")
