"""Milestones of the Ultra Ethernet Consortium stated inside a news text, each with the date the text
gives it.

A text about the UEC (a news article, a blog post, a forum thread, a report chapter) states several
milestones in passing: the consortium was formed, it began accepting members, a company joined, a
specification was released, working groups were founded, a compliance or plugfest programme ran, a
member's product is UEC-compliant. Each is found sentence by sentence and dated from its own sentence:

- a calendar date ("November 2023", "June 11, 2025") at its precision;
- a year ("In 2025", "in the summer of 2023") at year precision;
- a relative season or year ("last summer", "last year", "this year") against the publication date;
- a statement of the day ("today", "this week", "has announced", the publisher's own "we have") at
  the publication date, when the page gives one (its metadata, else a byline date in its opening).

A milestone the text states with none of these is not dated from the fetch or guessed: it is left out
with a warning naming it. One event per milestone per text: the first dated statement of it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from sources.parsers.common.dates import find_dates
from sources.parsers.common.mentions import split_sentences
from sources.parsers.common.units import normalize_text

_UEC = r"(?:Ultra\s+Ethernet|\bUEC\b|\bUE\b|consortium|the group)"
_VERSION = r"(\d\.\d(?:\.\d)?)"
_PLAN = re.compile(
    r"\b(?:will|would|expects?|expected|plans?|planned|planning|aims?|intends?|upcoming|slated|"
    r"working towards|works towards|soon|next year|later this year)\b",
    re.I,
)

# (category, milestone slug pattern, regex); first match wins, so narrower rules come first
_RULES: tuple[tuple[str, str, re.Pattern], ...] = tuple(
    (c, slug, re.compile(p, re.I))
    for c, slug, p in (
        (
            "spec_release",
            "uec-spec-{v}-release",
            r"\b(?:releas\w*|launch\w*|publish\w*|unveil\w*|announcement of|finali[sz]ed)\b[^.]{0,80}?"
            r"(?:spec(?:ification)?s?|standard)\s*(?:v(?:ersion)?\s*)?" + _VERSION + r"|"
            r"\b(?:releas\w*|launch\w*|publish\w*|unveil\w*|announcement of|finali[sz]ed)\b[^.]{0,40}?"
            r"\b(?:UEC?\s*)?" + _VERSION + r"\s+(?:spec(?:ification)?|standard)|"
            r"\b(?:UEC?\s*)?" + _VERSION + r"\s+(?:spec(?:ification)?\s+)?(?:was\s+|is\s+|being\s+)?released\b",
        ),
        (
            "other",
            "uec-working-groups",
            r"\b(?:chartered|founded|formed|established|created|launched)\b[^.]{0,40}\bworking groups?\b",
        ),
        (
            "membership",
            "uec-membership-opened",
            r"\b(?:began|begun|begin|started|start)\s+(?:to\s+)?accept\w*\s+(?:new\s+)?members|"
            r"\bopen(?:ed|ing)\s+(?:its|the)\s+(?:doors|membership)\b|\bmembership\s+(?:opened|opens)\b",
        ),
        (
            "company",
            "uec-founded",
            r"\b(?:was|were|been|be|is|officially)\s+(?:officially\s+)?(?:founded|formed|launched|established|created)\b|"
            r"^(?:founded|formed|launched|established)\b|\bformation\b[^.,;]{0,30}?\bof\b|"
            r"\bsince its (?:founding|formation|launch)\b|\b(?:founded|formed|established) by\b|"
            r"\b(?:announc\w*|shared|unveil\w*|detail\w*|press release)\b[^.]{0,40}\bplans for\b[^.]{0,30}" + _UEC,
        ),
        (
            "plugfest",
            "uec-plugfest",
            r"\bplugfests?\b[^.]{0,60}\b(?:held|hosted|took place|ran|completed|concluded|conducted)\b|"
            r"\b(?:held|hosted|ran|completed|conducted)\b[^.]{0,40}\bplugfests?\b",
        ),
        (
            "compliance",
            "uec-compliance",
            r"\b(?:compliance|certification)\s+(?:program(?:me)?|testing|tests?)\b[^.]{0,60}"
            r"\b(?:launched|began|begun|started|opened|underway|completed)\b|"
            r"\b(?:launched|began|started|opened|completed)\b[^.]{0,30}\b(?:compliance|certification)\s+program",
        ),
        (
            "product_announcement",
            "uec-product-{vendor}",
            r"\b(?:NIC|SuperNIC|switch|ASIC|adapter|card)\b[^.]{0,120}"
            r"(?:UEC?[- ](?:compliant|ready|capable)|compliant with (?:the\s+)?UEC|(?:UEC?|Ultra Ethernet) compliance)|"
            r"(?:UEC?[- ](?:compliant|ready|capable)|compliant with (?:the\s+)?UEC)[^.]{0,60}\b(?:NIC|SuperNIC|switch|ASIC)\b",
        ),
    )
)
_JOINED = re.compile(
    r"\b([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})\s+(?:has\s+|have\s+)?joined\s+(?:the\s+)?"
    r"(?:Ultra Ethernet Consortium|UEC)\b"
)
_VENDOR_JOINED = re.compile(r"\bjoin(?:ed|s)\b(?!\s+(?:forces|hands))", re.I)
_PRODUCT_VERBS = re.compile(
    r"\b(?:announc\w*|launch\w*|ship\w*|availab\w*|entering|enters|deploy\w*|unveil\w*|introduc\w*|releas\w*)\b", re.I
)
_YEAR = r"(20[1-3]\d)"
_SEASON_MONTH = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_YEAR_PHRASE = re.compile(
    r"\b(?:in|since|during|of|by|early|mid|late|end of|the end of|summer|spring|fall|autumn|winter)[\s-]+(?:of\s+)?"
    + _YEAR
    + r"(?!\.?\d|\s*(?-i:%|[GT]b|[GT]\b|[MGT]B\b|bn\b|billion|million))"
    + r"|\b"
    + _YEAR
    + r"\s+(?:summit|conference|event|show|plugfest)\b"
    + r"|\b(?:Advancing AI|OCP|SC|ISC|OFC|Hot Chips)\s*'?"
    + _YEAR
    + r"\b",
    re.I,
)
_LAST = re.compile(r"\blast\s+(year|spring|summer|fall|autumn|winter)\b|\b(this|earlier this)\s+year\b", re.I)
_OF_THE_DAY = re.compile(
    r"\btoday(?:[’']s)?\b|\bthis week\b|\b(?:has|have)\s+(?:just\s+)?announced\b|\bannounced today\b|"
    r"^(?:we|our)\b|\bwe (?:have|now have|now|'ve|’ve)\b",
    re.I,
)


@dataclass(frozen=True)
class Milestone:
    category: str
    milestone: str
    sentence: str
    date: dt.date | None
    precision: str | None
    dated_by: str | None  # how the date was found: "text", "year", "relative", "publication"
    vendor: str | None = None


def _slug(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")


def sentence_date(sentence: str, published: dt.date | None) -> tuple[dt.date, str, str] | None:
    """(date, precision, how) the sentence gives its statement, or None."""
    dates = [d for d in find_dates(sentence) if published is None or d.date <= published]
    if dates:
        return dates[0].date, dates[0].precision, "text"
    m = _YEAR_PHRASE.search(normalize_text(sentence))
    if m:
        year = int(next(g for g in m.groups() if g))
        if published is None or year <= published.year:
            return dt.date(year, 1, 1), "year", "year"
    if published is not None:
        m = _LAST.search(sentence)
        if m:
            word = (m.group(1) or "").lower()
            if m.group(2):
                return dt.date(published.year, 1, 1), "year", "relative"
            if word == "year":
                return dt.date(published.year - 1, 1, 1), "year", "relative"
            # "last summer" said before that season came round again is the previous year's
            if published.month <= _SEASON_MONTH[word]:
                return dt.date(published.year - 1, 1, 1), "year", "relative"
            return None  # said after the season: this year's or last year's, the text does not say
        if _OF_THE_DAY.search(sentence):
            return published, "day", "publication"
    return None


_BYLINE = re.compile(r"\s*(?:By|Published|Posted|Updated|Date|Episode Date)\b[:\s]*$", re.I)


def byline_date(text: str) -> dt.date | None:
    """The page's own date when a text comes without one: a full date in its opening (600 characters)
    on a byline ("By December 14, 2023", "Episode Date: April 1, 2024") or on a short line of its own
    ("August 11, 2023"). A date inside a sentence is not the page's date."""
    for line in text[:600].splitlines():
        for d in find_dates(line):
            if d.precision == "day" and (_BYLINE.fullmatch(line[: d.start]) or len(line.strip()) <= 40):
                return d.date
    return None


def find_milestones(text: str, published: dt.date | None) -> list[Milestone]:
    """Every milestone statement of the text, in order (several per milestone possible)."""
    out: list[Milestone] = []
    for sentence in split_sentences(text):
        s = " ".join(normalize_text(sentence).split())
        evidence = " ".join(sentence.split())  # verbatim (whitespace collapsed): the evidence quotes the text
        if len(s) < 12:
            continue
        for category, slug, pattern in _RULES:
            m = pattern.search(s)
            if not m:
                continue
            vendor = None
            if category == "product_announcement":
                vendor = _vendor(s)
                if vendor is None or not _PRODUCT_VERBS.search(s):
                    continue
            elif category == "company" and not re.search(_UEC, s, re.I):
                continue  # "Pensando, founded in 2017": another organization's founding
            if _PLAN.search(s[: m.end()]) and not _OF_THE_DAY.search(s) and category != "product_announcement":
                continue  # "the group works towards developing the initial version": a plan, not a milestone
            version = next((g for g in m.groups() if g), None) if category == "spec_release" else None
            when = sentence_date(s, published)
            out.append(
                Milestone(
                    category,
                    slug.format(v=version or "", vendor=_slug(vendor or "")),
                    evidence,
                    *(when or (None, None, None)),
                    vendor=vendor,
                )
            )
        joined = [m.group(1) for m in _JOINED.finditer(s)]
        if not joined and _VENDOR_JOINED.search(s) and re.search(r"\bmember\b", s, re.I):
            # "Nvidia was not originally a member, but joined recently": the one vendor the sentence names
            named = [v for v in VENDORS if re.search(rf"\b{v}\b", s, re.I)]
            joined = named if len(named) == 1 else []
        for who in joined:
            if re.fullmatch(r"(?:The|They|It|We|Members?|Companies|Vendors)", who.split()[0]):
                continue
            when = sentence_date(s, published)
            out.append(
                Milestone(
                    "membership", f"uec-member-joined-{_slug(who)}", evidence, *(when or (None, None, None)), vendor=who
                )
            )
    return out


VENDORS = (  # members whose products and joining the texts name (one list for the parser)
    "AMD",
    "Arista",
    "Broadcom",
    "Cisco",
    "NVIDIA",
    "Intel",
    "HPE",
    "Marvell",
    "Keysight",
    "Eviden",
    "Meta",
    "Microsoft",
    "Celestica",
    "Juniper",
    "Oracle",
)


def _vendor(s: str) -> str | None:
    return next((v for v in VENDORS if re.search(rf"\b{v}\b", s)), None)


def one_per_milestone(found: list[Milestone]) -> tuple[list[Milestone], list[Milestone]]:
    """(dated: the first dated statement of each milestone, undated: milestones the text never dates)."""
    dated: dict[str, Milestone] = {}
    undated: dict[str, Milestone] = {}
    for m in found:
        if m.date is not None:
            dated.setdefault(m.milestone, m)
        else:
            undated.setdefault(m.milestone, m)
    return list(dated.values()), [m for k, m in undated.items() if k not in dated]
