"""fabricwatch refresh: run the whole asset graph in-process and publish on success."""

from __future__ import annotations

import argparse
import sys

from sources.fetch.modes import FetchMode

NAME = "refresh"
HELP = (
    "Fetch (or replay) every source, rebuild core, model and marts, run the checks, publish the warehouse. "
    "One refresh at a time: a second one started meanwhile refuses at once (exit 2). Exit 0: published, every "
    "check passed; 1: nothing published (a step or blocking check failed), or published while a parser found "
    "nothing (its previous records carried forward, its yield check failed)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mode",
        type=FetchMode,
        choices=list(FetchMode),
        default=FetchMode.offline,
        help="offline (default): replay the recorded snapshots shipped in the repo; "
        "live: fetch from the sites; record: fetch and write new snapshots into sources/snapshots/",
    )
    parser.add_argument(
        "--select",
        nargs="+",
        metavar="SELECTION",
        help="only these assets, then publish; Dagster selection syntax: an asset key "
        "(parse_uec), key:raw_uec+ (it and everything downstream), group:marts, ... "
        "(default: the whole graph)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="rebuild even when an offline refresh finds its inputs unchanged since the published run",
    )


def run(args: argparse.Namespace) -> int:
    from warehouse import db, refresh_status
    from warehouse.refresh_lock import RefreshBusy, refresh_lock
    from warehouse.releases import check_published

    h = db.home()
    print(f"fabricwatch refresh: mode={args.mode} home={h}", file=sys.stderr)
    with refresh_lock(
        h
    ):  # one refresh at a time: a second one refuses at once (RefreshBusy: exit 2, fabricwatch/errors.py)
        # nothing changed and no Dagster run pending: decided before Dagster is imported (pipelines/up_to_date.py)
        if args.mode == FetchMode.offline and not (args.select or args.force):
            from pipelines.up_to_date import offline_refresh_unchanged

            if offline_refresh_unchanged(h, db.paths(h).published):
                return _up_to_date(h)
        from pipelines.ghost_runs import mark_ghost_runs_failed, runs_in_progress  # (Dagster: once the lock is held)
        from pipelines.instance import dagster_instance
        from pipelines.runner import run_refresh

        instance = dagster_instance(h)  # opened once: the sweep, the live-run test and the run share it
        for ghost in mark_ghost_runs_failed(h, instance=instance):
            print(
                f"  marked run {ghost.run_id} ({ghost.job_name}, {ghost.status}) failed: {ghost.reason}",
                file=sys.stderr,
            )
        if live := runs_in_progress(h, instance=instance):  # a daemon run (schedule, sensor) is writing: do not race it
            raise RefreshBusy(
                f"a Dagster run is in progress (run {live[0][0]}, job {live[0][1]}); one refresh at "
                "a time: this one did nothing. Run it again when that run ends."
            )
        if problem := check_published(db.paths(h).published):
            print(f"warning: {problem}", file=sys.stderr)
        outcome = run_refresh(h, mode=args.mode, select=args.select, force=args.force, instance=instance)
        # the run records its own outcome for the dashboard (pipelines/run_status.py); this is the fallback
        # for a run that ended before any step could (warehouse/refresh_status.py)
        if not outcome.up_to_date and not refresh_status.recorded(h, outcome.run_id):
            refresh_status.record(
                h,
                run_id=outcome.run_id,
                success=outcome.success and not outcome.skipped_publish,
                failed_steps=outcome.failed_steps,
                failed_checks=outcome.failed_checks,
            )
    if outcome.up_to_date:
        return _up_to_date(h)
    if not outcome.success or outcome.skipped_publish:
        print(
            f"refresh FAILED in {outcome.seconds:.1f}s (run {outcome.run_id}); the published warehouse is unchanged.",
            file=sys.stderr,
        )
        for step in outcome.failed_steps:
            print(f"  failed step: {step}", file=sys.stderr)
        for check in outcome.failed_checks:
            print(f"  failed check: {check}", file=sys.stderr)
        return 1
    print(f"refresh done in {outcome.seconds:.1f}s (run {outcome.run_id}); published {db.paths(h).published}")
    for warning in outcome.warnings:
        print(f"  warning (check): {warning}  — see the Sources & quality page", file=sys.stderr)
    from warehouse.marts import existing_marts
    from warehouse.raw import source_status

    with db.published_connection(h) as con:
        counts = db.row_counts(con)
        # a partial refresh (--select) on a fresh home publishes without building marts.source_status
        status = source_status(con) if "source_status" in existing_marts(con) else None
    if status is None:
        print(
            "sources: no summary (marts.source_status is not built in this warehouse: the selection did not "
            "reach it; a whole `fabricwatch refresh` builds it)"
        )
        status = {}
    else:
        print("sources (documents: stored / failing / not recorded):")
    for source_id, st in sorted(status.items()):
        if not st["documents"]:
            continue  # curated sources: cited, never fetched
        note = f"  last error: {st['last_error']}" if st["failing"] and st["last_error"] else ""
        if st.get("carried"):  # its parser fails or finds nothing: previous records carried forward (stale)
            note += (
                f"  PARSER FAILING: {st['parse_failing']} document(s); {st['carried']} carried forward since "
                f"{st['carried_since']:%Y-%m-%d}"
            )
        print(f"  {source_id:<26} {st['stored']:>3} / {st['failing']} / {st['not_recorded']}{note}")
    if args.mode == "offline" and any(st["not_recorded"] for st in status.values()):
        print("  (offline replays the recordings in sources/snapshots/; sources never recorded need --mode live)")
    print("rows per table:")
    width = max(map(len, counts), default=10)
    for table, n in counts.items():
        print(f"  {table:<{width}}  {n:>8,}")
    return _carried_forward(h, outcome.failed_checks)


def _up_to_date(h) -> int:
    from warehouse import db, refresh_status

    print(
        f"nothing changed since the published refresh (recordings, ledger, inbox, code, date); "
        f"{db.paths(h).published} is current. Use --force to rebuild anyway."
    )
    # still published with a parser's records carried forward: the same exit as the run that did it
    carried = refresh_status.carried(h)
    if not carried:
        return 0
    from warehouse.parse_state import yield_check_name

    return _carried_forward(
        h,
        [yield_check_name(c["source_id"]) for c in carried],
        headline="the published warehouse still has {n} FAILED CHECK(S) (exit 1)",
    )


def _carried_forward(
    h,
    failed_checks: list[str],
    headline: str = "refresh PUBLISHED WITH {n} FAILED CHECK(S) (exit 1): the other sources are up to date",
) -> int:
    """Published, but a parser failed (non-blocking check): say so last, and exit 1 so a scheduler notices."""
    if not failed_checks:
        return 0
    from warehouse import refresh_status
    from warehouse.parse_state import yield_check_name

    carried = {yield_check_name(c["source_id"]): c for c in refresh_status.carried(h)}
    print(
        headline.format(n=len(failed_checks)) + "; a parser that fails or finds nothing keeps its previous records "
        "(carried forward, raw.parse_carried):",
        file=sys.stderr,
    )
    for check in failed_checks:
        c = carried.get(check)
        note = (
            f": {c['documents']} document(s) failing or empty since {c['since']:%Y-%m-%d %H:%M}; their previous "
            f"{c['records']} records (parsed {c['parsed_at']:%Y-%m-%d}) are still published, flagged stale"
            if c
            else ""
        )
        print(f"  failed check: {check}{note}", file=sys.stderr)
    return 1
