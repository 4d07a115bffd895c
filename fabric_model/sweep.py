"""Vectorized scenario grids: one `compute` call for the whole frame.

Catalog look-ups are done once per distinct combination of ids (fabric, switch, NIC, system,
speed, algorithm, ...), then spread to the rows; the arithmetic runs on numpy arrays.
Rows the catalog cannot serve keep `feasible = False` and say why in `error`.
"""

from __future__ import annotations

import dataclasses

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

from .catalog import Catalog, ModelError
from .kernel import INPUT_COLUMNS, compute, inputs_for
from .scenario import Scenario, resolve_ids

SCENARIO_COLUMNS = tuple(f.name for f in dataclasses.fields(Scenario))
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Scenario) if f.name != "gpus"}
# Columns that decide which catalog rows a scenario uses (the rest is plain arithmetic).
_ID_COLUMNS = (
    "fabric",
    "switch",
    "nic",
    "system",
    "nic_gbps",
    "gpus_per_node",
    "algorithm",
    "host_links",
    "design",
    "planes",
    "uplink_gbps",
    "rails",
    "spine_switch",
    "core_switch",
)
_PER_ROW = (
    "gpus",
    "gpus_per_node",
    "nic_gbps",
    "oversubscription",
    "message_bytes",
    "params",
    "bytes_per_grad_element",
    "compute_s_per_step",
    "overlap_share",
    "spine_oversubscription",
    "gpus_per_leaf",
    "pod_gpus",
)
# Design figures that vary per row without a catalog look-up (auto-selected switches still key on them).
_DESIGN_PER_ROW = ("gpus_per_leaf", "pod_gpus", "spine_oversubscription", "spine_rule", "flows_per_nic")
_OPTIONAL_INTS = ("uplink_gbps", "gpus_per_leaf", "pod_gpus", "rails", "flows_per_nic")
DEFAULT_SIZES = tuple(2**k for k in range(8, 18))  # 256 .. 131,072 GPUs
DEFAULT_NIC_GBPS = (400, 800, 1600)


def default_grid(
    fabrics=("ib", "roce-ecmp", "spectrum-x", "uec"), sizes=DEFAULT_SIZES, nic_gbps=DEFAULT_NIC_GBPS, **fixed
) -> pd.DataFrame:
    """Fabrics x cluster sizes x NIC speeds; the switch is left to the catalog's defaults."""
    import pandas as pd  # on first use: importing the package (the CLI's parser does) stays light

    index = pd.MultiIndex.from_product(
        [list(fabrics), list(sizes), list(nic_gbps)], names=["fabric", "gpus", "nic_gbps"]
    )
    grid = index.to_frame(index=False)
    for name, value in fixed.items():
        grid[name] = value
    return grid


def _normalize(grid: pd.DataFrame) -> pd.DataFrame:
    unknown = set(grid.columns) - set(SCENARIO_COLUMNS)
    if unknown:
        raise ModelError(f"unknown scenario columns: {', '.join(sorted(unknown))}")
    if "gpus" not in grid.columns:
        raise ModelError("the grid needs a 'gpus' column")
    frame = grid.reset_index(drop=True).copy()
    for name, default in _DEFAULTS.items():
        if name not in frame.columns:
            frame[name] = default
        elif default is not None:
            frame[name] = frame[name].where(frame[name].notna(), default)
    frame["planes"] = frame["planes"].astype(int)
    for name in ("fabric", "switch", "nic", "system", "spine_switch", "core_switch", *_OPTIONAL_INTS):
        frame[name] = frame[name].astype(object).where(frame[name].notna(), None)
    return frame


def _scenario(row: dict) -> Scenario:
    values = {name: row[name] for name in SCENARIO_COLUMNS}
    for name in ("gpus", "gpus_per_node", "nic_gbps", "planes"):
        values[name] = int(values[name])
    for name in _OPTIONAL_INTS:
        values[name] = None if values[name] is None else int(values[name])
    return Scenario(**values)


def sweep(grid: pd.DataFrame, catalog: Catalog) -> pd.DataFrame:
    """Evaluate every row of `grid` (columns named like `Scenario` fields; missing ones take the
    defaults). Returns the resolved scenario columns plus every model output column."""
    import pandas as pd  # on first use: importing the package (the CLI's parser does) stays light

    frame = _normalize(grid)
    # Auto-selected switches depend on the cluster size; explicit ones only on the ids.
    auto = frame["switch"].isna()
    size_keys = {
        "_gpus_key": "gpus",
        "_oversub_key": "oversubscription",
        **{f"_{name}_key": name for name in _DESIGN_PER_ROW},
    }
    for key, name in size_keys.items():
        column = frame[name]
        values = column.to_numpy(dtype=object) if name == "spine_rule" else column.to_numpy(dtype=float)
        frame[key] = np.where(auto, values, -1.0 if name != "spine_rule" else "")
    key_columns = list(_ID_COLUMNS) + list(size_keys)
    codes = frame.groupby(key_columns, dropna=False, sort=False).ngroup().to_numpy()
    firsts = pd.Series(np.arange(len(frame))).groupby(codes).first()

    n_groups = len(firsts)
    looked_up = {name: np.full(n_groups, np.nan) for name in INPUT_COLUMNS if name not in _PER_ROW}
    resolved_ids = {name: np.full(n_groups, None, dtype=object) for name in ("fabric", "switch", "nic", "system")}
    module_types = {name: np.full(n_groups, None, dtype=object) for name in ("host_module_type", "switch_module_type")}
    errors = np.full(n_groups, "", dtype=object)
    records = frame.iloc[firsts.to_numpy()].to_dict("records")
    auto_rows = auto.to_numpy()
    for (group, row_index), row in zip(firsts.items(), records):
        try:
            scenario = _scenario(row)
            probe = (
                scenario
                if auto_rows[row_index]
                else scenario.replace(
                    gpus=1,
                    gpus_per_leaf=None,
                    pod_gpus=None,
                    spine_oversubscription=1.0,
                    spine_rule="even",
                    flows_per_nic=None,
                )
            )
            resolved = resolve_ids(probe, catalog)
            figures = inputs_for(resolved, catalog)
        except (ModelError, ValueError, TypeError) as exc:
            errors[group] = str(exc)
            continue
        for name in looked_up:
            looked_up[name][group] = float(figures[name])
        for name in resolved_ids:
            resolved_ids[name][group] = getattr(resolved, name)
        module_types["host_module_type"][group] = catalog.host_optic(resolved.nic_gbps).optic_id
        module_types["switch_module_type"][group] = catalog.switch_optic(
            catalog.switch(resolved.switch).cage_gbps
        ).optic_id

    x = {name: column[codes] for name, column in looked_up.items()}
    for name in _PER_ROW:
        x[name] = pd.to_numeric(frame[name], errors="coerce").to_numpy(dtype=float)
    flows = pd.to_numeric(frame["flows_per_nic"], errors="coerce").to_numpy(dtype=float)
    ecmp = np.isnan(x["routing_efficiency"])
    x["flows_per_nic"] = np.where(np.isnan(flows), x["flows_per_nic"], flows)
    rule = frame["spine_rule"].to_numpy(dtype=object)
    x["even_spines"] = (rule == "even").astype(float)
    x["host_copper"] = np.nan_to_num(x["host_copper"]).astype(bool)
    x["algorithm_code"] = np.nan_to_num(x["algorithm_code"]).astype(np.int64)
    x["shared_planes"] = np.nan_to_num(x["shared_planes"]).astype(bool)
    # Per-row checks that evaluate() makes in validate(): keep the two paths in step.
    row_errors = errors[codes]
    checks = (
        (x["gpus"] <= 0, "GPUs must be positive"),
        (~(x["oversubscription"] > 0), "oversubscription must be positive"),
        (~(x["message_bytes"] > 0), "message size must be positive"),
        ((x["overlap_share"] < 0) | (x["overlap_share"] > 1), "overlap must be within 0..1"),
        (
            (x["params"] < 0) | (x["bytes_per_grad_element"] < 0) | (x["compute_s_per_step"] < 0),
            "workload figures must not be negative",
        ),
        (~(x["spine_oversubscription"] >= 1), "spine oversubscription must be at least 1 (down:up)"),
        (~(x["oversubscription"] >= 0.25), "oversubscription below 1:4 is not a design"),
        (~np.isnan(flows) & ~ecmp, "flows per NIC apply to ECMP-hashed fabrics (roce-ecmp)"),
        ((flows < 1) | (flows > 1024), "flows per nic must be within 1..1024"),
        ((x["gpus_per_leaf"] < 1) | (x["pod_gpus"] < 1), "GPUs per leaf and per pod must be at least 1"),
        (np.nan_to_num(np.fmod(x["pod_gpus"], x["gpus_per_leaf"])) != 0, "a pod is not a whole number of leaves"),
        (~np.isin(rule, ("even", "minimum")), "unknown spine rule"),
    )
    for bad, message in checks:
        row_errors = np.where(bad & (row_errors == ""), message, row_errors)
    ok = row_errors == ""
    for name in x:
        if x[name].dtype.kind == "f":
            x[name] = np.where(ok, x[name], np.nan)
    out = compute(x, catalog)

    result = frame.drop(columns=list(size_keys))
    for name, column in resolved_ids.items():
        result[name] = np.where(ok, column[codes], result[name])
    for name, column in module_types.items():
        result[name] = column[codes]
    unreachable = ok & (np.asarray(out["tiers"]) == 0)
    row_errors = np.where(unreachable, "switch cannot reach this many GPUs in three tiers", row_errors)
    result["feasible"] = row_errors == ""
    result["error"] = row_errors
    columns = {
        name: np.broadcast_to(np.asarray(values), (len(frame),))
        for name, values in out.items()
        if name not in result.columns and name not in ("planes",)
    }
    result = pd.concat([result, pd.DataFrame(columns)], axis=1)
    result["planes_per_nic"] = frame["planes"].to_numpy(dtype=int)  # the scenario's input; `planes` = all planes
    resolved_planes = np.asarray(out["planes"], dtype=float)
    result["planes"] = np.where(
        np.isnan(resolved_planes), frame["planes"].to_numpy(dtype=float), resolved_planes
    ).astype(int)
    return result
