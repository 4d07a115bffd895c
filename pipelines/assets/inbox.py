"""The inbox: files dropped into $FABRICWATCH_HOME/inbox/ are validated and accepted or rejected."""

import dagster as dg

from pipelines.resources import WarehouseResource
from pipelines.vocabulary import Kind, kinds
from sources import inbox


@dg.asset(
    group_name="sources",
    kinds=kinds(Kind.python),
    description="Validates files dropped into $FABRICWATCH_HOME/inbox/{nccl,top500,curated}/ and moves them to inbox/processed/ (read by the sources and the curated ledger) or inbox/rejected/ with a .reason.txt.",
)
def inbox_files(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    results = inbox.process(warehouse.paths.inbox)
    for r in results:
        if r.accepted:
            context.log.info(f"accepted {r.folder}/{r.name}")
        else:
            context.log.warning(f"rejected {r.folder}/{r.name}: {r.reason}")
    accepted = sum(r.accepted for r in results)
    return dg.MaterializeResult(
        metadata={
            "accepted": accepted,
            "rejected": len(results) - accepted,
            "files": dg.MetadataValue.md(
                "\n".join(
                    f"- {r.folder}/{r.name}: {'accepted' if r.accepted else 'rejected: ' + (r.reason or '')[:200]}"
                    for r in results
                )
                or "inbox empty"
            ),
        }
    )


assets = [inbox_files]
