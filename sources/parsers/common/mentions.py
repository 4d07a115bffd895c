"""Find the quantitative mentions in one sentence: money, percentages, share points, ratios,
link speeds and unit counts, each with its normalized value, unit, hedge and growth basis.

Pure text in, `Mention`s out; `claims.py` adds period, kind, subject and indicator.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from sources.ledger.format import CURRENCY_UNITS
from sources.parsers.common.cjk import CJK_MEASURE, cjk_mentions
from sources.parsers.common.units import (
    CJK_SCALE,
    NUMBER,
    SCALE_WORD,
    WORD_NUMBER,
    normalize_text,
    normalize_unit,
    parse_number,
    qualifier_before,
    scale_factor,
    tidy_float,
)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    value: float
    unit: str
    qualifier: str | None
    raw: str
    basis: str | None = None  # CAGR | y/y | q/q | growth | share | None (percentages only)
    noun: str | None = None  # the counted thing for unit counts ("transceivers", "ports")
    scaled: bool = False  # written with a scale ("$1.5 billion", "600萬", "40%"): a range's bare
    # other end ("$1.5-$1.6 billion", "690~700萬") takes this one's scale


_ABBREVIATIONS = re.compile(
    r"(?:\b(?:Inc|Corp|Co|Ltd|Mr|Ms|Dr|No|vs|approx|est|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|"
    r"Nov|Dec|Ore|Calif|Mass|Wash|Fig|e\.g|i\.e|[Aa]dj)|\b[A-Z](?:\.[A-Z])*)\.$"
)


def split_sentences(text: str) -> list[str]:
    """Sentences of a main text: one line at a time, split after . ! ? and CJK 。！？； (after the closing quote
    of a quoted sentence: 「一定可以做到。」)."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        start = 0
        for m in re.finditer(
            r"(?<=[.!?])[\"”’)]?\s+(?=[A-Z0-9\"“‘(\[$])|(?<=[。！？；])(?![」』”’])|(?<=[。！？；][」』”’])|(?<=[a-z0-9%][.])(?=[A-Z][a-z])"
            # (or before an acronym that opens the next sentence: "up 2% organically.GAAP diluted EPS were ...")
            r"|(?<=[a-z]{3}[.])(?=[A-Z]{2,5}\s)"
            r"|(?P<bullet>(?<=[\u4e00-\u9fff\]])\s+-\s+(?=[\u4e00-\u9fff\d]|\*\*)|(?<=\])\s+-\s+(?=[A-Z]))"
            # a run-together layout: a figure runs into the next label ("$102.95 millionExpected Revenue",
            # "Growth+137.90%Applied", "EPS-$0.16Consensus EPS")
            r"|(?<=illion)(?=[A-Z])|(?<=\d%)(?=[A-Z][a-z])"
            # (not inside a product name of letters and digits: "P2Pack产品")
            r"|(?<=\d)(?<![A-Za-z]\d)(?!(?:Gbps|Tbps|Mbps|Gbit|Tbit|GbE|TbE|Gbaud)\b)(?=[A-Z][a-z]{3,})"
            # a Chinese forecast table run together one row per line: the next row's label (with its unit in
            # parentheses, or a growth row "增長率 yoy%") right after the last cell of the row before
            # ("...100,991增長率 yoy%9%4%", "...12%歸母凈利潤(百萬元)2,158")
            r"|(?:(?<=[\d%])|(?<=\d[AE]))(?=" + _GLUED_ROW_LABEL + r")"
            # (or its cells written apart by spaces: "2025E 營業收入(百萬元)232 283 202 361 456 增長率 yoy(%)-0.5")
            r"|(?:(?<=[\d%])|(?<=\d[AE]))\s+(?=" + _GLUED_ROW_LABEL + r")",
            line,
        ):
            # (a bullet dash run into a Chinese line, "[8] - 2025年第三季度毛利率", "财务表现与预测 - ...",
            # "[4] - **Coherent业绩与展望**:", "[1] - Q3 FY 2025 revenue guidance"; a page written without
            # a space after its full stops, "... Wall Street expectations.The business predicts ...")
            if (
                m.group("bullet")
                and re.search(r"\d\s*[萬万億亿]?\s*(?:美元|元|只|個|个|颗|顆|台|件|片|套)$", line[: m.start()])
                and re.match(r"\d[\d,.]*\s*[萬万億亿]?\s*(?:美元|元|只|個|个|颗|顆|台|件|片|套)", line[m.end() :])
            ):
                continue  # "94 亿元 - 99 亿元": a range spaced around its dash, not a bullet
            if m.group("bullet") and re.match(r"\d[\d,.]*\s*(?:%|pct|個?百分點|个?百分点)", line[m.end() :], re.I):
                continue  # "环比 - 14.14%", "同比 - 1.46PCT", "财务费用率 - 1.55%": a spaced minus, not a bullet
            if (
                m.group("bullet")
                and re.search(r"[\u4e00-\u9fff]\s*$", line[: m.start()])
                and not re.search(r"[元亿億万萬币幣]\s*$", line[: m.start()])
                and re.match(r"\d[\d,.]*\s*[萬万億亿]\s*(?:美元|元)", line[m.end() :])
            ):
                continue  # "归母净利润 - 1.48 亿元": a spaced minus before an amount (a net loss), not a bullet
            piece = line[start : m.start() if m.group("bullet") else m.end()].strip()
            if (
                (
                    _ABBREVIATIONS.search(line[: m.start()].rstrip().rstrip('"”’)')[-12:])
                    and not re.match(r"[\"“‘]", line[m.end() :])  # ("... of Broadcom Inc. \"Based on ...": a new quote)
                )
                or re.search(r"\b(?:vs|v\.s)\.$", line[: m.start()])
            ):  # ("$2.35B vs. $2.33B expected", "193.1 億美元 v.s. 191.8 億美元": one sentence)
                continue
            if piece:
                out.append(piece)
            start = m.end()
        if line[start:].strip():
            out.append(line[start:].strip())
    return out


# A unit in parentheses after a table row's label: "(百萬元)", "(億元)", "(百万股)", "(%)".
TABLE_UNIT = r"[（(]\s*(?:[百千万萬亿億]*(?:元|美元|股|新台幣|台幣|人民幣|人民币)|%)\s*[)）]"
# A row label of a Chinese table run together: "營業收入(百萬元)74,058...", "增長率 yoy%9%4%".
_GLUED_ROW_LABEL = r"[\u4e00-\u9fff]{2,12}\s*(?:" + TABLE_UNIT + r"|(?i:yoy|y/y)\s*(?:%|[(（]\s*%\s*[)）]))(?=\s*-?\d)"


# --- patterns ---------------------------------------------------------------------

# A decimal comma ("15,8%", "$11,7-billion", as South African and European pages write it) only
# before a percent sign or a scale word, so thousands separators keep their meaning.
DECIMAL_COMMA = r"\d{1,3},\d{1,2}(?=\s*(?:%|-?\s*(?:" + SCALE_WORD + r")\b))"
# A number starts after a space or punctuation, or after the dash of a range ("20%-30%", "3500-4000萬"),
# or inside a page whose spaces around figures were lost, as a percentage glued to words on both sides
# ("with a3%sequential increase and37%year-over-year growth"), or after a minus right after a comma that follows no
# digit ("中值為47.4億元,-25.7% QoQ,-11.2% YoY": signed changes listed after an amount).
_NUM_RE = re.compile(
    r"(?:(?<![A-Za-z0-9.,#_/-])|(?<=[a-z])(?=\d{1,3}(?:\.\d+)?%[a-z])|(?<=[a-z]{3})(?=\d{1,3}(?:\.\d+)?%[\d+-])|(?<=[^\d\s],)|(?<=[\d%萬万億亿]-)|(?<=[^A-Za-z0-9.,#_/%萬万億亿\-]-)|(?<=[^\d\s][,，]-)|(?<=illion)"
    r"|(?<=bn-)|(?<=mn-)|(?<=illion-)|(?<=YoY/)|(?<=QoQ/)|(?<=yoy/)|(?<=qoq/)|(?<=\bRMB)|(?<=\bUSD)|(?<=\bCNY)|(?<=\bNTD)|(?<=\bHKD)|(?<=\bSGD)|(?<=\bEUR)"
    r"|(?<=CAGR)|(?<=\bYoY)|(?<=\bQoQ)"  # ("CAGR25.71%": the measure's name glued to its figure)
    r"|(?<=\$US)|(?<=\$AU)|(?<=\$A)|(?<=\$CA)|(?<=\$C)|(?<=\$NT)|(?<=\$HK)|(?<=\$S))("
    # "8 and a half billion dollars": the half after the digits, only before a scale word
    + r"\d{1,3}\s+and\s+a\s+half(?=\s+(?:m|b|tr)illion\b)|"
    + DECIMAL_COMMA
    + "|"
    + NUMBER
    + r")(?![\d])"
    r"|\b("
    + WORD_NUMBER
    # "seven and a half billion": the half after the word, only before a scale word
    + r"(?:\s+and\s+a\s+half(?=\s+(?:m|b|tr)illion\b))?"
    + r"|(?:half\s+)?an?(?=\s+(?:m|b|tr)illion\s+(?:US\s+|U\.S\.\s+)?(?:dollars|euros|yuan|yen)\b))\b",
    # ("north of a billion dollars", "half a billion euros": the article as the number, only before a scale
    # word and a currency written out)
    re.I,
)
# Currency signs and codes written before the number, and the unit each stands for. A bare "$" may
# follow a lower-case letter with no space in run-together layouts ("Actual Revenue$102.95 million",
# "a net loss of$18.2 million"); the lettered signs (NT$, HK$, S$, RMB, ...) need a word boundary. Australian and
# British pages put the letters after the sign: "$US12 billion", "$A3 billion", "$NT500 million".
_CURRENCY_SIGNS = (
    (r"NT\$|\$NT(?![A-Za-z])|NTD|(?<![A-Za-z])T\$", "TWD"),
    (r"HK\$|\$HK(?![A-Za-z])|HKD", "HKD"),
    (r"S\$|\$S(?![A-Za-z])|SGD", "SGD"),
    (r"AU?\$|\$AU?(?![A-Za-z])|AUD", "AUD"),
    (r"CA?\$|\$CA?(?![A-Za-z])|CAD", "CAD"),
    (r"JP¥|JPY", "JPY"),
    (r"RMB\s?[¥￥]?|CN[¥￥]|CNY|[¥￥]", "CNY"),
    (r"€|EUR", "EUR"),
    (r"US\s?\$|\$US(?![A-Za-z])|USD|\$\$?", "USD"),
)
_SIGN = "|".join(f"(?P<c{i}>{pat})" for i, (pat, _) in enumerate(_CURRENCY_SIGNS))
_CURRENCY_BEFORE = re.compile(
    r"(?:(?:(?<![A-Za-z$])|(?<=illion))(?:" + _SIGN + r")|(?<=[a-z])(?P<glued>\$))\s*$"
    r"|(?<![A-Za-z$])(?:"
    + _SIGN.replace("?P<c", "?P<r")
    + r")\s*(?:"
    + NUMBER
    + r")\s*(?:(?:"
    + SCALE_WORD
    + r")\s*)?(?:-|~|to)\s*$"
)
MONEY_UNITS = CURRENCY_UNITS  # the ledger's currencies (sources/ledger/format.py): one home


def _currency_before(before: str) -> tuple[int | None, str] | None:
    """(where the sign starts, or None for a range's bare high end after a signed low end; its unit)."""
    cur = _CURRENCY_BEFORE.search(before)
    if cur is None:
        return None
    if cur.group("glued"):
        return cur.start("glued"), "USD"
    for i, (_, unit) in enumerate(_CURRENCY_SIGNS):
        if cur.group(f"c{i}"):
            return cur.start(f"c{i}"), unit
        if cur.group(f"r{i}"):
            return None, unit
    return None


# A scale word may run into the next word in run-together layouts ("$102.95 millionExpected", "revenueof$2.075
# billionfor Q3": a page whose spaces were lost).
_SCALE_AFTER = re.compile(
    r"^\s*-?\s*(?:(plus)\s+)?((?:"
    + SCALE_WORD
    + r")(?=\b|\d|(?-i:[A-Z])|(?<=illion)(?!s\b|th\b|aires?\b)(?-i:[a-z]))|[BMKT](?![A-Za-z/])\b)",
    re.I,
)  # ("$2.39 billion21 %": a table row run together)
_CURRENCY_AFTER = re.compile(
    r"^\s*(?:(" + SCALE_WORD + r")\s+)?(?:(USD\b|US dollars\b|U\.S\. dollars\b|dollars\b)"
    r"|((?:New\s+)?Taiwan\s+dollars?\b|NT\s+dollars?\b)|(yuan\b|renminbi\b|RMB\b)"
    r"|(Hong\s+Kong\s+dollars?\b|HK\s+dollars?\b)|(Singapore\s+dollars?\b)|(euros?\b|EUR\b)"
    r"|(yen\b|JPY\b))",
    re.I,
)
_CURRENCY_AFTER_UNITS = (None, "USD", "TWD", "CNY", "HKD", "SGD", "EUR", "JPY")
_CJK_MONEY_AFTER = re.compile(r"^\s*(" + CJK_SCALE + r")?\s*(?:美元|美金)")
# Other currencies written after the figure: "12.5亿港元", "50億日圓", "3億歐元".
_CJK_OTHER_MONEY_AFTER = re.compile(
    r"^\s*("
    + CJK_SCALE
    + r")?\s*(?:(港元|港币|港幣)|(日元|日圓|日圆|日幣|日币)|(歐元|欧元)|(新加坡元|新加坡幣|新加坡币|新元))"
)
_CJK_OTHER_UNITS = ("HKD", "JPY", "EUR", "SGD")
_CJK_OTHER_MONEY_BEFORE = re.compile(
    r"(?:(港元|港币|港幣)|(日元|日圓|日圆|日幣|日币)|(歐元|欧元)|(新加坡元|新加坡幣|新加坡币))\s*$"
)
_POINTS_AFTER = re.compile(
    r"^\s*(?:(?:revenue|market|unit)[- ]share\s+|percentage\s+|share\s+)points?\b|^\s*(?:pp|ppts?|pts|ct)(?![A-Za-z])"
    r"|^\s*points?\s+(?=(?:versus|vs\.?|from|over|compared|year|sequential|quarter)\b)"
    r"|^\s*points?(?=\s+to\s+(?:reach\s+|hit\s+)?(?:an?\s+)?\d[\d.]*\s*(?:%|per\s?cent))"  # "gaining two points to reach a 17% share"  # "improving 4.8 points versus a year ago"
    r"|^\s*pct(?=\s*[至到/。]|\s*$|\s*[,，;；)])"  # "同比-0.92pct/-0.32pct/-2.25pct"
    r"|^pct(?=[\u4e00-\u9fff\d])"  # "同比 - 1.46PCT销售费用率", "同比+3.46PCT24年前三季度"
    r"|^\s*個?百分點|^\s*个?百分点"
    r"|^\s*p\.\s?p\.?",  # "同比-3.65p.p."
    re.I,
)
# "同比提升6.05个点", "毛利率年減1.2個點": 个点/個點 after a change word is a percentage point (an index's
# "上漲100個點" has no such word before it).
_CJK_POINTS_AFTER = re.compile(r"^\s*[個个][點点]")
_CHANGE_BEFORE_POINTS = re.compile(
    r"(?:同比|环比|環比|年增|年減|年减|季增|季減|季减|提升|提高|上升|增加|下降|下滑|减少|減少|改善|收窄|扩大|擴大)[了約约近逾]?\s*[+-]?$"
)
_BASIS_POINTS_AFTER = re.compile(r"^\s*(?:-?basis[- ]points?\b|bps?\b|[個个]?基[點点])", re.I)
_PERCENT_AFTER = re.compile(r"^\s*(?:%|percent\b|per cent\b|pct\b)", re.I)
_RATIO_AFTER = re.compile(r"^\s*(?:times\b|倍|x(?=\s+(?:higher|more|faster|lower|greater|better|larger|the)\b))", re.I)
_SPEED_AFTER = re.compile(
    r"^\s*(?:[GT]b/s|[GT]bps|[GT]bit/s|[GT]bE|[GT]B/s|[GT](?![A-Za-z0-9/])|[GT](?=/\d+[GT]\b)|gigabits?(?:\s+per\s+second)?\b|terabits?(?:\s+per\s+second)?\b|(?:peta|exa)bits?\s+per\s+second\b)",
    re.I,
)
# "10GB Ethernet switch ports", "10 Gig ports": a speed written in gigabytes or "Gig" is no count of what follows.
_BYTES_SPEED_AFTER = re.compile(r"^\s*(?:[GMT]B(?:E|ps|/s)?|[GT]ig(?:abit)?E?)(?![A-Za-z0-9])", re.I)
_COUNT_NOUNS = {
    "units": "units",
    "unit": "units",
    "transceivers": "units",
    "modules": "units",
    "systems": "units",
    "switches": "units",
    "servers": "units",
    "chips": "units",
    "CPUs": "units",  # "shipped 4.09 million X86 server CPUs"
    "processors": "units",
    "NICs": "units",
    "SuperNICs": "units",
    "AOCs": "units",  # active optical cables ("243,000 100G AOCs": a count, then the link speed, then the product)
    "AECs": "units",
    "DACs": "units",
    "cables": "units",
    "computers": "units",  # "shipped 2.2 million notebook computers"
    "displays": "units",
    "data centers": "units",  # "1,244 hyperscale data centers"
    "data centres": "units",
    "ports": "ports",
    "port": "ports",
    "GPUs": "gpus",
    "GPU": "gpus",
    "accelerators": "gpus",
    "XPUs": "gpus",
    "members": "count",
    "companies": "count",
    "member companies": "count",
    "organizations": "count",
}
_COUNT_NOUN_OF = {k.lower(): v for k, v in _COUNT_NOUNS.items()}
_PORTS_COUNTED = re.compile(r"\bport\s+shipments\b|\bports?\s+(?:sold|shipped)\b", re.I)
_NOUN_BEFORE = re.compile(
    r"\b(ports?|units|GPUs|servers|switches)\b(?:\s+shipments?)?\s+(?:reached|totall?ed|of|hit|grew\s+to|rose\s+to)\s+(?:about\s+|nearly\s+|over\s+)?$",
    re.I,
)
# "3.7 million units", "3.7 Million Units" (headlines), "20K GPUs".
_COUNT_AFTER = re.compile(
    r"^(\+)?\s*-?\s*(?:((?i:" + SCALE_WORD + r")|[KMB](?![A-Za-z/])|k(?=\s))\s*)?(?:[A-Za-z0-9./+-]+\s+){0,3}?"
    r"("
    + "|".join(sorted(_COUNT_NOUNS, key=len, reverse=True))
    + r"|(?i:units?|systems|switches|servers|ports?|members))\b"
)
# Chinese counts: a scale (萬, 億) then a measure word (顆, 個, 台, 支, ...); ports (埠, 端口); companies (家).
_CJK_COUNT_AFTER = re.compile(
    r"^\s*("
    + CJK_SCALE
    + r")?\s*(?:("
    + CJK_MEASURE
    + r")(?!百分|(?<=[個个])(?:月|股本))|(埠|個埠|个埠|個端口|个端口|端口|連接埠)|(家))"
)
_CJK_GPU_AFTER = re.compile(
    r"^\s*(?:NVIDIA\s*|輝達\s*|英偉達\s*|AMD\s*)?(?:GPU|加速器|Hopper|Blackwell|[HB]\d{2,3}|GB\d{3}|MI\d{3}|Trainium|TPU|XPU)",
    re.I,
)
# "900萬至1,000萬顆", "800万/1480万/1850万只": the figures before the last share its measure word.
_CJK_CHAIN = (
    r"(?:\s*(?:至|到|~|-|/|、|和|與|与)\s*(?:" + NUMBER + r")\s*(?:" + CJK_SCALE + r")?)+"
    r"\s*(?:(?:" + CJK_MEASURE + r")(?!百分|(?<=[個个])(?:月|股本))|埠|端口|個端口|个端口)"
)
# "5 億至 5.5 億美元": a money range whose low end has its own scale.
_CJK_MONEY_CHAIN_AFTER = re.compile(
    r"^\s*(" + CJK_SCALE + r")?\s*(?=(?:至|到|~|-|、)\s*(?:" + NUMBER + r")\s*(" + CJK_SCALE + r")?\s*(?:美元|美金))"
)
_CJK_CHAIN_AFTER = re.compile(r"^\s*(" + CJK_SCALE + r")?(?=" + _CJK_CHAIN + r")")
_CJK_CHAIN_UNIT = re.compile(_CJK_CHAIN)
_CJK_CHAIN_MEASURE = re.compile(r"(?:(" + CJK_SCALE + r")|)(?:(" + CJK_MEASURE + r")|(埠|端口|個端口|个端口)|(家))$")
_RANGE_BEFORE = re.compile(r"\d\s*(?:" + CJK_SCALE + r")?\s*(?:至|到|~|-)\s*$")
# A count with a scale and no measure word ("出貨量突破600萬") is a count of what the sentence ships.
_CJK_SCALED_BARE = re.compile(r"^\s*(萬|万|億|亿)(?!\s*(?:美元|美金|元|" + CJK_MEASURE + r"|埠|端口))")
# Racks counted with a scale ("500万标准机架", "2萬座機櫃"): units.
_CJK_RACKS_AFTER = re.compile(
    r"^\s*(" + CJK_SCALE + r")\s*(?:[個个座台架])?\s*(?:标准|標準)?\s*(机架|機架|机柜|機櫃|机柜数|機櫃數)"
    # ("机架数量从…约400万架增长至…1200万架": 架, the measure word of racks, in a sentence about racks)
    r"|^\s*(" + CJK_SCALE + r")\s*(架)(?=[^\u4e00-\u9fff]|$|增|成|的|左右|以上)"
)
_GPU_BEFORE = re.compile(r"GPU|TPU|XPU|加速器|H20|H100|H200|B200|B300", re.I)
_OTHER_PRODUCT = re.compile(
    r"光模[組组块塊]|收發|收发|模組|模块|晶片|芯片|交換器|交换机|伺服器|服务器|server|CoWoS|晶圓|晶圆|HBM|記憶體|内存",
    re.I,
)
_PORT_CONTEXT = re.compile(r"端口|埠|\bports?\b", re.I)
_SHIPMENT_WORDS = re.compile(r"出貨|出货|銷量|销量|出口量|裝機|装机")
_RANGE_AFTER = re.compile(r"^\s*(?:" + CJK_SCALE + r")?\s*(?:至|到|~|-)")

_CAGR = re.compile(r"CAGR|compound annual growth|年複合增長率|年复合增长率|年複合成長率|複合成長率|复合增长率", re.I)
_YOY = re.compile(
    r"year[- ]over[- ]year|year[- ]on[- ]year|\by/y\b|\byoy\b|from a year (?:ago|earlier)|annual (?:increase|growth|decline)|年增|年減|年减|同比|年成長|同增|同減|同减",
    re.I,
)
_QOQ = re.compile(
    r"sequential(?:ly)?|quarter[- ]over[- ]quarter|quarter[- ]on[- ]quarter|\bq/q\b|\bqoq\b|季增|季減|季减|環比|环比|"
    r"環增|环增|環減|环减",
    re.I,
)
_GROWTH = re.compile(
    r"\btook\s+a\s+hit\b|\btakes?\s+a\s+hit\b|grow|growth|increas|rise|rising|expand|\bup\b|jump|surg|declin|decreas|\bfell\b|\bfall|drop|\bdown\b|slump|\blos[ti]\w*|"
    r"\b(?:was|were|is|are|been|be)\s+off\b|\boff\s+by\b|成長|增長|增长|下滑|下降|減少|减少|衰退|滑落|萎縮|萎缩|縮水|缩水|降幅|跌幅|[下大暴微小略]跌|下挫|月增|月減|月减|[骤驟]降|\bshr[iau]nk\b|"
    # "净利润降32%": a bare 降 right before the figure
    r"(?<=[\u4e00-\u9fff])降\s*(?:了|約|约|近|逾)?\s*$",
    re.I,
)
_DECLINE = re.compile(
    r"\btook\s+a\s+hit\b|\btakes?\s+a\s+hit\b|declin|decreas|\bfell\b|\bfall|drop|\bdown\b|shr[iau]nk|contract|slump|\blos[ti]\w*|\b(?:was|were|is|are|been|be)\s+off\b|\boff\s+by\b|\breduc\w*|"
    r"下滑|下降|減少|减少|衰退|滑落|萎縮|萎缩|縮水|缩水|降幅|跌幅|季減|年減|季减|年减|月減|月减|環減|环减|同減|同减|[略微小大骤驟]降|[下大暴微小略]跌|下挫|"
    r"[負负](?:成長|成长|增長|增长)|(?<=[\u4e00-\u9fff])降\s*(?:了|約|约|近|逾)?\s*$",
    re.I,
)
_RISE = re.compile(r"成長|成长|增長|增长|增加|上升|提升|\bgr[eo]w\w*|\brose\b|\brising\b|\bincreas\w*|\bup\b", re.I)
_SHARE = re.compile(r"share|account(?:s|ed|ing)? for|of (?:all|total)|佔|占|比重|份額|份额", re.I)


_PAREN_MONEY = re.compile(
    r"(?<=\$)\((\d[\d,]*(?:\.\d+)?)\)(?=\s*(?:million|billion|thousand|mn|bn|m|b|k)\b)", re.I
)  # (also with the scale's letters: "net loss $(51.7)m")


def _unparenthesized(s: str) -> str:
    """ "$(42.8) million" -> "$ 42.8  million" (same length, so spans keep their places): a net loss written in
    parentheses reads as the amount lost. One not called a loss is a negative amount: "EBITDA … (vs. Q1 FY25
    $(18.8)m)" -> "-$18.8 m"."""
    chars = list(s)
    for m in _PAREN_MONEY.finditer(s):
        if re.search(r"\blos(?:s|ses)\b|\(loss\)", s[max(0, m.start() - 80) : m.start()], re.I):
            chars[m.start()], chars[m.end() - 1] = " ", " "
        else:
            chars[m.start() - 1], chars[m.start()], chars[m.end() - 1] = "-", "$", " "
    return "".join(chars)


# A table row whose label states the unit of its cells: "营业收入(亿元) 238.62 +122.64% 66.74 +37.82%".
_ROW_UNIT = re.compile(
    r"^\s*\|?\s*[^\d(（|]{1,40}?[（(]\s*(亿元|億元|百万元|百萬元|万元|萬元|亿美元|億美元|百万美元|百萬美元|万美元|萬美元|元)\s*[)）]"
)  # ("| 营业收入(元) | 4,031,122,370.58 | ...": whole yuan in a pipe table)
_ROW_UNITS = {
    "元": (1.0, "CNY"),
    "亿元": (1e8, "CNY"),
    "億元": (1e8, "TWD"),
    "万元": (1e4, "CNY"),
    "萬元": (1e4, "TWD"),
    "百万元": (1e6, "CNY"),
    "百萬元": (1e6, "TWD"),
    "亿美元": (1e8, "USD"),
    "億美元": (1e8, "USD"),
    "百万美元": (1e6, "USD"),
    "百萬美元": (1e6, "USD"),
    "万美元": (1e4, "USD"),
    "萬美元": (1e4, "USD"),
}


# "above the 4.6 billion forecast", "the previous range of up to 2.1 billion": a bare scaled amount in a
# sentence about money, in a text that writes all its money in one currency.
_MONEY_WORDS = re.compile(
    r"\b(?:revenue|sales|profit|income|earnings|capex|spending|orders|backlog|forecast|guidance|outlook|range"
    # ("That compared with estimates of 9.99 billion": the amount a result is measured against)
    r"|estimates?|consensus"
    # ("from 1B ARR (run rate revenue)", "a new customer (3B over 5 years"): run-rate revenue, a contract's worth
    r"|ARR|run[- ]rate|deals?|contracts?)\b",
    re.I,
)
# "3B over 5 years": an amount spread over years is a contract's worth
_OVER_YEARS = re.compile(
    r"\s*(?:" + SCALE_WORD + r"|(?-i:[BM]))\s+over\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+years\b",
    re.I,
)


def find_mentions(
    sentence: str, masked: str | None = None, bare_yi: str | None = None, bare_scale: str | None = None
) -> list[Mention]:
    """Quantitative mentions in text order. `masked` is the sentence with period/date spans blanked
    (same length), so years and quarters are never read as quantities. `bare_yi` is the currency of
    a bare 亿/億 ("約 0.93 億") in a text that declared it or writes all its money in it."""
    s = normalize_text(sentence)
    row = _ROW_UNIT.match(s)
    if row and re.search(r"每股|每張|每张|市[價价值]|股[價价本]|目標價|目标价", row.group(0)):
        row = None  # "每股收益(元) 0.75 0.74", "市價(元)24.64", "市值(百萬元)": per-share amounts, the stock's worth
    scan = normalize_text(masked) if masked is not None else s
    # "$(42.8) million": an accounting negative (a net loss written in parentheses) reads as the amount.
    s, scan = _unparenthesized(s), _unparenthesized(scan)
    # "800万/1480万/1850万只", "28.7%/24.5%/23.4%": a figure after a scale or a percent sign and a slash
    # (or "pct", percentage points: "-0.92pct/-0.32pct/-2.25pct")
    # is a list item, not a fraction; so are the items of "11.04/15.05/19.00亿元", "-0.30/0.48/6.61pct",
    # which take the unit written once after the last one.
    scan = re.sub(r"(?:(?<=[萬万億亿%])|(?<=pct))/(?=-?\d)", "、", scan)
    lists = [m for m in _SLASH_LIST.finditer(scan)]
    lists += [
        m
        for m in _RESPECTIVELY_LIST.finditer(scan)
        if not any(m.start() < x.end() for x in lists if x.start() < m.end())
    ]
    for m in lists:
        scan = scan[: m.start()] + m.group(0).replace("/", "、") + scan[m.end() :]
    out: list[Mention] = []
    for m in _NUM_RE.finditer(scan):
        a, b = m.span()
        number_text = m.group(1) or m.group(2)
        is_word = m.group(1) is None
        try:
            number = _number(number_text)
        except ValueError:
            continue
        mention = _classify(s, a, b, number, is_word, bare_yi)
        if mention is None and bare_scale and not is_word and (_MONEY_WORDS.search(s) or _OVER_YEARS.match(s[b:])):
            scale = re.match(
                r"\s*(" + SCALE_WORD + r"|(?-i:[BM])(?=\s*(?:ARR\b|run[- ]rate\b|over\s+\w+\s+years\b)))"
                r"\b(?!\s*(?:[A-Za-z]+\s+){0,2}(?:units|ports|GPUs|shares|people|users))",
                s[b:],
                re.I,
            )
            # ("between 7-9B ARR": a range's low end takes the scale written once after its high end)
            low_end = re.match(r"\s*[-–~]\s*\d[\d,]*(?:\.\d+)?\s*((?-i:[BM]))\s*(?:ARR|run[- ]rate)\b", s[b:])
            if scale or low_end:  # (the low end stays unscaled here: the range's link gives it the scale)
                end = b + scale.end() if scale else b
                value = tidy_float(number * scale_factor(scale.group(1) if scale else None))
                mention = Mention(a, end, value, bare_scale, _hedge(s[:a], s[end:]), s[a:end], scaled=bool(scale))
        if mention is None and not is_word:
            per = _PER_CONTAINER.match(s[b:])
            if per and _COUNTED_NOUN.search(s[:a]):
                # "XPUs, projected to reach 1 million per cluster": a count of what the sentence counts
                end = b + (per.end(1) if per.group(1) else 0)
                value = tidy_float(number * scale_factor(per.group(1)))
                mention = Mention(a, end, value, "units", _hedge(s[:a], s[end:]), s[a:end], scaled=bool(per.group(1)))
        if (
            mention is None
            and not is_word
            and out
            and out[-1].unit == "units"
            and re.search(r"\bfrom\s+$", s[:a])
            and re.match(r"\s*(?:(" + SCALE_WORD + r")\s+)?in\s+(?:19|20)\d{2}\b", s[b:], re.I)
        ):
            # "... 1 million per cluster in the next few years from 30,000 in 2024": the count it starts from
            start_scale = re.match(r"\s*(" + SCALE_WORD + r")\b", s[b:], re.I)
            end = b + (start_scale.end() if start_scale else 0)
            value = tidy_float(number * scale_factor(start_scale.group(1) if start_scale else None))
            mention = Mention(a, end, value, "units", _hedge(s[:a], ""), s[a:end], scaled=bool(start_scale))
        if (
            mention is None
            and not is_word
            and out
            and out[-1].unit == "units"
            and re.search(
                r"\bfrom\s+\S+\s+(?:(?:" + SCALE_WORD + r")\s+)?units\b[^,;]*\bto\s+(?:over\s+|about\s+|nearly\s+)?$",
                s[:a],
                re.I,
            )
            and re.match(r"\s*(" + SCALE_WORD + r")\b(?!\s+(?:dollars|euros|yuan|yen)\b)", s[b:], re.I)
        ):
            # "rise from 12.3 million units in 2023 to over 16 million by 2027": the count it rises to
            to_scale = re.match(r"\s*(" + SCALE_WORD + r")\b", s[b:], re.I)
            end = b + to_scale.end()
            value = tidy_float(number * scale_factor(to_scale.group(1)))
            mention = Mention(a, end, value, "units", _hedge(s[:a], ""), s[a:end], scaled=True)
        if (
            mention is None
            and not is_word
            and re.search(r"\b(?:grown|grew|risen|rose|increased|climbed)\s+in\s+number\s+to\s+$", s[:a], re.I)
            and re.search(r"\bdata\s+cent(?:er|re)s\b|\bfacilities\b|\bsites\b", s[:a], re.I)
            and not re.match(r"\s*(?:%|per\s?cent)", s[b:], re.I)
        ):
            # "huge data centers, which have now grown in number to 423": a count of the sites named before
            mention = Mention(a, b, number, "units", _hedge(s[:a], ""), s[a:b], noun="data centers")
        if mention is None and row and a >= row.end() and not is_word and not re.match(r"\s*(?:%|倍|x\b)", s[b:]):
            factor, unit = _ROW_UNITS[row.group(1)]
            mention = Mention(a, b, tidy_float(number * factor), unit, None, s[a:b], scaled=True)
        if mention is None and not is_word and a >= 1 and s[a - 1] == "(" and re.match(r"\)\s*%", s[b:]):
            # "(1.2)%": an accounting negative.
            pct = re.match(r"\)\s*%", s[b:])
            mention = Mention(
                a - 1, b + pct.end(), tidy_float(-number / 100), "share", None, s[a - 1 : b + pct.end()], scaled=True
            )
        if (
            mention is not None
            and mention.unit == "share"
            and mention.value > 0
            and re.search(r"\bor\s+\($", s[:a])
            and re.match(r"\s*\)\s+of\s+(?:total\s+|net\s+)?(?:revenues?|sales)\b", s[mention.end :], re.I)
        ):
            # "$7.9 million or (9.4%) of revenue": an accounting negative share (a loss as a part of revenue)
            mention = replace(mention, value=-mention.value)
        at = mention.start if mention else a
        if (
            mention
            and (at == a or mention.unit in MONEY_UNITS)
            and at >= 1
            and s[at - 1] == "-"
            and (
                at < 2
                or not re.match(r"[\dA-Za-z%.,萬万億亿\-元只個个颗顆台件片套]", s[at - 2])
                # "Gross margin62.9%64.6%-170bps": a change in points after a percentage is no range of it
                or (s[at - 2] == "%" and mention.unit == "pct_points")
                # "47.4億元,-25.7% QoQ": a minus after a comma that follows no digit (no range dash ends a clause)
                or (at >= 3 and s[at - 2] in ",，" and not re.match(r"[\d\s]", s[at - 3]))
            )
        ):
            # "同比-16.5%", "(-3%)", "a -$28.37 million net loss": a minus sign, not a range dash (which
            # follows a figure or its unit: "98 亿元-118 亿元", "4200万元-5200万元").
            mention = Mention(
                at - 1,
                mention.end,
                -mention.value,
                mention.unit,
                mention.qualifier,
                s[at - 1 : mention.end],
                mention.basis,
                mention.noun,
                mention.scaled,
            )
        spaced = (
            re.search(r"(?:同比|环比|環比|年增|季增|月增|率)(?:\s*[-–−]\s+|\s+[-–−]\s*|[–−])$", s[:at])
            if mention and mention.unit in ("share", "pct_points") and mention.value > 0
            else None
        )
        if spaced:
            # "环比 - 14.14%", "同比 – 8.93%", "财务费用率 - 1.55%": a minus (or an en dash) spaced after a change
            dash = spaced.start() + max(spaced.group(0).find(c) for c in "-–−")
            mention = replace(mention, start=dash, value=-mention.value, raw=s[dash : mention.end])
        if mention and not any(mention.start < o.end and mention.end > o.start for o in out):
            out.append(mention)
    out.extend(_list_items(s, lists, out))
    for start, end, value, unit, qualifier, noun in cjk_mentions(scan, _hedge):
        if not any(start < o.end and end > o.start for o in out):
            out.append(Mention(start, end, value, unit, qualifier, s[start:end], noun=noun, scaled=True))
    for ratio in _ONE_IN.finditer(scan):  # "1 in 5 Ethernet switch ports", "1 out of every 5": a share
        part, whole = int(ratio.group(1)), int(ratio.group(2))
        if 0 < part < whole:
            out = [o for o in out if not (o.start < ratio.end(2) and o.end > ratio.start())]
            out.append(
                Mention(
                    ratio.start(),
                    ratio.end(2),
                    tidy_float(part / whole),
                    "share",
                    _hedge(s[: ratio.start()], ""),
                    s[ratio.start() : ratio.end(2)],
                    basis="share",
                    scaled=True,
                )
            )
    for near in _NEAR_DOUBLE_DIGIT.finditer(scan):  # "a near double-digit CAGR": about 10 %
        out.append(Mention(near.start(), near.end(), 0.1, "share", "~", s[near.start() : near.end()], scaled=True))
    for digits in _DIGIT_GROWTH.finditer(scan):  # "triple-digit order growth": at least 100 %
        g = "d" if digits.group("d") else "v"
        a, b = digits.span(g)
        if not any(a < o.end and b > o.start for o in out):
            value = 0.1 if digits.group(g).lower().startswith("double") else 1.0
            out.append(Mention(a, b, value, "share", ">=", s[a:b], scaled=True))
    for flat in _REVENUE_FLAT.finditer(
        scan
    ):  # "營收持平", "营收与去年持平": revenue that does not change, a 0 % growth
        if not any(flat.start(1) < o.end and flat.end(1) > o.start for o in out):
            out.append(Mention(flat.start(1), flat.end(1), 0.0, "share", None, flat.group(1), scaled=True))
    ceilings, floors = set(), set()
    for flat in _FLAT_TO.finditer(scan):  # "持平至成長6%", "flat to up 4%": a range from no change (0) to the figure
        top = next((o for o in out if o.start == flat.end() and o.unit == "share"), None)
        if top is not None and not any(flat.start() < o.end and flat.end(1) > o.start for o in out):
            # "flat to down 3%", "flat to 3% decline", "持平至衰退5%": a range from the decline (low end) to no change
            down = bool(flat.group("down")) or top.value < 0
            if flat.group("down") and top.value > 0:
                out = [replace(o, value=-o.value) if o is top else o for o in out]
            out.append(
                Mention(flat.start(), flat.end(1), 0.0, "share", "<=" if down else ">=", flat.group(1), scaled=True)
            )
            (floors if down else ceilings).add(top.start)
    out = [
        replace(o, qualifier="<=") if o.start in ceilings else replace(o, qualifier=">=") if o.start in floors else o
        for o in out
    ]
    for extra in (*_fractions(s, scan), *_cjk_levels(s, scan)):
        if not any(extra.start < o.end and extra.end > o.start for o in out):
            out.append(extra)
    out.extend(_shared_percent(s, scan, out))
    out.sort(key=lambda x: x.start)
    out = _compound(s, out)
    # "operating margins of minus 28 per cent to minus 32 per cent": a minus written as a word ("plus or minus 2%" is
    # a tolerance)
    out = [
        replace(o, value=-abs(o.value))
        if o.unit in ("share", "pct_points") and o.value and re.search(r"(?<!\bor\s)\bminus\s+$", s[: o.start], re.I)
        else o
        for o in out
    ]
    out = _link_ranges(s, out)
    out = [_down_once_by(s, _with_basis(s, mm, out)) for mm in out]
    for flat in _FLAT_TO.finditer(scan):
        # "flat to 3% decline": the decline said after the figure is the range's low end, no change its high end
        top = next((o for o in out if o.start == flat.end() and o.unit == "share"), None)
        low = next((o for o in out if o.start == flat.start() and o.value == 0.0), None)
        if top is not None and low is not None and top.value < 0 and top.qualifier == "<=" and low.qualifier == ">=":
            out = [
                replace(o, qualifier=">=") if o is top else replace(o, qualifier="<=") if o is low else o for o in out
            ]
    return out


# "Sales of routers have been down four of the last eight quarters, once by as much as 7.9 percent": the
# decline named before it in the sentence is the figure's direction.
_DOWN_ONCE_BY = re.compile(
    r"\b(?:been\s+down|declined|fallen|dropped)\b[^.;]{0,60},\s*(?:once|sometimes|at\s+times)\s+by\s+"
    r"(?:as\s+much\s+as\s+|as\s+little\s+as\s+)?$",
    re.I,
)


def _down_once_by(s: str, m: Mention) -> Mention:
    if m.unit == "share" and m.value > 0 and _DOWN_ONCE_BY.search(s[: m.start]):
        return replace(m, value=-m.value)
    return m


# "a near double-digit compound annual growth rate", "growing at close to double digits": a growth of about
# 10 % (a bare "double-digit growth" says "10 % or more": _DIGIT_GROWTH).
_NEAR_DOUBLE_DIGIT = re.compile(
    r"\b(?:near|nearly|almost|close\s+to|approaching)\s+(?:a\s+)?double[- ]digits?\b"
    r"(?=\s+(?:[\w()-]+\s+){0,3}?(?:growth|CAGR|compound|increase|rise|gains?)\b)",
    re.I,
)


# "triple-digit order growth", "grew at a double-digit rate": a growth of at least 100 % (10 %).
# "較上一季持平至成長6%", "與上季相比持平到增長2%", "flat to up 4%": no change as the low end of a range of growth.
_FLAT_TO = re.compile(
    r"(持平|\bflat)\s*(?:至|到|\bto\b)\s*(?:(?:成長|成长|增長|增长|\bup\b|\bgrowth\s+of\b"
    r"|(?P<down>衰退|下滑|下降|減少|减少|\bdown\b|\b(?:a\s+)?decline\s+of\b))\s*)?(?=\d)",
    re.I,
)
# "全年營收持平", "营收与去年持平", "營收將與上季持平": no change of revenue, a growth of 0 % (not "持平至成長6%", a range,
# nor "毛利率持平於50%", a level)
_REVENUE_FLAT = re.compile(
    r"(?:營收|营收|營業收入|营业收入)\s*(?:將|将|可望|預計|预计|預期|预期|大致|大致上|約|约)?\s*"
    r"(?:(?:與|与|和|較|较)\s*(?:去年|上季|上一季|前一年|前一季|去年同期|上年同期|同期)\s*)?(持平)(?!\s*(?:至|到|於|于|\d))"
)
_DIGIT_GROWTH = re.compile(
    r"\b(?P<d>(double|triple)[- ]digits?)\b(?=\s+(?:[\w()-]+\s+){0,2}?(?:growth|rate|increases?|gains?)\b)"
    # "sales growing double-digit in the quarter", "revenue grew in the double digits": the verb of growth before it
    r"|\b(?:grow|grows|growing|grew|grown|rose|rising|increas(?:e|es|ed|ing))\s+(?:by\s+|at\s+)?(?:a\s+|in\s+the\s+)?"
    r"(?P<v>(double|triple)[- ]digits?)\b",
    re.I,
)


# "increasing 15 and 16%, respectively", "5, 7 and 9 percent, respectively": one percent sign for a list.
_RESPECTIVELY = re.compile(r"\s*,?\s*respectively\b", re.I)
_LIST_ITEM_BEFORE = re.compile(r"(?<![\d.,$\w])(\d+(?:\.\d+)?)\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)$", re.I)


def _shared_percent(s: str, scan: str, found: list[Mention]) -> list[Mention]:
    out = []
    for m in found:
        if m.unit != "share" or not _RESPECTIVELY.match(s, m.end):
            continue
        if not re.fullmatch(r"\d+(?:\.\d+)?\s*(?:%|percent|per cent)", m.raw, re.I):
            continue
        at = m.start
        while True:
            item = _LIST_ITEM_BEFORE.search(scan[:at])
            if item is None or any(item.start(1) < o.end and item.end(1) > o.start for o in (*found, *out)):
                break
            a, b = item.span(1)
            out.append(Mention(a, b, tidy_float(float(item.group(1)) / 100), "share", None, s[a:b], scaled=True))
            at = a
    return out


# "271億7,100萬美元", "1亿2000万元", "3億5千萬只": one amount written in 億 and then 萬, the unit after the
# 萬 part (the 億 part alone would be read as a bare amount in another unit).
_YI_PART = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:億|亿)")
_WAN_PART = re.compile(r"(\d{1,4}|\d,\d{3})\s*(千)?\s*(?:萬|万)")
_YI_BEFORE = re.compile(r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)\s*(?:億|亿)\s*$")


_ZHAO_BEFORE = re.compile(r"(?<![\d.,])(\d{1,3})\s*兆\s*$")


def _compound(s: str, mentions: list[Mention]) -> list[Mention]:
    out: list[Mention] = []
    for m in mentions:
        zhao = _ZHAO_BEFORE.search(s[max(0, m.start - 6) : m.start]) if m.unit in MONEY_UNITS else None
        if zhao and re.match(r"\d[\d,]*(?:\.\d+)?\s*(?:億|亿)", m.raw) and m.value < 1e12:
            # "1兆895.02億元": one amount written in 兆 and then 億
            start = m.start - len(zhao.group(0))
            value = tidy_float(int(zhao.group(1)) * 1e12 + m.value)
            m = replace(m, start=start, value=value, raw=s[start : m.end])
        prev = out[-1] if out else None
        yi = _YI_PART.fullmatch(s[prev.start : prev.end].strip()) if prev else None
        wan = _WAN_PART.match(s, m.start)
        lone = _YI_BEFORE.search(s[max(0, m.start - 20) : m.start])
        if lone and wan and m.unit != "share" and not (prev and prev.end > m.start - len(lone.group(0))):
            # "新台币1亿6293万元": the 億 part not read on its own (no unit after it), joined to the 萬 part
            wan_n = _number(wan.group(1)) * (1000 if wan.group(2) else 1)
            if 0 < wan_n < 10000:
                start = m.start - len(lone.group(0))
                value = tidy_float(_number(lone.group(1)) * 1e8 + wan_n * 1e4)
                m = replace(m, start=start, value=value, raw=s[start : m.end])
                out.append(m)
                continue
        if prev and yi and wan and not s[prev.end : m.start].strip() and m.unit != "share":
            wan_n = _number(wan.group(1)) * (1000 if wan.group(2) else 1)
            if 0 < wan_n < 10000:
                value = tidy_float(_number(yi.group(1)) * 1e8 + wan_n * 1e4)
                out[-1] = Mention(
                    prev.start,
                    m.end,
                    value,
                    m.unit,
                    prev.qualifier or m.qualifier,
                    s[prev.start : m.end],
                    m.basis,
                    m.noun,
                    True,
                )
                continue
        out.append(m)
    return out


# Numbers joined by slashes whose unit is written once after the last one.
_SLASH_LIST = re.compile(
    r"(?<![A-Za-z0-9_.,/-])-?\d+(?:\.\d+)?(?:/-?\d+(?:\.\d+)?)+(?=\s*(?:%|pct\b|個百分點|个百分点|百萬|百万|[萬万億亿]|美元|元))",
    re.I,
)
# The same written with 、 after 分别/分別 ("2022 - 2026年营业收入分别为1196、1939、3667、5741、7693百万元",
# "分别是:2.59、3.25、23.70亿元", "分別為：1.2、1.5億元").
_RESPECTIVELY_LIST = re.compile(
    r"(?<=分[别別])(?:[为為是达達])?\s*[:：]?\s*-?\d+(?:\.\d+)?(?:、-?\d+(?:\.\d+)?)+"
    r"(?=\s*(?:%|pct\b|個百分點|个百分点|百萬|百万|[萬万億亿]|美元|元))",
    re.I,
)


def _list_items(s: str, lists: list[re.Match], found: list[Mention]) -> list[Mention]:
    """The items of each slash list before its last one, in the unit (and scale) the last one was read in."""
    out = []
    for lst in lists:
        items = list(re.finditer(r"-?\d+(?:\.\d+)?", lst.group(0)))
        last = items[-1]
        at = lst.start() + last.start()
        tail = next((m for m in found if m.start in (at, at + 1) and m.unit in _LIST_UNITS), None)
        number = abs(float(last.group(0)))
        if tail is None or number == 0:
            continue
        factor = abs(tail.value) / number
        for item in items[:-1]:
            a, b = lst.start() + item.start(), lst.start() + item.end()
            if not any(a < o.end and b > o.start for o in found):
                value = tidy_float(float(item.group(0)) * factor)
                out.append(Mention(a, b, value, tail.unit, None, s[a:b], scaled=tail.scaled))
    return out


_LIST_UNITS = ("share", "pct_points", *MONEY_UNITS)


def _number(text: str) -> float:
    """A number as written; a decimal comma ('15,8' before % or a scale word) reads as a point."""
    if re.fullmatch(r"\d{1,3},\d{1,2}", text):
        return float(text.replace(",", "."))
    and_a_half = re.fullmatch(r"(.+?)\s+and\s+a\s+half", text.strip(), re.I)
    if and_a_half:
        return parse_number(and_a_half.group(1)) + 0.5  # "8 and a half billion", "seven and a half billion"
    article = re.fullmatch(r"(half\s+)?an?", text.strip(), re.I)
    if article:
        return 0.5 if article.group(1) else 1.0  # "a billion dollars", "half a billion dollars"
    return parse_number(text)


_BARE_YI = re.compile(
    r"^\s*(億|亿)(?!\s*(?:元|美|台|臺|港|日|人民|股|人|次|倍|張|张|至|到|~|-|–|" + CJK_MEASURE + r"))"
)


def _classify(s: str, a: int, b: int, number: float, is_word: bool, bare_yi: str | None = None) -> Mention | None:
    before, after = s[:a], s[b:]
    if not is_word and bare_yi and _BARE_YI.match(after) and not _currency_before(before):
        yi = _BARE_YI.match(after)
        return Mention(
            a,
            b + yi.end(),
            tidy_float(number * 1e8),
            bare_yi,
            _hedge(before, after[yi.end() :]),
            s[a : b + yi.end()],
            scaled=True,
        )
    if not is_word:
        cur = _currency_before(before)
        if cur and not _PERCENT_AFTER.match(after):  # "expanded 510 basis points to $24.6%": a stray sign
            scale = _SCALE_AFTER.match(after)
            end = b + (scale.end() if scale else 0)
            value = number * scale_factor(scale.group(2) if scale else None)
            sign_at, unit = cur
            start = sign_at if sign_at is not None else a
            return Mention(
                start,
                end,
                tidy_float(value),
                unit,
                # "US$19 plus billion": more than
                (">" if scale and scale.group(1) else None) or _hedge(s[:start], after[scale.end() if scale else 0 :]),
                s[start:end],
                scaled=bool(scale),
            )
        cur = _CURRENCY_AFTER.match(after) or _CJK_MONEY_AFTER.match(after)
        if cur:
            value = number * scale_factor(cur.group(1))
            unit = "USD"
            if cur.re is _CURRENCY_AFTER:
                unit = next(u for i, u in enumerate(_CURRENCY_AFTER_UNITS) if i and cur.group(i + 1))
            return Mention(
                a,
                b + cur.end(),
                tidy_float(value),
                unit,
                _hedge(before, after[cur.end() :]),
                s[a : b + cur.end()],
                scaled=bool(cur.group(1)),
            )
        other = _CJK_OTHER_MONEY_AFTER.match(after)
        pre = _CJK_OTHER_MONEY_BEFORE.search(before[-6:])
        if other is None and pre:  # "港幣12億元", "港元 3.5 亿"
            other = re.match(r"^\s*(" + CJK_SCALE + r")?\s*元?", after)
        if other and (other.group(1) or other.group(0).strip() or pre):
            if pre and other.re is not _CJK_OTHER_MONEY_AFTER:
                unit = next(u for i, u in enumerate(_CJK_OTHER_UNITS) if pre.group(i + 1))
            else:
                unit = next(u for i, u in enumerate(_CJK_OTHER_UNITS) if other.group(i + 2))
            value = number * scale_factor(other.group(1))
            return Mention(
                a,
                b + other.end(),
                tidy_float(value),
                unit,
                _hedge(before, after[other.end() :]),
                s[a : b + other.end()],
                scaled=bool(other.group(1)),
            )
        chain = _CJK_MONEY_CHAIN_AFTER.match(after)
        if chain and (chain.group(1) or chain.group(2)):
            value = number * scale_factor(chain.group(1) or chain.group(2))
            return Mention(
                a, b + chain.end(), tidy_float(value), "USD", None, s[a : b + chain.end()], scaled=bool(chain.group(1))
            )
        twd = _TWD_AFTER.match(after)
        if (
            not twd
            and not _SIMPLIFIED.search(s)
            and re.match(r"^\s*(億|萬)(?![元美台臺])(?![^\W\d_])", after)  # ("約 34.5 億3.79 元": the next cell)
            and re.search(r"營收|營業|投入|投資|資本支出|獲利|純益|淨利|毛利|產值|規模", s)
        ) or (
            not twd
            and not _SIMPLIFIED.search(s)
            and re.search(r"賺\s*$", before)
            and re.match(r"^\s*(億|萬)(?![元美台臺])", after)
        ):
            twd = re.match(r"^\s*(億|萬)", after)  # "投入29億", "約 34.5 億"
        elif (
            not twd
            and not _SIMPLIFIED.search(s)
            # a column's spoken style: a bare 億 closing its clause or before a comparison ("以 2.7 億小勝…的
            # 2.6 億", "衝到 43.6 億,", "由 0.5 億退到 0.2 億", "在 2 億上下", "5到6 億的進步"; not a gap, "27 億的鴻溝")
            and re.match(
                r"^\s*億(?=\s*(?:[,，;；。、]|$|上下|左右|的(?!鴻溝|差距|落差|距離)[^\d\W]|小勝|大勝|勝過|退|降|跌|增|升|衝))",
                after,
            )
            and not re.search(r"人口|用戶|使用者|人次|網友|觀眾|民眾", s)
        ):
            twd = re.match(r"^\s*(億)", after)
        if (
            twd
            and (
                # (or before the 億 part of one amount: "新台币1亿6293万元")
                re.search(r"(?:新台幣|新臺幣|新台币|台幣|NT\$)\s*(?:\d[\d,]*(?:\.\d+)?\s*[億亿]\s*)?$", before[-20:])
                or not _SIMPLIFIED.search(s)
                or (twd.re is _TWD_AFTER and twd.group("name"))
            )
            and not re.search(r"(?:人民幣|人民币|港幣|港元|日圓|美)\s*$", before[-8:])
        ):
            value = number * scale_factor(twd.group(1))
            return Mention(
                a,
                b + twd.end(),
                tidy_float(value),
                "TWD",
                # "73億餘元": more than
                ">" if "more" in twd.re.groupindex and twd.group("more") else _hedge(before, after[twd.end() :]),
                s[a : b + twd.end()],
                scaled=True,
            )
        cny = _CNY_AFTER.match(after)
        if (
            not cny
            and re.match(r"^\s*(?:亿|億)(?![元美])", after)
            and (
                re.search(r"\d\s*(?:亿|億)元", s)
                # "归母净利润或实现5.5 亿": 亿 after a money noun of the clause
                or re.search(
                    r"(?:净利润|净利|营收|营业收入|收入|利润|毛利|扣非|现金流|资本开支)[^，,；;。%]{0,12}$", before
                )
                # "中标金额1.35亿", "新签订单金额约3亿": an order or award's amount
                or (
                    re.search(
                        r"(?:中标|中標|订单|訂單|合同|签约|簽約|新签|新簽)(?:总|總)?(?:金额|金額|额|額)[^，,；;。%\d]{0,4}$",
                        before,
                    )
                    and not re.match(r"^\s*(?:亿|億)\s*(?:" + CJK_MEASURE + r"|吨|噸)", after)
                )
                # "元月赚1.78亿": earned, "泰国工厂半年亏损近1亿": lost, in the text's own yuan
                or re.search(r"(?:赚|亏损|亏)\s*了?\s*(?:近|约|逾|超过)?\s*$", before)
                # "收入增速进一步扩大,同比增长31.7%至126.80亿": the amount a money measure grew to
                or (
                    re.search(r"(?:增长|增加|提升|上升|下降|下滑|减少)\s*-?\d+(?:\.\d+)?\s*%\s*(?:至|到)\s*$", before)
                    and re.search(r"净利润|净利|营收|营业收入|收入|利润|毛利|现金流|资本开支", before)
                    and not re.match(r"^\s*(?:亿|億)\s*(?:" + CJK_MEASURE + r")", after)
                )
                # "净利润…由 57.32 亿减少到 50.58 亿", "从…的 41 亿提升到了…的 57 亿": both ends of a from-to pair
                # of a money measure
                or (
                    re.search(r"净利润|净利|营收|营业收入|收入|利润|毛利|现金流", s)
                    and (
                        (
                            re.search(r"(?:由|从)[^，,；;。%\d]{0,4}(?:\d{4}\s*年[^，,；;。%\d]{0,8})?$", before)
                            and re.match(r"^\s*(?:亿|億)[^，,；;。\d]{0,6}(?:到|至)", after)
                        )
                        or re.search(
                            r"(?:由|从)[^，,；;。]{0,16}\d\s*(?:亿|億)[^，,；;。\d]{0,6}(?:到|至)[^，,；;。]{0,16}$",
                            before,
                        )
                    )
                )
            )
            and _SIMPLIFIED.search(s)
        ):
            cny = re.match(r"^\s*(亿|億)(?P<noun>)", after)  # "环比增长超17 亿" among 亿元 figures
        if (
            not cny
            and _SIMPLIFIED.search(s)
            and re.match(r"^\s*(?:万亿|萬億)(?!\s*(?:[元美港日欧歐韩韓台次人户戶吨噸度]|" + CJK_MEASURE + r"))", after)
            and re.search(r"(?:规模|規模|产值|產值)[^，,；;。%\d]{0,6}$", before)
        ):
            cny = re.match(r"^\s*(万亿|萬億)(?P<noun>)", after)  # "算力核心产业规模达1.5万亿": a scale of the economy
        if (
            cny
            # "港幣12億元" is no yuan, but "…亿元新台币,营业净利为20.96亿元": the other currency closed the clause before
            and not _OTHER_CURRENCY_BEFORE.search(re.split(r"[,，;；。]", before[-8:])[-1])
            and (
                cny.group("noun") is not None
                or _SIMPLIFIED.search(s)
                or re.search(r"人民[幣币]$", cny.group(0))
                # "營收人民幣3,607.6億元": the currency's name before the figure, in Traditional script
                or re.search(r"(?:人民幣|人民币)\s*$", before[-8:])
            )
        ):
            value = number * scale_factor(cny.group(1))
            return Mention(
                a,
                b + cny.end(),
                tidy_float(value),
                "CNY",
                ">" if "more" in cny.re.groupindex and cny.group("more") else _hedge(before, after[cny.end() :]),
                s[a : b + cny.end()],
                scaled=True,
            )
    bps = _BASIS_POINTS_AFTER.match(after)
    if bps:  # "up 30 basis points": hundredths of a percentage point
        return Mention(
            a,
            b + bps.end(),
            tidy_float(number / 100),
            "pct_points",
            _hedge(before, ""),
            s[a : b + bps.end()],
            scaled=True,
        )
    pts = _POINTS_AFTER.match(after) or (_CHANGE_BEFORE_POINTS.search(before) and _CJK_POINTS_AFTER.match(after))
    if (
        not pts
        and _CHANGE_BEFORE_POINTS.search(before)
        and re.match(r"\s*(?:及|和|與|与|、)\s*[+-]?\d+(?:\.\d+)?\s*(?:個|个)?百分[點点]", after)
    ):
        # "分別季增0.2及0.8個百分點": the first of a pair of changes takes the points written after the second
        return Mention(a, b, number, "pct_points", _hedge(before, ""), s[a:b], scaled=True)
    if pts:
        return Mention(a, b + pts.end(), number, "pct_points", _hedge(before, ""), s[a : b + pts.end()], scaled=True)
    pct = _PERCENT_AFTER.match(after)
    if pct:
        return Mention(
            a,
            b + pct.end(),
            tidy_float(number / 100),
            "share",
            _hedge(before, after[pct.end() :]),
            s[a : b + pct.end()],
            scaled=True,
        )
    if is_word:
        cur = _CURRENCY_AFTER.match(after)
        if cur and cur.group(1) and re.match(r"(?:m|b|tr)illion", cur.group(1), re.I):  # "above one billion dollars"
            unit = next(u for i, u in enumerate(_CURRENCY_AFTER_UNITS) if i and cur.group(i + 1))
            return Mention(
                a,
                b + cur.end(),
                tidy_float(number * scale_factor(cur.group(1))),
                unit,
                _hedge(before, after[cur.end() :]),
                s[a : b + cur.end()],
                scaled=True,
            )
        cnt = _COUNT_AFTER.match(after)
        if cnt:
            start = a - 2 if s[max(0, a - 2) : a].lower() == "a " else a  # "a hundred thousand"
            value = tidy_float(number * scale_factor(cnt.group(2)))
            return Mention(
                start,
                b + cnt.end(),
                value,
                _COUNT_NOUN_OF[cnt.group(3).lower()],
                _hedge(s[:start], ""),
                s[start : b + cnt.end()],
                noun=cnt.group(3),
                scaled=bool(cnt.group(2)),
            )
        return None
    ratio = _RATIO_AFTER.match(after)
    if ratio:
        return Mention(a, b + ratio.end(), number, "ratio", _hedge(before, ""), s[a : b + ratio.end()])
    spd = _SPEED_AFTER.match(after)
    if spd:
        token = spd.group(0).strip()
        unit, factor = normalize_unit(
            re.sub(
                r"(?i)^(giga|tera)bits?(?:\s+per\s+second)?$",
                lambda x: "Gbps" if x.group(1).lower() == "giga" else "Tbps",
                token,
            )
        )
        return Mention(a, b + spd.end(), tidy_float(number * factor), unit, _hedge(before, ""), s[a : b + spd.end()])
    if _BYTES_SPEED_AFTER.match(after):
        return None  # "10GB Ethernet switch ports": a speed (or size) before the noun counts nothing
    wpm = _WAFERS_PER_MONTH_AFTER.match(after)
    if wpm:  # "140kwpm": a capacity of 140 thousand wafers a month
        value = tidy_float(number * (1000 if wpm.group(1) else 1))
        return Mention(a, b + wpm.end(), value, "units", _hedge(before, ""), s[a : b + wpm.end()], noun="wpm")
    cnt = _COUNT_AFTER.match(after)
    if cnt:
        value = number * scale_factor(cnt.group(2))
        qualifier = ">=" if cnt.group(1) else _hedge(before, "")
        unit = _COUNT_NOUN_OF[cnt.group(3).lower()]
        if unit == "units" and re.search(
            r"\bport\s+shipments\s+(?:rose|grew|increased|fell|declined)(?:\d\.\d|[^.;,]){0,25}$", before, re.I
        ):
            unit = "ports"  # "port shipments rose 37.6% to 3.9 million units": the units are ports
        return Mention(
            a,
            b + cnt.end(),
            tidy_float(value),
            unit,
            qualifier,
            s[a : b + cnt.end()],
            noun=cnt.group(3),
            scaled=bool(cnt.group(2)),
        )
    scale = _SCALE_AFTER.match(after)
    if scale and not _CURRENCY_AFTER.match(after):
        noun = _NOUN_BEFORE.search(before[-30:])
        if noun is None and _PORTS_COUNTED.search(s) and not _currency_before(before):
            # "Port shipments ... rose 57.2% ... to 5.6 million", "the number of Ethernet ports sold ...;
            # about 32 million for Cisco": a bare scaled count in a sentence that counts ports
            noun = re.match(r"(ports)", "ports")
        if noun:
            return Mention(
                a,
                b + scale.end(),
                tidy_float(number * scale_factor(scale.group(2))),
                _COUNT_NOUN_OF[noun.group(1).lower()],
                _hedge(before, ""),
                s[a : b + scale.end()],
                noun=noun.group(1),
                scaled=True,
            )
    cjk = _CJK_COUNT_AFTER.match(after)
    if cjk:
        unit = _cjk_count_unit(cjk, after[cjk.end() :], s, a)
        value = number * scale_factor(cjk.group(1))
        return Mention(
            a,
            b + cjk.end(),
            tidy_float(value),
            unit,
            _range_hedge(before, after, after[cjk.end() :]),
            s[a : b + cjk.end()],
            noun=cjk.group(0).strip(),
            scaled=bool(cjk.group(1)),
        )
    racks = _CJK_RACKS_AFTER.match(after)
    if racks and racks.group(4) and not re.search(r"机架|機架|机柜|機櫃", s):
        racks = None  # (架 counts aircraft and drones too: only racks in a sentence about racks)
    if racks:  # "500万标准机架", "3萬個機櫃": a count of racks
        return Mention(
            a,
            b + racks.end(),
            tidy_float(number * scale_factor(racks.group(1) or racks.group(3))),
            "units",
            _range_hedge(before, after, after[racks.end() :]),
            s[a : b + racks.end()],
            noun=racks.group(2) or racks.group(4),
            scaled=bool(racks.group(1) or racks.group(3)),
        )
    bare = _CJK_SCALED_BARE.match(after)
    if bare and _SHIPMENT_WORDS.search(s):
        unit = "ports" if re.search(r"端口|埠", s) else "units"
        return Mention(
            a,
            b + bare.end(),
            tidy_float(number * scale_factor(bare.group(1))),
            unit,
            _range_hedge(before, after, after[bare.end() :]),
            s[a : b + bare.end()],
            scaled=True,
        )
    chain = _CJK_CHAIN_AFTER.match(after)
    if chain:
        tail = _CJK_CHAIN_UNIT.match(after[chain.end() :]).group(0)
        measure = _CJK_CHAIN_MEASURE.search(tail)
        unit = _cjk_count_unit(measure, after[chain.end() + len(tail) :], s, a)
        value = number * scale_factor(chain.group(1))
        return Mention(
            a,
            b + chain.end(),
            tidy_float(value),
            unit,
            _range_hedge(before, after, ""),
            s[a : b + chain.end()],
            noun=measure.group(0),
            scaled=bool(chain.group(1)),
        )
    return None


_WAFERS_PER_MONTH_AFTER = re.compile(r"^\s*(k)?wpm\b", re.I)


# Renminbi: "900亿元", "100 亿元", "800亿资本开支" (亿 before a money word, in Simplified text).
_CNY_AFTER = re.compile(
    r"^\s*("
    + CJK_SCALE
    + r")(?P<more>\s*[餘余多](?=\s*元))?\s*(?:元|人民币|人民幣|(?=(?P<noun>资本开支|資本支出|投资|投資|营收|營收|收入|采购|採購)))"
)
# "83.17億新臺幣", "100億新臺幣的產值", "3萬台幣": the currency's name after the scale, in place of 元.
_TWD_NAME = r"新臺幣|新台幣|新台币|臺幣|台幣|台币"
_TWD_AFTER = re.compile(
    r"^\s*(" + CJK_SCALE + r")(?P<more>\s*[餘余多](?=\s*元))?\s*(?:元|(?P<name>" + _TWD_NAME + r"))"
)
_OTHER_CURRENCY_BEFORE = re.compile(r"新台幣|新台币|台幣|台币|NT\$|港元|港币|港幣|日圓|日元|韓元|韩元|歐元|欧元")
_SIMPLIFIED = re.compile(r"[亿万个这为们业产发国会对于时过还进说实现与从门]")


# "two-thirds of", "nearly half of its revenue", "three quarters of": shares written as words.
_FRACTION = re.compile(
    r"(?<![\w-])(?:(one|two|a)[- ]thirds?|(one[- ])?half|three[- ]quarters|(?:one|a)[- ]quarter)\s+(?:of|from)\b"
    r"|(?<=\bthan\s)half(?=\s+(?:in|at|a\s+year)\b)"  # "up from less than half in the same period last year"
    # "representing the one-third global spending by Asia": a share before the measure it is of
    r"|(?<=\bthe\s)(?:one|two)-thirds?(?=\s+(?:[a-z]+\s+){0,2}(?:spending|share|market|revenue|sales)\b)",
    re.I,
)
# "1 million per cluster", "500 per rack": a count per cluster, in a sentence naming what it counts.
_PER_CONTAINER = re.compile(
    r"\s*(?:(" + SCALE_WORD + r")\s+)?per\s+(?:cluster|rack|pod|data\s+center|site|campus)\b", re.I
)
_COUNTED_NOUN = re.compile(r"\b(?:XPUs|GPUs|accelerators|chips|servers|switches|nodes)\b", re.I)
# "1 in 5 Ethernet switch ports", "one out of every five": a share written as a count in a count.
_ONE_IN = re.compile(r"(?<![\w.,$/-])(\d{1,2})\s+(?:in|out\s+of(?:\s+every)?)\s+(\d{1,3})(?![\d.,%])(?=\s+[A-Za-z])")
_CJK_HALF = re.compile(r"(?<![第前後后上下])一半")
_SMALL_PERCENT = re.compile(
    r"(?<![\w.,-])(?:half\s+(?:a|one)\s+(?:percent|per\s+cent)\b|\.(\d{1,2})\s*(?:%|percent\b|per\s+cent\b))", re.I
)
_DIGIT_FRACTION = re.compile(r"(?<![\d./])([1-9])/([1-9])(?![\d./])(?=\s*(?:的)?\s*(?:比重|占比|佔比|份額|份额))")
_FRACTION_VALUE = {
    "one-third": 1 / 3,
    "two-thirds": 2 / 3,
    "half": 0.5,
    "three-quarters": 0.75,
    "one-quarter": 0.25,
    "a-quarter": 0.25,
}


def _fractions(s: str, scan: str) -> list[Mention]:
    out = []
    for m in _FRACTION.finditer(scan):
        head = re.sub(r"\s+(?:of|from)$", "", m.group(0), flags=re.I)
        word = re.sub(r"[ -]+", "-", head.lower()).replace("one-half", "half")
        word = {"one-thirds": "one-third", "two-third": "two-thirds", "a-third": "one-third"}.get(word, word)
        if word not in _FRACTION_VALUE:
            continue
        if head.lower()[:2] in ("a ", "a-") and re.match(r"\s*(?:the\s+time|a\s+century)\b", scan[m.end() :], re.I):
            continue  # "in a quarter of the time": no share of a measure
        if word in ("half", "three-quarters") and re.search(
            r"(?:first|second|1st|2nd|latter|back|front|other|last|past|next)\s+$", scan[: m.start()], re.I
        ):
            continue  # "the second half of 2025", "the first three quarters of 2020" are periods
        end = m.start() + len(head)
        out.append(
            Mention(
                m.start(),
                end,
                tidy_float(_FRACTION_VALUE[word]),
                "share",
                _hedge(s[: m.start()], ""),
                s[m.start() : end],
                basis="share",
                scaled=True,
            )
        )
    for m in _DIGIT_FRACTION.finditer(scan):  # "2/3比重": two thirds
        part, whole = int(m.group(1)), int(m.group(2))
        if part < whole:
            out.append(
                Mention(
                    m.start(), m.end(), tidy_float(part / whole), "share", None, s[m.start() : m.end()], basis="share"
                )
            )
    for m in _SMALL_PERCENT.finditer(scan):
        # "by as little as half a percent", ".6 percent in 2Q 2012": a percentage written as words or with no
        # digit before its decimal point
        value = 0.005 if m.group(1) is None else float("0." + m.group(1)) / 100
        out.append(
            Mention(m.start(), m.end(), tidy_float(value), "share", _hedge(s[: m.start()], ""), s[m.start() : m.end()])
        )
    for m in _CJK_HALF.finditer(scan):  # "约占我们数据中心销售额的一半"
        out.append(
            Mention(m.start(), m.end(), 0.5, "share", _hedge(s[: m.start()], ""), s[m.start() : m.end()], basis="share")
        )
    return out


# "突破千万级": a count written as its order of magnitude.
_CJK_LEVEL = re.compile(r"(千萬|千万|百萬|百万|億|亿)(?:級|级)")


def _cjk_levels(s: str, scan: str) -> list[Mention]:
    return [
        Mention(
            m.start(),
            m.end(),
            scale_factor(m.group(1)),
            "units",
            _hedge(s[: m.start()], "") or ">=",
            s[m.start() : m.end()],
            scaled=True,
        )
        for m in _CJK_LEVEL.finditer(scan)
    ]


# Ends of a written range: "$1.5-$1.6 billion", "$13.9 billion to $14.1 billion", "between $56 billion and
# $56.5 billion", "12~16%", "20%-30%", "690~700萬顆", "5 億至 5.5 億美元".
_RANGE_JOIN = re.compile(r"^\s*(?:-|~|to|至|到|and)\s*(?:US\s?\$|\$|\+)?\s*$", re.I)  # ("-120%至+10%")
_RANGE_BARE_LOW = re.compile(
    r"(?:(?:US\s?\$|\$)\s*)?(?:(?<![\d.,])(?<!FY)|(?<=FY\d{4}))("
    + NUMBER
    + r")\s*([萬万億亿])?\s*(?:-|~|to|至|到)\s*(?:US\s?\$|\$)?\s*$",
    re.I,
)
_CHANGE_FROM = re.compile(
    r"\b(?:rose|rise|rising|grew|grow|growing|increas\w*|climb\w*|jump\w*|fell|fall|falling|declin\w*|"
    r"decreas\w*|drop\w*|cut|reduc\w*|revis\w*|rais\w*|lower\w*|chang\w*|shift\w*|mov\w*|went|up|down)\b[^,;]*\bfrom\s+[^,;]*$",
    re.I,
)


def _cjk_scale_of(m: Mention) -> float | None:
    """The CJK scale a figure is written with ("112.2億元": 1e8), if any."""
    scale = re.search(r"[萬万億亿]", m.raw)
    return scale_factor(scale.group(0)) if scale else None


def _scale_of(m: Mention) -> float | None:
    """The factor between a mention's value and the first number written in it (1e9 for "$1.5 billion")."""
    found = re.search(NUMBER, m.raw.replace(",", "")) if m.raw else None
    if not found:
        return None
    n = float(found.group(0))
    return m.value / n if n else None


def _link_ranges(s: str, mentions: list[Mention]) -> list[Mention]:
    out = list(mentions)
    for _j, hi in enumerate(list(out)):
        if hi.unit in ("ratio",) or hi.value is None:
            continue
        lo_idx = out.index(hi) - 1
        lo = out[lo_idx] if lo_idx >= 0 else None
        between = re.sub(r"\bminus\s+$", "", s[lo.end : hi.start], flags=re.I) if lo else None
        joined = lo is not None and lo.unit == hi.unit and _RANGE_JOIN.match(between or "x") is not None
        if (
            joined
            and between.strip().lower() == "and"
            and not re.search(r"\bbetween\s+(?:US\s?\$|\$)?\s*$", s[: lo.start], re.I)
        ):
            joined = False
        if joined:
            low_value, high_value, high_scaled = lo.value, hi.value, hi.scaled
            if not lo.scaled and hi.scaled:
                factor = _scale_of(hi)
                n = re.search(NUMBER, lo.raw.replace(",", ""))
                if factor and n:
                    low_value = tidy_float(float(n.group(0)) * factor)
            elif lo.scaled and not hi.scaled and lo.unit in MONEY_UNITS:
                # "between $54.0 million and $56.0" (the page cut before the scale word): the high end
                # takes the low end's scale
                factor = _scale_of(lo)
                n = re.search(NUMBER, hi.raw.replace(",", ""))
                if factor and n and float(n.group(0)) * factor > lo.value:
                    high_value, high_scaled = tidy_float(float(n.group(0)) * factor), True
            if (
                low_value < high_value
                and (
                    not _CHANGE_FROM.search(s[: lo.start])
                    # ("raised from 1B ARR to between 7-9B ARR": "between" opens a range after the change's start)
                    or re.search(r"\bbetween\s+(?:US\s?\$|\$)?\s*$", s[: lo.start], re.I)
                )
            ):
                i = out.index(lo)
                out[i] = Mention(
                    lo.start,
                    lo.end,
                    low_value,
                    lo.unit,
                    ">=",
                    lo.raw,
                    lo.basis,
                    lo.noun,
                    lo.scaled or low_value != lo.value,
                )
                out[out.index(hi)] = Mention(
                    hi.start, hi.end, high_value, hi.unit, "<=", hi.raw, hi.basis, hi.noun, high_scaled
                )
            elif high_value < low_value < 0 and lo.unit in ("share", "pct_points"):
                # "minus 28 per cent to minus 32 per cent": a range of negatives written from the smaller loss
                out[out.index(lo)] = replace(lo, qualifier="<=")
                out[out.index(hi)] = replace(hi, qualifier=">=")
            continue
        # A bare low end: "690~700萬顆", "12~16%", "$5-10 billion", "3500-4000万个", "107.8億至112.2億元".
        bare = _RANGE_BARE_LOW.search(s[: hi.start])
        if not bare or (lo is not None and lo.end > bare.start()):
            continue
        factor = _scale_of(hi)
        if not factor:
            continue
        if bare.group(2):  # the low end's own scale
            factor = scale_factor(bare.group(2)) if scale_factor(bare.group(2)) == _cjk_scale_of(hi) else None
        if not factor:
            continue
        low_value = tidy_float(float(bare.group(1).replace(",", "")) * factor)
        if low_value < hi.value and not _CHANGE_FROM.search(s[: bare.start()]):
            low = Mention(
                bare.start(),
                bare.start() + len(bare.group(0).rstrip(" -~toTO至到$")),
                low_value,
                hi.unit,
                ">=",
                s[bare.start() : bare.start() + len(bare.group(0).rstrip(" -~toTO至到$"))],
                hi.basis,
                hi.noun,
                hi.scaled,
            )
            k = out.index(hi)
            out[k] = Mention(hi.start, hi.end, hi.value, hi.unit, "<=", hi.raw, hi.basis, hi.noun, hi.scaled)
            out.insert(k, low)
    return out


def _cjk_count_unit(m: re.Match, rest: str, sentence: str, at: int | None = None) -> str:
    """ports (埠, 端口), count (家: companies), gpus (a GPU follows the measure word, or 顆 counts the
    GPUs named before it: "高階GPU出貨約590萬顆"), else units."""
    if m.group(3):
        return "ports"
    if m.group(4):
        return "count"
    if _CJK_GPU_AFTER.match(rest):
        return "gpus"
    if at is not None and m.group(2) in ("顆", "颗"):
        before = sentence[:at]
        gpu = None
        for gpu in _GPU_BEFORE.finditer(before):  # noqa: B007 - the last match is kept
            pass
        if gpu and not _OTHER_PRODUCT.search(before[gpu.end() :]):
            return "gpus"
    # 個 counts whatever the sentence is about: ports when it is about ports ("端口出貨量將超過4300萬個").
    if m.group(2) in ("個", "个") and _PORT_CONTEXT.search(sentence):
        return "ports"
    if (
        at is not None
        and m.group(2) in _PORT_MEASURES
        and _ports_counted_before(sentence, at)
        and not _OTHER_PRODUCT.match(rest.lstrip())
    ):
        return "ports"  # "CPO端口出貨量超100萬只": the thing counted is the ports named before the figure
    return "units"


# Measure words a Chinese text counts ports with (個 is read above from the whole sentence).
_PORT_MEASURES = ("只", "隻", "支", "套")


def _ports_counted_before(sentence: str, at: int) -> bool:
    """The last thing named before the figure is a port (端口, 埠, ports), with no other product (光模块,
    晶片, 交换机 ...) named between it and the figure."""
    before = sentence[:at]
    port = None
    for port in _PORT_CONTEXT.finditer(before):  # noqa: B007 - the last match is kept
        pass
    return port is not None and not _OTHER_PRODUCT.search(before[port.end() :])


def _range_hedge(before: str, after: str, tail: str) -> str | None:
    """Bounds of a written range ("900萬至1,000萬顆") are >= and <=; otherwise the usual hedge."""
    if _RANGE_AFTER.match(after):
        return ">="
    if _RANGE_BEFORE.search(before):
        return "<="
    return _hedge(before, tail)


def _hedge(before: str, after: str) -> str | None:
    q = qualifier_before(re.sub(r"(?<=\S)\+\s*$", "", before[-40:]))  # "communications ~+10%": the hedge before a sign
    if q is None and re.match(r"^\+(?![\d%])", after):
        q = ">"  # "its first $2.00B+ quarter"
    if q is None and re.match(r"^\s*(?:以上|多)", after):
        q = ">"
    if q is None and re.match(r"^\s*(?:左右|上下)", after):
        q = "~"
    if q is None and re.match(r"^\s*以下", after):
        q = "<"
    return q


def _with_basis(s: str, m: Mention, allm: list[Mention]) -> Mention:
    """What a percentage measures: CAGR, y/y, q/q, other growth, a share (and its sign)."""
    if m.unit not in ("share", "pct_points"):
        return m
    idx = allm.index(m)
    nxt = allm[idx + 1].start if idx + 1 < len(allm) else len(s)
    prv = allm[idx - 1].end if idx > 0 else 0
    after = s[m.end : min(nxt, m.end + 45)]
    # a Chinese clause break ends what the words after a figure can say about it ("環比下滑0.5%，主因…占比")
    after = re.split(r"[，；。]|[,;](?=\s*[\u4e00-\u9fff])", after, maxsplit=1)[0]
    before = s[max(prv, m.start - 45) : m.start]
    basis = None
    if m.unit == "pct_points":
        basis = "share"
    else:
        # The words right after a figure bind tighter than those before it ("56% year-over-year and
        # 64% sequentially"), so each window is read whole before looking at the other.
        for window, at_start in ((after, True), (before, False)):
            basis = _basis_in(window, at_start)
            if basis:
                break
        if (
            basis in ("growth", "y/y", "q/q")
            and re.search(
                r"(?:\bfrom|\bto|\bversus|\bvs\.?|(?<!more )(?<!less )(?<!fewer )(?<!greater )\bthan|至|到)\s*(?:between\s+)?"
                r"(?:(?:just\s+)?(?:over|about|around|nearly|almost|"
                r"approximately|roughly|more\s+than|less\s+than|under)\s+|約|约|近|逾)?\(?\s*$",
                before,
                re.I,
            )
            and not _GROWTH.match(after.strip())
            and not _CHANGE_MOVED_TO.search(before)
        ):
            basis = None  # "a decrease from 9.9%", "rising to 7.4%", "shrink to between 30% and 32%": the level
        if basis in ("growth", "y/y", "q/q") and re.search(
            r"(?:从|從)[^，,。；;%]{0,8}的?\s*$|(?:从|從)[^，,。；;]{0,12}%\s*(?:和|及|与|與)[^，,。；;%]{0,8}的?\s*$",
            s[max(0, m.start - 30) : m.start],
        ):
            basis = None  # "毛利率进一步下降,从一年前的44.9%和上季度的40.3%下降至40.1%": levels, not changes
        if basis in ("growth", "y/y", "q/q") and (
            (
                re.search(r"(?:从|從|由)(?![于於])[^，,。；;%]{0,10}的?\s*$", s[max(0, m.start - 30) : m.start])
                and re.match(r"[^，,。；;%\d]{0,6}(?:至|到)", s[m.end : m.end + 10])
            )
            or re.search(
                r"(?:从|從|由)(?![于於])[^，,。；;]{0,14}%[^，,。；;%\d]{0,6}(?:至|到)[^，,。；;%\d]{0,8}的\s*$",
                s[max(0, m.start - 40) : m.start],
            )
        ):
            basis = None  # "由2017年的41.4%下滑至去年的6.1%": both ends of a from-to pair are levels
        if basis in ("growth", "y/y", "q/q") and _RATE_LEVEL_BEFORE.search(before):
            basis = None  # "毛利率下降,前三季度毛利率为13.72%": a rate's level right after its name, not a change
    value = m.value
    # "a 12% sequential decline": a decline word after the figure, past a word saying what it compares
    after_word = re.sub(
        r"^(?:sequential|year[- ]over[- ]year|year[- ]on[- ]year|annual|quarterly|y/y|yoy|q/q)\s+",
        "",
        after.strip(),
        flags=re.I,
    )
    declines = list(_DECLINE.finditer(before[-30:]))
    # "工作天数减少,单月营收仍较去年同期成长9.4%": a rise word after the decline word is the figure's own
    rises_after = declines and (
        _RISE.search(before[-30:][declines[-1].end() :])
        # "a 3.9 percent decline in desktops and an 11.36 percent increase in displays": the noun after is its own
        or re.match(r"(?:increase|rise|gain|growth|jump)s?\b", after_word, re.I)
    )
    if basis in ("CAGR", "y/y", "q/q", "growth") and (
        (declines and not rises_after) or _DECLINE.match(after_word) or _DECLINE_NOUN_AFTER.match(after.strip())
    ):
        value = -abs(value)
    if m.unit == "share" and basis in (None, "growth") and _LESS_THAN.match(after.strip()):
        basis, value = "growth", -abs(value)  # "29% less than the revenue for the corresponding quarter"
    if m.unit == "pct_points" and re.search(
        r"(?:fall\w*|fell|declin\w*|drop\w*|down|decreas\w*|lower\w*|contract\w*|shr[iu]nk\w*|減|减|下降|下滑|[下大暴微小略]跌|下挫"
        r"|[略微小大骤驟]降|減少|减少|降低)\s*(?:by\s+)?了?\s*(?:約|约|近|逾|超過|超过|達|达)?\s*$",
        before,
        re.I,
    ):
        value = -abs(value)  # "falling five percentage points", "季減0.1個百分點"
    if (
        m.unit == "share"
        and basis in (None, "growth")
        and re.search(
            r"\b(?:decreas\w*|declin\w*|fell|dropp\w*|down)\s+(?:by\s+)?(?:US)?\$\s?\d[\d,.]*\s*"
            r"(?:[mb]n?|million|billion)?\s*\(\s*$",
            s[max(0, m.start - 60) : m.start],
            re.I,
        )
    ):
        basis, value = "growth", -abs(value)  # "decreased by $9.2m (11.3%)": the same fall as a percentage
    if m.unit == "pct_points" and re.match(r"\s*worse\b", after, re.I):
        value = -abs(value)  # "a gross margin 210 basis points worse than expected": a margin that fell short
    return Mention(m.start, m.end, value, m.unit, m.qualifier, m.raw, basis, m.noun)


# A change whose size moved to the figure ("the year-over-year decline narrowed to 7%", "growth slowed to
# 12%", "the drop deepened to about 20%"): the figure is still the change, not a level.
_CHANGE_MOVED_TO = re.compile(
    r"(?:declines?|drops?|falls?|decreases?|contractions?|growth|increases?|rises?)\s+(?:has\s+|had\s+)?"
    r"(?:narrowed|eased|moderated|slowed|widened|deepened|accelerated|steepened|quickened|shrank|grew)\s+to\s*"
    r"(?:(?:just\s+)?(?:over|about|around|nearly|almost|approximately|roughly|more\s+than|less\s+than|under)\s+)?$",
    re.I,
)


# "29% less than the revenue for the corresponding quarter", "5% less than for the preceding quarter": a
# decline against an earlier period's figure.
_LESS_THAN = re.compile(
    r"(?:less|lower|smaller)\s+than\s+(?:(?:the|its|that|in|for)\s+)*(?:\w+\s+){0,3}?"
    r"(?:for|in|of)?\s*(?:the\s+)?(?:corresponding|preceding|previous|prior|same|last|year[- ]ago|a\s+year)\b",
    re.I,
)


# A decline written as a noun after the figure, past at most two words saying what declined ("That 10%
# Ethernet device retreat", "an expected 30% reduction in sales", "a 1% overall decline in ... sales").
_DECLINE_NOUN_AFTER = re.compile(
    r"(?:(?!(?:of|in|on|at|to|for|from|by|and|or|but|than|share|the|its|their|is|was|were|are)\b)[A-Za-z][\w-]*\s+){0,2}"
    r"(?:declines?|drops?|falls?|contractions?|slides?|dips?|retreats?|reductions?|decreases?|slumps?|downturns?"
    r"|shrinkage)\b",
    re.I,
)


# A rate named right before the figure ("毛利率为", "前三季度公司毛利率"), not a growth rate (增长率, 年增率, 衰退率).
_RATE_LEVEL_BEFORE = re.compile(r"(?<![長长增減减降升速退])率\s*(?:为|為|是|達|达|[:：])?\s*$")


def _basis_in(window: str, after: bool) -> str | None:
    for label, pat in (("CAGR", _CAGR), ("y/y", _YOY), ("q/q", _QOQ)):
        if pat.search(window):
            return label
    near = window.strip()[:25] if after else window[-30:]
    if after and re.match(r"(?:of\b|share)", near):
        return "share"
    if after and _DECLINE_NOUN_AFTER.match(window.strip()):
        return "growth"
    if _GROWTH.match(near) if after else _GROWTH.search(near):
        return "growth"
    if _SHARE.search(near):
        return "share"
    return None
