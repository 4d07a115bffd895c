"""Benchmark: vectorized sweep of 100,000 fabric scenarios vs evaluate() in a Python loop.

The random grid mixes every catalog switch (the Jericho3-AI scheduled fabric too) with the design v3 options (uplink speed, GPUs per leaf,
pod size, taper between pods, planes with rails, ECMP flows per NIC, spine rule).

Prints figures (not a pass/fail test). Targets from issue 5: sweep under 1 s on the 2-core
machine, >= 30x faster than the loop, identical results. The loop is timed on a random sample
of the same grid and extrapolated to the full grid (it would take minutes otherwise); the sample
is also compared field by field with the sweep's rows.

    .venv/bin/python bench/bench_model_sweep.py [--scenarios 100000] [--loop-sample 3000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fabric_model import ModelError, Scenario, evaluate, load_catalog, sweep  # noqa: E402
from fabric_model.evaluate import _NUMERIC  # noqa: E402

SWITCH_FABRICS = {
    "quantum-2": ["ib"],
    "quantum-x800": ["ib"],
    "spectrum-4": ["spectrum-x", "roce-ecmp"],
    "tomahawk-5": ["roce-ecmp", "uec"],
    "tomahawk-6": ["roce-ecmp", "uec"],
    "silicon-one-g200": ["roce-ecmp", "uec"],
    "tomahawk-4": ["roce-ecmp"],
    "minipack2": ["roce-ecmp"],
    "jericho3-ai": ["scheduled"],
}


def random_grid(n: int, seed: int = 5) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    switches = rng.choice(list(SWITCH_FABRICS), n)
    fabrics = [SWITCH_FABRICS[s][i % len(SWITCH_FABRICS[s])] for i, s in enumerate(switches)]
    algorithms = np.where(
        np.isin(fabrics, ["ib"]), rng.choice(["ring", "tree", "in-network"], n), rng.choice(["ring", "tree"], n)
    )
    design = rng.choice(["fat-tree", "rail-only", "multi-plane"], n, p=[0.5, 0.3, 0.2])
    planes = np.where(design == "multi-plane", 2, np.where(design == "rail-only", rng.choice([1, 2], n), 1))
    ecmp = np.asarray(fabrics) == "roce-ecmp"
    return pd.DataFrame(
        {
            "gpus": (2 ** rng.uniform(8, 17, n)).astype(int),
            "gpus_per_node": rng.choice([4, 8, 72], n, p=[0.1, 0.8, 0.1]),
            "nic_gbps": rng.choice([400, 800, 1600], n, p=[0.5, 0.4, 0.1]),
            "fabric": fabrics,
            "switch": switches,
            "oversubscription": rng.choice([1.0, 1.5, 2.0, 3.0], n),
            "host_links": rng.choice(["optical", "copper"], n),
            "design": design,
            "planes": planes,
            # a scheduled fabric's links above the leaf are its fabric element's SerDes lanes (the default)
            "uplink_gbps": np.where(
                np.asarray(fabrics) == "scheduled", np.nan, rng.choice([np.nan, 400, 800], n, p=[0.7, 0.2, 0.1])
            ),
            "gpus_per_leaf": rng.choice([np.nan, 16, 32, 64], n, p=[0.7, 0.1, 0.1, 0.1]),
            "pod_gpus": rng.choice([np.nan, 2048, 4096], n, p=[0.8, 0.1, 0.1]),
            "spine_oversubscription": rng.choice([1.0, 2.0, 7.0], n, p=[0.8, 0.1, 0.1]),
            "flows_per_nic": np.where(ecmp, rng.choice([np.nan, 1, 4, 16], n), np.nan),
            "spine_rule": rng.choice(["even", "minimum"], n, p=[0.8, 0.2]),
            "algorithm": algorithms,
            "message_bytes": 2.0 ** rng.integers(10, 35, n),
            "params": rng.choice([1e9, 8e9, 70e9], n),
            "compute_s_per_step": rng.uniform(0.05, 2.0, n),
            "overlap_share": rng.uniform(0, 1, n),
        }
    )


def _opt(value):
    return None if value is None or (isinstance(value, float) and np.isnan(value)) else int(value)


def scenario_of(row: dict) -> Scenario:
    return Scenario(
        gpus=int(row["gpus"]),
        gpus_per_node=int(row["gpus_per_node"]),
        nic_gbps=int(row["nic_gbps"]),
        fabric=row["fabric"],
        switch=row["switch"],
        oversubscription=float(row["oversubscription"]),
        host_links=row["host_links"],
        design=row["design"],
        planes=int(row["planes_per_nic"]),
        uplink_gbps=_opt(row["uplink_gbps"]),
        gpus_per_leaf=_opt(row["gpus_per_leaf"]),
        pod_gpus=_opt(row["pod_gpus"]),
        spine_oversubscription=float(row["spine_oversubscription"]),
        flows_per_nic=_opt(row["flows_per_nic"]),
        spine_rule=row["spine_rule"],
        algorithm=row["algorithm"],
        message_bytes=float(row["message_bytes"]),
        params=float(row["params"]),
        compute_s_per_step=float(row["compute_s_per_step"]),
        overlap_share=float(row["overlap_share"]),
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenarios", type=int, default=100_000)
    parser.add_argument("--loop-sample", type=int, default=3_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    catalog = load_catalog()
    grid = random_grid(args.scenarios)
    timings, cpu = [], []
    for _ in range(args.repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = sweep(grid, catalog)
        timings.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    sweep_s = min(timings)

    sample = out.sample(n=min(args.loop_sample, len(out)), random_state=1).to_dict("records")
    mismatches = checked = infeasible_agree = 0
    start = time.perf_counter()
    results = []
    for row in sample:
        try:
            results.append(evaluate(scenario_of(row), catalog))
        except ModelError:
            results.append(None)
    loop_s = time.perf_counter() - start
    for row, result in zip(sample, results):
        if result is None:
            infeasible_agree += not row["feasible"]
            mismatches += bool(row["feasible"])
            continue
        checked += 1
        mismatches += any(getattr(result, name) != row[name] for name in _NUMERIC) or not row["feasible"]
    per_call = loop_s / len(sample)
    loop_full_s = per_call * len(grid)

    print(f"scenarios                     {len(grid):,} ({int(out['feasible'].sum()):,} feasible)")
    print(
        f"sweep wall time               {sweep_s:.3f} s (best of {args.repeats}: "
        + ", ".join(f"{t:.3f}" for t in timings)
        + ")"
    )
    print(
        f"sweep CPU time                {min(cpu):.3f} s (best of {args.repeats}; wall time counts the "
        "other processes of a shared machine too)"
    )
    print(f"sweep per scenario            {sweep_s / len(grid) * 1e6:.2f} us")
    print(f"evaluate() loop               {len(sample):,} calls in {loop_s:.3f} s = {per_call * 1e6:.0f} us per call")
    print(f"loop extrapolated to {len(grid):,}  {loop_full_s:.1f} s")
    print(f"speed-up (loop / sweep)       {loop_full_s / sweep_s:.0f}x")
    print(
        f"identical results             {checked:,} feasible rows compared on {len(_NUMERIC)} fields, "
        f"{infeasible_agree:,} infeasible rows rejected by both, {mismatches} mismatches"
    )
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
