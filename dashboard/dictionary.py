"""Short labels from data-dictionary descriptions (pure; no Streamlit, no DuckDB).

Every column comment in the warehouse starts with what the column is, usually followed by its
unit ("Message size, bytes.", "Sum of Rmax, TFlop/s."), then caveats. Charts and tables need
the first part only; the full text goes into tooltips.
"""

from __future__ import annotations

import re

MAX_LABEL_CHARS = 64
# Where the short label ends: first sentence end, a semicolon, or an "e.g."/"i.e." aside.
_CUT = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)\.(\s|$)|;|\s\((?:e\.g\.|i\.e\.|see )|\s—\s|:\s")
# A trailing "NULL when …" clause is a caveat, not part of the name.
_CAVEAT = re.compile(r",\s*(NULL|null|empty|blank)\b.*$")
_ENUMERATION = re.compile(r"^[a-z0-9_\-]+(?:(?:,| or|, or) (?:[a-z0-9_\-]+|\.\.\.|…))+(?: \(.*\))?$")
_ASIDE = re.compile(r"\s*\([^()]*\)")


def column_label(column: str, description: str | None) -> str:
    """ "Message size, bytes." -> "Message size, bytes"; no description -> "Message size bytes"-ish fallback."""
    text = (description or "").strip()
    if not text:
        return fallback_label(column)
    m = _CUT.search(text)
    label = text[: m.start()] if m else text
    label = _CAVEAT.sub("", label).strip().rstrip(".,")
    # Asides longer than a unit ("(value / 1e9)", "(nccl-tests definition)") go to the tooltip.
    label = _ASIDE.sub(lambda m: m.group(0) if len(m.group(0).strip()) <= 12 else "", label).strip()
    if _ENUMERATION.match(label.rstrip(" .,…")):  # "first_seen or changed", "nic, dpu, switch_asic": values, not a name
        return fallback_label(column)
    if len(label) > MAX_LABEL_CHARS:
        cut = label[: MAX_LABEL_CHARS - 1]
        comma = cut.rfind(", ")
        label = (cut[:comma] if comma > MAX_LABEL_CHARS // 2 else cut.rsplit(" ", 1)[0]) + "…"
    return label or fallback_label(column)


# Unit tokens of column names (STYLE.md point 15: units in field names).
_UNIT_TOKENS = {
    "usd": "USD",
    "GBps": "GB/s",
    "gbps": "Gb/s",
    "tbps": "Tb/s",
    "w": "W",
    "kw": "kW",
    "ns": "ns",
    "us": "µs",
    "s": "s",
    "bytes": "bytes",
}
_WORDS = {
    "gpu": "GPU",
    "gpus": "GPUs",
    "nic": "NIC",
    "nics": "NICs",
    "allreduce": "AllReduce",
    "busbw": "bus bandwidth",
    "capex": "capex",
    "tbps": "Tb/s",
}


def fallback_label(column: str) -> str:
    """A label from the column name alone, its unit spelled out: effective_GBps_per_gpu -> "Effective, GB/s per GPU"."""
    tokens = [t for t in column.split("_") if t]
    unit_at = max((i for i, t in enumerate(tokens) if t in _UNIT_TOKENS and i > 0), default=None)
    if unit_at is None:
        if tokens and tokens[-1] == "share" and len(tokens) > 1:
            return _words(tokens[:-1]) + " share, 0-1"
        return _words(tokens)
    rest = tokens[unit_at + 1 :]
    unit = _UNIT_TOKENS[tokens[unit_at]] + (
        " per " + " ".join(_WORDS.get(t, t) for t in rest[1:]) if rest[:1] == ["per"] else ""
    )
    stem = tokens[:unit_at] + ([] if rest[:1] == ["per"] else rest)
    if stem[:1] == ["usd"]:
        stem = stem[1:]
    return f"{_words(stem)}, {unit}" if stem else unit


def _words(tokens: list[str]) -> str:
    text = " ".join(_WORDS.get(t, t) for t in tokens)
    return text[:1].upper() + text[1:]


def table_summary(description: str | None) -> str:
    """First sentence of a table comment."""
    text = (description or "").strip()
    m = re.search(r"(?<!\be\.g)\.(\s|$)", text)
    return text[: m.start() + 1] if m else text
