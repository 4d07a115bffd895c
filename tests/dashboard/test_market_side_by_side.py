"""Market's side-by-side table of every definition of one market indicator (issue 20, question a: the market
this year and next, per publisher): on hand-made rows with the cells written by hand, and on the real offline
warehouse, where the AI back-end network market has definitions of three publishers (Dell'Oro Group, Goldman
Sachs and IDC, each from its own document in the curated ledger)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from dashboard import shape

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"

ROWS = pd.DataFrame(
    [
        # series_key, publisher, tier, year, kind, value, qualifier, unit
        ("a", "Dell'Oro Group", "original", 2023, "actual", 3.2e9, "~", "USD"),
        ("a", "Dell'Oro Group", "original", 2028, "forecast", 12e9, ">", "USD"),
        ("b", "IDC", "press", 2023, "estimate", 630e6, None, "USD"),
        ("b", "IDC", "press", 2023, "forecast", 127.2e6, None, "USD"),
        ("b", "IDC", "press", 2027, "forecast", 5.6e9, None, "USD"),
    ],
    columns=["series_key", "publisher", "tier", "year", "kind", "value", "value_qualifier", "unit"],
)


def test_one_row_per_definition_and_publisher_one_column_per_year_never_summed():
    table = shape.side_by_side(
        ROWS,
        {"a": "switches and NICs", "b": "GenAI DC Ethernet switch"},
        {"actual": "actual", "estimate": "estimate", "forecast": "forecast"},
        {"original": "original publisher", "press": "established press"},
    )
    assert list(table.columns) == ["definition", "publisher", "tier", "2023", "2027", "2028"]
    rows = table.set_index("definition")
    assert rows.loc["switches and NICs", "2023"] == "~$3.2 B (actual)"
    assert rows.loc["switches and NICs", "2028"] == ">$12 B (forecast)"
    assert pd.isna(rows.loc["switches and NICs", "2027"])  # a gap stays a gap, never 0
    # two kinds of one year in one cell, both as stated; nothing added across definitions
    assert set(rows.loc["GenAI DC Ethernet switch", "2023"].split("; ")) == {"$630 M (estimate)", "$127 M (forecast)"}
    assert rows.loc["GenAI DC Ethernet switch", "tier"] == "established press"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_market_lists_every_ai_backend_definition_side_by_side_on_the_real_warehouse(refreshed_home, monkeypatch, lang):
    monkeypatch.setenv("FABRICWATCH_HOME", str(refreshed_home))
    monkeypatch.setenv("FABRICWATCH_LANG", lang)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.switch_page("views/market_page.py").run()
    assert not at.exception, [e.message for e in at.exception]
    tables = [d.value for d in at.dataframe if "definition" in d.value.columns]
    assert tables, "no side-by-side table"
    side = tables[0]
    assert {"Dell'Oro Group", "Goldman Sachs", "IDC"} <= set(side["publisher"])
    assert side["definition"].nunique() >= 3
    assert not side["definition"].str.contains("|", regex=False).any()  # titles, never keys
    years = [c for c in side.columns if c.isdigit()]
    assert years and all(2022 <= int(y) <= 2031 for y in years)
