"""Watch rules run on the daemon's path: the definitions `fabricwatch ui` loads (`pipelines.definitions:defs`,
home from $FABRICWATCH_HOME, working directory elsewhere), a scheduled job's alert step executed on the home's
Dagster instance, without the CLI (which passes the home explicitly).

Fixture figures (tests/fixtures/warehouse/builder.py): Analyst A's 2027 AI back-end forecast 10 -> 12.5 -> 11
USD bn, Analyst B's 9 bn; a backfilled rule `--above 11.5e9` matches the 12.5 bn vintage only."""

from __future__ import annotations

import dagster as dg

from alerts import rules as alerts
from fabricwatch import cli
from pipelines.definitions import ALERTS_KEY, defs
from pipelines.instance import dagster_instance
from tests.alerts.test_alerts import IND, home, webhook  # noqa: F401 - fixtures


def test_a_scheduled_run_checks_the_watch_rules_with_the_home_from_the_environment(
    home,  # noqa: F811
    webhook,  # noqa: F811
    tmp_path,
    monkeypatch,
):
    handler, url = webhook
    assert (
        cli.main(["alerts", "add", "big-ai", "--indicator", IND, "--above", "11.5e9", "--webhook", url, "--backfill"])
        == 0
    )
    elsewhere = tmp_path / "daemon-cwd"  # the daemon's working directory is not the home
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    definitions = defs()  # what Dagster's loader calls for `-m pipelines.definitions`
    [schedule] = [s for s in definitions.schedules if s.name == "daily_sources"]
    job = definitions.resolve_job_def(schedule.job_name)
    result = job.execute_in_process(
        instance=dagster_instance(home), asset_selection=[ALERTS_KEY], tags={"dagster/schedule_name": schedule.name}
    )
    assert result.success
    [materialization] = [e.materialization for e in result.get_asset_materialization_events()]
    assert materialization.asset_key == ALERTS_KEY
    assert "error" not in materialization.metadata, materialization.metadata["error"]
    assert materialization.metadata["matched"] == dg.IntMetadataValue(1)
    [message] = handler.received
    assert message["alert"] == "big-ai" and [o["value"] for o in message["observations"]] == [12.5e9]
    [logged] = alerts.recent_deliveries(home)
    assert (logged["rule"], logged["status"]) == ("big-ai", "sent")
    assert not (elsewhere / "warehouse.duckdb").exists() and not list(elsewhere.iterdir())
