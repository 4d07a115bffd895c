"""Step time of data-parallel training: compute plus the gradient AllReduce not hidden under it.

Calculon's accounting (SC23; calculon/network.py and its per-batch breakdown): the step is compute
plus the exposed part of communication; the DP gradient AllReduce can overlap the backward pass.
Here the overlappable share of compute hides communication up to its length:
  exposed = max(0, t_comm - overlap * t_compute);  step = t_compute + exposed
  GPU utilization = t_compute / step (1.0 = never waiting on the network).
`params` are the parameters each GPU holds and AllReduces (after any tensor/pipeline sharding).
"""

from __future__ import annotations

import numpy as np


def gradient_bytes(params, bytes_per_grad_element):
    return np.asarray(params, dtype=float) * np.asarray(bytes_per_grad_element, dtype=float)


def step_time(compute_s, comm_s, overlap_share):
    compute_s = np.asarray(compute_s, dtype=float)
    comm_s = np.asarray(comm_s, dtype=float)
    hidden = np.minimum(comm_s, np.asarray(overlap_share, dtype=float) * compute_s)
    exposed = comm_s - hidden
    step = compute_s + exposed
    with np.errstate(divide="ignore", invalid="ignore"):
        utilization = np.where(step > 0, compute_s / step, 1.0)
    return exposed, step, utilization
