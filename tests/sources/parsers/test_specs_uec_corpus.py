"""The specs and UEC parsers over real texts labelled by reading (tests/corpus/specs, tests/corpus/uec).

The labels were committed before the parsers ran on these texts. Measured then (the parsers read
HTML only, so every text was refused): specs 0/102, UEC 0/17 (batch `tune`). After reading plain
text: specs 101/102, UEC 5/17. A second batch (`holdout1`, labelled after those changes) measured
once: specs 29/33, UEC 1/2; then two classes it showed were handled. All labels now: specs 134/135
(the miss: 8.8 pJ/bit, a unit the parser has no place for), UEC 6/19 (seven texts state no date and
were refused). Issue 21 (corpora): UEC reads every dated milestone of a text: 12/28 with a third batch
(see tests/corpus/uec/README.md). The floors below are those achieved figures.
"""

from __future__ import annotations

import functools

import pytest

from tests.sources.parsers import specs_uec_corpus as corpus

FAMILIES = ("specs", "uec")


@functools.cache
def measured(family: str) -> corpus.Report:
    return corpus.measure(family)


@pytest.mark.parametrize("family", FAMILIES)
def test_corpus_has_real_documents_with_their_address(family):
    docs = corpus.documents(family)
    assert len(docs) >= 10
    assert len({d.doc for d in docs}) == len(docs)
    for d in docs:
        assert d.path.is_file() and d.path.stat().st_size > 200, d.doc
        assert d.url.startswith("http"), d.doc
    assert {x["doc"] for x in corpus.labels(family)} <= {d.doc for d in docs}


@pytest.mark.parametrize("family, files", [("specs", ("labels.csv",)), ("uec", ("labels.csv", "not_counts.csv"))])
def test_every_label_quotes_its_text(family, files):
    pages = {d.doc: corpus.squash(d.path.read_text(encoding="utf-8")) for d in corpus.documents(family)}
    for name in files:
        for x in corpus.labels(family, name):
            assert corpus.squash(x["evidence"]) in pages[x["doc"]], (name, x["doc"], x["evidence"])


def test_spec_texts_are_read():
    rep = measured("specs")
    assert rep.labels >= 156
    assert rep.errors == {}
    # 155/156: 134/135 before holdout2; holdout2 measured once 17/21 ("200-gigabit" and "1,024 serdes",
    # "512 input-output lanes" not read), then 21/21. The one miss: 8.8 pJ/bit, a unit with no place here.
    # The tune batch was 0/102 when the parser read HTML only.
    assert rep.found >= 155, rep.missed
    # The indicator of a sentence's figure is read from the words around it (specs/context.py): 63/85 -> 85/85
    # on tune+holdout1; holdout2 (4 texts labelled before the parser ran on them) measured once 10/13
    # (7/13 with the key rules alone), then 13/13 after "transfer rate", "first-generation" and the
    # hyphenated "200-gigabit" were read.
    assert rep.indicator_ok >= 98  # of 98 labels whose figure has an indicator


def test_spec_texts_of_the_holdout_batch():
    # Measured once before any change made after it: 29/33 (a decimal comma "51,2 TBit/s" read as 2 Tb/s,
    # "Gen5 x16" without the word PCIe); both classes were then handled, so this is no longer held out.
    rep = corpus.measure("specs", "holdout1")
    assert rep.labels == 33
    assert rep.found == 33, rep.missed


def test_no_pcie_generation_that_the_text_does_not_state():
    # "OCP 3.0 cards" and "OCP 3.0 formats" stand beside PCIe in these texts; 3.0 is no PCIe generation.
    stated: dict[str, set[float]] = {}
    for x in corpus.labels("specs"):
        if x["quantity"] == "pcie_gen":
            stated.setdefault(x["doc"], set()).add(float(x["value"]))
    rep = measured("specs")
    for doc, specs in rep.outputs.items():
        gens = {s.value for s in specs if s.unit == "generation"}
        assert gens <= stated.get(doc, set()), (doc, gens)


def test_uec_texts_recall_floor():
    # Issue 21 (corpora): every dated milestone of a text is an event of its own, dated from its sentence.
    # Before (one event per text, undated texts refused): 6/19 found, 6 of 9 emitted records labelled.
    # After: 10/19 on tune+holdout1; holdout2 (u15-u18, labelled and committed before the parser ran on
    # them) measured once at 0/9, then 2/9 after two classes it showed ("mid-2025", "detailing plans for").
    # The misses are texts that give no date for what they state (no publication date, "July 19" without
    # a year, "has released" in a later blog): warnings, not events dated by guess.
    rep = measured("uec")
    assert rep.labels >= 28
    assert rep.found >= 12, rep.missed
    assert rep.wrong_counts == []  # additions, individuals and prospects are not member totals
    assert rep.errors == {}


def test_uec_records_match_labels_or_are_read_true():
    # Precision against the labels: 12 of 14 emitted records match one. The two others were read and are
    # true milestones the labels do not list: u04 "launched last summer" (published 2024-03-23 -> 2023)
    # and u14 "the recent release of ... Specification 1.0" in a sentence naming Advancing AI 2025.
    rep = measured("uec")
    assert rep.evidence_absent == []  # every event and count quotes its text
    assert {(doc, what.split()[0]) for doc, what, _ in rep.unlabelled} <= {
        ("u04", "event:company"),
        ("u14", "event:spec_release"),
    }, rep.unlabelled


def test_uec_undated_milestones_are_warnings_not_events():
    # A milestone stated without a date the text or the page gives is named in a warning; nothing is
    # dated by the fetch.
    from sources.parsers import uec

    docs = {d.doc: d for d in corpus.documents("uec")}
    r = uec.parse(docs["u01"].document())  # no publication date; "officially released its Specification 1.0"
    assert r.events == [] and any("spec_release milestone stated without a date" in w for w in r.warnings)
    r = uec.parse(docs["u05"].document())  # "announced on July 19" gives no year
    assert r.events == [] and any("company milestone" in w for w in r.warnings)


def test_few_indicators_on_figures_the_reader_did_not_record():
    # A figure the parser maps to an indicator should be one the labels hold for that text ("100ns latency
    # reduction" is no port latency; Tomahawk 4's 25 Tbps in a Tomahawk 5 text stays without indicator).
    # Known exceptions, all in holdout1 prose (5): figures about other products or about a network in a
    # sentence ("up to 16000 ports" of a leaf-spine network, the older SN4000's "32 400 GbE-Ports" and
    # "8x 50 GBit/s Lanes", a competitor's "800GbE"): text mode reads every figure of a sentence.
    held: dict[str, set] = {}
    for x in corpus.labels("specs"):
        held.setdefault(x["doc"], set()).add(corpus._canon(float(x["value"]), x["unit"]))
    rep = measured("specs")
    stray = [
        (doc, s.value, s.unit, s.indicator)
        for doc, specs in rep.outputs.items()
        for s in specs
        if s.indicator
        and isinstance(s.value, float)
        and not any(
            u == corpus._canon(s.value, s.unit)[0] and corpus._close(corpus._canon(s.value, s.unit)[1], v)
            for u, v in held.get(doc, ())
        )
    ]
    # Issue 21 (corpora): 5 -> 2 once a figure's own clause is read (a predecessor's, "bisher" (so far) and
    # "first-generation" figures lose their indicator); left: "up to 16000 ports" and a competitor's "800GbE".
    assert len(stray) <= 2, stray
    assert not [x for x in stray if x[0] in corpus._in_split("specs", "tune")], stray
