"""Marts as tables in the published file: readers get stored rows, not the mart's query run again.

The refresh builds most marts as tables in the working warehouse already (warehouse/marts.py
`apply_mart_stored`); the marts whose rows depend on the date stay views there, as does every mart of
a warehouse built with `apply_all` (tests, tools). The published copy turns the views into tables
before it is installed: a dashboard query on
marts.latest_indicators then reads rows instead of re-running its window functions and the
conflicts self-join under it. Measured on the 100x synthetic warehouse (bench/bench_scale.py):
`SELECT * FROM marts.latest_indicators` 6.0 s as a view, 0.11 s as a table (docs/benchmarks.md).

Names, comments and column comments stay the same, so every reader (dashboard, export, the
data dictionary) sees the same relations. Marts are materialized in dependency order, so a mart
reading another reads its table. Idempotent: a file whose marts are already tables is left as is.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from warehouse.dbapi import transaction

SCHEMA = "marts"


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _lit(text: str | None) -> str:
    return "NULL" if text is None else "'" + text.replace("'", "''") + "'"


def materialize_marts(con: duckdb.DuckDBPyConnection, order: list[str] | None = None) -> list[str]:
    """Replace every view of the marts schema by a table of its rows, with the same comments. Returns the names."""
    views = dict(
        con.execute(
            "SELECT view_name, comment FROM duckdb_views() WHERE database_name = current_database() "
            "AND schema_name = ? AND NOT internal",
            [SCHEMA],
        ).fetchall()
    )
    if order is None:
        from warehouse.marts import discover_marts

        order = [m.name for m in discover_marts()]
    names = [n for n in order if n in views] + sorted(n for n in views if n not in order)
    if not names:
        return []
    comments: dict[str, list[tuple[str, str | None]]] = {name: [] for name in names}
    for name, column, comment in con.execute(  # every view's column comments in one catalog read
        "SELECT table_name, column_name, comment FROM duckdb_columns() WHERE database_name = current_database() "
        "AND schema_name = ? AND list_contains(?, table_name) ORDER BY table_name, column_index",
        [SCHEMA, names],
    ).fetchall():
        comments[name].append((column, comment))
    with transaction(con):  # all of them or none, one commit (the copy is checkpointed next)
        for name in names:
            columns = comments[name]
            tmp = f"__materializing_{name}"
            # identifiers come from the catalog, quoted; comments are escaped literals (COMMENT ON takes no parameters)
            con.execute(f"CREATE TABLE {SCHEMA}.{_q(tmp)} AS SELECT * FROM {SCHEMA}.{_q(name)}")
            con.execute(f"DROP VIEW {SCHEMA}.{_q(name)}")
            con.execute(f"ALTER TABLE {SCHEMA}.{_q(tmp)} RENAME TO {_q(name)}")
            con.execute(f"COMMENT ON TABLE {SCHEMA}.{_q(name)} IS {_lit(views[name])}")
            for column, comment in columns:
                if comment:
                    con.execute(f"COMMENT ON COLUMN {SCHEMA}.{_q(name)}.{_q(column)} IS {_lit(comment)}")
    return names


def materialize_file(path: str | Path, storage_version: str | None = None) -> list[str]:
    """materialize_marts on the database file `path` (a copy about to be published), then checkpoint."""
    config = {"storage_compatibility_version": storage_version} if storage_version else {}
    con = duckdb.connect(str(path), config=config)
    try:
        names = materialize_marts(con)
        con.execute("CHECKPOINT")
    finally:
        con.close()
    return names
