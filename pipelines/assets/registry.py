"""The source registry (sources/registry.py) as rows of core.sources, and its check."""

import dagster as dg

from pipelines import lineage
from pipelines.checks import record_check
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources.registry import REGISTRY, validate
from warehouse import load

REGISTRY_ORIGIN = "registry"


@dg.asset(group_name="core", kinds=kinds(Kind.duckdb), metadata=lineage.metadata(writes=["core.sources"]),
          description="Every fetched source of the registry (publisher, kind, cadence, parser, terms) in core.sources.")
def source_registry(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    rows = [{"source_id": s.source_id, "publisher": s.publisher, "kind": s.kind, "title": s.title,
             "homepage": s.homepage, "cadence": s.cadence, "parser": s.parser, "licence_note": s.licence_note,
             "origin": REGISTRY_ORIGIN} for s in REGISTRY]
    with warehouse.connect() as con:
        n = load.replace_rows(con, "core.sources", rows, where="origin = ?", params=[REGISTRY_ORIGIN])
    return dg.MaterializeResult(metadata={"sources": n, "dagster/row_count": n})


@dg.asset_check(asset=source_registry, blocking=True,
                description="Every registry entry is well-formed: unique ids, known parser and cadence, allowed hosts, addresses.")
def source_registry_valid(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
    problems = validate(REGISTRY)
    return record_check(context, warehouse, asset="source_registry", check_name="source_registry_valid",
                        passed=not problems, description=f"{len(REGISTRY)} sources, {len(problems)} problems",
                        metadata={"problems": problems[:50]})


assets = [source_registry]
checks = [source_registry_valid]
