"""Dagster vocabulary used by the assets: the kinds shown on asset nodes, and the table metadata."""

from __future__ import annotations

import enum

import dagster as dg


class Kind(str, enum.Enum):
    """What computes an asset (Dagster `kinds`, shown as icons in the UI)."""

    duckdb = "duckdb"
    python = "python"
    http = "http"
    numpy = "numpy"


def kinds(*values: Kind) -> set[str]:
    return {v.value for v in values}


def table_metadata(relation: str, columns: list[dict], rows: int | None = None) -> dict:
    """`dagster/table_name`, `dagster/column_schema` (from the COMMENT ON lines) and `dagster/row_count`."""
    schema = dg.TableSchema(
        columns=[dg.TableColumn(c["name"], c["type"], description=c["description"] or None) for c in columns]
    )
    out = {"dagster/table_name": relation, "dagster/column_schema": dg.MetadataValue.table_schema(schema)}
    if rows is not None:
        out["dagster/row_count"] = dg.MetadataValue.int(rows)
    return out
