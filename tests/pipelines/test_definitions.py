"""The definitions graph, the schedules and the inbox sensor, evaluated as functions."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest

from pipelines.definitions import build_definitions

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = Path(__file__).parent / "definitions_snapshot.json"


def graph_snapshot(defs: dg.Definitions) -> dict:
    """Asset keys with group and deps, check names, jobs, schedules and sensors: a rename shows up as a diff."""
    graph = defs.resolve_asset_graph()
    assets = {}
    for key in sorted(graph.get_all_asset_keys()):
        node = graph.get(key)
        assets[key.to_user_string()] = {
            "group": node.group_name,
            "kinds": sorted(node.kinds),
            "deps": sorted(k.to_user_string() for k in node.parent_keys),
        }
    checks = sorted(f"{k.asset_key.to_user_string()}:{k.name}" for k in graph.asset_check_keys)
    return {
        "assets": assets,
        "checks": checks,
        "jobs": sorted(j.name for j in defs.resolve_all_job_defs() if not j.name.startswith("__")),
        "schedules": {s.name: s.cron_schedule for s in defs.schedules},
        "sensors": sorted(s.name for s in defs.sensors),
    }


def test_definitions_graph_matches_the_snapshot(tmp_path):
    """Regenerate after an intended change: FABRICWATCH_UPDATE_SNAPSHOT=1 pytest tests/pipelines/test_definitions.py"""
    current = graph_snapshot(build_definitions(str(tmp_path), "offline"))
    if os.environ.get("FABRICWATCH_UPDATE_SNAPSHOT"):
        SNAPSHOT.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert current == json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def test_graph_flows_sources_to_core_to_model_to_marts_to_publish(tmp_path):
    snap = graph_snapshot(build_definitions(str(tmp_path), "offline"))
    assets = snap["assets"]
    assert assets["raw_nccl_logs"]["deps"] == ["inbox_files"]
    assert assets["parse_nccl_logs"]["deps"] == ["raw_nccl_logs"]
    assert {"curated_ledger", "parse_nccl_logs", "model_catalog"} <= set(assets["model_calibration"]["deps"])
    assert "marts/market_size" in assets["marts/forecast_revisions"]["deps"]
    # publish waits for everything else
    assert set(assets["published_warehouse"]["deps"]) == set(assets) - {"published_warehouse", "alert_deliveries"}
    # the watch rules are evaluated on what was published
    assert assets["alert_deliveries"]["deps"] == ["published_warehouse"]
    assert {a["group"] for a in assets.values()} == {"sources", "core", "model", "marts", "publish"}
    assert "parse_top500_lists:yield_holds" in snap["checks"]


@pytest.mark.slow
def test_definitions_validate_on_the_command_line(tmp_path):
    env = {**os.environ, "FABRICWATCH_HOME": str(tmp_path), "DAGSTER_HOME": str(tmp_path)}
    shutil.copyfile(ROOT / "pipelines" / "dagster.yaml", tmp_path / "dagster.yaml")
    out = subprocess.run(
        [sys.executable, "-m", "dagster", "definitions", "validate", "-m", "pipelines.definitions"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "passed validation" in out.stderr + out.stdout


def test_schedules_fetch_live_by_cadence(tmp_path):
    defs = build_definitions(str(tmp_path), "offline")
    weekly = defs.resolve_schedule_def("weekly_sources")
    assert weekly.cron_schedule == "0 6 * * 1"  # Mondays 06:00 UTC
    assert weekly.default_status == dg.DefaultScheduleStatus.RUNNING
    ctx = dg.build_schedule_context(scheduled_execution_time=dt.datetime(2026, 11, 30, 6, 0, tzinfo=dt.timezone.utc))
    (request,) = weekly.evaluate_tick(ctx).run_requests
    assert request.run_config["resources"]["fetcher"]["config"]["mode"] == "live"
    job = defs.resolve_job_def(weekly.job_name)
    selected = {k.to_user_string() for k in job.asset_layer.executable_asset_keys}
    assert "raw_uec" in selected and "raw_delloro_news" not in selected  # UEC is weekly, Dell'Oro monthly
    assert "published_warehouse" in selected  # downstream, through to the publish step


def test_inbox_sensor_requests_a_run_once_per_new_set_of_files(tmp_path):
    inbox = tmp_path / "inbox"
    defs = build_definitions(str(tmp_path), "offline")
    sensor = defs.resolve_sensor_def("inbox_sensor")
    assert sensor.evaluate_tick(dg.build_sensor_context(cursor=None)).skip_message == "inbox is empty"

    # a file every check rejects: moved to rejected/, no run (nothing new would be published)
    (inbox / "nccl").mkdir(parents=True)
    (inbox / "nccl" / "run1.log").write_text("# nThread 1 nGpus 8\n", encoding="utf-8")
    first = sensor.evaluate_tick(dg.build_sensor_context(cursor=None))
    assert first.run_requests == [] and "rejected" in first.skip_message
    assert (inbox / "rejected" / "nccl" / "run1.log.reason.txt").exists()
    # a usable file: a run, once
    (inbox / "top500").mkdir()
    shutil.copyfile(FIXTURES / "top500" / "top500_subset.xml", inbox / "top500" / "top500_subset.xml")
    third = sensor.evaluate_tick(dg.build_sensor_context(cursor=first.cursor))
    (request,) = third.run_requests
    assert request.run_key.startswith("inbox-") and third.cursor != first.cursor
    assert (inbox / "processed" / "top500" / "top500_subset.xml").exists()
    again = sensor.evaluate_tick(dg.build_sensor_context(cursor=third.cursor))
    assert again.run_requests == [] and again.skip_message == "inbox is empty"
    job = defs.resolve_job_def(sensor.job_name)
    selected = {k.to_user_string() for k in job.asset_layer.executable_asset_keys}
    assert {"inbox_files", "raw_nccl_logs", "parse_top500_lists", "curated_ledger", "published_warehouse"} <= selected
    assert "raw_uec" not in selected
    # the run rebuilds only what the accepted TOP500 list reaches: its source, the marts reading it, publish
    requested = {k.to_user_string() for k in request.asset_selection}
    assert requested <= selected
    assert {
        "raw_top500_lists",
        "parse_top500_lists",
        "marts/top500_interconnects",
        "marts/top500_history",
        "published_warehouse",
        "alert_deliveries",
    } <= requested
    assert (
        not {
            "inbox_files",
            "raw_nccl_logs",
            "parse_nccl_logs",
            "curated_ledger",
            "marts/mlperf_systems",
            "marts/claims_inbox",
        }
        & requested
    )
    assert request.tags["fabricwatch/selection"] == "key:raw_top500_lists+"


def test_fetched_sources_carry_a_freshness_policy_from_their_cadence(tmp_path):
    graph = build_definitions(str(tmp_path), "offline").resolve_asset_graph()
    weekly = graph.get(dg.AssetKey("raw_uec")).freshness_policy  # UEC is weekly
    # one and a half weeks, in whole days as marts.indicator_freshness counts them
    assert weekly.fail_window.to_timedelta() == dt.timedelta(days=11)
    assert graph.get(dg.AssetKey("raw_nccl_logs")).freshness_policy is None  # inbox-fed, irregular
