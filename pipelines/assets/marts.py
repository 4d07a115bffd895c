"""The marts (warehouse/sql/marts/*.sql) as assets built by one subsettable step, `build_marts`.

Thin: SQL lives in the mart files, check logic in warehouse/quality.py. Each mart is its own asset
`marts/<name>`: its parents are the writers of the relations its SQL reads (pipelines/lineage.py), its
code_version is the hash of its SQL, its checks are check specs on it. One step builds the selected
marts in dependency order on one connection and runs their checks there: a run pays Dagster's
per-step bookkeeping once, not once per mart, and a partial run (an ingest, a schedule) builds only
the marts its selection reaches. ERROR checks are blocking: a failure fails the step after every
selected mart was built and checked, so the publish step does not run. WARN checks (conflicts,
freshness, overlapping speed buckets) only report. Every result is also stored in meta.checks.
"""

import dagster as dg

from pipelines import lineage, steps
from pipelines.checks import as_result
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds, table_metadata
from warehouse import marts, quality

GROUP = "marts"
KEY_PREFIX = steps.MART_KEY_PREFIX  # "marts"
STEP = "build_marts"  # the step's name, printed by `fabricwatch refresh` as `ok    build_marts`


def mart_key(name: str) -> dg.AssetKey:
    return dg.AssetKey([KEY_PREFIX, name])


def build_mart_assets(upstream: list[dg.AssetsDefinition] = ()) -> tuple[list[dg.AssetsDefinition], list]:
    """The multi-asset `build_marts` (group "marts"), one asset per mart: each one's parents are the
    writers, among `upstream` and the marts, of the relations its SQL reads. No standalone checks:
    each mart's checks run in the step, on the connection that built it."""
    found = marts.discover_marts()  # in dependency order
    by_relation = lineage.writers(upstream)
    for mart in found:
        by_relation.setdefault(mart.relation, set()).add(mart_key(mart.name))
    specs = [_spec(mart, lineage.parents(mart.reads, by_relation, mart_key(mart.name))) for mart in found]
    checks = {mart.name: quality.checks_for(mart) for mart in found}
    dated = marts.clock_marts(found)  # kept as views: their rows change with the date (warehouse/marts.py)
    check_specs = [
        dg.AssetCheckSpec(
            s.name, asset=mart_key(m.name), blocking=s.severity == quality.ERROR, description=s.description
        )
        for m in found
        for s in checks[m.name]
    ]

    @dg.multi_asset(name=STEP, specs=specs, check_specs=check_specs, can_subset=True)
    def build_marts(context: dg.AssetExecutionContext, warehouse: WarehouseResource):
        selected = [m for m in found if mart_key(m.name) in context.selected_asset_keys]
        previous = published_row_counts(warehouse.home_path, [m.name for m in selected])
        selected_checks = context.selected_asset_check_keys
        with warehouse.connect() as con:
            marts.apply_helpers(con)
            present, built = marts.existing_marts(con), marts.built_marts(con)
            for mart in selected:
                wanted = [
                    s for s in checks[mart.name] if dg.AssetCheckKey(mart_key(mart.name), s.name) in selected_checks
                ]
                yield _build(
                    context,
                    con,
                    mart,
                    wanted,
                    previous.get(mart.name),
                    as_view=mart.name in dated,
                    present=present,
                    built=built,
                )

    return [build_marts], []


def _spec(mart: marts.Mart, deps: list[dg.AssetKey]) -> dg.AssetSpec:
    return dg.AssetSpec(
        key=mart_key(mart.name),
        group_name=GROUP,
        deps=deps,
        kinds=kinds(Kind.duckdb),
        code_version=marts.sql_version(mart),
        description=mart.description or mart.relation,
        metadata=lineage.metadata(writes=[mart.relation], reads=mart.reads),
    )


def _build(
    context: dg.AssetExecutionContext,
    con,
    mart: marts.Mart,
    specs: list[quality.MartCheck],
    previous: int | None,
    as_view: bool = False,
    present: dict[str, str] | None = None,
    built: marts.Built | None = None,
) -> dg.MaterializeResult:
    """(Re)create one mart (helpers already applied) and run its checks (pipelines/steps.py, shared with the
    fast ingest); one result with its check results."""
    facts, outcomes = steps.build_mart(
        con, context.run.run_id, mart, specs, previous, as_view=as_view, present=present, built=built
    )
    return dg.MaterializeResult(
        asset_key=mart_key(mart.name),
        check_results=[as_result(o, mart_key(mart.name)) for o in outcomes],
        metadata=mart_metadata(facts),
    )


def mart_metadata(facts: dict) -> dict:
    """The mart step's facts as the asset's metadata (table name, column schema, row count, how stored, key)."""
    return {
        **table_metadata(facts["relation"], facts["columns"], facts["rows"]),
        "kind": facts["kind"],
        "key": facts["key"],
    }


published_row_counts = steps.published_row_counts
