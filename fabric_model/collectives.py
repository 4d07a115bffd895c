"""Fabric efficiency and collective time (alpha-beta), vectorized over scenarios.

Sources:
- busbw definition: nccl-tests doc/PERFORMANCE.md (AllReduce busbw = algbw * 2(n-1)/n;
  AllGather / ReduceScatter (n-1)/n).
- Ring across nodes is bound by min(scale-up bandwidth, the node's NIC bandwidth); tree busbw
  = min(node NIC bw * k, scale-up bw * g/(g-1)) * (n-1)/n with k = 2 (2 nodes), 4/3 (3), 1 (more):
  SimAI calbusbw.cc (Alibaba, NSDI 2025).
- Latency: NCCL tuning.cc (ring: base + intra steps * NVLink latency + 2(nodes-1) * net latency;
  tree: base + 2((g-1) intra + log2(nodes) * net)); Simple-protocol constants from constants.csv.
- In-network reduction (SHARP): each GPU's NIC sends and receives S/g once after an intra-domain
  reduce-scatter (Calculon all_reduce [1.0, 1]); the NVLink stage and the network stage pipeline.
- ECMP: F flows hashed onto P uplinks, a link carrying L flows delivers min(1, L/q) of its
  capacity (q = flows per NIC); E over L ~ Binomial(F, 1/P). With q = 1 and F = P this is
  1 - (1 - 1/P)^F (costmodel-sources B5, balls into bins), 0.632 for large P.
"""

from __future__ import annotations

import numpy as np

RING, TREE, IN_NETWORK = 0, 1, 2
ALGORITHM_CODES = {"ring": RING, "tree": TREE, "in-network": IN_NETWORK}


def ecmp_delivered_share(down, up, flows_per_nic):
    """Share of the leaf's offered load that statically hashed flows deliver through its uplinks.

    down NICs each send `flows_per_nic` equal flows, all leaving the leaf (fragmented placement,
    Meta SIGCOMM 2024), hashed uniformly onto `up` uplinks of the NIC's speed.
    """
    down = np.asarray(down, dtype=float)
    up = np.asarray(up, dtype=float)
    q = np.asarray(flows_per_nic, dtype=float)
    flows = q * down
    p = 1.0 / up
    shortfall = np.zeros(np.broadcast(down, up, q).shape)
    log_choose = np.zeros_like(shortfall)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_p, log_not_p = np.log(p), np.log1p(-p)
        max_q = np.nanmax(q) if q.size and np.isfinite(q).any() else 0
        for level in range(int(max_q)):
            active = level < q
            log_pmf = log_choose + level * log_p + (flows - level) * log_not_p
            pmf = np.where(active, np.exp(log_pmf), 0.0)
            shortfall = shortfall + pmf * (1.0 - level / q)
            log_choose = log_choose + np.log(np.maximum(flows - level, 1e-300)) - np.log(level + 1.0)
    per_link = 1.0 - shortfall  # E[min(1, L/q)]
    return np.minimum(1.0, up / down * per_link)


def network_share(tiers, down, up, routing_efficiency, flows_per_nic):
    """(routing efficiency, oversubscription factor) of the scale-out fabric.

    One switch tier has no multipath (efficiency 1). `routing_efficiency` NaN means static ECMP
    (computed from the collision model at the leaf uplinks, the first hashing stage; later stages
    see already-thinned traffic and are not compounded).
    """
    tiers = np.asarray(tiers)
    down = np.asarray(down, dtype=float)
    up = np.asarray(up, dtype=float)
    bound = np.minimum(1.0, up / down)
    ecmp = ecmp_delivered_share(down, up, flows_per_nic) / bound
    routing = np.where(np.isnan(routing_efficiency), ecmp, routing_efficiency)
    multi = tiers > 1
    return np.where(multi, routing, 1.0), np.where(multi, bound, 1.0)


def allreduce(algorithm, n, g, size_bytes, scaleup_GBps, node_net_GBps, lat, hop_us):
    """(time_s, busbw_GBps) of one AllReduce of `size_bytes` over n GPUs in domains of g.

    `lat` holds the NCCL latency constants in microseconds; `hop_us` the extra latency of the
    switch hops beyond one switch. Bandwidths are per direction, in GB/s.
    """
    n = np.asarray(n, dtype=float)
    g = np.minimum(np.asarray(g, dtype=float), n)
    size = np.asarray(size_bytes, dtype=float)
    algorithm = np.asarray(algorithm)
    b_up = np.asarray(scaleup_GBps, dtype=float) * 1e9
    b_node = np.asarray(node_net_GBps, dtype=float) * 1e9
    nodes = np.ceil(np.round(n / g, 9))
    multi = nodes > 1
    factor = 2.0 * (n - 1.0) / n
    net_ring_us = lat["net_ring"] + hop_us
    net_tree_us = lat["net_tree"] + hop_us
    net_collnet_us = lat["net_collnet"] + hop_us

    with np.errstate(divide="ignore", invalid="ignore"):
        steps = 2.0 * (n - 1.0)
        inter = np.where(multi, 2.0 * (nodes - 1.0), 0.0)
        alpha_ring = lat["base_ring"] + (steps - inter) * lat["nvlink"] + inter * net_ring_us
        ring_bw = np.where(multi, np.minimum(b_up, b_node), b_up)
        t_ring = alpha_ring * 1e-6 + factor * size / ring_bw

        k_tree = np.select([nodes == 2, nodes == 3], [2.0, 4.0 / 3.0], default=1.0)
        up_term = np.where(g > 1, b_up * g / (g - 1.0), np.inf)
        tree_bus = np.minimum(b_node * k_tree, up_term) * (n - 1.0) / n
        alpha_tree = lat["base_tree"] + 2.0 * ((g - 1.0) * lat["nvlink"] + np.log2(nodes) * net_tree_us)
        t_tree = alpha_tree * 1e-6 + factor * size / tree_bus

        t_up = np.where(g > 1, 2.0 * (g - 1.0) / g * size / b_up, 0.0)
        t_net = size / b_node
        alpha_inc = lat["base_ring"] + 2.0 * (g - 1.0) * lat["nvlink"] + 2.0 * net_collnet_us
        t_inc = alpha_inc * 1e-6 + np.maximum(t_up, t_net)

        time_s = np.select([algorithm == TREE, algorithm == IN_NETWORK], [t_tree, t_inc], default=t_ring)
        time_s = np.where(multi, time_s, t_ring)  # one domain: NVLink ring whatever was asked
        time_s = np.where(n > 1, time_s, 0.0)
        busbw = np.where(n > 1, size / time_s * factor, 0.0) / 1e9
    return time_s, busbw


def allgather_ring(n, g, size_bytes, scaleup_GBps, node_net_GBps, lat, hop_us):
    """(time_s, busbw_GBps) of a ring AllGather / ReduceScatter (S = total bytes, nccl-tests)."""
    n = np.asarray(n, dtype=float)
    g = np.minimum(np.asarray(g, dtype=float), n)
    size = np.asarray(size_bytes, dtype=float)
    b_up = np.asarray(scaleup_GBps, dtype=float) * 1e9
    b_node = np.asarray(node_net_GBps, dtype=float) * 1e9
    nodes = np.ceil(np.round(n / g, 9))
    multi = nodes > 1
    factor = (n - 1.0) / n
    with np.errstate(divide="ignore", invalid="ignore"):
        inter = np.where(multi, nodes - 1.0, 0.0)
        alpha = lat["base_ring"] + (n - 1.0 - inter) * lat["nvlink"] + inter * (lat["net_ring"] + hop_us)
        bw = np.where(multi, np.minimum(b_up, b_node), b_up)
        time_s = np.where(n > 1, alpha * 1e-6 + factor * size / bw, 0.0)
        busbw = np.where(n > 1, size / time_s * factor, 0.0) / 1e9
    return time_s, busbw


def latency_constants(catalog) -> dict[str, float]:
    return {
        "base_ring": catalog.constant("nccl_base_lat_ring_us"),
        "base_tree": catalog.constant("nccl_base_lat_tree_us"),
        "net_ring": catalog.constant("nccl_hw_lat_net_ring_us"),
        "net_tree": catalog.constant("nccl_hw_lat_net_tree_us"),
        "net_collnet": catalog.constant("nccl_hw_lat_net_collnet_us"),
        "nvlink": catalog.constant("nccl_hw_lat_nvlink_us"),
    }


ZERO_LATENCY = dict.fromkeys(("base_ring", "base_tree", "net_ring", "net_tree", "net_collnet", "nvlink"), 0.0)
