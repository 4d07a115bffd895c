"""One home for comparing two builds of a relation row for row: its DOUBLE columns rounded to 12 significant
digits (two builds of one mart differ in the last bits of a float), every other column as it is."""

from __future__ import annotations

import duckdb


def rounded(con: duckdb.DuckDBPyConnection, relation: str) -> str:
    parts = []
    for name, column_type, *_ in con.execute(f"DESCRIBE SELECT * FROM {relation}").fetchall():
        if column_type == "DOUBLE":
            parts.append(
                f"CASE WHEN {name} IS NULL OR {name} = 0 OR isinf({name}) OR isnan({name}) THEN {name} "
                f"ELSE round({name}, 11 - CAST(floor(log10(abs({name}))) AS INTEGER)) END AS {name}"
            )
        else:
            parts.append(name)
    return f"SELECT {', '.join(parts)} FROM {relation}"
