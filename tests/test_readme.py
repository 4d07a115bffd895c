"""README's example queries run against a fresh offline refresh and return rows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warehouse.query import run_query

pytestmark = pytest.mark.slow  # against the session's offline refresh (tests/conftest.py)

README = Path(__file__).resolve().parents[1] / "README.md"
QUERIES = re.findall(r"```sql\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_ten_example_queries():
    assert len(QUERIES) >= 10


@pytest.mark.parametrize("sql", QUERIES, ids=[f"query{i + 1}" for i in range(len(QUERIES))])
def test_readme_query_returns_rows(refreshed_home, sql):
    result = run_query(refreshed_home, sql, safe=True)
    assert result.columns and len(result.rows) > 0, sql
