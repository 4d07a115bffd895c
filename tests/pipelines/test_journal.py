"""The fast ingest's journal (pipelines/journal.py): compaction drops only reported lines and keeps the cursor
right, across a crash between its two writes; reporting is exactly once between two processes, and no line
appended while another process reports and compacts is lost."""

from __future__ import annotations

import json
import multiprocessing
import os
import time

from pipelines import journal

FORK = multiprocessing.get_context("fork")


class Recorder:
    """A stand-in for the Dagster instance: each reported event becomes a line '<run id> <asset>' in a file
    (appended with one write, so two processes' lines never mix), after `delay` seconds."""

    def __init__(self, path, delay: float = 0.0):
        self.path, self.delay = path, delay

    def report_runless_asset_event(self, event):
        time.sleep(self.delay)
        line = f"{event.tags[journal.RUN_TAG]} {event.asset_key.to_user_string()}\n".encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)


def stage(run_id: str) -> dict:
    return {"run_id": run_id, "stage": "build", "materializations": [{"asset": "marts/nccl_results"}], "checks": []}


def reported(path) -> list[str]:
    return [ln.split()[0] for ln in path.read_text().splitlines()] if path.exists() else []


def in_journal(home) -> list[str]:
    return [json.loads(ln)["run_id"] for ln in journal.journal_path(home).read_text().splitlines() if ln.strip()]


def test_compaction_keeps_the_unreported_lines_and_the_cursor_stays_right(tmp_path):
    home, events = tmp_path / "home", tmp_path / "events.txt"
    for i in (1, 2, 3):
        journal.append(home, stage(f"r{i}"))
    assert journal.report(home, Recorder(events), compact_at=1 << 30) == 3  # too small to compact
    big = journal.journal_path(home).stat().st_size
    journal.append(home, stage("r4"))
    journal.append(home, stage("r5"))
    assert journal.compact(home, at_bytes=0)
    assert in_journal(home) == ["r4", "r5"]  # r1-r3 were reported: dropped; r4, r5 were not: kept
    assert journal.journal_path(home).stat().st_size < big
    assert journal.reported_offset(home) == 0
    assert [s["run_id"] for s in journal.pending(home)[0]] == ["r4", "r5"]
    assert journal.report(home, Recorder(events)) == 2
    assert reported(events) == ["r1", "r2", "r3", "r4", "r5"]  # each once
    assert journal.pending(home)[0] == []
    assert journal.compact(home, at_bytes=0) and in_journal(home) == []  # all reported: nothing kept
    assert not journal.compact(home, at_bytes=0)  # an empty journal: nothing to drop
    journal.append(home, stage("r6"))
    assert [s["run_id"] for s in journal.pending(home)[0]] == ["r6"]


def test_a_crash_between_compacting_and_moving_the_cursor_loses_and_repeats_nothing(tmp_path):
    home, events = tmp_path / "home", tmp_path / "events.txt"
    journal.append(home, stage("r1"))
    journal.append(home, stage("r2"))
    journal.report(home, Recorder(events), compact_at=1 << 30)
    journal.append(home, stage("r3"))
    cursor = journal._cursor_path(home)
    before = cursor.read_text()
    assert journal.compact(home, at_bytes=0)
    cursor.write_text(before)  # as if killed after the journal was replaced, before the cursor was written
    assert [s["run_id"] for s in journal.pending(home)[0]] == ["r3"]  # not r1, r2 again; r3 not skipped
    journal.report(home, Recorder(events))
    assert reported(events) == ["r1", "r2", "r3"]


def test_report_compacts_a_big_journal(tmp_path):
    home, events = tmp_path / "home", tmp_path / "events.txt"
    for i in range(20):
        journal.append(home, stage(f"r{i}"))
    assert journal.journal_path(home).stat().st_size > 1000
    assert journal.report(home, Recorder(events), compact_at=1000) == 20
    assert journal.journal_path(home).stat().st_size == 0 and journal.reported_offset(home) == 0
    journal.append(home, stage("r20"))
    assert journal.report(home, Recorder(events), compact_at=1000) == 1
    assert reported(events) == [f"r{i}" for i in range(21)]


def test_a_cursor_of_before_compaction_is_read_as_an_offset(tmp_path):
    home = tmp_path / "home"
    journal.append(home, stage("r1"))
    first = journal.journal_path(home).stat().st_size
    journal.append(home, stage("r2"))
    journal._cursor_path(home).write_text(str(first))  # an older cursor: the offset alone
    assert [s["run_id"] for s in journal.pending(home)[0]] == ["r2"]


def _report_at(home, events, barrier, delay):
    barrier.wait()
    journal.report(home, Recorder(events, delay))


def test_two_processes_reporting_at_once_report_each_event_once(tmp_path):
    # the inbox sensor (in the daemon) and a refresh reporting at the same moment
    home, events = tmp_path / "home", tmp_path / "events.txt"
    for i in range(10):
        journal.append(home, stage(f"r{i}"))
    barrier = FORK.Barrier(2)
    procs = [FORK.Process(target=_report_at, args=(home, events, barrier, 0.02)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    assert sorted(reported(events)) == sorted(f"r{i}" for i in range(10))
    journal.report(home, Recorder(events))
    assert len(reported(events)) == 10


def _append_many(home, n):
    for i in range(n):
        journal.append(home, stage(f"a{i}"))
        time.sleep(0.002)


def test_lines_appended_while_another_process_reports_and_compacts_are_reported_once(tmp_path, monkeypatch):
    home, events = tmp_path / "home", tmp_path / "events.txt"
    real_write = journal.write_atomic

    def slow_write(path, data):  # widen the moment between reading the tail and replacing the file
        time.sleep(0.005)
        real_write(path, data)

    monkeypatch.setattr(journal, "write_atomic", slow_write)
    journal.asset_events(stage("warm"))  # import Dagster before the writer starts, so the reports overlap it
    writer = FORK.Process(target=_append_many, args=(home, 300))
    writer.start()
    compactions = 0
    while writer.is_alive():
        journal.report(home, Recorder(events), compact_at=0)  # compact at every report
        compactions += journal.reported_offset(home) == 0
    writer.join(60)
    assert writer.exitcode == 0
    journal.report(home, Recorder(events), compact_at=0)
    assert compactions > 1
    assert reported(events) == [f"a{i}" for i in range(300)]  # every line, once, in order
