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

from pipelines import lineage, loading
from pipelines.checks import store_check
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources.parsers.dispatch import StoredDocument, parse_documents, parser_version
from sources.registry import REGISTRY, Source
from sources.fetch.snapshots import SnapshotStore
from warehouse import parse_state
from warehouse.raw import latest_documents

GROUP = "core"


def origin(source: Source) -> str:
    return f"parse_{source.source_id}"


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
    version = parser_version(source.parser)
    hints = {e.get("url"): e for e in snapshots.manifest(source.source_id).get("entries", [])}
    docs = [
        StoredDocument(
            url=d["url"],
            sha256=d["sha256"],
            content_type=d["content_type"],
            encoding=d["encoding"],
            title=d["title"],
            published_on=d["published_on"],
            fetched_at=d["last_changed_at"],
            hints=hints.get(d["url"], {}),
        )
        for d in latest_documents(con, source.source_id)
    ]
    prev = parse_state.previous(con, source.source_id)
    skipped = parse_state.unchanged(prev, [(d.url, d.sha256) for d in docs], version)
    counts, warnings = {}, []
    if skipped:
        context.log.info(f"{source.source_id}: {len(docs)} documents unchanged, parse skipped")
        records_total = sum(p["records"] for p in prev.values())
        failed_n = sum(p["status"] not in OK_STATUSES for p in prev.values())
    else:
        records, statuses = parse_documents(source, docs, store.get)
        carry = parse_state.carry_forward(prev, parse_state.carried(con, source.source_id), statuses)
        counts = loading.load_records(
            con,
            origin(source),
            records,
            keep=[c["carried_sha256"] for c in carry],
            tables=lineage.family_tables(source.parser),
        )
        parse_state.save(con, source.source_id, source.parser, version, statuses)
        parse_state.save_carried(con, source.source_id, carry)
        records_total = sum(s.records for s in statuses)
        failed_n = sum(s.status not in OK_STATUSES for s in statuses)
        warnings = records.warnings
        for s in statuses:
            if s.status not in OK_STATUSES:
                context.log.warning(f"{source.source_id}: {s.url}: {s.status}: {s.error}")
        for c in carry:
            context.log.warning(
                f"{source.source_id}: {c['url']}: {c['carried_records']} records of its last good "
                f"parse ({c['carried_parsed_at']:%Y-%m-%d}) carried forward since {c['since']:%Y-%m-%d}"
            )
    parse_state.log_run(
        con,
        context.run.run_id,
        source.source_id,
        documents=len(docs),
        failed=failed_n,
        records=records_total,
        skipped=skipped,
    )
    check = _yield_check(con, context.run.run_id, source)
    return dg.MaterializeResult(
        asset_key=origin(source),
        check_results=[check],
        metadata={
            "documents": len(docs),
            "failed": failed_n,
            "records": records_total,
            "skipped_unchanged": skipped,
            "dagster/row_count": records_total,
            "parser_version": version,
            **{f"rows_{k}": v for k, v in counts.items()},
            "warnings": dg.MetadataValue.md("\n".join(f"- {w}" for w in warnings[:30]) or "none"),
        },
    )


OK_STATUSES = ("ok", "duplicate")


def _yield_check(con, run_id: str, source: Source) -> dg.AssetCheckResult:
    state = parse_state.previous(con, source.source_id)
    runs = parse_state.last_two_runs(con, source.source_id)
    carried = parse_state.carried(con, source.source_id)
    failing = [
        {"url": url, "status": row["status"], "error": (row["error"] or "")[:300]}
        for url, row in state.items()
        if row["status"] not in OK_STATUSES
    ]
    now = runs[0]["records"] if runs else 0
    before = runs[1]["records"] if len(runs) > 1 else None
    collapsed = before is not None and before > 0 and now == 0
    desc = (
        f"{len(state)} documents, {now} records"
        + (f" (previous run {before})" if before is not None else "")
        + (f"; {len(failing)} documents failed or yielded nothing" if failing else "")
        + ("; record count collapsed to zero" if collapsed else "")
        + (
            f"; the previous records of {len(carried)} document(s) ({sum(c['carried_records'] for c in carried.values())}"
            f" records, parsed {min(c['carried_parsed_at'] for c in carried.values()):%Y-%m-%d}) carried forward "
            f"since {min(c['since'] for c in carried.values()):%Y-%m-%d}"
            if carried
            else ""
        )
    )
    return store_check(
        con,
        run_id,
        asset=origin(source),
        check_name=YIELD_CHECK,
        asset_key=dg.AssetKey(origin(source)),
        passed=not collapsed and not failing and not carried,
        description=desc,
        metadata={
            "records": now,
            "previous_records": before,
            "failing_documents": failing,
            "carried_documents": [
                {
                    "url": c["url"],
                    "records": c["carried_records"],
                    "parsed_at": c["carried_parsed_at"],
                    "since": c["since"],
                }
                for c in carried.values()
            ],
        },
    )
