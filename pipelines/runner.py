"""Run the asset graph in-process for `fabricwatch refresh`, printing one line per step.

Dagster's public API only: the instance is opened from $FABRICWATCH_HOME/dagster/ and passed
explicitly (the process environment is left alone), a selection is Dagster's selection syntax
(`AssetSelection.from_coercible`), progress comes from step hooks and the outcome from the
result API (`get_failed_step_keys`, `get_asset_check_evaluations`, ...).
"""

from __future__ import annotations

import re
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import dagster as dg

from pipelines.fingerprint import input_fingerprint
from pipelines.ghost_runs import creator_tags
from pipelines.instance import dagster_instance, prepare_dagster_home  # noqa: F401 (used by the runner)
from sources.fetch.modes import FetchMode
from warehouse import db, runs

_PLAIN_KEY = r"[\w/]+"


class SelectionError(ValueError):
    """A --select item that is not valid selection syntax or selects no asset."""


@dataclass
class RefreshOutcome:
    success: bool
    run_id: str
    failed_steps: list[str] = field(default_factory=list)
    failed_checks: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped_publish: bool = False
    seconds: float = 0.0
    up_to_date: bool = False  # offline inputs unchanged since the published run: nothing was redone
    materialized: list[str] = field(default_factory=list)  # asset keys this run materialized

    @property
    def exit_code(self) -> int:
        """0: published, every ERROR check passed; 1: nothing published, or published with a failed
        non-blocking check (a parser's previous records carried forward), so a scheduler notices."""
        return 0 if self.success and not self.skipped_publish and not self.failed_checks else 1


def resolve_selection(defs: dg.Definitions, select: list[str]) -> list[dg.AssetKey]:
    """Asset keys selected by Dagster selection strings (`parse_uec`, `key:raw_uec+`, `group:marts`, ...)."""
    graph = defs.resolve_asset_graph()
    keys: set[dg.AssetKey] = set()
    for item in select:
        text = f'key:"{item}"' if _is_plain_key(item) else item
        try:
            with warnings.catch_warnings():  # group: selection calls a Dagster API marked beta
                warnings.simplefilter("ignore", dg.BetaWarning)
                chosen = dg.AssetSelection.from_coercible(text).resolve(graph)
        except Exception as exc:  # noqa: BLE001 - Dagster raises several types for a bad string
            raise SelectionError(f"cannot read the selection {item!r}: {exc}") from exc
        if not chosen:
            raise SelectionError(f"{item!r} selects no asset (see `fabricwatch ui` for the asset keys)")
        keys |= chosen
    return sorted(keys, key=lambda k: k.to_user_string())


def _is_plain_key(item: str) -> bool:
    return re.fullmatch(_PLAIN_KEY, item) is not None


def _progress_hooks(stream) -> set[dg.HookDefinition]:
    """One line per finished step (steps run one after another in-process)."""
    last = {"t": time.monotonic()}

    def line(text: str) -> None:
        now = time.monotonic()
        print(f"{text}  ({now - last['t']:.1f}s)", file=stream, flush=True)
        last["t"] = now

    @dg.success_hook(name="progress_ok")
    def ok(context: dg.HookContext):
        line(f"  ok    {context.step_key}")

    @dg.failure_hook(name="progress_fail")
    def fail(context: dg.HookContext):
        err = context.op_exception
        line(f"  FAIL  {context.step_key}: {str(err).strip() if err else 'failed'}")

    return {ok, fail}


def run_refresh(
    home: Path,
    mode: FetchMode | str = FetchMode.offline,
    select: list[str] | None = None,
    stream=None,
    force: bool = False,
    instance: dg.DagsterInstance | None = None,
) -> RefreshOutcome:
    """Run the graph (or the `select`ed assets, then the publish step) and publish.

    A whole offline refresh whose inputs did not change since the published run is skipped
    (unless `force`): it would rebuild the same warehouse. Progress goes to `stream`, by default
    the standard error of the moment of the call (not of the import). `instance`: the home's Dagster
    instance when the caller opened it already (for the ghost-run sweep); opening one costs ~0.3 s.
    """
    stream = sys.stderr if stream is None else stream
    t0 = time.monotonic()
    mode = FetchMode(mode)
    # -- the start of every refresh: anything that must happen before a run begins goes here
    # the fingerprint of a whole offline refresh's inputs: it decides a no-change refresh and tags the run; a
    # partial run (an ingest's selection) is never skipped nor tagged, so it hashes nothing (~0.1 s)
    fingerprint = input_fingerprint(home) if mode == FetchMode.offline and not select else None
    if fingerprint and not (force or select) and _published_fingerprint(home) == fingerprint:
        return RefreshOutcome(success=True, run_id="", up_to_date=True, seconds=time.monotonic() - t0)
    instance = instance if instance is not None else dagster_instance(home)
    from pipelines.definitions import ALERTS_KEY, PUBLISH_KEY, build_definitions  # not needed when nothing changed
    from pipelines.fast_ingest import code_versions_path
    from sources import code_versions

    code_versions.remember_in(code_versions_path(home))  # the parse assets' versions, kept for the next command

    defs = build_definitions(str(home), mode)
    report_fast_ingests(home, instance, stream)
    save_fast_ingest_plans(home, defs)
    selection = (
        [*resolve_selection(defs, select), PUBLISH_KEY, ALERTS_KEY] if select else None
    )  # a partial refresh publishes, then alerts
    job = defs.resolve_job_def("refresh").with_hooks(_progress_hooks(stream))
    result = job.execute_in_process(
        instance=instance,
        asset_selection=selection,
        raise_on_error=False,
        run_config={"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}},  # the hooks print progress
        # creator_tags: this process's pid, so a kill before the run starts is found by the ghost sweep
        tags={
            **creator_tags(),
            "fabricwatch/mode": mode.value,
            "fabricwatch/selection": " ".join(select or []),
            **({"fabricwatch/fingerprint": fingerprint} if fingerprint and not select else {}),
        },
    )
    return outcome_of(result, time.monotonic() - t0, stream)


def report_fast_ingests(home: Path, instance: dg.DagsterInstance, stream=None) -> int:
    """Report what fast ingests did since the last report (pipelines/journal.py) as runless asset events."""
    from pipelines import journal

    try:
        return journal.report(home, instance)
    except Exception as exc:  # noqa: BLE001 - reporting the journal must never stop a refresh; it retries next time
        print(f"  warning: fast-ingest journal not reported to Dagster: {exc}", file=stream or sys.stderr)
        return 0


def save_fast_ingest_plans(home: Path, defs: dg.Definitions) -> None:
    """What an ingest into each inbox folder rebuilds, by lineage, for `fabricwatch ingest` to run without
    Dagster while the code is the same (pipelines/fast_ingest.py)."""
    from pipelines import fast_ingest
    from pipelines.automation import INBOX_FOLDERS, inbox_select, inbox_selection

    graph = defs.resolve_asset_graph()
    versions = {k.to_user_string(): graph.get(k).code_version for k in graph.get_all_asset_keys()}
    plans = {}
    for folder in INBOX_FOLDERS:
        selection = inbox_selection([folder])
        keys = [k.to_user_string() for k in selection.resolve(graph)] if selection is not None else []
        plans[folder] = fast_ingest.plan_of_keys(keys, inbox_select([folder]), versions) if keys else None
    fast_ingest.save_plans(home, plans)


def outcome_of(result: dg.ExecuteInProcessResult, seconds: float, stream=None) -> RefreshOutcome:
    """Failed steps, failed and warning checks, and whether the publish step ran, from the result API."""
    from pipelines.definitions import PUBLISH_KEY  # not imported when nothing changed

    failed_checks, warnings = [], []
    for evaluation in result.get_asset_check_evaluations():
        name = f"{evaluation.asset_key.to_user_string()}:{evaluation.check_name}"
        if stream is not None:
            status = (
                "pass "
                if evaluation.passed
                else ("warn " if evaluation.severity == dg.AssetCheckSeverity.WARN else "CHECK")
            )
            print(f"  {status} {name}", file=stream, flush=True)
        if not evaluation.passed:
            (warnings if evaluation.severity == dg.AssetCheckSeverity.WARN else failed_checks).append(name)
    materialized = sorted({e.asset_key.to_user_string() for e in result.get_asset_materialization_events()})
    return RefreshOutcome(
        success=result.success,
        run_id=result.run_id,
        failed_steps=sorted(result.get_failed_step_keys()),
        failed_checks=failed_checks,
        warnings=warnings,
        materialized=materialized,
        skipped_publish=PUBLISH_KEY.to_user_string() not in materialized,
        seconds=seconds,
    )


def _published_fingerprint(home: Path) -> str | None:
    if not db.paths(home).published.exists():
        return None
    try:
        with db.published_connection(home) as con:
            run = runs.last_published(con)
    except Exception:  # noqa: BLE001 - an older or unreadable published file: just refresh
        return None
    return run["input_fingerprint"] if run else None
