"""The scale-out network of one MLPerf system, read from its free-text networking fields.

Submitters write `host_networking` as they like: "Storage: 2x ..., Compute: 8x ..., Management: ...",
"8x ConnectX-7 IB NDR 400Gb/s + 200Gb/s Ethernet NIC", "ROCE2; Data bandwidth for GPU-PCIe: ...",
"Infiniband, Ethernet" with the NICs in `host_network_card_count`, in `host_networking_topology`, or even
in `accelerator_host_interconnect` ("Slingshot 11, 4x Cassini NIC at 200 Gbps"). The reading, as a
careful human would do it:

1. Split each field into NIC items (role labels first, then `,` `;` ` + ` outside parentheses); an item
   without a count that follows a counted item without a speed continues it ("2x Mellanox ConnectX-6,
   100Gb/s Ethernet").
2. Per item: role (Compute / Storage / Management / E/W / N/S / control plane), count ("8x", "8 x",
   "4×"), port speed (explicit Gb/s figures, else the InfiniBand generation: EDR 100, HDR 200, NDR 400,
   XDR 800, or its stated lane speed: NDR200, HDR100), ports a card ("2x400Gb/s", "4x 200 Gb/s breakout",
   "1-port", "2p"), fabric words (strong: InfiniBand/IB, Ethernet, RoCE/"RDMA over Ethernet",
   Slingshot, EFA, Omni-Path; a generation name (NDR, XDR) counts as InfiniBand only when the item does
   not say Ethernet: "ConnectX-8 Ethernet NDR 2x400" is Ethernet; weak: a "GbE" unit alone), NIC model.
3. Compute NICs: the items labelled Compute (or E/W); without labels, the unlabelled items minus
   management-class ones (<= 10 Gb/s, BMC, RJ45, 10GBASE-T, I350/I210/X550/X710 parts) and, when several
   remain, the set with one NIC per accelerator. What is left out is recorded with its role and why.
   A count that cannot be NICs (more than 4 per accelerator, or more than one per accelerator for an
   item that names no speed, model or fabric, such as "26 x Broadcom Inc. and subsidiaries") is refused.
4. Fabric of the compute NICs: their strong words, else the words the submitter wrote elsewhere for the
   compute network (a bare "Infiniband", "ROCE2", a topology "Ethernet Fabric"), else their weak words.
   A VPI card described in both modes ("NDR/Ethernet 400Gb") is ambiguous.
5. A single node has no scale-out fabric: `fabric` is "none" and `nic_fabric` keeps what its compute NICs
   are; it has no per-node scale-out bandwidth.
Never a guess: what cannot be told is None, with a warning saying why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sources.fabrics import MLPERF as FABRICS  # noqa: F401 - the ids this reader tells apart (one fabric vocabulary)
from sources.parsers.mlperf.items import MGMT_WORDS, NIC_WORD, Nic, narrow, read_items

# The fabric id of a single-node system (sources/fabrics.py): it has no scale-out fabric.
NO_SCALE_OUT = "none"
PLACEHOLDERS = {"", "n/a", "na", "-", "--", "todo", "none", "tbd", "not applicable", "unknown", "null", "not public"}
# More NICs than this per accelerator is no compute-NIC count (AWS p5 has 32 EFA interfaces for 8 GPUs).
MAX_NICS_PER_ACCELERATOR = 4
# Fields read for NICs, in order of preference; the extra ones count only where they name a fabric or a NIC.
NIC_FIELDS = ("host_network_card_count", "host_networking", "host_networking_topology", "interconnect", "network_card")
EXTRA_FIELDS = ("accelerator_host_interconnect", "hw_notes", "sw_notes")


@dataclass
class Network:
    fabric: str | None = None
    nic_fabric: str | None = None
    nic_gbps: float | None = None
    port_gbps: float | None = None
    ports_per_nic: int | None = None
    compute_nics_per_node: int | None = None
    scaleout_gbps_per_node: float | None = None
    nic_model: str | None = None
    fabric_basis: str | None = None
    excluded: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def clean(value) -> str | None:
    """A free-text field as text, None when it is a placeholder ("", "N/A", "TODO", "-", ...)."""
    if value is None or isinstance(value, (dict, list)):
        return None
    text = re.sub(r"\s+", " ", str(value)).strip()
    return None if text.lower().strip(" .") in PLACEHOLDERS else text


def read_network(
    fields: dict[str, str | None], accelerators_per_node: int | None, accelerator: str | None, nodes: int | None = None
) -> Network:
    """The compute network from the cleaned networking fields (`NIC_FIELDS`, `EXTRA_FIELDS`,
    `network_card_count`); `nodes` = 1 gives fabric "none"."""
    net = Network()
    per_field: dict[str, list[Nic]] = {}
    for name in (*NIC_FIELDS, *EXTRA_FIELDS):
        items = read_items(fields.get(name), name)
        if name in EXTRA_FIELDS:  # NVLink-C2C 900 GB/s is no NIC: only items that name a fabric or a NIC
            items = [n for n in items if n.fabrics() or NIC_WORD.search(n.text)]
        per_field[name] = items
    bare_count = _bare_int(fields.get("host_network_card_count")) or _bare_int(fields.get("network_card_count"))

    # Compute NICs: per field, then the first field whose compute NICs state a speed (else the first with any).
    chosen_field, compute, why, excluded = None, [], None, []
    candidates = []
    for name, items in per_field.items():
        c, w, ex = _compute_nics(items, accelerators_per_node)
        candidates.append((name, c, w, ex))
    with_speed = [x for x in candidates if x[1] and all(n.gbps is not None for n in x[1])]
    with_any = [x for x in candidates if x[1]]
    pick = (with_speed or with_any or [None])[0]
    if pick:
        chosen_field, compute, why, excluded = pick
        # counts given in another field for the same NICs ("4 GPU-attached + 2 control plane")
        if any(n.count is None for n in compute) and len(compute) == 1:
            other = [n for x in with_any if x[0] != chosen_field for n in x[1] if n.count is not None]
            if len(other) == 1:
                compute[0].count = other[0].count
    else:
        # nothing chosen: the management/storage NICs of the first field that has NICs are what was excluded
        for _name, _c, w, ex in candidates:
            if ex or w:
                why, excluded = w, ex
                break
    # what other fields leave out by role (a "2 control plane" in the card count) is excluded too
    for name, _c, _w, ex in candidates:
        if name != chosen_field:
            excluded = excluded + [e for e in ex if "(labelled)" in e and e not in excluded]
    net.excluded = excluded
    if why:
        net.warnings.append(why)

    # Words the submitter wrote for the compute network outside the chosen NIC items, field by field: the
    # first field that names exactly one fabric decides. Management-class items never speak for the fabric.
    general: set[str] = set()
    for name, nics in per_field.items():
        words = narrow(
            set().union(
                *[
                    n.fabrics()
                    for n in nics
                    if n.role in (None, "compute") and not n.management_class and (not n.is_nic or name != chosen_field)
                ]
            )
        )
        if len(words) == 1:
            general = words
            break
        general |= words

    if not compute:
        only_management = bool(excluded) and all(": management" in e for e in excluded)
        if only_management:
            net.warnings.append("only management-class NICs described: no compute network")
        elif general and len(general) == 1:
            net.nic_fabric = next(iter(general))
            net.fabric_basis = f"no compute NIC itemised; the file's words {sorted(general)}"
            net.warnings.append(f"no compute NIC itemised; fabric read from the words {sorted(general)}")
        elif accelerator and re.search(r"\bTPU\b|tpu-", accelerator, re.I) and not general:
            net.nic_fabric = "tpu-ici"
            net.fabric_basis = "TPU: the chips scale over the TPU inter-chip interconnect (ICI)"
            net.warnings.append(
                "no host network described; TPU systems scale over the TPU inter-chip interconnect "
                "(ICI), so the fabric is read from the accelerator"
            )
        elif general:
            net.warnings.append(f"compute fabric unclear: the file names {sorted(general)}")
        else:
            net.warnings.append("no compute network described")
        if bare_count is not None and net.nic_fabric and net.nic_fabric != "tpu-ici":
            net.compute_nics_per_node = _credible(bare_count, None, accelerators_per_node, net)
        return _finish(net, nodes)

    fabrics = [narrow(n.fabrics()) for n in compute]
    kinds = set().union(*fabrics)
    desc = "; ".join(n.text for n in compute)
    if all(len(f) == 1 for f in fabrics) and len(kinds) == 1:
        net.nic_fabric = next(iter(kinds))
        net.fabric_basis = f"compute NICs: {desc}"
    elif not kinds or any(not f for f in fabrics):
        if len(general) == 1:
            net.nic_fabric = next(iter(general))
            net.fabric_basis = f"the file's words {sorted(general)} for compute NICs naming no fabric ({desc})"
        else:
            weak = narrow(set().union(*(n.weak for n in compute)))
            if len(weak) == 1 and (not general or weak <= general):
                net.nic_fabric = next(iter(weak))
                net.fabric_basis = f"a 'GbE' speed unit only: {desc}"
                net.warnings.append("fabric read from a 'GbE' speed unit only")
            else:
                net.warnings.append(
                    "compute NICs name no fabric" + (f"; the file names {sorted(general)}" if general else "")
                )
    else:
        if len(general) == 1 and general <= kinds:
            net.nic_fabric = next(iter(general))
            net.fabric_basis = f"compute NICs can run {sorted(kinds)}; {net.nic_fabric} from the file's other words"
            net.warnings.append(
                f"compute NICs can run {sorted(kinds)}; {net.nic_fabric} read from the file's other words"
            )
        else:
            net.warnings.append(f"compute fabric ambiguous: the compute NICs are described as {sorted(kinds)}")

    speeds = {n.gbps for n in compute if n.gbps is not None}
    if len(speeds) == 1:
        net.nic_gbps = speeds.pop()
        ports = {n.ports for n in compute}
        port_speeds = {n.port_gbps for n in compute}
        if len(ports) == 1 and len(port_speeds) == 1:
            net.ports_per_nic, net.port_gbps = ports.pop(), port_speeds.pop()
    elif len(speeds) > 1:
        net.warnings.append(f"compute NICs of several speeds {sorted(speeds)} Gb/s")
    else:
        net.warnings.append("compute NIC speed not stated")
    counts = [n.count for n in compute]
    if all(c is not None for c in counts):
        net.compute_nics_per_node = _credible(sum(counts), compute, accelerators_per_node, net)
    elif bare_count is not None and len(compute) == 1:
        net.compute_nics_per_node = _credible(bare_count, None, accelerators_per_node, net)
    else:
        net.warnings.append("number of compute NICs per node not stated")
    if not any(n.model for n in compute) and len(compute) == 1:
        # older files: the interconnect in one field, the card in another (network_card)
        cards = [n.model for n in per_field.get("network_card", []) if n.model]
        if len(cards) == 1 and compute[0].source_field != "network_card":
            compute[0].model = cards[0]
    models = [n.model for n in compute if n.model]
    net.nic_model = ", ".join(dict.fromkeys(models)) or None
    if (
        net.compute_nics_per_node
        and accelerators_per_node
        and net.compute_nics_per_node > accelerators_per_node
        and not any(n.role == "compute" for n in compute)
    ):
        net.warnings.append(
            f"{net.compute_nics_per_node} NICs for {accelerators_per_node} accelerators per node: "
            "the count may include a storage NIC (roles not labelled)"
        )
    if net.compute_nics_per_node and net.nic_gbps:
        net.scaleout_gbps_per_node = net.compute_nics_per_node * net.nic_gbps
    return _finish(net, nodes)


def _finish(net: Network, nodes: int | None) -> Network:
    """The scale-out fabric: the compute NICs' for a system of several nodes, none for a single node."""
    if nodes == 1:
        net.fabric = NO_SCALE_OUT
        net.scaleout_gbps_per_node = None
        net.fabric_basis = "single node: no scale-out fabric" + (
            f" (its compute NICs: {net.nic_fabric})" if net.nic_fabric else ""
        )
    else:
        net.fabric = net.nic_fabric
    return net


def _credible(count: int, compute: list[Nic] | None, accelerators_per_node: int | None, net: Network) -> int | None:
    """The count, or None with a warning when it cannot be a number of compute NICs."""
    bare = compute is not None and not any(n.gbps or n.model or n.fabrics() for n in compute)
    limit = MAX_NICS_PER_ACCELERATOR * accelerators_per_node if accelerators_per_node else 64
    if count > limit or (bare and accelerators_per_node and count > accelerators_per_node):
        what = "; ".join(n.text for n in compute) if compute else str(count)
        net.warnings.append(
            f"implausible compute NIC count refused: {what!r} ({count} for "
            f"{accelerators_per_node or 'an unknown number of'} accelerators, no NIC speed, model or fabric)"
        )
        return None
    return count


def _compute_nics(items: list[Nic], accelerators_per_node: int | None) -> tuple[list[Nic], str | None, list[str]]:
    """(compute NICs, a warning, the left-out NICs as 'text: role (why)') of one field's items."""
    nics = [n for n in items if n.is_nic]
    excluded: list[str] = []
    labelled = [n for n in nics if n.role == "compute"]
    if labelled:
        excluded = [f"{n.text}: {n.role} (labelled)" for n in nics if n.role and n.role != "compute"]
        excluded += [f"{n.text}: extra (not in the labelled compute set)" for n in nics if n.role is None]
        return labelled, None, excluded
    excluded = [f"{n.text}: {n.role} (labelled)" for n in nics if n.role]
    candidates = [n for n in nics if n.role is None]
    management = [n for n in candidates if n.management_class]
    excluded += [
        f"{n.text}: management ({'wording' if MGMT_WORDS.search(n.text) else '<= 10 Gb/s'})" for n in management
    ]
    candidates = [n for n in candidates if not n.management_class]
    if not candidates:
        roles = sorted({n.role for n in nics if n.role} | ({"management"} if management else set()))
        return [], (f"only {', '.join(roles)} NICs are described" if roles else None), excluded
    if len(candidates) > 1 and accelerators_per_node:
        per_gpu = [n for n in candidates if n.count == accelerators_per_node]
        if per_gpu:
            excluded += [f"{n.text}: extra (not one per accelerator)" for n in candidates if n not in per_gpu]
            candidates = per_gpu
    if len(candidates) > 1:
        kinds = [frozenset(narrow(n.fabrics())) for n in candidates]
        if len(set(kinds)) > 1 or len({n.gbps for n in candidates}) > 1:
            desc = "; ".join(n.text for n in candidates)
            return [], f"several candidate compute NIC sets and no role labels: {desc}", []
    return candidates, None, excluded


def _bare_int(text: str | None) -> int | None:
    if text is None:
        return None
    m = re.fullmatch(r"\s*(\d{1,3})\s*", str(text))
    return int(m.group(1)) if m else None
