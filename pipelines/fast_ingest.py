"""`fabricwatch ingest` without a Dagster run, when lineage already says what the files reach.

An ingest of one nccl-tests log used to be a Dagster run: ~2 s of it was Dagster's import, its
instance, the definitions and the run's bookkeeping, before any work (docs/benchmarks.md, issue 23).
The work itself is small: replay the inbox folder, parse the file, rebuild the model's calibration
and the marts that read those rows, check them, publish. So it is decided and done before Dagster
is imported, with the same code as the Dagster steps (pipelines/steps.py):

- **The plan** (what a folder's files reach) is read from the asset graph by lineage, by every
  Dagster-backed refresh or ingest (pipelines/runner.py `save_plans`), into
  `$FABRICWATCH_HOME/dagster/fast_ingest_plans.json`, stamped with the code's fingerprint
  (pipelines/fingerprint.py `code_fingerprint`). A plan is used only while the code is the same; a
  folder whose files reach more than fetch, parse, the model's calibration and marts (the ledger,
  the spec-fed model assets) has no plan, and its ingest stays a Dagster run.
- **The run**: fetch (replay) and parse the folder's sources, then the planned marts in dependency
  order with all their checks. The calibration and its blocking check run in a second process
  (pipelines/calibration_worker.py), started before the fetch so that importing pandas and the model
  overlaps the replay and the parse, and calibrating overlaps the marts that do not read it; the marts
  that read it are built after it. A failed blocking check (or a failed step) stops there and nothing
  is published, exactly as the Dagster run's blocking checks do (what reads a blocked calibration is
  not built; the other marts are, as the run builds them). Then the same publish (warehouse/publish.py:
  atomic, a killed publish leaves the published file as it was) and the watch rules.
- **Dagster keeps track** through a journal (pipelines/journal.py) that the next Dagster-backed
  command or the inbox sensor reports as runless asset events.

The fast path is not taken (the ingest runs as a Dagster run) when the instance's storage is not
SQLite or may hold an unfinished run (a daemon run writing, a killed run for the ghost sweep:
pipelines/up_to_date.py), when no warehouse was published yet, or when a folder has no current plan.
"""

from __future__ import annotations

import json
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from pipelines import journal, steps
from pipelines.calibration_worker import CalibrationWorker
from pipelines.fingerprint import code_fingerprint
from pipelines.up_to_date import unfinished_runs_possible
from sources.files import write_atomic
from sources.fetch.modes import FetchMode
from warehouse import db, model_io, refresh_status, runs
from warehouse.dbapi import transaction

PLANS = "fast_ingest_plans.json"
MODEL_CALIBRATION = "model_calibration"
PUBLISH, ALERTS = "published_warehouse", "alert_deliveries"


@dataclass
class Plan:
    """What an ingest of some inbox folders rebuilds: their sources (fetch + parse), model, marts."""

    sources: list[str]  # source ids whose raw_ and parse_ assets run
    model: list[str]  # model asset names (only the calibration is supported)
    marts: list[str]  # mart names
    select: list[str]  # the selection as `--select` strings (recorded in meta.runs, like the Dagster run's tag)
    code_versions: dict[str, str] = field(default_factory=dict)  # asset key -> its code version


@dataclass
class FastOutcome:
    """What `fabricwatch ingest` reports (the fields of pipelines/runner.py RefreshOutcome it reads)."""

    success: bool
    run_id: str
    failed_steps: list[str] = field(default_factory=list)
    failed_checks: list[str] = field(default_factory=list)  # failed ERROR checks (blocking ones stop the publish)
    warnings: list[str] = field(default_factory=list)
    skipped_publish: bool = True
    seconds: float = 0.0
    materialized: list[str] = field(default_factory=list)


def plans_path(home: str | Path) -> Path:
    return Path(home) / "dagster" / PLANS


def code_versions_path(home: str | Path) -> Path:
    """Where the parser families' code versions are kept between commands (sources/code_versions.py
    `remember_in`): computing one walks its imports, ~0.2-0.3 s."""
    return Path(home) / "cache" / "code_versions.json"


# ---------------------------------------------------------------- the plan (written by the Dagster side)


def plan_of_keys(keys: list[str], select: list[str], code_versions: dict[str, str]) -> Plan | None:
    """A folder's selection (asset keys as user strings) as a plan; None when it reaches an asset the
    fast path does not run (then its ingest stays a Dagster run)."""
    sources, parsed, model, mart_names = set(), set(), [], []
    for key in keys:
        if key.startswith("raw_"):
            sources.add(key.removeprefix("raw_"))
        elif key.startswith("parse_"):
            parsed.add(key.removeprefix("parse_"))
        elif key.startswith(steps.MART_KEY_PREFIX + "/"):
            mart_names.append(key.split("/", 1)[1])
        elif key == MODEL_CALIBRATION:
            model.append(key)
        elif key not in (PUBLISH, ALERTS):
            return None
    if not sources or sources != parsed:
        return None
    return Plan(
        sorted(sources),
        model,
        sorted(mart_names),
        list(select),
        {k: v for k, v in code_versions.items() if k in keys and v},
    )


def save_plans(home: str | Path, plans: dict[str, Plan | None], code: str | None = None) -> None:
    """Write the plans of the inbox folders (None: that folder's ingest stays a Dagster run)."""
    from warehouse import marts

    marts.discover_marts()  # every mart file's lineage read (the definitions did: remembered, not parsed again)
    body = {
        "code": code or code_fingerprint(),
        "folders": {f: (p.__dict__ if p is not None else None) for f, p in plans.items()},
        "mart_reads": marts.known_reads(),  # the fast ingest orders the marts without parsing their SQL again
    }
    write_atomic(plans_path(home), json.dumps(body, indent=1, sort_keys=True))


def load_plan(home: str | Path, folders) -> Plan | None:
    """The union of the folders' plans when every one has a plan for the current code; else None."""
    try:
        body = json.loads(plans_path(home).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    chosen = [body.get("folders", {}).get(f) for f in sorted(folders)]
    if not chosen or any(p is None for p in chosen) or body.get("code") != code_fingerprint():
        return None
    from warehouse import marts

    marts.known_reads(body.get("mart_reads"))
    return Plan(
        sources=sorted({s for p in chosen for s in p["sources"]}),
        model=sorted({m for p in chosen for m in p["model"]}),
        marts=sorted({m for p in chosen for m in p["marts"]}),
        select=[s for p in chosen for s in p["select"]],
        code_versions={k: v for p in chosen for k, v in p["code_versions"].items()},
    )


def applicable_plan(home: str | Path, folders) -> Plan | None:
    """The plan when a fast ingest may run (module doc); None: run the ingest as a Dagster run."""
    if not db.paths(home).published.exists() or unfinished_runs_possible(Path(home)):
        return None
    return load_plan(home, folders)


# ---------------------------------------------------------------- the run


class _Blocked(Exception):
    """A failed blocking check: stop before the next step; nothing is published."""


def run(home: str | Path, plan: Plan, stream=None) -> FastOutcome:
    """Fetch, parse, calibrate, build and check the planned marts, publish unless a blocking check (or a step)
    failed; journal what was done for Dagster (pipelines/journal.py)."""
    from sources import code_versions
    from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore
    from sources.registry import REGISTRY
    from warehouse import marts, quality

    code_versions.remember_in(code_versions_path(home))

    stream = sys.stderr if stream is None else stream
    home = Path(home)
    t0 = last = time.monotonic()
    run_id = str(uuid.uuid4())
    started = steps.utc_now()
    materialized: list[dict] = []
    checks: list[steps.CheckOutcome] = []
    outcome = FastOutcome(success=False, run_id=run_id)
    step = "fetch"

    step_seconds: dict[str, float] = {}
    mark = {"t": t0}

    def done(name: str) -> None:
        nonlocal last
        now = time.monotonic()
        step_seconds[name] = round(step_seconds.get(name, 0.0) + now - last, 3)  # the marts' step comes twice
        print(f"  ok    {name}  ({now - last:.1f}s)", file=stream, flush=True)
        last = now

    def made(asset: str, kind: str, facts: dict) -> None:
        now = time.monotonic()
        materialized.append(
            {
                "asset": asset,
                "kind": kind,
                "facts": facts,
                "code_version": plan.code_versions.get(asset),
                "seconds": round(now - max(mark["t"], last), 3),  # since the previous asset of the step
            }
        )
        mark["t"] = now

    def checked(found: list[steps.CheckOutcome]) -> None:
        checks.extend(found)
        for c in found:
            status = "pass " if c.passed else ("warn " if c.severity == steps.WARN else "CHECK")
            print(f"  {status} {c.asset}:{c.check_name}", file=stream, flush=True)

    sources = [s for s in REGISTRY if s.source_id in plan.sources]
    print(
        f"ingest without a Dagster run (pipelines/fast_ingest.py): {', '.join(plan.select)}; "
        f"{len(plan.marts)} marts; reported to Dagster by the next refresh or the inbox sensor",
        file=stream,
        flush=True,
    )
    con = None  # the work connection, kept open for the publish when every step succeeds
    # the calibration runs in a second process, started first (pipelines/calibration_worker.py)
    worker = None
    try:
        worker = CalibrationWorker.start(db.paths(home).work.parent) if plan.model else None
        con = db.connect_work(db.paths(home).work)
        fetched = steps.offline_fetch(con, sources, home)
        for s in sources:
            report = fetched.reports[s.source_id]
            made(f"raw_{s.source_id}", "fetch", {**report.summary(), "mode": report.mode, "run_id": fetched.run_id})
        done("raw_sources")
        step = "parse_sources"
        store, snapshots = SnapshotStore.under_home(home), RecordedSnapshots(None)
        for s in sources:
            facts, check = steps.parse_source(con, run_id, s, store, snapshots)
            made(steps.origin(s), "parse", facts)
            checked([check])
        done(step)
        step = "build_marts"
        found_marts = marts.discover_marts()  # in dependency order
        selected = [m for m in found_marts if m.name in plan.marts]
        previous = steps.published_row_counts(home, [m.name for m in selected])
        dated = marts.clock_marts(found_marts)
        marts.apply_helpers(con)
        present, built = marts.existing_marts(con), marts.built_marts(con)

        def build(group: list[marts.Mart]) -> None:
            # a group's marts and their checks in one transaction: all of them or none (a mart that fails rolls
            # back the others, and nothing is published either way); one commit instead of one a mart, whose
            # WAL writes and syncs were ~0.1-0.2 s of the ingest (docs/benchmarks.md, fourth pass)
            with transaction(con):
                outcomes: list[steps.CheckOutcome] = []
                for mart in group:
                    facts, found = steps.build_mart(
                        con,
                        run_id,
                        mart,
                        quality.checks_for(mart),
                        previous.get(mart.name),
                        as_view=mart.name in dated,
                        present=present,
                        own_transaction=False,
                        store=False,
                        built=built,
                    )
                    made(steps.mart_asset(mart.name), "mart", facts)
                    checked(found)
                    outcomes.extend(found)
                runs.store_checks(con, [o.row(run_id) for o in outcomes])  # the group's checks in one write

        # the marts that do not read the calibration are built while the worker calibrates; the others after it
        after = marts.readers_of(found_marts, {model_io.CALIBRATION_TABLE}) if worker is not None else set()
        if worker is not None:
            step = "build_model"
            worker.submit(con)
            step = "build_marts"
        build([m for m in selected if m.name not in after])
        done(step)
        if worker is not None:
            step = "build_model"
            facts, found = worker.result(con, run_id)
            made(MODEL_CALIBRATION, "model", facts)
            checked(found)
            done(step)
            if any(c.blocks for c in found):  # as in the Dagster run: what reads the calibration is not built
                raise _Blocked(step)
            step = "build_marts"
            build([m for m in selected if m.name in after])
            done(step)
        if any(c.blocks for c in checks):  # every selected mart was built and checked first, as in the run
            raise _Blocked(step)
    except _Blocked as blocked:
        outcome.failed_steps = [str(blocked)]
        print(f"  FAIL  {blocked}: a blocking check failed", file=stream, flush=True)
    except Exception as exc:  # noqa: BLE001 - a failed step: recorded, nothing published (like a failed run step)
        outcome.failed_steps = [step]
        print(f"  FAIL  {step}: {str(exc).strip() or type(exc).__name__}", file=stream, flush=True)
    finally:
        if worker is not None:
            worker.stop()
    outcome.failed_checks = [f"{c.asset}:{c.check_name}" for c in checks if not c.passed and c.severity == steps.ERROR]
    outcome.warnings = [f"{c.asset}:{c.check_name}" for c in checks if not c.passed and c.severity == steps.WARN]
    journal.append(
        home,
        {
            "run_id": run_id,
            "stage": "build",
            "started_at": started.isoformat(),
            "materializations": materialized,
            "checks": [c.as_dict() for c in checks],
            "failed_steps": outcome.failed_steps,
            "step_seconds": step_seconds,
        },
    )
    outcome.materialized = [m["asset"] for m in materialized]
    if outcome.failed_steps:
        if con is not None:
            con.close()
        refresh_status.record(
            home,
            run_id=run_id,
            success=False,
            failed_steps=outcome.failed_steps,
            failed_checks=outcome.failed_checks,
            job=journal.JOB,
        )
        outcome.seconds = time.monotonic() - t0
        return outcome
    path, counts = steps.publish_working(
        home,
        run_id=run_id,
        started_at=started,
        mode=FetchMode.offline.value,
        selection=" ".join(plan.select),
        fingerprint=None,  # a partial run: the next whole refresh is never skipped because of it
        job=journal.JOB,
        con=con,  # closed by the publish
    )
    done("published_warehouse")
    published = [
        {
            "asset": PUBLISH,
            "kind": "publish",
            "facts": {"path": str(path), "tables": len(counts), "rows_total": sum(counts.values())},
        }
    ]
    published.append({"asset": ALERTS, "kind": "alerts", "facts": _alerts(home, run_id, stream)})
    journal.append(
        home,
        {
            "run_id": run_id,
            "stage": "publish",
            "materializations": published,
            "checks": [],
            "step_seconds": step_seconds,
            "seconds": round(time.monotonic() - t0, 3),
        },
    )
    outcome.materialized += [PUBLISH, ALERTS]
    outcome.success, outcome.skipped_publish = True, False
    outcome.seconds = time.monotonic() - t0
    return outcome


def _alerts(home: Path, run_id: str, stream) -> dict:
    """The watch rules on the new release, as the alerts asset runs them (never fails the ingest)."""
    from alerts import rules

    if not rules.store_path(home).exists():
        return {"rules": 0, "matched": 0, "sent": 0, "failed": 0}  # what run_after_publish returns then
    from alerts import delivery

    try:
        with db.published_connection(home) as con:
            counts = rules.run_after_publish(home, con, run_id, delivery.send)
    except Exception as exc:  # noqa: BLE001 - alerts never fail a refresh that already published
        print(f"  warning: watch rules not evaluated: {exc}", file=stream)
        return {"error": str(exc)}
    if counts["failed"]:
        print(f"  warning: {counts['failed']} alert deliveries failed; retried at the next refresh", file=stream)
    return counts
