"""fabricwatch dashboard: the Streamlit app on the published warehouse."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from fabricwatch.config import home, repo_root

NAME = "dashboard"
HELP = "Start the Streamlit dashboard on the published warehouse (read-only)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8501, help="port to serve on (default 8501)")
    parser.add_argument("--address", default="127.0.0.1", help="address to bind (default 127.0.0.1)")


def command(port: int, address: str) -> list[str]:
    return [sys.executable, "-m", "streamlit", "run", str(repo_root() / "dashboard" / "app.py"),
            "--server.headless", "true", "--server.port", str(port), "--server.address", address,
            "--browser.gatherUsageStats", "false", "--client.toolbarMode", "viewer"]


def run(args: argparse.Namespace) -> int:
    env = {**os.environ, "FABRICWATCH_HOME": str(home())}
    print(f"dashboard on http://{args.address}:{args.port}  (warehouse: {home() / 'warehouse.duckdb'}; Ctrl-C to stop)",
          file=sys.stderr)
    try:
        return subprocess.call(command(args.port, args.address), env=env)
    except KeyboardInterrupt:
        return 0
