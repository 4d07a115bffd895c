"""One `raw_<source_id>` asset per registry entry, built from the registry (no copy-pasted assets).

Each asset fetches (or replays) its source through the `fetcher` resource into the raw layer
of the `warehouse`, and reports what happened as metadata. A source that fails or is not
recorded does not fail the asset: its errors are rows in raw.fetch_log, warnings in the run
log and counts in the metadata, and the other sources carry on.
"""

import datetime as dt

import dagster as dg

from pipelines import lineage
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources.cadence import stale_after_days
from sources.fetch.results import SourceReport
from sources.registry import REGISTRY, Source

GROUP = "sources"


def asset_name(source: Source) -> str:
    return f"raw_{source.source_id}"


def build_fetch_assets(registry: tuple[Source, ...] = REGISTRY) -> list[dg.AssetsDefinition]:
    """One `raw_<source_id>` asset per registry entry, all computed by one subsettable step.

    One step fetches every selected source at once, so the fetcher's concurrency across hosts
    (one request at a time per host, many hosts in parallel) applies to the whole refresh,
    and the run pays Dagster's per-step bookkeeping once instead of once per source.
    """
    by_key = {dg.AssetKey(asset_name(s)): s for s in registry}
    specs = [_spec(s) for s in registry]

    @dg.multi_asset(name="raw_sources", specs=specs, can_subset=True)
    def raw_sources(context: dg.AssetExecutionContext, warehouse: WarehouseResource, fetcher: FetcherResource):
        sources = [by_key[k] for k in by_key if k in context.selected_asset_keys]
        with warehouse.connect() as con:
            run = fetcher.fetch_into(con, sources, home=warehouse.home_path)
        for source in sources:
            report = run.reports[source.source_id]
            # one log entry per source with problems (each entry is a write to the run's event log);
            # what was fetched is in the materialization's metadata
            problems = report.error_lines()
            if problems:
                context.log.warning(f"{source.source_id} ({run.mode}): " + "; ".join(problems))
            yield dg.MaterializeResult(asset_key=asset_name(source), metadata=fetch_metadata(report, run.run_id))

    return [raw_sources]


def _freshness(cadence: str) -> dg.FreshnessPolicy | None:
    """Overdue after 1.5 cadence intervals (sources/cadence.py); irregular sources have no deadline."""
    days = stale_after_days(cadence)
    return dg.FreshnessPolicy.time_window(fail_window=dt.timedelta(days=days)) if days else None


def _spec(source: Source) -> dg.AssetSpec:
    where = ", ".join(source.urls[:3]) or (source.discovery.index_url if source.discovery else "")
    inbox = f" Also reads files accepted from $FABRICWATCH_HOME/inbox/{source.inbox}/." if source.inbox else ""
    return dg.AssetSpec(
        key=asset_name(source),
        group_name=GROUP,
        # inbox-fed sources read the files the inbox step accepted (inbox/processed/<folder>/)
        deps=[dg.AssetKey("inbox_files")] if source.inbox else [],
        description=f"{source.title} ({source.publisher}): fetched or replayed into raw.documents. {where}{inbox}".strip(),
        tags={"cadence": source.cadence, "parser": source.parser},
        kinds=kinds(Kind.http),
        freshness_policy=_freshness(source.cadence),
        metadata={
            "source_id": source.source_id,
            "publisher": source.publisher,
            "kind": source.kind,
            "cadence": source.cadence,
            "parser": source.parser,
            "homepage": dg.MetadataValue.url(source.homepage),
            "allowed_hosts": ", ".join(sorted(source.hosts)),
            "licence_note": source.licence_note,
            **lineage.metadata(writes=lineage.fetch_writes()),
        },
    )


def fetch_metadata(report: SourceReport, run_id: str) -> dict:
    s = report.summary()
    meta = {
        "status": s["status"],
        "mode": report.mode,
        "run_id": run_id,
        "urls": dg.MetadataValue.int(s["urls"]),
        "fetched": dg.MetadataValue.int(s["fetched"]),
        "not_modified": dg.MetadataValue.int(s["not_modified"]),
        "changed": dg.MetadataValue.int(s["changed"]),
        "errors": dg.MetadataValue.int(s["errors"]),
        "not_recorded": dg.MetadataValue.int(s["not_recorded"]),
        "bytes": dg.MetadataValue.int(s["bytes"]),
    }
    changes = [o.change for o in report.outcomes if o.change is not None and o.change.text_changed]
    if changes:
        rows = "\n".join(f"| {c.url} | {c.change_kind} | +{c.added_lines} | -{c.removed_lines} |" for c in changes[:20])
        meta["changes"] = dg.MetadataValue.md("| url | kind | added | removed |\n|---|---|---|---|\n" + rows)
    problems = report.error_lines()
    if problems:
        meta["problems"] = dg.MetadataValue.md("\n".join(f"- {p}" for p in problems[:20]))
    return meta
