"""The work of the fetch, parse, calibration, mart and publish steps, without Dagster.

The assets (pipelines/assets/) call these functions and wrap what they return in Dagster results;
the fast ingest (pipelines/fast_ingest.py) calls the same functions without a Dagster run, so both
paths parse, load, build, check and publish with one code. Check outcomes are plain data
(`CheckOutcome`): stored in meta.checks here, turned into `dg.AssetCheckResult` by
pipelines/checks.py, or journaled for Dagster by pipelines/journal.py. Imports no Dagster and, at
import, no pandas (the model is imported by the calibration step when it runs).
"""

from __future__ import annotations

import datetime as dt
import logging
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import duckdb

from pipelines import loading
from pipelines.family_writes import family_tables
from sources.clock import naive_utc
from sources.fetch.modes import FetchMode
from sources.parsers.dispatch import StoredDocument, parse_documents, parser_version
from sources.registry import Source
from warehouse import db, marts, parse_state, quality, raw, refresh_status, runs
from warehouse import publish as wpublish

ERROR, WARN = quality.ERROR, quality.WARN
OK_STATUSES = ("ok", "duplicate")
YIELD_CHECK = parse_state.YIELD_CHECK
CALIBRATION_CHECK = "calibration_within_tolerance"
MART_KEY_PREFIX = "marts"
LOG = logging.getLogger("fabricwatch.steps")
LOG.addHandler(logging.NullHandler())


@dataclass
class CheckOutcome:
    """One asset check's outcome. `asset` is the asset key as a user string (`marts/conflicts`)."""

    asset: str
    check_name: str
    passed: bool
    description: str
    severity: str = ERROR  # ERROR or WARN (quality.ERROR / quality.WARN)
    blocking: bool = False  # a failed blocking check stops the publish
    metadata: dict = field(default_factory=dict)  # plain JSON (json_safe)

    def row(self, run_id: str) -> dict:
        """As a meta.checks row."""
        return runs.check_row(
            run_id=run_id,
            asset=self.asset,
            check_name=self.check_name,
            passed=self.passed,
            severity=self.severity,
            description=self.description,
            metadata=self.metadata,
        )

    @property
    def blocks(self) -> bool:
        return self.blocking and not self.passed

    def as_dict(self) -> dict:
        return asdict(self)


def check(asset: str, check_name: str, passed: bool, description: str, **kw) -> CheckOutcome:
    """A CheckOutcome with its metadata made plain JSON."""
    kw["metadata"] = {k: json_safe(v) for k, v in (kw.get("metadata") or {}).items()}
    return CheckOutcome(asset=asset, check_name=check_name, passed=passed, description=description, **kw)


def json_safe(value):
    """Dates as ISO strings, NaN as None: check metadata must be plain JSON."""
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if hasattr(value, "item"):  # numpy scalars
        return json_safe(value.item())
    return str(value)


# ---------------------------------------------------------------- fetch


def fetch_and_record(
    con: duckdb.DuckDBPyConnection,
    sources: list[Source],
    fetcher,
    *,
    home: str | Path,
    snapshots=None,
    max_workers: int = 32,
):
    """Read what is known, fetch (or replay) concurrently, store bodies under `home`, write the run (a FetchRun)."""
    from sources.fetch.runs import fetch_sources
    from sources.fetch.snapshots import SnapshotStore

    run = fetch_sources(
        sources,
        fetcher,
        SnapshotStore.under_home(home),
        known=raw.known_versions(con),
        inbox_root=db.paths(home).inbox / "processed",
        snapshots=snapshots,
        max_workers=max_workers,
    )
    raw.record_run(con, run)
    return run


def offline_fetch(con: duckdb.DuckDBPyConnection, sources: list[Source], home: str | Path):
    """What the fetch step does in offline mode with the default resource (replay), for `sources`."""
    from sources.fetch.fetchers import make_fetcher
    from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore

    snapshots = RecordedSnapshots(None)
    # a replay has no HTTP client, so no HttpConfig (building one imported httpx for nothing)
    fetcher = make_fetcher(FetchMode.offline, store=SnapshotStore.under_home(home), snapshots=snapshots)
    try:
        return fetch_and_record(con, sources, fetcher, home=home, snapshots=snapshots)
    finally:
        fetcher.close()


# ---------------------------------------------------------------- parse


def origin(source: Source) -> str:
    return f"parse_{source.source_id}"


def parse_source(con, run_id: str, source: Source, store, snapshots, log=LOG) -> tuple[dict, CheckOutcome]:
    """Parse a source's stored documents into the core tables (skipped when documents and parser are
    unchanged; a failing document's previous records carried forward) and run its yield check.
    Returns the facts the asset reports (plain values; `warnings` a list) and the check outcome."""
    version = parser_version(source.parser)
    hints = {e.get("url"): e for e in snapshots.manifest(source.source_id).get("entries", [])}
    docs = [
        StoredDocument(
            url=d["url"],
            sha256=d["sha256"],
            content_type=d["content_type"],
            encoding=d["encoding"],
            title=d["title"],
            published_on=d["published_on"],
            fetched_at=d["last_changed_at"],
            hints=hints.get(d["url"], {}),
        )
        for d in latest_documents(con, source.source_id)
    ]
    prev = parse_state.previous(con, source.source_id)
    skipped = parse_state.unchanged(prev, [(d.url, d.sha256) for d in docs], version)
    counts, warnings = {}, []
    if skipped:
        log.info(f"{source.source_id}: {len(docs)} documents unchanged, parse skipped")
        records_total = sum(p["records"] for p in prev.values())
        failed_n = sum(p["status"] not in OK_STATUSES for p in prev.values())
    else:
        records, statuses = parse_documents(source, docs, store.get)
        carry = parse_state.carry_forward(prev, parse_state.carried(con, source.source_id), statuses)
        counts = loading.load_records(
            con,
            origin(source),
            records,
            keep=[c["carried_sha256"] for c in carry],
            tables=family_tables(source.parser),
        )
        parse_state.save(con, source.source_id, source.parser, version, statuses)
        parse_state.save_carried(con, source.source_id, carry)
        records_total = sum(s.records for s in statuses)
        failed_n = sum(s.status not in OK_STATUSES for s in statuses)
        warnings = records.warnings
        for s in statuses:
            if s.status not in OK_STATUSES:
                log.warning(f"{source.source_id}: {s.url}: {s.status}: {s.error}")
        for c in carry:
            log.warning(
                f"{source.source_id}: {c['url']}: {c['carried_records']} records of its last good "
                f"parse ({c['carried_parsed_at']:%Y-%m-%d}) carried forward since {c['since']:%Y-%m-%d}"
            )
    parse_state.log_run(
        con, run_id, source.source_id, documents=len(docs), failed=failed_n, records=records_total, skipped=skipped
    )
    outcome = yield_check(con, run_id, source)
    facts = {
        "documents": len(docs),
        "failed": failed_n,
        "records": records_total,
        "skipped_unchanged": skipped,
        "dagster/row_count": records_total,
        "parser_version": version,
        **{f"rows_{k}": v for k, v in counts.items()},
        "warnings": list(warnings[:30]),
    }
    return facts, outcome


def latest_documents(con, source_id: str) -> list[dict]:
    return raw.latest_documents(con, source_id)


def yield_check(con, run_id: str, source: Source) -> CheckOutcome:
    """The parse asset's check (not blocking: a failing document's previous records are carried forward)."""
    state = parse_state.previous(con, source.source_id)
    last = parse_state.last_two_runs(con, source.source_id)
    carried = parse_state.carried(con, source.source_id)
    failing = [
        {"url": url, "status": row["status"], "error": (row["error"] or "")[:300]}
        for url, row in state.items()
        if row["status"] not in OK_STATUSES
    ]
    now = last[0]["records"] if last else 0
    before = last[1]["records"] if len(last) > 1 else None
    collapsed = before is not None and before > 0 and now == 0
    desc = (
        f"{len(state)} documents, {now} records"
        + (f" (previous run {before})" if before is not None else "")
        + (f"; {len(failing)} documents failed or yielded nothing" if failing else "")
        + ("; record count collapsed to zero" if collapsed else "")
        + (
            f"; the previous records of {len(carried)} document(s) ({sum(c['carried_records'] for c in carried.values())}"
            f" records, parsed {min(c['carried_parsed_at'] for c in carried.values()):%Y-%m-%d}) carried forward "
            f"since {min(c['since'] for c in carried.values()):%Y-%m-%d}"
            if carried
            else ""
        )
    )
    outcome = check(
        origin(source),
        YIELD_CHECK,
        not collapsed and not failing and not carried,
        desc,
        severity=ERROR,
        blocking=False,
        metadata={
            "records": now,
            "previous_records": before,
            "failing_documents": failing,
            "carried_documents": [
                {
                    "url": c["url"],
                    "records": c["carried_records"],
                    "parsed_at": c["carried_parsed_at"],
                    "since": c["since"],
                }
                for c in carried.values()
            ],
        },
    )
    runs.store_checks(con, [outcome.row(run_id)])
    return outcome


# ---------------------------------------------------------------- model calibration


def model_calibration(con, run_id: str, catalog=None, with_check: bool = True) -> tuple[dict, list[CheckOutcome]]:
    """model.calibration rebuilt from the nccl-tests runs and the ledger's benchmarks; its blocking check
    (stored in meta.checks). The fast ingest runs the same two functions in a second process on a copy of
    their inputs (pipelines/calibration_worker.py)."""
    facts = calibrate(con, catalog)
    if not with_check:
        return facts, []
    outcome = calibration_outcome(con)
    runs.store_checks(con, [outcome.row(run_id)])
    return facts, [outcome]


def calibrate(con, catalog=None) -> dict:
    """model.calibration rebuilt on `con` from what the model's queries read there; the facts the asset reports."""
    import fabric_model as fm
    import pandas as pd

    from warehouse import model_io

    catalog = catalog if catalog is not None else fm.load_catalog(model_io.observed_spec_overrides(con))
    from_runs = fm.points_from_runs(model_io.nccl_rows(con))
    published = fm.points_from_observations(model_io.benchmark_observations(con, fm.calibration.BENCHMARK_INDICATOR))
    calibration = fm.calibrate(pd.concat([from_runs, published], ignore_index=True), catalog)
    model_io.write_calibration(con, calibration)
    fitted = calibration[calibration["fitted"]]
    return {
        "points": len(calibration),
        "fitted": len(fitted),
        "from_runs": len(from_runs),
        "published": len(published),
        "median_abs_rel_error": float(fitted["abs_rel_error"].median()) if len(fitted) else None,
        "by_status": str(calibration["status"].value_counts().to_dict()),
    }


def calibration_outcome(con) -> CheckOutcome:
    """The calibration check's outcome on the calibration as written (model.calibration on `con`)."""
    import fabric_model as fm

    from warehouse import model_io

    points = model_io.read_calibration(con)
    points["abs_rel_error"] = points["rel_error"].abs()
    points["miss_reason"] = points["miss_reason"].fillna("")
    passed, summary = fm.calibration.check_calibration(points)
    outside = fm.calibration_failures(points)
    return check(
        "model_calibration",
        CALIBRATION_CHECK,
        passed,
        summary,
        severity=ERROR,
        blocking=True,
        metadata={
            "outside_tolerance": outside[
                ["point_id", "measured_busbw_GBps", "predicted_busbw_GBps", "rel_error", "miss_reason"]
            ].to_dict("records")
        },
    )


# ---------------------------------------------------------------- marts


def mart_asset(name: str) -> str:
    return f"{MART_KEY_PREFIX}/{name}"


def build_mart(
    con,
    run_id: str,
    mart: marts.Mart,
    specs: list[quality.MartCheck],
    previous: int | None,
    as_view: bool = False,
    present: dict[str, str] | None = None,
    own_transaction: bool = True,
    store: bool = True,
    built: marts.Built | None = None,
) -> tuple[dict, list[CheckOutcome]]:
    """(Re)create one mart (helpers already applied) and run its checks (ERROR ones blocking), stored in
    meta.checks in one write. Returns the facts the asset reports and the check outcomes. `present`: the
    marts on the connection (marts.existing_marts) and `built` what they were created from (marts.built_marts),
    shared by the marts of one step; `own_transaction`
    false: the caller holds a transaction around the step's marts (marts.apply_mart_stored); `store` false: the
    caller stores the outcomes (runs.store_checks), the step's in one write."""
    rows = marts.apply_mart_stored(
        con, mart, as_view=as_view, present=present, own_transaction=own_transaction, built=built
    )
    columns = marts.columns(con, mart.name)
    outcomes = []
    for spec in specs:
        with quality.described(mart.relation, [c["name"] for c in columns], rows):  # no catalog read again
            result = spec.run(con, previous if spec.needs_published_count else None)
        outcomes.append(
            check(
                mart_asset(mart.name),
                spec.name,
                result.passed,
                result.description,
                severity=spec.severity,
                blocking=spec.severity == quality.ERROR,
                metadata={"offending_rows": result.rows[: quality.MAX_ROWS]} if result.rows else {},
            )
        )
    if store:
        runs.store_checks(con, [o.row(run_id) for o in outcomes])  # one write for the mart's checks
    facts = {
        "relation": mart.relation,
        "columns": [dict(c) for c in columns],
        "rows": rows,
        "kind": "view" if as_view else "table",  # how the working warehouse holds it (warehouse/marts.py)
        "key": ", ".join(mart.key),
    }
    return facts, outcomes


def published_row_counts(home, names: list[str]) -> dict[str, int]:
    """Rows of each named mart in the published warehouse; a mart it lacks (or no published file) is absent."""
    if not names or not db.paths(home).published.exists():
        return {}
    try:
        with db.published_connection(home) as con:
            present = marts.existing_marts(con)
            wanted = [name for name in names if name in present]
            if not wanted:
                return {}
            # one query for all (names from the catalog, quoted): a query each cost ~3 ms a mart
            counts = " UNION ALL ".join(
                f'SELECT ? AS name, count(*) FROM {marts.SCHEMA}."{name.replace(chr(34), chr(34) * 2)}"'
                for name in wanted
            )
            return dict(con.execute(counts, wanted).fetchall())
    except Exception:  # noqa: BLE001 - an unreadable or older published file means "nothing to compare"
        return {}


# ---------------------------------------------------------------- publish


def publish_working(
    home: Path,
    *,
    run_id: str,
    started_at: dt.datetime,
    mode: str,
    selection: str | None,
    fingerprint: str | None,
    job: str | None,
    log: Callable[[str], None] | None = None,
    con: duckdb.DuckDBPyConnection | None = None,
) -> tuple[Path, dict[str, int]]:
    """Drop the marts whose file and the macros whose helper file no longer exist, record the run, rebuild the data dictionary and atomically publish the working warehouse
    (warehouse/publish.py: a killed publish leaves the published file as it was); then record the
    run's outcome for the dashboard (last_refresh.json). Returns the published path and row counts.
    `con`: the open work connection of the steps before (the fast ingest), used and closed here; else one
    is opened."""
    con = db.connect_work(db.paths(home).work) if con is None else con
    try:
        dropped = marts.drop_stale_marts(con)  # a deleted mart file leaves no view or table behind
        if dropped and log is not None:
            log(f"dropped marts whose file no longer exists: {', '.join(dropped)}")
        dropped = marts.drop_stale_macros(con)  # so does a deleted helper file (warehouse/sql/marts/_*.sql)
        if dropped and log is not None:
            log(f"dropped macros no helper file defines any more: {', '.join(dropped)}")
        counts = db.row_counts(con)
        db.refresh_data_dictionary(con)
        runs.record_published(
            con,
            run_id=run_id,
            started_at=started_at,
            mode=mode,
            selection=selection,
            row_counts=counts,
            fingerprint=fingerprint,
        )
        failed = runs.failed_checks(con, run_id)  # non-blocking ones (a parser carried forward)
    except Exception:
        con.close()
        raise
    path = wpublish.publish(home, con)  # closes con
    refresh_status.record(home, run_id=run_id, success=True, published=True, failed_checks=failed, job=job)
    return path, counts


def utc_now() -> dt.datetime:
    return naive_utc()
