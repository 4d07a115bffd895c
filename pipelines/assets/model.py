"""The fabric cost-performance model as assets: catalog, scenario grid, calibration, sensitivity.

One subsettable step (`build_model`) computes the selected ones on one connection, reading the
catalog once; the calibration's blocking check runs in the same step.

The model itself is the pure `fabric_model` package; these assets only move data between it and
the warehouse (warehouse/model_io.py).
"""

import dagster as dg

import fabric_model as fm
from pipelines import lineage, steps
from pipelines.checks import as_result
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from warehouse import model_io

GROUP = "model"


def _catalog(con) -> fm.Catalog:
    return fm.load_catalog(model_io.observed_spec_overrides(con))


# What each model asset reads and writes (its parents are derived from the reads: pipelines/lineage.py).
OVERRIDES_SQL, NCCL_SQL, BENCH_SQL = model_io.OVERRIDES_SQL, model_io.NCCL_SQL, model_io.BENCH_SQL


def _lineage(writes: str | tuple[str, ...], *sql: str) -> dict:
    writes = (writes,) if isinstance(writes, str) else writes
    return {**lineage.reads_sql(*sql), **lineage.metadata(writes=list(writes))}


CATALOG, SCENARIOS, CALIBRATION, SENSITIVITY = (
    dg.AssetKey(n) for n in ("model_catalog", "fabric_scenarios", "model_calibration", "model_sensitivity")
)
CALIBRATION_CHECK = steps.CALIBRATION_CHECK

# The grid's workload is illustrative, like the model's default, but heavier: a 70B-parameter
# data-parallel step with 1 s of compute, so that gradient traffic is not fully hidden and the
# fabrics' step times differ (with the default 8B / 0.5 s every fabric hides its communication).
GRID_WORKLOAD = {"params": 70e9, "compute_s_per_step": 1.0}
SENSITIVITY_BASE_GPUS = 8192  # a mid-size cluster: three tiers are not yet forced at 400G


def _spec(key: dg.AssetKey, deps: list, metadata: dict, description: str) -> dg.AssetSpec:
    return dg.AssetSpec(
        key=key, group_name=GROUP, deps=deps, kinds=kinds(Kind.numpy), metadata=metadata, description=description
    )


CHECK_SPECS = [
    dg.AssetCheckSpec(
        CALIBRATION_CHECK,
        asset=CALIBRATION,
        blocking=True,
        description=f"Fitted points (healthy measurements, known hardware, >= {fm.CALIBRATION_MIN_BYTES >> 20} MiB): "
        f"median |error| within ±{fm.CALIBRATION_TOLERANCE:.0%} and every point outside it has a documented cause; "
        "failed and truncated runs, thresholds and vendor claims do not count.",
    )
]


def build_model_assets(upstream: list[dg.AssetsDefinition]) -> list[dg.AssetsDefinition]:
    """The model step, its parents the writers (among `upstream`: the source and core assets) of what its SQL
    reads; called by the definitions once those assets exist (nothing is built at import)."""
    by_relation = lineage.writers(upstream)

    def sql_parents(*files: str) -> list[dg.AssetKey]:
        return lineage.parents(lineage.declared_reads(*files), by_relation)

    # model_catalog reads what the spec parsers (and the ledger) write: its parents come from that SQL.
    specs = [
        _spec(
            CATALOG,
            sql_parents(OVERRIDES_SQL),
            _lineage(("model.assumptions", "model.catalog"), OVERRIDES_SQL),
            "Model inputs (switches, NICs, optics, systems, fabric profiles) with their sources; shipped defaults overridden by observed specs from the warehouse; published as model.catalog so the dashboard evaluates with the same figures.",
        ),
        _spec(
            SCENARIOS,
            [CATALOG, *sql_parents(OVERRIDES_SQL)],
            _lineage("model.scenarios", OVERRIDES_SQL),
            "Scenario grid: fabrics x cluster sizes 256-131,072 GPUs x NIC speeds 400/800/1600G (default design: "
            "one fat tree, rails joined at the spine), swept with the vectorized model (illustrative workload: "
            "70B parameters, bf16 gradients, 1 s compute per step); workload and design recorded per row.",
        ),
        _spec(
            CALIBRATION,
            [CATALOG, *sql_parents(*model_io.CALIBRATION_SQL)],
            _lineage(model_io.CALIBRATION_TABLE, *model_io.CALIBRATION_SQL),
            "Predicted (NCCL's own algorithm choice) vs measured bus bandwidth for every nccl-tests run with known "
            "hardware and every published benchmark in the ledger; failed/truncated runs, thresholds and vendor "
            "claims are kept with their status, never fitted.",
        ),
        _spec(
            SENSITIVITY,
            [CATALOG, *sql_parents(OVERRIDES_SQL)],
            _lineage("model.sensitivity", OVERRIDES_SQL),
            "Which assumptions move network cost per GPU and step time most (tornado, each ±20%).",
        ),
    ]
    return [dg.multi_asset(name="build_model", specs=specs, check_specs=CHECK_SPECS, can_subset=True)(build_model)]


def build_model(context: dg.AssetExecutionContext, warehouse: WarehouseResource):
    """The selected model assets, one step and one connection; the catalog is read once for all of them."""
    selected = context.selected_asset_keys
    with warehouse.connect() as con:
        catalog = _catalog(con)
        if CATALOG in selected:
            yield _model_catalog(con, catalog)
        if SCENARIOS in selected:
            yield _fabric_scenarios(con, catalog)
        if CALIBRATION in selected:
            check = dg.AssetCheckKey(CALIBRATION, CALIBRATION_CHECK) in context.selected_asset_check_keys
            yield _model_calibration(context, con, catalog, check)
        if SENSITIVITY in selected:
            yield _model_sensitivity(con, catalog)


def _model_catalog(con, catalog: fm.Catalog) -> dg.MaterializeResult:
    n = model_io.write_assumptions(con, fm.assumptions(catalog))
    model_io.write_catalog(con, fm.catalog_records(catalog))
    skipped = getattr(catalog, "overrides_skipped", [])
    return dg.MaterializeResult(asset_key=CATALOG, metadata={"assumptions": n, "overrides_skipped": len(skipped)})


def _fabric_scenarios(con, catalog: fm.Catalog) -> dg.MaterializeResult:
    grid = fm.sweep(fm.default_grid(**GRID_WORKLOAD), catalog)
    n = model_io.write_scenarios(con, grid)
    return dg.MaterializeResult(
        asset_key=SCENARIOS,
        metadata={"scenarios": len(grid), "feasible": n, "infeasible": int((~grid["feasible"]).sum())},
    )


def _model_calibration(context, con, catalog: fm.Catalog, check: bool) -> dg.MaterializeResult:
    """The calibration step (pipelines/steps.py, shared with the fast ingest) and its blocking check."""
    facts, outcomes = steps.model_calibration(con, context.run.run_id, catalog, with_check=check)
    return dg.MaterializeResult(
        asset_key=CALIBRATION, check_results=[as_result(o, CALIBRATION) for o in outcomes], metadata=facts
    )


def _model_sensitivity(con, catalog: fm.Catalog) -> dg.MaterializeResult:
    table = fm.sensitivity(fm.Scenario(gpus=SENSITIVITY_BASE_GPUS), catalog)
    n = model_io.write_sensitivity(con, table)
    return dg.MaterializeResult(
        asset_key=SENSITIVITY, metadata={"assumptions": n, "top": str(table.iloc[0]["assumption"]) if n else None}
    )
