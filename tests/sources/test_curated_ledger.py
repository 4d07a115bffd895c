"""The ledger loader: valid rows become records; any bad row fails the whole folder with file, line, field."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from sources.ledger.ledger import LedgerError, load_ledger, period_bounds

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ledger"
BASE = FIXTURES / "base"
BAD = FIXTURES / "bad"


def ledger_with(tmp_path: Path, *bad_files: str) -> Path:
    """The valid base ledger plus the named bad fixture files, in a fresh folder."""
    folder = tmp_path / "curated"
    shutil.copytree(BASE, folder)
    for name in bad_files:
        shutil.copy(BAD / name, folder / name)
    return folder


def load_errors(folder: Path) -> list[str]:
    with pytest.raises(LedgerError) as caught:
        load_ledger(folder)
    return caught.value.errors


@pytest.mark.parametrize(
    "period, start, end",
    [
        ("2024", dt.date(2024, 1, 1), dt.date(2024, 12, 31)),
        ("2024Q1", dt.date(2024, 1, 1), dt.date(2024, 3, 31)),
        ("2024Q3", dt.date(2024, 7, 1), dt.date(2024, 9, 30)),
        ("2024H1", dt.date(2024, 1, 1), dt.date(2024, 6, 30)),
        ("2024H2", dt.date(2024, 7, 1), dt.date(2024, 12, 31)),
        ("2024-02", dt.date(2024, 2, 1), dt.date(2024, 2, 29)),  # leap year
        ("2023-02", dt.date(2023, 2, 1), dt.date(2023, 2, 28)),
        ("2024-07-15", dt.date(2024, 7, 15), dt.date(2024, 7, 15)),
        ("2023-2027", dt.date(2023, 1, 1), dt.date(2027, 12, 31)),  # cumulative forecast range
    ],
)
def test_period_bounds(period, start, end):
    assert period_bounds(period) == (start, end)


@pytest.mark.parametrize("period", ["2024Q5", "2024H3", "2024-13", "2024-02-30", "FY2025Q4", "2027-2023", "24", ""])
def test_period_bounds_rejects(period):
    with pytest.raises(ValueError):
        period_bounds(period)


def test_base_fixture_loads_into_records():
    ledger = load_ledger(BASE)
    assert ledger.records.counts() == {"observations": 3, "events": 1, "products": 1}
    nic, claim, link = ledger.records.observations
    assert (nic.indicator, nic.value, nic.unit, nic.speed_gbps) == ("port_speed_gbps", 400.0, "Gbps", 400.0)
    assert nic.prov.published_on == dt.date(2024, 3, 18) and nic.prov.url == "https://vendor.example/nic"
    # carried by a seed: no url needed, no date but a note says why, qualifier kept
    assert claim.prov.url is None and claim.prov.via == "seed 999: test seed" and claim.value_qualifier == "~"
    assert claim.prov.published_on is None
    # a compatible unit declared in the catalog (GBps|TBps) is converted to the canonical unit, the
    # source's own figure kept in the note; a month-only publication date is kept as the 1st
    assert (link.unit, link.prov.published_on) == ("GBps", dt.date(2025, 3, 1))
    assert "TBps" in link.note
    assert "published_on given as 2025-03" in link.note
    assert [i["indicator"] for i in ledger.indicators] == [
        "port_speed_gbps",
        "effective_throughput_share",
        "nvlink_bandwidth_GBps",
    ]
    assert ledger.indicators[2]["unit"] == "GBps" and ledger.indicators[2]["compatible_units"] == ["TBps"]
    assert ledger.records.events[0].event_date == dt.date(2024, 11, 1)
    assert ledger.records.products[0].announced_on == dt.date(2024, 3, 18)


# (fixture file, line, field, words in the message)
BAD_CASES = [
    ("unknown_indicator_observations.csv", 3, "indicator", "unknown indicator 'port_speeds'"),
    ("bad_period_observations.csv", 3, "period", "bad period '2024Q5'"),
    ("missing_evidence_observations.csv", 3, "evidence", "required"),
    ("bad_unit_observations.csv", 3, "unit", "'Mbps' not one of"),
    ("wrong_unit_observations.csv", 3, "unit", "'GBps' does not match indicator 'port_speed_gbps' unit Gbps"),
    ("share_over_one_observations.csv", 3, "value", "share 95.0 outside 0-1"),
    ("bad_date_observations.csv", 3, "published_on", "bad date '2024-13-01': month must be in 1..12"),
    ("undated_without_note_observations.csv", 3, "published_on", "note saying why"),
    ("unknown_source_observations.csv", 3, "source_id", "unknown source 'nobody'"),
    ("missing_url_observations.csv", 3, "url", "required unless `via` names the seed"),
    ("bad_number_observations.csv", 3, "value", "not a number: '400G'"),
    ("duplicate_observations.csv", 5, "row", "duplicate of duplicate_observations.csv:3"),
    ("missing_column_products.csv", 2, "header", "missing column(s) kind"),
    ("formula_observations.csv", 3, "subject", "looks like a spreadsheet formula"),
    ("negative_observations.csv", 3, "value", "negative value -400 Gbps"),
]


@pytest.mark.parametrize("name, line, column, words", BAD_CASES, ids=[c[0] for c in BAD_CASES])
def test_bad_file_fails_the_whole_folder_naming_file_line_field(tmp_path, name, line, column, words):
    errors = load_errors(ledger_with(tmp_path, name))
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{name}:{line}: {column}: "), errors[0]
    assert words in errors[0]


def test_bad_kind_and_confidence_both_reported(tmp_path):
    errors = load_errors(ledger_with(tmp_path, "bad_kind_observations.csv"))
    assert errors == [
        "bad_kind_observations.csv:3: kind: 'rumour' not one of actual, estimate, forecast, vendor_claim, spec",
        "bad_kind_observations.csv:3: confidence: 'certain' not one of reported, derived, analyst_estimate",
    ]


def test_event_dates_checked_against_precision(tmp_path):
    errors = load_errors(ledger_with(tmp_path, "bad_date_events.csv"))
    assert errors == [
        "bad_date_events.csv:3: event_date: bad date '2024/11/20' (want YYYY-MM-DD)",
        "bad_date_events.csv:4: event_date: 2024-11-20 is not the first day of its month",
    ]


def test_all_problems_of_a_file_are_reported_together(tmp_path):
    errors = load_errors(ledger_with(tmp_path, "many_problems_observations.csv"))
    assert [e.split(": ")[0] + ": " + e.split(": ")[1] for e in errors] == [
        "many_problems_observations.csv:3: indicator",
        "many_problems_observations.csv:5: period",
        "many_problems_observations.csv:5: value",
        "many_problems_observations.csv:5: evidence",
    ]


def test_problems_in_several_files_are_all_reported_and_nothing_is_returned(tmp_path):
    folder = ledger_with(tmp_path, "bad_period_observations.csv", "bad_date_events.csv")
    with pytest.raises(LedgerError) as caught:
        load_ledger(folder)
    files = {e.split(":")[0] for e in caught.value.errors}
    assert files == {"bad_period_observations.csv", "bad_date_events.csv"}
    assert "3 problem(s)" in str(caught.value)


def test_same_fact_from_two_sources_is_kept(tmp_path):
    folder = ledger_with(tmp_path)
    row = (BASE / "good_observations.csv").read_text().splitlines()[2]
    other = row.replace(
        "test_vendor,Test Vendor,Test NIC datasheet,https://vendor.example/nic,,2024-03-18",
        "test_seed,Test Vendor,Test NIC review,https://review.example/nic,,2024-04-02",
    )
    header = (BASE / "good_observations.csv").read_text().splitlines()[1]
    (folder / "review_observations.csv").write_text(f"{header}\n{other.replace(',400,,', ',800,,')}\n")
    values = sorted(o.value for o in load_ledger(folder).records.observations if o.indicator == "port_speed_gbps")
    assert values == [400.0, 800.0]


def test_sources_extra_may_repeat_a_source_with_the_same_publisher(tmp_path):
    folder = ledger_with(tmp_path)
    (folder / "sources_extra.csv").write_text(
        "source_id,publisher,kind,homepage,licence_note\n"
        "test_vendor,Test Vendor,vendor,,again\n"
        "extra_one,Extra,press,,\n"
    )
    assert [s["source_id"] for s in load_ledger(folder).sources] == ["test_vendor", "test_seed", "extra_one"]
    (folder / "sources_extra.csv").write_text(
        "source_id,publisher,kind,homepage,licence_note\ntest_vendor,Someone Else,vendor,,\n"
    )
    assert load_errors(folder) == [
        "sources_extra.csv:2: source_id: duplicate id 'test_vendor' with another publisher (first in sources.csv:3)"
    ]


def test_indicators_extra_extends_the_catalog(tmp_path):
    folder = ledger_with(tmp_path)
    (folder / "indicators_extra.csv").write_text(
        "indicator,name,unit,category,cadence,description,fed_by\n"
        "uec_members,UEC members,count,uec,irregular,Members,tests\n"
        "port_speed_gbps,Again,Gbps,spec,irregular,Dup,tests\n"
    )
    assert load_errors(folder) == [
        "indicators_extra.csv:3: indicator: duplicate id 'port_speed_gbps' (first in indicators.csv:3)"
    ]


def test_short_row_and_unknown_column_are_reported(tmp_path):
    folder = ledger_with(tmp_path)
    (folder / "extra_events.csv").write_text(
        "# written for tests\n"
        "event_date,date_precision,category,subject,event,description,fabric,vendor,product_id,source_id,"
        "publisher,doc_title,url,via,published_on,evidence,confidence,colour\n"
        "2024-01-01,year,other,X,Y\n"
    )
    assert load_errors(folder) == [
        "extra_events.csv:2: header: unknown column(s) colour",
        "extra_events.csv:3: row: 5 cells, header has 18",
    ]


def test_event_note_explains_a_missing_date_and_joins_the_description(tmp_path):
    folder = ledger_with(tmp_path)
    (folder / "seedish_events.csv").write_text(
        "event_date,date_precision,category,subject,event,description,fabric,vendor,product_id,source_id,"
        "publisher,doc_title,url,via,published_on,evidence,confidence,note\n"
        "2025-07-01,half,product_shipping,Test rack,Test rack ships,2H,,,,test_seed,Test seed author,Test seed,,"
        "seed 999: test seed,,§3.1: 下半年,reported,published_on unknown: the seed is undated\n"
    )
    (event,) = [e for e in load_ledger(folder).records.events if e.subject == "Test rack"]
    assert event.prov.published_on is None
    assert event.description == "2H; published_on unknown: the seed is undated"


# ---- product dates carry their precision (issue 20: the Roadmap prints "2024-03", never a made-up day) ----------


def test_a_product_date_without_a_precision_is_a_day_and_one_with_it_keeps_it(tmp_path):
    base = load_ledger(BASE).records.products[0]
    assert (base.announced_on, base.announced_precision, base.shipping_precision) == (dt.date(2024, 3, 18), "day", None)
    folder = ledger_with(tmp_path)
    shutil.copy(FIXTURES / "precise_products.csv", folder / "precise_products.csv")
    precise = next(p for p in load_ledger(folder).records.products if p.product_id == "test-switch")
    assert (precise.announced_on, precise.announced_precision) == (dt.date(2024, 3, 1), "month")
    assert (precise.shipping_on, precise.shipping_precision) == (dt.date(2024, 7, 1), "half")


def test_product_precisions_are_checked(tmp_path):
    errors = load_errors(ledger_with(tmp_path, "bad_precision_products.csv"))
    assert errors == [
        "bad_precision_products.csv:3: announced_on: 2024-03-18 is not the first day of its month",
        "bad_precision_products.csv:4: shipping_precision: 'quarter' given without shipping_on",
        "bad_precision_products.csv:5: announced_precision: 'decade' not one of day, month, quarter, half, year",
    ]
