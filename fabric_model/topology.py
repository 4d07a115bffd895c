"""Fat-tree sizing: tiers, switches and links per tier, for arrays of scenarios.

Formulas (costmodel-sources B1; Al-Fares et al. SIGCOMM 2008), with k = switch radix at the host
link speed and r = leaf oversubscription (down:up):
  leaf down ports d = floor(k r / (r + 1)), up ports u = k - d
  maximum endpoints per plane: 1 tier k; 2 tiers k d; 3 tiers k (k/2) d   (r = 1: k, k^2/2, k^3/4)
  2 tiers: leaves = ceil(n/d), leaf-spine links = ceil(n/r), spines = ceil(links/k)
  3 tiers: spines use k/2 ports down and k/2 up (non-blocking above the leaf), cores = ceil(links/k)
Designs (fabric_model.scenario.DESIGNS):
- fat-tree (default): one plane of N endpoints; the rails are joined at the spine (NVIDIA DGX SuperPOD
  reference architectures: rail-aligned leaves, every leaf up to every spine).
- multi-plane: each NIC's bandwidth split over P planes (`shared` planes: every plane reaches all N
  GPUs at nic/P per link): NVIDIA's twin-planar Spectrum-X DGX B300 design (2 x 400G of an 800G
  ConnectX-8), Alibaba HPN's dual-plane dual-ToR (2 x 200G of a 400G NIC).
- rail-only: one plane per NIC index (g planes of N/g endpoints; GPUs cross rails over NVLink), the
  form of the H100 Freakonomics spreadsheet.
"""

from __future__ import annotations

import numpy as np

_EPS_DIGITS = 9  # round before ceil so 3/1.5 stays 2


def _ceil_div(a, b):
    return np.ceil(np.round(np.asarray(a, dtype=float) / b, _EPS_DIGITS))


def leaf_ports(radix, oversubscription):
    """(down, up) ports of a leaf with `radix` ports at oversubscription r:1."""
    radix = np.asarray(radix, dtype=float)
    r = np.asarray(oversubscription, dtype=float)
    down = np.clip(np.floor(np.round(radix * r / (r + 1.0), _EPS_DIGITS)), 1, np.maximum(radix - 1, 1))
    return down, radix - down


def max_endpoints_per_plane(radix, oversubscription, tiers):
    radix = np.asarray(radix, dtype=float)
    down, _ = leaf_ports(radix, oversubscription)
    tiers = np.asarray(tiers)
    return np.select([tiers == 1, tiers == 2, tiers == 3],
                     [radix, radix * down, radix * np.floor(radix / 2) * down], default=0.0)


def max_endpoints_gpus(radix, oversubscription, tiers, planes, shared=False):
    """Most GPUs a fabric of that many tiers reaches (rail-only planes add up; shared planes do not)."""
    value = max_endpoints_per_plane(radix, oversubscription, tiers) * np.where(shared, 1, np.asarray(planes))
    return int(value) if np.ndim(value) == 0 else value


def size_fabric(gpus, planes, radix, oversubscription, shared=False) -> dict[str, np.ndarray]:
    """Tiers, switch and link counts for every scenario (arrays broadcast together).

    `shared` planes each reach every GPU (multi-plane); otherwise the planes split the GPUs between
    them (rail-only). With one plane both are the single fat tree. Tiers is 0 where three tiers
    cannot reach the endpoints (the caller reports that).
    """
    gpus = np.asarray(gpus, dtype=float)
    planes = np.asarray(planes, dtype=float)
    shared = np.asarray(shared, dtype=bool)
    k = np.asarray(radix, dtype=float)
    r = np.asarray(oversubscription, dtype=float)
    n = np.where(shared, gpus, _ceil_div(gpus, planes))  # endpoints per plane
    reach_planes = np.where(shared, 1.0, planes)  # how many planes' reach adds up to the cluster's
    down, up = leaf_ports(k, r)
    half = np.floor(k / 2)
    n1, n2, n3 = k, k * down, k * half * down
    tiers = np.select([n <= n1, n <= n2, n <= n3], [1, 2, 3], default=0)

    leaves = np.where(tiers == 1, 1.0, _ceil_div(n, down))
    leaf_spine = np.where(tiers >= 2, np.minimum(_ceil_div(n, r), leaves * up), 0.0)
    spines = np.select([tiers == 2, tiers == 3],
                       [_ceil_div(leaf_spine, k), _ceil_div(leaf_spine, np.maximum(half, 1))], default=0.0)
    spine_core = np.where(tiers == 3, leaf_spine, 0.0)
    cores = np.where(tiers == 3, _ceil_div(spine_core, k), 0.0)
    feasible = tiers > 0
    leaves, spines, cores = (np.where(feasible, x * planes, 0.0) for x in (leaves, spines, cores))
    return {
        "tiers": tiers.astype(np.int64),
        "planes": planes,
        "endpoints_per_plane": n,
        "leaf_down_ports": down,
        "leaf_up_ports": up,
        "max_endpoints": np.select([tiers == 1, tiers == 2, tiers == 3], [n1, n2, n3], default=0.0) * reach_planes,
        "switches_leaf": leaves,
        "switches_spine": spines,
        "switches_core": cores,
        "switches_total": leaves + spines + cores,
        "links_host_leaf": np.where(feasible, np.where(shared, gpus * planes, gpus), 0.0),
        "links_leaf_spine": np.where(feasible, leaf_spine * planes, 0.0),
        "links_spine_core": np.where(feasible, spine_core * planes, 0.0),
    }
