"""The Dagster mart assets and their checks, materialized on a temporary home."""

from __future__ import annotations

import datetime as dt

import dagster as dg
import pytest

from pipelines import lineage
from pipelines.assets import marts as mart_assets
from pipelines.resources import WarehouseResource
from tests.fixtures.warehouse import builder
from sources.records import Records
from warehouse import db, marts, quality
from pipelines import loading


def _home_with_fixture(tmp_path):
    con = db.connect_work(db.paths(tmp_path).work)
    builder.fill(con)
    con.close()
    return tmp_path


def test_factory_builds_one_subsettable_step_with_an_asset_per_mart_with_deps_and_checks():
    @dg.asset(metadata=lineage.metadata(writes=["core.observations", "core.indicators"]))
    def writer() -> None:
        return None

    (step,), checks = mart_assets.build_mart_assets([writer])
    assert step.node_def.name == "build_marts" and step.can_subset
    assert set(step.keys) == {dg.AssetKey(["marts", m.name]) for m in marts.discover_marts()}
    deps = step.asset_deps
    # forecast_revisions reads marts.market_size only; market_size reads core.observations and core.indicators
    # the revision trail reads market_size, and core.observations for the realized figure it ends in
    assert deps[dg.AssetKey(["marts", "forecast_revisions"])] == {dg.AssetKey(["marts", "market_size"]), writer.key}
    assert deps[dg.AssetKey(["marts", "market_size"])] == {writer.key}
    assert set(step.group_names_by_key.values()) == {"marts"}
    assert checks == []  # each mart's checks run in the step (check specs on the multi-asset)
    specs = {(s.asset_key.path[1], s.name): s for s in step.check_specs}
    assert specs[("fabric_share", "fabric_shares_sum")].blocking is True
    assert specs[("conflicts", "no_conflicts")].blocking is False
    assert specs[("indicator_freshness", "indicators_fresh")].blocking is False
    expected = sum(len(quality.checks_for(m)) for m in marts.discover_marts())
    assert len(specs) == expected
    # each mart's code_version is the hash of its own SQL
    versions = step.code_versions_by_key
    assert versions[dg.AssetKey(["marts", "market_size"])] == marts.sql_version(marts.get_mart("market_size"))
    assert len(set(versions.values())) == len(versions)


def test_a_subset_builds_only_the_selected_marts_and_runs_only_their_checks(tmp_path):
    home = _home_with_fixture(tmp_path)
    (step,), _ = mart_assets.build_mart_assets()
    wanted = [dg.AssetKey(["marts", "market_size"]), dg.AssetKey(["marts", "forecast_revisions"])]
    result = dg.materialize([step], selection=wanted, resources={"warehouse": WarehouseResource(home=str(home))})
    assert result.success
    assert {e.asset_key for e in result.get_asset_materialization_events()} == set(wanted)
    assert {e.asset_key for e in result.get_asset_check_evaluations()} == set(wanted)
    with db.work_connection(home) as con:
        assert set(marts.existing_marts(con)) == {"market_size", "forecast_revisions"}
        stored = {a for (a,) in con.execute("SELECT DISTINCT asset FROM meta.checks").fetchall()}
    assert stored == {"marts/market_size", "marts/forecast_revisions"}


def test_a_failing_blocking_check_stops_what_comes_after(tmp_path):
    home = _home_with_fixture(tmp_path)
    with db.work_connection(home) as con:
        kw = dict(source="analyst_b", published_on=dt.date(2025, 6, 1), segment="ai_backend")
        loading.load_records(
            con,
            "broken",
            Records(
                observations=[
                    builder.obs(
                        "fabric_revenue_share", "Ethernet", "2025Q1", 0.7, "share", "actual", fabric="ethernet", **kw
                    ),
                    builder.obs(
                        "fabric_revenue_share",
                        "InfiniBand",
                        "2025Q1",
                        0.5,
                        "share",
                        "actual",
                        fabric="infiniband",
                        **kw,
                    ),
                ]
            ),
        )
    (step,), _ = mart_assets.build_mart_assets()
    share = dg.AssetKey(["marts", "fabric_share"])

    @dg.asset(deps=[share])
    def downstream() -> None:
        return None

    result = dg.materialize(
        [step, downstream],
        selection=[share, downstream.key],
        raise_on_error=False,
        resources={"warehouse": WarehouseResource(home=str(home))},
    )
    evaluations = {e.check_name: e for e in result.get_asset_check_evaluations()}
    assert evaluations["fabric_shares_sum"].passed is False
    assert evaluations["fabric_shares_sum"].metadata["offending_rows"].value[0]["share_sum"] == pytest.approx(1.2)
    assert result.asset_materializations_for_node("downstream") == []
    assert result.get_failed_step_keys() == {"build_marts"}
    with db.work_connection(home) as con:
        stored = con.execute(
            "SELECT passed, severity FROM meta.checks WHERE check_name = 'fabric_shares_sum'"
        ).fetchall()
    assert stored == [(False, "ERROR")]


@pytest.mark.slow
def test_materializing_every_mart_records_every_check(tmp_path):
    home = _home_with_fixture(tmp_path)
    assets, checks = mart_assets.build_mart_assets()
    result = dg.materialize([*assets, *checks], resources={"warehouse": WarehouseResource(home=str(home))})
    assert result.success
    (meta,) = [
        m.metadata
        for m in result.asset_materializations_for_node("build_marts")
        if m.asset_key == dg.AssetKey(["marts", "forecast_revisions"])
    ]
    assert meta["dagster/row_count"].value == 10
    assert meta["dagster/table_name"].value == "marts.forecast_revisions"
    columns = {c.name: c.description for c in meta["dagster/column_schema"].schema.columns}
    sql = marts.get_mart("forecast_revisions").sql  # the COMMENT ON lines are the descriptions
    assert columns and all(
        f"COMMENT ON COLUMN marts.forecast_revisions.{n} IS '{d.replace(chr(39), chr(39) * 2)}'" in sql
        for n, d in columns.items()
    )
    failed = sorted(
        (e.asset_key.path[1], e.check_name, e.severity.value)
        for e in result.get_asset_check_evaluations()
        if not e.passed
    )
    # the fixture's evidence is "fixture row" (no figure) and its subjects are not registered entities
    assert failed == [
        ("conflicts", "no_conflicts", "WARN"),
        ("data_quality", "entities_resolved", "WARN"),
        ("data_quality", "evidence_holds_value", "WARN"),
        ("indicator_freshness", "indicators_fresh", "WARN"),
    ]
    with db.work_connection(home) as con:
        recorded = con.execute("SELECT count(*), count(*) FILTER (WHERE NOT passed) FROM meta.checks").fetchall()[0]
        assert marts.row_counts(con)["latest_indicators"] == 26
    assert recorded == (len(result.get_asset_check_evaluations()), 4)
