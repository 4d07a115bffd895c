"""Helpers for asset checks: record every result in meta.checks so the dashboard can show it."""

from __future__ import annotations

import datetime as dt
import json

import dagster as dg

from pipelines.resources import WarehouseResource


def record_check(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource, *, asset: str,
                 check_name: str, passed: bool, description: str, metadata: dict | None = None,
                 severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR) -> dg.AssetCheckResult:
    """Store the check outcome in meta.checks and return it as a Dagster result."""
    metadata = metadata or {}
    with warehouse.connect() as con:
        con.execute(
            "INSERT INTO meta.checks VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [context.run.run_id, asset, check_name, passed, severity.value, description,
             json.dumps(metadata, default=str), dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)],
        )
    return dg.AssetCheckResult(
        passed=passed, severity=severity, description=description,
        metadata={k: _meta_value(v) for k, v in metadata.items()},
    )


def _meta_value(value):
    if isinstance(value, (list, dict)):
        return dg.MetadataValue.json(value)
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return str(value)
