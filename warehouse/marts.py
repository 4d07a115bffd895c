"""The marts: one SQL file per mart under warehouse/sql/marts/, applied in dependency order.

A mart file creates `marts.<file stem>` (a view, or a table when it must be materialized) and
comments the mart and every column. Its header may declare the mart's key:
`-- key: col_a, col_b` (used by the uniqueness check) and its quality checks, one per line:
`-- check: <name> key=value ...` (warehouse/quality.py says which names exist). What a mart reads (other marts, core,
model, raw and meta relations) is read from its SQL by DuckDB's own parser: that is the mart's
lineage. Files starting with `_` hold helper macros and are applied before any mart; they are the only place a
macro is created, and the publish step drops a macro no helper file creates any more (`drop_stale_macros`).

`apply_mart` creates a mart as its file says (a view); the refresh's `apply_mart_stored` stores it as
a table of its rows instead, except the marts whose rows depend on the date (`clock_marts`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path

import duckdb

from sources.clock import naive_utc
from warehouse.db import schema_version
from warehouse.dbapi import transaction

MARTS_DIR = Path(__file__).parent / "sql" / "marts"
SCHEMA = "marts"

_KEY_RE = re.compile(r"^--\s*key:\s*(.+)$", re.MULTILINE)
_CHECK_RE = re.compile(r"^--\s*check:\s*(\w+)(.*)$", re.MULTILINE)
_CREATE_RE = re.compile(r"CREATE\s+OR\s+REPLACE\s+(VIEW|TABLE)\s+marts\.(\w+)", re.IGNORECASE)
_CREATE_AS_RE = re.compile(r"^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:VIEW|TABLE)\s+[\w.\"]+\s+AS\s+", re.IGNORECASE)
_LEADING_COMMENTS_RE = re.compile(r"^(?:\s*--[^\n]*\n)+")
SCHEMAS = ("raw", "core", "model", "marts", "meta")
_COMMENT_VIEW_RE = re.compile(r"COMMENT\s+ON\s+(?:VIEW|TABLE)\s+marts\.\w+\s+IS\s+'((?:[^']|'')*)'", re.IGNORECASE)


class MartError(RuntimeError):
    """A mart file is malformed or its dependencies cannot be ordered."""


@dataclass(frozen=True)
class Mart:
    name: str  # marts.<name>; equals the file stem
    path: Path
    sql: str
    relation_kind: str  # VIEW or TABLE
    key: tuple[str, ...]  # declared key columns (may be empty)
    reads: frozenset[str]  # schema-qualified relations its SQL reads
    description: str
    checks: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # `-- check: name k=v ...` header lines

    @property
    def depends_on(self) -> tuple[str, ...]:
        """Other marts read by this one."""
        return tuple(sorted(r.split(".", 1)[1] for r in self.reads if r.startswith(f"{SCHEMA}.")))

    @property
    def relation(self) -> str:
        return f"{SCHEMA}.{self.name}"


def helper_files(directory: Path = MARTS_DIR) -> list[Path]:
    return sorted(directory.glob("_*.sql"))


def read_mart(path: Path, known: set[str] | None = None) -> Mart:
    sql = path.read_text(encoding="utf-8")
    m = _CREATE_RE.search(sql)
    if m is None or m.group(2) != path.stem:
        raise MartError(f"{path.name} must create marts.{path.stem} (CREATE OR REPLACE VIEW|TABLE marts.{path.stem})")
    reads = relations_read(sql) - {f"{SCHEMA}.{path.stem}"}
    if known is not None:
        unknown = {r for r in reads if r.startswith(f"{SCHEMA}.") and r.split(".", 1)[1] not in known}
        if unknown:
            raise MartError(f"{path.name} reads {', '.join(sorted(unknown))}, which no mart file creates")
    key_m = _KEY_RE.search(sql)
    key = tuple(k.strip() for k in key_m.group(1).split(",")) if key_m else ()
    desc_m = _COMMENT_VIEW_RE.search(sql)
    description = desc_m.group(1).replace("''", "'") if desc_m else ""
    checks = []
    for name, rest in _CHECK_RE.findall(sql[: m.start()]):
        try:
            params = tuple(tuple(part.split("=", 1)) for part in rest.split())
            if any(len(p) != 2 for p in params):
                raise ValueError(rest)
        except ValueError:
            raise MartError(f"{path.name}: `-- check: {name}{rest}` must be a check name and key=value pairs") from None
        checks.append((name, params))
    return Mart(
        name=path.stem,
        path=path,
        sql=sql,
        relation_kind=m.group(1).upper(),
        key=key,
        reads=reads,
        description=description,
        checks=tuple(checks),
    )


def sql_key(sql: str) -> str:
    """What a file's lineage is remembered by (`known_reads`): the SHA-256 of its SQL text (and of the parser's
    version)."""
    return hashlib.sha256(f"{duckdb.__version__}\0{sql}".encode()).hexdigest()


_KNOWN_READS: dict[str, frozenset[str]] = {}


def known_reads(found: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """What `relations_read` found, by `sql_key`, to keep: given back (`found`) in a later process, a SQL text
    with the same key is not parsed again. Reading the 35 marts with DuckDB's parser costs ~0.2 s, about a
    tenth of an nccl-tests ingest without a Dagster run, which keeps this with its plan
    (pipelines/fast_ingest.py). Keyed by the text itself, so an edited file is read again."""
    if found:
        _KNOWN_READS.update({k: frozenset(v) for k, v in found.items()})
    return {k: sorted(v) for k, v in _KNOWN_READS.items()}


def relations_read(sql: str) -> frozenset[str]:
    """Schema-qualified relations the queries in `sql` read (not macros, not CTE names).

    The query of each CREATE VIEW/TABLE ... AS statement and each plain SELECT is read by DuckDB's
    own parser (`json_serialize_sql`); COMMENT ON and CREATE MACRO statements read nothing. Remembered
    per SQL text for the process (and across processes through `known_reads`).
    """
    key = sql_key(sql)
    if key not in _KNOWN_READS:
        _KNOWN_READS[key] = _relations_read(sql)
    return _KNOWN_READS[key]


def _relations_read(sql: str) -> frozenset[str]:
    found: set[str] = set()
    with _PARSER_LOCK:
        con = _parser()
        for statement in duckdb.extract_statements(sql):
            text = _LEADING_COMMENTS_RE.sub("", statement.query.strip() + "\n").strip()
            if statement.type.name == "CREATE":
                m = _CREATE_AS_RE.match(text)
                if m is None:
                    continue  # a macro or a schema
                text = text[m.end() :]
            elif statement.type.name != "SELECT":
                continue
            tree = json.loads(con.execute("SELECT json_serialize_sql(?)", [text]).fetchone()[0])
            if tree.get("error"):
                raise MartError(f"DuckDB cannot parse a query: {tree.get('error_message')}")
            found |= _base_tables(tree)
    return frozenset(found)


def parse_tree(query: str) -> dict:
    """DuckDB's parse tree of one query (`json_serialize_sql`), on the process's parser connection."""
    with _PARSER_LOCK:
        return json.loads(_parser().execute("SELECT json_serialize_sql(?)", [query]).fetchone()[0])


_PARSER_LOCK = threading.RLock()


@functools.lru_cache(maxsize=1)
def _parser() -> duckdb.DuckDBPyConnection:
    """One in-memory connection for reading queries with DuckDB's parser, kept for the process: opening one
    costs ~25 ms, and the definitions read ~40 queries (it holds no data; calls are serialised by a lock)."""
    return duckdb.connect()


def _base_tables(node) -> set[str]:
    if isinstance(node, dict):
        own = (
            {f"{node['schema_name']}.{node['table_name']}"}
            if node.get("type") == "BASE_TABLE" and node.get("schema_name") in SCHEMAS
            else set()
        )
        return own.union(*(_base_tables(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_base_tables(v) for v in node))
    return set()


def discover_marts(directory: Path = MARTS_DIR) -> list[Mart]:
    """Every mart file in dependency order (ties broken by name)."""
    paths = sorted(p for p in directory.glob("*.sql") if not p.name.startswith("_"))
    known = {p.stem for p in paths}
    marts = {p.stem: read_mart(p, known) for p in paths}
    ordered: list[Mart] = []
    done: set[str] = set()
    pending = dict(marts)
    while pending:
        ready = sorted(n for n, m in pending.items() if set(m.depends_on) <= done)
        if not ready:
            raise MartError(f"circular mart dependencies among: {', '.join(sorted(pending))}")
        for n in ready:
            ordered.append(pending.pop(n))
            done.add(n)
    return ordered


def get_mart(name: str, directory: Path = MARTS_DIR) -> Mart:
    for mart in discover_marts(directory):
        if mart.name == name:
            return mart
    raise KeyError(f"no mart named {name!r} in {directory}")


def apply_helpers(con: duckdb.DuckDBPyConnection, directory: Path = MARTS_DIR) -> None:
    con.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
    for path in helper_files(directory):
        con.execute(path.read_text(encoding="utf-8"))


def apply_mart(
    con: duckdb.DuckDBPyConnection, mart: Mart | str, directory: Path = MARTS_DIR, *, helpers: bool = True
) -> int:
    """(Re)create one mart as a view with its comments, in one transaction. Returns its row count.

    A refresh stores marts as tables in the working warehouse (`apply_mart_stored`); a table of the same name
    is dropped first, since DuckDB will not replace a table by a view. `helpers=False` when the caller
    applied the helper macros already (building several marts)."""
    if isinstance(mart, str):
        mart = get_mart(mart, directory)
    if helpers:
        apply_helpers(con, directory)
    with transaction(con):
        if existing_marts(con).get(mart.name) == "TABLE":
            con.execute(f'DROP TABLE {SCHEMA}."{mart.name}"')
        con.execute(mart.sql)
    return row_count(con, mart.name)


_COMMENT_ON_VIEW_RE = re.compile(r"COMMENT\s+ON\s+VIEW\s+(marts\.\w+)\s+IS", re.IGNORECASE)


def table_sql(mart: Mart) -> str:
    """The mart's SQL creating a table of its rows instead of a view (same name, columns and comments)."""
    m = _CREATE_RE.search(mart.sql)
    sql = mart.sql[: m.start()] + f"CREATE OR REPLACE TABLE {SCHEMA}.{mart.name}" + mart.sql[m.end() :]
    return _COMMENT_ON_VIEW_RE.sub(lambda c: f"COMMENT ON TABLE {c.group(1)} IS", sql)


# SQL that reads the clock: a mart using it changes with the date, not only with its inputs
_CLOCK_RE = re.compile(r"\b(current_date|current_timestamp|now\s*\(|today\s*\(|get_current_time)", re.IGNORECASE)


def clock_marts(found: list[Mart]) -> set[str]:
    """Marts whose rows depend on the date: their SQL reads the clock, or a mart they read does (`found` in
    dependency order, as discover_marts gives them)."""
    direct = {m.name for m in found if _CLOCK_RE.search(m.sql)}
    return direct | readers_of(found, {f"{SCHEMA}.{name}" for name in direct})


def readers_of(found: list[Mart], relations: set[str]) -> set[str]:
    """Marts that read one of `relations`, themselves or through a mart they read (`found` in dependency
    order, as discover_marts gives them)."""
    out: set[str] = set()
    for m in found:
        if m.reads & relations or set(m.depends_on) & out:
            out.add(m.name)
    return out


@dataclass
class Built:
    """Which SQL each mart on a connection was last created from (meta.marts_built) and the schema version: read
    once by a caller that builds several marts (`built_marts`), kept up to date by apply_mart_stored."""

    schema: int
    versions: dict[str, str]
    tracked: bool = True  # meta.marts_built exists (migration 0037)

    def version(self, mart: Mart) -> str:
        """The mart's SQL and helpers' hash and the schema version: a migration may change the types its query
        gives, so a table made on another schema is created again."""
        return f"{sql_version(mart)}-{self.schema}"


def built_marts(con: duckdb.DuckDBPyConnection) -> Built:
    tracked = con.execute(  # the catalog, not a failed query: that would abort the caller's transaction
        "SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'meta' "
        "AND table_name = 'marts_built'"
    ).fetchone()[0]
    if not tracked:  # a database before migration 0037: every mart is created
        return Built(schema_version(con), {}, tracked=False)
    return Built(schema_version(con), dict(con.execute("SELECT name, sql_version FROM meta.marts_built").fetchall()))


def apply_mart_stored(
    con: duckdb.DuckDBPyConnection,
    mart: Mart,
    as_view: bool = False,
    present: dict[str, str] | None = None,
    *,
    own_transaction: bool = True,
    built: Built | None = None,
) -> int:
    """(Re)create one mart (helpers already applied) as a table of its rows, or as a view when `as_view`,
    in one transaction (the caller's when `own_transaction` is false: the fast ingest builds all its marts
    in one, pipelines/fast_ingest.py); its row count.

    `present` is `existing_marts(con)` and `built` is `built_marts(con)` when the caller builds several marts
    on one connection: read once and kept up to date here (each read of DuckDB's catalog costs milliseconds,
    three per mart before).

    The refresh builds marts as tables in the working warehouse: its checks, the marts reading it and the
    publish step read stored rows instead of running the mart's query again (a chain of views re-ran the
    conflicts self-join under every check of every mart above it), and a mart a partial run does not
    rebuild keeps its rows (its inputs did not change: pipelines/lineage.py). A mart whose rows depend on
    the date (`clock_marts`) stays a view, turned into a table at publish as before
    (warehouse/materialize.py), so a partial run on a later day still publishes it as of that day.

    A mart created from the same SQL, helpers and schema as now (meta.marts_built) is not created again: a
    table gets its rows replaced (DELETE + INSERT of its query: the same rows, and its columns and comments
    kept), a view is left as it is. Re-creating a table drops its comments, and setting them again was
    524 statements, ~0.09 s, of an nccl-tests ingest's 19 marts (docs/benchmarks.md, sixth pass)."""
    present = existing_marts(con) if present is None else present
    built = built_marts(con) if built is None else built
    want = "VIEW" if as_view else "TABLE"
    version = built.version(mart)
    relation = f'{SCHEMA}."{mart.name}"'
    with transaction(con) if own_transaction else contextlib.nullcontext(con):
        kind = present.get(mart.name)
        if kind == want and built.versions.get(mart.name) == version:
            if not as_view:
                con.execute(f"DELETE FROM {relation}")
                con.execute(f"INSERT INTO {relation} {query_of(mart)}")
        else:
            if kind is not None and kind != want:  # built the other way before
                con.execute(f"DROP {kind} {relation}")
            con.execute(mart.sql if as_view else table_sql(mart))
            if built.tracked:
                con.execute(
                    "INSERT OR REPLACE INTO meta.marts_built VALUES (?, ?, ?)", [mart.name, version, naive_utc()]
                )
                built.versions[mart.name] = version
    present[mart.name] = want
    # the name is a mart file's stem (a `CREATE ... marts.<stem>` was just run): no catalog look-up needed
    return con.execute(f"SELECT count(*) FROM {relation}").fetchall()[0][0]


# Where a mart file's CREATE statement ends: its first `;` followed by a COMMENT ON statement (each mart file is
# the CREATE ... AS <query> statement, then its comments). Found by text, not by DuckDB's statement splitter
# (~1 ms a mart); tests/warehouse/test_marts_stored.py checks that both give the same query for every mart.
_CREATE_END_RE = re.compile(r";\s*\n\s*COMMENT\s+ON\s", re.IGNORECASE)


def query_of(mart: Mart) -> str:
    """The query of the mart's CREATE statement (the text after `CREATE ... AS`, without its `;`)."""
    end = _CREATE_END_RE.search(mart.sql)
    create = mart.sql[: end.start()] if end else mart.sql.strip().rstrip(";")
    text = _LEADING_COMMENTS_RE.sub("", create.strip() + "\n").strip()
    m = _CREATE_AS_RE.match(text)
    if m is None:
        raise MartError(f"{mart.path.name}: its first statement is not CREATE ... AS <query>")
    return text[m.end() :]


def apply_all(con: duckdb.DuckDBPyConnection, directory: Path = MARTS_DIR) -> dict[str, int]:
    """Apply every mart in dependency order. Returns rows per mart."""
    return {mart.name: apply_mart(con, mart, directory) for mart in discover_marts(directory)}


def row_count(con: duckdb.DuckDBPyConnection, name: str) -> int:
    if name not in existing_marts(con):
        raise LookupError(f"marts.{name} does not exist")
    return con.execute(f'SELECT count(*) FROM {SCHEMA}."{name}"').fetchall()[0][0]  # name checked against the catalog


def sql_version(mart: Mart) -> str:
    """Hash of the mart's SQL and of the helper macros it may call: Dagster's code_version for the mart."""
    h = hashlib.sha256(mart.sql.encode())
    for path in helper_files(mart.path.parent):
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def preview(con: duckdb.DuckDBPyConnection, name: str, rows: int = 5):
    """The first `rows` rows of a mart as a DataFrame."""
    if name not in existing_marts(con):
        raise LookupError(f"marts.{name} does not exist")
    return con.execute(f'SELECT * FROM {SCHEMA}."{name}" LIMIT ?', [rows]).df()  # name checked against the catalog


def columns(con: duckdb.DuckDBPyConnection, name: str) -> list[dict]:
    """A mart's columns in order: name, type and the description from its COMMENT ON line."""
    return [
        {"name": c, "type": t, "description": d or ""}
        for c, t, d in con.execute(
            "SELECT column_name, data_type, comment FROM duckdb_columns() WHERE database_name = current_database() "
            "AND schema_name = ? AND table_name = ? ORDER BY column_index",
            [SCHEMA, name],
        ).fetchall()
    ]


def row_counts(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    return {name: row_count(con, name) for name in existing_marts(con)}


def existing_marts(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """Marts present in the database: name -> VIEW or TABLE."""
    rows = con.execute(
        "SELECT view_name, 'VIEW' FROM duckdb_views() WHERE database_name = current_database() AND schema_name = ? "
        "AND NOT internal UNION ALL "
        "SELECT table_name, 'TABLE' FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = ? "
        "ORDER BY 1",
        [SCHEMA, SCHEMA],
    ).fetchall()
    return dict(rows)


def stale_marts(con: duckdb.DuckDBPyConnection, directory: Path = MARTS_DIR) -> dict[str, str]:
    """Views and tables of the marts schema that no mart file creates any more (name -> VIEW or TABLE):
    left behind when a mart's file was deleted or renamed."""
    files = {p.stem for p in directory.glob("*.sql") if not p.name.startswith("_")}
    return {name: kind for name, kind in existing_marts(con).items() if name not in files}


# a macro a helper file creates: CREATE [OR REPLACE] [TEMP] MACRO [schema.]name
_MACRO_RE = re.compile(
    r"^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP(?:ORARY)?\s+)?MACRO\s+(?:\"?(\w+)\"?\s*\.\s*)?\"?(\w+)\"?",
    re.IGNORECASE | re.MULTILINE,
)


def defined_macros(directory: Path = MARTS_DIR) -> set[tuple[str, str]]:
    """(schema, name) of every macro the helper files (`_*.sql`) create: the one home of the warehouse's macros."""
    return {
        ((m.group(1) or "main").lower(), m.group(2).lower())
        for path in helper_files(directory)
        for m in _MACRO_RE.finditer(path.read_text(encoding="utf-8"))
    }


def stale_macros(con: duckdb.DuckDBPyConnection, directory: Path = MARTS_DIR) -> dict[tuple[str, str], str]:
    """Macros of the project's schemas that no helper file creates any more ((schema, name) -> macro or
    table_macro): left behind when a helper file was deleted or a macro renamed."""
    rows = con.execute(
        "SELECT DISTINCT schema_name, function_name, function_type FROM duckdb_functions() "
        "WHERE database_name = current_database() AND NOT internal AND function_type IN ('macro', 'table_macro') "
        "AND list_contains(?, schema_name)",
        [list(SCHEMAS)],
    ).fetchall()
    defined = defined_macros(directory)
    return {(s, n): kind for s, n, kind in rows if (s.lower(), n.lower()) not in defined}


def drop_stale_macros(con: duckdb.DuckDBPyConnection, directory: Path = MARTS_DIR) -> list[str]:
    """Drop the macros no helper file creates any more, in one transaction; their names (schema.name). Run after
    `drop_stale_marts`: a view of a deleted mart may have called one."""
    stale = stale_macros(con, directory)
    with transaction(con):
        for (schema, name), kind in stale.items():  # names from the catalog, quoted
            q = '"{}"."{}"'.format(*(x.replace(chr(34), chr(34) * 2) for x in (schema, name)))
            con.execute(f"DROP MACRO {'TABLE ' if kind == 'table_macro' else ''}IF EXISTS {q}")
    return sorted(f"{schema}.{name}" for schema, name in stale)


def drop_stale_marts(con: duckdb.DuckDBPyConnection, directory: Path = MARTS_DIR) -> list[str]:
    """Drop the marts schema's views and tables whose mart file no longer exists, in one transaction;
    their names. Only the marts schema, which holds nothing but what mart files build: the other
    schemas (observations, ingested runs, review decisions) are never touched."""
    stale = stale_marts(con, directory)
    with transaction(con):
        for name, kind in stale.items():  # names from the catalog, quoted
            con.execute(f'DROP {kind} IF EXISTS {SCHEMA}."{name.replace(chr(34), chr(34) * 2)}"')
    return sorted(stale)


def list_marts(con: duckdb.DuckDBPyConnection) -> list[dict]:
    """Marts in the database with their description and columns (name, type, description)."""
    comments = dict(
        con.execute(
            "SELECT view_name, comment FROM duckdb_views() WHERE database_name = current_database() AND schema_name = ? "
            "UNION ALL SELECT table_name, comment FROM duckdb_tables() WHERE database_name = current_database() "
            "AND schema_name = ?",
            [SCHEMA, SCHEMA],
        ).fetchall()
    )
    return [
        {"name": name, "kind": kind, "description": comments.get(name) or "", "columns": columns(con, name)}
        for name, kind in existing_marts(con).items()
    ]
