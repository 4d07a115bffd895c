"""Big tables: past TABLE_MAX_ROWS rows a table shows its newest rows with a notice, and its download button
holds what to re-read (relation and filter), never the page's frames (issue 15)."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import pytest

from dashboard import components, data, i18n


def test_newest_rows_by_the_vintage_column():
    df = pd.DataFrame(
        {"published_on": [dt.date(2024, 1, 1), None, dt.date(2026, 1, 1), dt.date(2025, 1, 1)], "value": [1, 2, 3, 4]}
    )
    assert components.newest(df, 2)["value"].tolist() == [3, 4]
    assert components.newest(df, 10) is df  # under the cap: untouched
    assert components.newest(pd.DataFrame({"v": [5, 6, 7]}), 2)["v"].tolist() == [5, 6]  # no date: first rows


@pytest.mark.parametrize(
    "lang, notice",
    [
        ("en", "Showing the newest 3 of {total} rows: download for all of them."),
        ("zh-TW", "顯示最新的 3 列（共 {total} 列）：完整資料請下載。"),
    ],
)
def test_overview_latest_figures_are_cut_with_a_notice(app, monkeypatch, lang, notice):
    monkeypatch.setenv(i18n.ENV, lang)
    monkeypatch.setattr(components, "TABLE_MAX_ROWS", 3)
    at = app("overview_page.py")
    assert not at.exception
    total = len(data.mart("latest_indicators"))
    assert total > 3
    table = next(
        df.value for df in at.dataframe if "indicator_name" in df.value.columns and "has_conflict" in df.value.columns
    )
    assert len(table) == 3
    # the three newest vintages of the mart, by published_on
    expected = sorted(data.mart("latest_indicators")["published_on"].dropna(), reverse=True)[:3]
    assert sorted(table["published_on"], reverse=True) == expected
    assert notice.format(total=f"{total:,}") in [c.value for c in at.caption]


def test_download_button_holds_the_relation_and_filter_not_the_frame(fixture_home, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(fixture_home))
    held = {}
    monkeypatch.setattr(components.st, "download_button", lambda label, data_, **kw: held.setdefault(kw["key"], data_))
    rows = components.rows("marts.latest_indicators", category="uec")
    components.download(data.mart("latest_indicators"), "latest", rows=rows)
    callable_ = held["latest_csv"]
    assert not any(isinstance(a, pd.DataFrame) for a in callable_.args)  # only the Rows recipe and the key
    assert callable_.args[0] == components.Rows(data.read, ("marts.latest_indicators",), (("category", "uec"),))
    # on click it re-reads exactly the filtered rows
    reread = rows()
    assert (
        set(reread["category"]) == {"uec"}
        and len(reread) == (data.mart("latest_indicators")["category"] == "uec").sum()
    )
    assert callable_().startswith(b"PK")  # the zip
