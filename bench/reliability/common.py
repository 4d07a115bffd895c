"""Shared helpers of the reliability scenarios: homes, the CLI, states of the published file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from warehouse import db, releases  # noqa: E402


def env_for(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "FABRICWATCH_HOME": str(home), "PYTHONPATH": str(ROOT), **extra}


def cli(home: Path, *args: str, timeout: float = 600, **extra_env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "fabricwatch.cli", *args],
        cwd=ROOT,
        env=env_for(home, **extra_env),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def fresh_home(base: Path | None = None) -> Path:
    """A new FABRICWATCH_HOME after one complete offline refresh."""
    home = Path(tempfile.mkdtemp(prefix="fw_rel_", dir=base))
    out = cli(home, "refresh", "--force")
    if out.returncode != 0:
        raise RuntimeError(f"baseline refresh failed: {out.stderr[-2000:]}")
    return home


def copy_home(src: Path, base: Path | None = None) -> Path:
    dst = Path(tempfile.mkdtemp(prefix="fw_rel_", dir=base))
    shutil.copytree(src, dst, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.lock"))
    return dst


def published_state(home: Path) -> tuple[str, str | None]:
    """(sha256 of the published file, problem or None: matches its manifest and opens)."""
    p = db.paths(home).published
    return releases.sha256_file(p), releases.check_published(p)


def orphans(home: Path) -> list[str]:
    """Working files a killed refresh could leave behind (temporary copies, staged manifests, temp bodies)."""
    found = [p for p in home.glob(".*.tmp")] + [p for p in home.glob("*.tmp")]
    found += [p for p in home.glob(".*.next")]
    found += [p for p in (home / "documents").glob("??/.*")]
    found += [p for p in (home / "releases").glob("*.tmp")]
    return sorted(str(p.relative_to(home)) for p in found)


def _readable(home: Path) -> bool:
    try:
        with db.published_connection(home) as con:
            return con.execute("SELECT count(*) FROM meta.runs").fetchone()[0] > 0
    except Exception:  # noqa: BLE001 - unreadable is the answer
        return False


def _in_progress_runs(home: Path) -> int:
    code = (
        "import dagster as dg; from pipelines.ghost_runs import IN_PROGRESS; "
        "print(len(dg.DagsterInstance.get().get_run_records(filters=dg.RunsFilter(statuses=list(IN_PROGRESS)))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env_for(home, DAGSTER_HOME=str(home / "dagster")),
    )
    return int(out.stdout.strip() or -1)


REPLAY_WITH = r"""
import sys
import dagster as dg
from pathlib import Path
from pipelines.definitions import build_definitions
from pipelines.instance import dagster_instance
from pipelines.runner import outcome_of
home, snaps = Path(sys.argv[1]), sys.argv[2]
job = build_definitions(str(home), "offline").resolve_job_def("refresh")
result = job.execute_in_process(instance=dagster_instance(home), raise_on_error=False,
                                run_config={"resources": {"fetcher": {"config": {"snapshot_dir": snaps}}}})
outcome = outcome_of(result, 0.0)
print("FAILED STEPS", outcome.failed_steps, file=sys.stderr)
for name in outcome.failed_checks:   # ERROR checks (WARN ones are outcome.warnings)
    print(f"FAILED CHECK {name}", file=sys.stderr)
sys.exit(outcome.exit_code)   # the exit code `fabricwatch refresh` gives the same outcome
"""


def refresh_with_snapshots(home: Path, snapshot_dir: Path) -> subprocess.CompletedProcess:
    """A whole offline refresh replaying `snapshot_dir` instead of the repo's recordings."""
    return subprocess.run(
        [sys.executable, "-c", REPLAY_WITH, str(home), str(snapshot_dir)],
        cwd=ROOT,
        env=env_for(home),
        capture_output=True,
        text=True,
        timeout=900,
    )


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _port_open(port: int) -> bool:
    import socket

    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def marked_processes(marker: str) -> list[int]:
    """Live (non-zombie) processes whose environment carries RELIABILITY_MARK=marker."""
    needle = f"RELIABILITY_MARK={marker}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (
                needle in (entry / "environ").read_bytes().split(b"\0")
                and (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0] != b"Z"
            ):
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids
