"""Data-quality checks on the marts: pure functions of a DuckDB connection.

Each check returns a `CheckOutcome(passed, description, rows)` where `rows` are the offending
rows as dicts (capped at `MAX_ROWS`). `checks_for(mart)` is the plan: which checks guard which
mart, with their severity (ERROR blocks the publish, WARN only reports). Relation and column
names are checked against the catalog before they are put in SQL; values are bound parameters.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, NamedTuple, Sequence

import duckdb

from sources.fabrics import MLPERF as MLPERF_FABRICS
from warehouse.dbapi import dict_rows
from warehouse.marts import Mart, MartError

CHECKS_DIR = Path(__file__).parent / "sql" / "checks"
MAX_ROWS = 50
SHARE_TOLERANCE = 1e-6  # rounding in a single share
SHARE_SUM_TOLERANCE = 0.02  # rounded shares of one report may add to a little over 1
TOP500_SUM_TOLERANCE = 0.01  # a whole list's shares add to 1 within rounding
ROW_COUNT_MIN_RATIO = 0.5  # a mart losing more than half its rows since the last publish is suspect
ROW_COUNT_MIN_PREVIOUS = 10  # below this, changes are too small to call a collapse


class CheckOutcome(NamedTuple):
    passed: bool
    description: str
    rows: list[dict]


class UnknownRelation(LookupError):
    """A relation or column named in a check does not exist."""


# ---------------------------------------------------------------- helpers


# What the caller has just read of one relation (`described`): its columns and row count, so the checks run
# right after building a mart do not read DuckDB's catalog again (~1-2 ms a read, two or three a mart).
_DESCRIBED: contextvars.ContextVar[tuple[str, tuple[str, ...], int] | None] = contextvars.ContextVar(
    "quality_described", default=None
)


@contextlib.contextmanager
def described(relation: str, columns: Sequence[str], rows: int) -> Iterator[None]:
    """Within the block, `relation` has these columns (in order) and this many rows: read from the catalog
    and counted by the caller on the same connection and transaction, nothing written in between."""
    token = _DESCRIBED.set((relation, tuple(columns), rows))
    try:
        yield
    finally:
        _DESCRIBED.reset(token)


def _known(relation: str) -> tuple[tuple[str, ...], int] | None:
    got = _DESCRIBED.get()
    return (got[1], got[2]) if got is not None and got[0] == relation and got[1] else None


def _columns(con: duckdb.DuckDBPyConnection, relation: str) -> list[str]:
    known = _known(relation)
    if known is not None:
        return list(known[0])
    schema, _, name = relation.partition(".")
    cols = con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() "
        "AND schema_name = ? AND table_name = ? ORDER BY column_index",
        [schema, name],
    ).fetchall()
    if not cols:
        raise UnknownRelation(f"{relation} does not exist")
    return [c[0] for c in cols]


def _rel(con: duckdb.DuckDBPyConnection, relation: str) -> str:
    _columns(con, relation)
    return _quoted(relation)


def _quoted(relation: str) -> str:
    """The relation's name quoted, for a relation whose existence was just checked (`_cols`)."""
    schema, _, name = relation.partition(".")
    return f'"{schema}"."{name}"'


def _cols(con: duckdb.DuckDBPyConnection, relation: str, wanted: Sequence[str]) -> list[str]:
    have = set(_columns(con, relation))
    missing = [c for c in wanted if c not in have]
    if missing:
        raise UnknownRelation(f"{relation} has no column(s) {', '.join(missing)}")
    return [f'"{c}"' for c in wanted]


def _dicts(cur: duckdb.DuckDBPyConnection, limit: int = MAX_ROWS) -> list[dict]:
    return dict_rows(cur, limit)


def _query(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence = ()) -> list[dict]:
    return _dicts(con.execute(sql, list(params)))


def _count(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence = ()) -> int:
    return con.execute(sql, list(params)).fetchall()[0][0]


# ---------------------------------------------------------------- checks


def keys_unique(con: duckdb.DuckDBPyConnection, relation: str, key: Sequence[str]) -> CheckOutcome:
    """No two rows share the key (NULLs compare equal, as in GROUP BY)."""
    cols = ", ".join(_cols(con, relation, key))  # checks that the relation and the key's columns exist
    sql = f"SELECT {cols}, count(*) AS n FROM {_quoted(relation)} GROUP BY {cols} HAVING count(*) > 1 ORDER BY n DESC"
    rows = _query(con, sql)
    dupes = len(rows) if len(rows) < MAX_ROWS else _count(con, f"SELECT count(*) FROM ({sql})")
    if dupes:
        return CheckOutcome(
            False, f"{dupes} key value(s) of ({', '.join(key)}) occur more than once in {relation}", rows
        )
    return CheckOutcome(True, f"({', '.join(key)}) is unique in {relation}", [])


def units_valid(con: duckdb.DuckDBPyConnection, relation: str, *, origin: str | None = None) -> CheckOutcome:
    """Every (indicator, unit) is in the catalog and the unit is one the indicator allows (`a|b` lists).

    The one units check: the marts' `units_valid` and the curated ledger's check both call it
    (`origin` limits it to the rows one loader wrote).
    """
    ind, unit = _cols(con, relation, ["indicator", "unit"])
    where, params = "", []
    if origin is not None:
        where, params = f" AND r.{_cols(con, relation, ['origin'])[0]} = ?", [origin]
    allowed = "list_concat(string_split(i.unit, '|'), coalesce(i.compatible_units, []))"
    sql = (
        f"SELECT r.{ind} AS indicator, r.{unit} AS unit, {allowed} AS allowed, count(*) AS n "
        f"FROM {_rel(con, relation)} r LEFT JOIN core.indicators i ON i.indicator = r.{ind} "
        f"WHERE (i.unit IS NULL OR NOT list_contains({allowed}, r.{unit})){where} "
        "GROUP BY ALL ORDER BY n DESC"
    )
    rows = _query(con, sql, params)
    if rows:
        return CheckOutcome(False, f"{len(rows)} indicator/unit pair(s) in {relation} are not in the catalog", rows)
    return CheckOutcome(True, f"every unit in {relation} matches its indicator", [])


def shares_in_range(
    con: duckdb.DuckDBPyConnection, relation: str, columns: Sequence[str], *, only_unit: str | None = None
) -> CheckOutcome:
    """Share columns lie within 0-1. With `only_unit`, only rows whose `unit` equals it are checked."""
    quoted = _cols(con, relation, columns)
    where_unit = ""
    params: list = []
    if only_unit is not None:
        _cols(con, relation, ["unit"])
        where_unit = ' AND "unit" = ?'
        params = [only_unit]
    tests = " OR ".join(f"{c} < ? OR {c} > ?" for c in quoted)
    bound_params = [b for _ in quoted for b in (-SHARE_TOLERANCE, 1 + SHARE_TOLERANCE)]
    sql = f"SELECT * FROM {_rel(con, relation)} WHERE ({tests}){where_unit}"
    all_params = bound_params + params
    rows = _query(con, sql, all_params)
    n = _count(con, f"SELECT count(*) FROM ({sql})", all_params)
    if n:
        return CheckOutcome(False, f"{n} row(s) of {relation} have a share outside 0-1 in {', '.join(columns)}", rows)
    return CheckOutcome(True, f"{', '.join(columns)} within 0-1 in {relation}", [])


def share_sums_consistent(
    con: duckdb.DuckDBPyConnection,
    relation: str,
    share_column: str,
    group_columns: Sequence[str],
    *,
    include_column: str | None = None,
    expect_total: float | None = None,
    tolerance: float = SHARE_SUM_TOLERANCE,
) -> CheckOutcome:
    """Shares of one group (a report, a list) add to at most 1 (+ tolerance), or to `expect_total`.

    `include_column` names a boolean column selecting the shares that count toward the total
    (e.g. Ethernet-based fabrics that are already inside Ethernet do not).
    """
    share = _cols(con, relation, [share_column])[0]
    groups = ", ".join(_cols(con, relation, group_columns))
    where = f"{share} IS NOT NULL"
    if include_column:
        where += f" AND {_cols(con, relation, [include_column])[0]}"
    if expect_total is None:
        having, params = "sum(" + share + ") > ?", [1.0 + tolerance]
    else:
        having, params = "abs(sum(" + share + ") - ?) > ?", [expect_total, tolerance]
    sql = (
        f"SELECT {groups}, sum({share}) AS share_sum, count(*) AS shares FROM {_rel(con, relation)} "
        f"WHERE {where} GROUP BY {groups} HAVING {having} ORDER BY share_sum DESC"
    )
    rows = _query(con, sql, params)
    target = f"1 (+{tolerance:g})" if expect_total is None else f"{expect_total:g} (±{tolerance:g})"
    if rows:
        return CheckOutcome(
            False, f"{len(rows)} group(s) of {relation} whose {share_column} does not add to {target}", rows
        )
    return CheckOutcome(True, f"{share_column} adds to {target} in every group of {relation}", [])


def dates_not_in_future(
    con: duckdb.DuckDBPyConnection,
    relation: str,
    *,
    today: dt.date | None = None,
    published_column: str = "published_on",
    period_start_column: str | None = "period_start",
    kind_column: str | None = "kind",
) -> CheckOutcome:
    """Nothing was published after today, and no actual figure describes a period that has not begun.

    Forecasts may describe future periods; their publication date may not be in the future.
    """
    today = today or dt.date.today()
    pub = _cols(con, relation, [published_column])[0]
    conditions, params = [f"{pub} > ?"], [today]
    if period_start_column and kind_column:
        start, kind = _cols(con, relation, [period_start_column, kind_column])
        # A fiscal quarter (NVIDIA's FY2027Q1 ends in April 2026) is stored under its fiscal label,
        # so its calendar bounds run ahead of the real ones: such rows are not judged by them.
        fiscal = " AND coalesce(\"segment\", '') NOT ILIKE '%fiscal%'" if "segment" in _columns(con, relation) else ""
        conditions.append(f"({kind} = 'actual' AND {start} > ?{fiscal})")
        params.append(today)
    sql = f"SELECT * FROM {_rel(con, relation)} WHERE {' OR '.join(conditions)}"
    rows = _query(con, sql, params)
    n = _count(con, f"SELECT count(*) FROM ({sql})", params)
    if n:
        return CheckOutcome(
            False,
            f"{n} row(s) of {relation} are dated after {today} (published, or an actual for a future period)",
            rows,
        )
    return CheckOutcome(True, f"no date in {relation} is after {today}", [])


def row_count_not_collapsed(
    con: duckdb.DuckDBPyConnection,
    relation: str,
    previous_count: int | None,
    *,
    min_ratio: float = ROW_COUNT_MIN_RATIO,
    min_previous: int = ROW_COUNT_MIN_PREVIOUS,
) -> CheckOutcome:
    """The relation kept at least `min_ratio` of the rows it had in the published warehouse."""
    known = _known(relation)
    current = known[1] if known is not None else _count(con, f"SELECT count(*) FROM {_rel(con, relation)}")
    row = [{"relation": relation, "previous": previous_count, "current": current}]
    if previous_count is None:
        return CheckOutcome(True, f"{relation}: {current} rows (no published count to compare)", row)
    if previous_count < min_previous or current >= previous_count * min_ratio:
        return CheckOutcome(True, f"{relation}: {current} rows (published: {previous_count})", row)
    return CheckOutcome(
        False,
        f"{relation} fell from {previous_count} to {current} rows (below {min_ratio:.0%} of the published count)",
        row,
    )


def provenance_complete(con: duckdb.DuckDBPyConnection, origin: str) -> CheckOutcome:
    """Every row one origin wrote carries provenance (warehouse/sql/checks/provenance_missing.sql)."""
    sql = (CHECKS_DIR / "provenance_missing.sql").read_text(encoding="utf-8")
    bad = _dicts(con.execute(sql, {"origin": origin}))
    total = _count(con, "SELECT count(*) FROM core.observations WHERE origin = ?", [origin])
    if not total:
        return CheckOutcome(False, f"no {origin} observations loaded", [])
    if bad:
        return CheckOutcome(False, f"{total} {origin} observations; {len(bad)} rows lack provenance", bad)
    return CheckOutcome(True, f"{total} {origin} observations; every row carries provenance", [])


def indicators_fresh(con: duckdb.DuckDBPyConnection) -> CheckOutcome:
    """Indicators whose last published observation is older than their cadence allows."""
    sql = (
        "SELECT indicator, cadence, last_published_on, days_since_last_published, stale_after_days, last_source_id "
        "FROM marts.indicator_freshness WHERE stale ORDER BY days_since_last_published DESC"
    )
    rows = _query(con, sql)
    n = _count(con, "SELECT count(*) FROM marts.indicator_freshness WHERE stale")
    if n:
        return CheckOutcome(False, f"{n} indicator(s) are stale against their cadence", rows)
    return CheckOutcome(True, "every indicator with a cadence is fresh", [])


def conflicts_reported(con: duckdb.DuckDBPyConnection) -> CheckOutcome:
    """Conflicting figures (a WARN: they are kept, never overwritten, but someone should look)."""
    sql = (
        "SELECT indicator, subject, period, kind, conflict_type, unit, a_value, a_value_qualifier, a_source_id, "
        "a_published_on, b_value, b_value_qualifier, b_source_id, b_published_on, bounds_compatible "
        "FROM marts.conflicts ORDER BY bounds_compatible, relative_difference DESC"
    )
    rows = _query(con, sql)
    n, real = con.execute(
        "SELECT count(*), count(*) FILTER (WHERE NOT bounds_compatible) FROM marts.conflicts"
    ).fetchall()[0]
    if n:
        return CheckOutcome(False, f"{n} conflicting pair(s) of figures ({real} whose hedges cannot both hold)", rows)
    return CheckOutcome(True, "no conflicting figures", [])


# ---------------------------------------------------------------- the plan

ERROR = "ERROR"
WARN = "WARN"


@dataclass(frozen=True)
class MartCheck:
    name: str
    severity: str  # ERROR (blocks the publish) or WARN
    description: str
    run: Callable[[duckdb.DuckDBPyConnection, int | None], CheckOutcome]  # (con, published row count)
    needs_published_count: bool = False  # only the collapse check compares with the published warehouse


MLPERF_ROUND_MIN_RATIO = 0.5  # a round whose stored files mostly stop yielding systems is a parser failure


def data_quality_clear(con: duckdb.DuckDBPyConnection, problem: str) -> CheckOutcome:
    """No row of marts.data_quality has this problem."""
    sql = (
        "SELECT problem, record_table, record_id, indicator, subject, vendor, product_id, period, value, source_id, "
        "published_on, date_basis, evidence FROM marts.data_quality WHERE problem = ? ORDER BY record_table, subject"
    )
    rows = _query(con, sql, [problem])
    n = _count(con, "SELECT count(*) FROM marts.data_quality WHERE problem = ?", [problem])
    if n:
        return CheckOutcome(False, f"{n} row(s) with {problem.replace('_', ' ')} (see marts.data_quality)", rows)
    return CheckOutcome(True, f"no row with {problem.replace('_', ' ')}", [])


def rows_present(con: duckdb.DuckDBPyConnection, relation: str) -> CheckOutcome:
    """The relation is not empty."""
    n = _count(con, f"SELECT count(*) FROM {_rel(con, relation)}")
    if n == 0:
        return CheckOutcome(False, f"{relation} is empty", [])
    return CheckOutcome(True, f"{relation}: {n} rows", [])


def values_in_vocabulary(
    con: duckdb.DuckDBPyConnection, relation: str, column: str, allowed: Sequence[str]
) -> CheckOutcome:
    """Every non-NULL value of `column` is one of `allowed`."""
    col = _cols(con, relation, [column])[0]
    sql = (
        f"SELECT {col} AS value, count(*) AS n FROM {_rel(con, relation)} "
        f"WHERE {col} IS NOT NULL AND NOT list_contains(?, {col}) GROUP BY ALL ORDER BY n DESC"
    )
    rows = _query(con, sql, [list(allowed)])
    if rows:
        return CheckOutcome(False, f"{len(rows)} value(s) of {relation}.{column} outside {', '.join(allowed)}", rows)
    return CheckOutcome(True, f"{relation}.{column} within {', '.join(allowed)} (or NULL)", [])


def mlperf_rounds_yield(con: duckdb.DuckDBPyConnection) -> CheckOutcome:
    """Every MLPerf round with stored system files still yields systems: a round whose files parse to
    nothing (or to less than half of them) fails, as a parser that suddenly finds nothing must."""
    sql = (
        "WITH docs AS (SELECT regexp_extract(url, 'training_results_(v[0-9]+\\.[0-9]+)/', 1) AS round, "
        "count(*) AS files FROM raw.documents WHERE source_id = 'mlperf_training' "
        "AND regexp_matches(url, '/systems/[^/]+\\.json$') GROUP BY ALL), "
        "rows AS (SELECT round, count(*) AS systems FROM marts.mlperf_systems GROUP BY ALL) "
        "SELECT d.round, d.files, coalesce(r.systems, 0) AS systems FROM docs d LEFT JOIN rows r USING (round) "
        "WHERE d.round <> '' AND coalesce(r.systems, 0) < d.files * ? ORDER BY d.round"
    )
    rows = _query(con, sql, [MLPERF_ROUND_MIN_RATIO])
    if rows:
        return CheckOutcome(
            False, f"{len(rows)} MLPerf round(s) whose stored system files no longer yield systems", rows
        )
    return CheckOutcome(True, "every MLPerf round with stored files yields its systems", [])


def top500_lists_complete(con: duckdb.DuckDBPyConnection, relation: str, full_list: int = 500) -> CheckOutcome:
    """The fabric groups of every TOP500 list add up to the whole list of 500 systems."""
    rows = _query(
        con,
        f"SELECT list, sum(systems) AS systems FROM {_rel(con, relation)} GROUP BY list "
        "HAVING sum(systems) <> ? ORDER BY list",
        [full_list],
    )
    if rows:
        return CheckOutcome(
            False, f"{len(rows)} list(s) whose fabric groups do not add up to {full_list} systems", rows
        )
    return CheckOutcome(True, f"every list's fabric groups add up to {full_list} systems", [])


def _list(value: str) -> list[str]:
    return [v for v in value.split(",") if v]


# The checks a mart file may declare (`-- check: <name> key=value ...` beside its SQL):
# name -> (default severity, description, builder(relation, params) -> run(con, published_count)).
DECLARABLE: dict[str, tuple[str, str, Callable]] = {
    "units_valid": (
        ERROR,
        "every unit is one its indicator allows",
        lambda rel, p: lambda con, _prev: units_valid(con, rel),
    ),
    "shares_in_range": (
        ERROR,
        "shares lie within 0-1",
        lambda rel, p: lambda con, _prev: shares_in_range(con, rel, _list(p["columns"]), only_unit=p.get("only_unit")),
    ),
    "dates_not_in_future": (
        ERROR,
        "nothing published after today; no actual for a future period",
        lambda rel, p: lambda con, _prev: dates_not_in_future(con, rel),
    ),
    "share_sums": (
        ERROR,
        "the shares of one group add to at most 1, or to the stated total",
        lambda rel, p: (
            lambda con, _prev: share_sums_consistent(
                con,
                rel,
                p["column"],
                _list(p["groups"]),
                include_column=p.get("include"),
                expect_total=float(p["total"]) if "total" in p else None,
                tolerance=TOP500_SUM_TOLERANCE if "total" in p else SHARE_SUM_TOLERANCE,
            )
        ),
    ),
    "indicators_fresh": (
        WARN,
        "every indicator updated within 1.5x its cadence",
        lambda rel, p: lambda con, _prev: indicators_fresh(con),
    ),
    "lists_complete": (
        WARN,
        "each list's fabric groups add up to 500 systems",
        lambda rel, p: lambda con, _prev: top500_lists_complete(con, rel),
    ),
    "rows_present": (ERROR, "the mart has rows", lambda rel, p: lambda con, _prev: rows_present(con, rel)),
    "mlperf_fabric_vocabulary": (
        ERROR,
        "fabric is one of " + ", ".join(MLPERF_FABRICS) + " or NULL",
        lambda rel, p: lambda con, _prev: values_in_vocabulary(con, rel, "fabric", MLPERF_FABRICS),
    ),
    "mlperf_rounds_yield": (
        ERROR,
        "every round with stored system files still yields its systems",
        lambda rel, p: lambda con, _prev: mlperf_rounds_yield(con),
    ),
    "data_quality_clear": (
        WARN,
        "no row of marts.data_quality has the named problem",
        lambda rel, p: lambda con, _prev: data_quality_clear(con, p["problem"]),
    ),
    "no_conflicts": (
        WARN,
        "sources and vintages agree (conflicts are listed for review)",
        lambda rel, p: lambda con, _prev: conflicts_reported(con),
    ),
}


def checks_for(mart: Mart) -> list[MartCheck]:
    """The checks guarding one mart: its key's uniqueness, its row count, and what its file declares."""
    rel = mart.relation
    declared = {name: dict(params) for name, params in mart.checks}
    out: list[MartCheck] = []
    if mart.key:
        out.append(
            MartCheck(
                "keys_unique",
                ERROR,
                f"({', '.join(mart.key)}) identifies one row",
                lambda con, _prev: keys_unique(con, rel, mart.key),
            )
        )
    collapse = declared.pop("row_count_stable", {})
    out.append(
        MartCheck(
            "row_count_stable",
            collapse.get("severity", ERROR),
            f"keeps at least {ROW_COUNT_MIN_RATIO:.0%} of the rows it had when last published",
            lambda con, prev: row_count_not_collapsed(con, rel, prev),
            needs_published_count=True,
        )
    )
    for name, params in mart.checks:
        if name == "row_count_stable":
            continue
        if name not in DECLARABLE:
            raise MartError(f"{mart.path.name}: unknown check {name!r}; known: {', '.join(sorted(DECLARABLE))}")
        severity, description, build = DECLARABLE[name]
        p = dict(params)
        out.append(MartCheck(p.get("name", name), p.get("severity", severity), description, build(rel, p)))
    return out
