"""NIC items of MLPerf networking free text: one item per NIC set as written ("8x ConnectX-7 IB NDR 400Gb/s"),
with its role, count, ports, speed, fabric words and model. `sources.parsers.mlperf.nics` decides from the
items which NICs are the compute set and what the system's scale-out network is."""

from __future__ import annotations

import re
from dataclasses import dataclass

MANAGEMENT_MAX_GBPS = 10.0

_ROLE_LABEL = re.compile(r"\b(storage\s*\+\s*management|storage|management|compute|in-?band|out-of-band)\s*:", re.I)
_ROLE_WORDS = {
    "storage": "storage",
    "management": "management",
    "compute": "compute",
    "inband": "management",
    "in-band": "management",
    "out-of-band": "management",
}
_SUFFIX_ROLE = re.compile(
    r"\bfor\s+(NS|EW|north-south|east-west)\b|\((E/W|N/S|EW|NS)\)|\b(east-west|north-south)\b"
    r"|\b(control[- ]plane|front[- ]?end)\b|\((management|storage)\)",
    re.I,
)
_COUNT = re.compile(r"^\W*(?:for each [^:]*:\s*)?(\d{1,3})\s*(?:[x×]\s*|\s+(?=\d))", re.I)
_SPEED = re.compile(
    r"(?:(?<=[x×X])|(?<![\w.]))(\d+(?:\.\d+)?)\s*G(?:bit|b|B|igabit)?(?:E\b|e\b|/s\b|/sec\b|ps\b|\s*/\s*sec\b|\b)", re.I
)
_PORTS_SPEED = re.compile(r"(?<![\w.])([1-8])\s*[x×]\s*(\d+(?:\.\d+)?)\s*G", re.I)
_PORTS_WORD = re.compile(r"\b([1-8])\s*-?\s*(?:ports?\b|p\b)|\b(single|dual|quad)[- ]port\b", re.I)
_PORT_WORDS = {"single": 1, "dual": 2, "quad": 4}
_GIGABIT = re.compile(r"\bgig(?:a|abit)?\b", re.I)
_IB_GEN = re.compile(r"\b(QDR|FDR|EDR|HDR|NDR|XDR)\s?(\d{2,3})?\b")
_GEN_GBPS = {"QDR": 40.0, "FDR": 56.0, "EDR": 100.0, "HDR": 200.0, "NDR": 400.0, "XDR": 800.0}
_NOT_A_NIC = re.compile(r"bandwidth|pcie-nic|gpu-pcie", re.I)
MGMT_WORDS = re.compile(r"idrac|\bbmc\b|ipmi|\bi350\b|\bi210\b|x550|x710|bcm5719|rj-?45|gbase-t|management", re.I)
_DUAL_MODE = re.compile(
    r"(?:[QFEHNX]DR\d*|infini-?band)\s*/\s*(?:\d+\s*x\s*)?(?:\d+\s*G\w*E\b|ethernet|EN\b)"
    r"|\d+\s*GbE\s*/\s*[QFEHNX]DR",
    re.I,
)
NIC_WORD = re.compile(r"\bNICs?\b|adapter|connectx|bluefield|cassini|supernic", re.I)
_EXPLICIT_IB = re.compile(r"infini-?band|\bIB\b|\bquantum-\d", re.I)
_EXPLICIT_ETHERNET = re.compile(r"ethernet|\d\s*G(?:b)?E\b|gbe\b", re.I)

_STRONG = (
    ("slingshot", re.compile(r"slingshot", re.I)),
    ("efa", re.compile(r"\bEFA\b|elastic\s+fabric\s+adapter", re.I)),
    ("omni-path", re.compile(r"omni-?path|\bOPA\b|cornelis", re.I)),
    ("roce", re.compile(r"\broce(?:v?2)?\b|rdma\s+over\s+(?:converged\s+)?ethernet", re.I)),
    ("infiniband", _EXPLICIT_IB),
    (
        "ethernet",
        re.compile(
            r"ethernet|\bE810\b|\bX(?:XV)?710|\bX550|\bI350\b|\bI210\b|netxtreme|\bBCM\d|\bthor\s?2?\b"
            r"|connectx-?\s?\d+\s*lx|\bgig(?:a|abit)?\b",
            re.I,
        ),
    ),
)
_WEAK_ETHERNET = re.compile(r"\d\s*G(?:b)?E\b|gbe\b", re.I)
# Ethernet-based fabrics named more precisely: the precise name wins over "ethernet".
_OVER_ETHERNET = ("slingshot", "roce", "efa")

_MODELS = (
    (re.compile(r"\bBlue-?Field\s*-?\s*(\d)|\bBF(\d)\b", re.I), lambda m: f"BlueField-{m.group(1) or m.group(2)}"),
    (
        re.compile(r"\bConnect\s*-?\s*X\s*-?\s*(\d+)(\s*(?:Ex|Lx|Dx)\b)?", re.I),
        lambda m: f"ConnectX-{m.group(1)}{(' ' + m.group(2).strip()) if m.group(2) else ''}",
    ),
    (re.compile(r"\bSlingshot\s+(SA\w+)", re.I), lambda m: f"HPE Slingshot {m.group(1)}"),
    (re.compile(r"\bCassini\b", re.I), lambda m: "HPE Slingshot Cassini"),
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
    gbps: float | None = None  # the card: ports x port speed when the ports are stated
    port_gbps: float | None = None
    ports: int | None = None
    strong: frozenset = frozenset()
    weak: frozenset = frozenset()
    dual_mode: bool = False
    model: str | None = None
    speed_inferred: bool = False  # "Gig Ethernet": a speed class, not a stated 1 Gb/s

    @property
    def is_nic(self) -> bool:
        """A NIC item (count, speed or model), not just a fabric word like "Infiniband"."""
        return self.count is not None or self.gbps is not None or self.model is not None

    @property
    def management_class(self) -> bool:
        slow = self.gbps is not None and self.gbps <= MANAGEMENT_MAX_GBPS and not self.speed_inferred
        return slow or bool(MGMT_WORDS.search(self.text))

    def fabrics(self) -> set[str]:
        found = set(self.strong)
        if self.dual_mode:
            found |= {"infiniband", "ethernet"}
        return found


def narrow(fabrics: set[str]) -> set[str]:
    """RoCE, Slingshot and EFA run over Ethernet: the precise name wins over the generic one."""
    if fabrics & set(_OVER_ETHERNET):
        fabrics = fabrics - {"ethernet"}
    return fabrics


def _split_outside_parentheses(text: str, pattern: str) -> list[str]:
    """`re.split` on `pattern`, ignoring matches inside (...)."""
    out, depth, start = [], 0, 0
    rx = re.compile(pattern)
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            m = rx.match(text, i)
            if m and m.end() > i:
                out.append(text[start:i])
                start = i = m.end()
                continue
        i += 1
    out.append(text[start:])
    return out


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
        segments.append((role, text[m.end() : end]))
    for label, segment in segments:
        # "Compute: 4 x ... HDR 200 Gb/Sec +  MT4119 [ConnectX-5] Ethernet": what follows " + " is another
        # NIC, which the label before the "+" does not cover
        parts = _split_outside_parentheses(segment, r"\s+\+\s+")
        pieces = [
            (label if i == 0 else None, p)
            for i, part in enumerate(parts)
            for p in _split_outside_parentheses(part, r"\s*[,;]\s*")
        ]
        if re.search(r"\bfor\s+(NS|EW|north-south|east-west)\b", segment, re.I):
            pieces = [(r, p) for r, piece in pieces for p in re.split(r"\s+and\s+", piece)]
        previous: Nic | None = None
        for role, piece in pieces:
            piece = piece.strip(" .+")
            if not piece or _NOT_A_NIC.search(piece):
                previous = None
                continue
            nic = _read_item(piece, source_field, role)
            if nic.count is None and source_field == "host_network_card_count":
                m = re.match(r"^(\d{1,3})\s+[A-Za-z]", piece)  # "4 GPU-attached + 2 control plane"
                if m:
                    nic.count = int(m.group(1))
            if (
                previous is not None
                and nic.count is None
                and previous.count is not None
                and previous.gbps is None
                and previous.role == nic.role
            ):
                merged = _read_item(f"{previous.text}, {piece}", source_field, role)
                merged.count = previous.count
                items[-1] = merged
                previous = merged
                continue
            items.append(nic)
            previous = nic
    return items


def _suffix_role(text: str) -> str | None:
    m = _SUFFIX_ROLE.search(text)
    if not m:
        return None
    word = next(g for g in m.groups() if g).lower().replace(" ", "-")
    if word in ("ew", "e/w", "east-west"):
        return "compute"
    if word in ("management", "storage"):
        return word
    return "frontend"


def _read_item(text: str, source_field: str, role: str | None) -> Nic:
    role = _suffix_role(text) or role
    count_m = _COUNT.match(text)
    count = int(count_m.group(1)) if count_m else None
    rest = text[count_m.end() :] if count_m else text
    speeds = [float(m.group(1)) for m in _SPEED.finditer(rest)]
    gens = []
    for m in _IB_GEN.finditer(rest):
        full = _GEN_GBPS[m.group(1)]
        lanes = float(m.group(2)) if m.group(2) else None
        gens.append(lanes if lanes and lanes <= full else full)  # NDR200, HDR100: ports below full speed
    inferred = not speeds and not gens and bool(_GIGABIT.search(rest))
    if inferred:
        speeds = [1.0]
    dual = bool(_DUAL_MODE.search(text))
    ports = None
    port_gbps = None
    pm = _PORTS_SPEED.search(rest)
    if pm and not dual:
        ports, port_gbps = int(pm.group(1)), float(pm.group(2))
    wm = _PORTS_WORD.search(rest)
    if wm:
        ports = int(wm.group(1)) if wm.group(1) else _PORT_WORDS[wm.group(2).lower()]
    if port_gbps is None:
        port_gbps = max(speeds + gens) if (speeds or gens) else None
    gbps = port_gbps * ports if (port_gbps is not None and ports) else port_gbps
    strong = {name for name, rx in _STRONG if rx.search(text)}
    # A speed name (NDR, XDR) says InfiniBand only when the item does not say Ethernet.
    if _IB_GEN.search(text) and not (_EXPLICIT_ETHERNET.search(text) and not _EXPLICIT_IB.search(text)):
        strong.add("infiniband")
    weak = frozenset({"ethernet"}) if _WEAK_ETHERNET.search(text) else frozenset()
    models = []
    for rx, fmt in _MODELS:
        for m in rx.finditer(text):
            name = fmt(m)
            if name not in models:
                models.append(name)
    return Nic(
        text=text,
        source_field=source_field,
        role=role,
        count=count,
        gbps=gbps,
        port_gbps=port_gbps,
        ports=ports,
        strong=frozenset(strong),
        weak=weak,
        dual_mode=dual,
        model=", ".join(models) or None,
        speed_inferred=inferred,
    )
