"""Vendor product pages and spec sheets (NVIDIA, Broadcom, Cisco, AMD, Marvell, Arista) -> a Product
and its spec observations.

Key-value pairs are found generically (`specs_extract`), values normalized (`sources.parsers.common.units`), and
keys mapped to indicator ids; keys we cannot map stay in the JSON and in `tables["specs"]` but do
not become observations. A page whose spec table disappeared is a ParseError, not an empty product.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from sources.document import Document
from sources.parsers.common.page import (
    looks_like_html,
    page_text,
    page_title,
    provenance,
    published_on,
    publisher_for,
    soup_of,
)
from sources.parsers.specs.context import indicator_in_context
from sources.parsers.specs.extract import SpecPair, spec_pairs, text_pairs
from sources.records import Observation, ParseError, Product, Records
from sources.parsers.common.units import (
    NUMBER,
    UNIT_TOKEN,
    WORD_NUMBER,
    convert,
    fold_decimal_comma,
    normalize_text,
    normalize_unit,
    parse_number,
    parse_pcie,
    parse_port_config,
    parse_quantity,
    parse_rate_gbps,
)

SWITCH_KINDS = ("switch_asic", "switch_system", "nvlink_switch")


@dataclass(frozen=True)
class Spec:
    key: str
    value: float | str
    unit: str | None
    raw: str
    evidence: str
    indicator: str | None = None
    qualifier: str | None = None
    variant: str | None = None

    def contract(self) -> dict:
        return {"key": self.key, "value": self.value, "unit": self.unit, "raw": self.raw, "evidence": self.evidence}


# (key pattern, units it accepts, indicator, indicator unit, product kinds it applies to or None = any)
_RULES: tuple[tuple[re.Pattern, frozenset, str, str, tuple | None], ...] = tuple(
    (re.compile(p, re.I), frozenset(u), ind, iu, kinds)
    for p, u, ind, iu, kinds in (
        (r"serdes|lane rate|per[- ]lane", {"Gbps"}, "serdes_gbps", "Gbps", None),
        (r"latency(?!\s+(?:reduction|improvement|saving))", {"ns", "us", "ms"}, "port_latency_ns", "ns", None),
        (r"nvlink", {"GBps", "TBps"}, "nvlink_bandwidth_GBps", "GBps", None),
        (
            r"switch(?:ing)? capacity|switch(?:ing)? (?:bandwidth|throughput)",  # named outright: any product
            {"Tbps", "Gbps"},
            "switch_capacity_tbps",
            "Tbps",
            None,
        ),
        (
            r"switching capacity|switch(?:ing)? (?:bandwidth|throughput)|aggregate (?:bandwidth|throughput)|"
            r"total (?:switch )?(?:bandwidth|throughput)|\bcapacity\b|\bthroughput\b",
            {"Tbps", "Gbps"},
            "switch_capacity_tbps",
            "Tbps",
            SWITCH_KINDS,
        ),
        (
            r"speed|data rate|bandwidth|\bports?\b|network|ethernet|infiniband|connectivity|interface",
            {"Gbps", "Tbps"},
            "port_speed_gbps",
            "Gbps",
            None,
        ),
        (r"rack.*power|power.*rack", {"kW", "W"}, "rack_power_kw", "kW", None),
        (r"^(?!.*(?:per[- ]port|module|optic)).*power", {"W", "kW"}, "power_w", "W", None),
        (r"message rate|messages", {"Mpps"}, "message_rate_mpps", "Mpps", None),
        (r"memory|\bhbm", {"GB", "TB"}, "memory_capacity_gb", "GB", None),
        (r"\bfp\d+|tflops|pflops|compute performance", {"TFLOPS"}, "compute_tflops", "TFLOPS", None),
        (r"^(?:number of )?ports?$|radix|port count", {"ports", "count"}, "switch_radix", "ports", SWITCH_KINDS),
        (r"\bgpus?\b", {"gpus", "count"}, "gpus_per_domain", "gpus", None),
    )
)

_FAMILIES = (
    "ConnectX",
    "BlueField",
    "Quantum",
    "Spectrum",
    "NVLink",
    "Tomahawk",
    "Jericho",
    "Trident",
    "Thor",
    "Silicon One",
    "Pensando",
    "Pollara",
    "Teralynx",
    "Nexus",
    "7060X",
    "7800R",
    "7700R",
    "Ramon",
)
_KIND_RULES = (
    ("nvlink_switch", r"NVLink Switch"),
    ("dpu", r"\bDPU\b|BlueField"),
    ("nic", r"SuperNIC|\bNIC\b|network interface card|\badapter\b|ConnectX|Pollara|Thor"),
    ("optics", r"transceiver|optical module"),
    ("gpu_system", r"\bNVL\d+\b|\bDGX\b|\bHGX\b"),
    (
        "switch_system",
        r"\b\d+\s?(?:RU|OU)\b|rack unit|power suppl|hot[- ]swappable fans|\bQM\d{4}|\bSN\d{4}|\bQ3\d{3}|\b7060X|\b7800R|\bNexus\b|\b8223\b",
    ),
    (
        "switch_asic",
        r"switch (?:chip|ASIC|silicon|IC)|\bASIC\b|Tomahawk|Jericho|Teralynx|Silicon One|Trident|\bBCM\d{5}",
    ),
)


def interpret(pair: SpecPair, product_kind: str) -> list[Spec]:
    """One key-value pair -> normalized specs (a port configuration gives a count and a speed)."""
    key, raw = pair.key, normalize_text(pair.raw)
    k = key.lower()
    ev, var = pair.evidence, pair.variant

    def spec(key_: str, value, unit, indicator=None, qualifier=None) -> Spec:
        return Spec(key_, value, unit, pair.raw, ev, indicator, qualifier, var)

    if re.search(r"pcie|pci express|host interface|bus interface|system interface", k) or re.search(r"\bPCIe\b", raw):
        # a keyless sentence: only a version written at its PCIe mention ("OCP 3.0 cards" is no PCIe generation)
        gen, lanes = _pcie_named(raw) if key == pair.raw else parse_pcie(raw)
        if gen or lanes:
            out = []
            if lanes:
                out.append(spec(key, float(lanes), "lanes", "pcie_lanes"))
            if gen:
                out.append(spec(f"{key} (PCIe generation)", float(gen), "generation"))
            return out
    groups = parse_port_config(raw)
    if groups and re.search(r"port|interface|connectivity|radix|configuration|breakout|serdes|lanes|i/o|\d", k):
        count, speed = groups[0]
        lanes = bool(re.search(r"serdes|lanes|PAM4", k + " " + raw, re.I))
        primary = "breakout" not in k  # breakout modes restate the same capacity; not the radix
        out = [
            spec(
                key,
                float(count),
                "lanes" if lanes else "ports",
                "switch_radix" if primary and not lanes and product_kind in SWITCH_KINDS else None,
            )
        ]
        if speed:
            out.append(
                spec(
                    f"{key} ({'lane rate' if lanes else 'port speed'})",
                    speed,
                    "Gbps",
                    ("serdes_gbps" if lanes else "port_speed_gbps") if primary else None,
                )
            )
        for n, (c, sp) in enumerate(groups[1:], start=1):
            out.append(spec(f"{key} (alternative {n})", float(c), "lanes" if lanes else "ports"))
            if sp:
                out.append(spec(f"{key} (alternative {n} speed)", sp, "Gbps"))
        return out
    q = parse_quantity(raw)
    if q is None:
        rate = parse_rate_gbps(raw)
        if rate and re.search(r"speed|rate|port|infiniband|connectivity", k):
            return [spec(key, rate, "Gbps", "port_speed_gbps")]
        m = re.fullmatch(r"\s*(?:up to\s+)?(" + NUMBER + r")\s*", raw, re.I)
        if m:
            unit = (
                "ports"
                if re.search(r"\bports?\b", k)
                else "lanes"
                if "lane" in k
                else "gpus"
                if "gpu" in k
                else "count"
            )
            value = float(m.group(1).replace(",", ""))
            return [
                _mapped(spec(key, value, unit, qualifier="<=" if "up to" in raw.lower() else None), k, product_kind)
            ]
        return [spec(key, pair.raw, None)]
    return [_mapped(spec(key, q.value, q.unit, qualifier=q.qualifier), k, product_kind)]


_N = r"(?:" + NUMBER + r")"
_COUNT = r"(?:" + _N + r"|" + WORD_NUMBER + r")"
_SHARED_UNIT_RATES = re.compile(
    r"(?<![\w.])(" + _N + r"(?:\s*(?:/|,|or)\s*" + _N + r")+)\s*(Gb/s|Gbps|GbE|GE|G)(?![A-Za-z0-9])"
)
_RATE_LIST = re.compile(r"(?<![\w.])" + _N + r"\s*G(?:bE|E)?(?:\s*/\s*" + _N + r"\s*G(?:bE|E)?)+(?![A-Za-z0-9])")
_LANES = re.compile(
    r"\b(" + _COUNT + r")\s+(?:(?:" + _N + r"\s*G(?:b/s)?|PAM4|SerDes|[a-z]+-[a-z]+)\s+)*(?:lanes|instances of)\b"
    r"|\b(" + _COUNT + r")\s+serdes\b(?!\s+(?:rate|speed))",  # "512 input-output lanes", "1,024 serdes, each"
    re.I,
)
_HYPHEN_UNIT = re.compile(r"(\d)-((?:giga|tera|mega)bits?)\b", re.I)  # "200-gigabit" is 200 gigabit
_WORD_PORTS = {"single": 1, "one": 1, "dual": 2, "two": 2, "quad": 4, "four": 4, "octal": 8, "eight": 8}
_PORTS = re.compile(
    r"\b(single|one|dual|two|quad|four|octal|eight)[- ]ports?\b|\b("
    + _N
    + r"(?:\s*/\s*"
    + _N
    + r")*)\s+(?:physical\s+)?ports?\b",
    re.I,
)
_ANY_QTY = re.compile(r"(?<![\w.])(" + _N + r")\s*(" + UNIT_TOKEN + r")")


def _pcie_named(text: str) -> tuple[int | None, int | None]:
    # at a PCIe mention, or "Gen5 x16" (a generation with a link width is a PCIe link whatever precedes it)
    for m in re.finditer(
        r"\bPCI(?:e|\s+Express)\s*(?:Gen\s*\d|\d\.\d|x\s*\d)[^,;]{0,40}|\bGen\s?\d(?:\.0)?\s+x\s?\d{1,2}\b",
        normalize_text(text),
        re.I,
    ):
        gen, lanes = parse_pcie(m.group(0))
        if gen or lanes:
            return gen, lanes
    return None, None


def more_figures(pair: SpecPair, product_kind: str, emitted: list[Spec]) -> list[Spec]:
    """The further figures of a plain-text sentence, beyond the first one `interpret` reads: every
    speed of "400Gb/s or 200Gb/s" and "100G/25G/10G", lane counts ("512 lanes of", "eight 100G lanes"),
    port counts ("single-port", "72/144 port"), a PCIe link's generation and width, other quantities."""
    raw, k = _HYPHEN_UNIT.sub(r"\1 \2", fold_decimal_comma(normalize_text(pair.evidence))), pair.key.lower()
    have = {(s.unit, float(s.value)) for s in emitted if isinstance(s.value, float)}
    out: list[Spec] = []

    def add(
        value: float, unit: str, indicator: str | None = None, what: str = "also stated", mapped: bool = False
    ) -> None:
        if (unit, value) in have:
            return
        have.add((unit, value))
        s = Spec(f"{pair.key} ({what})", value, unit, pair.raw, pair.evidence, indicator, None, pair.variant)
        out.append(_mapped(s, k, product_kind) if mapped else s)

    for m in _SHARED_UNIT_RATES.finditer(raw):
        for n in re.split(r"\s*(?:/|,|or)\s*", m.group(1)):
            add(float(n.replace(",", "")), "Gbps", what="speed", mapped=True)
    for m in _RATE_LIST.finditer(raw):
        for n in re.findall(_N, m.group(0)):
            add(float(n.replace(",", "")), "Gbps", what="speed", mapped=True)
    for m in _ANY_QTY.finditer(raw):
        try:
            unit, f = normalize_unit(m.group(2))
        except ValueError:
            continue
        if unit in ("share",):
            continue
        add(float(m.group(1).replace(",", "")) * f, unit, mapped=True)
    for m in _LANES.finditer(raw):
        add(float(parse_number(m.group(1) or m.group(2))), "lanes", what="lanes")
    for m in _PORTS.finditer(raw):
        counts = (
            [_WORD_PORTS[m.group(1).lower()]]
            if m.group(1)
            else [float(c.replace(",", "")) for c in re.split(r"\s*/\s*", m.group(2))]
        )
        for c in counts:
            add(float(c), "ports", "switch_radix" if product_kind in SWITCH_KINDS else None, what="ports")
    gen, lanes = _pcie_named(raw)
    if gen:
        add(float(gen), "generation", what="PCIe generation")
    if lanes:
        add(float(lanes), "lanes", "pcie_lanes", what="PCIe lanes")
    return out


def _mapped(s: Spec, k: str, product_kind: str) -> Spec:
    for pattern, units, indicator, ind_unit, kinds in _RULES:
        if s.unit in units and pattern.search(k) and (kinds is None or product_kind in kinds):
            if indicator == "port_speed_gbps" and product_kind in SWITCH_KINDS and s.unit == "Tbps" and s.value >= 3.2:
                continue  # a switch's Tb/s figure is its capacity, not a port speed
            try:
                value = convert(float(s.value), s.unit, ind_unit) if s.unit != "count" else float(s.value)
            except ValueError:
                continue
            return Spec(s.key, value, ind_unit, s.raw, s.evidence, indicator, s.qualifier, s.variant)
    return s


_INDICATOR_UNIT = {
    "port_speed_gbps": "Gbps",
    "serdes_gbps": "Gbps",
    "switch_capacity_tbps": "Tbps",
    "power_w": "W",
    "message_rate_mpps": "Mpps",
    "pcie_lanes": "lanes",
}


def _in_context(s: Spec, product_kind: str) -> Spec:
    """A plain-text figure's indicator from the words around it (`context`): it decides for a figure of a
    keyless sentence, and fills in for a figure of a "Key: value" line whose key named none."""
    keyless = s.raw == s.evidence
    if not isinstance(s.value, float) or not s.unit or (s.indicator and not keyless):
        return s
    if s.indicator in ("switch_radix", "pcie_lanes"):
        return s
    indicator = indicator_in_context(s.evidence, s.value, s.unit, product_kind, SWITCH_KINDS)
    if indicator == "":  # another product's figure, stated for comparison
        return Spec(s.key, s.value, s.unit, s.raw, s.evidence, None, s.qualifier, s.variant) if keyless else s
    if indicator is None or indicator == s.indicator:
        return s
    try:
        value = convert(s.value, s.unit, _INDICATOR_UNIT[indicator]) if s.unit != "lanes" else s.value
    except ValueError:
        return s
    return Spec(s.key, value, _INDICATOR_UNIT[indicator], s.raw, s.evidence, indicator, s.qualifier, s.variant)


def guess_kind(text: str) -> str:
    for kind, pattern in _KIND_RULES:
        if re.search(pattern, text, re.I if kind not in ("switch_system",) else 0):
            return kind
    return "switch_system" if re.search(r"\bswitch(?:es)?\b", text, re.I) else "other"


def guess_fabric(text: str) -> str | None:
    """The one fabric a page names; None when it names several (a VPI NIC does both)."""
    named = [
        f
        for f, p in (("infiniband", r"InfiniBand"), ("ethernet", r"Ethernet|\bGbE\b|\bRoCE"), ("nvlink", r"NVLink"))
        if re.search(p, text, re.I)
    ]
    return named[0] if len(named) == 1 else None


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", normalize_text(name).lower()).strip("-")


def _page(doc: Document) -> tuple[str, str, str, list[SpecPair], list[Spec]]:
    if looks_like_html(doc.text):
        soup = soup_of(doc)
        h1 = soup.find("h1")
        name = h1.get_text(" ", strip=True) if h1 and h1.get_text(strip=True) else (doc.title or None)
        body_text = normalize_text(soup.get_text(" ", strip=True))[:4000]
        pairs = spec_pairs(soup)
    else:  # a spec sheet as plain text (extracted PDF, archived excerpt)
        text = page_text(doc)
        if text.lstrip().startswith(("{", "[", "<")):
            raise ParseError(f"{doc.url}: not an HTML page or a text (content starts {text.strip()[:40]!r})")
        first = text.splitlines()[0].strip()
        name = doc.title or (first if len(first) <= 120 else None)
        body_text = normalize_text(text)[:4000]
        pairs = text_pairs(text)
    if not pairs:
        raise ParseError(f"{doc.url}: no spec table, definition list or spec bullets found (layout changed?)")
    kind = guess_kind(name or "")
    if kind == "other":
        kind = guess_kind(body_text)
    specs = [s for p in pairs for s in interpret(p, kind)]
    if not looks_like_html(doc.text):
        specs += [s for p in pairs for s in more_figures(p, kind, [x for x in specs if x.evidence == p.evidence])]
    if not looks_like_html(doc.text):
        specs = [_in_context(s, kind) for s in specs]
    if not any(isinstance(s.value, float) for s in specs):
        raise ParseError(f"{doc.url}: spec block has no figures (layout changed?)")
    return name or "", kind, body_text, pairs, specs


def product_of(doc: Document, name: str, kind: str, body_text: str, when: dt.date | None) -> Product:
    vendor = publisher_for(doc)
    short = re.sub(r"^" + re.escape(vendor) + r"\s+", "", name, flags=re.I) if name else doc.url
    family = next((f for f in _FAMILIES if f.lower() in short.lower()), short.split()[0] if short else "")
    return Product(
        product_id=slug(short),
        vendor=vendor,
        name=name,
        family=family,
        kind=kind,
        prov=provenance(doc, f"product page heading: {name}", when),
        fabric=guess_fabric(f"{name} {body_text}"),
    )


def parse(doc: Document) -> Records:
    name, kind, body_text, _pairs, specs = _page(doc)
    when = published_on(doc)
    records = Records()
    product = product_of(doc, name, kind, body_text, when)
    records.products.append(product)
    vintage = when or (doc.fetched_at.date() if doc.fetched_at else None)
    if vintage is None:
        records.warnings.append(
            f"{doc.url}: no published or fetched date; spec observations need a vintage, none emitted"
        )
    mapped = [s for s in specs if s.indicator]
    if not mapped:
        records.warnings.append(f"{doc.url}: {len(specs)} specs read but none maps to an indicator")
    title = page_title(doc)
    speed = next((s.value for s in mapped if s.indicator == "port_speed_gbps" and not s.variant), None)
    for s in mapped:
        if vintage is None:
            break
        subject = s.variant or product.name
        records.observations.append(
            Observation(
                indicator=s.indicator,
                subject=subject,
                period=vintage.isoformat(),
                value=float(s.value),
                unit=s.unit,
                kind="spec",
                prov=provenance(doc, s.evidence, when, title),
                value_qualifier=s.qualifier,
                speed_gbps=speed if s.indicator == "switch_radix" else None,
                fabric=product.fabric,
                vendor=product.vendor,
                product_id=slug(s.variant) if s.variant else product.product_id,
                note=f"{s.key}: {s.raw}",
            )
        )
    records.tables["specs"] = [
        {
            "product_id": slug(s.variant) if s.variant else product.product_id,
            "key": s.key,
            "value": s.value,
            "unit": s.unit,
            "value_qualifier": s.qualifier,
            "raw": s.raw,
            "indicator": s.indicator,
            "variant": s.variant,
            "evidence": s.evidence,
            "source_id": doc.source_id,
            "url": doc.url,
            "document_sha": doc.sha256,
        }
        for s in specs
    ]
    return records


def cli_json(doc: Document) -> dict:
    name, _, _, _, specs = _page(doc)
    return {"product": name or None, "specs": [s.contract() for s in specs]}
