"""The source registry (sources/registry.py) as rows of core.sources, and its check."""

import dagster as dg

from pipelines import lineage
from pipelines.checks import store_check
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources.registry import REGISTRY, validate
from warehouse import load

REGISTRY_ORIGIN = "registry"


KEY = dg.AssetKey("source_registry")
VALID_CHECK = "source_registry_valid"  # blocking, run in the asset's own step


@dg.asset(
    group_name="core",
    kinds=kinds(Kind.duckdb),
    metadata=lineage.metadata(writes=["core.sources"]),
    check_specs=[
        dg.AssetCheckSpec(
            VALID_CHECK,
            asset=KEY,
            blocking=True,
            description="Every registry entry is well-formed: unique ids, known parser and cadence, allowed hosts, addresses.",
        )
    ],
    description="Every fetched source of the registry (publisher, kind, cadence, parser, terms) in core.sources.",
)
def source_registry(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    rows = [
        {
            "source_id": s.source_id,
            "publisher": s.publisher,
            "kind": s.kind,
            "title": s.title,
            "homepage": s.homepage,
            "cadence": s.cadence,
            "parser": s.parser,
            "licence_note": s.licence_note,
            "origin": REGISTRY_ORIGIN,
        }
        for s in REGISTRY
    ]
    with warehouse.connect() as con:
        n = load.replace_rows(con, "core.sources", rows, where="origin = ?", params=[REGISTRY_ORIGIN])
        problems = validate(REGISTRY)
        checks = (
            [
                store_check(
                    con,
                    context.run.run_id,
                    asset="source_registry",
                    check_name=VALID_CHECK,
                    passed=not problems,
                    description=f"{len(REGISTRY)} sources, {len(problems)} problems",
                    metadata={"problems": problems[:50]},
                )
            ]
            if dg.AssetCheckKey(KEY, VALID_CHECK) in context.selected_asset_check_keys
            else []
        )
    return dg.MaterializeResult(metadata={"sources": n, "dagster/row_count": n}, check_results=checks)


assets = [source_registry]
