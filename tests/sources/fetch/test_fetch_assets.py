"""The raw_<source> asset factory, materialized on replay against a temporary warehouse."""

from __future__ import annotations

import dagster as dg

from pipelines.assets.fetch import build_fetch_assets
from pipelines.fetcher_resource import FetcherResource
from pipelines.resources import WarehouseResource
from sources.registry import REGISTRY, select
from warehouse import db


def test_one_asset_per_registry_entry_in_the_sources_group():
    (step,) = build_fetch_assets()
    keys = [k.to_user_string() for k in step.keys]
    assert sorted(keys) == sorted(f"raw_{s.source_id}" for s in REGISTRY)
    assert set(step.group_names_by_key.values()) == {"sources"}
    assert {"warehouse", "fetcher"} <= step.required_resource_keys
    assert step.can_subset  # a schedule or the inbox job fetches only its sources


def test_materialize_on_replay_reports_fetched_and_not_recorded(tmp_path):
    assets = build_fetch_assets(select(["nccl_logs", "uec"]))
    result = dg.materialize(
        assets,
        resources={"warehouse": WarehouseResource(home=str(tmp_path)), "fetcher": FetcherResource(mode="offline")},
    )
    assert result.success
    by_key = {
        e.asset_key.to_user_string(): e.materialization.metadata for e in result.get_asset_materialization_events()
    }
    nccl, uec = by_key["raw_nccl_logs"], by_key["raw_uec"]
    assert nccl["status"].value == "changed" and nccl["changed"].value == nccl["fetched"].value > 0
    assert nccl["errors"].value == 0 and nccl["bytes"].value > 1000
    assert uec["status"].value == "not_recorded" and uec["not_recorded"].value == 2
    assert "no recorded response" in uec["problems"].value
    with db.work_connection(tmp_path) as con:
        n = con.execute(
            "SELECT count(*) FROM raw.documents WHERE source_id = 'nccl_logs' AND current_sha256 IS NOT NULL"
        ).fetchone()[0]
    assert n == nccl["fetched"].value
