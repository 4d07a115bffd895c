"""Claims from press releases and news (Dell'Oro, LightCounting, TrendForce, vendor newsrooms, UEC).

Every quantitative statement of a page becomes a `Claim`: value in base units, unit, the period
it refers to, whether it is an actual, an estimate or a forecast, who the text says the figure comes
from, a subject, the sentence it came from, and a suggested indicator. Claims are not observations:
an analyst accepts them (the `claims` CLI command), so `parse` yields them in `tables["claims"]` with
status "pending".

How a figure is read (each rule with the press wording that needs it):
- its period is the nearest one in its clause; a period it is compared with ("up 114% from fiscal
  2024", 較去年同期) is not its own; with none, the text around it gives one: the sentence's other
  periods, then the quarter or year the text was last about (a table's year on its own line, a
  "Full Year" heading); a quarter or fiscal year written without its year is dated from the
  company's fiscal calendar and the published date (`vocab.FISCAL_YEAR_END`, `common/dates.py`);
- its kind comes from the words that lead to it first ("guidance range of", "analysts expected",
  "預計"), then from its period against the published date, then from words next to it: a reported
  result stays an actual when the same sentence also gives guidance;
- per-share amounts, stock prices and moves, market capitalisations, tolerances ("±2%"), multipliers
  ("80 times", "3倍") and growth factors ("double", "翻倍", never a number) are not market claims;
- its publisher is the one the text attributes it to ("according to IDC", "TrendForce預估", the
  analyst consensus), else the one the text's lede names, else the page's publisher.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field, replace

from sources.document import Document
from sources.parsers.claims import vocab
from sources.parsers.common.dates import PeriodMention, _nearest_quarter, find_dates, find_periods, fiscal_bounds
from sources.parsers.common.mentions import TABLE_UNIT, MONEY_UNITS, Mention, find_mentions, split_sentences
from sources.parsers.common.page import page_text, page_title, provenance, published_on, publisher_for
from sources.parsers.common.units import SCALE_WORD, normalize_text, normalized_index
from sources.periods import period_bounds
from sources.records import Records


@dataclass(frozen=True)
class Claim:
    value: float
    unit: str
    period: str | None
    kind: str  # actual | forecast | estimate
    subject: str | None
    evidence: str  # the sentence, as the page has it
    qualifier: str | None = None  # > < ~ >= <= ("more than $100 billion" -> ">")
    indicator: str | None = None  # suggested indicator id, when the sentence makes it clear
    raw: str = ""  # the figure as written ("$100 B")
    attributed_to: str | None = None  # the publisher the text attributes the figure to, when it names one
    subject_id: str | None = None  # controlled subject: an entity id (company or market)
    position: int = 0  # where the figure starts in its sentence (two equal figures stay two claims)
    each_of: int | None = None  # a change stated once for several figures ("分別提高"): where the one it is of starts

    def contract(self) -> dict:
        return {
            "value": self.value,
            "unit": self.unit,
            "period": self.period,
            "kind": self.kind,
            "subject": self.subject,
            "evidence": self.evidence,
        }


_FORECAST = re.compile(
    r"\b(?:will|shall|expect\w*|forecast\w*|projected|projection|predict\w*|anticipat\w*|outlook|"
    r"guid(?:ance|ing|ed|e)|target\w*|goals?|plan(?:s|ned)?\s+to|set to|on track to|poised to|could|potentially|likely to|"
    r"looking ahead|aims?\s+to|should(?!\s+have)|would(?!\s+have))\b"
    r"|預計|预计|預估|预估|(?:預期|预期)(?=\s*(?:第|本|下|今年|明年|未來|未来|全年|Q[1-4]|\d{4}))|將|将|可望|有望|有機會|有机会|規劃|规划|目標|目标|指引|財測|财测|展望|預告|预告|預測|预测",
    re.I,
)
_ESTIMATE = re.compile(r"\bestimat\w*|估計|估计|估算", re.I)
_REPORTED = re.compile(
    r"\b(?:reported|reports|posted|recorded|generated|generates|totall?ed|came\s+in|was|were|reached|grew|rose|"
    r"increased|declined|decreased|descended|dropped|fell|achieved|delivered|stood|accounts?\s+for|accounted\s+for|makes?\s+up|holds?|"
    r"jump\w*|surg\w*|soar\w*|climb\w*|represent(?:s|ed)?|reporting|posting|recording)\b"
    r"|實現|实现|錄得|录得|創下|创下|公布|公佈",
    re.I,
)
_SO_FAR = re.compile(
    r"year[- ]to[- ]date|\bYTD\b|so\s+far|to\s+date|first\s+(?:two|three)\s+quarters|"
    r"first\s+(?:two|three|four|five|six|seven|eight|nine|ten|eleven|\d{1,2})\s+months|nine[- ]month\s+period|"
    r"前三季|前[一二三四五六七八九十两兩\d]{1,2}[個个]?月|今年以來|今年以来|累計|累计",
    re.I,
)
_CLAUSE_BREAK = re.compile(r",\s*(?:but|while|whereas)\s|;|，但|；|\.\s")
_PERIOD_CLAUSE_BREAK = re.compile(r"[,，;；:、]|\s-\s|—")
_COMPARE = re.compile(
    r"\b(?:compared|versus|vs\.?|from|than|relative\s+to)\b|較|较|相比|相當於|相当于|高於|低於|高于|低于", re.I
)
_MAINLAND = re.compile(
    r"\d{6}\.(?:SZ|SH|BJ)\b|A股|深交所|上交所|滬深|沪深|創業板|创业板|科創板|科创板|人民幣|人民币|歸母|归母", re.I
)
_TAIWAN = re.compile(r"新台幣|新臺幣|新台币|台股|臺股|上櫃|櫃買|[（(]\d{4}[)）]|NT\$")
# The words of Taiwanese results reporting (合併營收, 稅後純益, 營益率, 每股盈餘), kept in a Simplified-script copy
# of a Taiwanese article ("合併营收", "税后纯益"), and those of mainland and Hong Kong reporting (同比, 資本開支),
# kept in a Traditional-script copy of a mainland one: the currency follows the company's home, not the script.
_TAIWAN_RESULTS = re.compile(
    r"合併(?:營收|营收|營業收入|营业收入)|稅後純益|税后纯益|營益率|营益率|每股盈餘|每股盈余|稅後盈餘|税后盈余"
)
_MAINLAND_RESULTS = re.compile(r"同比|環比|环比|資本開支|资本开支")
# "Coherent业绩与展望:", "Results and outlook": a title naming both is no cue for the figures after it
_TITLE_CUES = re.compile(
    r"(?:业绩|業績|results?|財務表現|财务表现)\s*(?:与|與|和|及|and|&)\s*(?:展望|outlook|guidance|指引|預測|预测)", re.I
)
# "(67% margin) and guided Q3 revenue of": the period after a guidance verb is the next figure's
_GUIDANCE_VERB = re.compile(
    r"\b(?:guid\w*|forecast\w*|expect(?:s|ed)?|projects?|projected|outlook)\b|指引|財測|财测|預計|预计", re.I
)
_VERSUS = re.compile(r"(?:\bvs\.?|\bversus\b|\bv\.s\.)", re.I)
_SOURCE_NOTE = re.compile(r"[（(]\s*(?:來源|来源|資料來源|资料来源|source)\s*[:：][^)）]*[)）]", re.I)
_FABRICS = (
    ("Ethernet", r"Ethernet|乙太網路|以太网|以太網"),
    ("InfiniBand", r"InfiniBand"),
    ("NVLink", r"NVLink"),
    ("Ultra Ethernet", r"Ultra Ethernet|\bUEC\b"),
    ("Spectrum-X", r"Spectrum-X"),
    ("RoCE", r"RoCE"),
)
_FABRIC_RE = re.compile("|".join(f"(?P<f{i}>{pat})" for i, (_, pat) in enumerate(_FABRICS)), re.I)
_OBJECT_BEFORE = re.compile(r"(?:against|versus|vs\.?|than|replacing|over)\s+$", re.I)
_TOPICS = (
    (re.compile(r"AI back[- ]?end|AI\s*後端網路|AI\s*后端网络|後端網路|后端网络", re.I), "AI back-end networks"),
    (re.compile(r"data cent(?:er|re) switch", re.I), "data center switches"),
    (
        re.compile(r"networking revenue|network(?:ing)?[- ]related (?:income|revenue)|網路營收|网络营收", re.I),
        "networking revenue",
    ),
    (
        re.compile(r"optical (?:transceiver|module)s?|transceivers?|光模組|光模块|光收發模組", re.I),
        "optical transceivers",
    ),
    (re.compile(r"\bports?\b|端口", re.I), "switch ports"),
    (re.compile(r"\bmembers?\b|member companies|會員|会员", re.I), "members"),
    (re.compile(r"\bclusters?\b|叢集|集群", re.I), "AI clusters"),
)
_NOUN_TOPIC = {"units": "optical transceivers", "ports": "switch ports", "gpus": "GPUs", "count": "members"}
_BASIS_SUFFIX = {"CAGR": "CAGR", "y/y": "growth y/y", "q/q": "growth q/q", "growth": "growth", "share": "share"}

# Numbers that are not market claims, and why (the reason is kept for tests and the inbox's log).
_PER_SHARE = re.compile(
    r"per\s+(?:diluted\s+)?share|per-share|a\s+share\b|(?<![A-Za-z])EPS(?![A-Za-z])|earnings\s+per|\bdividend|\bcents\b|"
    r"每股|股利|股息|配息",
    re.I,
)
_STOCK = re.compile(
    r"\bstock\b(?![- ](?:based|compensation|options?)\b)|\bshares\s+(?:rose|fell|jumped|dropped|climbed|slid|gained|lost)|premarket|pre-market|"
    r"\bshares\s+(?:stand|stood|closed|traded|ended|opened)\b|after-hours|extended\s+trading|late\s+trading|\btrading\b|price\s+target|target\s+price|目標價|目标价|股價|股价|該股|该股|盤後|盘后|盤中|盘中|收盤|收盘|漲停|涨停",
    re.I,
)
# "revenue growth of", "sales decline of": a growth named by the result it is of, right before the figure
_RESULT_GROWTH_OF = re.compile(
    r"\b(?:revenues?|sales|earnings|net\s+income|operating\s+income)\s+(?:growth|increase|gain|decline|drop)\s+of\s+"
    r"(?:about|nearly|roughly|almost|over|more\s+than|approximately)?\s*$",
    re.I,
)
# A stock quote: a price, its signed change and its signed percent change in parentheses
# ("$371.95 +2.86 (+0.77%)", "US$12.40 -0.35 (-2.74%)", "NT$1,085.00 +15.00 (+1.40%)").
_STOCK_QUOTE = re.compile(
    r"(?:[A-Z]{0,3}\$|¥|￥)?\s*\d[\d,]*(?:\.\d+)?\s*[+\-−–▲▼]\s*\d[\d,]*(?:\.\d+)?\s*"
    r"[(（]\s*[+\-−–▲▼]\s*\d+(?:\.\d+)?\s*%\s*[)）]"
)
_PRICE = re.compile(
    r"價格|价格|單價|单价|價差|价差|售價|售价|目標價|目标价|\bprice[sd]?\b|\bpriced\b|\bASP\b|\bprice\s+target", re.I
)
# An amount per server, per board, per chip ("单台服务器PCB价值量从300-500美元跃升至1200-1800美元", "每颗",
# "$1,500 per unit"): a unit price or content value, not a market's or company's figure.
_PER_UNIT = re.compile(
    r"[单單每]\s*[台颗顆片个個套张張块塊只隻部]|价值量|價值量|单机|單機|"
    r"\bper\s+(?:unit|server|system|rack|GPU|chip|board|card|module|port|node|device)\b",
    re.I,
)
# A change of a unit price: an average selling price's ("平均銷售單價與上季相比增長3.8%", "ASP rose 4%") or of rents
# ("an 11.8% increase in cash-basis renewal leases", "rental rates rose 6%"): what one unit costs, not a market's
# or company's figure. Read just before the figure, or in the "increase in ..." right after it; a price rise to come
# ("產品單價將會成長50%", "推升2026年平均售價(ASP)約20%") is a market's outlook and stays read.
_PRICE_OUTLOOK = re.compile(r"[將将]|預估|预估|預計|预计|推升|可望|\bwill\b|\bexpect|\bforecast|\bproject", re.I)
_UNIT_PRICE_WORD = (
    r"(?:平均)?(?:銷售|销售)?(?:單價|单价|售價|售价)|\baverage\s+(?:selling\s+|sales\s+)?prices?\b|\bASPs?\b|"
    r"\brents?\b|\brental\s+rates?\b|\brenewal\s+(?:leases|spreads)\b"
)
_UNIT_PRICE_BEFORE = re.compile(rf"(?:{_UNIT_PRICE_WORD})[^。；;,，.%]{{0,16}}$", re.I)
_UNIT_PRICE_AFTER = re.compile(
    rf"\s*(?:increase|decrease|rise|gain|decline|drop|jump|growth)\s+in\s+[\w\s-]{{0,30}}?(?:{_UNIT_PRICE_WORD})", re.I
)
_MARKET_CAP = re.compile(r"市值|market\s+(?:cap|capitali[sz]ation|value)", re.I)
_TOLERANCE = re.compile(r"(?:±|\+/-|正負|正负|plus\s+or\s+minus)\s*$", re.I)
_GROWTH_BASES = ("y/y", "q/q", "growth")

_RESULT_WORDS = re.compile(
    r"revenue|sales|orders|backlog|margin|income|earnings|營收|营收|營業|营业|毛利|淨利|净利|營益|营益|訂單|订单|"
    r"收入|銷售額|销售额",
    re.I,
)
_QUARTER_WORD = re.compile(r"\bquarter(?:ly)?\b|\bQ[1-4]\b|季", re.I)
_YEAR_WORD = re.compile(r"\bfull[- ]year\b|\bannual\b|\bfiscal\s+year\b|\bfor\s+the\s+year\b|全年|年度", re.I)
_HEADING_YEAR = re.compile(r"full\s+year|annual|year[- ]end|全年|年度", re.I)
_HEADING_QUARTER = re.compile(r"quarter|季", re.I)
_PERIOD_ONLY = re.compile(
    r"^\s*(?:FY\s?)?(?:19|20)\d\d\s*(?:年|E|F|e|f|\(E\)|\(F\))?\s*$|^\s*(?:Q[1-4]|[1-4]Q)\s*'?(?:FY\s?)?\d{2,4}\s*$",
    re.I,
)


@dataclass
class _Context:
    """What the text was last about, for figures that do not say their period or publisher."""

    published: dt.date | None
    fiscal_end: int | None = None
    quarters_ended: dict = field(default_factory=dict)  # fiscal quarter -> the day the page says it ended
    company: str | None = None
    listed_only: bool = False  # the company is known only by the stock code the text names it with
    guidance_section: bool = False  # the lines are bullets under a "Guidance:" heading
    lede_publisher: str | None = None
    last: str | None = None  # last period named (any granularity)
    quarter: str | None = None  # last quarter named
    year: int | None = None  # last calendar year named
    fy: int | None = None  # last fiscal year named
    scope: str | None = None  # "year" or "quarter" after a heading that says so
    paragraph_publisher: str | None = None
    paragraph_last: str | None = None  # a forecast year named in this paragraph only
    outlook: str | None = None  # "NVIDIA's outlook for the fourth quarter of fiscal 2025 is as follows:"
    guidance_year: str | None = None  # the year of the last guidance given for a whole year
    fiscal_cjk: bool = (
        False  # a Chinese text that writes 會計年度/財年: its bare quarters are the company's fiscal ones
    )
    mainland: bool = False  # a Chinese text about mainland-listed companies: its 元 are renminbi
    taiwanese: bool = False  # a Taiwanese text: "108年" is a year of the Republic of China (民國), 2019
    taiwan_money: bool = False  # a text about Taiwanese companies: its bare 亿元/億元 are New Taiwan dollars
    currency_inferred: bool = False  # ctx.currency read from a Traditional-script text's 億美元, not declared
    bare_yi: str | None = None  # the currency of a bare 亿/億 (declared, or the only one the text writes)
    periodic_report: bool = False  # a company's quarterly or annual report: its figures are reported
    preliminary: bool = (
        False  # a text about preliminary results (业绩预告): its expected results of a period are estimates
    )
    bare_scale: str | None = None  # the one currency a text writes its money in ("435 million euros")
    versus_consensus: bool = False  # a heading "... v.s. LSEG 預估": a figure after "v.s." is the consensus
    guide_then_actual: bool = False  # a table header "Metric Period Prior guide Actual": its ranges are the guidance
    currency: str | None = None  # "(美元‧下同)": the currency the text's bare 元 are in
    columns: list | None = None  # "2022A2023A2024E2025E2026E": the years of a run-together table's columns
    pipe_units: list | None = None  # a pipe table's columns: ("$", " million") money, ("", "%") growth, or None

    def remember(self, p: PeriodMention) -> None:
        label = p.label
        m = re.match(r"(FY)?(\d{4})(Q[1-4]|H[12])?$", label)
        if not m:
            return
        if p.first_day and self.published and p.first_day > self.published:
            self.paragraph_last = label  # a forecast horizon dates its own paragraph, not the page
            return
        self.last = label
        if (
            m.group(3)
            and m.group(3).startswith("Q")
            and (self.quarter is None or _order(label) >= _order(self.quarter))
        ):
            self.quarter = label
        if m.group(1):
            self.fy = max(self.fy or 0, int(m.group(2)))
        else:
            self.year = max(self.year or 0, int(m.group(2)))

    def year_label(self) -> str | None:
        for label in (self.last, self.quarter):
            if label:
                m = re.match(r"(FY)?(\d{4})", label)
                if m:
                    return f"{m.group(1) or ''}{m.group(2)}"
        return None


def _order(label: str) -> int:
    m = re.match(r"(?:FY)?(\d{4})Q([1-4])", label)
    return int(m.group(1)) * 4 + int(m.group(2)) if m else 0


def extract_claims(text: str, published_on: dt.date | None) -> list[Claim]:
    """Every quantitative statement in a main text (one block per line), in text order."""
    ctx = _document_context(text, published_on)
    claims: list[Claim] = []
    lines = _unwrapped(text.splitlines())
    table = _MoneyTable()
    for i, line in enumerate(lines):
        _pipe_header(lines, i, ctx)
        cell = table.read(lines, i, ctx)
        if cell is not None:
            claims.extend(cell)
            continue
        _heading(line, ctx)
        st = line.strip().strip("*#").strip()
        if _GUIDANCE_HEADING.fullmatch(st):
            ctx.guidance_section = True  # "Guidance:" over a bulleted list of what the company expects
        elif st and not re.match(r"[-•*·]\s", line.strip()):
            ctx.guidance_section = False
        if (
            line.strip()
            and not re.fullmatch(r"[\s|:-]+", line)  # a pipe table's rule under its header row
            and not re.search(r"\d[\d,.]*\s*(?:%|億|亿|萬|万|美元|billion|million|[BM]\b)", line)
        ):
            # "Q1 財報關鍵數據 v.s. LSEG 預估", "| Revenue (Actual vs Est.) |": the figures after "vs" below it
            # are the consensus
            ctx.guide_then_actual = bool(re.search(r"guid\w*\s*(?:range\s*)?Actual", line, re.I))
            ctx.versus_consensus = bool(
                _VERSUS.search(line) and re.search(r"預估|预估|預期|预期|consensus|estimat|\bEst\b|expect", line, re.I)
            )
        ctx.paragraph_publisher = None
        ctx.paragraph_last = None
        if _per_share_cell(lines, i):
            continue
        claims.extend(_each_of_both(_both_periods(_paragraph_claims(line, ctx))))
    return claims


_EACH_CHANGE = re.compile(
    r"(?:分別|分别)\s*(?:較|较|比)?[^，,。；;\d%]{0,8}(?:提高|提升|增加|上升|下降|下滑|減少|减少|降低)\s*$"
)


def _each_of_both(claims: list[Claim]) -> list[Claim]:
    """ "毛利率為19.8%,營業利益率為 7.6%,分別較前一年提高 0.9 個百分點": one change stated for each of the
    figures before it is a claim for each."""
    out: list[Claim] = []
    for c in claims:
        out.append(c)
        if c.unit not in ("pct_points", "share") or not c.raw:
            continue
        if not _EACH_CHANGE.search(c.evidence[: c.position]):
            continue
        end = c.position + len(c.raw)
        if any(o.evidence == c.evidence and 0 <= o.position - end < 6 for o in claims):
            continue  # "分別增加 5%和 6%": a change for each, written out
        before = [o for o in claims if o.evidence == c.evidence and o.position < c.position and o.unit == "share"]
        out.extend(replace(c, each_of=o.position) for o in before[1:])  # (the first keeps its id)
    return out


# A pipe table whose money unit is in a column header ("2025 Spending (M$)") or in its caption above
# ("(Millions of U.S. Dollars)"), and whose signed cells are growth where the header says "Growth (%)".
_PIPE_MONEY = re.compile(
    r"[(（]\s*(?:(M|B)\$|(?:US)?\$\s*(M|B)|(?:US)?\$\s*(millions?|billions?)|(?:in\s+)?(millions?|billions?)"
    r"(?:\s+of\s+(?:U\.?S\.?\s*)?dollars)?)\s*[)）]",
    re.I,
)
# "| 业务 | 2025上半年金额(万元) | 同比增长 |": a column of amounts in 万元 (亿元, 百万元) stated in its header.
_PIPE_CJK_MONEY = re.compile(r"[(（]\s*((?:百|千)?(?:万|萬)元|(?:亿|億)元)\s*[)）]")
_PIPE_GROWTH = re.compile(r"\b(?:growth|change|y/y|yoy)\s*[(（]\s*%\s*[)）]", re.I)


def _pipe_header(lines: list[str], i: int, ctx: _Context) -> None:
    """Remembers the units of a pipe table's columns at its header row (the one above its rule)."""
    line = lines[i]
    if line.count("|") < 2:
        ctx.pipe_units = None
        return
    rule = lines[i + 1] if i + 1 < len(lines) else ""
    if not (re.fullmatch(r"[\s|:-]+", rule) and "-" in rule and "|" in rule):
        return
    caption = next((x.strip() for x in reversed(lines[max(0, i - 2) : i]) if x.strip()), "")
    whole = _PIPE_MONEY.fullmatch(caption)
    units: list = []
    for head in line.strip().strip("|").split("|"):
        money = _PIPE_MONEY.search(head) or (whole if not _PIPE_GROWTH.search(head) else None)
        cjk_money = _PIPE_CJK_MONEY.search(head)
        if _PIPE_GROWTH.search(head):
            units.append(("", "%"))
        elif cjk_money and not _PER_SHARE.search(head):
            units.append(("", cjk_money.group(1)))
        elif money and ("$" in money.group(0) + caption or re.search(r"dollar", money.group(0), re.I)):
            word = next(g for g in money.groups() if g).lower()
            units.append(("$", " billion" if word.startswith("b") else " million"))
        else:
            units.append(None)
    ctx.pipe_units = units if any(units) else None


def _pipe_cells(s: str, index: list[int], units: list) -> tuple[str, list[int]]:
    """A pipe table row read in its columns' units: "474,883" in a "(M$)" column as "$474,883 million",
    "+42.4" under "Growth (%)" as "+42.4%" (in the normalized text only; the evidence stays as written)."""
    inserts, col, pos = [], 0, 0
    body_start = len(s) - len(s.lstrip())
    if s[body_start : body_start + 1] == "|":
        pos = body_start + 1
    for seg in s[pos:].split("|"):
        m = re.fullmatch(r"\s*([+-]?\d[\d,]*(?:\.\d+)?)\s*", seg)
        if m and col < len(units) and units[col]:
            a, b = pos + m.start(1), pos + m.end(1)
            prefix, suffix = units[col]
            if prefix and s[a] not in "+-":
                inserts.append((a, prefix, index[a]))
            inserts.append((b, suffix, index[b - 1]))
        pos += len(seg) + 1
        col += 1
    for k, text, at in sorted(inserts, reverse=True):
        s, index = s[:k] + text + s[k:], index[:k] + [at] * len(text) + index[k:]
    return s, index


_BOTH = re.compile(r"\s+in\s+both\s+((?:19|20)\d\d)\s+and\s+((?:19|20)\d\d)\b")


def _both_periods(claims: list[Claim]) -> list[Claim]:
    """ "advancing by just 3% in both 2013 and 2012": one figure for two periods is two claims."""
    out = []
    for c in claims:
        out.append(c)
        at = c.evidence.find(c.raw, c.position) if c.raw else -1
        both = _BOTH.match(c.evidence, at + len(c.raw)) if at >= 0 else None
        if both and c.period in both.groups():
            other = both.group(2) if c.period == both.group(1) else both.group(1)
            out.append(replace(c, period=other))
    return out


# ("$1.32", "(5.3%)": an amount in dollars and a decline in brackets are bare cells too)
_BARE_CELL = re.compile(r"[\s|]*\(?[-+]?\$?\d[\d,.]*\s*%?\)?[\s|]*")


def _per_share_cell(lines: list[str], i: int) -> bool:
    """A table written one cell per line whose row names a per-share amount ("基本每股收益(元)" / "0.45" /
    "0.30" / "50.00%"): its cells, the growth too, are no market claims."""
    if not _BARE_CELL.fullmatch(lines[i]):
        return False
    for back in range(i - 1, max(-1, i - 5), -1):
        if not _BARE_CELL.fullmatch(lines[back]):
            return bool(_PER_SHARE.search(lines[back])) and len(lines[back].strip()) < 40
    return False


# A hard-wrapped text: a line that stops mid-sentence ("... non-GAAP net income of $65.3" / "million",
# "... between $88.3 million and" / "$90.3 million, and ...") goes on in the next one.
_STOPS_MID_SENTENCE = re.compile(r"(?:[A-Za-z]{2,}|\$?\d[\d,.]*|,)\s*$")
_GOES_ON = re.compile(r"(?:[a-z]|(?:" + SCALE_WORD + r")\b)")
_JOINS_NEXT = re.compile(r"\b(?:and|or|to|of|between|from|than|by|at|with)\s*$", re.I)


def _unwrapped(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        prev = out[-1].rstrip() if out else ""
        nxt = line.strip()
        if (
            len(prev) >= 30
            and nxt
            and _STOPS_MID_SENTENCE.search(prev)
            and (_GOES_ON.match(nxt) or (_JOINS_NEXT.search(prev) and re.match(r"[$\d]", nxt)))
        ) or (
            re.search(r"[$€£]\s?\d[\d,]*(?:\.\d+)?$", prev) and re.match(r"(?:thousand|million|billion)\b", nxt, re.I)
        ):
            # ("- GAAP operating income $24.9" / "million; ...": an amount cut from its scale word, however short)
            out[-1] = prev + " " + nxt
        else:
            out.append(line)
    return out


# A results table flattened one cell per line ("(Dollars in millions, except per share data) |",
# "Q4 25 |", "Net revenue |", "$ |", "18,015 |", "+28 |", "% |"): the header states the scale once,
# the column headers give the periods, and a percent sign may stand in a cell of its own.
_TABLE_SCALE = re.compile(
    r"^\(?\s*(?:(?:U\.?S\.?\s*)?dollars|US\$|\$)?\s*in\s+(thousands|millions|billions)\b"
    r"(?:\s+of\s+(?:U\.?S\.?\s*)?dollars)?",
    re.I,
)
_TABLE_CELL = re.compile(r"^\s*\(?([+-]?\$?\s*\d[\d,]*(?:\.\d+)?)\)?\s*(%)?\s*\|?\s*$")
_TABLE_COLUMN = re.compile(
    r"^\s*(?:(Q[1-4])\s*'?(\d{2}|(?:19|20)\d\d)|(?:FY|fiscal\s+)'?(\d{2}|(?:19|20)\d\d)|((?:19|20)\d\d)"
    r"|(change|%\s*change|y/y|yoy|q/q))\s*\|?\s*$",
    re.I,
)
_SCALE = {"thousands": 1e3, "millions": 1e6, "billions": 1e9}


class _MoneyTable:
    """Reads the cells of a flattened money table; None for a line that is not one of its cells."""

    def __init__(self) -> None:
        self.scale: float | None = None
        self.columns: list[str | None] = []
        self.row: str | None = None
        self.cell = 0
        self.last_table_line = -10

    def read(self, lines: list[str], i: int, ctx: _Context) -> list[Claim] | None:
        line = lines[i].strip()
        m = _TABLE_SCALE.match(line)
        if m:
            self.scale, self.columns, self.row, self.cell, self.last_table_line = (
                _SCALE[m.group(1).lower()],
                [],
                None,
                0,
                i,
            )
            return []
        if self.scale is None:
            return None
        if i - self.last_table_line > 3 and line.strip("| ").strip():
            if not (_TABLE_CELL.match(line) or len(line) < 60):
                self.scale = None  # prose again: the table is over
                return None
        if not line.strip("| "):
            if line.count("|") > 1:
                self.cell = 0  # a row separator ("||||||")
            self.last_table_line = i
            return []
        col = _TABLE_COLUMN.match(line)
        if col and self.row is None:
            self.columns.append(self._period(col, ctx))
            self.last_table_line = i
            return []
        cm = _TABLE_CELL.match(line)
        if cm is None:
            if line in ("$ |", "$", "% |", "%"):
                self.last_table_line = i
                return []
            if len(line) > 80 or re.search(r"[.!?]\s*$", line):
                self.scale = None
                return None
            self.row, self.cell, self.last_table_line = line.strip("| ").strip(), 0, i
            return []
        self.last_table_line = i
        column = self.columns[self.cell % len(self.columns)] if self.columns else None
        self.cell += 1
        if self.row is None or re.search(
            r"per\s+(?:common\s+)?share|per\s+unit|\bEPS\b|shares\s+outstanding|每股", self.row, re.I
        ):
            return []
        nxt = next((x.strip() for x in lines[i + 1 : i + 2]), "")
        percent = bool(cm.group(2)) or nxt in ("% |", "%")
        raw = cm.group(1).replace("$", "").replace(" ", "")
        value = float(raw.replace(",", ""))
        if line.lstrip().startswith("(") and not percent:
            value = -value  # (1,234) is a loss
        evidence = line + ("\n" + nxt if percent and not cm.group(2) else "")
        if percent:
            period = column
            if self.columns and column is None:
                # A change column compares the group's first period (Q4 25 vs Q4 24) with the others.
                k = (self.cell - 1) % len(self.columns) - 1
                while k >= 0 and self.columns[k] is not None:
                    period, k = self.columns[k], k - 1
            value, unit = value / 100, "share"
        else:
            value, unit, period = value * self.scale, "USD", column
        kind = "actual"
        if period and ctx.published and (_bounds(period, ctx)[1] or ctx.published) >= ctx.published:
            kind = "forecast"
        publisher = ctx.company or ctx.lede_publisher
        company_result = vocab.kind_of(publisher or "") == "company" and bool(_RESULT_WORDS.search(self.row))
        return [
            Claim(
                value=value,
                unit=unit,
                period=period,
                kind=kind,
                subject=self.row,
                evidence=evidence,
                indicator="company_revenue"
                if company_result and re.search(r"revenue|sales", self.row, re.I) and unit == "USD"
                else None,
                raw=cm.group(1),
                attributed_to=publisher,
                subject_id=vocab.subject_id(None, None, publisher, company_result),
                position=i,
            )
        ]

    @staticmethod
    def _period(col: re.Match, ctx: _Context) -> str | None:
        fiscal = ctx.fiscal_end not in (None, 12)

        def year(y: str) -> int:
            return int(y) + 2000 if len(y) == 2 else int(y)

        if col.group(1):
            return f"{'FY' if fiscal else ''}{year(col.group(2))}{col.group(1).upper()}"
        if col.group(3):
            return f"FY{year(col.group(3))}"
        if col.group(4):
            return f"{'FY' if fiscal else ''}{col.group(4)}"
        return None


# A Chinese citation after the paragraph's first sentence: "。根据X最新数据显示," (the firm's name in group 1).
_CITED_MID_PARAGRAPH = re.compile(
    r"[。！？；]\s*(?:根據|根据|據|据|依據|依据)\s*([^,，。:：]{1,30}?)(?:最新)?(?:數據|数据|統計|统计|資料|资料)"
)
_FIGURE_LINE = re.compile(r"\d[\d,.]*\s*(?:%|percent\b|per\s+cent\b|(?:billion|million|bn)\b|億|亿|萬|万)", re.I)
_SECTION_HEADING = re.compile(r"[A-Z][^\d.!?。！？:：]{0,60}(?:[:：][^\d.!?。！？]{0,60})?|[^\d。！？，,]{2,30}")


def _document_context(text: str, published: dt.date | None) -> _Context:
    ctx = _Context(published=published)
    counts = Counter(name for _, _, name in vocab.publishers_in(text) if vocab.kind_of(name) == "company")
    lede_lines = [ln for ln in text.splitlines() if ln.strip()][:6]
    # The lede ends at a section heading after its first paragraph of figures ("The AI Data Center: A New
    # Growth Engine"):
    # a firm credited in the next section speaks for that section, not for the page's opening figures.
    for i, ln in enumerate(lede_lines):
        if (
            _SECTION_HEADING.fullmatch(ln.strip())
            and 3 <= len(ln.split()) <= 12
            and any(len(x) >= 100 and _FIGURE_LINE.search(x) for x in lede_lines[:i])
        ):
            lede_lines = lede_lines[:i]
            break
    cited: set[str] = set()
    for ln in lede_lines:
        found = _attributed(normalize_text(ln), None)
        if found:
            citing = _CITED_MID_PARAGRAPH.search(normalize_text(ln))
            if citing and vocab.publishers_in(citing.group(1)) and vocab.publishers_in(citing.group(1))[0][2] == found:
                # "…更催生出千亿级的市场空间。根据LightCounting最新数据显示,2025年…": a firm cited for one
                # figure in the middle of an article's paragraph, not the source of the article
                cited.add(found)
                continue
            ctx.lede_publisher = found
            break
    if ctx.lede_publisher is None:
        # A research firm the lede names ("..., senior analyst, IHS Markit") speaks for the page.
        named = [
            name
            for ln in lede_lines
            for _, _, name in vocab.publishers_in(normalize_text(ln))
            if vocab.kind_of(name) == "research" and name not in cited
        ]
        ctx.lede_publisher = named[0] if named else None
    # Shenzhen/Shanghai tickers, A股, 人民幣, 歸母淨利潤 and no Taiwanese marker: 億元 are renminbi
    # (a Traditional-script copy of a mainland article is not about New Taiwan dollars).
    # A text in mainland reporting words (同比, 資本開支) and none of Taiwan's is about a mainland company too.
    ctx.mainland = bool(
        _MAINLAND.search(text) or (_MAINLAND_RESULTS.search(text) and not _TAIWAN_RESULTS.search(text))
    ) and not _TAIWAN.search(text)
    ctx.taiwanese = bool(_TAIWAN.search(text)) and not ctx.mainland
    # A Simplified-script copy of a Taiwanese article ("世芯-KY(3661)", "合併营收", "税后纯益") and no mainland
    # marker: its bare 亿元 are New Taiwan dollars, as its readers in Taiwan read them.
    ctx.taiwan_money = bool(_TAIWAN.search(text) or _TAIWAN_RESULTS.search(text)) and not _MAINLAND.search(text)
    declared = _DECLARED_CURRENCY.search(text)
    ctx.currency = _DECLARED_UNIT[declared.group(1)] if declared else None
    # "逾63億（人民幣．下同）"; a text that writes all its money in 亿美元 ("13.5 亿美元(精确为 13.52 亿)")
    only_usd = re.search(r"\d\s*[亿億]\s*(?:美元|美金)", text) and not re.search(
        r"\d\s*[亿億萬万]?\s*元|人民币|人民幣|新台幣|新台币|台幣|港元|港幣|港币", text
    )
    ctx.bare_yi = ctx.currency or ("USD" if only_usd else None)
    # "預估2003年產值將達32.59億美元,較2002年的30.92億元成長5.4%": a Traditional-script text that writes its
    # money in 億美元 at least as often as in bare 億元, and names no other currency nor a Taiwanese or mainland
    # listing: its bare 億元 are US dollars too (as a declared "(美元‧下同)" would say). (In Simplified script a
    # bare 亿元 stays renminbi: zh04 writes market sizes in 亿美元 and the company's revenue in 亿元.)
    in_usd = len(re.findall(r"\d\s*億\s*(?:美元|美金)", text))
    in_bare_yuan = len(re.findall(r"\d\s*[億萬]\s*元", text))
    if (
        not ctx.currency
        and not re.search(r"\d\s*[亿万]\s*元", text)
        and in_usd >= max(1, in_bare_yuan)
        and not ctx.mainland
        and not _TAIWAN.search(text)
        and not re.search(
            r"人民币|人民幣|新台幣|新臺幣|新台币|台幣|台币|港元|港幣|港币|日圓|日元|歐元|欧元|\d\s*元",
            _strip_scaled_yuan(text),
        )
    ):
        ctx.currency = "USD"
        ctx.currency_inferred = True
    # "435 million euros ... above the 4.6 billion forecast": a text whose written amounts are mostly in one
    # currency gives it to a bare "4.6 billion" in a sentence about money
    units = Counter(
        m.unit
        for ln in text.splitlines()
        for m in _unconverted(normalize_text(ln))
        if m.unit in MONEY_UNITS and m.scaled
    ).most_common(2)
    if units and (len(units) == 1 or units[0][1] >= 2 * units[1][1]):
        ctx.bare_scale = units[0][0]  # (a conversion or two in another currency aside)
    elif (
        not units
        and re.search(r"\bGAAP\b", text)
        and not re.search(
            r"[$€£¥￥元]|\b(?:USD|EUR|GBP|JPY|RMB|CNY|NTD|TWD|HKD|euros?|yen|yuan|pounds?|won)\b", text, re.I
        )
    ):
        # "Arista Networks achieved record revenue of 1.93 billion ... Non-GAAP operating margin": a results text
        # written without any currency, in US GAAP terms: its bare "1.93 billion" of revenue are US dollars
        ctx.bare_scale = "USD"
    ctx.preliminary = bool(_PRELIMINARY.search(text))
    # "锐捷网络股份有限公司2025年第三季度报告", "Form 10-Q": the company's own report of a period that is over
    ctx.periodic_report = bool(
        re.search(
            r"\d{4}\s*年\s*(?:第[一二三四1-4]季度|半年度|年度)(?:报告|報告)|(?:季度|年度)(?:报告|報告)|"
            r"\bForm\s+10-[QK]\b|\bquarterly\s+report\b|\bannual\s+report\b",
            text[:400],
            re.I,
        )
    )
    if published is None:
        # An undated page: a quarter written without its year takes the last year the page names.
        years = [
            int(y) for y in re.findall(r"(?<!\d)((?:19|20)\d\d)(?!\d)(?!\s*(?:財年|财年|會計年度|会计年度))", text)
        ]
        ctx.year = max(set(years), key=lambda y: (years.count(y), y)) if years else None  # the year it names most
    # The company the page is about: the first one it names early that it names again.
    early = [name for start, _, name in vocab.publishers_in(text[:300]) if vocab.kind_of(name) == "company"]
    company = next((name for name in early if counts[name] >= 2), None)
    if company and vocab.kind_of(ctx.lede_publisher or "") != "research":
        ctx.company = company
        ctx.fiscal_end = vocab.FISCAL_YEAR_END.get(company)
    elif company is None and ctx.lede_publisher is None:
        # "紫光股份(000938)", "光聖(6442)", "Acme Corp. (NASDAQ: ACME)": a company the text names early with its
        # stock code is the text's subject, even when the registry does not hold it
        ctx.company = _listed_company(text)
        ctx.listed_only = ctx.company is not None
    # A fiscal year the page names anywhere dates its fiscal quarters written without a year.
    fys = re.findall(
        r"\bfiscal\s+(?:year\s+)?((?:19|20)\d\d)\b|\bFY\s?'?(\d{2}|(?:19|20)\d\d)\b|((?:19|20)\d\d)\s*(?:財年|财年|會計年度|会计年度)",
        text,
    )
    if ctx.fiscal_end is None and company is None:
        # "Earnings Call Insights: Lumentum Holdings Inc. (LITE) Q1 2026": an English title naming one
        # company with a fiscal calendar dates the page's quarters by it
        title = next((ln for ln in text.splitlines() if ln.strip()), "")
        named = {name for _, _, name in vocab.publishers_in(title) if vocab.kind_of(name) == "company"}
        if (
            len(named) == 1
            and re.search(r"\bearnings\b|\bresults\b|\bQ[1-4]\s+(?:FY)?\d{4}\b", title, re.I)
            and not re.search(r"[\u4e00-\u9fff]", text)
        ):
            ctx.fiscal_end = vocab.FISCAL_YEAR_END.get(named.pop())
    if ctx.fiscal_end is None:
        ctx.fiscal_end = _fiscal_end_stated(text)
    ctx.quarters_ended = _fiscal_quarters_ended(text)
    ctx.fiscal_cjk = bool(re.search(r"會計年度|会计年度|財年|财年", text))
    if fys and ctx.fiscal_end not in (None, 12):
        y = next(x for x in fys[0] if x)
        ctx.fy = int(y) + (2000 if len(y) == 2 else 0)
    return ctx


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _strip_scaled_yuan(text: str) -> str:
    """The text without its scaled 億元/萬元 amounts (left: a bare "500元", a unit price in 元)."""
    return re.sub(r"\d\s*[亿億萬万]\s*元", "", text)


_ENDED_ON = re.compile(r"\b(?:ended|ending)\s+(?:on\s+)?[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s*$|(?:截至|截止)\s*$")
_FISCAL_QUARTER_ENDED = re.compile(
    r"\b(first|second|third|fourth)\s+(?:fiscal\s+)?quarter\s+(?:of\s+)?fiscal\s+(?:year\s+)?((?:19|20)\d\d),?\s+"
    r"(?:ended|ending)\s+(?:on\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b"
    r"(?:,?\s*((?:19|20)\d\d)\b)?",
    re.I,
)


# What others expect of a company, or a figure of its industry or market, is not its own result.
_EXPECTED = re.compile(
    r"预计|預計|预期|預期|预估|預估|有望|估计|估計|產業|产业|市場|市场|行業|行业|\bexpect\w*|\bproject\w*|\bindustry\b|\bmarket\b",
    re.I,
)
_STOCK_CODE = re.compile(
    r"\s*[（(]\s*(?:(?:SZ|SH|深|沪|滬|TW|TWSE|TPEx|上市|上櫃)\s*[:：.]?\s*)?\d{4,6}(?:\s*[-.]\s*(?:SZ|SH|TW|TWO|HK))?\s*[)）]"
    r"|\s*[（(]\s*(?:NASDAQ|Nasdaq|NYSE|TSX|TWSE|SZSE|SSE)\s*[:：]\s*[A-Z0-9.]{1,6}\s*[)）]"
)


def _listed_company(text: str) -> str | None:
    """The first company the opening of `text` names with its stock code: the longest ending of the words before
    the code that the text names again ("矽光子飆股光聖(6442)" -> 光聖, named again later)."""
    for code in _STOCK_CODE.finditer(text[:400]):
        before = text[: code.start()]
        cjk = re.search(r"[^\W\d_A-Za-z的是在为為对對从從]{2,8}$", before)
        if cjk:
            names = [cjk.group(0)[-n:] for n in range(min(8, len(cjk.group(0))), 1, -1)]
        else:
            words = re.search(r"(?:[A-Z][\w&.'’-]*\s+){0,3}[A-Z][\w&.'’-]*$", before)
            names = (
                [" ".join(words.group(0).split()[-n:]) for n in range(len(words.group(0).split()), 0, -1)]
                if words
                else []
            )
        for name in names:
            if len(re.findall(re.escape(name), text)) >= 2 and not re.fullmatch(r"[A-Z]{1,2}|The|Inc\.?", name):
                return name
    return None


def _fiscal_end_stated(text: str) -> int | None:
    """ "its first quarter of fiscal 2026 ended September 30, 2025": the month the page's fiscal year ends
    (June), for a company the vocabulary does not know."""
    m = _FISCAL_QUARTER_ENDED.search(text)
    if not m:
        return None
    quarter = ("first", "second", "third", "fourth").index(m.group(1).lower()) + 1
    ended = _MONTHS.index(m.group(3).lower()[:3]) + 1
    return (ended + 3 * (4 - quarter) - 1) % 12 + 1


def _fiscal_quarters_ended(text: str) -> dict[str, dt.date]:
    """ "its second quarter fiscal year 2025 ended August 4, 2024": the day a fiscal quarter the page names
    closed (a 52/53-week calendar ends its quarters days into a month, before the month's end)."""
    out = {}
    for m in _FISCAL_QUARTER_ENDED.finditer(text):
        if not m.group(5):
            continue
        quarter = ("first", "second", "third", "fourth").index(m.group(1).lower()) + 1
        try:
            day = dt.date(int(m.group(5)), _MONTHS.index(m.group(3).lower()[:3]) + 1, int(m.group(4)))
        except ValueError:
            continue
        out.setdefault(f"FY{m.group(2)}Q{quarter}", day)
    return out


# A heading of its own over the company's outlook: the bullets under it are guidance ("Guidance:", "Outlook").
_GUIDANCE_HEADING = re.compile(
    r"(?:(?:financial|business|company|fiscal)\s+)?(?:guidance|outlook)(?:\s+and\s+(?:guidance|outlook))?\s*[:：]?"
    r"|(?:業績|业绩|財務|财务)?(?:展望|指引|財測|财测)\s*[:：]?",
    re.I,
)


def _heading(line: str, ctx: _Context) -> None:
    """A short line without figures that says "Full Year" or "Fourth Quarter" sets what follows it."""
    s = line.strip()
    if not s or len(s) > 60 or re.search(r"\d", s):
        return
    if _HEADING_YEAR.search(s):
        ctx.scope = "year"
    elif _HEADING_QUARTER.search(s):
        ctx.scope = "quarter"


_REPORTING = re.compile(
    r"\b(?:report(?:ed|ing|s)?|post(?:ed|ing|s)?|announc(?:ed|ing|es)|releas(?:ed|ing|es)|publish(?:ed|ing|es)|after|following)\s+"
    r"(?:its\s+|their\s+|the\s+|a\s+)?(?:[\w-]+\s+){0,2}?$",
    re.I,
)


def _reports_quarter(s: str, periods: list, ctx: _Context) -> bool:
    """A sentence that reports a quarter's results without a figure of its own ("confirmed its 2025 outlook after
    reporting second-quarter revenue growth", "recently reported its second-quarter 2025 earnings"): the figures
    after it are that quarter's, not the year's."""
    return any(
        re.fullmatch(r"(?:FY)?\d{4}Q[1-4]", p.label)
        and not p.base
        and _REPORTING.search(s[max(0, p.start - 50) : p.start])
        and re.match(r"[\s-]*(?:[\w-]+\s+)?(?:results|revenue|earnings|sales|figures)\b", s[p.end :], re.I)
        and not (_bounds(p.label, ctx)[1] and ctx.published and _bounds(p.label, ctx)[1] >= ctx.published)
        # (a quarter without its year on a page without a date is a guess: it does not move the context)
        and (ctx.published is not None or p.label.removeprefix("FY")[:4] in s)
        for p in periods
    )


def _unconverted(line: str) -> list:
    """The mentions of a line but a conversion written in brackets right after an amount in another currency
    ("10.01 billion euros ($11.43 billion)"): the text's amounts are in the first one."""
    found = find_mentions(line)
    return [
        m
        for i, m in enumerate(found)
        if not (
            i
            and found[i - 1].unit in MONEY_UNITS
            and found[i - 1].unit != m.unit
            and re.fullmatch(
                r"\s*[(（]\s*(?:about|approximately|around|roughly|some|or|~|约|約)?\s*",
                line[found[i - 1].end : m.start],
            )
        )
    ]


def _paragraph_claims(paragraph: str, ctx: _Context) -> list[Claim]:
    claims: list[Claim] = []
    context_topic = None  # "This figure is expected to grow to 20.4 million units": the topic is a sentence back
    per_share_before = False  # the sentence before stated only per-share amounts ("earnings of $1.86 per share")
    if _PERIOD_ONLY.match(paragraph):
        # A table flattened to one cell per line: the year on its own line dates the cells after it.
        for p in find_periods(paragraph.strip().rstrip("EFef()"), ctx.published, fiscal_end_month=ctx.fiscal_end):
            ctx.remember(p)
        return claims
    for sentence in split_sentences(paragraph):
        s = normalize_text(sentence)
        index = normalized_index(sentence)
        glued = _GLUED_YEAR.match(s)
        if glued:
            # "202484.0%16.0%": a table row run together, its year stuck to the first cell. The year is
            # read apart (a space in the normalized text only; the evidence stays as written).
            k = glued.end(1)
            s, index = s[:k] + " " + s[k:], index[:k] + [index[k]] + index[k:]
        if ctx.taiwanese:
            # "108年電腦製造業產值達新台幣1895億元": a 民國 year read as the calendar year (2019) it is
            for y in reversed(list(_ROC_YEAR.finditer(s))):
                a, b = y.span(1)
                year = str(int(y.group(1)) + 1911)
                s, index = s[:a] + year + s[b:], index[:a] + [index[a]] * (len(year) - (b - a)) + index[a:]
        for r in reversed(list(_ROUND_HUNDREDS.finditer(s))):
            # "营收已破百亿", "提前超越營收千億元", "破千亿大关": a round amount written with 百/千 before 亿 (read as
            # 100亿 and 1000亿 in the normalized text only; the evidence stays as written)
            if re.search(r"(?:(?<!跌)破|突破|超越|超過|超过|逾|站上|迈入|邁入)\s*(?:營收|营收)?\s*$", s[: r.start()]):
                a, b = r.span()
                digits = "100" if r.group(0) == "百" else "1000"
                s, index = s[:a] + digits + s[b:], index[:a] + [index[a]] * (len(digits) - (b - a)) + index[a:]
        if ctx.pipe_units and "|" in s:
            s, index = _pipe_cells(s, index, ctx.pipe_units)
        glued_row = bool(_GLUED_ROW.match(s))
        header = _COLUMN_YEARS.search(s)
        if header:
            ctx.columns = re.findall(r"((?:19|20)\d{2})([AE])", header.group(0))
        elif not glued_row:
            ctx.columns = None
        if glued_row:
            # "營業收入(百萬元)74,05877,30883,00590,532100,991", "增長率 yoy%0%-3%7%25%20%": the cells of a
            # table row run together, read apart at each thousands group and after each percent sign
            for k in reversed([m.start() for m in _GLUED_CELL.finditer(s)]):
                s, index = s[:k] + " " + s[k:], index[:k] + [index[k]] + index[k:]
            percent_row = _PERCENT_ROW.match(s)
            if percent_row:
                # "增長率 yoy(%)-0.5 21.9 -28.6": each cell a percentage (the sign added in the normalized text only)
                ends = [percent_row.end() + c.end() for c in re.finditer(r"\d(?![\d.,%])", s[percent_row.end() :])]
                for k in reversed(ends):
                    s, index = s[:k] + "%" + s[k:], index[:k] + [index[k - 1]] + index[k:]
        noted = _SOURCE_NOTE.sub(lambda m: " " * len(m.group(0)), s)
        periods = find_periods(
            noted,
            ctx.published,
            fiscal_end_month=ctx.fiscal_end,
            context_year=ctx.year,
            context_fy=ctx.fy,
            context_quarter=ctx.quarter,
        )
        periods = [_that_quarter(p, periods, noted) for p in periods]
        # "In Q3 FY 2026 (ended October 26, 2025)": the calendar year of a fiscal period's last day is not a period
        periods = [
            p
            for p in periods
            if not (
                _ENDED_ON.search(noted[: p.start])
                and any(q.label.startswith("FY") and q.end <= p.start for q in periods)
            )
        ]
        comparative = {id(p) for p in periods if _comparative(s, p)}
        # (a base period written in words keeps its last character, so the figure right after it is read:
        # "较上年同期17.62亿元增长15.48%", the amount of the period compared with; so does a horizon written in
        # words right before its figure: "未来三年3800亿元的AI基础设施建设")
        masked = _mask(
            noted,
            [(p.start, p.end - (_glued_after(noted, p) and not noted[p.end - 1].isascii())) for p in periods]
            + [(d.start, d.end) for d in find_dates(noted)],
        )
        for p in periods:  # "MarginQ4 FY202562-63%": a period glued to the figure after it ends before it
            if p.end < len(noted) and noted[p.end].isdigit() and noted[p.end - 1].isdigit():
                masked = masked[: p.end - 1] + " " + masked[p.end :]
        found = _signed(
            s,
            [
                _declared(
                    s,
                    _renminbi(s, m) if ctx.mainland else _nt_dollar(s, m) if ctx.taiwan_money else m,
                    # an inferred (not declared) US dollar holds for a sentence that writes 美元 itself:
                    # "前七月台灣伺服器產值達4,267億元" in a text of 億美元 exports is New Taiwan dollars
                    None if ctx.currency_inferred and not re.search(r"美元|美金", s) else ctx.currency,
                )
                for m in find_mentions(noted, masked, ctx.bare_yi, ctx.bare_scale)
            ],
        )
        mentions = _market_claims(s, found)
        if per_share_before and _THE_FIGURE.match(s):
            # "The figure increased 10.7% year over year": the growth of the per-share amount before it
            mentions = [m for m in mentions if not (m.unit == "share" and m.basis in _GROWTH_BASES)]
        per_share_before = bool(_PER_SHARE.search(s)) and not mentions
        ends = sorted(x.end for x in found)
        so_far_labels = {p.label for p in periods if _SO_FAR.search(s[p.start : p.end])}
        own = [p for p in periods if not p.base and re.match(r"(FY)?\d{4}", p.label)]
        sentence_period = next((p for p in own if id(p) not in comparative), None)
        reported_here = False
        drafts = []
        for i, m in enumerate(mentions):
            prev_end = max([e for e in ends if e <= m.start] + [0])
            next_start = mentions[i + 1].start if i + 1 < len(mentions) else len(s)
            period = _period_for(s, m, periods, prev_end, next_start, comparative)
            label = period.label if period else None
            if (
                period is None
                and re.search(r"\b(?:compared\s+(?:to|with)|versus|vs\.?)\s*$", s[prev_end : m.start], re.I)
                and re.match(r"\s*(?:YoY|Y/Y|year[- ]over[- ]year|a\s+year\s+(?:ago|earlier))", s[m.end :], re.I)
            ):
                label = _shift_year(_fallback_period(s, m, sentence_period, ctx), -1)  # "compared to 60.5% YoY"
            elif period is not None and period.shift:
                label = _shift_year(_fallback_period(s, m, sentence_period, ctx), period.shift)
            elif label is None:
                own_sentence_period = sentence_period
                if (
                    sentence_period is not None
                    and sentence_period.start > m.end
                    and re.search(
                        r"[;；]|,\s*and\b|,\s*(?:rais|lift|boost|cut|lower|trim|guid|issu)\w*\s",
                        s[m.end : sentence_period.start],
                    )
                ):
                    # "... up 43% YoY combined; management guides ... for Q3", "..., and Q3 AI semis are
                    # forecast at $5.1 billion": a later clause's period is not this figure's
                    own_sentence_period = None
                label = _fallback_period(s, m, own_sentence_period, ctx)
            if (
                period is not None
                and re.fullmatch(r"\d{4}", label or "")
                and ctx.quarter
                and re.search(r"same\s+quarter\s+(?:of|in)\s+$", s[max(0, period.start - 25) : period.start], re.I)
            ):
                label = f"{label}Q{ctx.quarter[-1]}"
            spread = _respectively(s, m, mentions, periods)
            if spread:
                label = spread
            if (
                ctx.fiscal_end not in (None, 12)
                and re.fullmatch(r"\d{4}Q[1-4]", label or "")
                and _RESULT_WORDS.search(s)
                and not re.search(r"calendar|曆年|历年", s, re.I)
                and (ctx.fiscal_cjk or not re.search(r"[\u4e00-\u9fff]", s))
            ):
                # A company that keeps a fiscal calendar: its "Q1 2026" is fiscal Q1 2026 (in English
                # texts; Chinese analysts often write calendar quarters, "3Q25", for the same companies).
                label = "FY" + label
            if m.basis == "CAGR" and (label is None or "-" not in label):
                # A CAGR spans the sentence's first and last year ("32億 in 2023 ... 120億 by 2028, CAGR 30%").
                years = sorted({int(p.label[:4]) for p in own if re.match(r"\d{4}$", p.label)})
                if len(years) >= 2:
                    label = f"{years[0]}-{years[-1]}"
            lead = _lead(s, m, prev_end)
            if m.qualifier == "<=" and i and mentions[i - 1].qualifier == ">=" and mentions[i - 1].unit == m.unit:
                lead = drafts[-1][4]  # a range's high end reads like its low end
            trail = s[m.end : min(next_start, m.end + 40)]
            cue_here = _last_cue(re.split(r"[,，;；]", lead)[-1]) if _last_cue(lead) == "consensus" else _last_cue(lead)
            if re.match(
                r"\s*(?:analyst\s+)?consensus\b|\s*expected\s+by\s+analysts|\s*(?:analyst\s+)?estimates?\b",
                s[m.end :],
                re.I,
            ):
                cue_here = "consensus"  # "the $2.68 billion analyst consensus"
            if re.search(
                r"\b(?:compared\s+(?:with|to)|versus|vs\.?|against)\s+(?:analysts['’]?\s+)?(?:estimates?|expectations?)"
                r"\s+(?:of|for)\s*$",
                lead,
                re.I,
            ):
                cue_here = "consensus"  # "That compared with estimates of 9.99 billion": what analysts expected
            if re.search(
                r"\b(?:beat\w*|topp\w*|exceed\w*|surpass\w*|above|ahead\s+of)\s+(?:the\s+|an?\s+)?"
                r"(?:anticipated|expected|estimated|forecast(?:ed)?|projected)\s*(?:US)?\$?\s*$",
                lead,
                re.I,
            ):
                cue_here = "consensus"  # "Revenue reached $963 million, exceeding the anticipated $908.06 million"
            if re.match(r"\s*\(?\s*(?:beat\w*|exceed\w*|surpass\w*|ahead\s+of|vs\.?\s|versus|v\.s\.)", trail, re.I):
                cue_here = None  # "revenue $2.005B vs $1.970B*", "margins of 47.8% exceeding ... estimates": the result
                compared_result = True
            else:
                compared_result = False
            if _VERSUS.fullmatch(s[prev_end : m.start].strip(" (")) and (
                ctx.versus_consensus
                or vocab.CONSENSUS.search(s)
                or re.search(r"expect|estimat|預估|预估|預期|预期", s, re.I)
            ):
                cue_here = "consensus"  # the figure after "vs" is what was expected
            consensus = cue_here == "consensus" or (
                cue_here is None
                and bool(drafts)
                and not compared_result
                and drafts[-1][3]
                # ("…, representing a 30% increase": the result's own growth)
                and not re.search(
                    r"較|较|去年|同期|成長|成长|年增|季增|growth|\bup\b|y/y|yoy|represent\w*|marking", lead, re.I
                )
            )
            own_clause = period is not None and not _PERIOD_CLAUSE_BREAK.search(
                s[min(period.end, m.start) : max(period.start, m.end)]
            )
            untitled = _TITLE_CUES.sub(lambda x: " " * len(x.group(0)), s)  # same length: positions hold
            kind = _kind(untitled, m, label, _TITLE_CUES.sub(" ", lead), trail, ctx, own_clause, label in so_far_labels)
            if (
                kind == "forecast"
                and (
                    re.search(
                        r"(?:從|从|由|\bfrom)\s*#+\s*(?:年的?|的)?\s*$",
                        _mask(s, [(p.start, p.end) for p in periods])[: m.start],
                    )
                    # "will rise from about 5% in 2022 to 75% by 2027": the year right after the starting figure
                    or (
                        re.search(
                            r"\bfrom\s+(?:about\s+|around\s+|approximately\s+|roughly\s+|nearly\s+)?$",
                            s[: m.start],
                            re.I,
                        )
                        and re.match(r"\s*in\s+#+", _mask(s, [(p.start, p.end) for p in periods])[m.end :])
                    )
                )
                and not (_bounds(label, ctx)[0] and ctx.published and _bounds(label, ctx)[0] > ctx.published)
                and re.search(r"(?:至|到|\bto\b)", s[m.end :])
            ):
                kind = "actual"  # the starting point of "grow from A (2022) to B (2028)"
            if kind == "actual" and not consensus:
                reported_here = True
            drafts.append((m, label, kind, consensus, lead))
        if glued_row and ctx.columns and len(drafts) == len(ctx.columns):
            # a row of a run-together table under a header of years ("2022A2023A2024E2025E2026E"): each cell
            # is its column's year, A an actual and E an estimated (forecast) year
            drafts = [
                (m, year, "actual" if ae == "A" else "forecast", consensus, lead)
                for (m, _label, _kind, consensus, lead), (year, ae) in zip(drafts, ctx.columns, strict=True)
            ]
        drafts = _each_of_two_years(s, drafts)
        _bases_are_actual(s, drafts, ctx)
        _compared_are_actual(drafts)
        for m, label, kind, consensus, _ld in drafts:
            if consensus:
                last_day = _bounds(label, ctx)[1]
                if last_day and ctx.published:
                    kind = "estimate" if last_day < ctx.published else "forecast"  # "Q3 Street implies $2.064B"
                else:
                    kind = "estimate" if reported_here else "forecast"
                publisher = vocab.CONSENSUS_PUBLISHER
            else:
                publisher = (
                    _attributed(s, m.start)
                    or _subject_company(s, m)
                    or ctx.paragraph_publisher
                    # "據預測,2025年…": a sentence crediting an unnamed source is not the lede firm's
                    or (None if _ANONYMOUS_SOURCE.search(s[: m.start]) else ctx.lede_publisher)
                    or _company_of(s, m, ctx)
                    or (
                        ctx.company
                        if _RESULT_WORDS.search(s)
                        and not _SEVERAL.search(s[: m.start])
                        # a company known only by its stock code: its reported results, not what others expect of it
                        and (not ctx.listed_only or (kind == "actual" and not _EXPECTED.search(s[: m.start])))
                        else None
                    )
                )
            fabric, topic = _fabric(s, m), _topic(s, m)
            if topic in (None, m.noun) and context_topic:
                topic = context_topic
            subject = " ".join(x for x in (fabric, topic) if x) or None
            if subject and m.basis:
                subject = f"{subject} {_BASIS_SUFFIX[m.basis]}"
            company_result = vocab.kind_of(publisher or "") == "company" and bool(
                re.search(
                    r"revenue|sales|orders|backlog|income|margin|營收|营收|營業|营业|毛利|淨利|净利|訂單|订单", s, re.I
                )
            )
            indicator = suggest_indicator(m, fabric, topic, s, company=publisher if company_result else None)
            raw = sentence[index[m.start] : index[max(m.end - 1, m.start)] + 1] if m.end > m.start else m.raw
            claims.append(
                Claim(
                    value=m.value,
                    unit=m.unit,
                    period=label,
                    kind=kind,
                    subject=subject,
                    evidence=sentence,
                    qualifier=m.qualifier,
                    indicator=indicator,
                    raw=raw,
                    attributed_to=publisher,
                    subject_id=vocab.subject_id(topic, fabric, publisher, company_result),
                    position=index[m.start],
                )
            )
        explicit = _attributed(s, None)
        if explicit:
            ctx.paragraph_publisher = explicit
        # (a preliminary result, 业绩预告, reports the period as a result does)
        has_actual = any((d[2] == "actual" or (d[2] == "estimate" and ctx.preliminary)) and not d[3] for d in drafts)
        if not mentions and re.search(
            r"(?:outlook|guidance|expects?)\b.*(?:as\s+follows|:)\s*$|(?:展望|指引|財測|财测).*(?:如下|:|：)\s*$",
            s,
            re.I,
        ):
            # A sentence without figures that announces an outlook dates the forecasts after it.
            ctx.outlook = next((p.label for p in own if id(p) not in comparative), ctx.outlook)
        elif (
            drafts
            and all(d[2] == "forecast" for d in drafts)
            and re.search(r"\bguidance\b", s, re.I)
            and sentence_period is not None
            and re.fullmatch(r"(?:FY)?\d{4}", sentence_period.label)
        ):
            # "Nebius tightened its full-year 2025 group revenue guidance to …. This was a narrowing from its previous,
            # wider guidance of $450 million to $630 million": the year's guidance dates the guidance after it
            ctx.guidance_year = sentence_period.label
        if has_actual or (
            not mentions and (ctx.last is None or "|" in s or len(s) < 60 or _reports_quarter(s, periods, ctx))
        ):
            # A sentence without figures ("with its Q4 still in progress") does not move the context,
            # except to give it a first period (the lede: "results for its fourth quarter and the full year").
            dates = find_dates(noted)
            for p in periods:
                if any(d.start <= p.start < d.end for d in dates):
                    continue  # a dateline ("May 6, 2025") does not make the page about the year
                if mentions and (
                    _GUIDANCE_VERB.search(s[max(0, p.start - 12) : p.start])
                    or re.match(r"\s*(?:revenue\s+)?(?:guidance|outlook|forecast)", s[p.end :], re.I)
                ):
                    continue  # "and guided Q3 revenue of", "Q3 FY 2025 revenue guidance:": not the period reported
                if (
                    mentions
                    and p.first_day
                    and ctx.published
                    and p.first_day > ctx.published
                    and re.fullmatch(r"(\d{4})Q[1-4]", p.label)
                    and p.label[:4] not in s
                ):
                    continue  # a result of a quarter whose year only the page's date gave does not date the text
                if not p.base and id(p) not in comparative and not _SO_FAR.search(s[p.start : p.end]):
                    ctx.remember(_fiscal_heading(p, s, ctx))
        context_topic = next((label for pat, label in _TOPICS if pat.search(s)), context_topic)
    return claims


# A table row run together one row per line whose first cell is its year: "202484.0%16.0%",
# "2023 | 85.8%" is already apart.
_ROC_YEAR = re.compile(
    r"(?:(?<=民國)|(?<=民国)|(?<![\d.])(?<!\d,))\s*(1[0-3]\d|(?<=民國)\d{2}|(?<=民国)\d{2})(?=\s*年(?!代|度?[增減减]|[來来前後后間间內内]))"
)
_ROUND_HUNDREDS = re.compile(
    r"(?<![\d一二三四五六七八九十两兩])[百千](?=\s*(?:亿|億)(?!\s*(?:级|級|量级|量級|规模|規模)))"
)
_GLUED_YEAR = re.compile(r"^\s*((?:19|20)\d{2})(?=\d{1,3}(?:\.\d+)?\s*%)")
# A Chinese table row run together with its label ("營業收入(百萬元)74,05877,308", "增長率 yoy%9%4%7%"): its cells
# split greedily at the thousands grouping (three digits after each comma) and after each percent sign.
# Its cells may also be written apart by spaces and signs ("增長率 yoy(%)-0.5 21.9-28.6 78.7 26.3"): split before
# each sign after a digit; a percent row without percent signs ("(%)") has its cells read as percentages.
_GLUED_ROW = re.compile(
    r"^\s*[\u4e00-\u9fff]{2,12}\s*(?:" + TABLE_UNIT + r"|(?i:yoy|y/y)\s*(?:%|[(（]\s*%\s*[)）]))\s*-?\d[\d,.%\s-]*"
    r"(?:\s+[A-Za-z\u4e00-\u9fff]{2,12}\s*[(（][^\d)）]*[)）]?)?$"  # the next row's label cut off: "35.9 ROE("
)
_PERCENT_ROW = re.compile(r"^\s*[\u4e00-\u9fff]{2,12}\s*(?:(?i:yoy|y/y)\s*)?[(（]\s*%\s*[)）]")
_COLUMN_YEARS = re.compile(r"(?:(?:19|20)\d{2}[AE]\s*){3,}$")
_GLUED_CELL = re.compile(r"(?<=,\d{3})(?=\d)|(?<=\d%)(?=-?\d)|(?<=\d)(?=-\d)")


_ANONYMOUS_SOURCE = re.compile(
    r"(?:^|[:：,，。;；]\s*)(?:據|据|根據|根据)(?:預測|预测|預估|预估|統計|统计|了解|瞭解|悉)|"
    r"\baccording\s+to\s+(?:some\s+|industry\s+|market\s+)?(?:estimates|forecasts|projections|sources)\b",
    re.I,
)


# A figure said of several companies at once ("六家企业营收…其中三家增速超 40%", "净利润分别为…,同比增速均超 40%"):
# not the page's company's own.
_SEVERAL = re.compile(
    r"(?:\d+|[两兩二三四五六七八九十几幾多])\s*家(?:企业|企業|公司|厂商|廠商)?|(?<!平)均(?=\s*(?:超|逾|达|達|在|为|為|实现|實現))"
)


def _that_quarter(p: PeriodMention, periods: list[PeriodMention], s: str) -> PeriodMention:
    """ "2025年一季度依旧得以延续:该公司当季实现营收66.74亿元": 当季 is the quarter the sentence named
    before it, not the one under way."""
    if re.fullmatch(r"當季|当季", s[p.start : p.end].strip()):
        named = [x for x in periods if x.end <= p.start and re.fullmatch(r"(?:FY)?\d{4}Q[1-4]", x.label)]
        if named:
            return replace(p, label=named[-1].label, first_day=named[-1].first_day, last_day=named[-1].last_day)
    return p


def _year_of(label: str | None) -> int | None:
    m = re.match(r"(?:FY)?(\d{4})", label or "")
    return int(m.group(1)) if m else None


# "2024-2025 增长都在50%以上", "2025與2026年資本支出將提高至每年新台幣300億元以上": one figure said of each of two
# consecutive years (每年, 都/均 before its verb).
_TWO_YEARS = re.compile(r"((?:19|20)\d{2})\s*年?\s*(?:與|与|和|及|、|-|–|~|至)\s*((?:19|20)\d{2})\s*年?")
_EACH_YEAR = re.compile(r"每年|[都均](?:在|有|將|将|達|达|為|为|是|超|逾|保持)")


def _each_of_two_years(s: str, drafts: list) -> list:
    """Each draft whose figure is said of each of two consecutive years named before it, once per year."""
    out = []
    for d in drafts:
        m, label = d[0], d[1]
        pair = None
        for y in _TWO_YEARS.finditer(s[: m.start]):
            between = s[y.end() : m.start]
            if (
                int(y.group(2)) == int(y.group(1)) + 1
                and label in (y.group(1), y.group(2), f"{y.group(1)}-{y.group(2)}")
                and _EACH_YEAR.search(between)
                and not re.search(r"[。；;，,]", between)
            ):
                pair = (y.group(1), y.group(2))
        out.extend([(m, pair[0], *d[2:]), (m, pair[1], *d[2:])] if pair else [d])
    return out


def _bases_are_actual(s: str, drafts: list, ctx: _Context) -> None:
    """ "will exceed $4 billion in 2024, up from $2 billion in 2023 and less than $1 billion in 2022",
    "increase from $0.5 billion in 2016 to $1 billion in 2017": in a forecast sentence, a figure of an
    earlier year that the sentence starts from is a result (when the page's date does not say otherwise)."""
    years = [_year_of(d[1]) for d in drafts if d[2] == "forecast" and not d[3] and _year_of(d[1])]
    if not years:
        return
    horizon = max(years)
    based = False
    for i, (m, label, kind, consensus, lead) in enumerate(drafts):
        year = _year_of(label)
        starts = bool(re.search(r"\b(?:up|down)\s+from\s*$|\bfrom\s*$", lead, re.I))
        joined = based and bool(re.match(r"\W*(?:in\s+)?(?:\d{4}\s*)?,?\s*and\b", lead, re.I))
        based = False
        if (
            kind == "forecast"
            and not consensus
            and year
            and year < horizon
            and (starts or joined)
            and (ctx.published is None or _ended(label, ctx))
        ):
            drafts[i] = (m, label, "actual", consensus, lead)
            based = True


_COMPARED_LEAD = re.compile(
    r"(?:(?:\bthan|\bcompared\s+(?:to|with)|\bversus|\bvs\.?|\bas\s+well\s+as)\s+(?:the\s+|its\s+|a\s+|an\s+)?"
    r"|(?:\babove|\bbelow|\bahead\s+of|\bover)\s+(?:the|its)\s+)"
    r"(?:[\w’'-]+\s+){0,4}?(?:of\s+)?(?:the\s+)?\(?\s*$",
    re.I,
)


def _compared_are_actual(drafts: list) -> None:
    """ "operating margin for the quarter was 4.3%, slightly lower than the second quarter's 4.9%",
    "compared to net income of $13.5 million", "above the year-ago level of $325.3 million": a figure a
    reported result is compared with, in the same sentence, is an earlier result, not a forecast."""
    reported = False
    for i, (m, label, kind, consensus, lead) in enumerate(drafts):
        if (
            reported
            and kind == "forecast"
            and not consensus
            and _COMPARED_LEAD.search(lead)
            and not _FORECAST.search(_BEAT_OBJECT.sub(" ", lead))
            and not vocab.CONSENSUS.search(lead)
        ):
            drafts[i] = (m, label, "actual", consensus, lead)
        reported = reported or (kind == "actual" and not consensus)


def _fiscal_heading(p: PeriodMention, s: str, ctx: _Context) -> PeriodMention:
    """ "Marvell Technology - Earnings Call - Q2 2026": a fiscal-calendar company's quarter in an English
    heading about its results is its fiscal quarter (as in its result sentences)."""
    if (
        ctx.fiscal_end not in (None, 12)
        and re.fullmatch(r"\d{4}Q[1-4]", p.label)
        and re.search(r"earnings|results|fiscal|financial", s, re.I)
        and not re.search(r"calendar|[\u4e00-\u9fff]", s, re.I)
    ):
        first, last = fiscal_bounds("FY" + p.label, ctx.fiscal_end)
        return replace(p, label="FY" + p.label, first_day=first, last_day=last)
    return p


# "19.1億元(美元‧下同)", "（人民幣，下同）": the currency of the bare 元 from there on.
_DECLARED_CURRENCY = re.compile(
    r"[（(]\s*(美元|美金|人民幣|人民币|新台幣|新臺幣|新台币)\s*[‧·・,，、.．]?\s*下同\s*[)）]"
)
_DECLARED_UNIT = {
    "美元": "USD",
    "美金": "USD",
    "人民幣": "CNY",
    "人民币": "CNY",
    "新台幣": "TWD",
    "新臺幣": "TWD",
    "新台币": "TWD",
}


def _declared(s: str, m: Mention, currency: str | None) -> Mention:
    """A figure in bare 元 in a text that declared its currency once ("(美元‧下同)")."""
    bare = re.search(r"元\s*$", m.raw) or re.match(r"\s*(?:至|到|~|-|–)", s[m.end :])  # or a range's low end
    if currency and m.unit in ("TWD", "CNY") and bare:
        if not re.search(
            r"新台幣|新臺幣|新台币|台幣|NT\$|人民幣|人民币|港元|港幣|港币", s[max(0, m.start - 8) : m.start]
        ):
            return replace(m, unit=currency)
    return m


def _renminbi(s: str, m: Mention) -> Mention:
    """A 億元 figure the mentions read as New Taiwan dollars, in a mainland text: renminbi."""
    if m.unit == "TWD" and not re.search(r"新台幣|新臺幣|新台币|台幣|NT\$", s[max(0, m.start - 8) : m.start]):
        return replace(m, unit="CNY")
    return m


def _nt_dollar(s: str, m: Mention) -> Mention:
    """A bare 亿元/万元 figure the mentions read as renminbi (Simplified script), in a Taiwanese text: New
    Taiwan dollars (not one written "人民币148亿元")."""
    if (
        m.unit == "CNY"
        and re.search(r"[亿万億萬]\s*元\s*$", m.raw)
        and not re.search(r"人民币|人民幣|RMB|CNY|¥|￥", s[max(0, m.start - 8) : m.start], re.I)
    ):
        return replace(m, unit="TWD")
    return m


_JOINED = re.compile(
    r"\s*(?:(?:year[- ]over[- ]year|year[- ]on[- ]year|y/y|yoy|sequentially|q/q|qoq|同比|環比|环比)\s*)?"
    r"(?:,?\s*and|,|、|及|和|與|与|-|–|~|至|到)\s*",
    re.I,
)


# The verb 亏/虧 right before an amount ("单季只亏800万元", "上季虧了3億元"): the amount lost, a negative
# result (the noun 亏损/虧損, "净亏损为6090万美元", names the loss and keeps its amount as written).
_LOST = re.compile(r"[亏虧](?![损損])\s*了?\s*(?:約|约|近|逾|超过|超過)?\s*$")


def _signed(s: str, mentions: list[Mention]) -> list[Mention]:
    """A decline's sign carries to the figure joined to it: "declined 9% year over year and 3%
    sequentially", both ends of "decline by 5-10%" (the larger decline is then the low end)."""
    out = [
        replace(m, value=-abs(m.value))
        if m.unit in MONEY_UNITS
        and (
            _LOST.search(s[max(0, m.start - 6) : m.start])
            # "归母净利润 - 1.48 亿元": a minus spaced between a measure and its amount (not a range's dash after a
            # unit, "94 亿元 - 99 亿元")
            or re.search(r"[\u4e00-\u9fff](?<![元亿億万萬币幣])\s*[-−]\s+$", s[max(0, m.start - 6) : m.start])
        )
        else m
        for m in mentions
    ]
    for i in range(1, len(out)):
        prev, m = out[i - 1], out[i]
        if (
            m.unit == prev.unit
            and m.unit in ("share", "pct_points")
            and prev.value < 0 < m.value
            and (
                (prev.basis in ("CAGR", "y/y", "q/q", "growth") and m.basis in ("CAGR", "y/y", "q/q", "growth", None))
                # "同、环比分别下降10.3ppt、13.7ppt": a point change is a change whatever its basis
                or m.unit == "pct_points"
            )
            and _JOINED.fullmatch(s[prev.end : m.start])
        ):
            basis = m.basis or prev.basis
            if prev.qualifier == ">=" and m.qualifier == "<=":
                out[i - 1] = replace(prev, qualifier="<=")
                out[i] = replace(m, value=-m.value, qualifier=">=", basis=basis)
            else:
                out[i] = replace(m, value=-m.value, basis=basis)
    # "a 4% year-over-year and a 10% sequential decrease": the decline noun after the last figure is the
    # noun of both
    for i in range(len(out) - 1, 0, -1):
        prev, m = out[i - 1], out[i]
        if (
            m.unit == prev.unit
            and m.unit in ("share", "pct_points")
            and m.value < 0 < prev.value
            and _SHARED_NOUN_JOIN.fullmatch(s[prev.end : m.start])
            and _DECLINE_NOUN_AFTER.match(s[m.end :])
        ):
            out[i - 1] = replace(prev, value=-prev.value)
    return out


_SHARED_NOUN_JOIN = re.compile(
    r"\s*(?:year[- ]over[- ]year|year[- ]on[- ]year|y/y|yoy|sequential|quarter[- ]over[- ]quarter|q/q|qoq)\s*"
    r",?\s*and\s+(?:an?\s+)?",
    re.I,
)
_DECLINE_NOUN_AFTER = re.compile(
    r"\s*(?:(?:year[- ]over[- ]year|year[- ]on[- ]year|sequential|quarter[- ]over[- ]quarter|annual)\s+)?"
    r"(?:decrease|decline|drop|reduction|contraction|fall)s?\b",
    re.I,
)


def _respectively(s: str, m: Mention, mentions: list[Mention], periods: list[PeriodMention]) -> str | None:
    """ "2025-2027年歸母淨利潤分別為99.0億元、144.1億元、183.9億元": a year range spread over a list, in order."""
    run = [x for x in mentions if x.unit == m.unit]
    for p in periods:
        r = re.fullmatch(r"(\d{4})-(\d{4})", p.label)
        if (
            not r
            or p.end > m.start
            or not re.search(r"分別|分别|respectively", s[p.end : m.start + 1] + s[m.end : m.end + 30])
        ):
            continue
        items = [x for x in run if x.start > p.end]
        first, last = int(r.group(1)), int(r.group(2))
        if len(items) >= last - first + 1 and m in items[: last - first + 1]:
            return str(first + items.index(m))
        # (each list after it, one item a year: "2022 - 2026年营业收入分别为…百万元净利润分别为…百万元")
        if (
            m in items
            and len(items) % (last - first + 1) == 0
            and _RESPECTIVELY.search(s[max(0, m.start - 60) : m.start + 1])
        ):
            return str(first + items.index(m) % (last - first + 1))
    # "预计2025/2026/2027年公司营业收入分别为167.64/207.76/235.91亿元,归母净利润为15.47/20.66/23.93亿元": a list of
    # years spread over each list of figures after it, in order
    for yl in _YEAR_LIST.finditer(s[: m.start]):
        years = re.findall(r"(?:19|20)\d{2}", yl.group(0))
        if not re.search(r"分別|分别|respectively", s[yl.end() : m.start + 1]):
            continue
        # (a range, "40%至60%", is one item: its high end goes with its low end)
        items = [x for x in run if x.start > yl.end()]
        heads = [x for x in items if x.qualifier != "<="]
        head = m if m.qualifier != "<=" else next((x for x in reversed(heads) if x.start < m.start), None)
        if head in heads and len(heads) % len(years) == 0:
            return years[heads.index(head) % len(years)]
    return None


_RESPECTIVELY = re.compile(r"分別|分别|respectively")
_YEAR_LIST = re.compile(r"(?:(?:19|20)\d{2}\s*年?\s*[/、]\s*)+(?:19|20)\d{2}\s*年?")


def _glued_after(s: str, p: PeriodMention) -> bool:
    """A period whose figure follows it with no space: a base period, a horizon ending in a word (未来三年), a
    quarter before its percentage (第1季17%)."""
    return (
        p.end > p.start
        and (
            p.base
            or (p.horizon and p.end < len(s) and s[p.end].isdigit())
            # "今年第1季17%、第2季23%": a quarter listed with its figure right after it
            or (s[p.end - 1] in "季" and p.end < len(s) and bool(re.match(r"\d+(?:\.\d+)?\s*%", s[p.end :])))
        )
    )


def _mask(s: str, spans: list[tuple[int, int]]) -> str:
    chars = list(s)
    for a, b in spans:
        for i in range(a, b):
            chars[i] = "#"
    return "".join(chars)


def _comparative(s: str, p: PeriodMention) -> bool:
    """A period named after a comparison in its clause ("compared to ... 63.8% in fiscal year 2021")."""
    breaks = [b.end() for b in _PERIOD_CLAUSE_BREAK.finditer(s) if b.end() <= p.start]
    clause = s[max(breaks + [0]) : p.start]
    return bool(_COMPARE.search(clause))


_THE_FIGURE = re.compile(
    # "However, the bottom line declined 3%": a connective before it changes nothing
    r"\s*(?:(?:however|but|meanwhile|also|still|yet|in\s+addition|moreover|further(?:more)?)\s*,?\s+)?"
    r"(?:the|this|that)\s+(?:figure|number|amount|metric|bottom\s+line)\b",
    re.I,
)
# "800Gb/s虽高出50%,但仍比100Gb/s方案便宜30%", "20% cheaper than", "30% less expensive": how much dearer or
# cheaper one product or solution is than another, a unit-price difference, not a market's figure (read only
# with a price or cost word or a "方案" comparison in the sentence)
_PRICIER_BEFORE = re.compile(
    r"(?:高出|便宜|更贵|更貴|贵|貴|昂贵|昂貴|cheaper\s+by|more\s+expensive\s+by)\s*(?:了|约|約|近|逾)?\s*$", re.I
)
_PRICIER_AFTER = re.compile(r"\s*(?:cheaper|less\s+expensive|more\s+expensive|costlier|pricier)\b", re.I)
_PRICE_OR_COST = re.compile(
    r"成本|价格|價格|售价|售價|单价|單價|方案|\bcosts?\b|\bprice[sd]?\b|\bpriced\b|expensive|cheaper", re.I
)
# "beating the Zacks Consensus Estimate by 3.33%", "surpassed the consensus mark by 2.18%": by how much a
# result beat or missed its expectation, not a figure about the market or the company
_BEAT_BY = re.compile(
    r"\b(?:beat\w*|top\w*|exceed\w*|surpass\w*|miss\w*|above|below|ahead\s+of|short\s+of)\s+(?:the\s+)?"
    r"(?:[^,.;]|\.(?=\d)){0,40}?\b(?:estimates?|consensus|expectations?|mark|forecasts?|projections?)\s+by\s+(?:about\s+|nearly\s+)?$",
    re.I,
)


def _market_claims(s: str, mentions: list[Mention]) -> list[Mention]:
    """The mentions that are market claims (see the module note); growth of a per-share amount goes too."""
    label = re.match(r"\s*\|?\s*([^|]+?)\s*\|", s)
    if label and _PER_SHARE.search(label.group(1)):
        return []  # "| 基本每股收益(元/股) | 0.2870 | 0.3243 | -11.50% |": a per-share row of a table
    quotes = [q.span() for q in _STOCK_QUOTE.finditer(s)]
    paired = _respective_growths(s, mentions)
    kept, per_share, compared = [], False, []
    per_share_growth_end = None  # where the last per-share growth figure ended
    return_on_equity, last_end = False, 0
    for m in mentions:
        clause = _clause(s, m)
        before = s[max(0, m.start - 12) : m.start]
        lead, last_end = s[last_end : m.start], m.end
        if m.unit in ("share", "pct_points") and (
            _RETURN_ON_EQUITY.search(lead)
            or (return_on_equity and not re.search(r"[率額额入润潤]|[A-Za-z]{3,}", lead) and len(lead) < 12)
        ):
            # "净资产收益率分别为15.3%、22.9%", "加权平均净资产收益率为5.10%,较上年同期3.68%增加1.42个百分点",
            # "ROE of 18%": a return on equity, a measure of the shareholders' stake, not of a market
            return_on_equity = True
            continue
        return_on_equity = False
        if id(m) in paired:
            if paired[id(m)]:
                kept.append(m)
            continue  # "revenue of $12.4 billion and adjusted EPS of $6.05, representing growth of 28% and
            # 56%, respectively": the 28% is the revenue's, the 56% the per-share amount's
        if any(a <= m.start and m.end <= b for a, b in quotes):
            continue  # "$371.95 +2.86 (+0.77%)": a stock quote's price and moves
        if (
            m.unit == "share"
            and (_PRICIER_BEFORE.search(s[max(0, m.start - 24) : m.start]) or _PRICIER_AFTER.match(s[m.end :]))
            and _PRICE_OR_COST.search(s)
        ):
            # "比100Gb/s方案便宜30%", "20% cheaper than two 400G switches": a price difference; the link
            # speeds in its clause name the products compared (never a claim either)
            breaks = [b.start() for b in _PERIOD_CLAUSE_BREAK.finditer(s)]
            compared.append(
                (max([b for b in breaks if b < m.start] + [0]), min([b for b in breaks if b >= m.end] + [len(s)]))
            )
            continue
        if (
            m.unit == "share"
            and (_UNIT_PRICE_BEFORE.search(s[max(0, m.start - 40) : m.start]) or _UNIT_PRICE_AFTER.match(s[m.end :]))
            and not _PRICE_OUTLOOK.search(s[max(0, m.start - 40) : m.start])
        ):
            continue  # a unit price's change: "平均銷售單價增長3.8%", "an 11.8% increase in renewal leases"
        if m.unit == "ratio":
            continue  # multipliers: "35x", "80 times", "3倍"
        if m.unit in ("Gbps", "Tbps") and re.match(r"\s*(?:及|或|和)?\s*以上", s[m.end :]):
            continue  # "800G 以上高速交换机收入": a class of products named by its speed, no figure of a market
        if m.unit in MONEY_UNITS and not m.scaled and m.value < 10_000:
            if _PER_SHARE.search(s):
                per_share = True
                continue
            if _STOCK.search(s) or _PRICE.search(s) or _PER_UNIT.search(s):
                continue
            if m.value < 1_000:
                per_share = True  # a bare "0.91 美元" in a list under an EPS heading: its changes go with it
                continue  # (no market or company figure is written as a bare "$0.67" or "$47")
        if m.unit in MONEY_UNITS and _MARKET_CAP.search(clause):
            continue
        if (
            m.unit in MONEY_UNITS
            and kept
            and kept[-1].unit in MONEY_UNITS
            and kept[-1].unit != m.unit
            and re.fullmatch(
                r"\s*(?:RMB|CNY|yuan|NTD|HKD)?\s*[(（]\s*(?:about|approximately|approx\.|roughly|or|約合|约合|折合|約|约)?\s*"
                # "新台币796.8亿元,折合人民币174.9亿元"
                r"|\s*[,，]?\s*(?:折合|约合|約合|相當於|相当于)\s*(?:人民币|人民幣|美元|新台币|新台幣)?\s*",
                s[kept[-1].end : m.start],
                re.I,
            )
        ):
            continue  # "NT$4.69 billion (US$143.9 million)", "¥9.8 billion RMB ($1.36 billion USD)": a conversion
        if (
            m.unit == "TWD"
            and kept
            and kept[-1].unit in ("USD", "CNY")
            and re.fullmatch(r"\s*[(（]?\s*(?:約|约|近|逾)?\s*(?:新台幣|新臺幣|新台币)?\s*", s[kept[-1].end : m.start])
        ):
            continue  # "4,200億美元（約新台幣12.9兆元）": a conversion
        if m.unit == "share" and m.basis in _GROWTH_BASES and per_share_growth_end is not None:
            # "EPS increased by 69% year-over-year for Q4 and 45% for the full year", "... increased 3%
            # compared to the second quarter of 2010 and decreased 3% compared to last quarter", "EPS of $0.31,
            # a 3% increase from a year ago but a 3% decrease from the first quarter"
            joined = s[per_share_growth_end : m.start]
            if re.fullmatch(r"[^.;]{0,60}\b(?:and|but|while)\b[^.;]{0,25}", joined) and not _RESULT_WORDS.search(
                joined
            ):
                per_share_growth_end = m.end
                continue
        if m.unit == "share" and _per_share_near(s, m, kept):
            per_share_growth_end = m.end if m.basis in _GROWTH_BASES else None
            continue
        if (
            m.unit == "share"
            and (
                _BEAT_BY.search(s[max(0, m.start - 80) : m.start])
                # "revenue growth of 101% during the quarter and a stock price that has nearly quadrupled": a
                # growth its own words give to revenue is no stock move, whatever else the clause names
                or (
                    _STOCK.search(_subclause(clause, s, m))
                    and not _RESULT_GROWTH_OF.search(s[max(0, m.start - 60) : m.start])
                )
                or _TOLERANCE.search(before)
                or (
                    _STOCK.search(s)
                    and not re.search(
                        r"revenue|sales|market|orders|capacity|營收|营收|市場|市场|出貨|出货|產能|产能", s, re.I
                    )
                )
            )
        ):
            continue
        per_share_growth_end = None
        kept.append(m)
    if per_share and not any(m.unit in MONEY_UNITS and m.scaled for m in kept):
        kept = [
            m
            for m in kept
            if not (m.unit == "share" and m.basis in _GROWTH_BASES and not _own_measure_after_per_share(s, m))
        ]
    if compared:
        kept = [m for m in kept if not (m.unit in ("Gbps", "Tbps") and any(a <= m.start < b for a, b in compared))]
    return kept


# "FFO of $1.67 per share, with adjusted EBITDA up by 9%": a growth whose own measure is named after the per-share
# amount is that measure's, not the per-share amount's.
_OWN_MEASURE = re.compile(r"\bEBITDA\b|\brevenues?\b|\bsales\b|\bbookings\b|\borders\b|\bbacklog\b", re.I)


def _own_measure_after_per_share(s: str, m: Mention) -> bool:
    ends = [x.end() for x in _PER_SHARE.finditer(s, 0, m.start)]
    return bool(ends) and bool(_OWN_MEASURE.search(s[max(ends) : m.start]))


def _respective_growths(s: str, mentions: list[Mention]) -> dict[int, bool]:
    """Growth figures written "respectively" after as many amounts ("revenue of $12.4 billion and adjusted EPS
    of $6.05, representing growth of 28% and 56%, respectively"): each goes with its amount, and is kept
    unless that amount is a per-share one."""
    growths = [m for m in mentions if m.unit == "share"]
    amounts = [m for m in mentions if m.unit in MONEY_UNITS]
    if (
        len(growths) < 2
        or not (
            growths[0].basis in _GROWTH_BASES
            or re.search(
                r"\b(?:grew|rose|increased|decreased|declined|fell|growth|up|down)\s+(?:of\s+|by\s+)?$",
                s[: growths[0].start],
                re.I,
            )
        )
        or len(amounts) != len(growths)
        or amounts[-1].end > growths[0].start
        or not re.match(r"[\s,)]*respectively", s[growths[-1].end :], re.I)
        or not all(
            re.fullmatch(r"\s*(?:,\s*(?:and\s+)?|and\s+)", s[a.end : b.start]) for a, b in zip(growths, growths[1:])
        )
    ):
        return {}
    out, prev_end = {}, 0
    for amount, growth in zip(amounts, growths):
        lead = s[max(prev_end, amount.start - 30) : amount.start]
        out[id(growth)] = amount.scaled or amount.value >= 10_000 or not _PER_SHARE.search(lead)
        prev_end = amount.end
    return out


_RETURN_ON_EQUITY = re.compile(
    r"[淨净][资資][产產]收益率|[淨净]值[報报]酬率|\bROE\b|return\s+on\s+(?:average\s+)?equity", re.I
)


def _per_share_near(s: str, m: Mention, kept: list[Mention]) -> bool:
    """A growth figure about a per-share amount: "EPS ... rising 54%", "54% for adjusted EPS",
    "每股盈餘0.76元，季增24.59%、年增35.71%", "raised its dividend by 10% to 65 cents per share"."""
    own = re.match(r"\s*的\s*([^\d，,。；;%]{1,10}?)(?:增速|增长率|增長率|成长率|成長率|增幅|涨幅|漲幅)", s[m.end :])
    if own and not _PER_SHARE.search(own.group(1)):
        return False  # "727.84%的EPS增速紧随其后,与727.74%的净利润增速形成呼应": the rate names its own measure
    if re.match(r"\s*(?:higher|lower|more|greater)\s+(?:net\s+)?(?:revenues?|sales|orders)\b", s[m.end :], re.I):
        return False  # "84 % adjusted EPS growth and 57 % higher sales": the figure names its own measure after it
    prev_end = kept[-1].end if kept else 0
    trail = re.split(r"\s+and\s+|\s+with\s+|[,，;；。]", s[m.end : m.end + 60], maxsplit=1)[0]
    lead = s[max(prev_end, m.start - 40) : m.start]
    # "Adjusted EPS rose 52% to $1.58, with 7.6% non-GAAP operating margin": another figure's clause
    lead = re.split(r",\s+(?:with|while|whereas)\s+", lead)[-1]
    subject = re.search(
        r"(?:per\s+(?:diluted\s+|basic\s+)?share|\bEPS)\s+(?:\w+\s+){0,2}(?:increased|rose|grew|decreased|fell|declined|"
        r"jumped|dropped|soared|surged|climbed|plunged|slid|(?:was|were|is|are)\s+(?:up|down))\s+(?:by\s+)?(?:about\s+|nearly\s+)?$",
        lead,
        re.I,
    )  # "net income per diluted share increased 3%", "earnings per share were up 21%": the per-share amount grew
    return bool(
        subject
        or _PER_SHARE.search(trail)
        or (_PER_SHARE.search(lead) and not _RESULT_WORDS.search(lead.split("EPS")[-1]))
    )


def _clause(s: str, m: Mention) -> str:
    breaks = [b.start() for b in _PERIOD_CLAUSE_BREAK.finditer(s)]
    return s[max([b for b in breaks if b < m.start] + [0]) : min([b for b in breaks if b >= m.end] + [len(s)])]


# Words that join a stock move to what caused it ("shares fell 10% after the maker reported revenue up 94%", "a
# margin guide explained why investors sold the stock"): the figures on the other side are no stock move.
_STOCK_CAUSE = re.compile(r"\b(?:after|but|while|although|whereas|because|why)\b", re.I)


def _subclause(clause: str, s: str, m: Mention) -> str:
    """The part of the figure's clause between the words joining a stock move to its cause."""
    at = s.find(clause)
    if at < 0 or not at <= m.start <= at + len(clause):
        return clause
    start, end = m.start - at, m.end - at
    cuts = [c.start() for c in _STOCK_CAUSE.finditer(clause)]
    return clause[max([c for c in cuts if c < start] + [0]) : min([c for c in cuts if c >= end] + [len(clause)])]


def _lead(s: str, m: Mention, prev_end: int) -> str:
    """The words that lead to a figure: from the previous figure (or the clause start) up to it."""
    breaks = [b.end() for b in _CLAUSE_BREAK.finditer(s) if b.end() <= m.start]
    return s[max([prev_end] + breaks) : m.start]


def _period_for(
    s: str,
    m: Mention,
    periods: list[PeriodMention],
    prev_end: int,
    next_start: int,
    comparative: set[int] = frozenset(),
) -> PeriodMention | None:
    """The period a figure refers to: the nearest one in its own clause (after, then before),
    else the nearest after it up to the next figure, else the nearest before it. A period it is
    compared with is its own only when the figure itself is the comparison ("versus 29.7% a year ago")."""
    lead = s[prev_end : m.start]
    compared = bool(re.search(r"\b(?:compared|versus|vs\.?|than|from)\b|相比", lead, re.I))
    for p in periods:
        # "去年同期的300.4億美元", "last year’s $76.24 million": the figure is the one of the period it is compared with.
        if p.shift and p.end <= m.start and s[p.end : m.start].strip() in ("", "的", "of", "'s", "’s"):
            return p
        if (
            p.base
            and compared
            and m.basis not in ("y/y", "q/q", "growth", "CAGR")
            and p.start >= m.end
            and p.start - m.end < 25
            and not _PERIOD_CLAUSE_BREAK.search(s[m.end : p.start])
        ):
            return p
    usable = [p for p in periods if not p.base]
    if not usable:
        return None
    if m.basis == "CAGR":
        spans = [p for p in usable if re.match(r"\d{4}-\d{4}$", p.label)]
        if spans:
            return min(spans, key=lambda p: abs(p.start - m.start))
    breaks = [b.start() for b in _PERIOD_CLAUSE_BREAK.finditer(s)]
    c_start = max([b for b in breaks if b < m.start] + [0])
    c_end = min([b for b in breaks if b >= m.end] + [len(s)])
    # "(Q3 FY 2025: $373 million)": a period that labels the figure after it is not this one's.
    usable = [p for p in usable if not (p.start >= m.end and re.match(r"\s*[:：]", s[p.end :]))]
    after = [
        p
        for p in usable
        if m.end <= p.start < min(next_start, c_end)
        and not _GUIDANCE_VERB.search(s[m.end : p.start])
        # "up 27,7% compared to the first three quarters of 2022": the period compared with is not its own
        and not (id(p) in comparative and re.search(r"\bcompared\s+(?:to|with)\b", s[m.end : p.start], re.I))
    ]
    before = [p for p in usable if max(prev_end, c_start) <= p.start and p.end <= m.start]
    if before and len(s[before[-1].end : m.start].strip()) <= 1:
        return before[-1]  # "從2022年0.68億美元增長至2028年的6.13億美元": the year right before it
    if after:
        return after[0]
    if before:
        return before[-1]
    after = [p for p in usable if m.end <= p.start < next_start]
    before = [p for p in usable if p.end <= m.start and p.start >= prev_end]
    if (
        after
        and not _COMPARE.search(s[m.end : after[0].start])
        and not _PERIOD_CLAUSE_BREAK.search(s[m.end : after[0].start])
        and not _GUIDANCE_VERB.search(s[m.end : after[0].start])
    ):
        return after[0]
    if before:
        return before[-1]
    before = [
        p for p in usable if p.end <= m.start and not re.search(r"\d{4}-\d{2}$", p.label) and id(p) not in comparative
    ]
    if before:
        return before[-1]  # the sentence named it before ("2025 年預計出貨 300 萬只，市佔超 50%")
    return None


def _fallback_period(s: str, m: Mention, sentence_period: PeriodMention | None, ctx: _Context) -> str | None:
    """A figure that names no period of its own: the sentence's, else the quarter or year the text was about."""
    if sentence_period is not None and not sentence_period.shift:
        return sentence_period.label
    if (
        ctx.paragraph_last
        and ctx.quarter
        and re.fullmatch(r"(?:FY)?\d{4}", ctx.paragraph_last)
        and re.search(r"\b(?:the|that|this)\s+quarter\b", s, re.I)
        and _PAST_REPORT.search(s)
        and not _FORECAST.search(s)
    ):
        # "It also reported earnings of $51.7 million for the quarter" after a forecast year in the paragraph:
        # the quarter just reported, not that year
        return ctx.quarter
    if ctx.paragraph_last:
        return ctx.paragraph_last
    if ctx.outlook and _last_cue(s) in ("forecast", "guidance"):
        return ctx.outlook
    if ctx.guidance_year and _last_cue(s[: m.start]) == "guidance":
        return ctx.guidance_year  # (a guidance figure that names no period after a year's guidance)
    if _QUARTER_WORD.search(s) and ctx.quarter:
        return ctx.quarter
    if re.search(r"\bthe\s+quarter\b|\bsame\s+quarter\b", s, re.I) and ctx.published and ctx.company:
        # "for the quarter", with a known fiscal calendar: the quarter just reported.
        return _nearest_quarter(0, ctx.published, ctx.fiscal_end, "previous") or None
    if (_YEAR_WORD.search(s) or ctx.scope == "year") and ctx.year_label():
        return ctx.year_label()
    if ctx.scope == "quarter" and ctx.quarter:
        return ctx.quarter
    return ctx.last


def _shift_year(label: str | None, shift: int) -> str | None:
    m = re.match(r"(FY)?(\d{4})(.*)$", label or "")
    if not m:
        return None
    return f"{m.group(1) or ''}{int(m.group(2)) + shift}{m.group(3)}"


def _bounds(label: str | None, ctx: _Context) -> tuple[dt.date | None, dt.date | None]:
    if not label:
        return None, None
    if label.startswith("FY"):
        first, last = fiscal_bounds(label, ctx.fiscal_end) if ctx.fiscal_end else (None, None)
        ended = ctx.quarters_ended.get(label)
        if first and ended and first < ended < last:
            last = ended  # the day the page says the quarter ended, not its calendar month's last
        return first, last
    try:
        return period_bounds(label)
    except ValueError:
        return None, None


def _ended(label: str | None, ctx: _Context) -> bool:
    _first, last = _bounds(label, ctx)
    return bool(last and ctx.published and last < ctx.published)


# A forecast named as such ("guidance range of", "its own forecast of", 指引): a forecast even of a period now over.
_GUIDANCE = re.compile(r"guid\w*|outlook|forecast|goals?|target\w*|指引|財測|财测", re.I)
_EXPECTING = re.compile(r"expect\w*|anticipat\w*|estimat\w*|預估|预估|預期|预期|看法", re.I)


_OUTLOOK_DESCRIBED = re.compile(
    r"\boutlook\s+(?:remains|remained|is|was|has\s+been|stays|stayed|looks)\s+(?:\w+\s+){0,2}?"
    r"(?:positive|negative|strong|solid|bright|favou?rable|upbeat|weak|cautious|mixed|good|healthy)\b",
    re.I,
)


def _last_cue(text: str) -> str | None:
    """The cue nearest the end of `text`: consensus, forecast or reported. The analyst consensus keeps
    its verbs of expectation ("Market expectations ... had anticipated $1.53 billion")."""
    best, where, consensus_seen = None, -1, False
    # "the growth outlook remains positive and strengthened further during the quarter, with growth hitting
    # 12%": an outlook described by a verb of state is commentary, not the figure's guidance
    text = _OUTLOOK_DESCRIBED.sub(lambda x: " " * len(x.group(0)), text)
    for name, pat in (("consensus", vocab.CONSENSUS), ("forecast", _FORECAST), ("reported", _REPORTED)):
        for m in pat.finditer(text):
            consensus_seen |= name == "consensus"
            if m.end() > where or (m.end() == where and name == "consensus"):
                best, where, word = name, m.end(), m.group(0)
    if best == "forecast" and consensus_seen and _EXPECTING.fullmatch(word):
        return "consensus"
    if best == "forecast" and _GUIDANCE.fullmatch(word):
        return "guidance"
    return best


def _as_of_past(s: str, ctx: _Context) -> bool:
    """A balance "As of Jun 30, 2023", a quarter "ended January 28, 2023" (截至 2026/1/24) on a page
    published after that day: a reported figure."""
    return bool(ctx.published) and any(
        d.date < ctx.published
        and re.search(r"(?:\bas\s+(?:of|at)|\bended|\bending|截至|截止|止於|止于)\s*(?:on\s+)?$", s[: d.start], re.I)
        for d in find_dates(s)
    )


_BEAT_OBJECT = re.compile(
    r"\b(?:beat\w*|topp\w*|exceed\w*|surpass\w*|miss\w*|(?:above|below|ahead\s+of|short\s+of|in\s+line\s+with|within)"
    r"|(?:upper|lower|top|high|low)\s+(?:end|portion|half|part)\s+of)\s+(?:\w+[’']?s?\s+){0,2}?"
    r"(?:guidance|outlook|forecasts?|targets?|expectations)\b"
    # "Revenue was also better than expected, at €4.83bn": a result measured against expectations
    r"|\b(?:better|worse|higher|lower|stronger|weaker)\s+than\s+(?:expected|forecast|anticipated|estimated)\b",
    re.I,
)


_INTRODUCES = re.compile(
    r"\s*(?:(?:of|at|was|is|for\s+(?:the\s+)?\w+(?:\s+\w+)?\s+of|range\s+of)\s*)?[(:]?\s*(?:US)?\$?\s*$", re.I
)


_PRELIMINARY = re.compile(r"业绩预告|業績預告|净利润预告|淨利潤預告|业绩预增|業績預增")
_EXPECTED_RESULT = re.compile(r"预计|預計|预告|預告|预增|預增")
_BROKER_FORECAST = re.compile(r"盈利预测|盈利預測|目标价|目標價|评级|評級|维持|維持")


def _kind(
    s: str,
    m: Mention,
    label: str | None,
    lead: str,
    trail: str,
    ctx: _Context,
    own_clause: bool = False,
    so_far_period: bool = False,
) -> str:
    """The words leading to the figure first ("guidance range of", "預計"), then its period against the
    published date, then the words next to it; a reported result stays an actual."""
    untouched = s
    # "Gross margins of 41.8% exceeded guidance", "at the upper end of its guidance": a result measured
    # against the guidance is no forecast (same length: positions hold)
    # ("exceeding guidance of $6.5 billion", "the upper end of guidance ($1.35-$1.43 billion)": the
    # guidance word that introduces the figure itself stays)
    s, lead, trail = (
        _BEAT_OBJECT.sub(lambda x: x.group(0) if _INTRODUCES.match(x.string[x.end() :]) else " " * len(x.group(0)), y)
        for y in (s[: m.start], lead, trail)
    )
    s = s + untouched[len(s) :]
    if ctx.guidance_section:
        return "forecast"
    if m.qualifier in (">=", "<=") and (
        ctx.guide_then_actual
        or re.match(
            r"(?:\s*[–-]\s*\$?\d[\d,.]*)?\s*(?:%|[BM]\b|billion\b|million\b)?\s*(?:guide|guidance)\b",
            untouched[m.end : m.end + 30],
            re.I,
        )
    ):
        return "forecast"  # "beating its own $2.30–2.40B guide", "above the 62–63% guide": the guidance range
    cue = _last_cue(lead)
    first, last = _bounds(label, ctx)
    if (
        ctx.preliminary
        and re.search(r"[半季]|H[12]|Q[1-4]", label or "")
        and (last is None or ctx.published is None or last < ctx.published)
        # (or a range: "公司发布2025年半年度业绩预告。2025年上半年公司归母净利润 16.50亿元到17.50 亿元", a preliminary
        # result is given as a range)
        and (_EXPECTED_RESULT.search(s[: m.start]) or m.qualifier in (">=", "<="))
        and not _BROKER_FORECAST.search(s)
    ):
        # "新易盛发布2025年半年度业绩预告,2025年上半年…净利润预计在37亿元到42亿元之间": a company's preliminary
        # figure of a half or a quarter that is over (or of a page without a date) is an estimate
        return "estimate"
    ended = bool(last and ctx.published and last < ctx.published)
    if cue == "guidance" and not (ended and own_clause and not _GUIDANCE.search(re.split(r"[,，;；]", lead)[-1])):
        return "forecast"  # (a guidance word a clause away does not make a dated, reported figure a forecast)
    if cue == "forecast" and not (first and ctx.published):
        return "forecast"
    estimate = bool(
        _ESTIMATE.search(
            re.sub(
                r"(?:beat\w*|topp\w*|exceed\w*|surpass\w*|above|below|miss\w*)\s+(?:\w+\s+){0,2}estimates?",
                "",
                lead,
                flags=re.I,
            )
        )
    )
    so_far = (
        so_far_period
        or ctx.periodic_report
        or bool(_SO_FAR.search(_clause(s, m)) or _SO_FAR.search(lead))
        # "For the first three quarters of 2020, net profit totaled ...": a leading phrase of the sentence
        or bool(re.match(r"[^.;。；]{0,25}?(?:" + _SO_FAR.pattern + r")[^,，]{0,25}[,，]", s[: m.start], re.I))
        or _as_of_past(s, ctx)
    )
    if first and ctx.published:
        if last < ctx.published:
            return "estimate" if estimate else "actual"
        if _reported_past(s, m, label):
            # "Third quarter revenues declined 13% ... to $89.3 million" on a page of April: a quarter whose
            # year only the page's date gave, reported in the past tense, is a result (of a fiscal quarter
            # over), not a forecast of the calendar quarter to come
            return "estimate" if estimate else "actual"
        if (
            first <= ctx.published
            and re.fullmatch(r"(?:FY)?\d{4}", label or "")
            and re.search(r"\b(?:for|in|during)\s+the\s+(?:quarter|three\s+months)\b", s, re.I)
            and _PAST_REPORT.search(_clause(s, m))
            and not _FORECAST.search(_clause(s, m))
        ):
            # "Revenue for the quarter jumped 92% year-over-year to $193 million" in June: the quarter just reported,
            # not the year under way
            return "estimate" if estimate else "actual"
        if first <= ctx.published and _MONTHLY_REVENUE.search(s[: m.end]) and not _FORECAST.search(s[: m.end]):
            # "創意9月營收月增30.5%、年增104.8%", "單月營收衝上59.95億元": a month's revenue the company has reported
            # (Taiwan's monthly sales) is a result, not a forecast of the quarter or year under way
            return "estimate" if estimate else "actual"
        if first <= ctx.published and _AWARDED.search(lead) and not _FORECAST.search(_clause(s, m)):
            # "成功中标2022年…项目,…,中标金额1.35亿", "won a $40 million contract in 2025": an award already won in a
            # year under way is a result, not a forecast of that year
            return "estimate" if estimate else "actual"
        if first > ctx.published:
            return "forecast"
        if not so_far and not (cue == "reported" and re.search(r"Q[1-4]$", label or "")):
            # a period under way is not reported yet ("3.7 million units this year"), unless the words
            # leading to a quarter's figure report it: a company whose fiscal quarter has closed though
            # the calendar one has not ("During Q1, net income decreased to $49.55 million", early March)
            return "forecast"
        return "estimate" if estimate else "actual"
    if cue == "reported":
        return "estimate" if estimate else "actual"
    breaks = [b.end() for b in _CLAUSE_BREAK.finditer(s) if b.end() <= m.start]
    wide_cue = _last_cue(s[max(breaks + [0]) : m.start])
    if wide_cue in ("forecast", "guidance"):
        return "forecast"
    if wide_cue == "reported":
        return "estimate" if estimate else "actual"
    window = lead + s[m.start : m.end] + re.split(r"[,，;；]|\s+and\s+|\s+but\s+", trail, maxsplit=1)[0]
    window = _OUTLOOK_DESCRIBED.sub(lambda x: " " * len(x.group(0)), window)
    if _FORECAST.search(window):
        return "forecast"
    if estimate or _ESTIMATE.search(window):
        return "estimate"
    return "actual"


_MONTHLY_REVENUE = re.compile(
    r"(?:(?<!\d)\d{1,2}|[一二三四五六七八九十]{1,2})\s*月份?\s*(?:合併|合并|自結|自结)?\s*(?:營收|营收)"
    r"|單月(?:合併)?營收|单月(?:合并)?营收|月增|月減|月减"
)
_AWARDED = re.compile(r"中标|中標|得标|得標|\b(?:won|awarded|secured)\b", re.I)


_PAST_REPORT = re.compile(
    r"\b(?:reported|posted|recorded|generated|totall?ed|came\s+in|was|were|grew|rose|increased|declined|"
    r"decreased|dropped|fell|achieved|delivered|stood|accounted\s+for|jumped|surged|soared|climbed)\b",
    re.I,
)


def _reported_past(s: str, m: Mention, label: str | None) -> bool:
    """A quarter named without its year (the year is not written in the sentence) whose figure's clause
    reports it with a verb in the past tense, and no forecast word."""
    q = re.fullmatch(r"(\d{4})Q[1-4]", label or "")
    if not q or q.group(1) in s:
        return False
    clause = _clause(s, m)
    up = re.search(
        r"[,，]\s*(?:up|down)\s+(?:by\s+)?(?:\d[\d.]*\s*%\s*(?:year[- ]over[- ]year|year[- ]on[- ]year|y/y|yoy)?\s*and\s+)?$",
        s[: m.start],
        re.I,
    )  # (and the second of a pair: "up 4% year over year and 3% sequentially")
    if up and not _PAST_REPORT.search(clause):
        # "Orders were $4.1 billion, up 4% year over year": a change set after a reported amount is reported too
        breaks = [b.start() for b in _PERIOD_CLAUSE_BREAK.finditer(s) if b.start() < up.start()]
        clause = s[max(breaks + [0]) : up.start()] + clause
    return bool(_PAST_REPORT.search(clause)) and not _FORECAST.search(clause)


def _attributed(s: str, at: int | None) -> str | None:
    """The publisher the sentence attributes its figures to (the nearest before `at`, else after it)."""
    hits = []
    for start, end, name in vocab.publishers_in(s):
        before = s[max(0, start - 60) : start]
        after = s[end : end + 70]
        company = vocab.kind_of(name) == "company"
        if (
            vocab.ATTRIBUTION_BEFORE.search(before)
            or vocab.ATTRIBUTION_AFTER.match(after)
            or (
                company
                and re.match(
                    r"^(?:'s|’s)\s+(?:[\w-]+\s+){0,4}?(?:revenue|sales|orders|backlog|results|earnings|income|margin|"
                    r"shipments|guidance|forecast|outlook)\b",
                    after,
                    re.I,
                )
            )
            or (company and re.match(r"^.{0,200}?\b(?:announc\w*|reported|reports)\b", s[end:]))
            or (company and re.match(r"^[^。]{0,40}?(?:發布|发布|公布|公佈)", s[end:]))
            or re.match(r"^[\u4e00-\u9fff]{1,4}(?:宣布|公布|公佈|預估|预估|預計|预计|指出|表示)", after)
        ):
            hits.append((start, name))
    if not hits:
        return None
    if at is None:
        return hits[0][1]
    before = [name for pos, name in hits if pos < at]
    if before:
        return before[-1]
    near = [name for pos, name in hits if pos - at < 100]
    return near[0] if near else None


def _subject_company(s: str, m: Mention) -> str | None:
    """The company a results sentence opens with ("新易盛同樣表現不俗，前三季度實現營業收入165.05億元")."""
    if not _RESULT_WORDS.search(s[: m.start]):
        return None
    first = vocab.publishers_in(s[: m.start])
    lead_in = s[: first[0][0]] if first else ""
    if (
        first
        and re.fullmatch(
            r"\W{0,2}(?:與此同時|与此同时|此外|另外|同時|同时|其中|Meanwhile|In addition)?\W{0,2}", lead_in, re.I
        )
        and vocab.kind_of(first[0][2]) == "company"
    ):
        return first[0][2]
    return None


def _company_of(s: str, m: Mention, ctx: _Context) -> str | None:
    """A company's own result: the company named before the figure when the sentence is about its
    revenue, orders or margins ("Arista Networks generates nearly half of its revenue from ...")."""
    if not re.search(r"revenue|sales|orders|backlog|margin|income|營收|营收|訂單|订单|毛利", s, re.I):
        return None
    named = [(start, name) for start, _, name in vocab.publishers_in(s[: m.start]) if vocab.kind_of(name) == "company"]
    return named[-1][1] if named else None


def _fabric(s: str, m: Mention) -> str | None:
    """The fabric the figure is about: the nearest named before it that is not an object
    ("Ethernet is winning against InfiniBand ... $80 B" -> Ethernet), else the first after."""
    hits = [
        (h.start(), next(_FABRICS[int(k[1:])][0] for k, v in h.groupdict().items() if v))
        for h in _FABRIC_RE.finditer(s)
        if not _OBJECT_BEFORE.search(s[: h.start()])
    ]
    before = [name for pos, name in hits if pos < m.start]
    if before:
        return before[-1]
    same_clause = [name for pos, name in hits if pos >= m.end and not re.search(r"[,;:]", s[m.end : pos])]
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


def suggest_indicator(
    m: Mention, fabric: str | None, topic: str | None, sentence: str, company: str | None = None
) -> str | None:
    """An indicator id from the brief's catalog when unit and words agree; None when unsure."""
    if m.unit == "USD":
        by_topic = {
            "AI back-end networks": "ai_backend_network_revenue",
            "optical transceivers": "optics_revenue",
            "networking revenue": "vendor_networking_revenue",
            "data center switches": "dc_ethernet_switch_revenue" if fabric == "Ethernet" else "dc_switch_revenue",
        }.get(topic or "")
        if by_topic:
            return by_topic
        if company:
            if re.search(r"backlog", sentence, re.I):
                return "vendor_ai_backlog" if re.search(r"\bAI\b|artificial intelligence", sentence, re.I) else None
            if re.search(r"orders|訂單|订单", sentence, re.I):
                return "vendor_ai_orders" if re.search(r"\bAI\b|artificial intelligence", sentence, re.I) else None
            if re.search(r"revenue|sales|營收|营收", sentence, re.I):
                return "company_revenue"
        return None
    if m.unit == "share":
        if m.basis == "CAGR":
            return "market_cagr"
        if m.basis in ("y/y", "q/q", "growth"):
            return "vendor_revenue_growth" if company else "market_growth_rate"
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
    if claim.each_of is not None:
        parts.append(f"each of {claim.each_of}")
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:20]


def _claims_of(doc: Document) -> tuple[list[Claim], dt.date | None]:
    text = page_text(doc)
    when = published_on(doc)
    return extract_claims(text, when), when


def parse(doc: Document) -> Records:
    """Claims of one press release or news page, as pending rows of `tables["claims"]`.

    `publisher` is who the text attributes the figure to, else the page's publisher; `via` is the
    page's publisher when it only carries someone else's figure."""
    claims, when = _claims_of(doc)
    records = Records()
    if not claims:
        records.warnings.append(
            f"{doc.url}: no quantitative statements found (changed layout or a page without figures?)"
        )
    if when is None:
        records.warnings.append(f"{doc.url}: no published date; forecast/actual read from wording only")
    title, page_publisher = page_title(doc), publisher_for(doc)
    rows, seen = [], {}
    for c in claims:
        cid = claim_id(doc, c)
        if cid in seen and seen[cid] != c.position and c.unit not in ("Gbps", "Tbps"):
            # The same figure twice in one sentence ("revenue of $2.1 billion ... versus consensus of
            # $2.1 billion"): two claims; the second one's id also names where it stands. (A speed
            # named twice, "800G光模組 ... 800G光模組出貨量", is one product named twice.)
            cid = hashlib.sha256(f"{cid}\x1f{c.position}".encode()).hexdigest()[:20]
        if cid in seen:
            continue  # the same sentence again (a headline repeated in the body)
        seen[cid] = c.position
        prov = provenance(doc, c.evidence, when, title)
        publisher = c.attributed_to or page_publisher
        via = page_publisher if publisher != page_publisher else None
        rows.append(
            {
                "claim_id": cid,
                "source_id": doc.source_id,
                "publisher": publisher,
                "via": via,
                "title": title,
                "url": doc.url,
                "published_on": prov.published_on,
                "document_sha": doc.sha256,
                "value": c.value,
                "value_qualifier": c.qualifier,
                "unit": c.unit,
                "period": c.period,
                "kind": c.kind,
                "subject": c.subject,
                "subject_id": c.subject_id,
                "evidence": c.evidence,
                "raw": c.raw,
                "indicator": c.indicator,
                "status": "pending",
            }
        )
    records.tables["claims"] = rows
    return records


def cli_json(doc: Document) -> dict:
    claims, _ = _claims_of(doc)
    return {"claims": [c.contract() for c in claims]}
