"""Moving the model's inputs and outputs between the warehouse and `fabric_model` (DataFrames).

pandas is imported by the functions that build or read DataFrames, not by this module: a fast ingest
copies the calibration's inputs for another process (`export_calibration_inputs`) without it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import duckdb

from warehouse.dbapi import transaction
from warehouse.load import replace_rows
from warehouse.marts import relations_read

if TYPE_CHECKING:
    import pandas as pd

SQL = Path(__file__).parent / "sql"
# The model's queries (their reads are the model assets' lineage: pipelines/assets/model.py)
OVERRIDES_SQL, NCCL_SQL, BENCH_SQL = "model_overrides.sql", "model_nccl_rows.sql", "model_benchmark_observations.sql"
CALIBRATION_SQL = (OVERRIDES_SQL, NCCL_SQL, BENCH_SQL)  # what the calibration reads: its lineage and its worker's copy
CALIBRATION_TABLE = "model.calibration"


def _read(name: str) -> str:
    return (SQL / name).read_text(encoding="utf-8")


def observed_spec_overrides(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    return con.execute(_read(OVERRIDES_SQL)).df()


def catalog_sql() -> str:
    """The query that reads the published catalog (model.catalog)."""
    return _read("model_catalog.sql")


def write_catalog(con: duckdb.DuckDBPyConnection, records: list[dict]) -> int:
    return replace_rows(con, "model.catalog", records)


def nccl_rows(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    return con.execute(_read(NCCL_SQL)).df()


def benchmark_observations(con: duckdb.DuckDBPyConnection, indicator: str) -> pd.DataFrame:
    return con.execute(_read(BENCH_SQL), [indicator]).df()


def write_assumptions(con: duckdb.DuckDBPyConnection, assumptions: list[dict]) -> int:
    rows = []
    for a in assumptions:
        value = a.get("value")
        numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
        note = "; ".join(str(x) for x in (a.get("kind"), a.get("date"), a.get("url")) if x)
        rows.append(
            {
                "name": a["name"],
                "value": float(value) if numeric else None,
                "unit": a.get("unit"),
                "source": a.get("source"),
                "note": note if numeric else f"{value}; {note}",
            }
        )
    return replace_rows(con, "model.assumptions", rows)


SCENARIO_COLUMNS = {  # model.scenarios column <- sweep column
    "fabric": "fabric",
    "switch": "switch",
    "gpus": "gpus",
    "nic_gbps": "nic_gbps",
    "gpus_per_node": "gpus_per_node",
    "oversubscription": "oversubscription",
    "tiers": "tiers",
    "switches_total": "switches_total",
    "transceivers_total": "transceivers_total",
    "capex_total_usd": "capex_network_usd",
    "capex_per_gpu_usd": "capex_network_per_gpu_usd",
    "network_share_of_cluster_capex": "network_share_of_cluster_capex",
    "power_total_w": "power_network_w",
    "fabric_efficiency": "fabric_efficiency",
    "effective_GBps_per_gpu": "effective_GBps_per_gpu",
    "allreduce_time_s": "allreduce_time_s",
    "allreduce_busbw_GBps": "allreduce_busbw_GBps",
    "step_time_s": "step_time_s",
    "gpu_utilization": "gpu_utilization",
    "cost_per_effective_tbps_usd": "capex_network_per_effective_tbps_usd",
    "design": "design",
    "planes": "planes",
    "max_endpoints": "max_endpoints",
    "nic": "nic",
    "algorithm": "algorithm",
    "params": "params",
    "bytes_per_grad_element": "bytes_per_grad_element",
    "compute_s_per_step": "compute_s_per_step",
    "overlap_share": "overlap_share",
    "cost_per_effective_gpu_usd": "capex_cluster_per_effective_gpu_usd",
}


def write_scenarios(con: duckdb.DuckDBPyConnection, grid: pd.DataFrame) -> int:
    feasible = grid[grid["feasible"]]
    rows = []
    for rec in feasible.to_dict("records"):
        row = {col: rec[src] for col, src in SCENARIO_COLUMNS.items()}
        shared = rec["design"] != "rail-only"
        row["link_gbps"] = rec["nic_gbps"] / rec["planes"] if shared else rec["nic_gbps"]
        row["scenario_id"] = (
            f"{rec['fabric']}-{rec['switch']}-{int(rec['gpus'])}gpu-{int(rec['nic_gbps'])}g"
            f"-{rec['design']}{int(rec['planes'])}-os{rec['oversubscription']:g}"
        )
        rows.append(row)
    return replace_rows(con, "model.scenarios", rows)


CALIBRATION_COLUMNS = (
    "status",
    "fitted",
    "collective",
    "gpu",
    "ngpus",
    "gpus_per_node",
    "nvlink_domain",
    "nics_per_node",
    "nic_gbps",
    "fabric",
    "requested_algorithm",
    "algorithm",
    "protocol",
    "nccl_choice",
    "predicted_time_us",
    "miss_reason",
    "publisher",
    "published_on",
)


def _clean(value):
    if value is None or (isinstance(value, float) and value != value):
        return None
    if hasattr(value, "item"):
        return value.item()
    return value


def write_calibration(con: duckdb.DuckDBPyConnection, calibration: pd.DataFrame) -> int:
    rows = []
    for rec in calibration.to_dict("records"):
        run = rec.get("origin") == "nccl_run"
        get = lambda name: _clean(rec.get(name))  # noqa: E731
        size = get("size_bytes")
        row = {
            "point_id": rec["point_id"],
            "kind": "nccl" if run else "published",
            "run_id": get("run_id") if run else None,
            "size_bytes": int(size) if size is not None else None,
            "description": get("description"),
            "measured_busbw_GBps": get("measured_busbw_GBps"),
            "predicted_busbw_GBps": get("predicted_busbw_GBps"),
            "rel_error": get("rel_error"),
            "source": get("source"),
            "checked": bool(rec["fitted"]),
            "within_tolerance": bool(rec["within_tolerance"]),
        }
        for name in CALIBRATION_COLUMNS:
            row[name] = get(name)
        row["nvlink_domain"] = get("domain")
        row["requested_algorithm"] = get("algorithm_requested")
        for name in ("ngpus", "gpus_per_node", "nvlink_domain", "nics_per_node"):
            row[name] = int(row[name]) if row[name] is not None else None
        row["fitted"] = bool(rec["fitted"])
        if row["published_on"] is not None:
            import pandas as pd

            row["published_on"] = pd.Timestamp(row["published_on"]).date()
        rows.append(row)
    return replace_rows(con, "model.calibration", rows)


def read_calibration(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    return con.execute(
        "SELECT point_id, kind, status, fitted, measured_busbw_GBps, predicted_busbw_GBps, rel_error, "
        "within_tolerance, miss_reason, nccl_choice FROM model.calibration ORDER BY point_id"
    ).df()


def write_sensitivity(con: duckdb.DuckDBPyConnection, table: pd.DataFrame) -> int:
    rows = [
        {
            "assumption": r["assumption"],
            "low_value": r["low_value"],
            "high_value": r["high_value"],
            "cost_per_gpu_low": r["capex_network_per_gpu_usd_low"],
            "cost_per_gpu_high": r["capex_network_per_gpu_usd_high"],
            "step_time_low": r["step_time_s_low"],
            "step_time_high": r["step_time_s_high"],
        }
        for r in table.to_dict("records")
    ]
    return replace_rows(con, "model.sensitivity", rows)


# ---------------------------------------------------------------- the calibration in another process


def _literal(path: str | Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export_calibration_inputs(con: duckdb.DuckDBPyConnection, path: str | Path) -> list[str]:
    """Copy into a new DuckDB file at `path` every relation the calibration's queries read (found in their
    SQL by DuckDB's parser, as lineage finds them) under the same name, and an empty model.calibration: a
    calibration run on that file reads what it would read here (pipelines/calibration_worker.py). A view
    is copied as a table of its rows. Returns the relations copied."""
    reads = sorted(set().union(*(relations_read(_read(f)) for f in CALIBRATION_SQL)))
    con.execute(f"ATTACH {_literal(path)} AS calibration_io")
    try:
        for schema in sorted({r.split(".")[0] for r in [*reads, CALIBRATION_TABLE]}):
            con.execute(f"CREATE SCHEMA calibration_io.{schema}")
        for relation in reads:
            con.execute(f"CREATE TABLE calibration_io.{relation} AS SELECT * FROM {relation}")
        con.execute(f"CREATE TABLE calibration_io.{CALIBRATION_TABLE} AS SELECT * FROM {CALIBRATION_TABLE} LIMIT 0")
    finally:
        con.execute("DETACH calibration_io")
    return reads


def import_calibration(con: duckdb.DuckDBPyConnection, path: str | Path) -> int:
    """Replace model.calibration with the rows a calibration wrote into the file at `path`
    (`export_calibration_inputs` made it). Returns the rows."""
    con.execute(f"ATTACH {_literal(path)} AS calibration_io (READ_ONLY)")
    try:
        with transaction(con):
            con.execute(f"DELETE FROM {CALIBRATION_TABLE}")
            con.execute(f"INSERT INTO {CALIBRATION_TABLE} BY NAME SELECT * FROM calibration_io.{CALIBRATION_TABLE}")
            return con.execute(f"SELECT count(*) FROM {CALIBRATION_TABLE}").fetchone()[0]
    finally:
        con.execute("DETACH calibration_io")
