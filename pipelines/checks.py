"""Asset check results: stored in meta.checks (warehouse/runs.py) and returned to Dagster."""

from __future__ import annotations

import math

import dagster as dg
import duckdb

from pipelines.resources import WarehouseResource
from warehouse import runs


def store_check(con: duckdb.DuckDBPyConnection, run_id: str, **outcome) -> dg.AssetCheckResult:
    """Store one check outcome in meta.checks (on an open connection) and return it as a Dagster result.

    `outcome`: check_outcome's keyword arguments (asset, check_name, passed, description, ...), which are
    written there only."""
    row, result = check_outcome(run_id, **outcome)
    runs.store_checks(con, [row])
    return result


def check_outcome(
    run_id: str,
    *,
    asset: str,
    check_name: str,
    passed: bool,
    description: str,
    metadata: dict | None = None,
    severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR,
    asset_key: dg.AssetKey | None = None,
) -> tuple[dict, dg.AssetCheckResult]:
    """One check outcome as a meta.checks row (to store, several at once: runs.store_checks) and a Dagster result."""
    metadata = {k: json_safe(v) for k, v in (metadata or {}).items()}
    row = runs.check_row(
        run_id=run_id,
        asset=asset,
        check_name=check_name,
        passed=passed,
        severity=severity.value,
        description=description,
        metadata=metadata,
    )
    return row, dg.AssetCheckResult(
        asset_key=asset_key,
        check_name=check_name,
        passed=passed,
        severity=severity,
        description=description,
        metadata={k: dg.MetadataValue.json(v) if isinstance(v, (list, dict)) else v for k, v in metadata.items()},
    )


def record_check(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource, **kwargs) -> dg.AssetCheckResult:
    """store_check for a standalone @asset_check: opens its own short connection."""
    with warehouse.connect() as con:
        return store_check(con, context.run.run_id, **kwargs)


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
