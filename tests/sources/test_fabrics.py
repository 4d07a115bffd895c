"""One fabric vocabulary (sources/fabrics.py): every list of fabric ids in the project takes its ids from it."""

from __future__ import annotations

from dashboard.charts import FABRIC_COLOURS
from dashboard.shape import NOT_STATED
from dashboard.top500_charts import FABRIC_GROUPS as DASHBOARD_TOP500_GROUPS
from sources import fabrics


def test_every_subset_names_vocabulary_ids_only():
    # the MLPerf page's colour for a NULL fabric is keyed by its display label, not an id
    colours = tuple(k for k in FABRIC_COLOURS if k != NOT_STATED)
    for subset in (fabrics.LEDGER, fabrics.MLPERF, tuple(fabrics.TOP500_GROUPS), colours):
        assert set(subset) <= set(fabrics.FABRICS), set(subset) - set(fabrics.FABRICS)
        assert len(set(subset)) == len(subset)


def test_the_dashboard_takes_the_top500_groups_from_the_vocabulary():
    assert DASHBOARD_TOP500_GROUPS is fabrics.TOP500_GROUPS
    assert set(FABRIC_COLOURS) >= set(fabrics.TOP500_GROUPS) | set(fabrics.LEDGER)  # every charted fabric has a colour


def test_the_parsers_and_the_ledger_take_their_lists_from_the_vocabulary():
    from sources.ledger import format as ledger_format
    from sources.parsers.mlperf import nics
    from sources.parsers.top500 import families

    assert families.FABRIC_GROUPS is fabrics.TOP500_GROUPS
    assert nics.FABRICS is fabrics.MLPERF and ledger_format.FABRICS is fabrics.LEDGER
    assert set(families.FAMILY_GROUPS.values()) <= set(fabrics.TOP500_GROUPS)
