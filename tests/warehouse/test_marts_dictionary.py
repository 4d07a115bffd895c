"""docs/data-dictionary.md is generated from the warehouse comments and kept current."""

from __future__ import annotations

from warehouse import dictionary, marts


def test_reference_dictionary_lists_every_mart_with_described_columns(tmp_path):
    con = dictionary.build_reference(tmp_path / "ref.duckdb")
    text = dictionary.render_markdown(con)
    con.close()
    for mart in marts.discover_marts():
        assert f"### marts.{mart.name}\n" in text
    assert "| `family_doubling_time_years` | DOUBLE | Years for the family's bandwidth to double:" in text
    # unit alternatives in descriptions do not break the table
    assert "(no description)" not in text
    assert text.index("## marts") < text.index("## core") < text.index("## meta")


def test_committed_dictionary_is_current():
    current = dictionary.DEFAULT_OUT.read_text(encoding="utf-8")
    assert current == dictionary.reference_markdown(), (
        "docs/data-dictionary.md is out of date: run `.venv/bin/python -m warehouse.dictionary`"
    )
