"""The scale-out network of one MLPerf system, read from its free-text networking fields.

Submitters write `host_networking` as they like: "Storage: 2x ..., Compute: 8x ..., Management: ...",
"8x ConnectX-7 IB NDR 400Gb/s + 200Gb/s Ethernet NIC", "ROCE2; Data bandwidth for GPU-PCIe: ...",
"Infiniband, Ethernet" with the NICs in `host_network_card_count` or even in
`host_networking_topology`. The reading, as a careful human would do it:

1. Split each field into NIC items (role labels first, then `,` `;` ` + `); an item without a count
   that follows a counted item without a speed continues it ("2x Mellanox ConnectX-6, 100Gb/s Ethernet").
2. Per item: role (Compute / Storage / Management / NS / EW), count ("8x", "8 x", "2 100Gbe"),
   speed (explicit Gb/s figures, else the InfiniBand generation: EDR 100, HDR 200, NDR 400, XDR 800),
   fabric words (strong: InfiniBand/IB/NDR..., Ethernet, RoCE, Slingshot, EFA, Omni-Path/OPA;
   weak: a "GbE" unit alone, which submitters also write for InfiniBand), NIC model.
3. Compute NICs: the items labelled Compute (or EW); without labels, the unlabelled items, dropping
   management-class ones (<= 10 Gb/s, BMC ports) when others remain, then preferring one NIC per
   accelerator. Several candidates of different fabrics stay ambiguous (fabric NULL, a warning).
4. Fabric of the compute NICs: their strong words, else the strong words the submitter wrote
   elsewhere for the compute network (a bare "Infiniband", "ROCE2", a topology "Ethernet Fabric"),
   else their weak words. A VPI card described in both modes ("NDR/Ethernet 400Gb") is ambiguous.
Never a guess: what cannot be told is None, with a warning saying why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

FABRICS = ("infiniband", "roce", "ethernet", "slingshot", "efa", "omni-path", "tpu-ici", "other")
PLACEHOLDERS = {"", "n/a", "na", "-", "--", "todo", "none", "tbd", "not applicable", "unknown", "null", "not public"}
MANAGEMENT_MAX_GBPS = 10.0

_ROLE_LABEL = re.compile(r"\b(storage\s*\+\s*management|storage|management|compute|in-?band|out-of-band)\s*:", re.I)
_ROLE_WORDS = {"storage": "storage", "management": "management", "compute": "compute", "inband": "management",
               "in-band": "management", "out-of-band": "management"}
_SUFFIX_ROLE = re.compile(r"\bfor\s+(NS|EW|north-south|east-west)\b", re.I)
_COUNT = re.compile(r"^\W*(?:for each [^:]*:\s*)?(\d{1,3})\s*(?:[x×]\s*|\s+(?=\d))", re.I)
_SPEED = re.compile(r"(?:(?<=[x×X])|(?<![\w.]))(\d+(?:\.\d+)?)\s*G(?:bit|b|B|igabit)?(?:E\b|e\b|/s\b|/sec\b|ps\b|\s*/\s*sec\b|\b)", re.I)
_GIGABIT = re.compile(r"\bgig(?:a|abit)?\b", re.I)
_IB_GEN = re.compile(r"\b(QDR|FDR|EDR|HDR|NDR|XDR)(\d{2,3})?\b")
_GEN_GBPS = {"QDR": 40.0, "FDR": 56.0, "EDR": 100.0, "HDR": 200.0, "NDR": 400.0, "XDR": 800.0}
_NOT_A_NIC = re.compile(r"bandwidth|pcie-nic|gpu-pcie", re.I)
_MGMT_WORDS = re.compile(r"idrac|\bbmc\b|ipmi|\bi350\b|\bi210\b|x550|x710|bcm5719", re.I)
_DUAL_MODE = re.compile(r"(?:[QFEHNX]DR\d*|infini-?band)\s*/\s*(?:\d+\s*x\s*)?(?:\d+\s*G\w*E\b|ethernet)"
                        r"|\d+\s*GbE\s*/\s*[QFEHNX]DR", re.I)

_STRONG = (
    ("slingshot", re.compile(r"slingshot", re.I)),
    ("efa", re.compile(r"\bEFA\b|elastic\s+fabric\s+adapter", re.I)),
    ("omni-path", re.compile(r"omni-?path|\bOPA\b|cornelis", re.I)),
    ("roce", re.compile(r"\broce(?:v?2)?\b", re.I)),
    ("infiniband", re.compile(r"infini-?band|\bIB\b|\b[QFEHNX]DR\d*\b|\bquantum-\d", re.I)),
    ("ethernet", re.compile(r"ethernet|\bE810\b|\bX(?:XV)?710|\bX550|\bI350\b|\bI210\b|netxtreme|\bBCM\d|\bthor\s?2?\b"
                            r"|connectx-?\s?\d+\s*lx|\bgig(?:a|abit)?\b", re.I)),
)
_WEAK_ETHERNET = re.compile(r"\d\s*G(?:b)?E\b|gbe\b", re.I)
# Ethernet-based fabrics named more precisely: the precise name wins over "ethernet".
_OVER_ETHERNET = ("slingshot", "roce", "efa")

_MODELS = (
    (re.compile(r"\bBlue-?Field\s*-?\s*(\d)|\bBF(\d)\b", re.I), lambda m: f"BlueField-{m.group(1) or m.group(2)}"),
    (re.compile(r"\bConnect\s*-?\s*X\s*-?\s*(\d+)(\s*(?:Ex|Lx|Dx)\b)?", re.I),
     lambda m: f"ConnectX-{m.group(1)}{(' ' + m.group(2).strip()) if m.group(2) else ''}"),
    (re.compile(r"\bSlingshot\s+(SA\w+)", re.I), lambda m: f"HPE Slingshot {m.group(1)}"),
    (re.compile(r"omni-?path\s+HFI[^,]*?(\d+)\s+series", re.I), lambda m: f"Omni-Path HFI {m.group(1)} Series"),
    (re.compile(r"\bthor\s?2\b", re.I), lambda m: "Broadcom Thor2"),
    (re.compile(r"\bBCM\s?(\d{4,6})", re.I), lambda m: f"Broadcom BCM{m.group(1)}"),
    (re.compile(r"\b(E810|XXV710|X710|X550|I350|I210)\b", re.I), lambda m: f"Intel {m.group(1).upper()}"),
    (re.compile(r"MangoBoost\s+GPUBoost", re.I), lambda m: "MangoBoost GPUBoost"),
    (re.compile(r"pollara", re.I), lambda m: "AMD Pensando Pollara"),
)


@dataclass
class Nic:
    """One NIC item as written in one field."""
    text: str
    source_field: str
    role: str | None = None
    count: int | None = None
    gbps: float | None = None
    strong: frozenset = frozenset()
    weak: frozenset = frozenset()
    dual_mode: bool = False
    model: str | None = None

    @property
    def is_nic(self) -> bool:
        """A NIC item (count, speed or model), not just a fabric word like "Infiniband"."""
        return self.count is not None or self.gbps is not None or self.model is not None

    @property
    def management_class(self) -> bool:
        return (self.gbps is not None and self.gbps <= MANAGEMENT_MAX_GBPS) or bool(_MGMT_WORDS.search(self.text))

    def fabrics(self) -> set[str]:
        found = set(self.strong)
        if self.dual_mode:
            found |= {"infiniband", "ethernet"}
        return found


@dataclass
class Network:
    fabric: str | None = None
    nic_gbps: float | None = None
    compute_nics_per_node: int | None = None
    nic_model: str | None = None
    warnings: list[str] = field(default_factory=list)


def clean(value) -> str | None:
    """A free-text field as text, None when it is a placeholder ("", "N/A", "TODO", "-", ...)."""
    if value is None or isinstance(value, (dict, list)):
        return None
    text = re.sub(r"\s+", " ", str(value)).strip()
    return None if text.lower().strip(" .") in PLACEHOLDERS else text


def narrow(fabrics: set[str]) -> set[str]:
    """RoCE, Slingshot and EFA run over Ethernet: the precise name wins over the generic one."""
    if fabrics & set(_OVER_ETHERNET):
        fabrics = fabrics - {"ethernet"}
    return fabrics


def read_items(text: str | None, source_field: str) -> list[Nic]:
    """The NIC items of one field, in order."""
    if not text:
        return []
    items: list[Nic] = []
    labels = list(_ROLE_LABEL.finditer(text))
    segments = [(None, text[: labels[0].start()] if labels else text)]
    for i, m in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
        word = re.sub(r"\s+", "", m.group(1).lower())
        role = "management" if "management" in word else _ROLE_WORDS.get(word, word)
        segments.append((role, text[m.end(): end]))
    for label, segment in segments:
        # "Compute: 4 x ... HDR 200 Gb/Sec +  MT4119 [ConnectX-5] Ethernet": what follows " + " is another
        # NIC, which the label before the "+" does not cover
        parts = re.split(r"\s+\+\s+", segment)
        pieces = [(label if i == 0 else None, p) for i, part in enumerate(parts) for p in re.split(r"\s*[,;]\s*", part)]
        if _SUFFIX_ROLE.search(segment):
            pieces = [(r, p) for r, piece in pieces for p in re.split(r"\s+and\s+", piece)]
        previous: Nic | None = None
        for role, piece in pieces:
            piece = piece.strip(" .+")
            if not piece or _NOT_A_NIC.search(piece):
                previous = None
                continue
            nic = _read_item(piece, source_field, role)
            if (previous is not None and nic.count is None and previous.count is not None
                    and previous.gbps is None and previous.role == nic.role):
                merged = _read_item(f"{previous.text}, {piece}", source_field, role)
                merged.count = previous.count
                items[-1] = merged
                previous = merged
                continue
            items.append(nic)
            previous = nic
    return items


def _read_item(text: str, source_field: str, role: str | None) -> Nic:
    suffix = _SUFFIX_ROLE.search(text)
    if suffix:
        role = "compute" if suffix.group(1).lower() in ("ew", "east-west") else "frontend"
    count_m = _COUNT.match(text)
    count = int(count_m.group(1)) if count_m else None
    rest = text[count_m.end():] if count_m else text
    speeds = [float(m.group(1)) for m in _SPEED.finditer(rest)]
    gens = [float(m.group(2)) if m.group(2) else _GEN_GBPS[m.group(1)] for m in _IB_GEN.finditer(rest)]
    if not speeds and _GIGABIT.search(rest):
        speeds = [1.0]
    gbps = max(speeds + gens) if (speeds or gens) else None
    strong = frozenset(name for name, rx in _STRONG if rx.search(text))
    weak = frozenset({"ethernet"}) if _WEAK_ETHERNET.search(text) else frozenset()
    models = []
    for rx, fmt in _MODELS:
        for m in rx.finditer(text):
            name = fmt(m)
            if name not in models:
                models.append(name)
    return Nic(text=text, source_field=source_field, role=role, count=count, gbps=gbps, strong=strong, weak=weak,
               dual_mode=bool(_DUAL_MODE.search(text)), model=", ".join(models) or None)


def read_network(fields: dict[str, str | None], accelerators_per_node: int | None, accelerator: str | None) -> Network:
    """The compute network from the cleaned networking fields (`host_networking`,
    `host_network_card_count`, `host_networking_topology`, `interconnect`, `network_card`,
    `network_card_count`)."""
    net = Network()
    per_field = {name: read_items(text, name) for name, text in fields.items()
                 if name != "network_card_count"}
    nic_fields = [name for name in ("host_network_card_count", "host_networking", "host_networking_topology",
                                    "interconnect", "network_card") if any(n.is_nic for n in per_field.get(name, []))]
    items = [n for n in per_field.get(nic_fields[0], [])] if nic_fields else []
    bare_count = _bare_int(fields.get("host_network_card_count")) or _bare_int(fields.get("network_card_count"))

    # Words the submitter wrote for the compute network outside the NIC items themselves, field by
    # field: the first field that names exactly one fabric decides (host_networking before the
    # boilerplate of a topology such as "Ethernet/InfiniBand on switching network").
    general: set[str] = set()
    for name, nics in per_field.items():
        words = narrow(set().union(*[n.fabrics() for n in nics
                                     if n.role in (None, "compute")
                                     and (not n.is_nic or name != (nic_fields[0] if nic_fields else None))]))
        if len(words) == 1:
            general = words
            break
        general |= words

    compute, why = _compute_nics(items, accelerators_per_node)
    if why:
        net.warnings.append(why)
    if not compute:
        if general and len(general) == 1:
            net.fabric = next(iter(general))
            net.warnings.append(f"no compute NIC itemised; fabric read from the words {sorted(general)}")
        elif accelerator and re.search(r"\bTPU\b|tpu-", accelerator, re.I) and not general:
            net.fabric = "tpu-ici"
            net.warnings.append("no host network described; TPU systems scale over the TPU inter-chip "
                                "interconnect (ICI), so the fabric is read from the accelerator")
        elif general:
            net.warnings.append(f"compute fabric unclear: the file names {sorted(general)}")
        else:
            net.warnings.append("no compute network described")
        if bare_count is not None and net.fabric and net.fabric != "tpu-ici":
            net.compute_nics_per_node = bare_count
        return net

    fabrics = [narrow(n.fabrics()) for n in compute]
    kinds = set().union(*fabrics)
    if all(len(f) == 1 for f in fabrics) and len(kinds) == 1:
        net.fabric = next(iter(kinds))
    elif not kinds or any(not f for f in fabrics):
        if len(general) == 1:
            net.fabric = next(iter(general))
        else:
            weak = narrow(set().union(*(n.weak for n in compute)))
            if len(weak) == 1 and (not general or weak <= general):
                net.fabric = next(iter(weak))
                net.warnings.append("fabric read from a 'GbE' speed unit only")
            else:
                net.warnings.append("compute NICs name no fabric" + (f"; the file names {sorted(general)}" if general else ""))
    else:
        if len(general) == 1 and general <= kinds:
            net.fabric = next(iter(general))
            net.warnings.append(f"compute NICs can run {sorted(kinds)}; {net.fabric} read from the file's other words")
        else:
            net.warnings.append(f"compute fabric ambiguous: the compute NICs are described as {sorted(kinds)}")

    speeds = {n.gbps for n in compute if n.gbps is not None}
    if len(speeds) == 1:
        net.nic_gbps = speeds.pop()
    elif len(speeds) > 1:
        net.warnings.append(f"compute NICs of several speeds {sorted(speeds)} Gb/s")
    else:
        net.warnings.append("compute NIC speed not stated")
    counts = [n.count for n in compute]
    if all(c is not None for c in counts):
        net.compute_nics_per_node = sum(counts)
    elif bare_count is not None and len(compute) == 1:
        net.compute_nics_per_node = bare_count
    else:
        net.warnings.append("number of compute NICs per node not stated")
    if not any(n.model for n in compute) and len(compute) == 1:
        # older files: the interconnect in one field, the card in another (network_card)
        cards = [n.model for n in per_field.get("network_card", []) if n.model]
        if len(cards) == 1 and compute[0].source_field != "network_card":
            compute[0].model = cards[0]
    models = [n.model for n in compute if n.model]
    net.nic_model = ", ".join(dict.fromkeys(models)) or None
    if (net.compute_nics_per_node and accelerators_per_node and net.compute_nics_per_node > accelerators_per_node
            and not any(n.role == "compute" for n in compute)):
        net.warnings.append(f"{net.compute_nics_per_node} NICs for {accelerators_per_node} accelerators per node: "
                            "the count may include a storage NIC (roles not labelled)")
    return net


def _compute_nics(items: list[Nic], accelerators_per_node: int | None) -> tuple[list[Nic], str | None]:
    nics = [n for n in items if n.is_nic]
    labelled = [n for n in nics if n.role == "compute"]
    if labelled:
        return labelled, None
    candidates = [n for n in nics if n.role is None]
    if not candidates:
        roles = sorted({n.role for n in nics if n.role})
        return [], (f"only {', '.join(roles)} NICs are described" if roles else None)
    if len(candidates) > 1:
        fast = [n for n in candidates if not n.management_class]
        if fast:
            candidates = fast
    if len(candidates) > 1 and accelerators_per_node:
        per_gpu = [n for n in candidates if n.count == accelerators_per_node]
        if per_gpu:
            candidates = per_gpu
    if len(candidates) > 1:
        kinds = [frozenset(narrow(n.fabrics())) for n in candidates]
        if len(set(kinds)) > 1 or len({n.gbps for n in candidates}) > 1:
            desc = "; ".join(n.text for n in candidates)
            return [], f"several candidate compute NIC sets and no role labels: {desc}"
    return candidates, None


def _bare_int(text: str | None) -> int | None:
    if text is None:
        return None
    m = re.fullmatch(r"\s*(\d{1,3})\s*", str(text))
    return int(m.group(1)) if m else None
