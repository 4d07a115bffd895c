"""Every page says so when the last refresh failed (and the data shown is the previous release)."""

from __future__ import annotations

import shutil
from pathlib import Path

from streamlit.testing.v1 import AppTest

from warehouse import refresh_status

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


def _open(home, monkeypatch) -> AppTest:
    monkeypatch.setenv("FABRICWATCH_HOME", str(home))
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.run()
    return at


def test_a_failed_last_refresh_is_shown_over_the_page(fixture_home, tmp_path, monkeypatch):
    home = tmp_path / "home"
    shutil.copytree(fixture_home, home)
    refresh_status.record(home, run_id="abc123", success=False, failed_checks=["parse_nccl_logs:yield_holds"])
    at = _open(home, monkeypatch)
    warnings = [w.value for w in at.warning]
    assert any(
        "last refresh (run abc123" in w and "parse_nccl_logs:yield_holds" in w and "previous release" in w
        for w in warnings
    ), warnings


def test_the_failed_refresh_notice_in_traditional_chinese(fixture_home, tmp_path):
    from dashboard.refresh_notice import notices

    home = tmp_path / "home"
    shutil.copytree(fixture_home, home)
    refresh_status.record(home, run_id="abc125", success=False, failed_steps=["curated_ledger"])
    (zh,) = notices(home, lang="zh-TW")
    assert zh.startswith("上次更新（執行 abc125") and "curated_ledger" in zh and "先前的版本" in zh


def test_no_notice_after_a_successful_refresh(fixture_home, tmp_path, monkeypatch):
    home = tmp_path / "home"
    shutil.copytree(fixture_home, home)
    refresh_status.record(home, run_id="abc124", success=True)
    at = _open(home, monkeypatch)
    assert not any("last refresh" in w.value for w in at.warning)
