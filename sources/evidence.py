"""Does a row's evidence hold its number? A pure matcher over the ways a figure is written.

A stored value is normalized (USD, shares 0-1, canonical units); the evidence is the source's own
words: "$100 B", "100B", "US$100 billion", "1,000億", "60%", "twenty percent", "13.4 TB" for
13400 GB, "1,6 TBit/s" (a German decimal comma), "quadrupled" for a ratio of 4. `numbers_in()`
reads every number the text states, with its scale word; `evidence_supports()` says whether one of
them, read in a compatible way, is the value.

Compatible readings of a written number n (with its scale word applied):
  - n itself, or n times a power of 1000 (a unit or scale the text left implicit: "13.4 TB" for
    13400 GB, "$1.2" in a column headed "billions");
  - n x 8 or n / 8 (with a power of 1000): bits and bytes (4,800 Gb/s stored as 600 GB/s);
  - a percentage: n/100 (a share 0.6 for "60%"), 1 + n/100 and 1 - n/100 (a ratio 1.2 for "+20%"),
    -n/100 (a growth rate -0.03 for "declined 3%");
  - n/100 for a share or ratio even without "%" ("60 percent" is caught by the word "percent").
Two numbers agree when they are equal to within the precision the text wrote (13.4 matches
13400 but not 13450), with a floor of one part in a million.
"""

from __future__ import annotations

import math
import re
import unicodedata

# scale words after a number (lower-cased; checked longest first)
_SCALES = {
    "trillion": 1e12,
    "tn": 1e12,
    "兆": 1e12,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "十億": 1e9,
    "億": 1e8,
    "亿": 1e8,
    "million": 1e6,
    "mn": 1e6,
    "mm": 1e6,
    "m": 1e6,
    "百萬": 1e6,
    "百万": 1e6,
    "萬": 1e4,
    "万": 1e4,
    "thousand": 1e3,
    "k": 1e3,
    "千": 1e3,
}
_SCALE_RE = "|".join(sorted((re.escape(s) for s in _SCALES), key=len, reverse=True))
# 1,234,567.89 | 1.234.567,89 is not used in our sources; 1,6 (decimal comma) | 12.5 | 12
_NUMBER_RE = re.compile(
    # not inside a word or another number; "x16" and "8x400" (lane and port counts) are read
    r"(?<![A-WYZa-wyz0-9.])(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}(?!\d)|\d*\.\d+|\d+)"
    r"[\s-]?(?P<scale>(?:" + _SCALE_RE + r")(?![a-z]))?\s?(?P<pct>%|percent|pct|個百分點)?",
    re.IGNORECASE,
)
_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
    "half": 0.5,
    "double": 2,
    "doubled": 2,
    "doubling": 2,
    "twice": 2,
    "triple": 3,
    "tripled": 3,
    "quadruple": 4,
    "quadrupled": 4,
    "tenfold": 10,
    "third": 1 / 3,
    "quarter": 0.25,
    "doubles": 2,
    "triples": 3,
    "quadruples": 4,
    "two-thirds": 2 / 3,
    "one-third": 1 / 3,
    "three-quarters": 0.75,
    "a million": 1e6,
    "a billion": 1e9,
    "一": 1,
    "兩": 2,
    "两": 2,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
    "百": 100,
    "千": 1000,
    "萬": 10000,
}
_WORD_RE = re.compile(
    r"(?<![a-z])("
    + "|".join(sorted((w for w in _WORDS if w.isascii()), key=len, reverse=True))
    + r")(?![a-z])(\s*(?:percent|%))?",
    re.IGNORECASE,
)
_CJK_WORD_RE = re.compile(r"([一兩两二三四五六七八九十]+)\s*(倍|成|萬|億|千|百)?")
# CJK words that are numbers by themselves
_CJK_WORDS = {"零": 0.0, "翻倍": 2.0, "百萬": 1e6, "千萬": 1e7, "十萬": 1e5, "一半": 0.5, "減半": 0.5}
_COMPOUND_RE = re.compile(
    r"(?<![a-z])(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|"
    r"five|six|seven|eight|nine)(?![a-z])",
    re.IGNORECASE,
)


def _parse(num: str) -> tuple[float, float]:
    """(value, precision) of a written number: '1,234.5' -> (1234.5, 0.05); '1,6' -> (1.6, 0.05)."""
    if re.fullmatch(r"\d+,\d{1,2}", num):  # decimal comma (German, French sources)
        num = num.replace(",", ".")
    else:
        num = num.replace(",", "")
    decimals = len(num.split(".")[1]) if "." in num else 0
    return float(num), 0.5 * 10**-decimals


def numbers_in(text: str) -> list[tuple[float, float, bool]]:
    """Every number the text states: (value with its scale applied, half a unit of its last written
    digit at that scale, written as a percentage)."""
    if not text:
        return []
    text = unicodedata.normalize("NFKC", text)
    out: list[tuple[float, float, bool]] = []
    for m in _NUMBER_RE.finditer(text):
        value, precision = _parse(m.group("num"))
        scale = _SCALES.get((m.group("scale") or "").lower(), 1.0)
        out.append((value * scale, precision * scale, bool(m.group("pct"))))
    for m in _WORD_RE.finditer(text):
        out.append((float(_WORDS[m.group(1).lower()]), 0.0, bool(m.group(2))))
    for m in _COMPOUND_RE.finditer(text):  # forty-five
        out.append((float(_WORDS[m.group(1).lower()] + _WORDS[m.group(2).lower()]), 0.0, False))
    for word, value in _CJK_WORDS.items():
        if word in text:
            out.append((value, 0.0, False))
    for m in _CJK_WORD_RE.finditer(text):
        value = _cjk_number(m.group(1))
        if value is None:
            continue
        unit = m.group(2)
        if unit == "成":  # 八成 = 80%
            out.append((value / 10, 0.0, False))
        elif unit in ("萬", "億", "千", "百"):
            out.append((value * _SCALES.get(unit, {"百": 100}.get(unit, 1)), 0.0, False))
        else:
            out.append((value, 0.0, False))
    return out


def _cjk_number(text: str) -> float | None:
    """一 .. 九十九 (enough for counts and multiples written in words)."""
    digits = {"一": 1, "兩": 2, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
    if text == "十":
        return 10.0
    if "十" in text:
        tens, _, ones = text.partition("十")
        t = digits.get(tens, 1) if tens else 1
        o = digits.get(ones, 0) if ones else 0
        if (tens and tens not in digits) or (ones and ones not in digits):
            return None
        return float(t * 10 + o)
    if len(text) == 1 and text in digits:
        return float(digits[text])
    return None


def value_precision(value: float) -> float:
    """Half a unit of the stored value's last significant digit, when it has three or more
    (1811000000 -> 500000: the ledger rounded "$1,810.94M"); 0 for shorter values (2.0 is exact)."""
    if value == 0 or not math.isfinite(value):
        return 0.0
    digits = f"{abs(value):.12g}"
    mantissa = digits.split("e")[0].replace(".", "").lstrip("0").rstrip("0")
    if len(mantissa) < 3:
        return 0.0
    exponent = math.floor(math.log10(abs(value)))
    return 0.5 * 10 ** (exponent - len(mantissa) + 1)


def _close(a: float, b: float, precision: float) -> bool:
    tolerance = max(precision, 1e-6 * max(abs(a), abs(b)), 1e-12)
    return abs(a - b) <= tolerance


def readings(number: float, precision: float, percent: bool) -> list[tuple[float, float]]:
    """The values a written number may stand for, each with its precision."""
    out = []
    for k in range(-4, 5):  # an implicit unit or scale: powers of 1000
        f = 1000.0**k
        out.append((number * f, precision * f))
    out.append((number / 100, precision / 100))  # 60 (percent) -> 0.6
    for f in (8.0, 1 / 8.0, 8000.0, 8 / 1000.0, 1 / 8000.0, 1000 / 8.0):  # bits <-> bytes (4,800 Gb/s = 600 GB/s)
        out.append((number * f, precision * f))
    if percent:
        out.append((1 + number / 100, precision / 100))  # +20% -> ratio 1.2
        out.append((1 - number / 100, precision / 100))  # -20% -> ratio 0.8
        out.append((-number / 100, precision / 100))  # "declined 3%" -> growth rate -0.03
    return out


def evidence_supports(evidence: str, value: float) -> bool:
    """True when the evidence states `value` in some written form (see the module docstring)."""
    if value is None or not math.isfinite(value):
        return False
    own = value_precision(value)
    for number, precision, percent in numbers_in(evidence):
        for reading, prec in readings(number, precision, percent):
            if _close(reading, value, max(prec, own)):
                return True
    return False
