"""The fabric cost-performance model as assets: catalog, scenario grid, calibration, sensitivity.

The model itself is the pure `fabric_model` package; these assets only move data between it and
the warehouse (warehouse/model_io.py).
"""

import dagster as dg
import pandas as pd

import fabric_model as fm
from pipelines import lineage
from pipelines.checks import record_check
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from warehouse import model_io

GROUP = "model"


def _catalog(con) -> fm.Catalog:
    return fm.load_catalog(model_io.observed_spec_overrides(con))


# What each model asset reads and writes (its parents are derived from the reads: pipelines/lineage.py).
OVERRIDES_SQL, NCCL_SQL, BENCH_SQL = "model_overrides.sql", "model_nccl_rows.sql", "model_benchmark_observations.sql"


def _lineage(writes: str | tuple[str, ...], *sql: str) -> dict:
    writes = (writes,) if isinstance(writes, str) else writes
    return {**lineage.reads_sql(*sql), **lineage.metadata(writes=list(writes))}


# model_catalog reads what the spec parsers (and the ledger) write: its parents come from that SQL.
@dg.asset(group_name=GROUP, deps=lineage.sql_parents(OVERRIDES_SQL), kinds=kinds(Kind.numpy),
          metadata=_lineage(("model.assumptions", "model.catalog"), OVERRIDES_SQL),
          description="Model inputs (switches, NICs, optics, systems, fabric profiles) with their sources; shipped defaults overridden by observed specs from the warehouse; published as model.catalog so the dashboard evaluates with the same figures.")
def model_catalog(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    with warehouse.connect() as con:
        catalog = _catalog(con)
        n = model_io.write_assumptions(con, fm.assumptions(catalog))
        model_io.write_catalog(con, fm.catalog_records(catalog))
    skipped = getattr(catalog, "overrides_skipped", [])
    return dg.MaterializeResult(metadata={"assumptions": n, "overrides_skipped": len(skipped)})


# The grid's workload is illustrative, like the model's default, but heavier: a 70B-parameter
# data-parallel step with 1 s of compute, so that gradient traffic is not fully hidden and the
# fabrics' step times differ (with the default 8B / 0.5 s every fabric hides its communication).
GRID_WORKLOAD = {"params": 70e9, "compute_s_per_step": 1.0}


@dg.asset(group_name=GROUP, deps=[model_catalog, *lineage.sql_parents(OVERRIDES_SQL)], kinds=kinds(Kind.numpy),
          metadata=_lineage("model.scenarios", OVERRIDES_SQL),
          description="Scenario grid: fabrics x cluster sizes 256-131,072 GPUs x NIC speeds 400/800/1600G (default design: "
                      "one fat tree, rails joined at the spine), swept with the vectorized model (illustrative workload: "
                      "70B parameters, bf16 gradients, 1 s compute per step); workload and design recorded per row.")
def fabric_scenarios(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    with warehouse.connect() as con:
        grid = fm.sweep(fm.default_grid(**GRID_WORKLOAD), _catalog(con))
        n = model_io.write_scenarios(con, grid)
    return dg.MaterializeResult(metadata={"scenarios": len(grid), "feasible": n,
                                          "infeasible": int((~grid["feasible"]).sum())})


@dg.asset(group_name=GROUP, deps=[model_catalog, *lineage.sql_parents(OVERRIDES_SQL, NCCL_SQL, BENCH_SQL)], kinds=kinds(Kind.numpy),
          metadata=_lineage("model.calibration", OVERRIDES_SQL, NCCL_SQL, BENCH_SQL),
          description="Predicted (NCCL's own algorithm choice) vs measured bus bandwidth for every nccl-tests run with known "
                      "hardware and every published benchmark in the ledger; failed/truncated runs, thresholds and vendor "
                      "claims are kept with their status, never fitted.")
def model_calibration(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    with warehouse.connect() as con:
        runs = fm.points_from_runs(model_io.nccl_rows(con))
        published = fm.points_from_observations(model_io.benchmark_observations(con, fm.calibration.BENCHMARK_INDICATOR))
        calibration = fm.calibrate(pd.concat([runs, published], ignore_index=True), _catalog(con))
        model_io.write_calibration(con, calibration)
    fitted = calibration[calibration["fitted"]]
    return dg.MaterializeResult(metadata={
        "points": len(calibration), "fitted": len(fitted), "from_runs": len(runs), "published": len(published),
        "median_abs_rel_error": float(fitted["abs_rel_error"].median()) if len(fitted) else None,
        "by_status": str(calibration["status"].value_counts().to_dict()),
    })


@dg.asset_check(asset=model_calibration, blocking=True,
                description=f"Fitted points (healthy measurements, known hardware, >= {fm.CALIBRATION_MIN_BYTES >> 20} MiB): "
                            f"median |error| within ±{fm.CALIBRATION_TOLERANCE:.0%} and every point outside it has a documented cause; "
                            "failed and truncated runs, thresholds and vendor claims do not count.")
def calibration_within_tolerance(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
    with warehouse.connect() as con:
        points = model_io.read_calibration(con)
    points["abs_rel_error"] = points["rel_error"].abs()
    points["miss_reason"] = points["miss_reason"].fillna("")
    passed, summary = fm.calibration.check_calibration(points)
    outside = fm.calibration_failures(points)
    return record_check(
        context, warehouse, asset="model_calibration", check_name="calibration_within_tolerance",
        passed=passed, description=summary,
        metadata={"outside_tolerance": outside[["point_id", "measured_busbw_GBps", "predicted_busbw_GBps", "rel_error",
                                                 "miss_reason"]].to_dict("records")},
    )


@dg.asset(group_name=GROUP, deps=[model_catalog, *lineage.sql_parents(OVERRIDES_SQL)], kinds=kinds(Kind.numpy),
          metadata=_lineage("model.sensitivity", OVERRIDES_SQL),
          description="Which assumptions move network cost per GPU and step time most (tornado, each ±20%).")
def model_sensitivity(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    with warehouse.connect() as con:
        table = fm.sensitivity(fm.Scenario(gpus=SENSITIVITY_BASE_GPUS), _catalog(con))
        n = model_io.write_sensitivity(con, table)
    return dg.MaterializeResult(metadata={"assumptions": n, "top": str(table.iloc[0]["assumption"]) if n else None})


SENSITIVITY_BASE_GPUS = 8192  # a mid-size cluster: three tiers are not yet forced at 400G

assets = [model_catalog, fabric_scenarios, model_calibration, model_sensitivity]
checks = [calibration_within_tolerance]
