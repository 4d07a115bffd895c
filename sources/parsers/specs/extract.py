"""Generic key-value extraction from vendor product pages and spec sheets.

Reads, in page order: two-column tables ("Switching capacity | 51.2 Tb/s"), tables with a header row
of variants ("Spec | QM9700 | QM9790"), definition lists, list items with a bold key
("<li><strong>Ports</strong> 64 x 800GbE</li>"), list items "Key: value", and keyless bullets that
carry a figure ("102.4 Tbps switching capacity"), which keep the whole bullet as key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup, Tag

from sources.parsers.common.units import normalize_text

_DROP = ("script", "style", "noscript", "template", "nav", "header", "footer", "form", "aside", "iframe", "svg")
_HAS_FIGURE = re.compile(r"\d")


@dataclass(frozen=True)
class SpecPair:
    key: str
    raw: str
    evidence: str  # the table row / list item as text
    variant: str | None = None  # column header when a table compares models


def _text(tag: Tag) -> str:
    return re.sub(r"\s+", " ", normalize_text(tag.get_text(" ", strip=True))).strip()


def _clean_key(key: str) -> str:
    return key.strip().rstrip(":：").strip()


def spec_pairs(soup: BeautifulSoup) -> list[SpecPair]:
    """All key-value pairs of a page's main content, in document order, duplicates dropped."""
    for tag in soup(_DROP):
        tag.decompose()
    root = soup.find("main") or soup.find("article") or soup.body or soup
    pairs: list[SpecPair] = []
    for el in root.find_all(["table", "dl", "li"]):
        if el.name == "table":
            pairs.extend(_table_pairs(el))
        elif el.name == "dl":
            pairs.extend(_dl_pairs(el))
        elif el.find_parent("table") is None:
            pair = _li_pair(el)
            if pair:
                pairs.append(pair)
    seen, out = set(), []
    for p in pairs:
        k = (p.key.lower(), p.raw, p.variant)
        if k not in seen:
            seen.add(k)
            out.append(p)
    return out


def _cells(row: Tag) -> list[Tag]:
    return row.find_all(["th", "td"], recursive=False)


def _table_pairs(table: Tag) -> list[SpecPair]:
    rows = [r for r in table.find_all("tr") if r.find_parent("table") is table]
    if not rows:
        return []
    header = None
    first = _cells(rows[0])
    is_header = rows[0].find_parent("thead") is not None or (first and all(c.name == "th" for c in first))
    if is_header and len(first) >= 3:
        header = [_text(c) for c in first]
        rows = rows[1:]
    elif is_header and len(first) == 2 and not _HAS_FIGURE.search(_text(first[1])):
        rows = rows[1:]  # "Specification | Value" caption row
    out: list[SpecPair] = []
    for row in rows:
        cells = [_text(c) for c in _cells(row)]
        if len(cells) < 2 or not cells[0]:
            continue  # section headings span the table
        if header and len(cells) == len(header):
            for variant, raw in zip(header[1:], cells[1:]):
                if raw:
                    out.append(SpecPair(_clean_key(cells[0]), raw, f"{cells[0]} | {variant} | {raw}", variant))
        elif len(cells) == 2 and cells[1]:
            out.append(SpecPair(_clean_key(cells[0]), cells[1], f"{cells[0]} | {cells[1]}"))
        else:
            out.append(SpecPair(_clean_key(cells[0]), " | ".join(cells[1:]), " | ".join(cells)))
    return out


def _dl_pairs(dl: Tag) -> list[SpecPair]:
    out: list[SpecPair] = []
    key = None
    for el in dl.find_all(["dt", "dd"]):
        if el.name == "dt":
            key = _clean_key(_text(el))
        elif key:
            raw = _text(el)
            if raw:
                out.append(SpecPair(key, raw, f"{key}: {raw}"))
    return out


def _li_pair(li: Tag) -> SpecPair | None:
    if li.find(["ul", "ol", "table", "dl"]):
        return None  # a parent item; its children are read on their own
    text = _text(li)
    if not text or len(text) > 300:
        return None
    bold = li.find(["strong", "b"])
    if bold and text.startswith(_text(bold)) and _text(bold):
        key = _clean_key(_text(bold))
        raw = text[len(_text(bold)) :].lstrip(" :：-–").strip()
        if raw:
            return SpecPair(key, raw, text)
    m = re.match(r"^([^:：\d][^:：]{1,60})[:：]\s*(.+)$", text)
    if m:
        return SpecPair(_clean_key(m.group(1)), m.group(2).strip(), text)
    if _HAS_FIGURE.search(text):
        return SpecPair(text, text, text)
    return None


# --- plain text (spec sheets as extracted text, PDFs, archived excerpts) --------------------------

_BULLET = re.compile(r"^\s*(?:[•●▪◦*·]|-(?=\s)|\d{1,2}\.(?=\s))\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9“\"(])")


def text_pairs(text: str) -> list[SpecPair]:
    """Key-value pairs of a plain text, in order: table rows written with pipes ("| Capacity | 51.2 Tb/s |"),
    "Key: value" lines, and every sentence that carries a figure (its whole text as key, like a keyless bullet)."""
    pairs: list[SpecPair] = []
    for line in text.splitlines():
        line = _BULLET.sub("", normalize_text(line)).strip()
        if not line or not _HAS_FIGURE.search(line) or re.fullmatch(r"[\d.,]+", line):
            continue  # a bare number on its own line is an item number or a counter, not a spec
        cells = [c.strip() for c in line.strip("|").split("|")]
        cells = [c for c in cells if c]
        if len(cells) >= 2 and "|" in line.strip("|"):
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                continue
            if len(cells) == 2 and not _HAS_FIGURE.search(cells[0]) and _HAS_FIGURE.search(cells[1]):
                pairs.append(SpecPair(_clean_key(cells[0]), cells[1], " | ".join(cells)))
                continue
        m = re.match(r"^([^:：\d][^:：]{1,60})[:：]\s*(.+)$", line)
        if m and len(line) <= 300:
            pairs.append(SpecPair(_clean_key(m.group(1)), m.group(2).strip(), line))
            continue
        for sentence in _SENTENCE_END.split(line.strip("| ")):
            # a long sentence is read clause by clause (";", ", ", "with", "and")
            pieces = [sentence] if len(sentence) <= 300 else re.split(r";\s+|,\s+|\s+(?:with|and)\s+", sentence)
            for piece in (x.strip() for x in pieces):
                if piece and _HAS_FIGURE.search(piece) and len(piece) <= 300:
                    pairs.append(SpecPair(piece, piece, piece))
    seen, out = set(), []
    for p in pairs:
        k = (p.key.lower(), p.raw)
        if k not in seen:
            seen.add(k)
            out.append(p)
    return out
