"""Fabric cost-performance model: size, cost and time the scale-out fabric of a GPU cluster.

Pure functions over a data catalog (fabric_model/data/*.csv, every figure with its source);
no Dagster, DuckDB or Streamlit here. Typical use:

    catalog = load_catalog()                      # or load_catalog(observed_specs_frame)
    result = evaluate(Scenario(gpus=16384, fabric="spectrum-x"), catalog)
    table = sweep(default_grid(), catalog)        # vectorized, same numbers as evaluate
"""

import importlib

from .catalog import Catalog, FabricProfile, GpuSystem, ModelError, Nic, Optic, Source, Switch
from .catalog_load import catalog_from_records, catalog_records, load_catalog
from .evaluate import Result, evaluate, result_to_dict
from .scenario import ALGORITHMS, DESIGNS, FABRICS, HOST_LINKS, Scenario, resolve_ids
from .sweep import default_grid, sweep

# The analysis and calibration import pandas: loaded on first use (PEP 562), so a command that only
# needs the scenario's constants (the CLI's argument parser) does not pay for pandas.
_LAZY = {
    ".analysis": (
        "assumption_shares",
        "assumptions",
        "compare_fabrics",
        "decomposition",
        "ranking_sensitivity",
        "sensitivity",
        "workload_flips",
    ),
    ".calibration": (
        "CALIBRATION_MIN_BYTES",
        "CALIBRATION_TOLERANCE",
        "calibrate",
        "calibration_failures",
        "points_from_observations",
        "points_from_runs",
        "reference_points",
    ),
}
_HOME = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name], __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted([*globals(), *_HOME])


__all__ = [
    "ALGORITHMS",
    "DESIGNS",
    "catalog_from_records",
    "catalog_records",
    "assumption_shares",
    "ranking_sensitivity",
    "CALIBRATION_MIN_BYTES",
    "CALIBRATION_TOLERANCE",
    "Catalog",
    "FABRICS",
    "FabricProfile",
    "GpuSystem",
    "HOST_LINKS",
    "ModelError",
    "Nic",
    "Optic",
    "Result",
    "Scenario",
    "Source",
    "Switch",
    "assumptions",
    "calibrate",
    "decomposition",
    "workload_flips",
    "calibration_failures",
    "compare_fabrics",
    "default_grid",
    "evaluate",
    "load_catalog",
    "points_from_observations",
    "points_from_runs",
    "reference_points",
    "resolve_ids",
    "result_to_dict",
    "sensitivity",
    "sweep",
]
