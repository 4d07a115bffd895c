"""Curated rows: how each date is known (date_basis), what the evidence is, and exact values."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sources.ledger.ledger import LedgerError, convert_exact, date_basis_for, load_ledger

BASE = Path(__file__).parents[1] / "fixtures" / "ledger" / "base"
HEADER = (
    "indicator,subject,period,value,value_qualifier,unit,kind,speed_gbps,fabric,vendor,product_id,region,"
    "segment,note,source_id,publisher,doc_title,url,via,published_on,evidence,confidence,date_basis,evidence_kind\n"
)


def _folder(tmp_path: Path, rows: str) -> Path:
    folder = tmp_path / "curated"
    shutil.copytree(BASE, folder)
    (folder / "extra_observations.csv").write_text(HEADER + rows, encoding="utf-8")
    return folder


def _row(value="400", note="", published_on="2024-03-18", date_basis="", evidence_kind="", evidence="spec: 400 Gb/s"):
    return (
        f"port_speed_gbps,Other NIC,2024,{value},,Gbps,spec,,,,,,,{note},test_vendor,Test Vendor,Sheet,"
        f"https://vendor.example/other,,{published_on},{evidence},reported,{date_basis},{evidence_kind}\n"
    )


@pytest.mark.parametrize(
    "row, published, basis",
    [
        ({"note": ""}, "2024-03-18", "published"),
        ({"note": "published_on is seed 003's own as-of date (以下資訊截至2025年6月)"}, "2025-06-01", "as_of"),
        ({"note": "undated page"}, None, "undated"),
        ({"date_basis": "retrieved", "note": "undated page read on this day"}, "2026-11-30", "retrieved"),
    ],
)
def test_date_basis_rule(row, published, basis):
    import datetime as dt

    assert date_basis_for(row, dt.date.fromisoformat(published) if published else None) == basis


def test_loaded_rows_carry_their_date_basis_and_evidence_kind(tmp_path):
    folder = _folder(
        tmp_path,
        _row(date_basis="retrieved", evidence_kind="table")
        + _row(value="800", published_on="", note="undated vendor page", evidence="spec: 800 Gb/s"),
    )
    obs = {o.value: o for o in load_ledger(folder).records.observations if o.subject == "Other NIC"}
    assert (obs[400.0].prov.date_basis, obs[400.0].prov.evidence_kind) == ("retrieved", "table")
    assert (obs[800.0].prov.date_basis, obs[800.0].prov.evidence_kind) == ("undated", "quote")
    base = {o.subject: o for o in load_ledger(BASE).records.observations}
    assert base["Test NIC"].prov.date_basis == "published" and base["Test fabric"].prov.date_basis == "undated"


@pytest.mark.parametrize(
    "row, message",
    [
        (_row(date_basis="undated"), "extra_observations.csv:2: date_basis: undated, but published_on is given"),
        (
            _row(date_basis="as_of", published_on="", note="undated"),
            "extra_observations.csv:2: date_basis: as_of needs a published_on",
        ),
        (_row(date_basis="someday"), "extra_observations.csv:2: date_basis: 'someday' not one of"),
        (_row(evidence_kind="hearsay"), "extra_observations.csv:2: evidence_kind: 'hearsay' not one of"),
        (
            _row(value="127200000.00000001"),
            "extra_observations.csv:2: value: '127200000.00000001' has more than 12 significant digits",
        ),
    ],
)
def test_bad_dates_evidence_kinds_and_float_noise_are_refused(tmp_path, row, message):
    with pytest.raises(LedgerError) as err:
        load_ledger(_folder(tmp_path, row))
    assert any(e.startswith(message) for e in err.value.errors), err.value.errors


def test_unit_conversion_is_exact():
    # binary floating point: the noise the ledger once stored (0.1272 bn USD -> 127200000.00000001)
    assert 0.1272 * 1e9 != 127200000 and 1.3 * 0.001 != 0.0013
    assert convert_exact("0.1272", 1e9) == 127200000 and convert_exact("1.3", 0.001) == 0.0013
    assert convert_exact("1.8", 1000.0) == 1800


def test_real_ledger_has_no_float_noise_and_every_undated_row_says_so():
    for obs in load_ledger().records.observations:
        assert len(f"{obs.value:.15g}".replace("-", "").replace(".", "").lstrip("0").rstrip("0")) <= 12, obs
        assert (obs.prov.published_on is None) == (obs.prov.date_basis == "undated"), obs
