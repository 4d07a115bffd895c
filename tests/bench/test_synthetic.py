"""bench/synthetic.py: grows the tables that grow, marks every copy synthetic, keeps real rows as they were."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import synthetic  # noqa: E402
from warehouse import db  # noqa: E402


def _observation(record_id: str, subject: str, published_on: dt.date) -> dict:
    return {
        "record_id": record_id,
        "indicator": "ethernet_ai_backend_revenue",
        "subject": subject,
        "period": "2024",
        "period_start": dt.date(2024, 1, 1),
        "period_end": dt.date(2024, 12, 31),
        "value": 1.5,
        "unit": "USD bn",
        "kind": "actual",
        "source_id": "delloro_news",
        "publisher": "Dell'Oro Group",
        "title": "Press release",
        "url": "https://www.delloro.com/news/x/",
        "published_on": published_on,
        "evidence": "quoted",
        "confidence": "high",
        "origin": "parse_delloro_news",
        "loaded_at": dt.datetime(2026, 11, 30),
    }


def test_factor_3_makes_two_marked_copies_one_new_series_one_older_vintage(tmp_path):
    path = tmp_path / "work.duckdb"
    con = db.connect_work(path)  # the real schema, from the migrations
    rows = [_observation("a", "world", dt.date(2025, 2, 1)), _observation("b", "China", dt.date(2025, 3, 1))]
    cols = list(rows[0])
    con.executemany(
        f"INSERT INTO core.observations ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
        [[r[c] for c in cols] for r in rows],
    )
    con.close()

    report = synthetic.scale_warehouse(str(path), 3)

    assert report.rows_before["core.observations"] == 2 and report.rows_after["core.observations"] == 6
    con = duckdb.connect(str(path), read_only=True)
    real = con.execute(
        "SELECT record_id, subject, published_on, publisher FROM core.observations "
        "WHERE source_id = 'delloro_news' ORDER BY 1"
    ).fetchall()
    assert real == [
        ("a", "world", dt.date(2025, 2, 1), "Dell'Oro Group"),
        ("b", "China", dt.date(2025, 3, 1), "Dell'Oro Group"),
    ]
    copies = con.execute(
        "SELECT record_id, subject, published_on, publisher, url, evidence, origin "
        "FROM core.observations WHERE source_id LIKE 'synthetic_bench%' ORDER BY 1"
    ).fetchall()
    # k = 1: a new series (subject suffixed), same date; k = 2: the same series, one week older
    assert [(c[0], c[1], c[2]) for c in copies] == [
        ("a~syn1", "world [synthetic 1]", dt.date(2025, 2, 1)),
        ("a~syn2", "world", dt.date(2025, 1, 25)),
        ("b~syn1", "China [synthetic 1]", dt.date(2025, 3, 1)),
        ("b~syn2", "China", dt.date(2025, 2, 22)),
    ]
    assert {c[3] for c in copies} == {"SYNTHETIC (bench)"}
    assert all(c[4].startswith("https://synthetic.invalid/") for c in copies)
    assert {c[6] for c in copies} == {"synthetic_bench"} and all("synthetic" in c[5] for c in copies)
    # every copy comes from a synthetic source of its own copy and real source (one report never holds two
    # real reports' figures: their shares cannot add up past 1 at any factor)
    assert con.execute(
        "SELECT record_id, source_id FROM core.observations WHERE origin = 'synthetic_bench' ORDER BY 1"
    ).fetchall() == [
        ("a~syn1", "synthetic_bench_1_delloro_news"),
        ("a~syn2", "synthetic_bench_2_delloro_news"),
        ("b~syn1", "synthetic_bench_1_delloro_news"),
        ("b~syn2", "synthetic_bench_2_delloro_news"),
    ]
    assert synthetic.synthetic_rows(con)["core.observations"] == {"synthetic": 4, "unmarked": 0}
    con.close()


def test_factor_1_adds_nothing(tmp_path):
    path = tmp_path / "work.duckdb"
    db.connect_work(path).close()
    report = synthetic.scale_warehouse(str(path), 1)
    assert report.rows_after["core.observations"] == 0 and not report.skipped
