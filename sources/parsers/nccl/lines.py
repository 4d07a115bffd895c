"""Line-level reading of nccl-tests output: what kind of line each one is, and the table rows.

nccl-tests has printed three generations of output (all seen in real logs):
- old (before ~2.10): `error` columns holding the max error as a float (`0e+00`, `4e-07`), no `root`
  column, and all_gather without `redop`;
- newer: `#wrong` columns (a count), `redop` and `root` on every collective, `Group` in rank lines;
- newest (2.17+): the same table plus `# nccl-tests version …` and `# Collective test starting: …`.
Logs pasted into issues lose the leading `#` (markdown headings) and may be cut anywhere, so each
line is first normalized, then classified by its content, not by its prefix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Bytes per element for the data types nccl-tests prints (used to infer the collective).
TYPE_BYTES = {
    "int8": 1, "uint8": 1, "char": 1, "f8e4m3": 1, "f8e5m2": 1, "fp8_e4m3": 1, "fp8_e5m2": 1,
    "half": 2, "bfloat16": 2, "float16": 2, "fp16": 2, "bf16": 2,
    "int32": 4, "uint32": 4, "int": 4, "float": 4, "float32": 4,
    "int64": 8, "uint64": 8, "double": 8, "float64": 8,
}

# Canonical names of the table columns; `#wrong` (count) and `error` (old float) both map to wrong.
_COLUMN_ALIASES = {
    "size": "size", "count": "count", "type": "type", "redop": "redop", "root": "root",
    "time": "time", "algbw": "algbw", "busbw": "busbw", "#wrong": "wrong", "wrong": "wrong",
    "error": "wrong", "#error": "wrong",
}
_REPEATED = ("time", "algbw", "busbw", "wrong")  # printed once for out-of-place, once for in-place

PERF_BINARY = re.compile(r"\b([a-z_]+?)_perf(?:_mpi)?\b")
_VERSION = re.compile(r"nccl-tests version (\S+)(?: nccl-headers=(\d+))?(?: nccl-library=(\d+))?")
_STARTING = re.compile(r"Collective test (starting|concluded):\s*(\S+)")
_NCCL_VERSION = re.compile(r"NCCL version (\d+\.\d+\.\d+)")
_RANK = re.compile(
    r"^Rank\s+(\d+)\s+(?:Group\s+(\d+)\s+)?Pid\s+(\d+)\s+on\s+(\S+)\s+device\s+(\d+)"
    r"(?:\s+\[([^\]]*)\])?(?:\s+(.*\S))?\s*$"
)
_OUT_OF_BOUNDS = re.compile(r"^Out of bounds values\s*:\s*(\d+)\s*(\w+)?")
_AVG = re.compile(r"^Avg\b(?:\s+bus\s+bandwidth)?\s*(?::\s*([0-9.eE+-]+))?")
_ELIDED = re.compile(r"^(\.\.\.|…|\[\s*(\.\.\.|…)|<\s*(\.\.\.|snip))", re.IGNORECASE)
# Header keys as printed on the `nThread` line, mapped to the names used in `header`.
_HEADER_KEYS = {
    "nthread": "nthread", "ngpus": "ngpus", "minbytes": "minbytes", "maxbytes": "maxbytes",
    "warmup iters": "warmup_iters", "iters": "iters", "agg iters": "agg_iters",
    "validation": "validation", "graph": "graph", "unalign": "unalign",
}
_HEADER_PAIR = re.compile(r"(nThread|nGpus|minBytes|maxBytes|warmup iters|agg iters|iters|validation|graph|unalign):?\s+(-?\d+)")
_STEP = re.compile(r"step:\s*(\d+)\((factor|bytes)\)")


@dataclass(frozen=True)
class Line:
    kind: str        # version | starting | command | header | rank | columns | units | row | oob | avg | elided | blank | other
    text: str        # the normalized text
    data: dict


def normalize(raw: str) -> str:
    """Strip what pasting did to a line: markdown quote marks, `#` prefixes, odd spaces."""
    text = raw.replace("\u00a0", " ").replace("\t", " ").rstrip()
    text = text.lstrip()
    if text.startswith(">"):                      # markdown block quote
        text = text.lstrip("> ")
    return text.lstrip("#").strip()


def nccl_version_from_code(code: str | None) -> str | None:
    """`nccl-library=22803` → `2.28.3` (NCCL_VERSION_CODE = major*10000 + minor*100 + patch since 2.9)."""
    if not code:
        return None
    n = int(code)
    if n >= 10000:
        return f"{n // 10000}.{n // 100 % 100}.{n % 100}"
    return f"{n // 1000}.{n // 100 % 10}.{n % 100}"  # pre-2.9 code: major*1000 + minor*100 + patch


def parse_columns(text: str) -> tuple[list[str], list[str]] | None:
    """Column names from a table header line (`size count type redop root time …`), or None."""
    tokens = text.split()
    if len(tokens) < 6 or tokens[0] != "size" or "busbw" not in tokens:
        return None
    names, unknown, seen = [], [], set()
    for tok in tokens:
        base = _COLUMN_ALIASES.get(tok.lower())
        if base is None:
            unknown.append(tok)
            base = tok.lower()
        if base in _REPEATED:
            side = "ip" if base in seen else "oop"
            seen.add(base)
            base = f"{side}_{base}"
        names.append(base)
    return names, unknown


def columns_from_shape(tokens: list[str]) -> list[str] | None:
    """Column names guessed from one data row when the log starts below the table header."""
    if len(tokens) < 11 or not tokens[0].isdigit() or not tokens[1].isdigit():
        return None
    extra = tokens[3:len(tokens) - 8]
    names = ["size", "count", "type"]
    if len(extra) == 2:
        names += ["redop", "root"]
    elif len(extra) == 1:
        names += ["redop"] if not _is_number(extra[0]) else ["root"]
    elif extra:
        return None
    return names + [f"{side}_{col}" for side in ("oop", "ip") for col in _REPEATED]


def _is_number(tok: str) -> bool:
    try:
        float(tok)
        return True
    except ValueError:
        return False


def _number(tok: str) -> float | int | None:
    if tok.upper() in ("N/A", "NA", "-"):
        return None
    if re.fullmatch(r"-?\d+", tok):
        return int(tok)
    return float(tok)


def parse_row(tokens: list[str], columns: list[str]) -> dict | None:
    """One complete table row as a dict with units in the keys, or None if it does not fit."""
    if len(tokens) != len(columns):
        return None
    raw = dict(zip(columns, tokens))
    try:
        row = {
            "size_bytes": int(raw["size"]),
            "count": int(raw["count"]),
            "type": raw["type"],
            "redop": raw.get("redop"),
            "root": int(raw["root"]) if "root" in raw else None,
        }
        for side in ("oop", "ip"):
            row[f"{side}_time_us"] = _as_float(_number(raw[f"{side}_time"]))
            row[f"{side}_algbw_GBps"] = _as_float(_number(raw[f"{side}_algbw"]))
            row[f"{side}_busbw_GBps"] = _as_float(_number(raw[f"{side}_busbw"]))
            row[f"{side}_wrong"] = _number(raw[f"{side}_wrong"]) if f"{side}_wrong" in raw else None
    except (KeyError, ValueError):
        return None
    if row["type"][:1].isdigit():
        return None
    return row


def _as_float(value):
    return float(value) if value is not None else None


def parse_header(text: str) -> dict:
    header = {}
    for key, value in _HEADER_PAIR.findall(text):
        header[_HEADER_KEYS[key.lower()]] = int(value)
    step = _STEP.search(text)
    if step:
        header["step_factor" if step.group(2) == "factor" else "step_bytes"] = int(step.group(1))
    return header


def classify(raw: str) -> Line:
    """What one line of a pasted log is."""
    text = normalize(raw)
    if not text or set(text) <= set("`~-=*_|"):       # blank, fence or rule
        return Line("blank", text, {})
    if m := _VERSION.search(text):
        return Line("version", text, {"nccl_tests_version": m.group(1), "nccl_headers": m.group(2),
                                      "nccl_library": m.group(3)})
    if m := _STARTING.search(text):
        name = PERF_BINARY.search(m.group(2))
        return Line("starting" if m.group(1) == "starting" else "concluded", text,
                    {"collective": name.group(1) if name else None})
    if text.startswith("nThread"):
        return Line("header", text, parse_header(text))
    if m := _RANK.match(text):
        return Line("rank", text, {"rank": int(m.group(1)), "group": _int(m.group(2)), "pid": int(m.group(3)),
                                   "host": m.group(4), "device": int(m.group(5)), "bus": m.group(6),
                                   "gpu": m.group(7)})
    if cols := parse_columns(text):
        return Line("columns", text, {"columns": cols[0], "unknown": cols[1]})
    if text.startswith("(B)") or text.startswith("out-of-place") or text == "Using devices":
        return Line("units", text, {})
    if m := _OUT_OF_BOUNDS.match(text):
        return Line("oob", text, {"count": int(m.group(1)), "verdict": m.group(2)})
    if m := _AVG.match(text):
        return Line("avg", text, {"value": float(m.group(1)) if m.group(1) else None})
    if _ELIDED.match(text):
        return Line("elided", text, {})
    tokens = text.split()
    if tokens and tokens[0].isdigit() and len(tokens) >= 2 and tokens[1].isdigit():
        return Line("row", text, {"tokens": tokens})
    data = {}
    if m := _NCCL_VERSION.search(text):
        data["nccl_version"] = m.group(1)
    if m := PERF_BINARY.search(text):   # a command line, a shell prompt or a log line naming the binary
        return Line("command", text, {"collective": m.group(1), **data})
    return Line("other", text, data)


def _int(value: str | None) -> int | None:
    return int(value) if value is not None else None
