"""The publish step: drop marts whose file is gone, record the run, rebuild the data dictionary, atomically publish."""

import datetime as dt

import dagster as dg

from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from pipelines import steps
from sources.clock import naive_utc
from sources.fetch.modes import FetchMode

PUBLISH_KEY = dg.AssetKey("published_warehouse")


def build_publish_asset(upstream: list[dg.AssetKey]) -> dg.AssetsDefinition:
    """`published_warehouse` runs after every other asset (and their blocking checks) succeeded."""

    @dg.asset(
        key=PUBLISH_KEY,
        group_name="publish",
        deps=upstream,
        kinds=kinds(Kind.duckdb),
        description="Checkpoints the working warehouse and atomically replaces $FABRICWATCH_HOME/warehouse.duckdb; the previous file is kept under releases/.",
    )
    def published_warehouse(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
        tags = context.run.tags
        # the same publish as the fast ingest's (pipelines/steps.py); it records the run's outcome for the
        # dashboard's banner, however the run was started (pipelines/run_status.py)
        path, counts = steps.publish_working(
            warehouse.home_path,
            run_id=context.run.run_id,
            started_at=_run_start(context),
            # a run started from the UI has no mode tag: the graph's configured mode
            mode=tags.get("fabricwatch/mode") or FetchMode.configured().value,
            selection=tags.get("fabricwatch/selection"),
            fingerprint=tags.get("fabricwatch/fingerprint"),
            job=context.run.job_name,
            log=context.log.info,
        )
        context.log.info(f"published {path}")
        return dg.MaterializeResult(
            metadata={
                "path": str(path),
                "tables": len(counts),
                "rows_total": sum(counts.values()),
                "row_counts": dg.MetadataValue.json(counts),
            }
        )

    return published_warehouse


def _run_start(context: dg.AssetExecutionContext) -> dt.datetime:
    record = context.instance.get_run_record_by_id(context.run.run_id)
    if record is not None and record.start_time:
        return naive_utc(dt.datetime.fromtimestamp(record.start_time, dt.timezone.utc))
    return naive_utc()
