"""`fabricwatch refresh --select ...` on a fresh home: the selection publishes without building every mart,
and the closing summary must not need the marts it did not build (it crashed on marts.source_status)."""

from __future__ import annotations

import pytest

from fabricwatch import cli
from warehouse import db
from warehouse.marts import existing_marts

pytestmark = pytest.mark.slow  # one offline partial refresh


def test_a_partial_refresh_on_a_fresh_home_publishes_and_summarises(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home"
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    code = cli.main(["refresh", "--select", "raw_uec"])  # raised from the summary before the fix
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Traceback" not in err
    with db.published_connection(home) as con:
        assert "source_status" not in existing_marts(con)  # the case: the selection did not build it
        assert con.execute("SELECT count(*) FROM raw.fetch_log").fetchone()[0] > 0  # the selection did run
    assert "marts.source_status is not built" in out
    assert "rows per table:" in out
