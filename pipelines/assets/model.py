"""The fabric cost-performance model as assets: catalog, scenario grid, calibration, sensitivity.

The model itself is the pure `fabric_model` package; these assets only move data between it and
the warehouse (warehouse/model_io.py).
"""

import dagster as dg

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
OVERRIDES_SQL, NCCL_SQL = "model_overrides.sql", "model_nccl_rows.sql"


def _lineage(writes: str, *sql: str) -> dict:
    return {**lineage.reads_sql(*sql), **lineage.metadata(writes=[writes])}


# model_catalog reads what the spec parsers (and the ledger) write: its parents come from that SQL.
@dg.asset(group_name=GROUP, deps=lineage.sql_parents(OVERRIDES_SQL), kinds=kinds(Kind.numpy),
          metadata=_lineage("model.assumptions", OVERRIDES_SQL),
          description="Model inputs (switches, NICs, optics, systems, fabric profiles) with their sources; shipped defaults overridden by observed specs from the warehouse.")
def model_catalog(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    with warehouse.connect() as con:
        catalog = _catalog(con)
        n = model_io.write_assumptions(con, fm.assumptions(catalog))
    skipped = getattr(catalog, "overrides_skipped", [])
    return dg.MaterializeResult(metadata={"assumptions": n, "overrides_skipped": len(skipped)})


# The grid's workload is illustrative, like the model's default, but heavier: a 70B-parameter
# data-parallel step with 1 s of compute, so that gradient traffic is not fully hidden and the
# fabrics' step times differ (with the default 8B / 0.5 s every fabric hides its communication).
GRID_WORKLOAD = {"params": 70e9, "compute_s_per_step": 1.0}


@dg.asset(group_name=GROUP, deps=[model_catalog, *lineage.sql_parents(OVERRIDES_SQL)], kinds=kinds(Kind.numpy),
          metadata=_lineage("model.scenarios", OVERRIDES_SQL),
          description="Scenario grid: fabrics x cluster sizes 256-131,072 GPUs x NIC speeds 400/800/1600G, swept with "
                      "the vectorized model (illustrative workload: 70B parameters, bf16 gradients, 1 s compute per step).")
def fabric_scenarios(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    with warehouse.connect() as con:
        grid = fm.sweep(fm.default_grid(**GRID_WORKLOAD), _catalog(con))
        n = model_io.write_scenarios(con, grid)
    return dg.MaterializeResult(metadata={"scenarios": len(grid), "feasible": n,
                                          "infeasible": int((~grid["feasible"]).sum())})


@dg.asset(group_name=GROUP, deps=[model_catalog, *lineage.sql_parents(OVERRIDES_SQL, NCCL_SQL)], kinds=kinds(Kind.numpy),
          metadata=_lineage("model.calibration", OVERRIDES_SQL, NCCL_SQL),
          description="Predicted vs measured nccl-tests bus bandwidth (warehouse runs and cited published points), error per point.")
def model_calibration(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    with warehouse.connect() as con:
        measured = fm.measured_from_runs(model_io.nccl_rows(con))
        calibration = fm.calibrate(measured, _catalog(con))
        model_io.write_calibration(con, calibration)
    checked = calibration[calibration["checked"]]
    return dg.MaterializeResult(metadata={
        "points": len(calibration), "checked": len(checked), "from_warehouse": len(measured),
        "max_abs_rel_error": float(checked["abs_rel_error"].max()) if len(checked) else None,
    })


@dg.asset_check(asset=model_calibration, blocking=True,
                description=f"Every checked point (>= {fm.CALIBRATION_MIN_BYTES >> 20} MiB) is within the calibration tolerance ({fm.CALIBRATION_TOLERANCE:.0%}, ASTRA-sim's published error band).")
def calibration_within_tolerance(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
    with warehouse.connect() as con:
        points = model_io.read_calibration(con)
    checked = points[points["checked"]]
    bad = checked[~checked["within_tolerance"]]
    return record_check(
        context, warehouse, asset="model_calibration", check_name="calibration_within_tolerance",
        passed=len(checked) > 0 and bad.empty,
        description=f"{len(checked)} points checked, {len(bad)} outside ±{fm.CALIBRATION_TOLERANCE:.0%}",
        metadata={"outside_tolerance": bad[["point_id", "measured_busbw_GBps", "predicted_busbw_GBps", "rel_error"]]
                  .to_dict("records")},
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
