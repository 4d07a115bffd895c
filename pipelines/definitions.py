"""Dagster Definitions for fabricwatch: sources → core → model → marts → publish.

`build_definitions()` is used by `fabricwatch refresh` (with explicit paths and mode);
`defs` is what `dagster definitions validate` and `fabricwatch ui` load (paths from the
environment, read when the definitions are loaded, not at import).
"""

from __future__ import annotations

import os

import dagster as dg

from pipelines import automation
from pipelines.assets import curated, inbox, model, registry
from pipelines.assets.alerts import build_alerts_asset
from pipelines.assets.fetch import build_fetch_assets
from pipelines.assets.marts import build_mart_assets
from pipelines.assets.parse import build_parse_assets
from pipelines.assets.publish import build_publish_asset
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from sources.registry import REGISTRY

FETCH_MODES = ("offline", "live", "record")


def pipeline_assets() -> tuple[list, list]:
    """Every asset and asset check except the publish step."""
    fetch_assets = build_fetch_assets(REGISTRY)
    parse_assets = build_parse_assets(REGISTRY)
    assets = [*registry.assets, *inbox.assets, *fetch_assets, *parse_assets, *curated.assets, *model.assets]
    checks = [*curated.checks, *model.checks]
    # marts read every core and model table
    mart_assets, mart_checks = build_mart_assets([key for a in assets for key in a.keys])
    return [*assets, *mart_assets], [*checks, *mart_checks]


def build_definitions(home: str | None = None, mode: str | None = None) -> dg.Definitions:
    home = os.path.abspath(home or os.environ.get("FABRICWATCH_HOME", "data"))
    mode = mode or os.environ.get("FABRICWATCH_FETCH_MODE", "offline")
    if mode not in FETCH_MODES:
        raise ValueError(f"unknown fetch mode {mode!r}; use one of {', '.join(FETCH_MODES)}")
    assets, checks = pipeline_assets()
    publish = build_publish_asset([key for a in assets for key in a.keys])
    alert_deliveries = build_alerts_asset(publish.key)
    refresh_job = dg.define_asset_job("refresh", selection=dg.AssetSelection.all(),
                                      description="Fetch or replay every source, rebuild core, model and marts, then publish.")
    cadence_jobs, schedules = automation.cadence_jobs_and_schedules(REGISTRY)
    inbox_job = dg.define_asset_job(
        "ingest_inbox",
        selection=dg.AssetSelection.assets(*automation.inbox_asset_keys(REGISTRY)).downstream(),
        description="Ingest files dropped into $FABRICWATCH_HOME/inbox/ and rebuild what depends on them.",
    )
    sensor = automation.build_inbox_sensor(inbox_job, lambda: os.path.join(home, "inbox"))
    return dg.Definitions(
        assets=[*assets, publish, alert_deliveries],
        asset_checks=checks,
        jobs=[refresh_job, inbox_job, *cadence_jobs],
        schedules=schedules,
        sensors=[sensor],
        resources={"warehouse": WarehouseResource(home=home), "fetcher": FetcherResource(mode=mode)},
        # In-process: the multiprocess executor spends 1-2 s per step starting processes and
        # would race for the DuckDB write lock (ecosystem-notes §2).
        executor=dg.in_process_executor,
    )


@dg.definitions
def defs() -> dg.Definitions:
    return build_definitions()
