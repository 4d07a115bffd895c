"""fabricwatch export: every mart of the published warehouse as Parquet or CSV, plus manifest.json."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
from pathlib import Path

from sources.clock import utc_iso

NAME = "export"
HELP = (
    "Write every mart of the published warehouse to DIR as Parquet or CSV files, with a manifest.json "
    "(schema, row counts, refresh time, citations), CITATIONS.md and CITATIONS.csl.json (the bibliography as CSL-JSON)."
)
MANIFEST = "manifest.json"
CITATIONS = "CITATIONS.md"
CITATIONS_CSL = "CITATIONS.csl.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("directory", metavar="DIR", help="folder to write to (created if missing)")
    parser.add_argument("--format", choices=("parquet", "csv"), default="parquet", help="file format (default parquet)")


def run(args: argparse.Namespace) -> int:
    from warehouse import db

    manifest = export_marts(db.home(), Path(args.directory), args.format)  # file errors: exit 2
    for mart in manifest["marts"]:
        print(f"{mart['file']:<40} {mart['rows']:>8} rows")
    print(
        f"wrote {len(manifest['marts'])} marts, {MANIFEST}, {CITATIONS} and {CITATIONS_CSL} "
        f"({len(manifest['citations'])} cited documents in {len(manifest['bibliography'])} entries) "
        f"to {Path(args.directory).resolve()}"
    )
    return 0


def export_marts(home_dir: str | Path, directory: Path, fmt: str) -> dict:
    """Export every mart (read-only, from the published warehouse). Returns the manifest written."""
    from sources.spreadsheet import neutralize_frame
    from warehouse import citations, db, marts

    if fmt not in ("parquet", "csv"):
        raise ValueError(f"unknown format {fmt!r}")
    directory.mkdir(parents=True, exist_ok=True)
    published = db.paths(home_dir).published
    entries = []
    cited: dict = {}
    with db.published_connection(home_dir) as con:
        refresh = citations.published_release(con)
        schema_version = db.schema_version(con)
        documents = citations.documents(con)
        for mart in marts.list_marts(con):
            name = mart["name"]
            target = directory / f"{name}.{fmt}"
            tmp = directory / f".{name}.{fmt}.tmp"
            relation = con.sql(f'SELECT * FROM marts."{name}"')  # name comes from the catalog
            if fmt == "parquet":
                relation.write_parquet(str(tmp))
            else:  # text cells a spreadsheet would run as formulas get a leading quote (sources/spreadsheet.py)
                neutralize_frame(relation.df()).to_csv(tmp, index=False)
            os.replace(tmp, target)
            cited[f"marts.{name}"] = citations.mart_provenance(con, name, [c["name"] for c in mart["columns"]])
            entries.append(
                {
                    "name": f"marts.{name}",
                    "file": target.name,
                    "format": fmt,
                    "kind": mart["kind"].lower(),
                    "rows": marts.row_count(con, name),
                    "description": mart["description"],
                    "columns": mart["columns"],
                }
            )
    manifest = {
        "exported_at": utc_iso(),
        "warehouse": {
            "path": str(published),
            "schema_version": schema_version,
            "modified_at": utc_iso(dt.datetime.fromtimestamp(published.stat().st_mtime, dt.timezone.utc)),
        },
        "refresh": refresh,
        "format": fmt,
        "marts": entries,
        "citation": citations.release_citation(refresh),
        "citations": citations.citations(cited, documents),
    }
    manifest["bibliography"] = citations.bibliography(manifest["citations"])
    (directory / CITATIONS).write_text(
        citations.render_markdown(manifest["citations"], refresh, title="Sources of this export"), encoding="utf-8"
    )
    (directory / CITATIONS_CSL).write_text(
        json.dumps(citations.csl_json(manifest["bibliography"]), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (directory / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return manifest
