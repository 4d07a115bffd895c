"""One `parse_<source_id>` asset per registry entry: stored documents → core tables.

Unchanged inputs (same bodies, same parser code) skip parsing. Each asset carries a check (run in
the same step) that fails when a document fails to parse or yields nothing (a changed layout), or
when the source's record count collapses to zero.

Carry-forward: a document that used to yield records and now fails or yields nothing keeps the
rows of its last good parse in the core tables (original provenance: their document_sha is the old
body), listed in raw.parse_carried with the since-when; the source shows as failing and its
indicators as stale. So the check fails but does not block: nothing it guards is lost, and the
other sources publish. When the document parses again its fresh rows replace the carried ones.
"""

import dagster as dg

from pipelines import lineage, steps
from pipelines.checks import as_result
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources.parsers.dispatch import parser_version
from sources.registry import REGISTRY, Source
from sources.fetch.snapshots import SnapshotStore
from warehouse import parse_state

GROUP = "core"


origin = steps.origin  # parse_<source_id>


YIELD_CHECK = parse_state.YIELD_CHECK


def build_parse_assets(registry: tuple[Source, ...] = REGISTRY) -> list[dg.AssetsDefinition]:
    """One `parse_<source_id>` asset per registry entry, computed by one subsettable step."""
    by_key = {dg.AssetKey(origin(s)): s for s in registry}
    # code_version is the parser family's hash: the same notion that skips unchanged parses and is
    # stored in raw.parse_state, so the UI flags a parse asset as stale when its parser changed.
    specs = [
        dg.AssetSpec(
            key=key,
            group_name=GROUP,
            deps=[dg.AssetKey(f"raw_{s.source_id}")],
            tags={"parser": s.parser},
            kinds=kinds(Kind.python),
            code_version=parser_version(s.parser),
            metadata=lineage.metadata(writes=lineage.parse_writes(s.parser), origin=origin(s)),
            description=f"{s.title}: stored documents parsed by sources.parsers.{s.parser} into core tables.",
        )
        for key, s in by_key.items()
    ]
    # not blocking: a failing document's previous records are carried forward (module doc), so the
    # other sources publish; the failed check is still reported (refresh exit 1, meta.checks, banner)
    checks = [
        dg.AssetCheckSpec(
            YIELD_CHECK,
            asset=key,
            blocking=False,
            description="No document fails to parse or parses to nothing (a changed layout), "
            "the source's record count did not collapse to zero, and no "
            "document's previous records are carried forward.",
        )
        for key in by_key
    ]

    @dg.multi_asset(name="parse_sources", specs=specs, check_specs=checks, can_subset=True)
    def parse_sources(context: dg.AssetExecutionContext, warehouse: WarehouseResource, fetcher: FetcherResource):
        store = SnapshotStore.under_home(warehouse.home_path)
        snapshots = fetcher.snapshots()
        with warehouse.connect() as con:
            for key, source in by_key.items():
                if key in context.selected_asset_keys:
                    yield _parse_source(context, con, source, store, snapshots)

    return [parse_sources]


def _parse_source(context, con, source: Source, store: SnapshotStore, snapshots) -> dg.MaterializeResult:
    """The parse step (pipelines/steps.py, shared with the fast ingest) as the asset's result."""
    facts, outcome = steps.parse_source(con, context.run.run_id, source, store, snapshots, log=context.log)
    return dg.MaterializeResult(
        asset_key=origin(source),
        check_results=[as_result(outcome, dg.AssetKey(origin(source)))],
        metadata=parse_metadata(facts),
    )


def parse_metadata(facts: dict) -> dict:
    """The parse step's facts as the asset's metadata (the warnings as a Markdown list)."""
    warnings = facts.get("warnings") or []
    return {
        **{k: v for k, v in facts.items() if k != "warnings"},
        "warnings": dg.MetadataValue.md("\n".join(f"- {w}" for w in warnings[:30]) or "none"),
    }


OK_STATUSES = steps.OK_STATUSES
