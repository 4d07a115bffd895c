"""Dagster Definitions for fabricwatch: sources → core → model → marts → publish.

`build_definitions()` is used by `fabricwatch refresh` (with explicit paths and mode);
`defs` is what `dagster definitions validate` and `fabricwatch ui` load (paths from the
environment, read when the definitions are loaded, not at import).
"""

from __future__ import annotations

import os

import dagster as dg

from pipelines.assets import curated
from pipelines.assets.publish import build_publish_asset
from pipelines.resources import WarehouseResource

FETCH_MODES = ("offline", "live", "record")


def pipeline_assets() -> tuple[list, list]:
    """Every asset and asset check except the publish step."""
    assets = [*curated.assets]
    checks = [*curated.checks]
    return assets, checks


def build_definitions(home: str | None = None, mode: str | None = None) -> dg.Definitions:
    home = home or os.environ.get("FABRICWATCH_HOME", "data")
    mode = mode or os.environ.get("FABRICWATCH_FETCH_MODE", "offline")
    if mode not in FETCH_MODES:
        raise ValueError(f"unknown fetch mode {mode!r}; use one of {', '.join(FETCH_MODES)}")
    assets, checks = pipeline_assets()
    upstream = [key for a in assets for key in a.keys]
    publish = build_publish_asset(upstream)
    all_assets = [*assets, publish]
    refresh_job = dg.define_asset_job("refresh", selection=dg.AssetSelection.all(),
                                      description="Fetch or replay every source, rebuild core, model and marts, then publish.")
    return dg.Definitions(
        assets=all_assets,
        asset_checks=checks,
        jobs=[refresh_job],
        resources={"warehouse": WarehouseResource(home=str(os.path.abspath(home)))},
        # In-process: the multiprocess executor spends 1-2 s per step starting processes and
        # would race for the DuckDB write lock (ecosystem-notes §2).
        executor=dg.in_process_executor,
    )


@dg.definitions
def defs() -> dg.Definitions:
    return build_definitions()
