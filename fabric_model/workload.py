"""Step time of data-parallel training: compute plus the gradient AllReduce not hidden under it.

Calculon's accounting (SC23; calculon/network.py and its per-batch breakdown): the step is compute
plus the exposed part of communication; the DP gradient AllReduce can overlap the backward pass.
Here the overlappable share of compute hides communication up to its length:
  exposed = max(0, t_comm - overlap * t_compute);  step = t_compute + exposed
  GPU utilization = t_compute / step (1.0 = never waiting on the network).
`params` are the parameters each GPU holds and AllReduces (after any tensor/pipeline sharding).
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class PublishedWorkload:
    """A published large-model training configuration, turned into the model's workload inputs.

    The model's step is compute plus the data-parallel gradient exchange not hidden under it. With
    tensor parallelism inside the 8-GPU node (TP = GPUs per node) and PP pipeline stages, each node
    holds one stage: its GPUs' NICs together carry that stage's gradients, so `params` = total / PP.
    Compute per step = 6 x parameters x tokens per batch / (GPUs x achieved FLOP/s per GPU), at a global
    batch held constant as GPUs change (the paper does). Overlap: with pipeline parallelism the
    gradient exchange of a stage overlaps only the last micro-batch's backward and the first one's
    forward: a labelled assumption of 1 / micro-batches per DP rank.
    """

    workload_id: str
    name: str
    source: str
    url: str
    params_total: float
    tensor_parallel: int
    pipeline_parallel: int
    seq_len: int
    tokens_per_batch: float
    achieved_flops_per_gpu: float
    bytes_per_grad_element: float
    bytes_basis: str
    published_gpus: int

    def scenario_fields(self, gpus: int) -> dict[str, float]:
        dp = max(gpus / (self.tensor_parallel * self.pipeline_parallel), 1.0)
        micro_batches = max(self.tokens_per_batch / (self.seq_len * dp), 1.0)
        return {
            "params": self.params_total / self.pipeline_parallel,
            "bytes_per_grad_element": self.bytes_per_grad_element,
            "compute_s_per_step": 6.0
            * self.params_total
            * self.tokens_per_batch
            / (gpus * self.achieved_flops_per_gpu),
            "overlap_share": min(1.0, 1.0 / micro_batches),
        }


# Meta, The Llama 3 Herd of Models (arXiv 2407.21783), Table 4 (405B pre-training, 16,384 H100):
# TP 8, CP 1, PP 16, DP 128, sequence 8,192, batch size per DP 16, 16M tokens per batch, 400 TFLOPs
# per GPU (41 % BF16 MFU); section 3.3.2: "reduce-scatter gradients in FP32 across data parallel
# workers in FSDP" (4 bytes) and model shards are all-gathered in BF16 once (2 bytes): as one AllReduce
# that is (4 + 2) / 2 = 3 bytes per element (derived).
LLAMA3_405B = PublishedWorkload(
    workload_id="llama3-405b",
    name="Llama 3 405B pre-training (Meta, 2024)",
    source="Meta, The Llama 3 Herd of Models (arXiv 2407.21783), Table 4 and section 3.3.2",
    url="https://arxiv.org/abs/2407.21783",
    params_total=405e9,
    tensor_parallel=8,
    pipeline_parallel=16,
    seq_len=8192,
    tokens_per_batch=8192 * 16 * 128,
    achieved_flops_per_gpu=400e12,
    bytes_per_grad_element=3.0,
    bytes_basis="FP32 gradient reduce-scatter + BF16 parameter all-gather = one AllReduce of 3-byte elements (derived)",
    published_gpus=16384,
)

PUBLISHED_WORKLOADS = {w.workload_id: w for w in (LLAMA3_405B,)}
