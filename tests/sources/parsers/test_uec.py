"""Ultra Ethernet Consortium pages (fixtures written for tests, see their headers)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import uec
from sources.records import ParseError

PAGES = Path(__file__).resolve().parents[2] / "fixtures" / "pages"
FETCHED = dt.datetime(2025, 7, 1, 8, 0)


def doc(name: str, url: str, **kw) -> Document:
    return Document.from_path(PAGES / name, source_id="uec", url=url, **kw)


def test_news_listing_events():
    r = uec.parse(doc("uec_news.html", "https://ultraethernet.org/news/"))
    got = [(e.event_date, e.date_precision, e.category, e.vendor) for e in r.events]
    assert got == [
        (dt.date(2025, 10, 17), "day", "product_announcement", "Broadcom"),  # <time datetime>
        (dt.date(2025, 6, 11), "day", "spec_release", None),  # "June 11, 2025"
        (dt.date(2024, 4, 1), "month", "membership", None),  # "Apr 2024": month precision
        (dt.date(2023, 7, 19), "day", "company", None),  # "2023-07-19"
    ]
    assert r.events[1].title == "Ultra Ethernet Consortium Releases Specification 1.0"
    assert all(e.fabric == "uec" and e.subject == "Ultra Ethernet Consortium" for e in r.events)
    assert r.events[0].prov.publisher == "Ultra Ethernet Consortium"


def test_news_listing_member_counts():
    r = uec.parse(doc("uec_news.html", "https://ultraethernet.org/news/"))
    got = [(o.indicator, o.value, o.value_qualifier, o.period, o.unit) for o in r.observations]
    assert got == [
        ("uec_members", 100.0, ">", "2025-06-11", "count"),  # "over 100 companies"
        ("uec_members", 55.0, None, "2024-04", "count"),  # headline and body say 55 once; "forty-five new" skipped
    ]
    assert r.observations[0].prov.evidence == "The UEC is now backed by over 100 companies."
    assert r.observations[0].kind == "actual"


def test_single_press_release_with_dateline():
    r = uec.parse(doc("uec_press_spec_1_0.html", "https://ultraethernet.org/uec-launches-specification-1-0/"))
    [e] = r.events
    assert (e.event_date, e.category, e.title) == (
        dt.date(2025, 6, 11),
        "spec_release",
        "Ultra Ethernet Consortium (UEC) Launches Specification 1.0",
    )
    assert [(o.value, o.value_qualifier, o.period) for o in r.observations] == [(100.0, ">", "2025-06-11")]


def test_members_page():
    r = uec.parse(doc("uec_members.html", "https://ultraethernet.org/members/", fetched_at=FETCHED))
    names = [row["name"] for row in r.tables["uec_members"]]
    # Logo alt texts lose " logo"; AMD is listed twice (logo grid and list) and counted once.
    assert names == ["AMD", "Arista", "Broadcom", "Cisco", "Eviden", "HPE", "Intel", "Meta", "Microsoft"]
    assert r.tables["uec_members"][0]["tier"] == "Steering Members"
    assert r.tables["uec_members"][5]["tier"] == "Founding Members"
    [o] = r.observations
    assert (o.indicator, o.value, o.unit, o.period, o.kind) == ("uec_members", 9.0, "count", "2025-07-01", "actual")
    assert o.prov.document_sha == r.tables["uec_members"][0]["document_sha"]


def test_cli_json_contract():
    out = uec.cli_json(doc("uec_members.html", "https://ultraethernet.org/members/", fetched_at=FETCHED))
    assert out["events"] == []
    assert out["member_counts"] == [
        {"value": 9.0, "qualifier": None, "period": "2025-07-01", "evidence": "members page lists 9 organizations"}
    ]
    assert len(out["members"]) == 9
    news = uec.cli_json(doc("uec_news.html", "https://ultraethernet.org/news/"))
    assert news["members"] is None
    assert news["events"][2] == {
        "date": "2024-04-01",
        "precision": "month",
        "category": "membership",
        "title": "Ultra Ethernet Consortium grows to 55 members",
        "vendor": None,
        "evidence": "Ultra Ethernet Consortium grows to 55 members",
    }


@pytest.mark.parametrize(
    "title, expected",
    [
        ("UEC Plugfest at OCP", "plugfest"),  # plugfest wording
        ("UEC opens compliance program", "compliance"),  # compliance, no vendor product
        ("AMD Pensando Pollara 400, the industry's first UEC-ready AI NIC", "product_announcement"),  # member product
        ("Ultra Ethernet Consortium grows to 55 members", "membership"),
        ("UE 1.0.1 specification released", "spec_release"),  # point release number
        ("Webinar recording available", "other"),
    ],
)
def test_categorize(title, expected):
    assert uec.categorize(title) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The consortium now has more than 100 members.", [(100.0, ">")]),  # hedge -> qualifier
        ("Forty-five new members joined since November 2023.", []),  # additions are not a total
        ("UEC brings together more than 50 leading software, hardware, and solution providers.", []),  # no member noun
        ("The consortium now boasts 55 members and 715 industry experts.", [(55.0, None)]),  # experts are not members
    ],
)
def test_member_counts(text, expected):
    assert [(v, q) for v, q, _ in uec.member_counts(text)] == expected


def test_members_page_rendered_by_script_is_a_parse_error():
    with pytest.raises(ParseError, match="lists no organizations"):
        uec.parse(doc("uec_members_js.html", "https://ultraethernet.org/members/", fetched_at=FETCHED))


def test_news_page_without_dates_is_a_parse_error():
    body = b"<html><body><main><article><h2>Specification</h2><p>Read the spec.</p></article></main></body></html>"
    with pytest.raises(ParseError, match="no dated news items"):
        uec.parse(Document(source_id="uec", url="https://ultraethernet.org/news/", body=body))


def test_empty_page_is_a_parse_error():
    with pytest.raises(ParseError, match="empty document"):
        uec.parse(Document(source_id="uec", url="https://ultraethernet.org/news/", body=b""))


def test_non_ascii_dates_and_names():
    # A Chinese-language repost: the 2025年6月11日 dateline and a CJK title still give a dated spec release.
    body = (
        "<html><body><main><h1>超乙太網路聯盟發布 1.0 規格</h1>"
        "<p>2025年6月11日 超乙太網路聯盟（UEC）發布 1.0 規格。</p></main></body></html>"
    ).encode()
    r = uec.parse(Document(source_id="uec", url="https://ultraethernet.org/zh/news", body=body))
    [e] = r.events
    assert (e.event_date, e.date_precision, e.category) == (dt.date(2025, 6, 11), "day", "spec_release")


@pytest.mark.parametrize(
    "sentence, published, expected",
    [
        # a calendar date in the sentence, at its precision
        ("Since November 2023, when the UEC began accepting new members", None, (dt.date(2023, 11, 1), "month")),
        # a year phrase: year precision ("mid-2025" included); a year after publication is not taken
        ("Formed in the summer of 2023, the UEC aims", None, (dt.date(2023, 1, 1), "year")),
        ("Released in mid-2025, the UE 1.0.1 specification", None, (dt.date(2025, 1, 1), "year")),
        ("UEC plans its 2.0 release in 2027", dt.date(2025, 6, 1), None),
        # relative to the publication date: "last summer" said in March 2024 is summer 2023; said in
        # October 2024 it could be either, so no date
        ("which was launched last summer", dt.date(2024, 3, 23), (dt.date(2023, 1, 1), "year")),
        ("which was launched last summer", dt.date(2024, 10, 2), None),
        ("Since its founding last year", dt.date(2024, 3, 23), (dt.date(2023, 1, 1), "year")),
        # statements of the day take the publication date; without one they have none
        (
            "Earlier today, the Linux Foundation shared a press release",
            dt.date(2023, 7, 19),
            (dt.date(2023, 7, 19), "day"),
        ),
        ("Earlier today, the Linux Foundation shared a press release", None, None),
        ("the UEC has released its Specification 1.0", dt.date(2025, 10, 16), None),  # no "today": not dated
    ],
)
def test_milestone_dates_come_from_the_sentence_or_the_publication(sentence, published, expected):
    from sources.parsers.uec.milestones import sentence_date

    got = sentence_date(sentence, published)
    assert (got[:2] if got else None) == expected


def test_plain_text_gives_one_event_per_dated_milestone():
    # Sentences adapted from tests/corpus/uec u04 (exbulletin, 2024-03-23): two milestones and two counts.
    text = (
        "Tech companies are rushing to join the Ultra Ethernet Consortium, which was launched last summer.\n"
        "Since November 2023, when the Ultra Ethernet Consortium began accepting new members, 45 new members "
        "have joined the Ultra Ethernet Consortium.\n"
        "UEC's membership, which initially consisted of 10 management members, now stands at 55 members.\n"
        "Since its founding last year, the Ultra Ethernet Consortium has built a fairly deep talent bench.\n"
    )
    d = Document(source_id="uec", url="https://example.org/uec", body=text.encode(), published_on=dt.date(2024, 3, 23))
    r = uec.parse(d)
    assert [(e.category, e.event_date, e.date_precision, e.milestone) for e in r.events] == [
        ("company", dt.date(2023, 1, 1), "year", "uec-founded"),  # once, though two sentences state it
        ("membership", dt.date(2023, 11, 1), "month", "uec-membership-opened"),
    ]
    # 55 as of publication; the initial 10 dated by the formation the text states, not by publication
    assert sorted((o.value, o.period) for o in r.observations) == [(10.0, "2023"), (55.0, "2024-03-23")]


def test_a_text_without_a_published_date_takes_its_byline():
    # tests/corpus/uec/u12 (ultraethernet.org, "By December 14, 2023No Comments"), read with no published
    # date: the byline dates the chair's "We have chartered and founded a total of 8 Working Groups".
    corpus = Path(__file__).resolve().parents[2] / "corpus" / "uec"
    d = Document(source_id="uec", url="https://ultraethernet.org/x", body=next(corpus.glob("u12_*.txt")).read_bytes())
    r = uec.parse(d)
    assert [(e.category, e.event_date, e.date_precision) for e in r.events] == [("other", dt.date(2023, 12, 14), "day")]
    # a date inside a sentence is not the page's date
    from sources.parsers.uec.milestones import byline_date

    assert byline_date("The UEC was formed on July 19, 2023 by nine companies that met in a long sentence.") is None
