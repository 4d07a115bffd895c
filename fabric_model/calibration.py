"""Predicted vs measured nccl-tests bus bandwidth: warehouse runs and cited published points.

The model predicts busbw from the catalog (scale-up bandwidth and efficiency of the GPU system,
the NICs' line rate and protocol efficiency, NCCL latency constants). Calibration points are
assumed to sit under one switch tier (all published points here span at most three nodes), so no
routing loss applies.
"""

from __future__ import annotations

import csv
import math
import re

import numpy as np
import pandas as pd

from .catalog import DATA_DIR, Catalog, GpuSystem
from .collectives import ALGORITHM_CODES, allgather_ring, allreduce, latency_constants

# Tolerance on |predicted - measured| / measured. ASTRA-sim's analytical backend, the best
# published analytical model we found, shows geomean errors of 20.63% (2 GPUs), 12.01% (4) and
# 9.69% (8) against NCCL ring AllReduce on HGX-H100
# (https://astra-sim.github.io/astra-sim-docs/validation/hardware/gpu-validation-hgx-h100.html).
# Our model has no per-size efficiency curves (SimAI's nic_ratio.csv), so we hold it to the
# upper end of that published band rather than to its best case.
CALIBRATION_TOLERANCE = 0.20
# Below this size nccl-tests is latency-bound and NCCL picks LL/LL128 protocols whose constants
# we do not model; such points are reported but not checked.
CALIBRATION_MIN_BYTES = 64 * 2**20

COLLECTIVE_ALIASES = {"allreduce": "all_reduce", "all_reduce": "all_reduce", "allgather": "all_gather",
                      "all_gather": "all_gather", "reducescatter": "reduce_scatter",
                      "reduce_scatter": "reduce_scatter"}


def reference_points() -> pd.DataFrame:
    """Published nccl-tests results shipped with the model, each with its address and evidence."""
    with open(DATA_DIR / "reference_points.csv", newline="", encoding="utf-8") as handle:
        frame = pd.DataFrame(list(csv.DictReader(handle)))
    for name in ("ngpus", "gpus_per_node", "nics_per_node", "nic_gbps", "size_bytes", "busbw_GBps"):
        frame[name] = pd.to_numeric(frame[name])
    frame["use_for_check"] = frame["use_for_check"].str.lower() == "true"
    return frame


def match_system(gpu: str | None, catalog: Catalog) -> GpuSystem | None:
    """The catalog system whose `gpu_match` occurs in a GPU name (longest match wins)."""
    if not gpu or (isinstance(gpu, float) and math.isnan(gpu)):
        return None
    systems = sorted(catalog.systems.values(), key=lambda s: len(s.gpu_match), reverse=True)
    for system in systems:
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(system.gpu_match)}(?![0-9])", str(gpu), re.IGNORECASE):
            return system
    return None


def _nic_efficiency(catalog: Catalog, nic_id, nic_gbps: float) -> float:
    if isinstance(nic_id, str) and nic_id in catalog.nics:
        return catalog.nics[nic_id].protocol_efficiency
    for nic in catalog.nics.values():
        if nic.speed_gbps == nic_gbps:
            return nic.protocol_efficiency
    return math.nan


def _value(row, name, default=None):
    value = row.get(name, default)
    if value is None or (isinstance(value, float) and math.isnan(value)) or value == "":
        return default
    return value


def predict_busbw(points: pd.DataFrame, catalog: Catalog) -> pd.DataFrame:
    """Predicted busbw for rows with collective, ngpus, gpus_per_node, size_bytes and either a
    `system_id` or a `gpu` name; optional nic_gbps, nics_per_node, nic_id, algorithm."""
    rows = points.to_dict("records")
    n = len(rows)
    scaleup, node_net, algorithm, kind = np.full(n, np.nan), np.full(n, np.nan), np.zeros(n, int), []
    systems, notes = [], []
    for i, row in enumerate(rows):
        system_id = _value(row, "system_id")
        system = catalog.systems.get(system_id) if system_id else match_system(_value(row, "gpu"), catalog)
        name = str(_value(row, "collective", "all_reduce")).lower().replace("-", "_").removesuffix("_perf")
        collective = COLLECTIVE_ALIASES.get(name)
        systems.append(system.system_id if system else None)
        kind.append(collective)
        if system is None:
            notes.append("GPU not in the catalog")
            continue
        if collective is None:
            notes.append("collective not modelled")
            continue
        g = float(row["gpus_per_node"])
        nic_gbps = float(_value(row, "nic_gbps", system.default_nic_gbps))
        nics = float(_value(row, "nics_per_node", g))
        efficiency = _nic_efficiency(catalog, _value(row, "nic_id"), nic_gbps)
        scaleup[i] = system.scaleup_GBps * system.scaleup_efficiency
        node_net[i] = nics * nic_gbps / 8.0 * efficiency
        algorithm[i] = ALGORITHM_CODES.get(str(_value(row, "algorithm", "ring")), 0)
        notes.append("")
    lat = latency_constants(catalog)
    ngpus = points["ngpus"].to_numpy(float)
    g = points["gpus_per_node"].to_numpy(float)
    size = points["size_bytes"].to_numpy(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        _, ar = allreduce(algorithm, ngpus, g, size, scaleup, node_net, lat, 0.0)
        _, ag = allgather_ring(ngpus, g, size, scaleup, node_net, lat, 0.0)
    kinds = np.array([k or "" for k in kind])
    predicted = np.select([kinds == "all_reduce", np.isin(kinds, ["all_gather", "reduce_scatter"])],
                          [ar, ag], default=np.nan)
    return pd.DataFrame({"system_id": systems, "predicted_busbw_GBps": predicted, "prediction_note": notes},
                        index=points.index)


def calibrate(measured: pd.DataFrame | None, catalog: Catalog, include_reference: bool = True) -> pd.DataFrame:
    """Per point: predicted vs measured busbw, relative error, and whether it is within tolerance.

    `measured` columns: run_id, collective, ngpus, gpus_per_node, size_bytes, busbw_GBps, gpu, and
    optionally fabric, nic_gbps, nics_per_node, algorithm. The shipped reference points are added
    when `include_reference` is true (origin = 'reference').
    """
    frames = []
    if measured is not None and len(measured):
        m = measured.copy()
        run = m["run_id"].astype(str) if "run_id" in m else pd.Series(m.index.astype(str), index=m.index)
        # one run has a row per message size: the point is the (run, size) pair
        m["point_id"] = run + ":" + m["size_bytes"].astype("int64").astype(str)
        m["origin"] = "measured"
        if "use_for_check" not in m:
            m["use_for_check"] = True
        frames.append(m)
    if include_reference:
        ref = reference_points()
        ref["origin"] = "reference"
        frames.append(ref)
    if not frames:
        return pd.DataFrame(columns=["point_id", "origin", "predicted_busbw_GBps", "measured_busbw_GBps",
                                     "rel_error", "within_tolerance", "checked"])
    points = pd.concat(frames, ignore_index=True)
    predicted = predict_busbw(points, catalog)
    out = pd.concat([points.drop(columns=[c for c in ("system_id",) if c in points]), predicted], axis=1)
    out = out.rename(columns={"busbw_GBps": "measured_busbw_GBps"})
    measured_bw = out["measured_busbw_GBps"].astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["rel_error"] = np.where(measured_bw > 0, (out["predicted_busbw_GBps"] - measured_bw) / measured_bw,
                                    np.nan)
    out["abs_rel_error"] = out["rel_error"].abs()
    out["tolerance"] = CALIBRATION_TOLERANCE
    out["within_tolerance"] = out["abs_rel_error"] <= CALIBRATION_TOLERANCE
    out["checked"] = (out["use_for_check"].astype(bool) & out["rel_error"].notna()
                      & (out["size_bytes"].astype(float) >= CALIBRATION_MIN_BYTES))
    return out


def calibration_failures(calibration: pd.DataFrame) -> pd.DataFrame:
    """Checked points outside the tolerance (what an asset check reports)."""
    return calibration[calibration["checked"] & ~calibration["within_tolerance"]]


def measured_from_runs(rows: pd.DataFrame) -> pd.DataFrame:
    """Warehouse nccl-tests rows as calibration input, for runs whose hardware is known.

    `rows` columns: run_id, url, collective, size_bytes, busbw_GBps, has_errors. A log says little
    about its hardware (GPUs per node, NICs, fabric); the shipped reference points describe the
    published runs, so a warehouse run takes the hardware of the reference point with the same
    address and collective. Runs with wrong values are left out (never calibrate on bad data).
    """
    # the reference's verdict on whether the run is fit to calibrate on travels with its hardware
    hardware_cols = ["ngpus", "gpus_per_node", "nics_per_node", "nic_gbps", "nic_id", "system_id", "fabric",
                     "algorithm", "use_for_check", "note"]
    ref = reference_points()
    hardware = ref.drop_duplicates(["source_url", "collective"])[["source_url", "collective", *hardware_cols]]
    clean = rows[~rows["has_errors"].fillna(False).astype(bool) & (rows["busbw_GBps"].astype(float) > 0)]
    clean = clean.drop_duplicates(["run_id", "size_bytes"])  # a size printed twice is one point
    merged = clean.merge(hardware, left_on=["url", "collective"], right_on=["source_url", "collective"], how="inner")
    merged["source_url"] = merged["url"]
    merged["evidence"] = ("warehouse nccl-tests run " + merged["run_id"].astype(str) + ", "
                          + merged["size_bytes"].astype("int64").astype(str) + " B")
    return merged.drop(columns=["url", "has_errors"])
