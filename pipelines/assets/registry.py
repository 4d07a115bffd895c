"""The source registry (sources/registry.py) as rows of core.sources."""

import dagster as dg

from pipelines.resources import WarehouseResource
from sources.registry import REGISTRY
from warehouse import load

REGISTRY_ORIGIN = "registry"


@dg.asset(group_name="core", compute_kind="duckdb",
          description="Every fetched source of the registry (publisher, kind, cadence, parser, terms) in core.sources.")
def source_registry(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    rows = [{"source_id": s.source_id, "publisher": s.publisher, "kind": s.kind, "title": s.title,
             "homepage": s.homepage, "cadence": s.cadence, "parser": s.parser, "licence_note": s.licence_note,
             "origin": REGISTRY_ORIGIN} for s in REGISTRY]
    with warehouse.connect() as con:
        n = load.replace_rows(con, "core.sources", rows, where="origin = ?", params=[REGISTRY_ORIGIN])
    return dg.MaterializeResult(metadata={"sources": n})


assets = [source_registry]
