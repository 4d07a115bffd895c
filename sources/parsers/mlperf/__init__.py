"""MLPerf Training system descriptions → one record per submitted system.

`describe(doc, round_hint)` reads one `<submitter>/systems/<system>.json` file of an MLCommons
results repository (`mlcommons/training_results_vX.Y`) into the fields of the
`fabricwatch parse mlperf --json` contract; `parse(doc)` gives the warehouse rows (table
`mlperf_systems`); `cli_json(doc)` the contract record. File shapes are read in `mlperf.read`,
the networking free text in `mlperf.nics`. A malformed file is a record with an `error`.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import quote, unquote, urlsplit

from sources.document import Document
from sources.parsers.mlperf.nics import FABRICS, NO_SCALE_OUT, clean, read_network
from sources.parsers.mlperf.read import read_description
from sources.records import ParseError, Records

# Family tables this parser writes (core.<name>), for lineage.
TABLES = ("mlperf_systems",)
# The same file body under two addresses is two submitted systems (sources.parsers.dispatch keeps both).
RECORD_PER_ADDRESS = True
CONTRACT_FIELDS = (
    "file",
    "round",
    "submitter",
    "system_name",
    "division",
    "status",
    "nodes",
    "accelerators_per_node",
    "accelerators_total",
    "accelerator",
    "fabric",
    "nic_fabric",
    "nic_gbps",
    "compute_nics_per_node",
    "ports_per_nic",
    "port_gbps",
    "scaleout_gbps_per_node",
    "nic_model",
    "fabric_basis",
    "excluded_nics",
    "scaleup_interconnect",
    "nccl_version",
    "warnings",
)
PUBLISHER = "MLCommons"
_ROUND = re.compile(r"^(?:training_results_)?v(\d+\.\d+)$", re.I)
_GITHUB_BLOB = re.compile(r"^/mlcommons/training_results_v(\d+\.\d+)/blob/([0-9a-f]{40})/(.+)$")
_GITHUB_RAW = re.compile(r"^/mlcommons/training_results_v(\d+\.\d+)/([0-9a-f]{40})/(.+)$")


def round_from_path(path: str) -> str | None:
    """ "v4.0" from a path or URL with a segment `v4.0` or `training_results_v4.0` (the last one wins)."""
    parts = PurePosixPath(unquote(urlsplit(path).path if "://" in path else path).replace("\\", "/")).parts
    found = None
    for part in parts:
        m = _ROUND.match(part)
        if m:
            found = f"v{m.group(1)}"
    return found


def submitter_folder(path: str) -> str | None:
    """The `<submitter>` folder of a `<submitter>/systems/<file>` path."""
    parts = PurePosixPath(unquote(urlsplit(path).path if "://" in path else path)).parts
    return parts[-3] if len(parts) >= 3 and parts[-2] == "systems" else None


def describe(doc: Document, *, file: str | None = None, round_hint: str | None = None) -> dict:
    """The contract record of one file (never raises on a bad file: `error` says what is wrong)."""
    where = file or doc.url
    record = {k: None for k in CONTRACT_FIELDS}
    record.update(file=where, warnings=[], excluded_nics=[])
    record["round"] = round_hint or round_from_path(where) or round_from_path(doc.url)
    if record["round"] is None:
        record["warnings"].append("round not found in the path (no vX.Y or training_results_vX.Y segment)")
    try:
        fields, warnings = read_description(doc.text)
    except ParseError as exc:
        record["error"] = str(exc)
        return record
    warnings = warnings + fields.pop("_warnings", [])
    record["submitter"] = clean(fields.get("submitter"))
    if record["submitter"] is None:
        folder = submitter_folder(where) or submitter_folder(doc.url)
        if folder:
            record["submitter"] = folder
            warnings.append(f"submitter not in the file; read from its folder {folder!r}")
        else:
            warnings.append("submitter not stated")
    record["system_name"] = clean(fields.get("system_name")) or clean(fields.get("hardware"))
    if record["system_name"] is None:
        warnings.append("system_name not stated")
    record["division"] = (clean(fields.get("division")) or "").lower() or None
    record["status"] = clean(fields.get("status"))
    record["nodes"] = _count(fields.get("number_of_nodes"), "number_of_nodes", warnings)
    apn = _count(fields.get("accelerators_per_node"), "accelerators_per_node", warnings)
    record["accelerators_per_node"] = apn
    record["accelerator"] = clean(fields.get("accelerator_model_name"))
    if record["accelerator"] is None:
        warnings.append("accelerator model not stated")
    if record["nodes"] is not None and apn is not None:
        record["accelerators_total"] = record["nodes"] * apn
    net = read_network(
        {
            "host_networking": clean(fields.get("host_networking")),
            "host_network_card_count": clean(fields.get("host_network_card_count")),
            "host_networking_topology": clean(fields.get("host_networking_topology")),
            "interconnect": clean(fields.get("interconnect")),
            "network_card": clean(fields.get("_network_card")),
            "network_card_count": clean(fields.get("_network_card_count")),
            "accelerator_host_interconnect": clean(fields.get("accelerator_host_interconnect")),
            "hw_notes": clean(fields.get("hw_notes")),
            "sw_notes": clean(fields.get("sw_notes")),
        },
        apn,
        record["accelerator"],
        nodes=record["nodes"],
    )
    assert net.fabric is None or net.fabric in FABRICS
    record.update(
        fabric=net.fabric,
        nic_fabric=net.nic_fabric,
        nic_gbps=net.nic_gbps,
        compute_nics_per_node=net.compute_nics_per_node,
        ports_per_nic=net.ports_per_nic,
        port_gbps=net.port_gbps,
        scaleout_gbps_per_node=net.scaleout_gbps_per_node,
        nic_model=net.nic_model,
        fabric_basis=net.fabric_basis,
        excluded_nics=net.excluded,
    )
    warnings += net.warnings
    record["scaleup_interconnect"] = clean(fields.get("accelerator_interconnect"))
    nccl = clean(fields.get("_nccl_version"))
    record["nccl_version"] = nccl
    record["warnings"] += warnings
    return record


def _count(value, name: str, warnings: list[str]) -> int | None:
    """A count given as int, float (1.0) or string ("8", " 16 "); None with a warning otherwise."""
    if isinstance(value, bool):
        value = None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = clean(value)
    if text is None:
        warnings.append(f"{name} not stated")
        return None
    m = re.fullmatch(r"(\d+)(?:\.0+)?", text)
    if m:
        return int(m.group(1))
    warnings.append(f"{name} {text!r} is not a count")
    return None


def cli_json(doc: Document, *, file: str | None = None, round_hint: str | None = None) -> dict:
    """The `fabricwatch parse mlperf FILE --json` record of one file.

    The command-line contract names only real fabrics: a single node, whose warehouse row says
    fabric "none", is `fabric: null` with `scale_out: false` (and fabric_basis says why); `scale_out`
    is true for several nodes and null when the node count is not stated.
    """
    record = describe(doc, file=file, round_hint=round_hint)
    nodes = record.get("nodes")
    record["scale_out"] = None if nodes is None else nodes > 1
    if record.get("fabric") == NO_SCALE_OUT:
        record["fabric"] = None
    return record


def github_provenance(url: str) -> dict:
    """Round, repository, commit, path and the github.com address of the file at its commit, from a
    raw.githubusercontent.com or github.com blob URL of an MLCommons training results repository
    (empty when the URL is neither)."""
    parts = urlsplit(url)
    if parts.hostname == "github.com":
        m = _GITHUB_BLOB.match(parts.path)
    elif parts.hostname == "raw.githubusercontent.com":
        m = _GITHUB_RAW.match(parts.path)
    else:
        m = None
    if not m:
        return {}
    rnd, commit, path = m.group(1), m.group(2), unquote(m.group(3))
    repo = f"mlcommons/training_results_v{rnd}"
    return {
        "round": f"v{rnd}",
        "commit": commit,
        "path": path,
        "repository": repo,
        "document_url": f"https://github.com/{repo}/blob/{commit}/{quote(path)}",
    }


def parse(doc: Document, via: str | None = None) -> Records:
    """Warehouse rows (core.mlperf_systems) for one system-description file.

    A file the parser cannot read raises ParseError (its document status says why); a file it reads
    gives one row, with the warnings of the reading. The row is dated by the round's publication
    (the recording's published_on, date_basis "published"); a file fetched live from a round not yet
    recorded is dated by its retrieval.
    """
    record = describe(doc)
    if record.get("error"):
        raise ParseError(record["error"])
    if record["round"] is None:
        raise ParseError("round unknown: the address has no training_results_vX.Y or vX.Y segment")
    where = github_provenance(doc.url)
    path = where.get("path") or "/".join(PurePosixPath(urlsplit(doc.url).path).parts[-3:])
    published, basis = doc.published_on, "published"
    if published is None and doc.fetched_at is not None:
        published, basis = doc.fetched_at.date(), "retrieved"
    elif published is None:
        basis = "undated"
    row = {k: record[k] for k in CONTRACT_FIELDS if k not in ("file", "warnings", "excluded_nics")}
    row.update(
        system_id=f"{record['round']}/{path}",
        file_path=path,
        repository=where.get("repository"),
        commit=where.get("commit"),
        url=where.get("document_url") or doc.url,
        fetch_url=doc.url,
        published_on=published,
        date_basis=basis,
        warnings="\n".join(record["warnings"]) or None,
        excluded_nics="\n".join(record["excluded_nics"]) or None,
        publisher=PUBLISHER,
        title=doc.title or f"MLPerf Training {record['round']} system description {path}",
        via=via,
    )
    return Records(tables={"mlperf_systems": [row]})
