"""Collectives as NCCL runs them: NCCL's own algorithm/protocol choice and time, vectorized.

NCCL picks, per call, the (algorithm, protocol) with the least modelled time
`latency + bytes / bandwidth` (src/enqueue.cc `topoGetAlgoInfo` over the table that
src/graph/tuning.cc `ncclTopoTuneModel` fills; `ncclTopoGetAlgoTime`). This module reproduces that
model with NCCL's published constants (data/nccl_tuning.csv, NCCL 2.25-era tuning.cc and topo.h):
per-algorithm latencies (baseLat + hwLat by NVLink / PCI / network), the bandwidth refinements
(Tree x0.92, LL /2 and llMaxBw caps, LL128 x0.92, PAT x0.75, NVLS algbw = busBw x 5/6, Tree and
CollNet algbw = busBw / 2), the Tree correction factors and the ring plateau factor.

What NCCL learns from its topology search (channels x per-channel bandwidth per algorithm) is
replaced by the hardware it would find (assumptions, labelled):
- NVLink bandwidth per GPU = NCCL's per-link figure (topo.h SMxx_NVLINK_BW) x links.
- Ring across nodes: min(NVLink, the node's NICs) (each channel crosses the node once).
- Tree: min(NVLink x g/(g-1), k x node NICs) with k = 2 (2 nodes), 4/3 (3), 1 (more):
  SimAI calbusbw.cc (Alibaba, NSDI 2025), consistent with NCCL using bwIntra up to 2 nodes.
- CollNet (SHARP): every NIC carries S/g once each way (Calculon all_reduce [1.0, 1]).
- NVLS: min(NVLink, node NICs when the reduction crosses nodes); NVLS Tree halves the network
  share beyond 2 nodes (tuning.cc). The achieved NVLS algbw is capped at a share of the raw
  NVLink rate (nccl_tuning.csv `nvls_algbw_share_of_raw_nvlink`, from the NCCL maintainer's H100
  figure): NCCL's model only ranks algorithms, the cap describes what the NVSwitch delivers.

Selection uses NCCL's model as NCCL does; the predicted time of the chosen pair applies the
NVLS cap. busbw follows nccl-tests doc/PERFORMANCE.md (AllReduce 2(n-1)/n, AllGather and
ReduceScatter (n-1)/n, sizes in total bytes).

ECMP: F flows hashed onto P uplinks, a link carrying L flows delivers min(1, L/q) of its capacity
(q = flows per NIC); E over L ~ Binomial(F, 1/P). With q = 1 and F = P this is 1 - (1 - 1/P)^F
(costmodel-sources B5, balls into bins), 0.632 for large P.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .catalog import DATA_DIR

# NCCL's algorithms, in NCCL's order (src/include/device.h NCCL_ALGO_*), and protocols.
NCCL_ALGORITHMS = ("tree", "ring", "collnet-direct", "collnet-chain", "nvls", "nvls-tree", "pat")
PROTOCOLS = ("ll", "ll128", "simple")
NCCL_NAMES = {
    "tree": "Tree",
    "ring": "Ring",
    "collnet-direct": "CollNetDirect",
    "collnet-chain": "CollNetChain",
    "nvls": "NVLS",
    "nvls-tree": "NVLSTree",
    "pat": "PAT",
    "ll": "LL",
    "ll128": "LL128",
    "simple": "Simple",
}
AUTO = -1
TREE, RING, COLLNET_DIRECT, COLLNET_CHAIN, NVLS, NVLS_TREE, PAT = range(7)
IN_NETWORK = COLLNET_DIRECT
LL, LL128, SIMPLE = range(3)
# The one home of the algorithm names the model and the CLI accept ("in-network" = CollNet/SHARP).
ALGORITHMS = ("auto", *NCCL_ALGORITHMS, "in-network")
ALGORITHM_CODES = {"auto": AUTO, **{name: i for i, name in enumerate(NCCL_ALGORITHMS)}, "in-network": IN_NETWORK}
COLLECTIVES = ("all_reduce", "all_gather", "reduce_scatter")
# In-network reduction as NCCL names it (NCCL_ALGO values) and what each needs. "in-network" on the
# command line is CollNetDirect. Sources: NCCL env docs (NCCL_ALGO: Tree, Ring, CollNetDirect,
# CollNetChain, NVLS, NVLSTree, PAT); the CollNet plugin is NVIDIA's nccl-rdma-sharp-plugins (SHARP on
# Quantum InfiniBand switches); NVLS needs NVSwitch NVLink SHARP (Hopper and later, nccl_gpus.csv).
IN_NETWORK = {
    "collnet-direct": {
        "nccl": "CollNetDirect",
        "requires": "SHARP-capable InfiniBand switches (Quantum-2/X800, "
        "fabric ib) and the nccl-rdma-sharp-plugins CollNet plugin; reduces in the network switches",
    },
    "collnet-chain": {
        "nccl": "CollNetChain",
        "requires": "as CollNetDirect (SHARP switches + CollNet plugin); chains the node's GPUs to one NIC",
    },
    "nvls": {
        "nccl": "NVLS",
        "requires": "NVSwitch with NVLink SHARP (H100/H200/B200 and later); within one "
        "NVLink domain, or across nodes only together with CollNet (SHARP)",
    },
    "nvls-tree": {
        "nccl": "NVLSTree",
        "requires": "NVLink SHARP within each node plus a tree across nodes (no network SHARP needed)",
    },
}
IN_NETWORK["in-network"] = IN_NETWORK["collnet-direct"]


@dataclass(frozen=True)
class Tuning:
    """NCCL's tuning constants (data/nccl_tuning.csv)."""

    rows: tuple

    def __post_init__(self):  # one dict look-up per constant (the kernel asks thousands of times per sweep)
        index = {}
        for row in self.rows:
            index.setdefault((row["name"], row["algorithm"], row["protocol"]), float(row["value"]))
        object.__setattr__(self, "_index", index)

    def get(self, name: str, algorithm: str = "", protocol: str = "") -> float:
        try:
            return self._index[(name, algorithm, protocol)]
        except KeyError:
            raise KeyError(f"nccl_tuning.csv has no {name}/{algorithm}/{protocol}") from None

    def lat(self, name: str, a: int, p: int) -> float:
        return self.get(name, NCCL_ALGORITHMS[a], PROTOCOLS[p])


@lru_cache(maxsize=1)
def tuning() -> Tuning:
    with open(DATA_DIR / "nccl_tuning.csv", newline="", encoding="utf-8") as handle:
        return Tuning(tuple(csv.DictReader(handle)))


@lru_cache(maxsize=1)
def gpu_table() -> tuple:
    """GPUs NCCL knows (data/nccl_gpus.csv): architecture, NVLink links, NVLS support."""
    with open(DATA_DIR / "nccl_gpus.csv", newline="", encoding="utf-8") as handle:
        return tuple(csv.DictReader(handle))


def nccl_gpu(name) -> dict | None:
    """The nccl_gpus.csv row whose `gpu_match` is the longest whole-word match in a GPU name."""
    if not name or (isinstance(name, float) and math.isnan(name)):
        return None
    return _nccl_gpu(str(name))


@lru_cache(maxsize=256)
def _nccl_gpu(name: str) -> dict | None:
    import re

    for row in sorted(gpu_table(), key=lambda r: len(r["gpu_match"]), reverse=True):
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(row['gpu_match'])}(?![0-9])", str(name), re.IGNORECASE):
            return row
    return None


def nvlink_GBps(gpu: dict) -> float:
    """NVLink (or xGMI) bandwidth per GPU as NCCL counts it: per-link figure x links."""
    links = float(gpu["nvlinks"] or 0)
    return links * tuning().get(f"nvlink_bw_per_link_{gpu['arch']}") if links else 0.0


ARCH_CODES = {"sm80": 80, "sm90": 90, "sm100": 100, "gfx942": 0}


def _log2i(x):
    x = np.maximum(np.asarray(x, dtype=float), 1.0)
    return np.floor(np.log2(x))


def _ll_max_bw(nodes, arch, t: Tuning):
    one = np.select(
        [arch >= 100, arch >= 90],
        [t.get("ll_max_bw_1node_sm100", "", "ll"), t.get("ll_max_bw_1node_sm90", "", "ll")],
        default=t.get("ll_max_bw_1node_sm80", "", "ll"),
    )
    return np.select(
        [nodes <= 1, nodes == 2],
        [one, t.get("ll_max_bw_2nodes", "", "ll")],
        default=t.get("ll_max_bw_4nodes", "", "ll"),
    )


def collective(
    collective_name,
    algorithm,
    n,
    g,
    size_bytes,
    nvlink_GBps,
    node_net_GBps,
    *,
    nvls=False,
    collnet=False,
    ll128=True,
    arch=90,
    raw_nvlink_GBps=np.nan,
    hop_us=0.0,
    latency=True,
):
    """NCCL's choice and time for one collective over n ranks in NVLink domains of g.

    Arrays broadcast. `algorithm` holds codes (AUTO = let NCCL choose; an explicit algorithm that
    NCCL cannot run on that hardware falls back to NCCL's choice). Bandwidths per direction, GB/s:
    `nvlink_GBps` per GPU as NCCL counts it, `node_net_GBps` the node's NICs together (effective).
    Returns dict(time_s, busbw_GBps, algorithm, protocol) (codes into NCCL_ALGORITHMS, PROTOCOLS).
    """
    t = tuning()
    coll = collective_name
    if coll not in COLLECTIVES:
        raise ValueError(f"collective {coll!r} not modelled (known: {', '.join(COLLECTIVES)})")
    shape = np.broadcast(
        np.asarray(algorithm),
        np.asarray(n),
        np.asarray(g),
        np.asarray(size_bytes),
        np.asarray(nvlink_GBps),
        np.asarray(node_net_GBps),
        np.asarray(nvls),
        np.asarray(collnet),
        np.asarray(arch),
        np.asarray(raw_nvlink_GBps),
        np.asarray(hop_us),
        np.asarray(ll128),
    ).shape

    def arr(x, dtype=float):
        return np.broadcast_to(np.asarray(x, dtype=dtype), shape).copy()

    requested = arr(algorithm, np.int64)
    n, size = arr(n), arr(size_bytes)
    g = np.minimum(arr(g), n)
    b_nvl, b_net = arr(nvlink_GBps), arr(node_net_GBps)
    nvls, collnet, ll128 = arr(nvls, bool), arr(collnet, bool), arr(ll128, bool)
    arch, raw, hop = arr(arch), arr(raw_nvlink_GBps), arr(hop_us)
    lat_on = 1.0 if latency else 0.0

    nodes = np.ceil(np.round(n / np.maximum(g, 1), 9))
    multi = nodes > 1
    ppn = n / nodes
    has_nvl = (g > 1) & (b_nvl > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        b_nvl = np.where(has_nvl, b_nvl, np.inf)
        k_tree = np.select([nodes == 2, nodes == 3], [2.0, 4.0 / 3.0], default=1.0)
        nvl_tree = np.where(g > 1, b_nvl * g / (g - 1.0), np.inf)
        net = np.where(multi, b_net, np.inf)
        graph = {
            RING: np.minimum(b_nvl, net),
            TREE: np.where(multi, np.minimum(nvl_tree, k_tree * b_net), b_nvl),
            COLLNET_DIRECT: np.minimum(nvl_tree, 2.0 * b_net),
            COLLNET_CHAIN: np.minimum(nvl_tree, 2.0 * b_net),
            NVLS: np.minimum(b_nvl, net),
            NVLS_TREE: np.minimum(b_nvl, np.where(nodes <= 2, b_net, b_net / 2.0)),
            PAT: np.where(multi, b_net, b_nvl),
        }
    ar = coll == "all_reduce"
    nsteps = 2.0 * (n - 1.0) if ar else n - 1.0
    n_inter = np.where(multi, 2.0 * (nodes - 1.0) if ar else nodes - 1.0, 0.0)
    ll_max = _ll_max_bw(nodes, arch, t)
    log_size = _log2i(np.floor(size / 64.0))
    net_overhead = np.where(multi, t.get("net_overhead_us", "ring"), 0.0)
    best_model = np.full(shape, np.inf)
    best = {"time": np.full(shape, np.nan), "a": np.full(shape, -1), "p": np.full(shape, -1)}
    forced = {
        "time": np.full(shape, np.nan),
        "a": np.full(shape, -1),
        "p": np.full(shape, -1),
        "model": np.full(shape, np.inf),
    }

    for a, _name in enumerate(NCCL_ALGORITHMS):
        if ar and a == PAT:
            continue
        if not ar and a not in (RING, NVLS, PAT):
            continue
        for p in range(3):
            if a in (NVLS, NVLS_TREE, COLLNET_DIRECT, COLLNET_CHAIN, PAT) and p != SIMPLE:
                continue
            enabled = np.ones(shape, bool)
            if p == LL128:
                enabled &= ll128
            if a == NVLS:
                enabled &= nvls & has_nvl & (~multi | collnet if ar else ~multi)
            if a == NVLS_TREE:
                enabled &= nvls & has_nvl & multi
            if a in (COLLNET_DIRECT, COLLNET_CHAIN):
                enabled &= collnet & multi
            if a == COLLNET_DIRECT:
                enabled &= (g > 1) & (ppn <= 8)
            if a == PAT:
                enabled &= (ppn == 1) & multi
            bus = graph[a].copy()
            if a == RING and p == LL:
                bus = np.minimum(ll_max, bus * t.get("ring_ll_bw_factor", "ring", "ll"))
            if a == RING and p == LL128:
                bus = bus * t.get("ring_ll128_bw_factor", "ring", "ll128")
            if a == TREE:
                bus = bus * t.get("tree_bw_factor", "tree")
                if p == LL:
                    bus = np.minimum(bus * t.get("tree_ll_bw_factor", "tree", "ll"), ll_max)
                if p == LL128:
                    bus = bus * np.where(
                        multi,
                        t.get("tree_ll128_bw_factor", "tree", "ll128"),
                        t.get("tree_ll128_bw_factor_1node", "tree", "ll128"),
                    )
            if a == PAT:
                bus = bus * t.get("pat_bw_factor", "pat", "simple")
            if a == COLLNET_DIRECT:
                factor = np.maximum(ppn / np.maximum(g, 1.0), 1.0)  # GPU:NIC ratio, one NIC per GPU assumed
                bus = bus / (factor - (factor - 1.0) / 2.0)
                bus = bus * np.where(arch >= 90, t.get("collnet_direct_hopper_factor", "collnet-direct", "simple"), 1.0)
            # bus bandwidth -> algorithm bandwidth
            if a == RING:
                with np.errstate(divide="ignore", invalid="ignore"):
                    algbw = bus * n / nsteps
            elif a in (NVLS, NVLS_TREE):
                algbw = bus * t.get("nvls_algbw_ratio", "nvls", "simple") if ar else bus * (ppn - 1.0) / ppn
            elif ar:
                algbw = bus * t.get("tree_algbw_ratio", "tree")
            else:
                algbw = bus
            if a == TREE and ar:
                index = np.clip(np.nan_to_num(log_size), 0, 22).astype(int)
                corr = np.array([t.get(f"tree_correction_{i}", "tree", PROTOCOLS[p]) for i in range(23)])
                algbw = np.where(log_size < 23, algbw * corr[index], algbw)
            # latency (us)
            base = t.lat("base_lat", a, p)
            intra = np.where(has_nvl, t.lat("hw_lat_nvlink", a, p), t.lat("hw_lat_pci", a, p))
            inter = np.where(ppn == 1, t.lat("hw_lat_net", TREE, p), t.lat("hw_lat_net", a, p)) + hop
            if a == RING:
                over = net_overhead * (t.get("net_overhead_simple_factor", "ring", "simple") if p == SIMPLE else 1.0)
                step = np.maximum(intra, over)
                lat = base + (nsteps - n_inter) * step + n_inter * inter
                if p == SIMPLE and ar:
                    plateau = multi & (size / (16.0 * n) >= 64)  # nChannels taken as 16 (assumption)
                    lat = np.where(plateau, lat * t.get("ring_plateau_lat_factor", "ring", "simple"), lat)
            elif a == TREE:
                lat = base + 2.0 * ((ppn - 1.0) * intra + _log2i(nodes) * inter)
            elif a == COLLNET_DIRECT:
                lat = (
                    base
                    + 2.0
                    * (
                        np.minimum(1.0, ppn - 1.0) * intra
                        + (ppn - 1.0) * t.get("collnet_arity_lat_us", "collnet-direct", "simple")
                    )
                    + inter
                )
            elif a == COLLNET_CHAIN:
                lat = base + 2.0 * (ppn - 1.0) * intra + inter
            elif a == NVLS:
                lat = intra + np.where(multi, inter, 0.0)
            elif a == NVLS_TREE:
                lat = base + intra + 2.0 * _log2i(nodes) * inter
            else:  # PAT
                lat = (
                    t.get("pat_base_lat_us", "pat", "simple")
                    + _log2i(nodes) * inter / t.get("pat_log_lat_divisor", "pat", "simple")
                    + n * t.get("pat_per_rank_lat_us", "pat", "simple")
                )
            with np.errstate(divide="ignore", invalid="ignore"):
                t_model = lat * lat_on + size / (1000.0 * algbw)
                real = algbw
                if a in (NVLS, NVLS_TREE):
                    cap = t.get("nvls_algbw_share_of_raw_nvlink", "nvls", "simple") * raw
                    real = np.where(np.isfinite(cap), np.minimum(algbw, cap), algbw)
                t_real = lat * lat_on + size / (1000.0 * real)
            ok = enabled & np.isfinite(t_model) & (algbw > 0)
            win = ok & (t_model < best_model)
            best_model = np.where(win, t_model, best_model)
            best["time"] = np.where(win, t_real, best["time"])
            best["a"], best["p"] = np.where(win, a, best["a"]), np.where(win, p, best["p"])
            mine = ok & (requested == a) & (t_model < forced["model"])
            forced["model"] = np.where(mine, t_model, forced["model"])
            forced["time"] = np.where(mine, t_real, forced["time"])
            forced["a"], forced["p"] = np.where(mine, a, forced["a"]), np.where(mine, p, forced["p"])

    use_forced = (requested != AUTO) & (forced["a"] >= 0)
    time_us = np.where(use_forced, forced["time"], best["time"])
    algo = np.where(use_forced, forced["a"], best["a"])
    proto = np.where(use_forced, forced["p"], best["p"])
    single = n <= 1
    time_s = np.where(single, 0.0, time_us * 1e-6)
    factor = 2.0 * (n - 1.0) / n if ar else (n - 1.0) / n
    with np.errstate(divide="ignore", invalid="ignore"):
        busbw = np.where(single | ~(time_s > 0), 0.0, size / time_s * factor / 1e9)
    return {
        "time_s": time_s,
        "busbw_GBps": busbw,
        "algorithm": np.where(single, -1, algo),
        "protocol": np.where(single, -1, proto),
    }


def allreduce(algorithm, n, g, size_bytes, nvlink_GBps, node_net_GBps, **kw):
    """(time_s, busbw_GBps, algorithm code, protocol code) of one AllReduce (see `collective`)."""
    out = collective("all_reduce", algorithm, n, g, size_bytes, nvlink_GBps, node_net_GBps, **kw)
    return out["time_s"], out["busbw_GBps"], out["algorithm"], out["protocol"]


def algorithm_name(code) -> str | None:
    code = int(code)
    return NCCL_ALGORITHMS[code] if 0 <= code < len(NCCL_ALGORITHMS) else None


def protocol_name(code) -> str | None:
    code = int(code)
    return PROTOCOLS[code] if 0 <= code < len(PROTOCOLS) else None


def ecmp_delivered_share(down, up, flows_per_nic, uplink_ratio=1.0):
    """Share of the leaf's offered load that statically hashed flows deliver through its uplinks.

    down NICs each send `flows_per_nic` equal flows, all leaving the leaf (fragmented placement,
    Meta SIGCOMM 2024), hashed uniformly onto `up` uplinks of `uplink_ratio` times the host link's
    speed (a 400G uplink above 200G host links carries two NICs' worth: ratio 2).
    """
    down = np.asarray(down, dtype=float)
    up = np.asarray(up, dtype=float)
    c = np.asarray(uplink_ratio, dtype=float)
    q = np.asarray(flows_per_nic, dtype=float) * c  # flows that fill one uplink
    flows = np.asarray(flows_per_nic, dtype=float) * down
    p = 1.0 / up
    shortfall = np.zeros(np.broadcast(down, up, q).shape)
    log_choose = np.zeros_like(shortfall)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_p, log_not_p = np.log(p), np.log1p(-p)
        max_q = np.nanmax(q) if q.size and np.isfinite(q).any() else 0
        for level in range(int(np.ceil(max_q))):
            active = level < q
            log_pmf = log_choose + level * log_p + (flows - level) * log_not_p
            pmf = np.where(active, np.exp(log_pmf), 0.0)
            shortfall = shortfall + pmf * (1.0 - level / q)
            log_choose = log_choose + np.log(np.maximum(flows - level, 1e-300)) - np.log(level + 1.0)
    per_link = 1.0 - shortfall  # E[min(1, L/q)]
    return np.minimum(1.0, up * c / down * per_link)


def network_share(tiers, down, up, routing_efficiency, flows_per_nic, uplink_ratio=1.0):
    """(routing efficiency, oversubscription factor) of the scale-out fabric.

    One switch tier has no multipath (efficiency 1). `routing_efficiency` NaN means static ECMP
    (computed from the collision model at the leaf uplinks, the first hashing stage; later stages
    see already-thinned traffic and are not compounded).
    """
    tiers = np.asarray(tiers)
    down = np.asarray(down, dtype=float)
    up = np.asarray(up, dtype=float)
    c = np.asarray(uplink_ratio, dtype=float)
    bound = np.minimum(1.0, up * c / down)
    multi = tiers > 1
    efficiency = np.asarray(routing_efficiency, dtype=float)
    shape = np.broadcast(tiers, down, up, efficiency, np.asarray(flows_per_nic), c).shape
    hashed = np.broadcast_to(np.isnan(efficiency) & multi, shape)
    ecmp = np.ones(shape)
    if hashed.any():  # the collision model only where flows are hashed (ECMP) across tiers
        pick = [np.broadcast_to(np.asarray(a, dtype=float), shape)[hashed] for a in (down, up, flows_per_nic, c, bound)]
        ecmp[hashed] = ecmp_delivered_share(pick[0], pick[1], pick[2], pick[3]) / pick[4]
    routing = np.where(np.isnan(efficiency), ecmp, efficiency)
    return np.where(multi, routing, 1.0), np.where(multi, bound, 1.0)
