"""A publish of the working warehouse under a given run: the one home for the helper the release tests share
(tests/warehouse/test_releases_prune.py, tests/reliability/test_reliability_releases.py)."""

from __future__ import annotations

import datetime as dt

from warehouse import db
from warehouse import publish as wpublish


def publish_run(home, run_id: str, finished_at: dt.datetime) -> None:
    con = db.connect_work(db.paths(home).work)
    con.execute(
        "INSERT INTO meta.runs BY NAME SELECT ? AS run_id, ? AS started_at, ? AS finished_at, 'offline' AS mode, "
        "'published' AS status, '{}' AS row_counts",
        [run_id, finished_at, finished_at],
    )
    wpublish.publish(home, con)
