"""Process hygiene: servers stop with their parent, ghost runs are marked failed, one refresh at a time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from bench import reliability as rel

# A child that ignores SIGTERM and starts a grandchild that does too (as `dagster dev`'s tree does).
STUBBORN = textwrap.dedent("""
    import signal, subprocess, sys, time
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    grand = subprocess.Popen([sys.executable, "-c",
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)"])
    open(sys.argv[1], "w").write(f"{grand.pid}")
    time.sleep(600)
""")

SUPERVISOR = textwrap.dedent("""
    import signal, sys
    from fabricwatch.procs import run_supervised
    sys.exit(run_supervised([sys.executable, "-c", sys.argv[1], sys.argv[2]], stop_signal=signal.SIGTERM, grace_s=1.0))
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", "rb") as fh:
        return fh.read().rsplit(b")", 1)[1].split()[0] != b"Z"


def test_supervisor_takes_down_a_tree_that_ignores_sigterm(tmp_path):
    pidfile = tmp_path / "grandchild.pid"
    parent = subprocess.Popen(
        [sys.executable, "-c", SUPERVISOR, STUBBORN, str(pidfile)], cwd=rel.ROOT, env=rel.env_for(tmp_path)
    )
    deadline = time.monotonic() + 30
    while not (pidfile.exists() and pidfile.read_text()):
        assert time.monotonic() < deadline and parent.poll() is None
        time.sleep(0.05)
    grandchild = int(pidfile.read_text())
    t0 = time.monotonic()
    parent.send_signal(signal.SIGTERM)
    assert parent.wait(timeout=15) == 0  # a requested stop is a clean stop
    assert time.monotonic() - t0 < 8  # 1 s grace, then SIGKILL
    time.sleep(0.2)
    assert not _alive(grandchild)


@pytest.mark.slow
def test_dashboard_stopped_by_pid_takes_streamlit_down_and_frees_its_port(home):
    out = rel.scenario_server_stop("dashboard", home)
    assert out["processes_before"] >= 2  # fabricwatch and the Streamlit server
    assert out["exit_code"] == 0 and out["exit_s"] < 10
    assert not out["port_open_after"] and out["processes_left"] == 0


@pytest.mark.slow
def test_ui_stopped_by_pid_takes_the_dagster_tree_down_and_frees_its_port(home):
    out = rel.scenario_server_stop("ui", home)
    assert out["processes_before"] >= 3  # fabricwatch, dagster dev, webserver, daemon, code server
    assert out["exit_code"] == 0 and out["exit_s"] < 20
    assert not out["port_open_after"] and out["processes_left"] == 0


@pytest.mark.slow
def test_a_killed_refresh_leaves_a_ghost_run_that_the_next_refresh_marks_failed(home):
    out = rel.scenario_ghost_run(home)
    assert out["killed"] and out["in_progress_before"] == 1
    assert out["refresh_rc"] == 0 and out["in_progress_after"] == 0
    assert len(out["marked"]) == 1 and "is gone" in out["marked"][0]


@pytest.mark.slow
def test_a_second_refresh_refuses_at_once_and_only_one_publishes(home):
    out = rel.scenario_two_refreshes(home)
    assert out["return_codes"] == [0, 2]
    assert "another refresh is running" in out["refused_message"]
    assert out["new_releases"] == 1


def test_refresh_lock_is_released_when_its_holder_is_killed(tmp_path):
    from warehouse.refresh_lock import RefreshBusy, is_locked, refresh_lock

    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
        import time
        from warehouse.refresh_lock import refresh_lock
        with refresh_lock({str(tmp_path)!r}):
            print("held", flush=True)
            time.sleep(600)
    """),
        ],
        cwd=rel.ROOT,
        env=rel.env_for(tmp_path),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "held"
    assert is_locked(tmp_path)
    with pytest.raises(RefreshBusy, match=f"pid {holder.pid}"):
        with refresh_lock(tmp_path):
            pass
    holder.kill()
    holder.wait()
    assert not is_locked(tmp_path)
    with refresh_lock(tmp_path):  # no stale lock after a SIGKILL
        assert is_locked(tmp_path)
