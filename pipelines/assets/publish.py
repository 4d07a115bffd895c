"""The publish step: record the run, rebuild the data dictionary, atomically publish."""


import datetime as dt
import json

import dagster as dg

from pipelines.resources import WarehouseResource
from warehouse import db

def build_publish_asset(upstream: list[dg.AssetKey]) -> dg.AssetsDefinition:
    """`published_warehouse` runs after every other asset (and their blocking checks) succeeded."""

    @dg.asset(name="published_warehouse", group_name="publish", deps=upstream, compute_kind="duckdb",
              description="Checkpoints the working warehouse and atomically replaces $FABRICWATCH_HOME/warehouse.duckdb; the previous file is kept under releases/.")
    def published_warehouse(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
        con = db.connect_work(warehouse.paths.work)
        try:
            counts = db.row_counts(con)
            db.refresh_data_dictionary(con)
            con.execute(
                "INSERT OR REPLACE INTO meta.runs BY NAME SELECT ? AS run_id, ? AS started_at, ? AS finished_at, "
                "? AS mode, 'published' AS status, ? AS selection, ? AS row_counts, ? AS message, ? AS input_fingerprint",
                [context.run.run_id, _run_start(context), _utcnow(), context.run.tags.get("fabricwatch/mode"),
                 context.run.tags.get("fabricwatch/selection"), json.dumps(counts), "published by refresh",
                 context.run.tags.get("fabricwatch/fingerprint")],
            )
        except Exception:
            con.close()
            raise
        path = db.publish(warehouse.home, con)  # closes con
        context.log.info(f"published {path}")
        return dg.MaterializeResult(metadata={"path": str(path), "tables": len(counts),
                                              "rows_total": sum(counts.values()),
                                              "row_counts": dg.MetadataValue.json(counts)})

    return published_warehouse


def _run_start(context: dg.AssetExecutionContext) -> dt.datetime:
    record = context.instance.get_run_record_by_id(context.run.run_id)
    if record is not None and record.start_time:
        return dt.datetime.fromtimestamp(record.start_time, dt.timezone.utc).replace(tzinfo=None)
    return _utcnow()


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
