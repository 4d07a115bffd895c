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
from .collectives import ALGORITHM_CODES, AUTO
from .kernel import INPUT_COLUMNS, compute, inputs_for
from .scenario import (
    COLLNET_ALGORITHMS,
    DEFAULT_ALGORITHM,
    DEFAULT_FABRIC,
    HOST_LINKS,
    MAX_GPUS,
    Scenario,
    fabric_for_switch,
    no_in_network_reduction,
    resolve_ids,
    unknown_algorithm,
    unknown_host_links,
    validate,
)

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
# The look-ups key on these (the algorithm and host links are checked and coded per row).
_LOOKUP_COLUMNS = tuple(name for name in _ID_COLUMNS if name not in ("algorithm", "host_links"))
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


def _normalize(grid: pd.DataFrame) -> tuple[pd.DataFrame, dict[str, np.ndarray], frozenset]:
    """The grid with every scenario column (defaults filled; ids and optional integers None where not
    given), the numeric columns as float arrays (NaN where not a number), and the columns the grid gave."""
    import pandas as pd

    unknown = set(grid.columns) - set(SCENARIO_COLUMNS)
    if unknown:
        raise ModelError(f"unknown scenario columns: {', '.join(sorted(unknown))}")
    if "gpus" not in grid.columns:
        raise ModelError("the grid needs a 'gpus' column")
    frame = grid.reset_index(drop=True).copy()
    given = frozenset(frame.columns)
    for name, default in _DEFAULTS.items():
        if name not in given:
            frame[name] = default
        elif default is not None and frame[name].isna().any():
            frame[name] = frame[name].where(frame[name].notna(), default)
    frame["planes"] = frame["planes"].astype(int)
    numbers = {
        name: pd.to_numeric(frame[name], errors="coerce").to_numpy(dtype=float)
        if name in given or _DEFAULTS[name] is not None
        else np.full(len(frame), np.nan)
        for name in dict.fromkeys((*_PER_ROW, *_OPTIONAL_INTS))
    }
    for name in ("fabric", "switch", "nic", "system", "spine_switch", "core_switch", *_OPTIONAL_INTS):
        if name in given:
            frame[name] = frame[name].astype(object).where(frame[name].notna(), None)
    return frame, numbers, given


def _scenario(row: dict) -> Scenario:
    values = {name: row[name] for name in SCENARIO_COLUMNS}
    for name in ("gpus", "gpus_per_node", "nic_gbps", "planes"):
        values[name] = int(values[name])
    for name in _OPTIONAL_INTS:
        values[name] = None if values[name] is None else int(values[name])
    return Scenario(**values)


def _key(column: pd.Series, numbers: np.ndarray | None) -> np.ndarray:
    """A column's values to group on: its float values when every value given is a number (fast to
    factorize), else the objects themselves."""
    if numbers is not None and not (np.isnan(numbers) & column.notna().to_numpy()).any():
        return numbers
    return column.to_numpy()


def _group_codes(columns: list[np.ndarray], rows: int) -> tuple[np.ndarray, np.ndarray]:
    """Group rows by the values of `columns` (None and NaN are values too): (group code per row, first row of
    each group). Each column is factorized and the codes combined in mixed radix, re-factorized before
    the product could overflow (numpy on integer codes: pandas' groupby over a score of object columns
    took a tenth of the sweep)."""
    import pandas as pd

    combined = np.zeros(rows, dtype=np.int64)
    size = 1
    for values in columns:
        codes, uniques = pd.factorize(values, use_na_sentinel=False)
        if size * (len(uniques) + 1) >= 2**62:
            combined, kept = pd.factorize(combined)
            size = len(kept)
        combined = combined * (len(uniques) + 1) + codes
        size *= len(uniques) + 1
    codes, _ = pd.factorize(combined)
    _, firsts = np.unique(codes, return_index=True)
    return codes, firsts


# A group's look-ups run on its first row with the per-row figures set to valid defaults: they are checked
# per row below, and the catalog figures do not depend on them (an explicit switch's figures not on the
# cluster's size or design figures either: those rows are sized by `compute`).
_PROBE = {
    "algorithm": DEFAULT_ALGORITHM,
    "host_links": HOST_LINKS[0],
    **{
        name: _DEFAULTS[name]
        for name in ("message_bytes", "params", "bytes_per_grad_element", "compute_s_per_step", "overlap_share")
    },
}
_PROBE_EXPLICIT = {
    "gpus": 1,
    "oversubscription": 1.0,
    "gpus_per_leaf": None,
    "pod_gpus": None,
    "spine_oversubscription": 1.0,
    "spine_rule": "even",
    "flows_per_nic": None,
}


def _first_failure(row_errors: np.ndarray, checks) -> None:
    """Name each row's first failed check in `row_errors` (in place; rows with an error keep it). A check is
    (bad rows, message or a function of the bad rows giving theirs: messages are built for those only)."""
    for bad, message in checks:
        hit = bad & (row_errors == "")
        if hit.any():
            row_errors[hit] = message if isinstance(message, str) else message(hit)


def _spread(values: np.ndarray, codes: np.ndarray):
    """values[codes] as the column pandas would make of it (strings: its string dtype)."""
    import pandas as pd

    return pd.Series(values).array.take(codes)


def _factorized(column) -> tuple[list, np.ndarray]:
    """(distinct values, index of each row's value among them)."""
    import pandas as pd

    codes, uniques = pd.factorize(column.to_numpy(dtype=object), use_na_sentinel=False)
    return list(uniques), codes


def sweep(grid: pd.DataFrame, catalog: Catalog) -> pd.DataFrame:
    """Evaluate every row of `grid` (columns named like `Scenario` fields; missing ones take the
    defaults). Returns the resolved scenario columns plus every model output column."""
    import pandas as pd  # on first use: importing the package (the CLI's parser does) stays light

    frame, numbers, given = _normalize(grid)
    # Auto-selected switches depend on the cluster size; explicit ones only on the ids. The algorithm and
    # the host links change no catalog look-up: they are checked and coded per row below (a quarter of
    # the groups, and of the Python work per group, without them). Columns the grid left out are one
    # value throughout and key nothing.
    auto_rows = frame["switch"].isna().to_numpy()
    key_columns = [_key(frame[name], numbers.get(name)) for name in _LOOKUP_COLUMNS if name in given]
    if auto_rows.any():
        key_columns.append(np.where(auto_rows, frame["spine_rule"].to_numpy(dtype=object), ""))
        for name in ("gpus", "oversubscription", *_DESIGN_PER_ROW):
            if name != "spine_rule":
                key_columns.append(np.where(auto_rows, numbers[name], -1.0))
    codes, firsts = _group_codes(key_columns, len(frame))

    n_groups = len(firsts)
    looked_up = {name: np.full(n_groups, np.nan) for name in INPUT_COLUMNS if name not in _PER_ROW}
    resolved_ids = {name: np.full(n_groups, None, dtype=object) for name in ("fabric", "switch", "nic", "system")}
    module_types = {name: np.full(n_groups, None, dtype=object) for name in ("host_module_type", "switch_module_type")}
    errors = np.full(n_groups, "", dtype=object)
    first_rows = frame.iloc[firsts]
    firsts_values = [first_rows[name].to_numpy().tolist() for name in SCENARIO_COLUMNS]
    records = [dict(zip(SCENARIO_COLUMNS, values)) for values in zip(*firsts_values)]
    # How far a group's look-ups got, to name its rows' errors in evaluate's order (resolve_ids): 0 = its
    # ids fail validate(), 1 = its switch or flows fail before the algorithm's fabric check, 2 = later.
    stage = np.zeros(n_groups, dtype=np.int8)
    in_network = np.full(n_groups, np.nan)  # the fabric reduces in the network (1) or not (0)
    fabric_of = np.full(n_groups, None, dtype=object)
    for group, (row_index, row) in enumerate(zip(firsts, records)):
        try:
            probe = _scenario({**row, **_PROBE})
            if not auto_rows[row_index]:
                probe = probe.replace(**_PROBE_EXPLICIT)
            validate(probe)
            stage[group] = 1
            fabric_of[group] = probe.fabric or (
                fabric_for_switch(probe.switch, catalog) if probe.switch else DEFAULT_FABRIC
            )
            profile = catalog.fabric(fabric_of[group])
            if probe.flows_per_nic is None or profile.uses_ecmp_hashing:
                stage[group] = 2
                in_network[group] = float(bool(profile.in_network_reduction))
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
        x[name] = numbers[name]
    flows = numbers["flows_per_nic"]
    ecmp = np.isnan(x["routing_efficiency"])
    x["flows_per_nic"] = np.where(np.isnan(flows), x["flows_per_nic"], flows)
    rule = frame["spine_rule"].to_numpy(dtype=object)
    x["even_spines"] = (rule == "even").astype(float)
    host_links = frame["host_links"].to_numpy(dtype=object)
    x["host_copper"] = host_links == "copper"
    names, algorithm = _factorized(frame["algorithm"])
    x["algorithm_code"] = np.array([ALGORITHM_CODES.get(name, AUTO) for name in names], dtype=np.int64)[algorithm]
    collnet = np.array([name in COLLNET_ALGORITHMS for name in names], dtype=bool)[algorithm]
    unknown = np.array([unknown_algorithm(name) if name not in ALGORITHM_CODES else "" for name in names])[algorithm]
    x["shared_planes"] = np.nan_to_num(x["shared_planes"]).astype(bool)
    # Per-row checks that evaluate() makes in validate(): keep the two paths in step.
    # In evaluate's order: the ids' own faults, then the algorithm and host links, then the catalog's.
    group_errors, group_stage = errors[codes], stage[codes]
    row_errors = np.where(group_stage == 0, group_errors, "").astype(object)
    _first_failure(
        row_errors,
        (
            (unknown != "", lambda hit: unknown[hit]),
            (~np.isin(host_links, HOST_LINKS), lambda hit: [unknown_host_links(v) for v in host_links[hit]]),
            (group_stage == 1, lambda hit: group_errors[hit]),
            (
                collnet & (in_network[codes] == 0),
                lambda hit: [no_in_network_reduction(f) for f in fabric_of[codes[hit]]],
            ),
        ),
    )
    row_errors = np.where(row_errors == "", group_errors, row_errors)
    looked_up_ok = row_errors == ""
    checks = (
        (x["gpus"] <= 0, "GPUs must be positive"),
        (
            x["gpus"] > MAX_GPUS,
            lambda hit: [f"{g:,.0f} GPUs is beyond the model's range (at most {MAX_GPUS:,})" for g in x["gpus"][hit]],
        ),
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
    _first_failure(row_errors, checks)
    ok = row_errors == ""
    for name in x:
        if x[name].dtype.kind == "f":
            x[name] = np.where(ok, x[name], np.nan)
    out = compute(x, catalog)

    result = frame
    # Per-group values spread to the rows by one take each (pandas infers a string column from 100,000
    # objects ~10x slower); a row that failed keeps its own input (one per group: the ids key the groups).
    given_ids = {name: frame[name].to_numpy()[firsts] for name in resolved_ids}
    failed = codes + n_groups * ~ok
    for name, column in resolved_ids.items():
        result[name] = _spread(np.concatenate([column, given_ids[name]]), failed)
    for name, column in module_types.items():  # none where the row's look-ups failed
        result[name] = _spread(np.append(column, None), np.where(looked_up_ok, codes, n_groups))
    unreachable = ok & (np.asarray(out["tiers"]) == 0)
    row_errors = np.where(unreachable, "switch cannot reach this many GPUs in three tiers", row_errors)
    result["feasible"] = row_errors == ""
    result["error"] = row_errors
    columns, seen = {}, set()
    for name, values in out.items():
        if name in result.columns or name == "planes":
            continue
        values = np.asarray(values)
        if values.shape != (len(frame),) or id(values) in seen:  # a scalar, or an array already used
            values = np.broadcast_to(values, (len(frame),)).copy()
        seen.add(id(values))
        columns[name] = values
    # the model's own fresh arrays, taken as they are (copying ~95 columns into one block cost 13 ms)
    result = pd.concat([result, pd.DataFrame(columns, copy=False)], axis=1)
    result["planes_per_nic"] = frame["planes"].to_numpy(dtype=int)  # the scenario's input; `planes` = all planes
    resolved_planes = np.asarray(out["planes"], dtype=float)
    result["planes"] = np.where(
        np.isnan(resolved_planes), frame["planes"].to_numpy(dtype=float), resolved_planes
    ).astype(int)
    return result
