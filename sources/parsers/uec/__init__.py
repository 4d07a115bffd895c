"""Ultra Ethernet Consortium pages (ultraethernet.org news, specification, members) -> events and
membership counts.

News and press pages give dated events (spec releases, membership milestones, plugfests and
compliance, member product announcements) and, where the text states one, a member count
(`uec_members`, "more than 100 members" -> 100 with qualifier ">"). The members page gives the
listed organizations (`tables["uec_members"]`) and their count as an observation.
"""

from __future__ import annotations

import datetime as dt
import re

from bs4 import BeautifulSoup, Tag

from sources.document import Document
from sources.parsers.common.mentions import find_mentions, split_sentences
from sources.parsers.common.page import looks_like_html, page_text, page_title, provenance, published_on, soup_of
from sources.parsers.common.dates import find_dates
from sources.records import Event, Observation, ParseError, Records
from sources.parsers.common.units import normalize_text
from sources.parsers.uec.milestones import VENDORS, byline_date, find_milestones, one_per_milestone

SUBJECT = "Ultra Ethernet Consortium"

_CATEGORY_RULES = (
    ("plugfest", r"plugfest|interop(?:erability)? (?:event|test|demo)"),
    ("compliance", r"complian|certif"),
    ("spec_release", r"specification|\bspec\b|\b1\.0(?:\.\d)?\b"),
    ("membership", r"\bmembers?\b|membership|joins?\b|steering"),
    ("product_announcement", r"UEC[- ](?:ready|compliant)|\bNIC\b|\bswitch\b|\bships?\b"),
    ("company", r"formation|formed|launched|founded|Linux Foundation|(?:new|a) consortium|consortium to|\bto form\b"),
)
_MEMBER_NOUNS = re.compile(r"members|member companies|companies|organizations|organisations")
_LOGO_WORDS = re.compile(r"\s*\blogo\b\s*", re.I)


def categorize(title: str, description: str = "") -> str:
    """Event category from an item's title (description only when the title says nothing)."""
    if re.search(r"\b(?:" + "|".join(VENDORS) + r")\b", title) and re.search(
        r"\b(?:NIC|SuperNIC|switch|ASIC|chip|silicon|card)\b", title, re.I
    ):
        return "product_announcement"  # a member's "UEC-compliant NIC" is a product, not a compliance event
    for text in (title, f"{title} {description}"):
        for category, pattern in _CATEGORY_RULES:
            if re.search(pattern, text, re.I):
                return category
    return "other"


def _is_members_page(doc: Document, soup: BeautifulSoup) -> bool:
    h1 = soup.find("h1")
    heading = h1.get_text(" ", strip=True) if h1 else ""
    return bool(
        re.search(r"/members?(?:/|\.html?|$|\?)", doc.url)
        or re.fullmatch(r"(?:our |uec )?members?", heading.strip(), re.I)
    )


def _root(soup: BeautifulSoup) -> Tag:
    for tag in soup(("script", "style", "noscript", "nav", "header", "footer", "form", "aside")):
        tag.decompose()
    return soup.find("main") or soup.find("article") or soup.body or soup


# --- members page ---------------------------------------------------------------------


def member_names(root: Tag) -> list[tuple[str, str | None]]:
    """(organization, tier) for every listed member: logo alt texts, else list items."""
    out: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    for el in root.find_all(["img", "li"]):
        if el.name == "li" and (el.find("img") or el.find(["ul", "ol"])):
            continue
        name = _LOGO_WORDS.sub(" ", el.get("alt", "") if el.name == "img" else el.get_text(" ", strip=True)).strip()
        if not name or len(name) > 80 or name.lower() in seen:
            continue
        heading = el.find_previous(["h2", "h3"])
        tier = heading.get_text(" ", strip=True) if heading else None
        seen.add(name.lower())
        out.append((name, tier))
    return out


def _members_records(doc: Document, root: Tag, when: dt.date | None, records: Records) -> None:
    names = member_names(root)
    if not names:
        raise ParseError(f"{doc.url}: members page lists no organizations (logos without names or layout changed?)")
    vintage = when or (doc.fetched_at.date() if doc.fetched_at else None)
    records.tables["uec_members"] = [
        {
            "name": n,
            "tier": t,
            "listed_on": vintage,
            "source_id": doc.source_id,
            "url": doc.url,
            "document_sha": doc.sha256,
        }
        for n, t in names
    ]
    if vintage is None:
        records.warnings.append(f"{doc.url}: no published or fetched date; member count not emitted")
        return
    records.observations.append(
        Observation(
            indicator="uec_members",
            subject=SUBJECT,
            period=vintage.isoformat(),
            value=float(len(names)),
            unit="count",
            kind="actual",
            prov=provenance(doc, f"members page lists {len(names)} organizations", when),
            fabric="uec",
            note="count of organizations listed on the members page",
        )
    )


# --- news and press pages ------------------------------------------------------------


def _items(root: Tag) -> list[Tag]:
    """News items: <article>s, else list items / divs marked as news entries."""
    items = [a for a in root.find_all("article") if a is not root]
    if not items:
        items = root.find_all(attrs={"class": re.compile(r"news|post|press|entry|item", re.I)})
        items = [
            i for i in items if not i.find_parent(attrs={"class": re.compile(r"news|post|press|entry|item", re.I)})
        ]
    return items


def _item_date(item: Tag) -> tuple[dt.date, str] | None:
    t = item.find("time")
    if t and t.get("datetime"):
        d = find_dates(t["datetime"])
        if d:
            return d[0].date, d[0].precision
    d = find_dates(item.get_text(" ", strip=True))
    return (d[0].date, d[0].precision) if d else None


def _period(date: dt.date, precision: str) -> str:
    if precision == "year":
        return str(date.year)
    return date.isoformat() if precision == "day" else f"{date.year}-{date.month:02d}"


def member_counts(text: str) -> list[tuple[float, str | None, str]]:
    """(count, qualifier, sentence) for total-membership statements; additions ("45 new members") skipped."""
    out = []
    for sentence in split_sentences(text):
        for m in find_mentions(normalize_text(sentence)):
            s = normalize_text(sentence)
            after = s[m.start : m.end + 40]  # the mention and what follows it
            if (
                m.unit == "count"
                and m.noun
                and _MEMBER_NOUNS.fullmatch(m.noun)
                and not re.search(r"\bnew\b|added|joined", m.raw, re.I)
                and not re.search(r"\b(?:individual|new)\b|\bwho (?:have |had )?(?:joined|requested)\b", after, re.I)
            ):
                out.append((m.value, m.qualifier, sentence))
    return out


def _event_records(doc: Document, root: Tag, when: dt.date | None, records: Records) -> None:
    title_of_page = page_title(doc)
    entries: list[tuple[dt.date, str, str, str, str]] = []  # date, precision, title, description, text
    for item in _items(root):
        dated = _item_date(item)
        heading = item.find(["h1", "h2", "h3", "h4"]) or item.find("a")
        if not dated or heading is None:
            continue
        title = heading.get_text(" ", strip=True)
        paras = [p.get_text(" ", strip=True) for p in item.find_all("p")]
        entries.append((dated[0], dated[1], title, " ".join(paras), item.get_text("\n", strip=True)))
    if not entries:
        h1 = root.find("h1") or (root.find_parent("html") or root).find("h1")
        text = root.get_text("\n", strip=True)
        dated = find_dates(text[:600])
        date = (dated[0].date, dated[0].precision) if dated else ((when, "day") if when else None)
        if h1 is None or date is None:
            raise ParseError(f"{doc.url}: no dated news items or dated press release found (layout changed?)")
        paras = [p.get_text(" ", strip=True) for p in root.find_all("p")]
        entries.append((date[0], date[1], h1.get_text(" ", strip=True), " ".join(paras[:2]), text))
    _emit(doc, when, records, entries, title_of_page)


def _member_count(value, qualifier, date, precision, prov, note: str | None = None) -> Observation:
    """The consortium's member count as stated on a date (both the page and the plain-text readings)."""
    return Observation(
        indicator="uec_members",
        subject=SUBJECT,
        period=_period(date, precision),
        value=value,
        unit="count",
        kind="actual",
        prov=prov,
        value_qualifier=qualifier,
        fabric="uec",
        note=note,
    )


def _emit(doc: Document, when: dt.date | None, records: Records, entries: list, title_of_page: str | None) -> None:
    for date, precision, title, description, text in entries:
        vendor = next((v for v in VENDORS if re.search(rf"\b{v}\b", title)), None)
        category = categorize(title, description)
        records.events.append(
            Event(
                event_date=date,
                date_precision=precision,
                category=category,
                subject=SUBJECT,
                title=title,
                prov=provenance(doc, title, when, title_of_page),
                description=description[:500] or None,
                fabric="uec",
                vendor=vendor if category == "product_announcement" else None,
            )
        )
        seen: set[tuple] = set()
        for value, qualifier, sentence in member_counts(text):
            if (value, qualifier) in seen:
                continue  # the headline and the body state the same count
            seen.add((value, qualifier))
            records.observations.append(
                _member_count(value, qualifier, date, precision, provenance(doc, sentence, when, title_of_page))
            )


def _initial_count(value: float, sentence: str) -> bool:
    """Whether the sentence gives this count as the founding one ("initially consisted of 10 ... now 55")."""
    at = re.search(rf"(?<![\d.]){value:g}(?![\d])", sentence)
    before = sentence[max(0, at.start() - 60) : at.start()] if at else ""
    return bool(
        re.search(r"\binitial(?:ly)?\b|\bfounding\b|\bat (?:its )?(?:launch|formation)\b", before, re.I)
    ) and not (re.search(r"\bnow\b|\btoday\b", before.split("initial")[-1], re.I))


def _text_records(doc: Document, when: dt.date | None, records: Records) -> None:
    """A news text without markup (an archived excerpt, a forum thread, a report chapter): every UEC
    milestone it states, dated from its own sentence (see `milestones`), and the member counts it states,
    as of the publication date. Milestones and counts the text does not date are warnings, not records."""
    text = page_text(doc)
    if text.lstrip().startswith(("{", "[", "<")):
        raise ParseError(f"{doc.url}: not an HTML page or a text (content starts {text.strip()[:40]!r})")
    title = page_title(doc)
    when = when or byline_date(text)
    dated, undated = one_per_milestone(find_milestones(text, when))
    for m in dated:
        how = {
            "publication": f"dated by the page's publication date ({when}): the text states it as of that day",
            "relative": f"dated from a relative expression against the publication date ({when})",
        }.get(m.dated_by or "")
        records.events.append(
            Event(
                event_date=m.date,
                date_precision=m.precision,
                category=m.category,
                subject=SUBJECT,
                title=m.sentence[:200],
                prov=provenance(doc, m.sentence, when, title),
                description=how,
                fabric="uec",
                vendor=m.vendor if m.category in ("product_announcement", "membership") else None,
                milestone=m.milestone,
            )
        )
    for m in undated:
        records.warnings.append(
            f"{doc.url}: {m.category} milestone stated without a date the text or the page gives, not emitted: "
            f"{m.sentence[:120]!r}"
        )
    founded = next((m for m in dated if m.milestone == "uec-founded"), None)
    seen: set[tuple] = set()
    for value, qualifier, sentence in member_counts(text):
        initial = _initial_count(value, sentence)
        if initial:
            date, precision = (founded.date, founded.precision) if founded else (None, None)
            note = "initial count, dated by the formation the text states"
        else:
            own = find_dates(sentence)
            date, precision = (own[0].date, own[0].precision) if own else (when, "day")
            note = None if own else "count as of the page's publication date"
        if date is None:
            records.warnings.append(
                f"{doc.url}: member count {value:g} stated without a date the text or the page gives, "
                f"not emitted: {sentence[:120]!r}"
            )
            continue
        if (value, qualifier) in seen:
            continue
        seen.add((value, qualifier))
        records.observations.append(
            _member_count(value, qualifier, date, precision, provenance(doc, sentence, when, title), note)
        )
    if not records.events and not records.observations and not undated:
        records.warnings.append(f"{doc.url}: the text states no UEC milestone and no member count")


def _records(doc: Document) -> Records:
    when = published_on(doc)
    if not looks_like_html(doc.text) and doc.text.strip():
        records = Records()
        _text_records(doc, when, records)
        return records
    soup = soup_of(doc)
    members_page = _is_members_page(doc, soup)
    root = _root(soup)
    records = Records()
    if members_page:
        _members_records(doc, root, when, records)
    else:
        _event_records(doc, root, when, records)
    return records


def parse(doc: Document) -> Records:
    return _records(doc)


def cli_json(doc: Document) -> dict:
    """{"events": [...], "member_counts": [...], "members": [names] | null}."""
    r = _records(doc)
    return {
        "events": [
            {
                "date": e.event_date.isoformat(),
                "precision": e.date_precision,
                "category": e.category,
                "title": e.title,
                "vendor": e.vendor,
                "evidence": e.prov.evidence,
            }
            for e in r.events
        ],
        "member_counts": [
            {"value": o.value, "qualifier": o.value_qualifier, "period": o.period, "evidence": o.prov.evidence}
            for o in r.observations
        ],
        "members": [row["name"] for row in r.tables["uec_members"]] if "uec_members" in r.tables else None,
    }
