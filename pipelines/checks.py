"""Asset check results: stored in meta.checks (warehouse/runs.py) and returned to Dagster.

The outcome itself is plain data (pipelines/steps.py `CheckOutcome`), so the fast ingest runs the
same checks without Dagster; this module turns an outcome into a Dagster result or event.
"""

from __future__ import annotations

import dagster as dg
import duckdb

from pipelines.resources import WarehouseResource
from pipelines.steps import CheckOutcome, json_safe  # noqa: F401 (json_safe: re-exported)
from pipelines.steps import check as make_check
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
    outcome = make_check(asset, check_name, passed, description, severity=severity.value, metadata=metadata)
    return outcome.row(run_id), as_result(outcome, asset_key)


def _metadata(outcome: CheckOutcome) -> dict:
    return {k: dg.MetadataValue.json(v) if isinstance(v, (list, dict)) else v for k, v in outcome.metadata.items()}


def _severity(outcome: CheckOutcome) -> dg.AssetCheckSeverity:
    return dg.AssetCheckSeverity(outcome.severity)


def as_result(outcome: CheckOutcome, asset_key: dg.AssetKey | None = None) -> dg.AssetCheckResult:
    """A check outcome as the result an asset's step returns."""
    return dg.AssetCheckResult(
        asset_key=asset_key,
        check_name=outcome.check_name,
        passed=outcome.passed,
        severity=_severity(outcome),
        description=outcome.description,
        metadata=_metadata(outcome),
    )


def as_evaluation(outcome: CheckOutcome) -> dg.AssetCheckEvaluation:
    """A check outcome as a runless event (reported for the fast ingest: pipelines/journal.py)."""
    return dg.AssetCheckEvaluation(
        asset_key=dg.AssetKey.from_user_string(outcome.asset),
        check_name=outcome.check_name,
        passed=outcome.passed,
        severity=_severity(outcome),
        description=outcome.description,
        metadata=_metadata(outcome),
        blocking=outcome.blocking,
    )


def record_check(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource, **kwargs) -> dg.AssetCheckResult:
    """store_check for a standalone @asset_check: opens its own short connection."""
    with warehouse.connect() as con:
        return store_check(con, context.run.run_id, **kwargs)
