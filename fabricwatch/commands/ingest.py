"""fabricwatch ingest: load dropped files (nccl-tests logs, TOP500 lists, analyst CSVs) as the inbox sensor does."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fabricwatch.config import home

NAME = "ingest"
MAX_WARNINGS = 10  # parser warnings shown per file
HELP = (
    "Copy files into $FABRICWATCH_HOME/inbox/ (nccl-tests logs, TOP500 list files, analyst ledger CSVs), "
    "then validate them and refresh what depends on them, as the inbox sensor does."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument(
        "--dagster-run",
        action="store_true",
        help="run the refresh as a Dagster run even when it could run without one (pipelines/fast_ingest.py: "
        "files whose folder's assets are known from lineage are loaded, checked and published without a "
        "Dagster run, and reported to Dagster afterwards)",
    )


def run(args: argparse.Namespace) -> int:
    from sources import inbox
    from warehouse import db

    missing = [f for f in args.files if not f.is_file()]
    if missing:
        print(f"error: no such file: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    h = home()
    inbox_dir = db.paths(h).inbox
    placed = inbox.drop(args.files, inbox_dir)
    unknown = [f for f, folder in placed if folder is None]
    for f, folder in placed:
        if folder:
            print(f"queued {f.name} → inbox/{folder}/", file=sys.stderr)
    for f in unknown:
        print(f"error: {f.name}: not recognised as an nccl-tests log, a TOP500 list or a ledger CSV", file=sys.stderr)
    if len(unknown) == len(placed):
        return 2
    # validate and move now, so the analyst hears at once what was rejected and why; the run
    # below then rebuilds what the accepted files reach (their source or the ledger, and what is
    # downstream of it by lineage), exactly as a sensor-started run
    results = inbox.process(inbox_dir)
    for r in results:
        if r.duplicate_of is not None:
            print(
                f"already ingested {r.folder}/{r.name}: identical to inbox/processed/{r.folder}/{r.duplicate_of.name}; "
                "not loaded again",
                file=sys.stderr,
            )
        else:
            print(
                f"{'accepted' if r.accepted else 'REJECTED'} {r.folder}/{r.name}"
                + (f": {r.reason}" if r.reason else ""),
                file=sys.stderr,
            )
        for w in r.warnings[:MAX_WARNINGS]:
            print(f"  warning: {w}", file=sys.stderr)
        if len(r.warnings) > MAX_WARNINGS:
            print(
                f"  … and {len(r.warnings) - MAX_WARNINGS} more warnings (fabricwatch parse {r.folder} FILE shows them all)",
                file=sys.stderr,
            )
    if not any(r.accepted for r in results):
        # nothing new to load: no refresh, no new release (a burst of bad drops never pushes good releases out)
        if results and not unknown and all(r.duplicate_of is not None for r in results):
            print(
                "nothing new to load: every file was already ingested; the published warehouse is unchanged",
                file=sys.stderr,
            )
            return 0
        what = (
            "no new file was accepted"
            if any(r.duplicate_of is not None for r in results)
            else "every file was rejected"
        )
        print(f"{what} (see inbox/rejected/); nothing refreshed, the published warehouse is unchanged", file=sys.stderr)
        return 2
    from warehouse.refresh_lock import RefreshBusy, refresh_lock

    folders = {r.folder for r in results if r.accepted}
    try:
        with refresh_lock(h, what="fabricwatch ingest"):
            # what the files reach known from lineage and no Dagster run pending: no Dagster run (decided
            # before Dagster is imported; pipelines/fast_ingest.py), journaled for Dagster to report
            from pipelines import fast_ingest

            plan = None if args.dagster_run else fast_ingest.applicable_plan(h, folders)
            if plan is not None:
                outcome = fast_ingest.run(h, plan)
            else:
                outcome = _dagster_run(h, folders)
    except RefreshBusy as exc:
        print(
            f"error: {exc} The accepted files wait in inbox/processed/ and load with the next refresh.", file=sys.stderr
        )
        return 2
    if not outcome.success or outcome.skipped_publish:
        print("ingest refresh FAILED; the published warehouse is unchanged", file=sys.stderr)
        return 1
    print(f"ingested {sum(r.accepted for r in results)} file(s); published {db.paths(h).published}")
    for check in outcome.failed_checks:  # non-blocking: a parser's previous records were carried forward
        print(f"  failed check: {check} (its previous records are still published, carried forward)", file=sys.stderr)
    settled = all(r.accepted or r.duplicate_of is not None for r in results)
    return 0 if settled and not unknown and not outcome.failed_checks else 1


def _dagster_run(h: Path, folders: set[str]):
    """The ingest as a Dagster run of what the folders' files reach (the refresh lock is held)."""
    from pipelines.automation import inbox_select
    from pipelines.ghost_runs import mark_ghost_runs_failed
    from pipelines.instance import dagster_instance
    from pipelines.runner import run_refresh
    from warehouse import refresh_status

    instance = dagster_instance(h)  # one instance for the ghost-run sweep and the run
    mark_ghost_runs_failed(h, instance=instance)
    outcome = run_refresh(h, mode="offline", select=inbox_select(folders), instance=instance)
    if not refresh_status.recorded(h, outcome.run_id):  # the run records itself (pipelines/run_status.py)
        refresh_status.record(
            h,
            run_id=outcome.run_id,
            success=outcome.success and not outcome.skipped_publish,
            failed_steps=outcome.failed_steps,
            failed_checks=outcome.failed_checks,
        )
    return outcome
