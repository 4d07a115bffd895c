"""Group TOP500 interconnect names into notable fabrics and map families to fabric ids.

TOP500's own `Interconnect Family` hides what matters to us: Slingshot is filed under
"Gigabit Ethernet", InfiniBand generations all share "Infiniband", Tofu sits in "Proprietary
Network". The `notable` grouping reads the `Interconnect` text to show them separately.
"""

from __future__ import annotations

import re

# Newest first: a mixed entry ("Infiniband EDR/HDR") counts as its newest generation.
_IB_GENERATIONS = (("XDR", 800.0), ("NDR", 400.0), ("HDR", 200.0), ("EDR", 100.0), ("FDR", 56.0),
                   ("QDR", 40.0), ("DDR", 20.0), ("SDR", 10.0))
# When only a link speed or an adapter is named (e.g. "MT28908 ConnectX-6 200 Gib/s").
_IB_BY_SPEED = {"800": "XDR", "400": "NDR", "200": "HDR", "100": "EDR", "56": "FDR", "40": "QDR"}
_IB_BY_ADAPTER = {"connectx-8": "XDR", "connectx-7": "NDR", "connectx-6": "HDR", "connectx-5": "EDR"}

IB_UNSTATED = "InfiniBand (generation not stated)"


def notable_group(family: str, interconnect: str | None) -> tuple[str, str, float | None]:
    """(notable group, fabric id, link speed in Gbps when the group implies one) for one system."""
    text = (interconnect or "").lower()
    fam = (family or "").lower()
    if "slingshot" in text:
        return "Slingshot", "slingshot", None
    if "omni-path" in text or "omnipath" in text or "omnipath" in fam:
        return "Omni-Path", "omni-path", None
    if "tofu" in text:
        return "Tofu", "other", None
    if "aries" in text or "gemini" in text:
        return "Cray Aries/Gemini", "other", None
    if "bxi" in text:
        return "BXI", "other", None
    if "infiniband" in text or "infiniband" in fam:
        return _infiniband(text)
    if "roce" in text:
        return "RoCE", "roce", None
    if "ethernet" in text:
        return _ethernet(text)
    if "myrinet" in text or "myrinet" in fam:
        return "Myrinet", "other", None
    if "ethernet" in fam and "torus" not in text:
        return "Ethernet (speed not stated)", "ethernet", None
    return "Proprietary", "other", None   # custom networks: TH Express, Sunway, torus networks, MN-Core…


def _infiniband(text: str) -> tuple[str, str, float | None]:
    for gen, gbps in _IB_GENERATIONS:
        if re.search(rf"(?<![a-wyz]){gen.lower()}", text):  # "4xEDR" counts, "hedr" would not
            return f"InfiniBand {gen}", "infiniband", gbps
    for adapter, gen in _IB_BY_ADAPTER.items():
        if adapter in text:
            return f"InfiniBand {gen}", "infiniband", dict(_IB_GENERATIONS)[gen]
    if m := re.search(r"\b(\d{2,3})\s*gi?b", text):
        gen = _IB_BY_SPEED.get(m.group(1))
        if gen:
            return f"InfiniBand {gen}", "infiniband", dict(_IB_GENERATIONS)[gen]
    return IB_UNSTATED, "infiniband", None


def _ethernet(text: str) -> tuple[str, str, float | None]:
    m = re.search(r"(\d+)\s*g(?:b|ig|\b|\s)", text)
    if not m:
        return ("1G Ethernet", "ethernet", 1.0) if "gigabit" in text else ("Ethernet (speed not stated)", "ethernet", None)
    speed = float(m.group(1))
    if speed >= 100:
        return "100G+ Ethernet", "ethernet", None
    return f"{m.group(1)}G Ethernet", "ethernet", speed


def family_fabric(family: str) -> str:
    """Fabric id for a TOP500 `Interconnect Family` as written."""
    fam = family.lower()
    if "infiniband" in fam:
        return "infiniband"
    if "ethernet" in fam:
        return "ethernet"
    if "slingshot" in fam:
        return "slingshot"
    if "omni" in fam:
        return "omni-path"
    return "other"
