"""Run the asset graph in-process for `fabricwatch refresh`, printing progress per asset."""

from __future__ import annotations

import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import dagster as dg

from pipelines.definitions import build_definitions
from pipelines.fingerprint import input_fingerprint, published_fingerprint
from pipelines.instance import instance_yaml
from warehouse import db


def prepare_dagster_home(home: Path) -> Path:
    """DAGSTER_HOME lives under $FABRICWATCH_HOME, with the project's dagster.yaml (pipelines/instance.py)."""
    dagster_home = home / "dagster"
    dagster_home.mkdir(parents=True, exist_ok=True)
    (dagster_home / "dagster.yaml").write_text(instance_yaml(), encoding="utf-8")
    os.environ["DAGSTER_HOME"] = str(dagster_home)
    return dagster_home


@dataclass
class RefreshOutcome:
    success: bool
    run_id: str
    failed_steps: list[str] = field(default_factory=list)
    failed_checks: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped_publish: bool = False
    seconds: float = 0.0
    up_to_date: bool = False   # offline inputs unchanged since the published run: nothing was redone


class _ProgressHandler(logging.Handler):
    """Turns Dagster step and check events into one line each."""

    def __init__(self, stream):
        super().__init__()
        self.stream = stream
        self.started: dict[str, float] = {}
        self.check_steps: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        meta = getattr(record, "dagster_meta", None) or {}
        event = meta.get("dagster_event") if isinstance(meta, dict) else None
        if event is None:
            return
        kind, step = event.event_type_value, event.step_key
        if kind == "STEP_START":
            self.started[step] = time.monotonic()
        elif kind == "STEP_SUCCESS" and step not in self.check_steps:  # a check's own line says it all
            took = time.monotonic() - self.started.get(step, time.monotonic())
            self._line(f"  ok    {step}  ({took:.1f}s)")
        elif kind == "STEP_FAILURE":
            err = event.step_failure_data.error if event.step_failure_data else None
            while err is not None and err.cause is not None:  # the user error, not Dagster's wrapper
                err = err.cause
            msg = err.message.strip() if err and err.message else "failed"
            self._line(f"  FAIL  {step}: {msg}")
        elif kind == "ASSET_CHECK_EVALUATION":
            data = event.event_specific_data
            self.check_steps.add(step)
            status = "pass " if data.passed else ("warn " if data.severity == dg.AssetCheckSeverity.WARN else "CHECK")
            self._line(f"  {status} {data.asset_check_key.asset_key.to_user_string()}:{data.asset_check_key.name}")
        elif kind == "STEP_SKIPPED":
            self._line(f"  skip  {step}")

    def _line(self, text: str) -> None:
        print(text, file=self.stream, flush=True)


def _progress_logger(stream):
    @dg.logger
    def progress(_init_context):
        lg = logging.getLogger("fabricwatch.progress")
        lg.handlers = [_ProgressHandler(stream)]
        lg.setLevel(logging.DEBUG)
        lg.propagate = False
        return lg

    return progress


def run_refresh(home: Path, mode: str = "offline", select: list[str] | None = None, stream=sys.stderr,
                downstream_of: list[str] | None = None, force: bool = False) -> RefreshOutcome:
    """Run the graph (or `select` assets, or everything downstream of `downstream_of`) and publish.

    A whole offline refresh whose inputs did not change since the published run is skipped
    (unless `force`): it would rebuild the same warehouse.
    """
    t0 = time.monotonic()
    fingerprint = input_fingerprint(home) if mode == "offline" else None
    if fingerprint and not (force or select or downstream_of) and _published_fingerprint(home) == fingerprint:
        return RefreshOutcome(success=True, run_id="", up_to_date=True, seconds=time.monotonic() - t0)
    prepare_dagster_home(home)
    defs = build_definitions(str(home), mode)
    job = defs.resolve_job_def("refresh")
    selection = None
    if downstream_of:
        keys = [dg.AssetKey.from_user_string(s) for s in downstream_of]
        selection = sorted(dg.AssetSelection.assets(*keys).downstream().resolve(defs.resolve_asset_graph()))
    elif select:
        selection = [dg.AssetKey.from_user_string(s) for s in select]
        known = set(defs.resolve_all_asset_keys())
        unknown = [k.to_user_string() for k in selection if k not in known]
        if unknown:
            raise ValueError(f"unknown asset(s): {', '.join(unknown)}")
        # a partial refresh still publishes, and then evaluates the watch rules
        selection += [dg.AssetKey("published_warehouse"), dg.AssetKey("alert_deliveries")]
    instance = dg.DagsterInstance.get()
    job = job.with_logger_defs({"progress": _progress_logger(stream)})
    result = job.execute_in_process(
        instance=instance,
        asset_selection=selection,
        raise_on_error=False,
        run_config={"loggers": {"progress": {}}},
        tags={"fabricwatch/mode": mode, "fabricwatch/selection": ",".join(select or downstream_of or []),
              **({"fabricwatch/fingerprint": fingerprint} if fingerprint and not (select or downstream_of) else {})},
    )
    failed_steps, failed_checks, warnings, materialized = [], [], [], set()
    for ev in result.all_events:
        if ev.event_type_value == "STEP_FAILURE":
            failed_steps.append(ev.step_key)
        elif ev.event_type_value == "ASSET_CHECK_EVALUATION" and not ev.event_specific_data.passed:
            data = ev.event_specific_data
            name = f"{data.asset_check_key.asset_key.to_user_string()}:{data.asset_check_key.name}"
            (warnings if data.severity == dg.AssetCheckSeverity.WARN else failed_checks).append(name)
        elif ev.event_type_value == "ASSET_MATERIALIZATION":
            materialized.add(ev.asset_key.to_user_string())
    return RefreshOutcome(
        success=result.success, run_id=result.run_id, failed_steps=failed_steps, failed_checks=failed_checks,
        warnings=warnings,
        skipped_publish="published_warehouse" not in materialized, seconds=time.monotonic() - t0,
    )


def _published_fingerprint(home: Path) -> str | None:
    if not db.paths(home).published.exists():
        return None
    try:
        with db.published_connection(home) as con:
            return published_fingerprint(con)
    except Exception:  # noqa: BLE001 - an older or unreadable published file: just refresh
        return None
