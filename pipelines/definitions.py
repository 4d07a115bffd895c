"""Dagster Definitions for fabricwatch: sources → core → model → marts → publish.

Lineage is derived, not listed: every asset declares the relations it writes, every asset built
on SQL the relations it reads (pipelines/lineage.py), and the writers of what an asset reads are
its parents. `build_definitions()` is used by `fabricwatch refresh` (explicit home
and mode); `defs` is what `dagster definitions validate` and `fabricwatch ui` load (home from
the environment, read when the definitions are loaded, not at import).
"""

from __future__ import annotations

import dagster as dg

from pipelines import automation
from pipelines.assets import curated, inbox, model, registry
from pipelines.assets.alerts import ALERTS_KEY, build_alerts_asset
from pipelines.assets.fetch import build_fetch_assets
from pipelines.assets.marts import build_mart_assets
from pipelines.assets.parse import build_parse_assets
from pipelines.assets.publish import PUBLISH_KEY, build_publish_asset
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from pipelines.run_status import build_run_failure_sensors, record_failed_step
from sources.fetch.modes import FetchMode
from sources.registry import REGISTRY

__all__ = ["ALERTS_KEY", "PUBLISH_KEY", "build_definitions", "defs", "pipeline_assets"]


def pipeline_assets() -> tuple[list[dg.AssetsDefinition], list]:
    """Every asset (wired by what it reads) and asset check, except the publish step."""
    assets = [
        *registry.assets,
        *inbox.assets,
        *build_fetch_assets(REGISTRY),
        *build_parse_assets(REGISTRY),
        *curated.assets,
    ]
    assets += model.build_model_assets(assets)  # its parents: the writers of what its SQL reads
    mart_assets, mart_checks = build_mart_assets(assets)
    # every check is a check spec of its asset and runs in the asset's step (none is a step of its own)
    return [*assets, *mart_assets], mart_checks


def build_definitions(home: str | None = None, mode: FetchMode | str | None = None) -> dg.Definitions:
    """The graph with its resources. `home` and `mode` default to $FABRICWATCH_HOME and $FABRICWATCH_FETCH_MODE."""
    mode = FetchMode(mode) if mode else FetchMode.configured()
    assets, checks = pipeline_assets()
    publish = build_publish_asset([key for a in assets for key in a.keys])
    alert_deliveries = build_alerts_asset(publish.key)
    # every run records its outcome in last_refresh.json (pipelines/run_status.py): the publish step on
    # success, this hook on a failed step, the sensors for runs that fail otherwise or are cancelled
    hooks = frozenset({record_failed_step})
    refresh_job = dg.define_asset_job(
        "refresh",
        selection=dg.AssetSelection.all(),
        hooks=set(hooks),
        description="Fetch or replay every source, rebuild core, model and marts, then publish.",
    )
    cadence_jobs, schedules = automation.cadence_jobs_and_schedules(REGISTRY, hooks=hooks)
    inbox_job = dg.define_asset_job(
        "ingest_inbox",
        selection=automation.INBOX_SELECTION,
        hooks=set(hooks),
        description="Ingest files dropped into $FABRICWATCH_HOME/inbox/ and rebuild what depends on them.",
    )
    warehouse = WarehouseResource(home=str(home or ""))
    sensor = automation.build_inbox_sensor(
        inbox_job,
        lambda: warehouse.paths.inbox,
        [*assets, publish, alert_deliveries],
        home_fn=lambda: warehouse.home_path,
    )
    return dg.Definitions(
        assets=[*assets, publish, alert_deliveries],
        asset_checks=checks,
        jobs=[refresh_job, inbox_job, *cadence_jobs],
        schedules=schedules,
        sensors=[sensor, *build_run_failure_sensors([refresh_job, inbox_job, *cadence_jobs])],
        resources={"warehouse": warehouse, "fetcher": FetcherResource(mode=mode)},
        # In-process: the multiprocess executor spends 1-2 s per step starting processes and
        # would race for the DuckDB write lock (ecosystem-notes §2).
        executor=dg.in_process_executor,
    )


@dg.definitions
def defs() -> dg.Definitions:
    return build_definitions()
