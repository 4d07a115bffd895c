"""Find the quantitative mentions in one sentence: money, percentages, share points, ratios,
link speeds and unit counts, each with its normalized value, unit, hedge and growth basis.

Pure text in, `Mention`s out; `claims.py` adds period, kind, subject and indicator.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sources.parsers.common.cjk import CJK_MEASURE, cjk_mentions
from sources.parsers.common.units import (CJK_SCALE, NUMBER, SCALE_WORD, WORD_NUMBER, normalize_text, normalize_unit,
                           parse_number, qualifier_before, scale_factor, tidy_float)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    value: float
    unit: str
    qualifier: str | None
    raw: str
    basis: str | None = None     # CAGR | y/y | q/q | growth | share | None (percentages only)
    noun: str | None = None      # the counted thing for unit counts ("transceivers", "ports")


_ABBREVIATIONS = re.compile(r"(?:\b(?:Inc|Corp|Co|Ltd|Mr|Ms|Dr|No|vs|approx|est|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|"
                            r"Nov|Dec|Ore|Calif|Mass|Wash|Fig|e\.g|i\.e)|\b[A-Z](?:\.[A-Z])*)\.$")


def split_sentences(text: str) -> list[str]:
    """Sentences of a main text: one line at a time, split after . ! ? and CJK 。！？；."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        start = 0
        for m in re.finditer(r"(?<=[.!?])[\"”’)]?\s+(?=[A-Z0-9\"“‘(\[$])|(?<=[。！？；])", line):
            piece = line[start:m.end()].strip()
            if _ABBREVIATIONS.search(line[:m.start() + 1].rstrip("\"”’)")[-12:]):
                continue
            if piece:
                out.append(piece)
            start = m.end()
        if line[start:].strip():
            out.append(line[start:].strip())
    return out


# --- patterns ---------------------------------------------------------------------

_NUM_RE = re.compile(r"(?<![A-Za-z0-9.,#_/-])(" + NUMBER + r")(?![\d])|\b(" + WORD_NUMBER + r")\b", re.I)
_CURRENCY_BEFORE = re.compile(r"(?<![A-Za-z$])(US\s?\$|USD|\$)\s*$")
_SCALE_AFTER = re.compile(r"^\s*(" + SCALE_WORD + r"|[BMKT](?![A-Za-z/]))\b\.?", re.I)
_CURRENCY_AFTER = re.compile(r"^\s*(?:(" + SCALE_WORD + r")\s+)?(?:USD\b|US dollars\b|U\.S\. dollars\b|dollars\b)", re.I)
_CJK_MONEY_AFTER = re.compile(r"^\s*(" + CJK_SCALE + r")?\s*(?:美元|美金)")
_POINTS_AFTER = re.compile(r"^\s*(?:(?:revenue|market|unit)[- ]share\s+|percentage\s+|share\s+)points?\b|^\s*(?:pp|ppts?)\b|^\s*個百分點|^\s*个百分点", re.I)
_PERCENT_AFTER = re.compile(r"^\s*(?:%|percent\b|per cent\b|pct\b)", re.I)
_RATIO_AFTER = re.compile(r"^\s*(?:times\b|倍|x(?=\s+(?:higher|more|faster|lower|greater|better|larger|the)\b))", re.I)
_SPEED_AFTER = re.compile(r"^\s*(?:[GT]b/s|[GT]bps|[GT]bit/s|[GT]bE|[GT]B/s|[GT](?![A-Za-z0-9/]))")
_COUNT_NOUNS = {
    "units": "units", "unit": "units", "transceivers": "units", "modules": "units", "systems": "units",
    "switches": "units", "servers": "units", "chips": "units", "NICs": "units", "SuperNICs": "units",
    "ports": "ports", "port": "ports", "GPUs": "gpus", "GPU": "gpus", "accelerators": "gpus", "XPUs": "gpus",
    "members": "count", "companies": "count", "member companies": "count", "organizations": "count",
}
_COUNT_AFTER = re.compile(r"^(\+)?\s*(?:(" + SCALE_WORD + r"|[KMB](?![A-Za-z/]))\s*)?(?:[A-Za-z0-9./+-]+\s+){0,3}?"
                          r"(" + "|".join(sorted(_COUNT_NOUNS, key=len, reverse=True)) + r")\b")
# Chinese counts: a scale (萬, 億) then a measure word (顆, 個, 台, 支, ...); ports (埠, 端口); companies (家).
_CJK_COUNT_AFTER = re.compile(r"^\s*(" + CJK_SCALE + r")?\s*(?:(" + CJK_MEASURE + r")|(埠|個埠|个埠|個端口|个端口|端口|連接埠)|(家))")
_CJK_GPU_AFTER = re.compile(r"^\s*(?:NVIDIA\s*|輝達\s*|英偉達\s*|AMD\s*)?(?:GPU|加速器|Hopper|Blackwell|[HB]\d{2,3}|GB\d{3}|MI\d{3}|Trainium|TPU|XPU)", re.I)
# "900萬至1,000萬顆", "800万/1480万/1850万只": the figures before the last share its measure word.
_CJK_CHAIN = (r"(?:\s*(?:至|到|~|/|、|和|與|与)\s*(?:" + NUMBER + r")\s*(?:" + CJK_SCALE + r")?)+"
              r"\s*(?:" + CJK_MEASURE + r"|埠|端口|個端口|个端口)")
_CJK_CHAIN_AFTER = re.compile(r"^\s*(" + CJK_SCALE + r")?(?=" + _CJK_CHAIN + r")")
_CJK_CHAIN_UNIT = re.compile(_CJK_CHAIN)
_CJK_CHAIN_MEASURE = re.compile(r"(?:(" + CJK_SCALE + r")|)(?:(" + CJK_MEASURE + r")|(埠|端口|個端口|个端口)|(家))$")
_RANGE_BEFORE = re.compile(r"\d\s*(?:" + CJK_SCALE + r")?\s*(?:至|到|~)\s*$")
# A count with a scale and no measure word ("出貨量突破600萬") is a count of what the sentence ships.
_CJK_SCALED_BARE = re.compile(r"^\s*(萬|万|億|亿)(?!\s*(?:美元|美金|元|" + CJK_MEASURE + r"|埠|端口))")
_PORT_CONTEXT = re.compile(r"端口|埠|\bports?\b", re.I)
_SHIPMENT_WORDS = re.compile(r"出貨|出货|銷量|销量|出口量|裝機|装机")
_RANGE_AFTER = re.compile(r"^\s*(?:" + CJK_SCALE + r")?\s*(?:至|到|~)")

_CAGR = re.compile(r"CAGR|compound annual growth|年複合增長率|年复合增长率|年複合成長率|複合成長率|复合增长率", re.I)
_YOY = re.compile(r"year[- ]over[- ]year|year[- ]on[- ]year|\by/y\b|\byoy\b|from a year (?:ago|earlier)|annual (?:increase|growth|decline)|年增|同比|年成長", re.I)
_QOQ = re.compile(r"sequential(?:ly)?|quarter[- ]over[- ]quarter|quarter[- ]on[- ]quarter|\bq/q\b|\bqoq\b|季增|環比|环比", re.I)
_GROWTH = re.compile(r"grow|growth|increas|rise|rising|expand|\bup\b|jump|surg|declin|decreas|\bfell\b|\bfall|drop|\bdown\b|成長|增長|增长|下滑|下降|減少|减少", re.I)
_DECLINE = re.compile(r"declin|decreas|\bfell\b|\bfall|drop|\bdown\b|shr[iu]nk|contract|下滑|下降|減少|减少|衰退", re.I)
_SHARE = re.compile(r"share|account(?:s|ed|ing)? for|of (?:all|total)|佔|占|比重|份額|份额", re.I)


def find_mentions(sentence: str, masked: str | None = None) -> list[Mention]:
    """Quantitative mentions in text order. `masked` is the sentence with period/date spans blanked
    (same length), so years and quarters are never read as quantities."""
    s = normalize_text(sentence)
    scan = normalize_text(masked) if masked is not None else s
    # "800万/1480万/1850万只": a figure after a Chinese scale and a slash is a list item, not a fraction.
    scan = re.sub(r"(?<=[萬万億亿])/(?=\d)", "、", scan)
    out: list[Mention] = []
    for m in _NUM_RE.finditer(scan):
        a, b = m.span()
        number_text = m.group(1) or m.group(2)
        is_word = m.group(1) is None
        try:
            number = parse_number(number_text)
        except ValueError:
            continue
        mention = _classify(s, a, b, number, is_word)
        if mention and not any(mention.start < o.end and mention.end > o.start for o in out):
            out.append(mention)
    for start, end, value, unit, qualifier, noun in cjk_mentions(scan, _hedge):
        if not any(start < o.end and end > o.start for o in out):
            out.append(Mention(start, end, value, unit, qualifier, s[start:end], noun=noun))
    out.sort(key=lambda x: x.start)
    return [_with_basis(s, mm, out) for mm in out]


def _classify(s: str, a: int, b: int, number: float, is_word: bool) -> Mention | None:
    before, after = s[:a], s[b:]
    if not is_word:
        cur = _CURRENCY_BEFORE.search(before)
        if cur:
            scale = _SCALE_AFTER.match(after)
            end = b + (scale.end() if scale else 0)
            value = number * scale_factor(scale.group(1) if scale else None)
            return Mention(cur.start(), end, tidy_float(value), "USD", _hedge(s[:cur.start()], after[scale.end() if scale else 0:]), s[cur.start():end])
        cur = _CURRENCY_AFTER.match(after) or _CJK_MONEY_AFTER.match(after)
        if cur:
            value = number * scale_factor(cur.group(1))
            return Mention(a, b + cur.end(), tidy_float(value), "USD", _hedge(before, after[cur.end():]), s[a:b + cur.end()])
    pts = _POINTS_AFTER.match(after)
    if pts:
        return Mention(a, b + pts.end(), number, "pct_points", _hedge(before, ""), s[a:b + pts.end()])
    pct = _PERCENT_AFTER.match(after)
    if pct:
        return Mention(a, b + pct.end(), tidy_float(number / 100), "share", _hedge(before, after[pct.end():]), s[a:b + pct.end()])
    if is_word:
        cnt = _COUNT_AFTER.match(after)
        if cnt and not cnt.group(2):
            return Mention(a, b + cnt.end(), number, _COUNT_NOUNS[cnt.group(3)], _hedge(before, ""), s[a:b + cnt.end()], noun=cnt.group(3))
        return None
    ratio = _RATIO_AFTER.match(after)
    if ratio:
        return Mention(a, b + ratio.end(), number, "ratio", _hedge(before, ""), s[a:b + ratio.end()])
    spd = _SPEED_AFTER.match(after)
    if spd:
        token = spd.group(0).strip()
        unit, factor = normalize_unit(token)
        return Mention(a, b + spd.end(), tidy_float(number * factor), unit, _hedge(before, ""), s[a:b + spd.end()])
    cnt = _COUNT_AFTER.match(after)
    if cnt:
        value = number * scale_factor(cnt.group(2))
        qualifier = ">=" if cnt.group(1) else _hedge(before, "")
        return Mention(a, b + cnt.end(), tidy_float(value), _COUNT_NOUNS[cnt.group(3)], qualifier, s[a:b + cnt.end()], noun=cnt.group(3))
    cjk = _CJK_COUNT_AFTER.match(after)
    if cjk:
        unit = _cjk_count_unit(cjk, after[cjk.end():], s)
        value = number * scale_factor(cjk.group(1))
        return Mention(a, b + cjk.end(), tidy_float(value), unit, _range_hedge(before, after, after[cjk.end():]),
                       s[a:b + cjk.end()], noun=cjk.group(0).strip())
    bare = _CJK_SCALED_BARE.match(after)
    if bare and _SHIPMENT_WORDS.search(s):
        unit = "ports" if re.search(r"端口|埠", s) else "units"
        return Mention(a, b + bare.end(), tidy_float(number * scale_factor(bare.group(1))), unit,
                       _range_hedge(before, after, after[bare.end():]), s[a:b + bare.end()])
    chain = _CJK_CHAIN_AFTER.match(after)
    if chain:
        tail = _CJK_CHAIN_UNIT.match(after[chain.end():]).group(0)
        measure = _CJK_CHAIN_MEASURE.search(tail)
        unit = _cjk_count_unit(measure, after[chain.end() + len(tail):], s)
        value = number * scale_factor(chain.group(1))
        return Mention(a, b + chain.end(), tidy_float(value), unit, _range_hedge(before, after, ""),
                       s[a:b + chain.end()], noun=measure.group(0))
    return None


def _cjk_count_unit(m: re.Match, rest: str, sentence: str) -> str:
    """ports (埠, 端口), count (家: companies), gpus (a GPU follows the measure word), else units."""
    if m.group(3):
        return "ports"
    if m.group(4):
        return "count"
    if _CJK_GPU_AFTER.match(rest):
        return "gpus"
    # 個 counts whatever the sentence is about: ports when it is about ports ("端口出貨量將超過4300萬個").
    if m.group(2) in ("個", "个") and _PORT_CONTEXT.search(sentence):
        return "ports"
    return "units"


def _range_hedge(before: str, after: str, tail: str) -> str | None:
    """Bounds of a written range ("900萬至1,000萬顆") are >= and <=; otherwise the usual hedge."""
    if _RANGE_AFTER.match(after):
        return ">="
    if _RANGE_BEFORE.search(before):
        return "<="
    return _hedge(before, tail)


def _hedge(before: str, after: str) -> str | None:
    q = qualifier_before(before[-40:])
    if q is None and re.match(r"^\s*(?:以上|多)", after):
        q = ">"
    return q


def _with_basis(s: str, m: Mention, allm: list[Mention]) -> Mention:
    """What a percentage measures: CAGR, y/y, q/q, other growth, a share (and its sign)."""
    if m.unit not in ("share", "pct_points"):
        return m
    idx = allm.index(m)
    nxt = allm[idx + 1].start if idx + 1 < len(allm) else len(s)
    prv = allm[idx - 1].end if idx > 0 else 0
    after = s[m.end:min(nxt, m.end + 45)]
    before = s[max(prv, m.start - 45):m.start]
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
    value = m.value
    if basis in ("CAGR", "y/y", "q/q", "growth") and (_DECLINE.search(before[-30:]) or _DECLINE.match(after.strip())):
        value = -abs(value)
    return Mention(m.start, m.end, value, m.unit, m.qualifier, m.raw, basis, m.noun)


def _basis_in(window: str, after: bool) -> str | None:
    for label, pat in (("CAGR", _CAGR), ("y/y", _YOY), ("q/q", _QOQ)):
        if pat.search(window):
            return label
    near = window.strip()[:25] if after else window[-30:]
    if after and re.match(r"(?:of\b|share)", near):
        return "share"
    if (_GROWTH.match(near) if after else _GROWTH.search(near)):
        return "growth"
    if _SHARE.search(near):
        return "share"
    return None
