"""Re-resolving every observation and event against the entity registry goes chunk by chunk
(warehouse/load.py RESOLVE_CHUNK, so memory stays flat at 100x the data): every row is reached once.

Truth: the resolution the full offline refresh stored (entity, series key, period basis, evidence
check for 3,700+ real observations). The copy's resolved columns are wiped, then re-resolved with
chunks far smaller than the table (and not dividing it), and must come back exactly.
"""

from __future__ import annotations

import shutil

from sources.ledger.ledger import load_ledger
from warehouse import db, load

COLS = {"observations": "entity_id, entity_resolution, series_key, period_basis, evidence_has_value",
        "events": "entity_id, entity_resolution"}


def _resolved(con, table):
    return con.execute(f"SELECT record_id, {COLS[table]} FROM core.{table} ORDER BY record_id").fetchall()


def test_chunked_re_resolution_reaches_every_row_once(refreshed_home, tmp_path, monkeypatch):
    work = tmp_path / "w.duckdb"
    shutil.copy(db.paths(refreshed_home).work, work)
    con = db.connect_work(work)
    try:
        before = {t: _resolved(con, t) for t in COLS}
        assert len(before["observations"]) > 3000 and len(before["events"]) > 100
        con.execute("UPDATE core.observations SET series_key = NULL, period_basis = NULL, evidence_has_value = NULL, "
                    "entity_id = CASE WHEN entity_resolution = 'explicit' THEN entity_id END")
        con.execute("UPDATE core.events SET entity_id = CASE WHEN entity_resolution = 'explicit' THEN entity_id END")
        monkeypatch.setattr(load, "RESOLVE_CHUNK", 97)
        load.replace_entities(con, load_ledger().entities)
        assert {t: _resolved(con, t) for t in COLS} == before
    finally:
        con.close()
