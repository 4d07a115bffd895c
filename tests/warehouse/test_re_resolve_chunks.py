"""Re-resolving observations and events against the entity registry goes chunk by chunk
(warehouse/load.py RESOLVE_CHUNK, so memory stays flat at 100x the data): every row is reached once;
and only the rows that need it are re-resolved (not stamped with the current registry and code).

Truth: the resolution the full offline refresh stored (entity, series key, period basis, evidence
check for 3,700+ real observations). The copy's resolved columns are wiped, then re-resolved with
chunks far smaller than the table (and not dividing it), and must come back exactly.
"""

from __future__ import annotations

import datetime as dt
import shutil

from sources.ledger.entities import Registry, normalize
from sources.ledger.ledger import load_ledger
from sources.records import Event, Observation, Provenance, Records
from warehouse import db, load
from pipelines import loading
from sources.ledger import resolve

COLS = {
    "observations": "entity_id, entity_resolution, series_key, period_basis, evidence_has_value",
    "events": "entity_id, entity_resolution",
}


def _resolved(con, table):
    return con.execute(f"SELECT record_id, {COLS[table]} FROM core.{table} ORDER BY record_id").fetchall()


def test_chunked_re_resolution_reaches_every_row_once(refreshed_home, tmp_path, monkeypatch):
    work = tmp_path / "w.duckdb"
    shutil.copy(db.paths(refreshed_home).work, work)
    con = db.connect_work(work)
    try:
        before = {t: _resolved(con, t) for t in COLS}
        assert len(before["observations"]) > 3000 and len(before["events"]) > 100
        registry = load_ledger().entities
        assert loading.re_resolve(con, registry) == 0  # the refresh left every row resolved with this registry
        con.execute(
            "UPDATE core.observations SET series_key = NULL, period_basis = NULL, evidence_has_value = NULL, "
            "resolved_with = NULL, entity_id = CASE WHEN entity_resolution = 'explicit' THEN entity_id END"
        )
        con.execute(
            "UPDATE core.events SET resolved_with = NULL, "
            "entity_id = CASE WHEN entity_resolution = 'explicit' THEN entity_id END"
        )
        monkeypatch.setattr(load, "RESOLVE_CHUNK", 97)
        loading.replace_entities(con, registry)
        assert {t: _resolved(con, t) for t in COLS} == before
        assert loading.re_resolve(con, registry) == 0
    finally:
        con.close()


PROV = Provenance(
    source_id="test_source",
    publisher="Test Publisher",
    title="A test page",
    url="https://example.org/t",
    published_on=dt.date(2025, 3, 1),
    evidence="Zorblax shipped 12,000 ports",
)
SUBJECT = "Zorblax fabric switch"  # no alias of the repository's registry (checked below)


def _records() -> Records:
    return Records(
        observations=[
            Observation(
                indicator="switch_ports_shipped",
                subject=SUBJECT,
                period="2024",
                value=12000.0,
                unit="units",
                kind="actual",
                prov=PROV,
            )
        ],
        events=[
            Event(
                event_date=dt.date(2025, 3, 1),
                date_precision="day",
                category="product_announcement",
                subject=SUBJECT,
                title="Zorblax announced",
                prov=PROV,
            )
        ],
    )


def test_rows_are_stamped_when_loaded_and_re_resolved_only_when_the_registry_changes(tmp_path):
    con = db.connect_work(tmp_path / "w.duckdb")
    try:
        registry = resolve.default_registry()
        assert registry.resolve(SUBJECT) == (None, "unresolved")
        loading.load_records(con, "test", _records(), registry)
        assert loading.re_resolve(con, registry) == 0  # loaded with this registry: nothing to redo
        # the same registry with one more alias: every row is re-resolved once, and the new alias applies
        entity = sorted(registry.entities)[0]
        grown = Registry(entities=dict(registry.entities), by_alias={**registry.by_alias, normalize(SUBJECT): entity})
        assert loading.re_resolve(con, grown) == 2
        assert con.execute("SELECT entity_id, entity_resolution FROM core.observations").fetchall() == [
            (entity, "subject")
        ]
        assert con.execute("SELECT entity_id FROM core.events").fetchall() == [(entity,)]
        assert loading.re_resolve(con, grown) == 0
    finally:
        con.close()
