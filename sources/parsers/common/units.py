"""Number and unit normalization shared by the page parsers (claims, specs, UEC).

Everything ends in the project's normalized units (see the brief): USD, share (0-1), Gbps,
Tbps, GBps, TBps, ns, us, ms, W, kW, GB, TB, Mpps, ports, lanes, units, gpus, count, ratio.
Case matters for rates: "Gb/s" is bits, "GB/s" is bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Full-width digits and punctuation (CJK pages) become ASCII so one set of patterns reads both.
_FULLWIDTH = {chr(0xFF10 + i): str(i) for i in range(10)}
_FULLWIDTH.update(
    {
        "．": ".",
        "，": ",",
        "％": "%",
        "＄": "$",
        "～": "~",
        "＋": "+",
        "－": "-",
        "／": "/",
        "ｘ": "x",
        "Ｘ": "x",
        "：": ":",
        "（": "(",
        "）": ")",
        "＞": ">",
        "＜": "<",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
        "\u2013": "-",
        "\u2014": " - ",
        "\u2212": "-",
        "\u00b5": "µ",
        "\u03bc": "µ",
        "×": "x",
    }
)
_FULLWIDTH_TABLE = str.maketrans(_FULLWIDTH)

# A number as pages write it: thousands separators (comma) or plain, optional decimals.
NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"

SCALES: dict[str, float] = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "mln": 1e6,  # Reuters: "$5.7 bln", "0.7 mln shares"
    "mio": 1e6,
    "m": 1e6,
    "mm": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "bln": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "tn": 1e12,
    "t": 1e12,
    # Chinese: 萬/万 = 10^4, 億/亿 = 10^8, 兆 = 10^12 (Taiwan finance usage, the sense in money).
    "千": 1e3,
    "萬": 1e4,
    "万": 1e4,
    "十萬": 1e5,
    "十万": 1e5,
    "百萬": 1e6,
    "百万": 1e6,
    "千萬": 1e7,
    "千万": 1e7,
    "億": 1e8,
    "亿": 1e8,
    "十億": 1e9,
    "十亿": 1e9,
    "百億": 1e10,
    "百亿": 1e10,
    "千億": 1e11,
    "千亿": 1e11,
    "兆": 1e12,
    "萬億": 1e12,
    "万亿": 1e12,
}
SCALE_WORD = r"trillion|billion|million|thousand|tn|bln|bn|mln|mn|mio"
CJK_SCALE = r"萬億|万亿|十萬|十万|百萬|百万|千萬|千万|十億|十亿|百億|百亿|千億|千亿|萬|万|億|亿|兆|千"

_WORD_UNITS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen".split()
    )
}
_WORD_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
WORD_NUMBER = (
    r"(?:(?:" + "|".join(_WORD_TENS) + r")(?:[- ](?:" + "|".join(list(_WORD_UNITS)[1:10]) + r"))?"
    r"|" + "|".join(sorted(_WORD_UNITS, key=len, reverse=True)) + r"|(?:one |a )?hundred)"
)

# Hedges before a figure ("more than 100 members") and the qualifier they mean.
_QUALIFIERS: tuple[tuple[str, str], ...] = (
    (
        r"more than|over|exceeds|exceeded|exceeding|exceed|surpasses|surpassed|surpassing|surpass|above|in excess of"
        r"|upwards of|north of|past|top"
        r"|超過|超过|逾|多於|多于|突破|衝破|冲破|高於|高于|超|超越|(?<!跌)破|站上",
        ">",
    ),
    # "(?<=by)at least": "grow byat least 20%", a page whose spaces were lost
    (r"at least|(?<=by)at least|no less than|minimum of|至少", ">="),
    (r"up to|as much as|as many as|maximum of|at most|最多|最高", "<="),
    (r"less than|under|below|fewer than|shy of|south of|不到|少於|少于|低於|低于", "<"),
    (
        r"nearly|almost|approximately|approx\.?|about|around|roughly|close to|approaching|approaches|approach|some|an estimated|est\.|~|≈"
        r"|in the region of|in the neighbourhood of|in the neighborhood of|in the ballpark of"
        r"|約為|约为|約|约|近|大約|大约|接近",
        "~",
    ),
    (r">=|≥", ">="),
    (r"<=|≤", "<="),
    (r">", ">"),
    (r"<", "<"),
)
# English words need a word start before them ("over", not "Rover"); CJK and symbols do not.
# (Alternatives are split on "|": no groups with "|" inside them.)
_QUALIFIER_TAIL = [
    (
        re.compile(
            "|".join(
                (r"(?:^|[\s(])" if alt[:1].isascii() and alt[:1].isalpha() else "") + alt + r"\s*$"
                for alt in pat.split("|")
            ),
            re.I,
        ),
        q,
    )
    for pat, q in _QUALIFIERS
]


@dataclass(frozen=True)
class Quantity:
    value: float
    unit: str
    qualifier: str | None = None
    raw: str = ""


def normalize_text(text: str) -> str:
    """Full-width digits/punctuation to ASCII, exotic spaces and dashes to plain ones."""
    return text.translate(_FULLWIDTH_TABLE)


def normalized_index(text: str) -> list[int]:
    """For every character of normalize_text(text), the index of the character it came from (plus one
    past the end), so a span found in the normalized text maps back to the text as written."""
    idx: list[int] = []
    for i, ch in enumerate(text):
        idx.extend([i] * len(ch.translate(_FULLWIDTH_TABLE)))
    idx.append(len(text))
    return idx


def parse_number(text: str) -> float:
    """'1,024' -> 1024.0, '３.２' -> 3.2, 'forty-five' -> 45; ValueError for anything else."""
    s = normalize_text(text).strip().lower()
    if re.fullmatch(NUMBER, s):
        return float(s.replace(",", ""))
    if re.fullmatch(WORD_NUMBER, s):
        return float(word_number(s))
    raise ValueError(f"not a number: {text!r}")


def word_number(text: str) -> int:
    """English number words up to 'ninety-nine' and 'hundred' ('twenty percent' on Dell'Oro pages)."""
    s = text.strip().lower()
    if s.endswith("hundred"):
        return 100
    if s in _WORD_UNITS:
        return _WORD_UNITS[s]
    parts = re.split(r"[- ]", s)
    if parts[0] in _WORD_TENS:
        return _WORD_TENS[parts[0]] + (_WORD_UNITS[parts[1]] if len(parts) > 1 else 0)
    raise ValueError(f"not a number word: {text!r}")


def scale_factor(word: str | None) -> float:
    """'billion' -> 1e9, 'B' -> 1e9, '億' -> 1e8; None/'' -> 1."""
    if not word:
        return 1.0
    key = word.strip().rstrip(".").lower()
    if key not in SCALES:
        raise ValueError(f"unknown scale {word!r}")
    return SCALES[key]


def parse_scaled(text: str) -> float:
    """A number with an optional scale word or suffix: '3.2 billion', '$3.2B' (sign ignored), '32億'."""
    s = normalize_text(text).strip().lstrip("$").strip()
    m = re.fullmatch(r"(" + NUMBER + r")\s*(" + SCALE_WORD + r"|[kKmMbBtT]|" + CJK_SCALE + r")?\.?", s, re.I)
    if not m:
        raise ValueError(f"not a scaled number: {text!r}")
    return tidy_float(float(m.group(1).replace(",", "")) * scale_factor(m.group(2)))


def qualifier_before(text: str) -> str | None:
    """The hedge that ends `text` ('... exceed ' -> '>'), or None."""
    tail = normalize_text(text)[-40:]
    for pat, q in _QUALIFIER_TAIL:
        if pat.search(tail):
            return q
    return None


# --- rates, times, sizes -------------------------------------------------------------

_BIT_PREFIX = {"k": 1e-6, "m": 1e-3, "g": 1.0, "t": 1e3, "p": 1e6}
INFINIBAND_RATES = {"EDR": 100.0, "HDR": 200.0, "NDR": 400.0, "XDR": 800.0, "NDR200": 200.0, "HDR100": 100.0}

# Unit tokens after a number. Order matters: longer first; bytes (B) before bits (b).
UNIT_TOKEN = (
    r"(?:[KMGTP]i?B(?:ytes?)?\s*/\s*s(?:ec)?|[KMGTP]Bps|[KMGTP]B/sec"
    r"|[KMGTkmgtp](?:bit|b|Bit)(?:s)?\s*/\s*s(?:ec)?|[KMGTkmgtp]bps|[KMGTkmgtp]bits?/s|[KMGT]bE|[KMGT]E\b"
    r"|(?:giga|tera|mega)bits?\s+per\s+second|(?:giga|tera)bytes?\s+per\s+second"
    r"|(?:giga|tera|mega)bit(?:\s+Ethernet)?"
    r"|nanoseconds?|nsec|ns|microseconds?|usec|[µu]s|milliseconds?|msec|ms"
    r"|kilowatts?|kW|watts?|W"
    r"|[KMGT]i?B(?!\w)|(?:giga|tera|mega)bytes?"
    r"|[MB]pps|(?:million|billion)\s+(?:packets|messages|msgs)\s*(?:per\s+second|/\s*s(?:ec)?)"
    r"|M\s*(?:msgs?|messages)\s*/\s*s(?:ec)?"
    r"|TFLOPS|PFLOPS|EFLOPS"
    r"|%|percent|per cent"
    r"|[GT](?![A-Za-z0-9/]))"
)

_UNIT_RE = re.compile(r"^" + UNIT_TOKEN + r"$")


def normalize_unit(token: str) -> tuple[str, float]:
    """A unit token as written -> (normalized unit, factor to multiply the value by).

    'Gb/s', 'Gbps', 'GbE', 'G' -> ('Gbps', 1); 'Tb/s' -> ('Tbps', 1); 'GB/s' -> ('GBps', 1);
    'µs' -> ('us', 1); 'MB' -> ('GB', 0.001); '%' -> ('share', 0.01). ValueError when unknown.
    """
    t = normalize_text(token).strip()
    low = t.lower()
    words = {
        "gigabit": ("Gbps", 1.0),
        "terabit": ("Tbps", 1.0),
        "megabit": ("Gbps", 1e-3),
        "petabit": ("Gbps", 1e6),  # an aggregate capacity ("2,894.9 exabits per second" of ports shipped)
        "exabit": ("Gbps", 1e9),
        "gigabyte": ("GBps", 1.0),
        "terabyte": ("TBps", 1.0),
    }
    m = re.fullmatch(r"(giga|tera|mega|peta|exa)(bit|byte)s?(?:\s+per\s+second|\s+ethernet)?", low)
    if m and m.group(1) + m.group(2) in words:
        unit, f = words[m.group(1) + m.group(2)]
        if m.group(2) == "byte" and "per second" not in low:
            return ({"GBps": "GB", "TBps": "TB"}[unit], f)
        return unit, f
    if low in ("%", "percent", "per cent"):
        return "share", 0.01
    if re.fullmatch(r"nanoseconds?|nsec|ns", low):
        return "ns", 1.0
    if re.fullmatch(r"microseconds?|usec|[µu]s", low):
        return "us", 1.0
    if re.fullmatch(r"milliseconds?|msec|ms", low):
        return "ms", 1.0
    if re.fullmatch(r"kilowatts?|kw", low):
        return "kW", 1.0
    if re.fullmatch(r"watts?|w", low):
        return "W", 1.0
    if low in ("tflops", "pflops", "eflops"):
        return "TFLOPS", {"t": 1.0, "p": 1e3, "e": 1e6}[low[0]]
    m = re.fullmatch(r"(million|billion)\s+(?:packets|messages|msgs)\s*(?:per\s+second|/\s*s(?:ec)?)", low)
    if m:
        return "Mpps", 1.0 if m.group(1) == "million" else 1e3
    if re.fullmatch(r"m\s*(?:msgs?|messages)\s*/\s*s(?:ec)?", low) or t == "Mpps":
        return "Mpps", 1.0
    if t == "Bpps":
        return "Mpps", 1e3
    # Byte rates: capital B followed by /s or ps.
    m = re.fullmatch(r"([KMGTP])i?B(?:ytes?)?\s*(?:/\s*s(?:ec)?|ps)", t)
    if m:
        return _byte_rate(m.group(1))
    # Bit rates: lowercase b / "bit", an Ethernet "bE", or a bare G/T after the number (800G, 1.6T).
    m = re.fullmatch(r"([KMGTPkmgtp])(?:(?:bit|b|Bit)s?\s*/\s*s(?:ec)?|bps|bits?/s|bE|E|b|)", t)
    if m:
        p = m.group(1).lower()
        if p == "t":
            return "Tbps", 1.0
        return "Gbps", _BIT_PREFIX[p]
    # Sizes: MB/GB/TB (capacity, not rate).
    m = re.fullmatch(r"([KMGT])i?B", t)
    if m:
        return {"K": ("GB", 1e-6), "M": ("GB", 1e-3), "G": ("GB", 1.0), "T": ("TB", 1.0)}[m.group(1)]
    raise ValueError(f"unknown unit {token!r}")


def _byte_rate(prefix: str) -> tuple[str, float]:
    return {"K": ("GBps", 1e-6), "M": ("GBps", 1e-3), "G": ("GBps", 1.0), "T": ("TBps", 1.0), "P": ("TBps", 1e3)}[
        prefix
    ]


_CONVERSIONS: dict[tuple[str, str], float] = {
    ("Tbps", "Gbps"): 1e3,
    ("Gbps", "Tbps"): 1e-3,
    ("TBps", "GBps"): 1e3,
    ("GBps", "TBps"): 1e-3,
    ("GBps", "Gbps"): 8.0,
    ("Gbps", "GBps"): 1 / 8,
    ("us", "ns"): 1e3,
    ("ms", "ns"): 1e6,
    ("ns", "us"): 1e-3,
    ("ms", "us"): 1e3,
    ("kW", "W"): 1e3,
    ("W", "kW"): 1e-3,
    ("TB", "GB"): 1e3,
    ("GB", "TB"): 1e-3,
}


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert between compatible normalized units (1.6 Tbps -> 1600 Gbps); ValueError otherwise."""
    if from_unit == to_unit:
        return value
    try:
        return tidy_float(value * _CONVERSIONS[(from_unit, to_unit)])
    except KeyError:
        raise ValueError(f"cannot convert {from_unit} to {to_unit}") from None


_QTY_RE = re.compile(
    r"(?P<num>" + NUMBER + r")(?:\s*(?:-|to)\s*(?P<num2>" + NUMBER + r"))?\s*(?P<unit>" + UNIT_TOKEN + r")"
)


# A decimal comma before a bit-rate unit ("51,2 TBit/s", "12,8 Tb/s", as German and French pages write
# it): one or two digits after the comma, so a thousands separator ("1,600 Gb/s") keeps its meaning.
_DECIMAL_COMMA_RATE = re.compile(
    r"(?<![\d,.])(\d{1,3}),(\d{1,2})(?=\s*(?:[KMGTkmgt](?:Bit|bit|b)(?:s)?\s*/\s*s|[KMGTkmgt]bps)\b)"
)


def fold_decimal_comma(text: str) -> str:
    """'51,2 TBit/s' -> '51.2 TBit/s'; other commas unchanged."""
    return _DECIMAL_COMMA_RATE.sub(r"\1.\2", text)


def parse_quantity(text: str) -> Quantity | None:
    """The first number-with-unit in `text`, normalized ('< 130ns' -> 130 ns '<'; '51.2 Tb/s' -> 51.2 Tbps).

    A range ('330-370 million messages/s') gives its upper end with qualifier '<='.
    """
    s = fold_decimal_comma(normalize_text(text))
    for m in _QTY_RE.finditer(s):
        try:
            unit, factor = normalize_unit(m.group("unit"))
        except ValueError:
            continue
        hi = m.group("num2")
        value = float((hi or m.group("num")).replace(",", "")) * factor
        qualifier = "<=" if hi else qualifier_before(s[: m.start()])
        return Quantity(tidy_float(value), unit, qualifier, m.group(0))
    return None


def parse_rate_gbps(text: str) -> float | None:
    """A link rate in Gb/s from '800GbE', '1.6T', '400 Gb/s', 'NDR', 'XDR 800G'; None if none."""
    s = normalize_text(text)
    q = parse_quantity(s)
    if q and q.unit in ("Gbps", "Tbps"):
        return convert(q.value, q.unit, "Gbps")
    m = re.search(r"\b(NDR200|HDR100|EDR|HDR|NDR|XDR)\b", s)
    return INFINIBAND_RATES[m.group(1)] if m else None


_PCIE_RE = re.compile(
    r"(?:PCIe|PCI Express)?\s*(?:Gen\s*(?P<gen>\d)(?:\.0)?|(?P<ver>\d)\.0)\s*(?:,\s*)?"
    r"(?:x\s*(?P<x>\d{1,2})\b|(?:with\s+)?(?P<n>\d{1,2})\s+lanes)?",
    re.I,
)


def parse_pcie(text: str) -> tuple[int | None, int | None]:
    """'PCIe Gen5 x16' -> (5, 16); 'PCIe 6.0 x48' -> (6, 48); 'PCIe Gen6 48 lanes' -> (6, 48)."""
    s = normalize_text(text)
    if not re.search(r"PCI|Gen\s*\d", s, re.I):
        return None, None
    matches = [m for m in _PCIE_RE.finditer(s) if m.group("gen") or m.group("ver")]
    named = [m for m in matches if re.match(r"\s*PCI", m.group(0), re.I)]
    for m in named or matches:
        lanes = m.group("x") or m.group("n")
        if not lanes:
            w = re.match(r"[^,;.]{0,30}?\bx\s?(\d{1,2})\b", s[m.end() :])
            lanes = w.group(1) if w else None
        return int(m.group("gen") or m.group("ver")), (int(lanes) if lanes else None)
    m = re.search(r"x\s*(\d{1,2})\b", s)
    return None, (int(m.group(1)) if m else None)


_PORTS_RE = re.compile(
    r"(?P<count>" + NUMBER + r")\s*(?:x|ports?\s+of|-port)\s*(?:(?P<ib>NDR200|HDR100|EDR|HDR|NDR|XDR)\b\s*)?"
    r"(?:(?P<num>" + NUMBER + r")\s*(?P<unit>[GT](?:bit/s|b/s|bps|bE|b|E)?)(?![A-Za-z0-9/]))?"
)


def parse_port_config(text: str) -> list[tuple[int, float | None]]:
    """'64 x 800GbE' -> [(64, 800.0)]; '144 ports of XDR' -> [(144, 800.0)]; '512 x 100G PAM4' -> [(512, 100.0)].

    Every 'N x speed' group in the text, in order (breakout lists give several).
    """
    s = normalize_text(text)
    out: list[tuple[int, float | None]] = []
    for m in _PORTS_RE.finditer(s):
        count = int(float(m.group("count").replace(",", "")))
        speed = None
        if m.group("num"):
            unit, f = normalize_unit(m.group("unit"))
            speed = convert(float(m.group("num").replace(",", "")) * f, unit, "Gbps")
        elif m.group("ib"):
            speed = INFINIBAND_RATES[m.group("ib").upper()]
        if speed is None and not re.match(r"\s*(?:ports?\s+of|-port)", s[m.end("count") :], re.I):
            continue  # "2x faster" and other multipliers are not port groups
        out.append((count, speed))
    return out


def tidy_float(x: float) -> float:
    """Kill float noise from scaling (3.2 * 1e9 = 3200000000.0000005)."""
    return float(f"{x:.12g}")
