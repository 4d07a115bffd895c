"""Profile the refresh's own work (no Dagster) with pyinstrument, on a given home.

    pip install -e ".[bench]"
    .venv/bin/python bench/profile_refresh.py --home DIR [--only marts] [--html out.html]

Runs bench/plain_refresh.py's asset calls under pyinstrument's sampling profiler and prints the
call tree (or writes HTML). --only keeps the nodes whose name contains the text (e.g. `marts`, to
see which mart's SQL dominates on a grown warehouse from `bench_scale.py --keep DIR`).
"""

from __future__ import annotations

import argparse
import os
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True, help="FABRICWATCH_HOME to refresh (it is modified)")
    parser.add_argument("--only", default="", help="profile only the nodes whose name contains this")
    parser.add_argument("--html", type=Path, help="write pyinstrument's HTML report here")
    args = parser.parse_args()
    try:
        from pyinstrument import Profiler
    except ImportError:
        print("error: pyinstrument is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    os.environ["FABRICWATCH_HOME"] = str(args.home.resolve())
    import plain_refresh
    from pipelines.definitions import build_definitions

    defs = build_definitions(str(args.home.resolve()), "offline")
    resources, run_id = dict(defs.resources), f"profile-{uuid.uuid4()}"
    profiler = Profiler(interval=0.002)
    for node in plain_refresh._order(defs):
        name = node.node_def.name
        context = plain_refresh._Context(getattr(node, "keys", []), run_id, "offline", getattr(node, "check_keys", ()))
        if args.only and args.only not in name:
            plain_refresh._call(node, resources, context)
            continue
        profiler.start()
        try:
            plain_refresh._call(node, resources, context)
        finally:
            profiler.stop()
    if args.html:
        args.html.write_text(profiler.output_html())
        print(f"wrote {args.html}")
    else:
        print(profiler.output_text(unicode=False, color=False, show_all=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
