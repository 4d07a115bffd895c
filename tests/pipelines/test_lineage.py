"""Lineage is true: an asset's parents are the writers of what it reads, checked against independent truth.

What a mart reads is read twice, by DuckDB's parser (the code) and by a plain regex (here); who writes
a core table is declared by the code and checked against the `origin` of the rows a real offline
refresh wrote. A refresh of the spec sources alone must re-run the model.
"""

from __future__ import annotations

import re
import shutil

import dagster as dg
import duckdb
import pytest

from pipelines import automation, lineage
from pipelines.definitions import build_definitions, pipeline_assets
from pipelines.runner import SelectionError, resolve_selection, run_refresh
from sources.registry import REGISTRY
from warehouse import db, marts

_REF = re.compile(r"\b(raw|core|model|marts|meta)\.(\w+)\b(?!\s*\()")   # a relation, not a macro call
SPEC_SOURCES = [s.source_id for s in REGISTRY if s.parser == "specs"]
ORIGIN_ASSET = {"curated": "curated_ledger", "registry": "source_registry"}   # else the origin is the asset name


def regex_reads(mart: marts.Mart) -> set[str]:
    sql = re.sub(r"--[^\n]*", "", mart.sql)
    body = sql[: re.search(r"\bCOMMENT\s+ON\b", sql, re.IGNORECASE).start()]
    return {f"{s}.{n}" for s, n in _REF.findall(body)} - {mart.relation}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return build_definitions(str(tmp_path_factory.mktemp("lineage")), "offline").resolve_asset_graph()


@pytest.fixture(scope="module")
def writers():
    assets, _ = pipeline_assets()
    return lineage.writers(assets)


@pytest.mark.parametrize("mart", marts.discover_marts(), ids=lambda m: m.name)
def test_what_a_mart_reads_is_what_its_sql_names(mart):
    assert mart.reads == regex_reads(mart)
    assert mart.reads, "every mart reads something"


@pytest.mark.parametrize("mart", marts.discover_marts(), ids=lambda m: m.name)
def test_a_marts_parents_are_the_writers_of_what_it_reads(mart, graph, writers):
    parents = {k.to_user_string() for k in graph.get(dg.AssetKey(["marts", mart.name])).parent_keys}
    expected = {k.to_user_string() for r in regex_reads(mart) for k in writers[r]}
    assert parents == expected


def test_no_asset_reads_what_nobody_writes_or_misses_a_writer():
    assets, _ = pipeline_assets()
    assert lineage.unwired(assets) == {}


def test_the_model_catalog_depends_on_the_spec_parsers_it_reads(graph):
    parents = {k.to_user_string() for k in graph.get(dg.AssetKey("model_catalog")).parent_keys}
    assert SPEC_SOURCES and {f"parse_{s}" for s in SPEC_SOURCES} <= parents
    assert "curated_ledger" in parents   # curated spec figures are read by the same SQL
    assert not any(p.startswith(("raw_", "marts/")) for p in parents)
    scenarios = {k.to_user_string() for k in graph.get(dg.AssetKey("fabric_scenarios")).parent_keys}
    assert "model_catalog" in scenarios and {f"parse_{s}" for s in SPEC_SOURCES} <= scenarios


def test_a_mart_reading_one_family_depends_on_that_family_only(graph):
    top500 = {k.to_user_string() for k in graph.get(dg.AssetKey(["marts", "top500_interconnects"])).parent_keys}
    assert top500 == {"parse_top500_lists"}


@pytest.mark.slow
def test_declared_writers_cover_every_origin_a_real_refresh_wrote(refreshed_home, writers):
    """Independent truth: each core row names the loader that wrote it (origin)."""
    with db.published_connection(refreshed_home) as con:
        tables = [t for (t,) in con.execute(
            "SELECT DISTINCT schema_name || '.' || table_name FROM duckdb_columns() "
            "WHERE schema_name = 'core' AND column_name = 'origin'").fetchall()]
        for table in tables:
            origins = {o for (o,) in con.execute(f"SELECT DISTINCT origin FROM {table}").fetchall()}  # catalog names
            wrote = {ORIGIN_ASSET.get(o, o) for o in origins}
            declared = {k.to_user_string() for k in writers.get(table, ())}
            assert wrote <= declared, f"{table}: written by {sorted(wrote - declared)} without declaring it"


def test_a_monthly_scheduled_run_rebuilds_the_model_and_its_marts(tmp_path):
    defs = build_definitions(str(tmp_path), "offline")
    job = defs.resolve_job_def("refresh_monthly")   # the spec pages are monthly sources
    selected = {k.to_user_string() for k in job.asset_layer.executable_asset_keys}
    assert {f"raw_{s}" for s in SPEC_SOURCES} <= selected
    assert {"model_catalog", "fabric_scenarios", "model_sensitivity", "marts/fabric_cost_performance",
            "published_warehouse"} <= selected
    assert "raw_uec" not in selected and "parse_top500_lists" not in selected


def test_selection_strings_use_dagsters_syntax(tmp_path):
    defs = build_definitions(str(tmp_path), "offline")
    marts_group = {k.to_user_string() for k in resolve_selection(defs, ["group:marts"])}
    assert marts_group == {f"marts/{m.name}" for m in marts.discover_marts()}
    downstream = {k.to_user_string() for k in resolve_selection(defs, ["key:raw_nvidia_networking_docs+"])}
    assert {"raw_nvidia_networking_docs", "parse_nvidia_networking_docs", "model_catalog",
            "marts/fabric_cost_performance"} <= downstream
    assert "parse_uec" not in downstream
    one_level = {k.to_user_string() for k in resolve_selection(defs, ["key:raw_nvidia_networking_docs+1"])}
    # the fetch writes raw.*: its children are its parser and the marts reading raw tables
    assert one_level == {"raw_nvidia_networking_docs", "parse_nvidia_networking_docs", "marts/source_status",
                         "marts/source_changes", "published_warehouse"}
    assert [k.to_user_string() for k in resolve_selection(defs, ["marts/fabric_share"])] == ["marts/fabric_share"]
    with pytest.raises(SelectionError, match="selects no asset"):
        resolve_selection(defs, ["parse_nowhere"])


@pytest.mark.slow
def test_a_spec_only_refresh_reruns_the_model(refreshed_home, tmp_path):
    home = tmp_path / "home"
    shutil.copytree(refreshed_home, home)
    outcome = run_refresh(home, mode="offline", select=[f"key:raw_{s}+" for s in SPEC_SOURCES])
    assert outcome.success and not outcome.skipped_publish, outcome
    assert {"model_catalog", "fabric_scenarios", "marts/fabric_cost_performance"} <= set(outcome.materialized)
    assert "parse_top500_lists" not in outcome.materialized and "raw_uec" not in outcome.materialized
    with duckdb.connect(str(db.paths(home).published), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM model.scenarios").fetchone()[0] > 0


# What an ingested nccl-tests log changes, stated by hand (independent of the code's declarations):
# its fetch replays it into the raw layer, and sources/parsers/nccl/__init__.py turns it into run summaries,
# per-size rows and bus-bandwidth observations (nccl_busbw, nccl_busbw_peak).
NCCL_LOG_WRITES = {"raw.documents", "raw.fetch_log", "raw.changes", "raw.document_versions",
                   "core.nccl_runs", "core.nccl_rows", "core.observations"}
# The model reads core.observations (spec overrides, published benchmarks) and core.nccl_* (calibration).
MODEL = {"model_catalog", "fabric_scenarios", "model_calibration", "model_sensitivity"}


def test_an_ingested_nccl_log_rebuilds_what_reads_it_and_nothing_else(graph):
    selected = {k.to_user_string() for k in automation.inbox_selection(["nccl"]).resolve(graph)}
    assert automation.inbox_select(["nccl"]) == ["key:raw_nccl_logs+"]
    # its source, the model (it reads nccl runs and observations), publish and alerts; no other source
    assert {"raw_nccl_logs", "parse_nccl_logs", "published_warehouse", "alert_deliveries"} | MODEL <= selected
    assert not {k for k in selected if k.startswith(("raw_", "parse_"))} - {"raw_nccl_logs", "parse_nccl_logs"}
    assert not {"inbox_files", "curated_ledger", "source_registry"} & selected
    # a mart is rebuilt iff its SQL (read here by regex) names something the log, the model or a rebuilt mart writes
    changed = NCCL_LOG_WRITES | {"model.calibration", "model.scenarios", "model.catalog", "model.sensitivity"}
    rebuilt: set[str] = set()
    for mart in marts.discover_marts():   # dependency order
        if regex_reads(mart) & (changed | {f"marts.{m}" for m in rebuilt}):
            rebuilt.add(mart.name)
    assert {k.split("/", 1)[1] for k in selected if k.startswith("marts/")} == rebuilt
    assert {"nccl_results", "benchmark_calibration", "source_status"} <= rebuilt
    # the TOP500, MLPerf and claims marts read nothing a log changes
    assert not {"top500_interconnects", "top500_history", "top500_generations", "mlperf_systems",
                "mlperf_fabric_summary", "claims_inbox"} & rebuilt
    # market_size filters core.observations to market indicators, but at the grain of relations (what
    # the lineage sees) it reads what the nccl parser writes, so it is rebuilt
    assert "market_size" in rebuilt


def test_an_ingested_analyst_csv_rebuilds_from_the_ledger(graph):
    selected = {k.to_user_string() for k in automation.inbox_selection(["curated"]).resolve(graph)}
    assert "curated_ledger" in selected and "marts/claims_inbox" in selected   # the ledger writes core.claim_reviews
    assert not {k for k in selected if k.startswith(("raw_", "parse_"))}
    assert "marts/top500_interconnects" not in selected
