"""One Dagster asset per mart file (warehouse/sql/marts/*.sql), with its quality checks.

Thin: SQL lives in the mart files, check logic in warehouse/quality.py. ERROR checks are
blocking (a failure stops the publish); WARN checks (conflicts, freshness, overlapping
speed buckets) only report. Every result is also stored in meta.checks.
"""


import math
from typing import Sequence

import dagster as dg

from pipelines.checks import record_check
from pipelines.resources import WarehouseResource
from warehouse import db, marts, quality

GROUP = "marts"
KEY_PREFIX = "marts"
PREVIEW_ROWS = 5


def mart_key(name: str) -> dg.AssetKey:
    return dg.AssetKey([KEY_PREFIX, name])


def build_mart_assets(upstream_keys: Sequence[dg.AssetKey]) -> tuple[list[dg.AssetsDefinition], list[dg.AssetChecksDefinition]]:
    """Assets `marts/<name>` (group "marts") depending on `upstream_keys` and on the marts they read."""
    assets: list[dg.AssetsDefinition] = []
    checks: list[dg.AssetChecksDefinition] = []
    for mart in marts.discover_marts():
        asset = _mart_asset(mart, list(upstream_keys))
        assets.append(asset)
        checks.extend(_mart_check(asset, mart, spec) for spec in quality.checks_for(mart))
    return assets, checks


def _mart_asset(mart: marts.Mart, upstream: list[dg.AssetKey]) -> dg.AssetsDefinition:
    deps = [*upstream, *(mart_key(d) for d in mart.depends_on)]

    @dg.asset(name=mart.name, key_prefix=[KEY_PREFIX], group_name=GROUP, deps=deps, compute_kind="duckdb",
              description=mart.description or f"marts.{mart.name}")
    def _asset(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
        with warehouse.connect() as con:
            rows = marts.apply_mart(con, mart)
            preview = con.execute(f"SELECT * FROM {mart.relation} LIMIT {PREVIEW_ROWS}").df()  # relation from our file names
        context.log.info(f"marts.{mart.name}: {rows} rows")
        return dg.MaterializeResult(metadata={
            "rows": rows,
            "relation": mart.relation,
            "kind": mart.relation_kind.lower(),
            "key": ", ".join(mart.key),
            "depends_on": ", ".join(mart.depends_on),
            "preview": dg.MetadataValue.text(preview.to_string(index=False)),
        })

    return _asset


def _mart_check(asset: dg.AssetsDefinition, mart: marts.Mart, spec: quality.MartCheck) -> dg.AssetChecksDefinition:
    severity = dg.AssetCheckSeverity.ERROR if spec.severity == quality.ERROR else dg.AssetCheckSeverity.WARN

    @dg.asset_check(asset=asset, name=spec.name, blocking=spec.severity == quality.ERROR, description=spec.description)
    def _check(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
        previous = published_row_count(warehouse.home, mart.name) if spec.needs_published_count else None
        with warehouse.connect() as con:
            outcome = spec.run(con, previous)
        return record_check(
            context, warehouse, asset=f"{KEY_PREFIX}/{mart.name}", check_name=spec.name, passed=outcome.passed,
            description=outcome.description, severity=severity,
            metadata={"offending_rows": _json_safe(outcome.rows[: quality.MAX_ROWS])} if outcome.rows else {},
        )

    return _check


def published_row_count(home: str, name: str) -> int | None:
    """Rows of marts.<name> in the published warehouse, None when there is none or it lacks the mart."""
    if not db.paths(home).published.exists():
        return None
    try:
        with db.published_connection(home) as con:
            return marts.row_count(con, name)
    except Exception:  # noqa: BLE001 - an unreadable or older published file means "nothing to compare"
        return None


def _json_safe(value):
    """Dates as ISO strings, NaN as None: check metadata must be plain JSON."""
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)
