"""Clos sizing from a design description: tiers, switches and links per tier, for arrays of scenarios.

A design (fabric_model.design) is read here as per-tier figures (all arrays broadcast together):
- host links of h Gb/s from each GPU to its leaf; links above the leaf run at the uplink speed s
  (default h; a leaf with 2 x 200G per GPU down and 400G up is h = 200, s = 400);
- the leaf's port budget B = its ports at h x h (Gb/s). Down ports d and up ports u:
  `gpus_per_leaf` given (a ToR per rack of 16 GPUs): d = gpus_per_leaf, u = ceil(d h / (r s));
  otherwise the leaf is filled: d = floor(B r / ((r + 1) h)), u = floor((B - d h) / s)
  (r = leaf down:up oversubscription; h = s, r = 1 gives the classic k/2 down, k/2 up);
- spine switches of k2 ports at s: down d2 = floor(k2 r2 / (r2 + 1)), up u2 = k2 - d2 (r2 = the
  aggregation taper, 1 = non-blocking; Meta's Llama 3 cluster: 1:7 between pods);
- a pod is the leaves whose uplinks end on the same spines: at most d2 leaves (or `pod_gpus`); the
  core has k3 ports at s, one per pod.
Reach per plane: 1 tier B/h (or the leaf's GPUs), 2 tiers k2 d (leaves up to the spine's ports, or
up to one pod when pods are given), 3 tiers k3 x pod leaves x d. Counts per plane:
  leaves = ceil(n / d); leaf-spine links = min(ceil(n h / (r s)), leaves u); spine-core links =
  ceil(leaf-spine links / r2); cores = ceil(spine-core links / k3).
Spines (the rule NVIDIA's DGX SuperPOD reference architectures follow, tested against their tables):
each leaf's u uplinks are spread evenly over the spines of its pod, so the spine count is the
smallest divisor of u that gives the ports needed (ceil(pod leaves x u / d2), or ceil(links / k2)
in two tiers): 16 spines, not 12, for three 32-node scalable units of QM9700 (u = 32); 18 and 36
for 4 and 8 units of Q3400 (u = 72). `even_spines = False` counts the minimum that fits (Broadcom's
"750 switches for 128,000 GPUs" claim counts that way).
Planes and rails: `rails` splits the GPUs (one plane per NIC index, GPUs cross rails over NVLink:
n = GPUs / rails per plane, reaches add up); `planes` splits each NIC into that many links of
nic/planes that each reach every GPU of the rail (NVIDIA's twin-planar Spectrum-X design, Alibaba
HPN's dual-plane dual-ToR). Total planes = rails x planes.
"""

from __future__ import annotations

import math

import numpy as np

_EPS_DIGITS = 9  # round before ceil/floor so 3/1.5 stays 2


def _ceil_div(a, b):
    return np.ceil(np.round(np.asarray(a, dtype=float) / b, _EPS_DIGITS))


def _floor(a):
    return np.floor(np.round(np.asarray(a, dtype=float), _EPS_DIGITS))


def leaf_ports(radix, oversubscription):
    """(down, up) ports of a leaf with `radix` ports at oversubscription r:1 (one speed)."""
    radix = np.asarray(radix, dtype=float)
    r = np.asarray(oversubscription, dtype=float)
    down = np.clip(_floor(radix * r / (r + 1.0)), 1, np.maximum(radix - 1, 1))
    return down, radix - down


def max_endpoints_per_plane(radix, oversubscription, tiers):
    radix = np.asarray(radix, dtype=float)
    down, _ = leaf_ports(radix, oversubscription)
    tiers = np.asarray(tiers)
    return np.select(
        [tiers == 1, tiers == 2, tiers == 3], [radix, radix * down, radix * np.floor(radix / 2) * down], default=0.0
    )


def max_endpoints_gpus(radix, oversubscription, tiers, planes, shared=False):
    """Most GPUs a one-speed fabric of that many tiers reaches (rail-only planes add up; shared do not)."""
    value = max_endpoints_per_plane(radix, oversubscription, tiers) * np.where(shared, 1, np.asarray(planes))
    return int(value) if np.ndim(value) == 0 else value


def spread_spines(uplinks, needed, even=True):
    """Spines of one pod: the smallest divisor of the leaf's `uplinks` that is at least `needed`
    (each leaf's uplinks spread evenly over the spines), or `needed` itself when `even` is False or
    no divisor fits (a design that is no longer a clean Clos)."""
    uplinks = np.asarray(uplinks, dtype=float)
    needed = np.asarray(needed, dtype=float)
    even = np.asarray(even, dtype=bool)
    shape = np.broadcast(uplinks, needed, even).shape
    u = np.broadcast_to(uplinks, shape).reshape(-1)
    m = np.broadcast_to(needed, shape).reshape(-1)
    e = np.broadcast_to(even, shape).reshape(-1)
    out = m.copy()
    ok = e & np.isfinite(u) & np.isfinite(m) & (u >= 1) & (m >= 1) & (m <= u)
    if ok.size == 1:  # one scenario (evaluate): no need for np.unique
        if ok[0]:
            ui, mi = int(u[0]), int(m[0])
            out[0] = next(c for c in range(mi, ui + 1) if ui % c == 0)
        return out.reshape(shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        ok &= np.fmod(u, m) != 0  # a divisor already: nothing to search
    if ok.any():
        key = u[ok] * 1_000_003.0 + m[ok]  # one number per (uplinks, needed) pair
        keys, inverse = np.unique(key, return_inverse=True)
        values = np.empty(len(keys))
        for i, k in enumerate(keys):
            ui, mi = divmod(int(k), 1_000_003)
            values[i] = next(c for c in range(mi, ui + 1) if ui % c == 0)
        out[ok] = values[inverse]
    return out.reshape(shape)


def size_design(
    gpus,
    *,
    rails=1,
    planes=1,
    host_gbps,
    uplink_gbps=None,
    leaf_budget_gbps,
    spine_radix,
    core_radix=None,
    oversubscription=1.0,
    spine_oversubscription=1.0,
    gpus_per_leaf=np.nan,
    pod_gpus=np.nan,
    even_spines=True,
    max_endpoints_per_plane=np.inf,
) -> dict[str, np.ndarray]:
    """Tiers, switch and link counts for every scenario (see the module docstring). Tiers is 0 where
    the design cannot reach the GPUs in three tiers or a tier does not fit its switch."""
    gpus = np.asarray(gpus, dtype=float)
    rails = np.maximum(np.asarray(rails, dtype=float), 1.0)
    planes = np.maximum(np.asarray(planes, dtype=float), 1.0)
    h = np.asarray(host_gbps, dtype=float)
    s = h if uplink_gbps is None else np.where(np.isnan(np.asarray(uplink_gbps, dtype=float)), h, uplink_gbps)
    budget = np.asarray(leaf_budget_gbps, dtype=float)
    k2 = np.asarray(spine_radix, dtype=float)
    k3 = k2 if core_radix is None else np.asarray(core_radix, dtype=float)
    r = np.asarray(oversubscription, dtype=float)
    r2 = np.asarray(spine_oversubscription, dtype=float)
    gpl = np.asarray(gpus_per_leaf, dtype=float)
    pod = np.asarray(pod_gpus, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        auto_leaf = np.isnan(gpl)
        d_fill = np.maximum(_floor(budget * r / ((r + 1.0) * h)), 1.0)
        down = np.where(auto_leaf, d_fill, gpl)
        up = np.where(auto_leaf, _floor((budget - d_fill * h) / s), _ceil_div(down * h, r * s))
        leaf_fits = (down >= 1) & (up >= 1) & (np.round(down * h + up * s - budget, 6) <= 0)
        d2 = np.clip(_floor(k2 * r2 / (r2 + 1.0)), 1, np.maximum(k2 - 1, 1))
        pod_leaves = np.where(np.isnan(pod), d2, _ceil_div(pod, down))
        pod_fits = pod_leaves <= d2

        n = _ceil_div(gpus, rails)  # endpoints per plane
        n1 = np.where(auto_leaf, _floor(budget / h), down)
        n2 = k2 * down
        n2 = np.where(np.isnan(pod), n2, np.minimum(n2, pod_leaves * down))
        n3 = k3 * pod_leaves * down
        tiers = np.select([n <= n1, n <= n2, n <= n3], [1, 2, 3], default=0)
        tiers = np.where(leaf_fits & (pod_fits | (tiers < 3)), tiers, 0)
        # one fabric's own limit (a scheduled fabric's published maximum of ports; inf elsewhere)
        tiers = np.where(n <= np.nan_to_num(np.asarray(max_endpoints_per_plane, dtype=float), nan=np.inf), tiers, 0)

        leaves = np.where(tiers == 1, 1.0, _ceil_div(n, down))
        leaf_spine = np.where(tiers >= 2, np.minimum(_ceil_div(n * h, r * s), leaves * up), 0.0)
        spines2 = spread_spines(up, _ceil_div(leaf_spine, k2), even_spines)
        pods = np.where(tiers == 3, _ceil_div(leaves, pod_leaves), 0.0)
        last = leaves - np.maximum(pods - 1, 0) * pod_leaves
        per_pod = spread_spines(up, _ceil_div(pod_leaves * up, d2), even_spines)
        per_last = spread_spines(up, _ceil_div(last * up, d2), even_spines)
        spines3 = np.maximum(pods - 1, 0) * per_pod + per_last
        spines = np.select([tiers == 2, tiers == 3], [spines2, spines3], default=0.0)
        spine_core = np.where(tiers == 3, _ceil_div(leaf_spine, r2), 0.0)
        cores = np.where(tiers == 3, _ceil_div(spine_core, k3), 0.0)
    feasible = tiers > 0
    total = rails * planes
    leaves, spines, cores = (np.where(feasible, x * total, 0.0) for x in (leaves, spines, cores))
    reach = np.select([tiers == 1, tiers == 2, tiers == 3], [n1, n2, n3], default=0.0)
    reach = np.minimum(reach, np.nan_to_num(np.asarray(max_endpoints_per_plane, dtype=float), nan=np.inf)) * rails
    return {
        "tiers": tiers.astype(np.int64),
        "planes": total,
        "endpoints_per_plane": n,
        "leaf_down_ports": down,
        "leaf_up_ports": up,
        "fabric_link_gbps": s,
        "pods": np.where(feasible, pods * total, 0.0),
        "gpus_per_pod": np.where(tiers == 3, pod_leaves * down, np.where(feasible, n, 0.0)),
        "max_endpoints": reach,
        "switches_leaf": leaves,
        "switches_spine": spines,
        "switches_core": cores,
        "switches_total": leaves + spines + cores,
        "links_host_leaf": np.where(feasible, gpus * planes, 0.0),
        "links_leaf_spine": np.where(feasible, leaf_spine * total, 0.0),
        "links_spine_core": np.where(feasible, spine_core * total, 0.0),
    }


def reach_per_plane(
    *,
    host_gbps,
    uplink_gbps=None,
    leaf_budget_gbps,
    spine_radix,
    core_radix=None,
    oversubscription=1.0,
    spine_oversubscription=1.0,
    gpus_per_leaf=math.nan,
    pod_gpus=math.nan,
    **_,
) -> dict:  # max_endpoints_per_plane: checked by the caller
    """One design's leaf ports and reach per plane in plain Python (the scalar twin of the tier choice in
    `size_design`, for checking one scenario quickly): n1, n2, n3 endpoints for 1/2/3 tiers, whether the
    leaf fits its switch and the pod its spines."""
    h = float(host_gbps)
    s = h if uplink_gbps is None or math.isnan(uplink_gbps) else float(uplink_gbps)
    budget, k2 = float(leaf_budget_gbps), float(spine_radix)
    k3 = k2 if core_radix is None else float(core_radix)
    r, r2 = float(oversubscription), float(spine_oversubscription)
    if math.isnan(gpus_per_leaf):
        down = max(math.floor(round(budget * r / ((r + 1.0) * h), _EPS_DIGITS)), 1.0)
        up = math.floor(round((budget - down * h) / s, _EPS_DIGITS)) if s else 0.0
        n1 = math.floor(round(budget / h, _EPS_DIGITS))
    else:
        down = float(gpus_per_leaf)
        up = math.ceil(round(down * h / (r * s), _EPS_DIGITS))
        n1 = down
    leaf_ok = down >= 1 and up >= 1 and round(down * h + up * s - budget, 6) <= 0
    d2 = min(max(math.floor(round(k2 * r2 / (r2 + 1.0), _EPS_DIGITS)), 1.0), max(k2 - 1, 1.0))
    pod_leaves = d2 if math.isnan(pod_gpus) else math.ceil(round(pod_gpus / down, _EPS_DIGITS))
    n2 = k2 * down if math.isnan(pod_gpus) else min(k2 * down, pod_leaves * down)
    return {
        "down": down,
        "up": up,
        "n1": n1,
        "n2": n2,
        "n3": k3 * pod_leaves * down,
        "leaf_ok": leaf_ok,
        "pod_ok": pod_leaves <= d2,
    }


def size_fabric(gpus, planes, radix, oversubscription, shared=False, even_spines=False) -> dict[str, np.ndarray]:
    """One-speed shorthand of `size_design` (all tiers the same switch of `radix` ports): `shared`
    planes each reach every GPU (multi-plane); otherwise the planes are rails."""
    shared = np.asarray(shared, dtype=bool)
    planes = np.asarray(planes, dtype=float)
    radix = np.asarray(radix, dtype=float)
    return size_design(
        gpus,
        rails=np.where(shared, 1.0, planes),
        planes=np.where(shared, planes, 1.0),
        host_gbps=1.0,
        leaf_budget_gbps=radix,
        spine_radix=radix,
        oversubscription=oversubscription,
        even_spines=even_spines,
    )
