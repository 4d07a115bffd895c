"""Reference deployments (data/reference_deployments.toml): published designs of real clusters and
the figures they state, each reproduced by the design its publication describes."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .catalog import DATA_DIR, Catalog, ModelError
from .design import scenario_from_description
from .evaluate import evaluate

FILE = DATA_DIR / "reference_deployments.toml"


@lru_cache(maxsize=1)
def deployments() -> tuple[dict, ...]:
    with FILE.open("rb") as handle:
        return tuple(tomllib.load(handle)["deployment"])


@dataclass(frozen=True)
class PointCheck:
    deployment: str
    publication: str
    field: str
    stated: float
    modelled: float | None
    compare: str
    reproduced: bool
    basis: str
    design: str  # the design in full, as the result names it
    error: str = ""


def _merge(design: dict, changes: dict) -> dict:
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in design.items()}
    for key, value in changes.items():
        if key in ("leaf", "spine", "core") and isinstance(value, dict):
            out[key] = {**out.get(key, {}), **value}
        elif key in ("oversubscription", "gpus_per_leaf", "uplink_gbps") and "leaf" in out:
            out["leaf"][key] = value
        else:
            out[key] = value
    return out


def _value(field: str, design: dict, point: dict, catalog: Catalog, where: str) -> tuple[float, str]:
    if field == "tiers_every_switch":
        values = set()
        for switch in point["switches"]:
            r = evaluate(scenario_from_description(_merge(design, {"leaf": {"switch": switch}}), where), catalog)
            values.add(r.tiers)
        return (
            values.pop() if len(values) == 1 else -1.0
        ), f"{len(point['switches'])} switches: {', '.join(point['switches'])}"
    if field == "feasible":  # 1 when the design is one fabric the model can build, 0 when it is not
        try:
            r = evaluate(scenario_from_description(design, where), catalog)
        except ModelError as exc:
            return 0.0, f"not one fabric: {exc}"
        return 1.0, r.design_description
    r = evaluate(scenario_from_description(design, where), catalog)
    if field == "leaves_per_pod":
        return r.switches_leaf / r.pods, r.design_description
    if field in ("allreduce_busbw_ratio", "routing_efficiency") and "versus" in point:
        other = evaluate(scenario_from_description(_merge(design, point["versus"]), where), catalog)
        if field == "routing_efficiency":
            return other.routing_efficiency, other.design_description
        return r.allreduce_busbw_GBps / other.allreduce_busbw_GBps, r.design_description
    return float(getattr(r, field)), r.design_description


def check_points(catalog: Catalog) -> list[PointCheck]:
    """Every stated figure against the model, on the design its publication describes."""
    out = []
    for dep in deployments():
        if dep.get("expressible", True) is False:
            continue
        for point in dep.get("point", []):
            design = point.get("design", dep["design"])
            stated, compare = float(point["stated"]), point.get("compare", "equal")
            try:
                modelled, described = _value(point["field"], design, point, catalog, dep["id"])
            except ModelError as exc:
                out.append(
                    PointCheck(
                        dep["id"],
                        dep["publication"],
                        point["field"],
                        stated,
                        None,
                        compare,
                        False,
                        point.get("basis", ""),
                        "",
                        str(exc),
                    )
                )
                continue
            tol = float(point.get("tolerance", 0))
            if compare == "equal":
                ok = abs(modelled - stated) < 1e-9
            elif compare == "at_most":
                ok = modelled <= stated + 1e-9
            else:
                absolute = point.get("tolerance_kind") == "absolute" or point["field"].endswith("_share")
                ok = abs(modelled - stated) <= (tol if absolute else tol * abs(stated))
            out.append(
                PointCheck(
                    dep["id"],
                    dep["publication"],
                    point["field"],
                    stated,
                    modelled,
                    compare,
                    ok,
                    point.get("basis", ""),
                    described,
                )
            )
    return out


def not_expressible() -> list[dict[str, Any]]:
    return [
        {"deployment": d["id"], "publication": d["publication"], "missing": d["missing"]}
        for d in deployments()
        if d.get("expressible", True) is False
    ]
