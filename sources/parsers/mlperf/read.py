"""Reading one MLPerf Training system-description file into plain fields.

Three shapes occur in the real rounds (mlcommons/training_results_vX.Y, `<submitter>/systems/*.json`):
- the JSON object of the system-description schema (almost every file), sometimes with a trailing
  comma (v0.7 Alibaba) or legacy keys (`sumitter`, `divison`, `number of nodes`, a `nodes` list,
  `hardware`, `interconnect`, `libraries` as one string: v0.6 Fujitsu and Intel);
- the v0.6 NVIDIA log-line form: `key: {"value": ..., "metadata": ...}` per line, where `entry`
  holds a Python-literal dict whose `nodes` and `libraries` are Python-literal dicts again.
Nothing is guessed here: a field not in the file is absent from the result.
"""

from __future__ import annotations

import ast
import json
import re

from sources.records import ParseError

_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_LOG_LINE = re.compile(r"^\s*([A-Za-z_][\w ]*?)\s*:\s*(\{.*\})\s*$")

# Misspelled or older key names seen in the real files -> the schema's name.
KEY_ALIASES = {
    "sumitter": "submitter",
    "org": "submitter",
    "divison": "division",
    "number of nodes": "number_of_nodes",
    "num_nodes": "number_of_nodes",
    "system-type": "system_type",
}


def read_description(text: str) -> tuple[dict, list[str]]:
    """(fields, warnings) of one file; ParseError when it is no system description at all."""
    warnings: list[str] = []
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise ParseError("empty file")
    data = None
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        repaired = _TRAILING_COMMA.sub(r"\1", stripped)
        if repaired != stripped:
            try:
                data = json.loads(repaired)
                warnings.append("file is not strict JSON (trailing comma); read after removing it")
            except json.JSONDecodeError:
                data = None
        if data is None:
            data = _read_log_lines(stripped)
            if data is None:
                raise ParseError(
                    f"not JSON and not MLPerf log lines: {exc.msg} at line {exc.lineno} column {exc.colno}"
                ) from exc
            warnings.append('file is in the v0.6 log-line form (key: {"value": ...}); read line by line')
    if not isinstance(data, dict):
        raise ParseError(f"expected a JSON object, got {type(data).__name__}")
    fields = {}
    for key, value in data.items():
        name = KEY_ALIASES.get(str(key).strip(), str(key).strip())
        if name != key:
            warnings.append(f"key {key!r} read as {name!r}")
        fields.setdefault(name, value)
    _flatten_nodes(fields)
    _flatten_libraries(fields)
    return fields, warnings


def _read_log_lines(text: str) -> dict | None:
    """The v0.6 NVIDIA form; None when the text is not in it."""
    values = {}
    for line in text.splitlines():
        m = _LOG_LINE.match(line)
        if not m:
            continue
        try:
            values[m.group(1)] = json.loads(m.group(2)).get("value")
        except (json.JSONDecodeError, AttributeError):
            continue
    if not values:
        return None
    out = {k: v for k, v in values.items() if k != "entry"}
    if "platform" in out:
        out.setdefault("system_name", out.pop("platform"))
    entry = values.get("entry")
    if isinstance(entry, str):
        entry = _literal(entry)
    if isinstance(entry, dict):
        for key, value in entry.items():
            if key in ("nodes", "libraries") and isinstance(value, str):
                value = _literal(value) or value
            out.setdefault(key, value)
    return out


def _literal(text: str):
    try:
        return ast.literal_eval(text)  # literals only: no code runs
    except (ValueError, SyntaxError):
        return None


def _flatten_nodes(fields: dict) -> None:
    """The older `nodes` object (or list of one) → the schema's per-node keys, where absent."""
    nodes = fields.get("nodes")
    if isinstance(nodes, list) and nodes and all(isinstance(n, dict) for n in nodes):
        if len(nodes) > 1:
            fields.setdefault("_warnings", []).append(f"{len(nodes)} node types described; the first is read")
        nodes = nodes[0]
    if not isinstance(nodes, dict):
        return
    mapping = {
        "num_nodes": "number_of_nodes",
        "num_accelerators": "accelerators_per_node",
        "accelerator": "accelerator_model_name",
        "network_card": "_network_card",
        "num_network_cards": "_network_card_count",
        "cpu": "host_processor_model_name",
    }
    for old, new in mapping.items():
        if old in nodes and fields.get(new) in (None, ""):
            fields[new] = nodes[old]


def _flatten_libraries(fields: dict) -> None:
    """`nccl_version` from other_software_stack, or from an older `libraries` dict or string."""
    stack = fields.get("other_software_stack")
    if isinstance(stack, dict) and stack.get("nccl_version"):
        fields["_nccl_version"] = stack["nccl_version"]
        return
    libs = fields.get("libraries")
    if isinstance(libs, dict) and libs.get("nccl_version"):
        fields["_nccl_version"] = libs["nccl_version"]
    elif isinstance(libs, str):
        m = re.search(r"nccl[_ ]version[\s:=]*([0-9][\w.+-]*)", libs, re.I)
        if m:
            fields["_nccl_version"] = m.group(1)
