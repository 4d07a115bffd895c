"""The claims parser over real press texts labelled by reading (tests/corpus/claims_en, claims_zh).

The labels were written before the parser ran on each batch; tests/corpus/README.md says which batches
were then used to change the parser (tune ... tune6) and which one was not (holdout6), with the recall
each batch had when first measured. The measuring itself is in claims_corpus.py (also a script).
"""

from __future__ import annotations

import functools

import pytest

from tests.sources.parsers import claims_corpus as corpus

LANGS = ("en", "zh")


@functools.cache
def measured(lang: str, split: str = "all") -> corpus.Report:
    return corpus.measure(lang, split)


@pytest.mark.parametrize("lang", LANGS)
def test_corpus_has_real_documents_with_their_address(lang):
    docs = corpus.documents(lang)
    assert len(docs) >= 30
    assert len({d.doc for d in docs}) == len(docs)
    for d in docs:
        assert d.path.is_file() and d.path.stat().st_size > 200, d.doc
        assert d.url.startswith("http"), d.doc
        assert d.split in corpus.SPLITS, d.doc
    labelled = {x["doc"] for x in corpus.labels(lang)}
    assert labelled <= {d.doc for d in docs}
    assert len(labelled) >= 30


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_quotes_its_text(lang):
    pages = {d.doc: corpus.squash(d.path.read_text(encoding="utf-8")) for d in corpus.documents(lang)}
    for name in ("labels.csv", "not_claims.csv"):
        for x in corpus.labels(lang, name):
            assert corpus.squash(x["evidence"]) in pages[x["doc"]], (name, x["doc"], x["evidence"])


@pytest.mark.parametrize("lang", LANGS)
def test_recall_over_the_whole_corpus(lang):
    rep = measured(lang)
    assert rep.labels >= 300
    assert rep.recall >= 0.95, rep.missed


@pytest.mark.parametrize(
    "split, at_least",
    [
        ("holdout6", 40),
        ("holdout7", 15),
        ("tune8", 130),
        ("tune9", 140),
        ("tune10", 140),
        ("tune11", 150),
        ("tune12", 110),
        ("tune13", 130),
        ("tune14", 140),
        ("tune15", 125),
        ("tune16", 90),
        ("tune17", 60),
        ("tune19", 55),
        ("tune20", 120),
        ("tune21", 150),
        ("tune22", 155),
        ("tune23", 180),
        ("tune24", 180),
        ("tune25", 170),
        ("tune26", 160),
        ("tune27", 175),
        ("tune28", 230),
        ("tune29", 200),
        ("tune30", 180),
        ("tune31", 65),
        ("tune32", 120),
        ("tune33", 120),
        ("tune34", 85),
        ("tune35", 90),
        ("tune36", 75),
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_recall_on_the_last_batches(lang, split, at_least):
    # Measured once before any change made after them: holdout6 95.8 % (en) and 94.3 % (zh), holdout7
    # 68.4 % (en: a results table in millions) and 100 % (zh); tune8 (collected as holdout8) 97.1 % (en)
    # and 90.8 % (zh); tune9 (holdout9) 93.2 % (en) and 97.3 % (zh); tune10 (holdout10) 98.7 % (en) and
    # 96.6 % (zh), the held-out figure of issue 21 (only the kind of reported results was tuned on it);
    # tune11 (holdout11) 98.1 % (en) and 88.3 % (zh); tune12 (holdout12) 96.5 % (en) and 99.2 % (zh);
    # tune13 (holdout13) 95.0 % (en) and 94.5 % (zh); tune14 (holdout14) 94.5 % (en) and 90.6 % (zh).
    # tune15 (holdout15) 88.5 % (en) and 95.3 % (zh); tune16 (holdout16) 71.7 % / 84.0 % with main's parser,
    # 98.9 % / 85.0 % after the round made from tune15 (corpus README); tune19 (holdout19) 95.3 % / 91.4 %;
    # tune20 (holdout20) 93.6 % / 96.0 %; tune21 (holdout21) 94.8 % / 85.1 %; tune22 (holdout22) 95.5 % / 86.9 %;
    # tune23 (holdout23) 94.9 % / 93.0 %; tune24 (holdout24) 85.8 % / 89.6 % (English 89.6 % with its 7 net-loss
    # labels corrected after the measurement); tune25 (holdout25) 100 % / 94.1 %;
    # tune26 (holdout26) 95.8 % / 96.5 %; tune27 (holdout27) 90.4 % / 91.3 %;
    # tune28 (holdout28) 98.9 % / 89.4 %; tune29 (holdout29) 96.2 % / 95.7 %; tune30 (holdout30) 91.8 % / 95.3 %;
    # tune31 (holdout31) 95.5 % / 97.3 %; tune32 (holdout32) 97.3 % / 92.7 %; tune33 (holdout33) 94.9 % / 89.3 %;
    # tune34 (holdout34) 88.5 % / 92.0 %; tune35 (holdout35) 97.8 % / 99.0 %; tune36 (holdout36) 96.6 % / 97.5 %.
    # The changes after each measurement
    # (corpus README) came after it, so what this checks is that they stay read.
    rep = measured(lang, split)
    assert rep.labels >= at_least
    assert rep.recall >= 0.95, rep.missed


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_that_are_not_claims_are_not_extracted(lang):
    # Per-share amounts, multipliers (35x, N 倍), growth factors, share and unit prices.
    assert measured(lang).not_claims == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_figure_without_its_evidence_in_the_text(lang):
    rep = measured(lang)
    assert rep.claims > 0
    assert rep.absent_evidence == []


@pytest.mark.parametrize("lang", LANGS)
def test_reported_results_are_actuals(lang):
    rep = measured(lang)
    assert rep.actual_labels >= 250
    assert rep.actual_kind_ok / rep.actual_labels >= 0.95, [w for w in rep.wrong if "kind" in w[2]]


@pytest.mark.parametrize("lang", LANGS)
def test_figures_found_keep_their_qualifier(lang):
    rep = measured(lang)
    assert rep.qualifier_ok / rep.found >= 0.98
