"""The disagreements documented in facts-notes.md and the consistent pairs issue 19 names
(tests/reference/documented_disagreements.csv, labelled by reading the notes and the ledger rows):
each real one surfaces in marts.conflicts, each apparent one sits in marts.apparent_conflicts with its
reason, and no pair labelled as measuring different things is reported as a conflict."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from sources.ledger.ledger import load_ledger
from warehouse import db, load, marts
from pipelines import loading

TRUTH = Path(__file__).parents[1] / "reference" / "documented_disagreements.csv"
ROWS = list(csv.DictReader(TRUTH.open(encoding="utf-8")))


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    ledger = load_ledger()
    connection = db.connect_work(tmp_path_factory.mktemp("documented") / "w.duckdb")
    load.replace_rows(connection, "core.indicators", ledger.indicators)
    load.replace_vocabulary(connection, ledger.vocabulary)
    loading.replace_entities(connection, ledger.entities)
    loading.load_records(connection, "curated", ledger.records, ledger.entities)
    marts.apply_all(connection)
    yield connection
    connection.close()


def _value_match(row: dict) -> tuple[list[str], list]:
    a, b = float(row["a"]), float(row["b"])
    close = "abs({col} - ?) <= 1e-9 * abs(?)"
    where = (
        f"(({close.format(col='a_value')} AND {close.format(col='b_value')}) OR "
        f"({close.format(col='a_value')} AND {close.format(col='b_value')}))"
    )
    return [where], [a, a, b, b, b, b, a, a]


def _pairs(con, relation: str, row: dict) -> int:
    if row["on"] == "date":
        return con.execute(
            f"SELECT count(*) FROM {relation} WHERE conflict_on = 'date' AND entity_id = ? AND period = ? "
            "AND ((a_event_date = ? AND b_event_date = ?) OR (a_event_date = ? AND b_event_date = ?))",
            [row["entity_id"], row["period"], row["a"], row["b"], row["b"], row["a"]],
        ).fetchone()[0]
    where, params = ["conflict_on = 'value'"], []
    for column in ("indicator", "entity_id", "period"):
        if row[column]:
            where.append(f"{column} = ?")
            params.append(row[column])
    more, more_params = _value_match(row)
    return con.execute(
        f"SELECT count(*) FROM {relation} WHERE {' AND '.join(where + more)}", params + more_params
    ).fetchone()[0]


def _beside(con, row: dict) -> int:
    """Rows of the companion view (marts.apparent_conflicts) holding the pair with a reason of the row's category:
    the reason itself (compatible_bounds, different_segment, ...), or, for a near pair, the category's dimension
    among the dimensions the two sides differ in (reason_detail: 'segment: a vs b; kind: ...'; a related entity
    counts as a different scope). Either side may carry the row's entity and period."""
    category = row["category"]
    dimension = category.removeprefix("different_")
    dims = [dimension] + (["entity"] if dimension == "scope" else [])
    reason = (
        "(apparent_reason = ? OR " + " OR ".join("(reason_detail LIKE ? OR reason_detail LIKE ?)" for _ in dims) + ")"
    )
    params: list = [category]
    for d in dims:
        params += [f"{d}:%", f"%; {d}:%"]
    where = [reason]
    if row["on"] == "date":
        where += ["conflict_on = 'date'", "? IN (entity_id, b_entity_id)"]
        params.append(row["entity_id"])
        where.append("((a_event_date = ? AND b_event_date = ?) OR (a_event_date = ? AND b_event_date = ?))")
        params += [row["a"], row["b"], row["b"], row["a"]]
    else:
        where.append("conflict_on = 'value'")
        if row["indicator"]:
            where.append("indicator = ?")
            params.append(row["indicator"])
        for column in ("entity_id", "period"):
            if row[column]:
                where.append(f"? IN ({column}, b_{column})")
                params.append(row[column])
        more, more_params = _value_match(row)
        where += more
        params += more_params
    sql = f"SELECT count(*) FROM marts.apparent_conflicts WHERE {' AND '.join(where)}"
    return con.execute(sql, params).fetchone()[0]


def _labelled(expect: str) -> list[dict]:
    return [r for r in ROWS if r["expect"] == expect]


def _item(row: dict) -> str:
    return row["doc"] + "#" + row["item"].rstrip("bc")


def test_every_item_of_the_notes_is_labelled():
    items = {
        r["item"].rstrip("bc") for r in ROWS if r["doc"] == "facts-notes.md" and not r["item"].startswith("consistent")
    }
    assert len(items) == 61  # 10 + 7 + 13 + 17 + 14 numbered items in facts-notes.md
    # the 50 value or date disagreements (issue 19): the 61 items less the 11 that compare no figure or date
    # (attributions, naming, qualifiers, framing notes the notes themselves call consistent)
    counted = {r["item"].rstrip("bc") for r in ROWS if r["counted"] == "yes"}
    assert len(counted) == 50
    not_pairs = {r["item"] for r in ROWS if r["doc"] == "facts-notes.md" and r["expect"] == "not_a_pair"}
    assert items - counted == {i for i in not_pairs if i == i.rstrip("bc")} and len(items - counted) == 11
    facts3 = {r["item"].rstrip("bc") for r in ROWS if r["doc"] == "facts3-market-notes.md"}
    assert len(facts3) == 21  # facts3-market-notes.md, "Sources that disagree, and revision trails" 1-21
    assert {r["expect"] for r in ROWS} <= {"conflict", "apparent", "not_comparable", "not_loaded", "not_a_pair"}
    assert all(r["reason"] for r in ROWS if r["expect"] not in ("conflict",)), "every non-conflict says why"
    assert all(r["category"] for r in ROWS if r["expect"] in ("apparent", "not_comparable"))
    assert {r["found_in"] for r in ROWS} <= {"conflicts", "companion", ""}


@pytest.mark.parametrize("row", _labelled("conflict"), ids=lambda r: r["item"])
def test_documented_disagreement_surfaces(con, row):
    assert _pairs(con, "marts.conflicts", row) >= 1


@pytest.mark.parametrize("row", _labelled("apparent"), ids=lambda r: r["item"])
def test_consistent_pair_is_apparent_not_a_conflict(con, row):
    assert _pairs(con, "marts.conflicts", row) == 0
    assert _beside(con, row) >= 1


@pytest.mark.parametrize("row", _labelled("not_comparable"), ids=lambda r: r["item"])
def test_different_quantities_never_pair(con, row):
    assert _pairs(con, "marts.conflicts", row) == 0


@pytest.mark.parametrize("row", [r for r in ROWS if r["expect"] != "not_a_pair"], ids=lambda r: r["item"])
def test_each_pair_is_where_its_label_says(con, row):
    # found_in, labelled by reading the notes and the ledger rows: in marts.conflicts, beside it in the companion
    # view with a reason of the label's category, or in neither (the reason column says why)
    in_conflicts = _pairs(con, "marts.conflicts", row) >= 1 if row["on"] != "none" else False
    beside = _beside(con, row) >= 1 if row["category"] and row["on"] != "none" else False
    assert (in_conflicts, beside and not in_conflicts) == (
        row["found_in"] == "conflicts",
        row["found_in"] == "companion",
    )


def _surfacing(con, rows: list[dict]) -> dict[str, str]:
    """Per item: conflicts, companion or the label of its best row when neither (not_loaded, not_comparable)."""
    order = {"conflicts": 0, "companion": 1}
    status: dict[str, str] = {}
    for row in rows:
        if row["on"] != "none" and _pairs(con, "marts.conflicts", row) >= 1:
            got = "conflicts"
        elif row["category"] and row["on"] != "none" and _beside(con, row) >= 1:
            got = "companion"
        else:
            got = row["expect"]
        item = _item(row)
        if item not in status or order.get(got, 9) < order.get(status[item], 9):
            status[item] = got
    return status


def test_documented_disagreements_surface_count(con):
    status = _surfacing(con, [r for r in ROWS if r["counted"] == "yes"])
    counts = {k: sum(1 for v in status.values() if v == k) for k in set(status.values())}
    assert len(status) == 50
    # 24 in marts.conflicts, 22 beside them in marts.apparent_conflicts with a reason of their label's category;
    # the 4 others are not loaded (documented_disagreements.csv says why for each)
    assert counts.get("conflicts", 0) == 24 and counts.get("companion", 0) == 22, counts
    assert counts.get("not_loaded", 0) == 4 and counts.get("not_comparable", 0) == 0, counts


def test_documented_disagreements_target(con):
    # issue 19: at least 45 of the 50 surface, in marts.conflicts or beside them with a reason of their label
    status = _surfacing(con, [r for r in ROWS if r["counted"] == "yes"])
    assert sum(1 for v in status.values() if v in ("conflicts", "companion")) >= 45


def test_facts3_disagreements_surface_count(con):
    # the 17 of facts3-market-notes.md's 21 that compare figures or dates: 4 in marts.conflicts, 7 beside them;
    # the 6 others compare different years or target years of a flow (their reasons in the CSV)
    status = _surfacing(con, [r for r in ROWS if r["doc"] == "facts3-market-notes.md" and r["expect"] != "not_a_pair"])
    counts = {k: sum(1 for v in status.values() if v == k) for k in set(status.values())}
    assert len(status) == 17 and counts.get("conflicts", 0) == 4 and counts.get("companion", 0) == 7, counts


def test_no_consistent_pair_is_a_conflict(con):
    for row in ROWS:
        if row["item"].startswith("consistent"):
            assert _pairs(con, "marts.conflicts", row) == 0, row["item"]


def test_a_forecast_and_its_later_actual_are_a_scorecard_pair(con):
    # facts3-market-notes.md #6: LightCounting's spring-2023 forecast of -1% for 2023 against the -6% it reported
    row = con.execute(
        "SELECT forecast_value, actual_value, signed_pct_error, horizon_months FROM marts.forecast_accuracy "
        "WHERE series_key LIKE 'market_growth_rate|optical-transceiver-market|%' AND period = '2023' "
        "AND forecast_publisher = 'LightCounting'"
    ).fetchone()
    assert row[:2] == (-0.01, -0.06)
    assert row[2] == pytest.approx(-0.01 / -0.06 - 1)  # -83%: the forecast saw a sixth of the decline
    assert row[3] == 7  # May 2023 to 2023-12-31


def test_company_guidance_meets_the_actual_it_forecast(con):
    # A company's guidance is a forecast of its own series (vocabulary/segments.csv: guidance is not a slice).
    # Celestica's January 2025 outlook of $10.7B for 2025 against the $12.4B it reported in January 2026;
    # Broadcom's AI semiconductor revenue guidance for its fiscal Q3 2025 ($6.2B) against the $6.5B reported.
    rows = {
        r[0]: r[1:]
        for r in con.execute(
            "SELECT series_key, period, forecast_value, actual_value, forecast_url, actual_url, signed_pct_error "
            "FROM marts.forecast_accuracy WHERE series_key IN ('company_revenue|celestica|-|-|-|-|-|annual', "
            "'vendor_ai_revenue|broadcom|-|-|-|-|-|quarterly') AND period IN ('2025', '2025Q3')"
        ).fetchall()
    }
    celestica = rows["company_revenue|celestica|-|-|-|-|-|annual"]
    assert celestica[:3] == ("2025", 10.7e9, 12.4e9)
    assert celestica[5] == pytest.approx(10.7 / 12.4 - 1)
    broadcom = rows["vendor_ai_revenue|broadcom|-|-|-|-|-|quarterly"]
    assert broadcom[:3] == ("2025Q3", 6.2e9, 6.5e9)


def test_every_scorecard_pair_names_two_documents(con):
    # each side by its address, or by its title when a seed document carried it (a ledger row may omit the
    # address only then)
    rows = con.execute(
        "SELECT coalesce(forecast_url, forecast_title), coalesce(actual_url, actual_title), forecast_evidence, "
        "actual_evidence, forecast_record_id, actual_record_id FROM marts.forecast_accuracy"
    ).fetchall()
    assert len(rows) >= 12
    for f_url, a_url, f_ev, a_ev, f_id, a_id in rows:
        assert f_url and a_url and f_ev and a_ev and f_id != a_id


def test_a_revision_trail_ends_in_the_actual(con):
    # Celestica's 2025 revenue: the January 2025 outlook ($10.7B), then the $12.4B it reported in January 2026
    trail = con.execute(
        "SELECT kind, value, realized_value FROM marts.forecast_revisions "
        "WHERE series_key = 'company_revenue|celestica|-|-|-|-|-|annual' AND period = '2025' ORDER BY vintage_number"
    ).fetchall()
    assert trail == [("forecast", 10.7e9, 12.4e9), ("actual", 12.4e9, 12.4e9)]
