"""How long each dashboard page takes to render (AppTest, server side), on the offline-default warehouse.

    .venv/bin/python bench/bench_dashboard.py [--home DIR] [--repeat N]

Without --home it builds one with `fabricwatch refresh` (offline) in a temporary folder. Prints,
per page, the first render (cold caches) and the median of the following renders (warm caches).
Target: every page under 2 s. A figure, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_S = 2.0


def build_home(home: Path) -> None:
    env = {**os.environ, "FABRICWATCH_HOME": str(home)}
    subprocess.run(
        [sys.executable, "-m", "fabricwatch.cli", "refresh"], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )


def render_times(page_file: str, repeat: int) -> list[float]:
    from streamlit.testing.v1 import AppTest

    times = []
    for _ in range(repeat):
        at = AppTest.from_file(str(ROOT / "dashboard" / "app.py"), default_timeout=60)
        if page_file == "overview_page.py":  # the default page: the app's first run renders it
            started = time.perf_counter()
            at.run()
        else:
            at.run()
            started = time.perf_counter()
            at.switch_page(f"views/{page_file}").run()
        times.append(time.perf_counter() - started)
        if at.exception:
            raise RuntimeError(f"{page_file}: {at.exception[0].message}")
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, help="FABRICWATCH_HOME with a published warehouse (default: refresh one)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = args.home
        if home is None:
            home = Path(tmp)
            started = time.perf_counter()
            build_home(home)
            print(f"offline refresh into {home}: {time.perf_counter() - started:.1f} s")
        os.environ["FABRICWATCH_HOME"] = str(home.resolve())
        from dashboard.pages_index import PAGES

        print(f"{'page':<22}{'first (s)':>10}{'warm median (s)':>17}  under {TARGET_S:g} s")
        worst = 0.0
        for page in PAGES:
            times = render_times(page.file, args.repeat)
            warm = statistics.median(times[1:]) if len(times) > 1 else times[0]
            worst = max(worst, times[0])
            print(f"{page.title:<22}{times[0]:>10.3f}{warm:>17.3f}  {'yes' if times[0] < TARGET_S else 'NO'}")
        print(f"slowest first render: {worst:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
