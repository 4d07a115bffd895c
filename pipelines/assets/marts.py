"""One Dagster asset per mart file (warehouse/sql/marts/*.sql), with its quality checks.

Thin: SQL lives in the mart files, check logic in warehouse/quality.py. A mart's parents are the
writers of the relations its SQL reads (pipelines/lineage.py wires them); its code_version is the
hash of its SQL. ERROR checks are blocking (a failure stops the publish); WARN checks (conflicts,
freshness, overlapping speed buckets) only report. Every result is also stored in meta.checks.
"""


import dagster as dg

from pipelines import lineage
from pipelines.checks import store_check
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds, table_metadata
from warehouse import db, marts, quality

GROUP = "marts"
KEY_PREFIX = "marts"
PREVIEW_ROWS = 5


def mart_key(name: str) -> dg.AssetKey:
    return dg.AssetKey([KEY_PREFIX, name])


def build_mart_assets(upstream: list[dg.AssetsDefinition] = ()) -> tuple[list[dg.AssetsDefinition], list]:
    """Assets `marts/<name>` (group "marts"): each one's parents are the writers, among `upstream`
    and the marts, of the relations its SQL reads.

    Each mart's checks run inside its own step (check specs on the asset), on the connection that
    built it: one step and one connection per mart instead of one per check.
    """
    found = marts.discover_marts()
    by_relation = lineage.writers(upstream)
    for mart in found:
        by_relation.setdefault(mart.relation, set()).add(mart_key(mart.name))
    return [_mart_asset(mart, lineage.parents(mart.reads, by_relation, mart_key(mart.name))) for mart in found], []


def _severity(spec: quality.MartCheck) -> dg.AssetCheckSeverity:
    return dg.AssetCheckSeverity.ERROR if spec.severity == quality.ERROR else dg.AssetCheckSeverity.WARN


def _mart_asset(mart: marts.Mart, deps: list[dg.AssetKey]) -> dg.AssetsDefinition:
    key = mart_key(mart.name)
    specs = quality.checks_for(mart)
    check_specs = [dg.AssetCheckSpec(s.name, asset=key, blocking=s.severity == quality.ERROR, description=s.description)
                   for s in specs]

    @dg.asset(key=key, group_name=GROUP, deps=deps, kinds=kinds(Kind.duckdb), check_specs=check_specs,
              code_version=marts.sql_version(mart), metadata=lineage.metadata(writes=[mart.relation], reads=mart.reads),
              description=mart.description or mart.relation)
    def _asset(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
        previous = published_row_count(warehouse.home_path, mart.name) if any(s.needs_published_count for s in specs) else None
        with warehouse.connect() as con:
            rows = marts.apply_mart(con, mart)
            preview = marts.preview(con, mart.name, PREVIEW_ROWS)
            columns = marts.columns(con, mart.name)
            results = []
            for spec in specs:
                outcome = spec.run(con, previous if spec.needs_published_count else None)
                results.append(store_check(
                    con, context.run.run_id, asset=f"{KEY_PREFIX}/{mart.name}", check_name=spec.name,
                    passed=outcome.passed, description=outcome.description, severity=_severity(spec),
                    metadata={"offending_rows": outcome.rows[: quality.MAX_ROWS]} if outcome.rows else {}))
        context.log.info(f"{mart.relation}: {rows} rows")
        return dg.MaterializeResult(check_results=results, metadata={
            **table_metadata(mart.relation, columns, rows),
            "kind": mart.relation_kind.lower(),
            "key": ", ".join(mart.key),
            "preview": dg.MetadataValue.text(preview.to_string(index=False)),
        })

    return _asset


def published_row_count(home, name: str) -> int | None:
    """Rows of marts.<name> in the published warehouse, None when there is none or it lacks the mart."""
    if not db.paths(home).published.exists():
        return None
    try:
        with db.published_connection(home) as con:
            return marts.row_count(con, name)
    except Exception:  # noqa: BLE001 - an unreadable or older published file means "nothing to compare"
        return None
