"""One `parse_<source_id>` asset per registry entry (factory): stored documents → core tables.

Unchanged inputs (same bodies, same parser code) skip parsing. Each asset has a blocking check
that fails when a document that used to yield records now yields nothing or fails to parse, or
when the source's record count collapses to zero.
"""

import dagster as dg

from pipelines.checks import record_check
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from sources.parsing import StoredDocument, parse_documents, parser_version
from sources.registry import REGISTRY, Source
from sources.snapshots import SnapshotStore
from warehouse import load, parse_state
from warehouse.raw import latest_documents

GROUP = "core"


def origin(source: Source) -> str:
    return f"parse_{source.source_id}"


def build_parse_assets(registry: tuple[Source, ...] = REGISTRY) -> tuple[list, list]:
    assets, checks = [], []
    for source in registry:
        asset = _build_parse_asset(source)
        assets.append(asset)
        checks.append(_build_parse_check(source, asset))
    return assets, checks


def _build_parse_asset(source: Source) -> dg.AssetsDefinition:
    @dg.asset(name=origin(source), group_name=GROUP, deps=[dg.AssetKey(f"raw_{source.source_id}")],
              compute_kind="python", tags={"parser": source.parser},
              description=f"{source.title}: stored documents parsed by sources.parsers.{source.parser} into core tables.")
    def parse_source(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
                     fetcher: FetcherResource) -> dg.MaterializeResult:
        version = parser_version(source.parser)
        store = SnapshotStore.under_home(warehouse.home)
        hints = {e.get("url"): e for e in fetcher.snapshots().manifest(source.source_id).get("entries", [])}
        with warehouse.connect() as con:
            docs = [StoredDocument(url=d["url"], sha256=d["sha256"], content_type=d["content_type"],
                                   encoding=d["encoding"], title=d["title"], published_on=d["published_on"],
                                   fetched_at=d["last_changed_at"], hints=hints.get(d["url"], {}))
                    for d in latest_documents(con, source.source_id)]
            prev = parse_state.previous(con, source.source_id)
            if parse_state.unchanged(prev, [(d.url, d.sha256) for d in docs], version):
                total = sum(p["records"] for p in prev.values())
                parse_state.log_run(con, context.run.run_id, source.source_id, documents=len(docs),
                                    failed=sum(p["status"] not in ("ok", "duplicate") for p in prev.values()),
                                    records=total, skipped=True)
                context.log.info(f"{source.source_id}: {len(docs)} documents unchanged, parse skipped")
                return dg.MaterializeResult(metadata={"documents": len(docs), "skipped_unchanged": True,
                                                      "records": total, "parser_version": version})
            records, statuses = parse_documents(source, docs, store.get)
            counts = load.replace_origin(con, origin(source), records)
            parse_state.save(con, source.source_id, source.parser, version, statuses)
            failed = [s for s in statuses if s.status not in ("ok", "duplicate")]
            parse_state.log_run(con, context.run.run_id, source.source_id, documents=len(docs), failed=len(failed),
                                records=sum(s.records for s in statuses), skipped=False)
        for s in failed:
            context.log.warning(f"{source.source_id}: {s.url}: {s.status}: {s.error}")
        return dg.MaterializeResult(metadata={
            "documents": len(docs), "failed": len(failed), "skipped_unchanged": False, "parser_version": version,
            **{f"rows_{k}": v for k, v in counts.items()},
            "warnings": dg.MetadataValue.md("\n".join(f"- {w}" for w in records.warnings[:30]) or "none"),
        })

    return parse_source


def _build_parse_check(source: Source, asset: dg.AssetsDefinition) -> dg.AssetChecksDefinition:
    name = f"{origin(source)}_yield_holds"

    @dg.asset_check(asset=asset, name=name, blocking=True,
                    description="No document that used to yield records now fails or yields nothing, and the source's record count did not collapse to zero.")
    def yield_holds(context: dg.AssetCheckExecutionContext, warehouse: WarehouseResource) -> dg.AssetCheckResult:
        with warehouse.connect() as con:
            state = parse_state.previous(con, source.source_id)
            runs = parse_state.last_two_runs(con, source.source_id)
            lost = con.execute(
                "SELECT url, status, error FROM raw.parse_state WHERE source_id = ? AND status NOT IN ('ok', 'duplicate')",
                [source.source_id]).fetchall()
        now = runs[0]["records"] if runs else 0
        before = runs[1]["records"] if len(runs) > 1 else None
        collapsed = before is not None and before > 0 and now == 0
        failing = [{"url": u, "status": s, "error": (e or "")[:300]} for u, s, e in lost]
        passed = not collapsed and not failing
        desc = (f"{len(state)} documents, {now} records" + (f" (previous run {before})" if before is not None else "")
                + (f"; {len(failing)} documents failed or yielded nothing" if failing else "")
                + ("; record count collapsed to zero" if collapsed else ""))
        return record_check(context, warehouse, asset=origin(source), check_name=name, passed=passed,
                            description=desc, metadata={"records": now, "previous_records": before,
                                                        "failing_documents": failing})

    return yield_holds
