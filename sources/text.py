"""Main-text extraction shared by change tracking and claim extraction.

Pages are reduced to the text a reader sees: scripts, styles, navigation, headers,
footers and forms are dropped, block elements become lines, whitespace is folded.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

_DROP_TAGS = ("script", "style", "noscript", "template", "svg", "nav", "header", "footer", "form", "aside", "iframe")
_BOILERPLATE_CLASS = re.compile(r"(cookie|consent|breadcrumb|menu|navbar|sidebar|share|social|newsletter|subscribe)", re.I)
_BLOCK_TAGS = ("p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "br", "dt", "dd", "td", "th", "table", "ul", "ol", "blockquote", "pre")


def main_text(html: str) -> str:
    """Return the readable main text of an HTML page, one block per line.

    Prefers `<main>` or `<article>` when the page has one, else the whole `<body>`.
    Plain text (no tags) is returned with whitespace folded per line.
    """
    if "<" not in html:
        return _fold_lines(html)
    soup = BeautifulSoup(html, "lxml")
    for tag in soup(_DROP_TAGS):
        tag.decompose()
    for tag in soup.find_all(attrs={"class": _BOILERPLATE_CLASS}):
        if tag.name not in ("body", "main", "article", "html"):
            tag.decompose()
    root = soup.find("main") or soup.find("article") or soup.body or soup
    for tag in root.find_all(_BLOCK_TAGS):
        tag.insert_before("\n")
        tag.insert_after("\n")
    return _fold_lines(root.get_text())


def _fold_lines(text: str) -> str:
    lines = (re.sub(r"[ \t\u00a0\u3000]+", " ", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)
