"""A bibliography, not a file list: the files of one MLPerf round are cited once, with their count."""

from __future__ import annotations

import datetime as dt

from warehouse import citations

ROUND = "https://github.com/mlcommons/training_results_v6.0/tree/eabf23a07b2a0c60a289ff871dc3a46fff0d0421"
FORK = "https://github.com/Richardyu114/training_results_v6.0/blob/eabf23a07b2a0c60a289ff871dc3a46fff0d0421/"


def _file(path: str, url: str, via: str | None, rows: int, mart: str = "marts.mlperf_systems") -> dict:
    return {
        "publisher": "MLCommons",
        "title": f"MLPerf Training v6.0 system description {path}",
        "url": url,
        "published_on": "2026-06-16",
        "via": via,
        "family": "mlperf_training/v6.0",
        "family_title": "MLPerf Training v6.0 results: system descriptions",
        "family_url": ROUND,
        "family_member": path,
        "used_by": [{"mart": mart, "rows": rows}],
    }


ENTRIES = [
    # two files, each cited under its github.com page (via the fork) and its raw download
    _file(
        "A/systems/a.json",
        "https://github.com/mlcommons/training_results_v6.0/blob/x/A/systems/a.json",
        FORK + "A/systems/a.json",
        1,
    ),
    _file(
        "A/systems/a.json",
        "https://raw.githubusercontent.com/mlcommons/training_results_v6.0/x/A/systems/a.json",
        None,
        1,
        "marts.source_changes",
    ),
    _file(
        "B/systems/b.json",
        "https://github.com/mlcommons/training_results_v6.0/blob/x/B/systems/b.json",
        FORK + "B/systems/b.json",
        1,
    ),
    {
        "publisher": "TOP500.org",
        "title": "TOP500 List - June 2025",
        "url": "https://www.top500.org/lists/top500/2025/06/",
        "published_on": "2025-06-01",
        "via": "https://github.com/NERSC/DOE_HPC_Bootcamp_2025/blob/a81c97a8f0f029208984c4088654aa89392c69ee/data/TOP500_202506.csv",
        "family": None,
        "family_title": None,
        "family_url": None,
        "family_member": None,
        "used_by": [{"mart": "marts.top500_history", "rows": 9}],
    },
]


def test_a_round_is_one_entry_with_its_file_count_and_carrier():
    items = citations.bibliography(ENTRIES)
    assert len(items) == 2
    mlperf = next(i for i in items if i["family"])
    assert mlperf["files"] == 2  # a.json under two addresses counts once
    assert mlperf["url"] == ROUND and mlperf["published_on"] == "2026-06-16"
    assert (
        mlperf["via"]
        == "https://github.com/Richardyu114/training_results_v6.0/tree/eabf23a07b2a0c60a289ff871dc3a46fff0d0421"
    )
    assert mlperf["used_by"] == [
        {"mart": "marts.mlperf_systems", "rows": 2},
        {"mart": "marts.source_changes", "rows": 1},
    ]
    top500 = next(i for i in items if not i["family"])
    assert top500["files"] == 1 and top500["via"].endswith("TOP500_202506.csv")


def test_markdown_groups_by_publisher():
    text = citations.render_markdown(ENTRIES, None, today=dt.date(2026, 12, 1))
    assert "4 documents in 2 entries" in text
    assert text.index("## MLCommons") < text.index("## TOP500.org")
    assert "*MLPerf Training v6.0 results: system descriptions* (2 files)" in text
    assert text.count("\n- ") == 2


def test_csl_json_items():
    items = citations.csl_json(citations.bibliography(ENTRIES), accessed=dt.date(2026, 12, 1))
    mlperf = next(i for i in items if i["type"] == "dataset")
    assert mlperf["issued"] == {"date-parts": [[2026, 6, 16]]}
    assert mlperf["accessed"] == {"date-parts": [[2026, 12, 1]]}
    assert mlperf["publisher"] == "MLCommons" and mlperf["author"] == [{"literal": "MLCommons"}]
    assert mlperf["URL"] == ROUND and mlperf["note"].startswith("2 files; via https://github.com/Richardyu114/")
    assert len({i["id"] for i in items}) == len(items)
