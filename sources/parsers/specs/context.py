"""Which indicator a figure of a spec SENTENCE states, from the words around the figure itself.

A key-value row names its quantity in the key ("Switching capacity | 51.2 Tb/s"). A sentence does not:
"64 ports of 800GbE or 128 ports of 400GbE", "eight 100G lanes", "consumes 500 W", "66.5 billion
packets per second", "16 lanes of PCIe Gen 6", "chips for 51.2 Tbps Ethernet switches". The sentence as
a whole names several quantities at once, so the key rules (`specs._RULES`) read it wrongly or not at
all; this module looks at the figure's own clause instead:

- a rate beside "lanes", "SerDes" or "PAM4" is a SerDes lane rate (unless a port word stands between);
- a rate written as a port configuration ("64 x 800GbE", "ports of 400G", "800GbE", "800G Ethernet",
  "per port") is a port speed;
- a Tb/s figure of 3.2 or more beside "capacity", "throughput", "bandwidth", "switch", "aggregate" or
  "switching" is a switch capacity (a smaller one, or one on a NIC, is left alone);
- watts beside "consumes", "power", "TDP" or "draw" are the product's power (not per port, optics);
- packets per second are the packet rate; "N lanes" beside PCIe are PCIe lanes.

A figure the clause gives no such word for keeps what the key rules said.
"""

from __future__ import annotations

import re

from sources.parsers.common.units import NUMBER, UNIT_TOKEN, convert, fold_decimal_comma, normalize_text, normalize_unit

_FIGURE = re.compile(r"(?:(?<![\w.])|(?<=\dx)|(?<=\d×))(" + NUMBER + r")\s*(" + UNIT_TOKEN + r")")
_SERDES = re.compile(r"\bSerDes\b|\bPAM-?4\b|\blanes?\b", re.I)
_PORT = re.compile(r"\bports?\b|\bGbE\b|\bGE\b|\bEthernet\b|\bInfiniBand\b|\bNDR\d*\b|\bXDR\b|\bconnectivity\b", re.I)
_CAPACITY = re.compile(
    r"\bcapacity\b|\bthroughput\b|\bbandwidth\b|\bswitch(?:es|ing)?\b|\baggrega?t\w*|\baggregi\w*|\btotal\b|"
    r"terabits? per second|\btransfer rate\b",
    re.I,
)
_POWER = re.compile(
    r"\bconsum\w*|\bpower\b|\bTDP\b|\bdraws?\b|\bdissipat\w*|\bLeistungsaufnahme\b|\bverbrauch\w*", re.I
)
_NOT_PRODUCT_POWER = re.compile(r"per[- ]port|module|optic|transceiver|per lane", re.I)
_PACKETS = re.compile(r"packets?\s+per\s+second|\b[MB]pps\b|packet (?:processing )?rate", re.I)
_COMPARED = re.compile(
    r"\blegacy\b|\bprevious\b|\bpredecessor|\bprior\b|\bolder\b|\bafter we released\b|\breplace\b|"
    r"\bfirst-generation\b|\bhas shipped\b|\bbisher\b",
    re.I,
)
_PCIE = re.compile(r"\bPCI(?:e|\s+Express)\b|\bGen\s?\d\b", re.I)
_CLAUSE_END = re.compile(r"[;()]|,\s|\s(?:and|or|with|while|but|as well as)\s", re.I)


def _clause(text: str, start: int, end: int) -> tuple[str, str]:
    """The text of the figure's clause before and after it (up to ~50 characters, cut at a clause mark)."""
    before = text[max(0, start - 50) : start]
    after = text[end : end + 50]
    cuts = list(_CLAUSE_END.finditer(before))
    if cuts:
        before = before[cuts[-1].end() :]
    m = _CLAUSE_END.search(after)
    if m:
        after = after[: m.start()]
    return before, after


def _positions(text: str, value: float, unit: str) -> list[tuple[int, int, str]]:
    out = []
    for m in _FIGURE.finditer(text):
        try:
            u, f = normalize_unit(m.group(2))
            v = float(m.group(1).replace(",", "")) * f
            v = convert(v, u, unit) if u != unit else v
        except ValueError:
            continue
        if abs(v - value) <= 1e-6 + 0.005 * abs(value):
            out.append((m.start(), m.end(), m.group(2)))
    return out


def indicator_in_context(evidence: str, value: float, unit: str, product_kind: str, switch_kinds: tuple) -> str | None:
    """The indicator the words around the figure name; None when they name none; "" when they say the figure
    is another product's (a predecessor, a competitor's legacy switch)."""
    text = fold_decimal_comma(normalize_text(evidence))
    if unit == "lanes":
        for m in re.finditer(
            r"(?<![\w.])" + re.escape(f"{value:g}") + r"\b|\bx\s?" + re.escape(f"{value:g}") + r"\b", text
        ):
            near = text[max(0, m.start() - 30) : m.end() + 30]  # "PCIe Gen6 (up to 48 lanes)": across brackets
            if (
                _PCIE.search(near)
                and re.search(r"\blanes?\b|\bx\s?\d", near)
                and not re.search(r"SerDes|PAM", near, re.I)
            ):
                return "pcie_lanes"
        return None
    if unit not in ("Gbps", "Tbps", "W", "kW", "Mpps"):
        return None
    other = False
    for start, end, token in _positions(text, value, unit):
        before, after = _clause(text, start, end)
        near = before + " <> " + after
        if unit == "Mpps" and _PACKETS.search(token + " " + after + " " + before):
            return "message_rate_mpps"
        if unit in ("W", "kW"):
            if _POWER.search(near) and not _NOT_PRODUCT_POWER.search(near):
                return "power_w"
            continue
        if _COMPARED.search(text[max(0, start - 70) : start] + " " + after):
            other = True  # "replace four legacy 25.6T switches", "400GbE ports with the first-generation ...": another product
            continue
        gbps = convert(value, unit, "Gbps")
        per_port = re.search(r"per[- ]port|\beach\b|\bNIC\b", near, re.I)
        if gbps >= 3200 and not per_port and _CAPACITY.search(near):
            return "switch_capacity_tbps"
        right = after[:25]
        # a lane rate: "100G lanes", "lanes of 106.25Gb/s", "100 Gbps PAM4 SerDes", "Lanes ... auf 100 GBit/s"
        if (_SERDES.search(right) or _SERDES.search(before[-30:])) and not _PORT.search(
            right[: _SERDES.search(right).start()] if _SERDES.search(right) else before[-30:]
        ):
            return "serdes_gbps"
        if re.search(r"^\s*(?:GbE|GE|bE|E\b)", token[-3:] + right) or re.fullmatch(r"[GT]bE|GE|[GT]E", token.strip()):
            return "port_speed_gbps"
        if re.search(r"(?:\d\s*[x×]\s*|\bports?\s+of\s+(?:NDR\s*)?|\bper\s+port\b)$", before) or re.match(
            r"\s*(?:per\s+port|ports?\b|Ethernet|InfiniBand|connectivity|\(OSFP|OSFP|QSFP)", after, re.I
        ):
            return "port_speed_gbps"
    return "" if other else None
