"""TOP500 interconnects → fabric groups that stay comparable from 2000 to today (the one home of the mapping).

TOP500's `Interconnect Family` changes names over the years ("Proprietary" → "Proprietary Network",
"Custom" → "Custom Interconnect", "10G" as a family 2013-2018, "Omnipath" from 2016) and hides
what matters to us: Slingshot is filed under "Gigabit Ethernet", every InfiniBand generation shares
"Infiniband", Tofu sits in "Proprietary Network". Each system gets:

- a fabric group (`FABRIC_GROUPS`), from its family (`FAMILY_GROUPS`) unless the Interconnect text
  names another fabric (`INTERCONNECT_OVERRIDES`);
- a notable label (finer: "InfiniBand FDR", "25G Ethernet", "Tofu", "SP Switch"…) with the
  InfiniBand generation or Ethernet speed when the Interconnect text says it.

A family missing from `FAMILY_GROUPS` is grouped as "other" and reported (`classify(...).mapped`
is False), never guessed: tests check that every family string of the shipped lists is mapped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sources.fabrics import TOP500_GROUPS

# Fabric group id → display label, in display order: the fabric vocabulary's TOP500 groups.
FABRIC_GROUPS = TOP500_GROUPS

# TOP500 `Interconnect Family` as written (case-folded) → fabric group. Every family in the 40
# shipped lists (2000-06 to 2023-11) is here.
FAMILY_GROUPS: dict[str, str] = {
    "infiniband": "infiniband",
    "gigabit ethernet": "ethernet",
    "ethernet": "ethernet",
    "fast ethernet": "ethernet",
    "10g": "ethernet",  # a family of its own 2013-06 to 2018-06 ("10G Ethernet")
    "omnipath": "omni-path",
    "myrinet": "myrinet",
    "quadrics": "quadrics",
    # vendors' own system networks
    "custom": "proprietary",
    "custom interconnect": "proprietary",
    "proprietary": "proprietary",
    "proprietary network": "proprietary",
    "cray interconnect": "proprietary",  # T3E torus, XT3 SeaStar, Gemini
    "sp switch": "proprietary",  # IBM SP Switch, Colony, Federation
    "crossbar": "proprietary",  # NEC, Fujitsu, Hitachi vector and MPP crossbars
    "fat tree": "proprietary",  # NEC Earth Simulator / SX-9 ("Fat Tree Network")
    "numaflex": "proprietary",
    "numalink": "proprietary",  # SGI
    "fireplane": "proprietary",  # Sun
    "rapidarray": "proprietary",  # Cray XD1
    "paramnet": "proprietary",  # C-DAC PARAM
    # open or third-party cluster networks that never became a lasting family, and mixed systems
    "sci": "other",
    "giganet": "other",
    "hippi": "other",
    "mixed": "other",
    "mixed network": "other",
    "n/a": "not_stated",  # 2000-2003 lists write N/A for many systems (133 in 2000-06)
    "(not stated)": "not_stated",  # an empty cell
}

# Interconnect text (case-folded substring) → fabric group, overriding the family: the text names
# a fabric other than the one the family says. Checked in order.
INTERCONNECT_OVERRIDES: tuple[tuple[str, str, str], ...] = (
    ("slingshot", "slingshot", "HPE Slingshot, filed by TOP500 under Gigabit Ethernet, is tracked apart"),
    ("omni-path", "omni-path", "'Intel Omni-Path' systems filed under the Infiniband family"),
    ("omnipath", "omni-path", "spelling variant"),
    ("bxi", "proprietary", "Bull/Atos/EVIDEN BXI (one 2023-11 system filed under Infiniband)"),
    ("hyperfabric", "proprietary", "HP HyperFabric, filed under Myrinet in 2002"),
)
# A torus filed under an Ethernet family without the word Ethernet (Sugon's "100Gb/200Gb 6D-Torus",
# 2018-11) is a vendor network, not switched Ethernet.
_TORUS_IN_ETHERNET = "proprietary"

# Newest first: a mixed entry ("Infiniband EDR/HDR") counts as its newest generation.
_IB_GENERATIONS = (
    ("XDR", 800.0),
    ("NDR", 400.0),
    ("HDR", 200.0),
    ("EDR", 100.0),
    ("FDR", 56.0),
    ("QDR", 40.0),
    ("DDR", 20.0),
    ("SDR", 10.0),
)
# When only a link speed or an adapter is named (e.g. "MT28908 ConnectX-6 200 Gib/s", "56Gb 3D-Torus").
_IB_BY_SPEED = {"800": "XDR", "400": "NDR", "200": "HDR", "100": "EDR", "56": "FDR", "40": "QDR"}
_IB_BY_ADAPTER = {"connectx-8": "XDR", "connectx-7": "NDR", "connectx-6": "HDR", "connectx-5": "EDR"}
# Proprietary networks worth naming (interconnect text → notable label).
_PROPRIETARY_NAMES = (
    ("tofu", "Tofu"),
    ("aries", "Cray Aries/Gemini"),
    ("gemini", "Cray Aries/Gemini"),
    ("bxi", "BXI"),
    ("mn-core", "MN-Core DirectConnect"),
    ("th express", "TH Express"),
    ("sunway", "Sunway"),
    ("hyperfabric", "HP HyperFabric"),
)
# Old proprietary families keep their own name as the notable label.
_FAMILY_NAMES = {
    "sp switch": "SP Switch",
    "crossbar": "Crossbar",
    "fat tree": "Fat Tree (NEC)",
    "numaflex": "NUMAflex",
    "numalink": "NUMAlink",
    "fireplane": "Fireplane",
    "rapidarray": "RapidArray",
    "paramnet": "PARAMNet",
    "cray interconnect": "Cray Interconnect",
    "sci": "SCI",
    "giganet": "Giganet",
    "hippi": "HIPPI",
    "mixed": "Mixed",
    "mixed network": "Mixed",
}

IB_UNSTATED = "InfiniBand (generation not stated)"
ETHERNET_UNSTATED = "Ethernet (speed not stated)"


@dataclass(frozen=True)
class Classification:
    group: str  # key of FABRIC_GROUPS
    notable: str  # finer label
    generation: str | None  # InfiniBand generation (SDR…XDR) or Ethernet speed class (100M, 1G, 10G…)
    speed_gbps: float | None  # link speed the generation implies
    mapped: bool = True  # False: the family is not in FAMILY_GROUPS (grouped as "other")

    @property
    def label(self) -> str:
        return FABRIC_GROUPS[self.group]


def classify(family: str | None, interconnect: str | None) -> Classification:
    """Fabric group, notable label, generation/speed for one system of a list."""
    fam = (family or "(not stated)").strip().lower()
    text = (interconnect or "").strip().lower()
    group, mapped = fabric_group(family, interconnect)
    if group == "infiniband":
        return _infiniband(text)
    if group == "ethernet":
        return _ethernet(text, fam)
    if group == "slingshot":
        return Classification("slingshot", "Slingshot", None, None)
    if group == "omni-path":
        return Classification("omni-path", "Omni-Path", None, None)
    if group in ("myrinet", "quadrics"):
        return Classification(group, FABRIC_GROUPS[group], None, None)
    if group == "not_stated":
        return Classification(group, "Not stated", None, None)
    if group == "proprietary":
        name = next((label for key, label in _PROPRIETARY_NAMES if key in text), None)
        return Classification(group, name or _FAMILY_NAMES.get(fam, "Proprietary"), None, None)
    return Classification("other", _FAMILY_NAMES.get(fam, (family or "").strip() or "Other"), None, None, mapped)


def fabric_group(family: str | None, interconnect: str | None) -> tuple[str, bool]:
    """(fabric group, whether the family is a known one) for one system."""
    fam = (family or "(not stated)").strip().lower()
    text = (interconnect or "").strip().lower()
    for key, group, _why in INTERCONNECT_OVERRIDES:
        if key in text:
            return group, True
    group = FAMILY_GROUPS.get(fam)
    if group is None:
        return "other", False
    if group == "ethernet" and "torus" in text and "ethernet" not in text:
        return _TORUS_IN_ETHERNET, True
    return group, True


def notable_group(family: str, interconnect: str | None) -> tuple[str, str, float | None]:
    """(notable label, fabric group, link speed in Gbps when the label implies one) for one system."""
    c = classify(family, interconnect)
    return c.notable, c.group, c.speed_gbps


def family_fabric(family: str) -> str:
    """Fabric group of a TOP500 `Interconnect Family` as written (no interconnect text)."""
    return FAMILY_GROUPS.get((family or "(not stated)").strip().lower(), "other")


def _infiniband(text: str) -> Classification:
    for gen, gbps in _IB_GENERATIONS:
        m = re.search(rf"(?<![a-wyz]){gen.lower()}(?:\s?(\d{{2,3}})\b)?", text)  # "4xEDR" counts, "hedr" would not
        if m:
            # "NDR200", "HDR100", "HDR 100": the generation's ports run below its full speed
            lanes = float(m.group(1)) if m.group(1) else None
            return Classification("infiniband", f"InfiniBand {gen}", gen, lanes if lanes and lanes < gbps else gbps)
    for adapter, gen in _IB_BY_ADAPTER.items():
        if adapter in text:
            return Classification("infiniband", f"InfiniBand {gen}", gen, dict(_IB_GENERATIONS)[gen])
    if m := re.search(r"\b(\d{2,3})\s*gi?b", text):
        gen = _IB_BY_SPEED.get(m.group(1))
        if gen:
            return Classification("infiniband", f"InfiniBand {gen}", gen, dict(_IB_GENERATIONS)[gen])
    return Classification("infiniband", IB_UNSTATED, None, None)


def _ethernet(text: str, fam: str) -> Classification:
    if "roce" in text:
        return Classification("ethernet", "RoCE", None, None)
    if m := re.search(r"(\d+)\s*g(?:b|ig|\b|\s)", text) or (re.search(r"(\d+)g", fam) if fam == "10g" else None):
        speed = float(m.group(1))
        return Classification("ethernet", f"{m.group(1)}G Ethernet", f"{m.group(1)}G", speed)
    if "fast ethernet" in text or (not text and fam == "fast ethernet"):
        return Classification("ethernet", "Fast Ethernet", "100M", 0.1)
    if "gigabit" in text or "gigethernet" in text or (not text and fam == "gigabit ethernet"):
        return Classification("ethernet", "1G Ethernet", "1G", 1.0)
    return Classification("ethernet", ETHERNET_UNSTATED, None, None)
