"""Watch rules after the publish step: evaluate the new release, deliver, log (alerts/rules.py)."""

import dagster as dg

from pipelines.resources import WarehouseResource
from alerts import delivery as notify
from warehouse import db
from alerts import rules as alerts


ALERTS_KEY = dg.AssetKey("alert_deliveries")


def build_alerts_asset(publish_key: dg.AssetKey) -> dg.AssetsDefinition:
    @dg.asset(
        name=ALERTS_KEY.path[-1],
        group_name="publish",
        deps=[publish_key],
        kinds={"python"},
        description="Evaluates the analysts' watch rules ($FABRICWATCH_HOME/alerts.sqlite3) on the observations "
        "the new release added and delivers each match once (webhook, email, Apprise). A failed "
        "delivery is logged and retried at the next refresh; it never fails the refresh.",
    )
    def alert_deliveries(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
        try:
            with db.published_connection(warehouse.home_path) as con:
                counts = alerts.run_after_publish(warehouse.home_path, con, context.run.run_id, notify.send)
        except Exception as exc:  # noqa: BLE001 - alerts never fail a refresh that already published
            context.log.warning(f"watch rules not evaluated: {exc}")
            return dg.MaterializeResult(metadata={"error": str(exc)})
        if counts["failed"]:
            context.log.warning(f"{counts['failed']} alert deliveries failed; they are retried at the next refresh")
        return dg.MaterializeResult(metadata=counts)

    return alert_deliveries
