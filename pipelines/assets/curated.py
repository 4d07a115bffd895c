"""The analyst ledger (sources/curated/) loaded into core tables, and its checks."""


import dagster as dg

from pipelines.checks import record_check
from pipelines.resources import WarehouseResource
from sources import claims_review
from sources.inbox import load_ledger_with
from sources.registry import REGISTRY
from warehouse import load

CURATED_ORIGIN = "curated"


@dg.asset(group_name="core", compute_kind="duckdb", deps=[dg.AssetKey("inbox_files")],
          description="Curated ledger (sources/curated/*.csv and analyst CSVs accepted from the inbox): indicators, sources, and analyst-entered observations, events and products with provenance.")
def curated_ledger(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    # the repo's ledger plus analyst files accepted from the inbox; every row is validated and a
    # bad file raises before anything is written
    ledger = load_ledger_with([warehouse.paths.inbox / "processed" / "curated"])
    with warehouse.connect() as con:
        load.replace_rows(con, "core.indicators", ledger.indicators)
        load.replace_entities(con, ledger.entities)
        # a source both fetched and cited in the ledger is described once, by the registry
        registered = {s.source_id for s in REGISTRY}
        load.replace_rows(con, "core.sources",
                          [{**s, "origin": CURATED_ORIGIN} for s in ledger.sources if s["source_id"] not in registered],
                          where="origin = ?", params=[CURATED_ORIGIN])
        counts = load.replace_origin(con, CURATED_ORIGIN, ledger.records, ledger.entities)
        counts["claim_reviews"] = load.replace_rows(con, "core.claim_reviews", list(claims_review.decisions().values()))
    counts["indicators"] = len(ledger.indicators)
    counts["entities"] = len(ledger.entities.entities)
    counts["sources"] = len(ledger.sources)
    context.log.info(f"curated ledger: {counts}")
    return dg.MaterializeResult(metadata={f"rows_{k}": v for k, v in counts.items()})


@dg.asset_check(asset=curated_ledger, blocking=True,
                description="Every curated row carries provenance: publisher, document title, evidence, and an address or a named carrier.")
def curated_provenance_complete(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
    with warehouse.connect() as con:
        bad = con.execute(_sql_missing_provenance(), [CURATED_ORIGIN] * 3).fetchall()
        total = con.execute("SELECT count(*) FROM core.observations WHERE origin = ?", [CURATED_ORIGIN]).fetchone()[0]
    passed = total > 0 and not bad
    return record_check(
        context, warehouse, asset="curated_ledger", check_name="curated_provenance_complete", passed=passed,
        description=f"{total} curated observations; {len(bad)} rows lack provenance" if total else "no curated observations loaded",
        metadata={"observations": total, "offending_rows": [list(map(str, r)) for r in bad[:20]]},
    )


@dg.asset_check(asset=curated_ledger, blocking=True,
                description="Every observation's unit is its indicator's unit, and every indicator is in the catalog.")
def curated_units_match_indicators(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
    with warehouse.connect() as con:
        bad = con.execute(
            "SELECT o.indicator, o.unit, i.unit AS expected, count(*) FROM core.observations o "
            "LEFT JOIN core.indicators i USING (indicator) WHERE o.origin = ? AND (i.unit IS NULL OR i.unit <> o.unit) "
            "GROUP BY ALL ORDER BY 4 DESC",
            [CURATED_ORIGIN],
        ).fetchall()
    return record_check(
        context, warehouse, asset="curated_ledger", check_name="curated_units_match_indicators", passed=not bad,
        description="all units match their indicator" if not bad else f"{len(bad)} indicator/unit mismatches",
        metadata={"mismatches": [list(map(str, r)) for r in bad[:20]]},
    )


def _sql_missing_provenance() -> str:
    return (
        "SELECT 'observation', record_id, indicator FROM core.observations WHERE origin = ? AND "
        "(coalesce(publisher, '') = '' OR coalesce(title, '') = '' OR coalesce(evidence, '') = '' "
        " OR (url IS NULL AND via IS NULL)) "
        "UNION ALL SELECT 'event', record_id, event FROM core.events WHERE origin = ? AND "
        "(coalesce(publisher, '') = '' OR coalesce(evidence, '') = '' OR (url IS NULL AND via IS NULL)) "
        "UNION ALL SELECT 'product', record_id, product_id FROM core.products WHERE origin = ? AND "
        "(coalesce(publisher, '') = '' OR coalesce(evidence, '') = '' OR (url IS NULL AND via IS NULL))"
    )


assets = [curated_ledger]
checks = [curated_provenance_complete, curated_units_match_indicators]
