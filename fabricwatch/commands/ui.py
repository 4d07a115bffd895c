"""fabricwatch ui: the Dagster web UI and daemon (schedules, sensors) on the same definitions."""

from __future__ import annotations

import argparse
import os
import signal
import sys

from fabricwatch.config import home
from fabricwatch.procs import run_supervised

NAME = "ui"
HELP = "Start the Dagster web UI and daemon (so schedules and sensors run) on fabricwatch's definitions."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=3000, help="port for the web UI (default 3000)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")


def run(args: argparse.Namespace) -> int:
    from pipelines.ghost_runs import mark_ghost_runs_failed
    from pipelines.instance import prepare_dagster_home

    h = home()
    dagster_home = prepare_dagster_home(h)
    env = {**os.environ, "FABRICWATCH_HOME": str(h), "DAGSTER_HOME": str(dagster_home)}
    cmd = [sys.executable, "-m", "dagster", "dev", "-m", "pipelines.definitions", "-h", args.host, "-p", str(args.port)]
    mark_ghost_runs_failed(h)  # runs left STARTED by a killed process would block the run queue
    print(
        f"Dagster UI on http://{args.host}:{args.port}  (DAGSTER_HOME={dagster_home}; Ctrl-C to stop)", file=sys.stderr
    )
    # `dagster dev` ignores SIGTERM: it and its webserver/daemon are stopped with SIGINT, then SIGKILL
    return run_supervised(cmd, env=env, stop_signal=signal.SIGINT)
