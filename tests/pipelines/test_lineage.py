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

_REF = re.compile(r"\b(raw|core|model|marts|meta)\.(\w+)\b(?!\s*\()")  # a relation, not a macro call
SPEC_SOURCES = [s.source_id for s in REGISTRY if s.parser == "specs"]
ORIGIN_ASSET = {"curated": "curated_ledger", "registry": "source_registry"}  # else the origin is the asset name


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
    assert "curated_ledger" in parents  # curated spec figures are read by the same SQL
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
        tables = [
            t
            for (t,) in con.execute(
                "SELECT DISTINCT schema_name || '.' || table_name FROM duckdb_columns() "
                "WHERE schema_name = 'core' AND column_name = 'origin'"
            ).fetchall()
        ]
        for table in tables:
            origins = {o for (o,) in con.execute(f"SELECT DISTINCT origin FROM {table}").fetchall()}  # catalog names
            wrote = {ORIGIN_ASSET.get(o, o) for o in origins}
            declared = {k.to_user_string() for k in writers.get(table, ())}
            assert wrote <= declared, f"{table}: written by {sorted(wrote - declared)} without declaring it"


def test_a_monthly_scheduled_run_rebuilds_the_model_and_its_marts(tmp_path):
    defs = build_definitions(str(tmp_path), "offline")
    job = defs.resolve_job_def("refresh_monthly")  # the spec pages are monthly sources
    selected = {k.to_user_string() for k in job.asset_layer.executable_asset_keys}
    assert {f"raw_{s}" for s in SPEC_SOURCES} <= selected
    assert {
        "model_catalog",
        "fabric_scenarios",
        "model_sensitivity",
        "marts/fabric_cost_performance",
        "published_warehouse",
    } <= selected
    assert "raw_uec" not in selected and "parse_top500_lists" not in selected


def test_selection_strings_use_dagsters_syntax(tmp_path):
    defs = build_definitions(str(tmp_path), "offline")
    marts_group = {k.to_user_string() for k in resolve_selection(defs, ["group:marts"])}
    assert marts_group == {f"marts/{m.name}" for m in marts.discover_marts()}
    downstream = {k.to_user_string() for k in resolve_selection(defs, ["key:raw_nvidia_networking_docs+"])}
    assert {
        "raw_nvidia_networking_docs",
        "parse_nvidia_networking_docs",
        "model_catalog",
        "marts/fabric_cost_performance",
    } <= downstream
    assert "parse_uec" not in downstream
    one_level = {k.to_user_string() for k in resolve_selection(defs, ["key:raw_nvidia_networking_docs+1"])}
    # the fetch writes raw.*: its children are its parser and the marts reading raw tables
    assert one_level == {
        "raw_nvidia_networking_docs",
        "parse_nvidia_networking_docs",
        "marts/source_status",
        "marts/source_changes",
        "published_warehouse",
    }
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
# its fetch replays it into the raw layer, and sources/parsers/nccl turns it into run summaries,
# per-size rows and bus-bandwidth observations (nccl_busbw, nccl_busbw_peak), all of origin
# parse_nccl_logs. core.observations_stated (warehouse/migrations/0031) leaves that origin's rows out,
# so the marts and the model SQL reading it read nothing the log changes.
NCCL_LOG_WRITES = {
    "raw.documents",
    "raw.fetch_log",
    "raw.changes",
    "raw.document_versions",
    "core.nccl_runs",
    "core.nccl_rows",
    "core.observations",
}
# The model's calibration reads core.nccl_* (model_nccl_rows.sql); its catalog, scenarios and
# sensitivity read spec overrides from core.observations_stated.
STATED_MARTS = {
    "market_size",
    "fabric_share",
    "optics",
    "port_shipments",
    "cloud_fabrics",
    "bandwidth_roadmap",
    "uec_tracker",
}


def test_an_ingested_nccl_log_rebuilds_what_reads_it_and_nothing_else(graph):
    selected = {k.to_user_string() for k in automation.inbox_selection(["nccl"]).resolve(graph)}
    assert automation.inbox_select(["nccl"]) == ["key:raw_nccl_logs+"]
    # its source, the model's calibration (it reads nccl runs), publish and alerts; no other source
    assert {
        "raw_nccl_logs",
        "parse_nccl_logs",
        "model_calibration",
        "published_warehouse",
        "alert_deliveries",
    } <= selected
    assert not {"model_catalog", "fabric_scenarios", "model_sensitivity"} & selected
    assert not {k for k in selected if k.startswith(("raw_", "parse_"))} - {"raw_nccl_logs", "parse_nccl_logs"}
    assert not {"inbox_files", "curated_ledger", "source_registry"} & selected
    # a mart is rebuilt iff its SQL (read here by regex) names something the log, the model or a rebuilt mart writes
    changed = NCCL_LOG_WRITES | {"model.calibration"}
    rebuilt: set[str] = set()
    for mart in marts.discover_marts():  # dependency order
        if regex_reads(mart) & (changed | {f"marts.{m}" for m in rebuilt}):
            rebuilt.add(mart.name)
    assert {k.split("/", 1)[1] for k in selected if k.startswith("marts/")} == rebuilt
    assert {"nccl_results", "benchmark_calibration", "source_status", "latest_indicators", "conflicts"} <= rebuilt
    # the TOP500, MLPerf and claims marts read nothing a log changes; the market, spec, cloud and UEC
    # marts read the observations publishers state, which a log does not change
    assert (
        not (
            {
                "top500_interconnects",
                "top500_history",
                "top500_generations",
                "mlperf_systems",
                "mlperf_fabric_summary",
                "claims_inbox",
                "fabric_cost_performance",
            }
            | STATED_MARTS
        )
        & rebuilt
    )
    assert all("core.observations_stated" in regex_reads(m) for m in marts.discover_marts() if m.name in STATED_MARTS)


def test_a_view_keeping_rows_by_origin_is_written_by_the_writers_of_those_rows(writers):
    stated = {k.to_user_string() for k in writers["core.observations_stated"]}
    everything = {k.to_user_string() for k in writers["core.observations"]}
    # stated by hand from migration 0031: every writer of core.observations but the two measurement parsers
    assert stated == everything - {"parse_nccl_logs", "parse_top500_lists"}
    assert "curated_ledger" in stated and "parse_uec" in stated


@pytest.mark.slow
def test_the_stated_view_loses_no_row_a_mart_reading_it_selects(refreshed_home):
    """Independent truth: on the real offline default, each mart reading core.observations_stated returns
    exactly the rows it would return from core.observations, and the view leaves out only the rows of
    the nccl-tests and TOP500 parsers."""
    with db.published_connection(refreshed_home) as con:
        left_out = dict(
            con.execute(
                "SELECT origin, count(*) FROM core.observations WHERE record_id NOT IN "
                "(SELECT record_id FROM core.observations_stated) GROUP BY origin"
            ).fetchall()
        )
        assert set(left_out) == {"parse_nccl_logs", "parse_top500_lists"} and all(left_out.values())
        for mart in marts.discover_marts():
            if "core.observations_stated" not in mart.reads:
                continue
            create = (
                next(st.query for st in duckdb.extract_statements(mart.sql) if st.type.name == "CREATE")
                .strip()
                .rstrip(";")
            )
            query = re.split(r"\bmarts\.\w+\s+AS\s", create, maxsplit=1, flags=re.IGNORECASE)[1]
            whole = query.replace("core.observations_stated", "core.observations")
            # doubles to 9 decimals: a regression over the same rows in another order differs in the 13th digit
            floats = [
                d[0]
                for d in con.execute(f"SELECT * FROM ({query}) LIMIT 0").description
                if str(d[1]) in ("DOUBLE", "FLOAT")
            ]
            rounded = (
                f"SELECT * REPLACE ({', '.join(f'round({c}, 9) AS {c}' for c in floats)}) FROM "
                if floats
                else "SELECT * FROM "
            )
            query, whole = f"{rounded}({query})", f"{rounded}({whole})"
            for a, b in ((whole, query), (query, whole)):
                extra = con.execute(f"SELECT count(*) FROM (({a}) EXCEPT ALL ({b}))").fetchone()[0]
                assert extra == 0, f"{mart.name}: {extra} rows differ when it reads core.observations"


def test_an_ingested_analyst_csv_rebuilds_from_the_ledger(graph):
    selected = {k.to_user_string() for k in automation.inbox_selection(["curated"]).resolve(graph)}
    assert "curated_ledger" in selected and "marts/claims_inbox" in selected  # the ledger writes core.claim_reviews
    assert not {k for k in selected if k.startswith(("raw_", "parse_"))}
    assert "marts/top500_interconnects" not in selected
