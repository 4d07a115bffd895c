"""TOP500 list files → interconnect counts and Rmax shares per list.

`parse(doc)` gives observations `top500_systems` (count) and `top500_rmax_share` (share) twice
over, told apart by `segment`: "interconnect_family" (TOP500's family as written) and
"notable_interconnect" (our grouping that shows Slingshot, InfiniBand generations, Tofu…; see
`top500_families`). Sum only within one segment. Tables: `top500_families` (family × notable
cross-tab) and `top500_interconnects` (the Interconnect text as written).
`cli_json(doc)` gives the `fabricwatch parse top500 --json` contract.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from sources.document import Document
from sources.parsers.top500_families import family_fabric, notable_group
from sources.parsers.top500_read import ListTable, read_list
from sources.records import Observation, Provenance, Records

PUBLISHER = "TOP500 (top500.org)"
FULL_LIST = 500
SEGMENT_FAMILY = "interconnect_family"
SEGMENT_NOTABLE = "notable_interconnect"


def summarize(doc: Document) -> dict:
    """Counts and shares for one list: the shared core of `parse` and `cli_json`."""
    table: ListTable = read_list(doc)
    warnings = list(table.warnings)
    systems = table.systems
    if len(systems) != FULL_LIST:
        warnings.append(f"list has {len(systems)} systems, not {FULL_LIST}")
    total_rmax = sum(s["rmax"] for s in systems)
    families, fam_rmax = Counter(), defaultdict(float)
    notable, notable_rmax, notable_meta = Counter(), defaultdict(float), {}
    cross, cross_rmax = Counter(), defaultdict(float)
    interconnects, inter_meta = Counter(), {}
    for s in systems:
        group, fabric, speed = notable_group(s["family"], s["interconnect"])
        notable_meta[group] = (fabric, speed)
        families[s["family"]] += 1
        fam_rmax[s["family"]] += s["rmax"]
        notable[group] += 1
        notable_rmax[group] += s["rmax"]
        cross[(s["family"], group)] += 1
        cross_rmax[(s["family"], group)] += s["rmax"]
        name = s["interconnect"] or "(not stated)"
        interconnects[name] += 1
        inter_meta[name] = (s["family"], group)
    n = len(systems)
    factor = _tflops_factor(table)

    def share(x: float) -> float:
        return round(x / total_rmax, 6) if total_rmax else 0.0

    return {
        "list": table.list_date,
        "format": table.file_format,
        "systems": n,
        "rmax_total_tflops": round(total_rmax * factor, 3) if factor else None,
        "families": dict(families.most_common()),
        "systems_share": {f: round(c / n, 6) for f, c in families.most_common()},
        "rmax_share": {f: share(fam_rmax[f]) for f, _ in families.most_common()},
        "interconnects": dict(interconnects.most_common()),
        "notable": {g: {"systems": c, "systems_share": round(c / n, 6), "rmax_share": share(notable_rmax[g]),
                        "fabric": notable_meta[g][0], "speed_gbps": notable_meta[g][1]}
                    for g, c in notable.most_common()},
        "_cross": [{"family": f, "notable": g, "systems": c, "systems_share": round(c / n, 6),
                    "rmax_tflops": round(cross_rmax[(f, g)] * factor, 3) if factor else None,
                    "rmax_share": share(cross_rmax[(f, g)])} for (f, g), c in sorted(cross.items())],
        "_interconnects": [{"interconnect": i, "family": inter_meta[i][0], "notable": inter_meta[i][1], "systems": c}
                           for i, c in interconnects.most_common()],
        "warnings": warnings,
    }


def notable_fabric(summary: dict, row: dict) -> str:
    """Fabric id of a family x notable row: the family's (so fabric totals equal the list's family counts),
    except Slingshot, which TOP500 files under Ethernet but which is tracked apart."""
    notable = summary["notable"].get(row["notable"], {}).get("fabric")
    return notable if notable == "slingshot" else family_fabric(row["family"])


def cli_json(doc: Document) -> dict:
    """The `fabricwatch parse top500 FILE --json` contract."""
    return {k: v for k, v in summarize(doc).items() if not k.startswith("_")}


def parse(doc: Document) -> Records:
    summary = summarize(doc)
    period = summary["list"]
    records = Records(warnings=[f"TOP500 {period}: {w}" for w in summary["warnings"]])
    n = summary["systems"]
    for family, count in summary["families"].items():
        fabric = family_fabric(family)
        evidence = f"{count} of {n} systems with Interconnect Family '{family}'"
        records.observations += _pair(doc, period, family, count, summary["rmax_share"][family], fabric, None,
                                      SEGMENT_FAMILY, evidence)
    for group, info in summary["notable"].items():
        evidence = f"{info['systems']} of {n} systems whose Interconnect reads as {group}"
        records.observations += _pair(doc, period, group, info["systems"], info["rmax_share"], info["fabric"],
                                      info["speed_gbps"], SEGMENT_NOTABLE, evidence)
    records.tables["top500_families"] = [{"list": period, "fabric": notable_fabric(summary, row), **row}
                                         for row in summary["_cross"]]
    records.tables["top500_interconnects"] = [{"list": period, **row} for row in summary["_interconnects"]]
    return records


def _pair(doc, period, subject, count, rmax_share, fabric, speed, segment, evidence) -> list[Observation]:
    prov = Provenance(source_id=doc.source_id, publisher=PUBLISHER, title=doc.title or f"TOP500 list {period}",
                      url=doc.url, published_on=doc.published_on, evidence=evidence, document_sha=doc.sha256,
                      confidence="derived")
    common = dict(subject=subject, period=period, kind="actual", prov=prov, fabric=fabric, speed_gbps=speed,
                  segment=segment)
    note = "counted from the list's per-system rows"
    return [
        Observation(indicator="top500_systems", value=float(count), unit="count", note=note, **common),
        Observation(indicator="top500_rmax_share", value=rmax_share, unit="share",
                    note="share of the list's total Rmax; " + note, **common),
    ]


def _tflops_factor(table: ListTable) -> float | None:
    return {"TFlop/s": 1.0, "GFlop/s": 0.001, "PFlop/s": 1000.0}.get(table.rmax_unit or "")
