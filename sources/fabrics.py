"""The fabric vocabulary: one list of fabric ids with their English labels, and the subsets each use takes.

Before, five lists named fabrics (the curated ledger's, the MLPerf classifier's, the TOP500 groups with
their labels, the claims extractor's, the dashboard's colours), and the dashboard read the TOP500 groups
from parser code. Every fabric id anywhere in the project is a key of `FABRICS`; a subset names ids only
(tests/sources/test_fabrics.py checks both). Labels in other languages live in the dashboard's catalog.
"""

from __future__ import annotations

# id -> English label. The TOP500 groups' labels say what the lists count ("Ethernet (excl. Slingshot)").
FABRICS: dict[str, str] = {
    "infiniband": "InfiniBand",
    "ethernet": "Ethernet",
    "roce": "RoCE",
    "spectrum-x": "Spectrum-X",
    "uec": "Ultra Ethernet",
    "nvlink": "NVLink",
    "slingshot": "Slingshot",
    "omni-path": "Omni-Path",
    "efa": "EFA",
    "tpu-ici": "TPU ICI",
    "proprietary": "Proprietary/custom",
    "myrinet": "Myrinet",
    "quadrics": "Quadrics",
    "other": "Other",
    "not_stated": "Not stated",
    "none": "No scale-out fabric (single node)",
}

# What a curated ledger row may name in its `fabric` column.
LEDGER = ("infiniband", "ethernet", "roce", "spectrum-x", "uec", "nvlink", "slingshot", "omni-path", "other")

# What the MLPerf system-description reader tells apart (sources/parsers/mlperf).
# "none": a single node, which has no scale-out fabric.
MLPERF = ("infiniband", "roce", "ethernet", "slingshot", "efa", "omni-path", "tpu-ici", "other", "none")

# TOP500 interconnect groups, in display order, with the labels the TOP500 marts and pages print.
TOP500_GROUPS: dict[str, str] = {
    "infiniband": "InfiniBand",
    "ethernet": "Ethernet (excl. Slingshot)",
    "slingshot": "Slingshot",
    "omni-path": "Omni-Path",
    "proprietary": "Proprietary/custom",
    "myrinet": "Myrinet",
    "quadrics": "Quadrics",
    "other": "Other",
    "not_stated": "Not stated in the list (N/A)",
}
