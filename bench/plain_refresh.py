"""The refresh's work without Dagster: each asset's own function called in dependency order.

    FABRICWATCH_HOME=DIR python bench/plain_refresh.py      # a child of bench_refresh.py

The baseline for the orchestration overhead. The asset graph is read from the Dagster definitions
(pipelines/definitions.build_definitions), so new assets are included without editing this file;
then each asset's and standalone check's decorated function (the code the asset runs: the same
warehouse/, sources/ and fabric_model/ calls) is called directly with the definitions' resources and
a minimal stand-in context (the multi-asset steps, e.g. `build_marts` and `build_model`, are given
all their assets and checks as selected). No Dagster run, no instance, no event log, no step machinery. Prints one
JSON object as its last line: {"total_s", "nodes": {name: seconds}, "import_s"}.
"""

from __future__ import annotations

import inspect
import json
import logging
import os
import sys
import time
import types
import uuid
from pathlib import Path

T0 = time.perf_counter()
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class _Context:
    """What the asset bodies read from their context: log, run id and tags, the selected keys."""

    def __init__(self, keys, run_id: str, mode: str, check_keys=()):
        self.log = logging.getLogger("plain_refresh")
        self.run = types.SimpleNamespace(run_id=run_id, job_name="refresh", tags={"fabricwatch/mode": mode})
        self.run_id = run_id
        self.selected_asset_keys = set(keys)
        self.selected_asset_check_keys = set(check_keys)
        self.instance = types.SimpleNamespace(get_run_record_by_id=lambda _run_id: None)


def _order(defs) -> list:
    """Asset nodes in dependency order, each standalone check right after the node of its asset."""
    nodes = list(defs.assets)
    owner = {key: n for n in nodes for key in n.keys}
    deps = {id(n): {id(owner[k]) for k in n.dependency_keys if k in owner} - {id(n)} for n in nodes}
    done, ordered = set(), []
    while len(ordered) < len(nodes):
        ready = [n for n in nodes if id(n) not in done and deps[id(n)] <= done]
        if not ready:
            raise RuntimeError("cycle in the asset graph")
        for n in ready:
            done.add(id(n))
            ordered.append(n)
    checks = list(defs.asset_checks or [])
    out = []
    for n in ordered:
        out.append(n)
        out.extend(c for c in checks if {k.asset_key for k in c.check_keys} & set(n.keys))
    return out


def _call(node, resources: dict, context: _Context):
    fn = node.op.compute_fn.decorated_fn
    params = inspect.signature(fn).parameters
    kwargs = {name: resources[name] for name in params if name in resources}
    if "context" in params:
        kwargs["context"] = context
    out = fn(**kwargs)
    if inspect.isgenerator(out):
        out = list(out)
    return out


def main() -> int:
    from pipelines.definitions import build_definitions
    from sources.fetch.modes import FetchMode

    home = os.environ["FABRICWATCH_HOME"]
    mode = FetchMode.configured().value
    defs = build_definitions(home, mode)
    resources = dict(defs.resources)
    run_id = f"plain-{uuid.uuid4()}"
    import_s = time.perf_counter() - T0
    timings = {}
    for node in _order(defs):
        name = node.node_def.name
        context = _Context(node.keys if hasattr(node, "keys") else [], run_id, mode, getattr(node, "check_keys", ()))
        t0 = time.perf_counter()
        _call(node, resources, context)
        timings[name] = time.perf_counter() - t0
    print(
        json.dumps(
            {
                "total_s": time.perf_counter() - T0,
                "import_s": import_s,
                "nodes": {k: round(v, 4) for k, v in timings.items()},
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
