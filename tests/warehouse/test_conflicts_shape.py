"""marts.conflicts' pairing rule on hand-built series (expected pairs computed by hand, not read from the mart).

The rule (warehouse/sql/marts/conflicts.sql): a side is one publisher, source and carrier; the newest vintage of
each side meets the newest vintage of every other side; within a side each vintage meets the one before it and
the other figures of its own vintage. So a series with k vintages gives O(k) pairs, not k^2 / 2.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from sources.records import Event, Observation, Provenance, Records
from warehouse import db, load, marts
from pipelines import loading

D = dt.date


def _prov(source: str, published_on: dt.date, evidence: str = "the figure") -> Provenance:
    return Provenance(
        source_id=source,
        publisher=source.upper(),
        title=f"{source} report",
        url=f"https://{source}.example.org/{published_on}",
        published_on=published_on,
        evidence=evidence,
        confidence="reported",
    )


def _obs(
    source: str,
    published_on: dt.date,
    value: float,
    qualifier: str | None = None,
    evidence: str = "the figure",
    kind: str = "forecast",
) -> Observation:
    return Observation(
        indicator="optics_units_shipped",
        subject="800G modules",
        period="2026",
        value=value,
        unit="units",
        kind=kind,
        value_qualifier=qualifier,
        prov=_prov(source, published_on, evidence),
    )


def _event(source: str, published_on: dt.date, day: dt.date) -> Event:
    return Event(
        event_date=day,
        date_precision="day",
        category="spec_release",
        subject="Spec X",
        title="Spec X 1.0",
        prov=_prov(source, published_on),
        entity_id="spec-x",
        milestone="spec-x-1.0-release",
    )


@pytest.fixture()
def build(tmp_path):
    made = []

    def _build(observations=(), events=()):
        con = db.connect_work(tmp_path / f"w{len(made)}.duckdb")
        load.replace_rows(
            con,
            "core.indicators",
            [
                {
                    "indicator": "optics_units_shipped",
                    "name": "Optics units",
                    "unit": "units",
                    "category": "optics",
                    "cadence": "yearly",
                }
            ],
        )
        loading.load_records(con, "shape", Records(observations=list(observations), events=list(events)))
        # spec-x is no entity of the registry, so the load leaves entity_id empty: name it here
        con.execute("UPDATE core.events SET entity_id = 'spec-x'")
        marts.apply_all(con)
        made.append(con)
        return con

    yield _build
    for con in made:
        con.close()


def _pairs(con) -> list[tuple]:
    return con.execute(
        "SELECT a_source_id, a_published_on, a_value, b_source_id, b_published_on, b_value, conflict_type "
        "FROM marts.conflicts WHERE conflict_on = 'value' ORDER BY ALL"
    ).fetchall()


def test_three_vintages_of_one_source_and_one_of_another(build):
    # P says 10, then 12, then 11; Q says 9 between P's second and third vintage
    con = build(
        [
            _obs("p", D(2024, 1, 1), 10),
            _obs("p", D(2024, 6, 1), 12),
            _obs("p", D(2025, 1, 1), 11),
            _obs("q", D(2024, 9, 1), 9),
        ]
    )
    assert _pairs(con) == [
        ("p", D(2024, 1, 1), 10.0, "p", D(2024, 6, 1), 12.0, "between_vintages"),  # P's first restatement
        ("p", D(2024, 6, 1), 12.0, "p", D(2025, 1, 1), 11.0, "between_vintages"),  # P's second restatement
        ("q", D(2024, 9, 1), 9.0, "p", D(2025, 1, 1), 11.0, "between_sources"),  # the two newest figures
    ]
    # P's newest figure carries the flag; it is the series' latest
    assert con.execute("SELECT value, has_conflict, vintages_for_period FROM marts.latest_indicators").fetchall() == [
        (11.0, True, 4)
    ]


def test_restatement_to_the_same_value_is_no_pair_and_agreement_is_none(build):
    # P restates 10 as 10 (no pair); Q's newest agrees with P's newest, Q's older 8 is Q's own restatement
    con = build(
        [
            _obs("p", D(2024, 1, 1), 10),
            _obs("p", D(2024, 6, 1), 10),
            _obs("q", D(2024, 2, 1), 8),
            _obs("q", D(2024, 7, 1), 10),
        ]
    )
    assert _pairs(con) == [("q", D(2024, 2, 1), 8.0, "q", D(2024, 7, 1), 10.0, "between_vintages")]


def test_a_range_meets_the_other_side_but_never_its_own_bounds(build):
    # R gives 8-12 in one sentence (two bounds, same address and evidence); S says 10 later
    con = build(
        [
            _obs("r", D(2024, 1, 1), 8, ">=", "8 to 12"),
            _obs("r", D(2024, 1, 1), 12, "<=", "8 to 12"),
            _obs("s", D(2024, 5, 1), 10),
        ]
    )
    got = con.execute(
        "SELECT a_value, a_value_qualifier, b_value, bounds_compatible, apparent_reason "
        "FROM marts.conflict_pairs ORDER BY a_value"
    ).fetchall()
    assert got == [(8.0, ">=", 10.0, True, "compatible_bounds"), (12.0, "<=", 10.0, True, "compatible_bounds")]
    # 10 lies within 8-12: not a disagreement (issue 19), so nothing in marts.conflicts
    assert con.execute("SELECT count(*) FROM marts.conflicts").fetchone()[0] == 0


def test_two_figures_of_one_vintage_meet_each_other(build):
    # one source and date, two sentences (different evidence): within_source, as before
    con = build([_obs("p", D(2024, 1, 1), 10, evidence="ten"), _obs("p", D(2024, 1, 1), 11, evidence="eleven")])
    # two statements of one publisher in one document are paired, and kept apart from the real disagreements
    # (issue 19): marts.apparent_conflicts, reason same_document
    got = con.execute("SELECT conflict_type, apparent_reason FROM marts.conflict_pairs").fetchall()
    assert got == [("within_source", "same_document")]
    assert con.execute("SELECT count(*) FROM marts.conflicts").fetchone()[0] == 0


def test_a_forecast_never_meets_an_actual(build):
    con = build([_obs("p", D(2024, 1, 1), 10), _obs("q", D(2024, 2, 1), 11, kind="actual")])
    assert _pairs(con) == []


@pytest.mark.parametrize("k", [5, 20, 60])
def test_pairs_grow_linearly_with_vintages(build, k):
    # two sources, k weekly vintages each, every vintage different from the one before it (P: 1, 2, 1, 2, ...;
    # Q: 3, 4, 3, 4, ...). Every vintage against every other would be ~(2k)^2 / 2 pairs; the rule gives
    # k - 1 restatements per source and one pair of newest figures: 2k - 1.
    start = D(2020, 1, 6)
    rows = [_obs("p", start + dt.timedelta(weeks=i), 1 + i % 2) for i in range(k)]
    rows += [_obs("q", start + dt.timedelta(weeks=i, days=1), 3 + i % 2) for i in range(k)]
    con = build(rows)
    assert con.execute("SELECT count(*) FROM marts.conflicts").fetchone()[0] == 2 * k - 1
    assert (
        con.execute("SELECT count(*) FROM marts.conflicts WHERE conflict_type = 'between_sources'").fetchone()[0] == 1
    )


@pytest.mark.parametrize("k", [4, 30])
def test_date_pairs_grow_linearly_with_vintages(build, k):
    # P restates the release date every month (alternating two days); Q gives a third day once
    rows = [
        _event("p", D(2024, 1 + i % 12, 1) + dt.timedelta(days=365 * (i // 12)), D(2025, 6, 10 + i % 2))
        for i in range(k)
    ]
    rows.append(_event("q", D(2023, 1, 1), D(2025, 7, 1)))
    con = build(events=rows)
    got = con.execute(
        "SELECT conflict_type, count(*) FROM marts.conflicts WHERE conflict_on = 'date' GROUP BY ALL ORDER BY ALL"
    ).fetchall()
    assert got == [("between_sources", 1), ("between_vintages", k - 1)]


@pytest.mark.parametrize("k", [5, 40])
def test_undated_figures_of_one_side_grow_linearly(build, k):
    # an undated page read k times, alternating two values (each reading its own address): one vintage
    # (undated) but k statements, chained: k - 1 pairs, not k^2 / 4; Q's dated figure meets P's newest statement
    rows = []
    for i in range(k):
        o = _obs("p", D(2024, 1, 1), 1 + i % 2)
        rows.append(
            dataclasses.replace(
                o, prov=dataclasses.replace(o.prov, published_on=None, url=f"https://p.example.org/read-{i:03d}")
            )
        )
    rows.append(_obs("q", D(2024, 6, 1), 3))
    con = build(rows)
    got = con.execute("SELECT conflict_type, count(*) FROM marts.conflicts GROUP BY ALL ORDER BY ALL").fetchall()
    assert got == [("between_sources", 1), ("within_source", k - 1)]
