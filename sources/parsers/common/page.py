"""Page helpers shared by the claims, specs and UEC parsers: text, publisher, date, provenance.

(Named claims_* because of file ownership; the specs and UEC parsers import it too.)
"""

from __future__ import annotations

import datetime as dt
import re
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

from sources.document import Document
from sources.records import ParseError, Provenance
from sources.text import main_text

# Publisher by host, for documents whose source_id is not in the registry (tests, ad-hoc files).
_PUBLISHER_BY_HOST = {
    "delloro.com": "Dell'Oro Group",
    "lightcounting.com": "LightCounting",
    "trendforce.com": "TrendForce",
    "nvidia.com": "NVIDIA",
    "broadcom.com": "Broadcom",
    "cisco.com": "Cisco",
    "amd.com": "AMD",
    "marvell.com": "Marvell",
    "arista.com": "Arista Networks",
    "ultraethernet.org": "Ultra Ethernet Consortium",
    "idc.com": "IDC",
    "650group.com": "650 Group",
    "counterpointresearch.com": "Counterpoint",
    "omdia.com": "Omdia",
    "gartner.com": "Gartner",
    "yolegroup.com": "Yole Group",
    "digitimes.com": "DIGITIMES",
    "digitimes.com.tw": "DIGITIMES",
    "hpe.com": "HPE",
    "celestica.com": "Celestica",
    "intel.com": "Intel",
    "juniper.net": "Juniper Networks",
    "coherent.com": "Coherent",
    "lumentum.com": "Lumentum",
}


def looks_like_html(text: str) -> bool:
    return bool(re.search(r"<(?:html|body|div|p|table|article|main|h1|ul|dl)\b", text[:5000], re.I))


def page_text(doc: Document) -> str:
    """The readable main text of a document (HTML or plain text); ParseError when there is none."""
    raw = doc.text
    if not raw.strip():
        raise ParseError(f"{doc.url}: empty document")
    # A leading HTML comment (fixture or archive header) is not page text.
    raw = re.sub(r"^\s*<!--.*?-->", "", raw, count=1, flags=re.S)
    text = main_text(raw) if looks_like_html(raw) else _fold_plain(raw)
    if not text.strip():
        raise ParseError(f"{doc.url}: no readable text (scripts/navigation only?)")
    return text


def _fold_plain(text: str) -> str:
    # Plain text keeps its "<" ("<400 ns"): main_text would read any "<" as markup.
    lines = (re.sub(r"[ \t\u00a0\u3000]+", " ", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def soup_of(doc: Document) -> BeautifulSoup:
    raw = doc.text
    if not raw.strip():
        raise ParseError(f"{doc.url}: empty document")
    if not looks_like_html(raw):
        raise ParseError(f"{doc.url}: not an HTML page (content starts {raw[:40]!r})")
    return BeautifulSoup(raw, "lxml")


def publisher_for(doc: Document) -> str:
    try:
        from sources import registry

        return registry.get(doc.source_id).publisher
    except (ImportError, KeyError):
        pass
    host = (urlsplit(doc.url).hostname or "").lower()
    for domain, name in _PUBLISHER_BY_HOST.items():
        if host == domain or host.endswith("." + domain):
            return name
    return host or doc.source_id


def sniff_published_on(raw: str) -> dt.date | None:
    """The page's own publication date (meta tags, <time datetime>), for documents fetched without one."""
    if not looks_like_html(raw):
        return None
    soup = BeautifulSoup(raw, "lxml")
    candidates = [
        m.get("content")
        for m in soup.find_all("meta")
        if (m.get("property") or m.get("name") or "").lower()
        in ("article:published_time", "date", "dc.date", "pubdate", "publish-date", "og:published_time")
    ]
    candidates += [t.get("datetime") for t in soup.find_all("time")]
    for value in candidates:
        m = re.match(r"\s*(\d{4})-(\d{2})-(\d{2})", value or "")
        if m:
            try:
                return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError:
                continue
    return None


def published_on(doc: Document) -> dt.date | None:
    return doc.published_on or sniff_published_on(doc.text)


def page_title(doc: Document) -> str:
    if doc.title:
        return doc.title
    raw = doc.text
    if looks_like_html(raw):
        soup = BeautifulSoup(raw, "lxml")
        for tag in (soup.find("h1"), soup.title):
            if tag and tag.get_text(strip=True):
                return tag.get_text(" ", strip=True)
    first = raw.strip().splitlines()[0] if raw.strip() else ""
    return first[:200] or doc.url


def provenance(doc: Document, evidence: str, when: dt.date | None = None, title: str | None = None) -> Provenance:
    return Provenance(
        source_id=doc.source_id,
        publisher=publisher_for(doc),
        title=title or page_title(doc),
        url=doc.url,
        published_on=when if when is not None else published_on(doc),
        evidence=evidence,
        document_sha=doc.sha256,
    )
