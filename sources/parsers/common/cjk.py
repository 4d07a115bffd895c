"""Chinese ways of writing a quantity that the digit patterns of `claims_extract` do not see.

Taiwanese and mainland press write figures as Chinese numerals (三成, 百分之三十五, 十萬顆), with
measure words after counts (顆 / 個 / 台 / 埠 / 支 / 只 / 片 / 套) and with a scale (萬, 億, 兆) between
the number and the measure word. This module turns those spans into `Mention`s:

- percentages: ``百分之三十`` / ``百分之 25.5`` → 0.30 / 0.255 share; ``三成`` / ``7成`` / ``六成五`` →
  0.3 / 0.7 / 0.65 share (成 = tenths); the hedge before (約, 近, 逾, 超過) or after (以上, 多) is kept;
- counts written with Chinese numerals: ``十萬顆 GPU`` → 100,000 gpus, ``五百萬個`` → 5,000,000 units;
- money written with Chinese numerals: ``三千億美元`` → 3e11 USD.

Digits followed by a measure word are read in `claims_extract` (one set of measure-word rules:
`CJK_MEASURE` here). Pure text in, mentions out.
"""

from __future__ import annotations

import re

from sources.parsers.common.units import CJK_SCALE, scale_factor, tidy_float

CJK_DIGITS = {
    "零": 0,
    "〇": 0,
    "○": 0,  # a white circle for zero ("二八○六．二四億元")
    "一": 1,
    "二": 2,
    "兩": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CJK_UNITS = {"十": 10, "百": 100, "千": 1000}
CJK_NUMERAL = r"[零〇○一二兩两三四五六七八九十百千]+"

# Measure words after a count and the unit they give: GPUs when a GPU (or accelerator) follows.
CJK_MEASURE = r"顆|颗|個|个|台|臺|隻|只|支|片|套|張|张|座"
_GPU_AFTER = r"\s*(?:NVIDIA\s*|輝達\s*|英偉達\s*|AMD\s*)?(?:GPU|加速器|Hopper|Blackwell|[HB]\d{2,3}|GB\d{3}|MI\d{3}|Trainium|TPU|XPU)"
_PORT_WORDS = r"埠|個埠|个埠|端口|個端口|个端口|連接埠"
# Words that make 成 something other than tenths: 成長 (growth), 成本 (cost), 成為 (become), ...
_NOT_TENTHS = r"長|长|本|為|为|員|员|功|熟|交|立|品|型|果|效|就|績|绩|份|分|千|萬|万|群|都|年|真"


def cjk_integer(text: str) -> int:
    """Chinese numerals below 10,000: '三' 3, '十' 10, '二十五' 25, '一百零八' 108, '兩千' 2000.

    Digit strings written with numerals one by one ('二〇二五') read positionally. ValueError otherwise.
    """
    s = text.strip()
    if not s or any(ch not in CJK_DIGITS and ch not in _CJK_UNITS for ch in s):
        raise ValueError(f"not a Chinese numeral: {text!r}")
    if all(ch in CJK_DIGITS for ch in s) and len(s) > 1:
        return int("".join(str(CJK_DIGITS[ch]) for ch in s))
    total, digit, last_unit = 0, None, 10_000
    for ch in s:
        if ch in CJK_DIGITS:
            if digit is not None and CJK_DIGITS[ch] != 0:
                raise ValueError(f"two digits in a row: {text!r}")
            digit = CJK_DIGITS[ch] if CJK_DIGITS[ch] != 0 else None
        else:
            if _CJK_UNITS[ch] >= last_unit:  # 十十, 百千: units must fall
                raise ValueError(f"not a Chinese numeral: {text!r}")
            last_unit = _CJK_UNITS[ch]
            total += (1 if digit is None else digit) * _CJK_UNITS[ch]
            digit = None
    return total + (digit or 0)


def _number(text: str) -> float:
    """Digits ('30', '25.5', '1,320') or Chinese numerals ('三十')."""
    t = text.replace(",", "").strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", t):
        return float(t)
    return float(cjk_integer(t))


_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|" + CJK_NUMERAL
_PERCENT_WORDS = re.compile(r"百分之\s*(" + _NUM + r")")
_TENTHS = re.compile(
    r"(?<![\d零〇一二兩两三四五六七八九十百千])(\d|[一二兩两三四五六七八九十])\s*成"
    r"(?:\s*([一二三四五六七八九\d])(?![\d成]))?(?!" + _NOT_TENTHS + r")"
)
# "一到兩成": the low end of a range of tenths, written without its own 成.
_TENTHS_LOW = re.compile(
    r"(?<![\d零〇一二兩两三四五六七八九十百千])([一二兩两三四五六七八九])(?=\s*(?:到|至|~)\s*[二兩两三四五六七八九十]\s*成)"
)
# 數千顆, 幾萬台, 上萬顆, 成千: "several thousand" is not a figure.
_CJK_COUNT = re.compile(
    r"(?<![\d.,零〇○一二兩两三四五六七八九十百千萬万億亿數数幾几上成])(" + CJK_NUMERAL + r")\s*(" + CJK_SCALE + r")?\s*"
    r"(?:(" + CJK_MEASURE + r")(?!(?<=[個个])月)|(" + _PORT_WORDS + r"))"  # 十一個月: months
)
_CJK_MONEY = re.compile(
    r"(?<![\d.,零〇○一二兩两三四五六七八九十百千])("
    + CJK_NUMERAL
    + r")(?:\.([零〇○一二兩两三四五六七八九]+))?\s*("
    + CJK_SCALE
    + r")?\s*(?:(美元|美金)|(?<=[萬万億亿兆])元)"
)
# "高出七．三九個百分點": a point change written in Chinese numerals (the full-width point normalized to ".").
_CJK_POINTS = re.compile(
    r"(?<![\d.,零〇○一二兩两三四五六七八九十百千])(" + CJK_NUMERAL + r")(?:\.([零〇○一二兩两三四五六七八九]+))?"
    r"\s*[個个]?百分[點点]"
)
# "最少兩位數百分比", "三位數百分比", "雙位數以上的成長", "3位數的成長": a percentage (a growth) of two (three)
# digits, at least 10 % (100 %).
# "雙位數年增率" (a growth rate), "「低双位数」" (low double digits: at least 10 %, whatever follows).
_DIGITS_PERCENT = re.compile(
    r"([兩两二雙双三2-3])\s*位[數数]"
    r"(?:\s*(?:以上)?\s*(?:的)?\s*(?:百分比|%|成長|成长|增長|增长|年增率|年成長率|年成长率)|(?<=低[雙双]位[數数])"
    r"|(?<=[增長长][雙双兩两三2-3]位[數数]))"  # ("營收增雙位數", "成長雙位數": right after a verb of growth)
)
# "十几个百分点", "十幾%": ten-odd percent, more than 10 %.
_TEN_ODD_PERCENT = re.compile(r"(?<![\d.,零〇○一二兩两三四五六七八九十百千])十[几幾]\s*(?:[個个]?百分[點点]|%)")
# "新台幣兆元規模", "百億美元級": an amount of the order of its scale alone (about one 兆, one hundred 億);
# "突破万亿元大关": the mark of one 万亿 passed (the words before say by how: 突破 more than).
_SCALE_ONLY_MONEY = re.compile(
    r"(?<![\d.,零〇○一二兩两三四五六七八九十百千萬万億亿兆數数幾几上])(萬億|万亿|百億|百亿|千億|千亿|兆)\s*(美元|美金|元)\s*"
    r"(?:規模|规模|級|级|(大關|大关))"
)
# "50多億元": more than fifty 億 (the digits, then 多, then the scale).
_MORE_THAN_MONEY = re.compile(r"(?<![\d.,])(\d+)\s*多\s*(億|亿|萬|万)\s*(?:(美元|美金)|元)")
# "三分之二以上": a fraction.
_CJK_FRACTION = re.compile(r"([一二三四五六七八九十])分之([一二三四五六七八九])")
# "四十四%": a percentage written in Chinese numerals.
_CJK_PERCENT = re.compile(
    r"(?<![\d.,零〇一二兩两三四五六七八九十百千])(" + CJK_NUMERAL + r")(?:\.([零〇一二兩两三四五六七八九]+))?\s*%"
)


def cjk_mentions(s: str, hedge) -> list[tuple[int, int, float, str, str | None, str | None]]:
    """(start, end, value, unit, qualifier, noun) of every Chinese-written quantity in `s`.

    `hedge(before, after)` gives the qualifier from the text around a figure (one rule for the
    whole extractor).
    """
    out = []
    for m in _PERCENT_WORDS.finditer(s):
        try:
            value = _number(m.group(1)) / 100
        except ValueError:
            continue
        out.append((m.start(), m.end(), tidy_float(value), "share", hedge(s[: m.start()], s[m.end() :]), None))
    for m in _TENTHS_LOW.finditer(s):
        out.append((m.start(), m.end(), tidy_float(CJK_DIGITS[m.group(1)] / 10), "share", None, None))
    for m in _TENTHS.finditer(s):
        first = _number(m.group(1))
        if first > 10:
            continue
        value = first / 10 + (_number(m.group(2)) / 100 if m.group(2) else 0.0)
        out.append((m.start(), m.end(), tidy_float(value), "share", hedge(s[: m.start()], s[m.end() :]), None))
    for m in _CJK_COUNT.finditer(s):
        try:
            n = cjk_integer(m.group(1))
        except ValueError:
            continue
        if n == 1 and not m.group(2):
            continue  # 一台電腦, 一個機櫃: an article, not a count
        value = tidy_float(n * scale_factor(m.group(2)))
        if m.group(4):
            unit = "ports"
        elif re.match(_GPU_AFTER, s[m.end() :], re.I):
            unit = "gpus"
        else:
            unit = "units"
        out.append((m.start(), m.end(), value, unit, hedge(s[: m.start()], s[m.end() :]), (m.group(3) or m.group(4))))
    for m in _CJK_MONEY.finditer(s):
        if not m.group(4) and not re.search(r"[零〇○一二兩两三四五六七八九]", m.group(1)):
            continue  # "營業收入(百萬元)": a unit, no amount
        try:
            n = cjk_integer(m.group(1)) + _cjk_fraction(m.group(2))
        except ValueError:
            continue
        out.append(
            (
                m.start(),
                m.end(),
                tidy_float(n * scale_factor(m.group(3))),
                # "二八○六．二四億元", "一．九三兆元" (兆 = 10^12): the text's own yuan, 億/萬 Taiwanese, 亿/万 mainland
                "USD" if m.group(4) else ("CNY" if re.search(r"[万亿]", m.group(3)) else "TWD"),
                # "數十億美元": several tens of 億, more than ten 億 (the 數 itself is no numeral)
                ">" if s[: m.start()].endswith(("數", "数", "幾", "几")) else hedge(s[: m.start()], s[m.end() :]),
                None,
            )
        )
    for m in _CJK_POINTS.finditer(s):
        try:
            n = cjk_integer(m.group(1)) + _cjk_fraction(m.group(2))
        except ValueError:
            continue
        out.append((m.start(), m.end(), tidy_float(n), "pct_points", hedge(s[: m.start()], s[m.end() :]), None))
    for m in _DIGITS_PERCENT.finditer(s):
        digits = int(m.group(1)) if m.group(1).isdigit() else (2 if m.group(1) in "雙双" else CJK_DIGITS[m.group(1)])
        out.append((m.start(), m.end(), tidy_float(10.0 ** (digits - 3)), "share", ">=", None))
    for m in _TEN_ODD_PERCENT.finditer(s):
        out.append((m.start(), m.end(), 0.1, "share", ">", None))
    for m in _SCALE_ONLY_MONEY.finditer(s):
        unit = "USD" if m.group(2) != "元" else ("CNY" if re.search(r"[亿]", m.group(1)) else "TWD")
        mark = m.group(3) and (hedge(s[: m.start()], s[m.end() :]) or ">=")
        out.append((m.start(), m.end(), tidy_float(scale_factor(m.group(1))), unit, mark or "~", None))
    for m in _MORE_THAN_MONEY.finditer(s):
        unit = "USD" if m.group(3) else ("CNY" if m.group(2) in "万亿" else "TWD")
        out.append((m.start(), m.end(), tidy_float(int(m.group(1)) * scale_factor(m.group(2))), unit, ">", None))
    for m in _CJK_FRACTION.finditer(s):
        try:
            whole, part = cjk_integer(m.group(1)), cjk_integer(m.group(2))
        except ValueError:
            continue
        if whole and part < whole:
            out.append(
                (m.start(), m.end(), tidy_float(part / whole), "share", hedge(s[: m.start()], s[m.end() :]), None)
            )
    for m in _CJK_PERCENT.finditer(s):
        try:
            n = cjk_integer(m.group(1)) + _cjk_fraction(m.group(2))
        except ValueError:
            continue
        out.append((m.start(), m.end(), tidy_float(n / 100), "share", hedge(s[: m.start()], s[m.end() :]), None))
    return out


def _cjk_fraction(digits: str | None) -> float:
    """'五二' after a point ('二．五二兆') -> 0.52."""
    if not digits:
        return 0.0
    return float("0." + "".join(str(CJK_DIGITS[ch]) for ch in digits))
