"""fabricwatch dashboard: the Streamlit app on the published warehouse."""

from __future__ import annotations

import argparse
import os
import signal
import sys

from fabricwatch.config import home, repo_root
from fabricwatch.procs import run_supervised

NAME = "dashboard"
HELP = "Start the Streamlit dashboard on the published warehouse (read-only)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8501, help="port to serve on (default 8501)")
    parser.add_argument("--address", default="127.0.0.1", help="address to bind (default 127.0.0.1)")


def command(port: int, address: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(repo_root() / "dashboard" / "app.py"),
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        address,
        "--browser.gatherUsageStats",
        "false",
        "--client.toolbarMode",
        "viewer",
    ]


def run(args: argparse.Namespace) -> int:
    env = {**os.environ, "FABRICWATCH_HOME": str(home())}
    print(
        f"dashboard on http://{args.address}:{args.port}  (warehouse: {home() / 'warehouse.duckdb'}; Ctrl-C to stop)",
        file=sys.stderr,
    )
    # SIGTERM/SIGINT stop the whole Streamlit process group within seconds (fabricwatch/procs.py)
    return run_supervised(command(args.port, args.address), env=env, stop_signal=signal.SIGTERM)
