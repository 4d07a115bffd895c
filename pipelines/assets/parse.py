"""One `parse_<source_id>` asset per registry entry: stored documents → core tables.

Unchanged inputs (same bodies, same parser code) skip parsing. Each asset carries a blocking check
(run in the same step) that fails when a document that used to yield records now yields nothing or fails to parse, or
when the source's record count collapses to zero.
"""

import dagster as dg

from pipelines import lineage
from pipelines.checks import store_check
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources.parsing import StoredDocument, parse_documents, parser_version
from sources.registry import REGISTRY, Source
from sources.snapshots import SnapshotStore
from warehouse import load, parse_state
from warehouse.raw import latest_documents

GROUP = "core"


def origin(source: Source) -> str:
    return f"parse_{source.source_id}"


YIELD_CHECK = "yield_holds"


def build_parse_assets(registry: tuple[Source, ...] = REGISTRY) -> list[dg.AssetsDefinition]:
    """One `parse_<source_id>` asset per registry entry, computed by one subsettable step."""
    by_key = {dg.AssetKey(origin(s)): s for s in registry}
    # code_version is the parser family's hash: the same notion that skips unchanged parses and is
    # stored in raw.parse_state, so the UI flags a parse asset as stale when its parser changed.
    specs = [dg.AssetSpec(key=key, group_name=GROUP, deps=[dg.AssetKey(f"raw_{s.source_id}")],
                          tags={"parser": s.parser}, kinds=kinds(Kind.python), code_version=parser_version(s.parser),
                          metadata=lineage.metadata(writes=lineage.parse_writes(s.parser)),
                          description=f"{s.title}: stored documents parsed by sources.parsers.{s.parser} into core tables.")
             for key, s in by_key.items()]
    checks = [dg.AssetCheckSpec(YIELD_CHECK, asset=key, blocking=True,
                                description="No document fails to parse or parses to nothing (a changed layout), "
                                            "and the source's record count did not collapse to zero.")
              for key in by_key]

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
    version = parser_version(source.parser)
    hints = {e.get("url"): e for e in snapshots.manifest(source.source_id).get("entries", [])}
    docs = [StoredDocument(url=d["url"], sha256=d["sha256"], content_type=d["content_type"], encoding=d["encoding"],
                           title=d["title"], published_on=d["published_on"], fetched_at=d["last_changed_at"],
                           hints=hints.get(d["url"], {}))
            for d in latest_documents(con, source.source_id)]
    prev = parse_state.previous(con, source.source_id)
    skipped = parse_state.unchanged(prev, [(d.url, d.sha256) for d in docs], version)
    counts, warnings = {}, []
    if skipped:
        context.log.info(f"{source.source_id}: {len(docs)} documents unchanged, parse skipped")
        records_total = sum(p["records"] for p in prev.values())
        failed_n = sum(p["status"] not in OK_STATUSES for p in prev.values())
    else:
        records, statuses = parse_documents(source, docs, store.get)
        counts = load.replace_origin(con, origin(source), records)
        parse_state.save(con, source.source_id, source.parser, version, statuses)
        records_total = sum(s.records for s in statuses)
        failed_n = sum(s.status not in OK_STATUSES for s in statuses)
        warnings = records.warnings
        for s in statuses:
            if s.status not in OK_STATUSES:
                context.log.warning(f"{source.source_id}: {s.url}: {s.status}: {s.error}")
    parse_state.log_run(con, context.run.run_id, source.source_id, documents=len(docs), failed=failed_n,
                        records=records_total, skipped=skipped)
    check = _yield_check(con, context.run.run_id, source)
    return dg.MaterializeResult(asset_key=origin(source), check_results=[check], metadata={
        "documents": len(docs), "failed": failed_n, "records": records_total, "skipped_unchanged": skipped,
        "dagster/row_count": records_total,
        "parser_version": version, **{f"rows_{k}": v for k, v in counts.items()},
        "warnings": dg.MetadataValue.md("\n".join(f"- {w}" for w in warnings[:30]) or "none"),
    })


OK_STATUSES = ("ok", "duplicate")


def _yield_check(con, run_id: str, source: Source) -> dg.AssetCheckResult:
    state = parse_state.previous(con, source.source_id)
    runs = parse_state.last_two_runs(con, source.source_id)
    failing = [{"url": url, "status": row["status"], "error": (row["error"] or "")[:300]}
               for url, row in state.items() if row["status"] not in OK_STATUSES]
    now = runs[0]["records"] if runs else 0
    before = runs[1]["records"] if len(runs) > 1 else None
    collapsed = before is not None and before > 0 and now == 0
    desc = (f"{len(state)} documents, {now} records" + (f" (previous run {before})" if before is not None else "")
            + (f"; {len(failing)} documents failed or yielded nothing" if failing else "")
            + ("; record count collapsed to zero" if collapsed else ""))
    return store_check(con, run_id, asset=origin(source), check_name=YIELD_CHECK, asset_key=dg.AssetKey(origin(source)),
                       passed=not collapsed and not failing, description=desc,
                       metadata={"records": now, "previous_records": before, "failing_documents": failing})
