"""The analyst ledger (sources/curated/) loaded into core tables, and its checks."""

import dagster as dg

from pipelines import lineage, loading
from pipelines.checks import store_check
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources.ledger import review as claims_review
from sources.inbox import load_ledger_with
from sources.registry import REGISTRY
from warehouse import load, quality

CURATED_ORIGIN = "curated"


WRITES = (
    "core.indicators",
    "core.sources",
    "core.vocabulary",
    "core.carriers",
    "core.entities",
    *load.RECORD_TABLES,
    "core.claim_reviews",
)


KEY = dg.AssetKey("curated_ledger")
# Blocking checks, run in the ledger's own step on its connection: name -> (description, check).
CHECKS = {
    "curated_provenance_complete": (
        "Every curated row carries provenance: publisher, document title, evidence, and an address or a named carrier.",
        lambda con: quality.provenance_complete(con, CURATED_ORIGIN),
    ),
    "curated_units_match_indicators": (
        "Every curated observation's unit is one its indicator allows, and every indicator is in the catalog.",
        lambda con: quality.units_valid(con, "core.observations", origin=CURATED_ORIGIN),
    ),
}


@dg.asset(
    group_name="core",
    kinds=kinds(Kind.duckdb),
    deps=[dg.AssetKey("inbox_files")],
    metadata=lineage.metadata(writes=WRITES),
    check_specs=[
        dg.AssetCheckSpec(name, asset=KEY, blocking=True, description=description)
        for name, (description, _) in CHECKS.items()
    ],
    description="Curated ledger (sources/curated/*.csv and analyst CSVs accepted from the inbox): indicators, sources, and analyst-entered observations, events and products with provenance.",
)
def curated_ledger(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    # the repo's ledger plus analyst files accepted from the inbox; every row is validated and a
    # bad file raises before anything is written
    ledger = load_ledger_with([warehouse.paths.inbox / "processed" / "curated"])
    with warehouse.connect() as con:
        load.replace_rows(con, "core.indicators", ledger.indicators)
        load.replace_vocabulary(con, ledger.vocabulary)
        loading.replace_entities(con, ledger.entities)
        # a source both fetched and cited in the ledger is described once, by the registry
        registered = {s.source_id for s in REGISTRY}
        load.replace_rows(
            con,
            "core.sources",
            [{**s, "origin": CURATED_ORIGIN} for s in ledger.sources if s["source_id"] not in registered],
            where="origin = ?",
            params=[CURATED_ORIGIN],
        )
        counts = loading.load_records(con, CURATED_ORIGIN, ledger.records, ledger.entities)
        counts["claim_reviews"] = load.replace_rows(con, "core.claim_reviews", list(claims_review.decisions().values()))
        results = [
            _check(context, con, name, check(con))
            for name, (_, check) in CHECKS.items()
            if dg.AssetCheckKey(KEY, name) in context.selected_asset_check_keys
        ]
    counts["indicators"] = len(ledger.indicators)
    counts["entities"] = len(ledger.entities.entities)
    counts["sources"] = len(ledger.sources)
    counts["vocabulary_terms"] = sum(len(t) for t in ledger.vocabulary.terms.values())
    context.log.info(f"curated ledger: {counts}")
    return dg.MaterializeResult(metadata={f"rows_{k}": v for k, v in counts.items()}, check_results=results)


def _check(context, con, name: str, outcome: quality.CheckOutcome) -> dg.AssetCheckResult:
    return store_check(
        con,
        context.run.run_id,
        asset="curated_ledger",
        check_name=name,
        passed=outcome.passed,
        description=outcome.description,
        metadata={"offending_rows": outcome.rows[:20]} if outcome.rows else {},
    )


assets = [curated_ledger]
