"""TOP500 list files → interconnect counts and Rmax shares per list.

`parse(doc)` gives observations `top500_systems` (count) and `top500_rmax_share` (share) three
times over, told apart by `segment`: "interconnect_family" (TOP500's family as written),
"notable_interconnect" (finer labels: Slingshot, InfiniBand generations, Ethernet speeds, Tofu…)
and "fabric_group" (groups comparable from 2000 to today; see `top500_families`). Sum only within
one segment. Tables: `top500_families` (family × notable cross-tab with fabric group, generation
and speed) and `top500_interconnects` (the Interconnect text as written).
Every row is dated by the list's release (`date_basis = "list_release"`): the recording's
`published_on` when it has one, else the first day of the list month.
`cli_json(doc)` gives the `fabricwatch parse top500 --json` contract.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict

from sources.document import Document
from sources.parsers.top500.families import FABRIC_GROUPS, classify, family_fabric
from sources.parsers.top500.read import ListTable, read_list
from sources.records import Observation, Provenance, Records

# The list's publisher as it names itself (the top500.org project); the same name as the source registry's, so a
# list is one citation whether a mart names it by its rows or by its stored document.
PUBLISHER = "TOP500.org"
FULL_LIST = 500
SEGMENT_FAMILY = "interconnect_family"
SEGMENT_NOTABLE = "notable_interconnect"
SEGMENT_GROUP = "fabric_group"
DATE_BASIS = "list_release"


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
    groups, group_rmax = Counter(), defaultdict(float)
    cross, cross_rmax, cross_meta = Counter(), defaultdict(float), {}
    interconnects, inter_meta = Counter(), {}
    unmapped = set()
    for s in systems:
        c = classify(s["family"], s["interconnect"])
        if not c.mapped:
            unmapped.add(s["family"])
        notable_meta[c.notable] = c
        families[s["family"]] += 1
        fam_rmax[s["family"]] += s["rmax"]
        notable[c.notable] += 1
        notable_rmax[c.notable] += s["rmax"]
        groups[c.group] += 1
        group_rmax[c.group] += s["rmax"]
        cross[(s["family"], c.notable)] += 1
        cross_rmax[(s["family"], c.notable)] += s["rmax"]
        cross_meta[(s["family"], c.notable)] = c
        name = s["interconnect"] or "(not stated)"
        interconnects[name] += 1
        inter_meta[name] = (s["family"], c.notable, c.group)
    warnings += [
        f"Interconnect Family {f!r} has no fabric group in top500_families.FAMILY_GROUPS; counted as 'other'"
        for f in sorted(unmapped)
    ]
    n = len(systems)
    factor = _tflops_factor(table)

    def share(x: float) -> float:
        return round(x / total_rmax, 6) if total_rmax else 0.0

    def tflops(x: float) -> float | None:
        return round(x * factor, 3) if factor else None

    group_order = [g for g in FABRIC_GROUPS if g in groups]
    return {
        "list": table.list_date,
        "format": table.file_format,
        "systems": n,
        "rmax_unit": table.rmax_unit,
        "rmax_total_tflops": tflops(total_rmax),
        "cores_column": table.cores_column,
        "families": dict(families.most_common()),
        "systems_share": {f: round(c / n, 6) for f, c in families.most_common()},
        "rmax_share": {f: share(fam_rmax[f]) for f, _ in families.most_common()},
        "interconnects": dict(interconnects.most_common()),
        "fabric_groups": {
            g: {
                "label": FABRIC_GROUPS[g],
                "systems": groups[g],
                "systems_share": round(groups[g] / n, 6),
                "rmax_share": share(group_rmax[g]),
                "rmax_tflops": tflops(group_rmax[g]),
            }
            for g in group_order
        },
        "notable": {
            g: {
                "systems": c,
                "systems_share": round(c / n, 6),
                "rmax_share": share(notable_rmax[g]),
                "fabric": notable_meta[g].group,
                "generation": notable_meta[g].generation,
                "speed_gbps": notable_meta[g].speed_gbps,
            }
            for g, c in notable.most_common()
        },
        "_cross": [
            {
                "family": f,
                "notable": g,
                "fabric": cross_meta[(f, g)].group,
                "fabric_label": cross_meta[(f, g)].label,
                "generation": cross_meta[(f, g)].generation,
                "speed_gbps": cross_meta[(f, g)].speed_gbps,
                "systems": c,
                "systems_share": round(c / n, 6),
                "rmax_tflops": tflops(cross_rmax[(f, g)]),
                "rmax_share": share(cross_rmax[(f, g)]),
            }
            for (f, g), c in sorted(cross.items())
        ],
        "_interconnects": [
            {"interconnect": i, "family": inter_meta[i][0], "notable": inter_meta[i][1], "systems": c}
            for i, c in interconnects.most_common()
        ],
        "warnings": warnings,
    }


def notable_fabric(summary: dict, row: dict) -> str:
    """Fabric group of a family x notable row (kept for callers of the first version)."""
    return row.get("fabric") or family_fabric(row["family"])


def cli_json(doc: Document) -> dict:
    """The `fabricwatch parse top500 FILE --json` contract."""
    return {k: v for k, v in summarize(doc).items() if not k.startswith("_")}


def release_date(doc: Document, period: str) -> dt.date:
    """The list's release date: the recording's, else the first day of the list month."""
    if doc.published_on:
        return doc.published_on
    year, month = period.split("-")
    return dt.date(int(year), int(month), 1)


def release_precision(doc: Document, published_on_precision: str | None = None) -> str:
    """How precisely the release date is known: as the recording's manifest says (`published_on_precision`;
    the recordings give the first day of the list month, "month", since the release day is not recorded),
    else "day" for a date the document carries, else "month" (release_date's first day of the list month)."""
    if published_on_precision:
        return published_on_precision
    return "day" if doc.published_on else "month"


def parse(doc: Document, via: str | None = None, published_on_precision: str | None = None) -> Records:
    """Observations and family tables of one list; `via` is the carrier the file was copied from (the
    recording's manifest says it: a public repository that republished the top500.org download), and
    `published_on_precision` how precisely the manifest knows the release date."""
    summary = summarize(doc)
    period = summary["list"]
    released = release_date(doc, period)
    precision = release_precision(doc, published_on_precision)
    records = Records(warnings=[f"TOP500 {period}: {w}" for w in summary["warnings"]])
    n = summary["systems"]
    for family, count in summary["families"].items():
        evidence = f"{count} of {n} systems with Interconnect Family '{family}'"
        records.observations += _pair(
            doc,
            released,
            period,
            family,
            count,
            summary["rmax_share"][family],
            family_fabric(family),
            None,
            SEGMENT_FAMILY,
            evidence,
            via,
            precision,
        )
    for group, info in summary["notable"].items():
        evidence = f"{info['systems']} of {n} systems whose Interconnect reads as {group}"
        records.observations += _pair(
            doc,
            released,
            period,
            group,
            info["systems"],
            info["rmax_share"],
            info["fabric"],
            info["speed_gbps"],
            SEGMENT_NOTABLE,
            evidence,
            via,
            precision,
        )
    for group, info in summary["fabric_groups"].items():
        evidence = f"{info['systems']} of {n} systems in fabric group {info['label']}"
        records.observations += _pair(
            doc,
            released,
            period,
            info["label"],
            info["systems"],
            info["rmax_share"],
            group,
            None,
            SEGMENT_GROUP,
            evidence,
            via,
            precision,
        )
    records.tables["top500_families"] = [{"list": period, "published_on": released, **row} for row in summary["_cross"]]
    records.tables["top500_interconnects"] = [{"list": period, **row} for row in summary["_interconnects"]]
    return records


def _pair(
    doc, released, period, subject, count, rmax_share, fabric, speed, segment, evidence, via=None, precision=None
) -> list[Observation]:
    prov = Provenance(
        source_id=doc.source_id,
        publisher=PUBLISHER,
        title=doc.title or f"TOP500 list {period}",
        url=doc.url,
        via=via,
        published_on=released,
        published_precision=precision,
        evidence=evidence,
        document_sha=doc.sha256,
        confidence="derived",
        date_basis=DATE_BASIS,
    )
    common = dict(
        subject=subject, period=period, kind="actual", prov=prov, fabric=fabric, speed_gbps=speed, segment=segment
    )
    note = "counted from the list's per-system rows"
    return [
        Observation(indicator="top500_systems", value=float(count), unit="count", note=note, **common),
        Observation(
            indicator="top500_rmax_share",
            value=rmax_share,
            unit="share",
            note="share of the list's total Rmax; " + note,
            **common,
        ),
    ]


def _tflops_factor(table: ListTable) -> float | None:
    return {"TFlop/s": 1.0, "GFlop/s": 0.001, "PFlop/s": 1000.0}.get(table.rmax_unit or "")
