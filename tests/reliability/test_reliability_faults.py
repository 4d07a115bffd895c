"""Faults, at reduced counts (the full counts: `make reliability`, reported in docs/reliability.md)."""

from __future__ import annotations

import pytest

from bench import reliability as rel

pytestmark = pytest.mark.slow

CI_KILLS = 5  # one per phase: fetch, parse, load, checks, publish


def test_sigkill_at_random_points_never_changes_or_damages_the_published_warehouse(home):
    out = rel.scenario_kills(n=CI_KILLS, seed=13, complete_every=CI_KILLS, home=home)
    assert out["kills"] == CI_KILLS and set(out["by_phase"].values()) == {1}
    # byte-identical, or (a kill just after the atomic rename) the complete new release: never anything else
    assert out["published_identical"] + out["published_new_release"] == CI_KILLS, out["published_changed"]
    assert out["published_changed"] == []
    assert out["published_readable"] == CI_KILLS and out["problems"] == []
    assert out["completing_ok"] == out["completing_refreshes"] == 1
    assert out["ghost_runs_left"] == 0 and out["ghost_runs_marked"] >= 1
    assert out["orphans_end"] == []


def test_damaged_published_file_release_and_document_are_named_and_recovered(home):
    out = rel.scenario_damage(home)
    pub, release, doc = out["published"], out["release"], out["document"]
    assert pub["check_rc"] == 2 and "damaged" in pub["check_message"][0]
    assert pub["restore_rc"] == 0 and pub["check_after_rc"] == 0 and pub["readable_after"]
    assert pub["damaged_kept_as_release"] == 0 and len(pub["set_aside"]) == 1
    assert release["listed_damaged"] and release["restore_damaged_rc"] == 2
    assert release["restore_default_rc"] == 0 and release["restored_is_not_damaged"]
    assert doc["check_rc"] == 2 and doc["check_names_it"]
    assert doc["refresh_rc"] == 0 and doc["repaired"] and not doc["check_after_names_it"]


def test_a_missing_recording_fails_its_source_only_and_keeps_its_documents(home):
    out = rel.scenario_missing_snapshot(home)
    assert out["refresh_rc"] == 0, out["stderr_tail"]
    assert out["names_file"] and "missing" in out["message"]
    assert out["rows_after"] == out["rows_before"] > 0


def test_readers_under_back_to_back_refreshes_never_fail_nor_see_a_mix(home):
    out = rel.scenario_load(readers=4, refreshes=2, sql_readers=1, home=home)
    assert out["refresh_failures"] == 0, out["refresh_errors"]
    assert out["reader_errors"] == 0, out["error_samples"]
    assert out["mixed_reads"] == 0
    assert out["by_kind"]["query"]["checks"] > 0 and out["by_kind"]["sql"]["checks"] > 0


def test_a_parser_that_suddenly_finds_nothing_keeps_its_previous_records_and_the_others_publish(home):
    """The nccl-tests recordings replaced by a changed layout (real recordings otherwise)."""
    out = rel.scenario_parser_empty(home)
    # the check fails (exit 1, meta.checks, the run's own record), but it no longer blocks the publish
    assert out["refresh_rc"] == 1 and out["failed_checks"] == ["parse_nccl_logs:yield_holds"]
    assert out["check_passed"] is False
    summary = out["refresh_summary"]  # what `fabricwatch refresh` prints last
    assert summary["rc"] == 1 and summary["lines"][0].startswith("refresh PUBLISHED WITH 1 FAILED CHECK(S) (exit 1)")
    assert summary["lines"][1].startswith("  failed check: parse_nccl_logs:yield_holds: ")
    assert "failing or empty since" in summary["lines"][1] and "still published" in summary["lines"][1]
    assert out["recorded_by_run"] == {
        "success": True,
        "published": True,
        "failed_checks": ["parse_nccl_logs:yield_holds"],
        "job": "refresh",
    }
    assert out["published_new_release"] and out["other_source_updated"]
    # the nccl rows are the previous ones, with their original provenance, flagged as carried forward
    assert out["rows_after"] == out["rows_before"] > 0 and out["provenance_kept"]
    manifest = rel.ROOT / "sources" / "snapshots" / "nccl_logs" / "manifest.json"
    n_logs = len(__import__("json").loads(manifest.read_text(encoding="utf-8"))["entries"])
    assert out["carried_documents"] == n_logs and out["source_status"]["carried"] == n_logs
    assert out["source_status"]["parse_failing"] == n_logs and out["source_status"]["carried_since"]
    assert out["dashboard_notice"].startswith("parse_nccl_logs:yield_holds failed: the parser")
    assert f"in {n_logs} document(s) since" in out["dashboard_notice"] and "previous records" in out["dashboard_notice"]
    assert "parse_nccl_logs:yield_holds 失敗" in out["dashboard_notice_zh"]
    # a second refresh with the layout still broken: still carried, since the first failure
    assert out["second_refresh_rc"] == 1 and out["second_carried"] == n_logs and out["second_since_unchanged"]
    # the recordings are back: fresh rows, no flag, the check passes, no banner
    assert out["recovered_rc"] == 0 and out["recovered_carried"] == 0 and out["recovered_check_passed"]
    assert (
        out["recovered_rows"] == out["rows_before"]
        and out["recovered_provenance_current"]
        and out["recovered_notices"] == []
    )
    assert out["recovered_source_status"] == {"parse_failing": 0, "carried": 0, "carried_since": None}
