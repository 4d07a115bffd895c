"""The fabricwatch command line: help everywhere, and the `sql` contract."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from fabricwatch import cli
from sources.records import Observation, Provenance, Records
from warehouse import db
from warehouse import publish as wpublish
from pipelines import loading


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path))
    con = db.connect_work(db.paths(tmp_path).work)
    prov = Provenance(
        source_id="delloro",
        publisher="Dell'Oro Group",
        title="Press release",
        url="https://example.org/pr",
        published_on=dt.date(2024, 7, 1),
        evidence="sentence",
    )
    recs = Records(
        observations=[
            Observation(
                indicator="switch_ports_shipped",
                subject="AI back-end",
                period="2024Q1",
                value=1.5e6,
                unit="units",
                kind="actual",
                prov=prov,
                speed_gbps=800,
            )
        ]
    )
    loading.load_records(con, "test", recs)
    wpublish.publish(tmp_path, con)
    return tmp_path


def test_every_command_has_help(capsys):
    parser = cli.build_parser()
    names = sorted(parser._subparsers._group_actions[0].choices)  # noqa: SLF001 - listing registered commands
    assert {"refresh", "sql", "dashboard", "ui", "restore"} <= set(names)
    for name in [None, *names]:
        with pytest.raises(SystemExit) as exc:
            cli.main(([name] if name else []) + ["--help"])
        assert exc.value.code == 0
        assert "usage: fabricwatch" in capsys.readouterr().out


def test_sql_json_is_an_array_of_row_objects_with_iso_dates(home, capsys):
    code = cli.main(
        [
            "sql",
            "--format",
            "json",
            "SELECT indicator, value, speed_gbps, period_start, published_on FROM core.observations",
        ]
    )
    assert code == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows == [
        {
            "indicator": "switch_ports_shipped",
            "value": 1.5e6,
            "speed_gbps": 800.0,
            "period_start": "2024-01-01",
            "published_on": "2024-07-01",
        }
    ]


def test_sql_csv_and_table(home, capsys):
    assert cli.main(["sql", "--format", "csv", "SELECT period, unit FROM core.observations"]) == 0
    assert capsys.readouterr().out.splitlines() == ["period,unit", "2024Q1,units"]
    assert cli.main(["sql", "SELECT period FROM core.observations"]) == 0
    out = capsys.readouterr().out
    assert "2024Q1" in out and "(1 row)" in out


def test_sql_write_statement_is_refused(home, capsys):
    assert cli.main(["sql", "DELETE FROM core.observations"]) == 2
    assert "read-only" in capsys.readouterr().err
    assert cli.main(["sql", "--format", "csv", "SELECT count(*) AS n FROM core.observations"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "1"


def test_sql_without_a_published_warehouse_says_what_to_do(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FABRICWATCH_HOME", str(tmp_path / "empty"))
    assert cli.main(["sql", "SELECT 1"]) == 2
    assert "fabricwatch refresh" in capsys.readouterr().err


def test_building_the_parser_imports_neither_pandas_nor_dagster():
    """Every command starts by building the parser: it must stay cheap (the no-change refresh is mostly
    this start-up). Checked in a fresh interpreter, where nothing is imported yet."""
    import subprocess
    import sys

    code = (
        "import sys; from fabricwatch.cli import build_parser; build_parser(); "
        "print(sorted(m for m in ('pandas', 'dagster', 'streamlit') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"
