"""`fabricwatch export`: every mart of the published warehouse as Parquet or CSV, with a manifest."""

from __future__ import annotations

import datetime as dt
import json

import duckdb
import pandas as pd
import pytest

from fabricwatch import cli
from fabricwatch.commands.export import export_marts
from tests.fixtures.warehouse import builder
from warehouse import db, marts
from warehouse import publish as wpublish

FINISHED = dt.datetime(2026, 3, 1, 6, 30)


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    home = tmp_path_factory.mktemp("export_home")
    con = builder.build(db.paths(home).work)
    con.execute(
        "INSERT INTO meta.runs VALUES ('run-42', ?, ?, 'offline', 'published', NULL, '{}', 'fixture', NULL)",
        [FINISHED - dt.timedelta(minutes=5), FINISHED],
    )
    db.refresh_data_dictionary(con)
    wpublish.publish(home, con)
    return home


@pytest.fixture(scope="module")
def published_counts(home):
    with db.published_connection(home) as con:
        return marts.row_counts(con)


def test_parquet_export_reads_back_with_manifest_counts(home, published_counts, tmp_path):
    manifest = export_marts(home, tmp_path / "out", "parquet")
    written = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert written == manifest
    assert {m["name"] for m in manifest["marts"]} == {f"marts.{n}" for n in published_counts}
    for entry in manifest["marts"]:
        frame = duckdb.sql(f"SELECT * FROM read_parquet('{tmp_path / 'out' / entry['file']}')").df()
        assert len(frame) == entry["rows"] == published_counts[entry["name"].split(".")[1]]
        assert list(frame.columns) == [c["name"] for c in entry["columns"]]
    revisions = pd.read_parquet(tmp_path / "out" / "forecast_revisions.parquet")
    trail = revisions[(revisions.publisher == "Analyst A") & (revisions.period == "2027")].sort_values("vintage_number")
    assert trail["change"].tolist()[1:] == [2.5e9, -1.5e9]
    assert manifest["refresh"] == {"run_id": "run-42", "finished_at": FINISHED.isoformat(), "mode": "offline"}
    assert manifest["warehouse"]["path"] == str(db.paths(home).published)
    assert manifest["warehouse"]["schema_version"] == db.migration_files()[-1][0]
    optics = next(m for m in manifest["marts"] if m["name"] == "marts.optics")
    assert optics["kind"] == "table" and optics["rows"] == 3  # the published copy holds marts as tables
    assert optics["description"].startswith("Optical transceivers by speed")
    assert {
        "name": "usd_per_gbps",
        "type": "DOUBLE",
        "description": "Price per Gb/s, USD per Gb/s: reported, or derived as asp_usd / speed_gbps.",
    } in optics["columns"]


def test_csv_export_through_the_cli(home, published_counts, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    assert cli.main(["export", "--format", "csv", str(tmp_path / "csv")]) == 0
    out = capsys.readouterr().out
    assert f"wrote {len(published_counts)} marts" in out
    manifest = json.loads((tmp_path / "csv" / "manifest.json").read_text())
    assert manifest["format"] == "csv"
    top = pd.read_csv(tmp_path / "csv" / "top500_interconnects.csv")
    assert len(top) == published_counts["top500_interconnects"] == 4
    assert top.set_index("interconnect").loc["Slingshot", "fabric_group"] == "slingshot"
    ports = pd.read_csv(tmp_path / "csv" / "port_shipments.csv")
    assert sorted(ports["speed_label"].dropna().unique()) == ["400G", "800G"]
    assert not list((tmp_path / "csv").glob(".*.tmp"))


def test_export_without_a_published_warehouse_fails_cleanly(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path / "nothing"))
    assert cli.main(["export", str(tmp_path / "out")]) == 2
    assert "no published warehouse" in capsys.readouterr().err


def test_export_never_writes_the_published_warehouse(home, tmp_path):
    before = db.paths(home).published.read_bytes()
    export_marts(home, tmp_path / "again", "parquet")
    assert db.paths(home).published.read_bytes() == before


def _urls_in_csv_files(directory) -> set[str]:
    """Every document address in the exported CSV files, read back with the csv module (independent of
    the code that wrote the citations)."""
    import csv

    urls = set()
    for path in directory.glob("*.csv"):
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                urls.update(v for k, v in row.items() if k in ("url", "a_url", "b_url") and v)
    return urls


def test_export_cites_every_document_its_rows_use(home, tmp_path):
    manifest = export_marts(home, tmp_path / "cited", "csv")
    cited = {c["url"] for c in manifest["citations"] if c["url"]}
    used = _urls_in_csv_files(tmp_path / "cited")
    assert used and used == cited
    for entry in manifest["citations"]:
        assert set(entry) == {
            "publisher",
            "title",
            "url",
            "published_on",
            "via",
            "family",
            "family_title",
            "family_url",
            "family_member",
            "used_by",
        }
        assert entry["used_by"] and all(u["rows"] > 0 and u["mart"].startswith("marts.") for u in entry["used_by"])
    # which rows use a document: count its rows in the exported file independently
    for entry in [c for c in manifest["citations"] if c["url"]][:5]:
        for use in entry["used_by"]:
            frame = pd.read_csv(tmp_path / "cited" / f"{use['mart'].split('.')[1]}.csv")
            cols = [c for c in ("url", "a_url", "b_url") if c in frame]
            pubs = {"url": "publisher", "a_url": "a_publisher", "b_url": "b_publisher"}
            assert use["rows"] == sum(
                int(
                    (
                        (frame[c] == entry["url"])
                        & (frame[pubs[c]].astype("string").fillna("") == (entry["publisher"] or ""))
                        if pubs[c] in frame
                        else frame[c] == entry["url"]
                    ).sum()
                )
                for c in cols
            )
    # the release is named in the suggested citation and in CITATIONS.md
    assert "run run-42" in manifest["citation"] and FINISHED.isoformat() in manifest["citation"]
    text = (tmp_path / "cited" / "CITATIONS.md").read_text(encoding="utf-8")
    assert "run run-42" in text
    # every document is in CITATIONS.md: as itself, or through its collection (an MLPerf round, cited once)
    assert all(f"<{c['family_url'] or c['url']}>" in text for c in manifest["citations"] if c["url"])
    assert (tmp_path / "cited" / "CITATIONS.csl.json").is_file()
    # figures carried by a document with no address are cited by publisher and title
    assert all(c["publisher"] and c["title"] for c in manifest["citations"] if not c["url"])
