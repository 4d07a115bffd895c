"""Assemble classified nccl-tests lines into runs (one per test table), with the checks on each.

A file may hold several runs (one per collective, or the same test printed by every rank); a run
begins at a command line, a `Collective test starting` line, an `nThread` header or a table that
follows a finished one. Duplicate headers of the same run (printed once per rank) are merged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sources.parsers.nccl.lines import TYPE_BYTES, Line, classify, columns_from_shape, nccl_version_from_code, parse_row
from sources.records import ParseError

# Above this algbw (GB/s) a row is physically implausible: no fabric or NVLink domain reaches it,
# so the timing is broken (e.g. in-place times of 0.3 us in NVIDIA/nccl-tests#294).
IMPLAUSIBLE_ALGBW_GBPS = 20_000.0

# File-name hints, longest first so that "reduce_scatter" wins over "reduce".
_NAME_HINTS = (
    ("reduce_scatter", r"reduce[_-]?scatter"), ("all_reduce", r"all[_-]?reduce"),
    ("all_gather", r"all[_-]?gather"), ("alltoall", r"all[_-]?to[_-]?all"),
    ("broadcast", r"broadcast|bcast"), ("sendrecv", r"send[_-]?recv"), ("hypercube", r"hypercube"),
)


@dataclass
class Run:
    collective: str | None = None
    collective_from: str | None = None   # log | command | filename | columns
    header: dict = field(default_factory=dict)
    devices: list[dict] = field(default_factory=list)
    columns: list[str] | None = None
    columns_inferred: bool = False
    rows: list[dict] = field(default_factory=list)
    row_lines: list[str] = field(default_factory=list)
    avg_busbw_GBps: float | None = None
    avg_line: str | None = None
    avg_seen: bool = False
    out_of_bounds: int | None = None
    oob_verdict: str | None = None
    rows_elided: bool = False
    truncated: bool = False
    incomplete_rows: int = 0
    warnings: list[str] = field(default_factory=list)

    @property
    def started_table(self) -> bool:
        return bool(self.rows) or self.incomplete_rows > 0

    @property
    def closed(self) -> bool:
        return self.avg_seen

    def is_empty(self) -> bool:
        return not (self.header or self.devices or self.columns or self.rows or self.avg_seen or self.incomplete_rows)

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)


def read_runs(text: str, file_hint: str = "") -> list[Run]:
    """All runs in a log, checked. Raises ParseError when the text holds no nccl-tests output."""
    if not text.strip():
        raise ParseError("empty document: no nccl-tests output")
    raw_lines = text.splitlines()
    ends_mid_line = not text.endswith(("\n", "\r"))
    runs: list[Run] = [Run()]
    nccl_version: str | None = None
    unparsed_row_lines = 0

    def new_run() -> Run:
        runs.append(Run())
        return runs[-1]

    last_index = max((i for i, raw in enumerate(raw_lines) if raw.strip()), default=-1)
    for index, raw in enumerate(raw_lines):
        line: Line = classify(raw)
        run = runs[-1]
        is_last = index == last_index
        if line.data.get("nccl_version"):
            nccl_version = line.data["nccl_version"]
        if line.kind == "version":
            version = {k: v for k, v in line.data.items() if v}
            if run.started_table or run.closed:
                run = new_run()
            elif run.header.get("nccl_tests_version") == version.get("nccl_tests_version"):
                continue  # printed again by another rank
            if version.get("nccl_library"):
                version["nccl_version"] = nccl_version_from_code(version["nccl_library"])
            run.header.update(version)
        elif line.kind in ("starting", "command"):
            name = line.data.get("collective")
            if run.started_table or run.closed or (run.collective and name and run.collective != name):
                run = new_run()
            if name and not run.collective:
                run.collective, run.collective_from = name, "log"
        elif line.kind == "header":
            if run.started_table or run.closed:
                run = new_run()
            elif any(k in run.header for k in ("ngpus", "nthread")):
                if all(run.header.get(k) == v for k, v in line.data.items()):
                    continue  # the same header printed by another rank
                run = new_run()
            run.header.update(line.data)
        elif line.kind == "rank":
            if run.started_table or run.closed:
                run = new_run()
            device = {k: line.data[k] for k in ("rank", "host", "gpu", "group", "pid", "device", "bus")}
            seen_gpus = {d["gpu"] for d in run.devices if d["gpu"]}
            cut_name = device["gpu"] and any(g != device["gpu"] and g.startswith(device["gpu"]) for g in seen_gpus)
            if is_last and (ends_mid_line or cut_name or not device["gpu"]):
                device["gpu"] = None
                run.warn(f"last rank line cut mid-line (rank {device['rank']}); its GPU name is not recorded")
                run.truncated = True
            if device["rank"] not in {d["rank"] for d in run.devices}:
                run.devices.append(device)
        elif line.kind == "columns":
            if run.closed or (run.started_table and line.data["columns"] != run.columns):
                run = new_run()
            if line.data["unknown"]:
                run.warn(f"unknown table columns {line.data['unknown']}: layout changed; rows that do not fit are skipped")
            run.columns, run.columns_inferred = line.data["columns"], False
        elif line.kind == "row":
            if run.closed:
                run = new_run()
                run.warn("table rows after a finished run without a new header")
            tokens = line.data["tokens"]
            if run.columns is None:
                run.columns = columns_from_shape(tokens)
                run.columns_inferred = run.columns is not None
                if run.columns is not None:
                    run.warn("no table header before the rows (log starts or resumes inside the table); columns inferred from the row shape")
            row = parse_row(tokens, run.columns) if run.columns else None
            if row is None:
                run.incomplete_rows += 1
                if is_last:
                    run.truncated = True
                    run.warn(f"last row cut mid-line: {line.text!r}")
                else:
                    unparsed_row_lines += 1
                    run.warn(f"row does not fit the columns, skipped: {line.text!r}")
                continue
            run.rows.append(row)
            run.row_lines.append(line.text)
        elif line.kind == "oob":
            run.out_of_bounds, run.oob_verdict = line.data["count"], line.data["verdict"]
        elif line.kind == "avg":
            run.avg_seen = True
            run.avg_busbw_GBps = line.data["value"]
            run.avg_line = line.text
            if line.data["value"] is None:
                run.truncated = True
                run.warn("Avg bus bandwidth line cut: no value")
        elif line.kind == "elided":
            run.rows_elided = True
            run.warn(f"rows elided in the log ({line.text[:40]!r})")

    runs = [r for r in runs if not r.is_empty()]
    if not runs:
        raise ParseError("no nccl-tests output found (no header, rank lines or result table)")
    if not any(r.rows for r in runs) and unparsed_row_lines:
        raise ParseError(f"layout changed: {unparsed_row_lines} table-like lines but none fits a known column set")
    for run in runs:
        if nccl_version and "nccl_version" not in run.header:
            run.header["nccl_version"] = nccl_version
        _check(run, file_hint, single=len(runs) == 1)
    return runs


def _check(run: Run, file_hint: str, single: bool) -> None:
    """Flags and warnings that need the whole run: truncation, gaps, errors, zero or absurd values."""
    if not run.avg_seen:
        run.truncated = True
        run.warn("log ends before the closing 'Avg bus bandwidth' line" if run.rows or run.incomplete_rows
                 else "no result rows: log ends before the table")
    _name_collective(run, file_hint, single)
    if not run.rows:
        return
    sizes = [r["size_bytes"] for r in run.rows]
    if run.header.get("minbytes") is not None and sizes[0] > run.header["minbytes"] and run.columns_inferred:
        run.rows_elided = True
        run.warn(f"rows below {sizes[0]} B missing (minBytes {run.header['minbytes']})")
    if any(b <= a for a, b in zip(sizes, sizes[1:])):
        run.warn("message sizes repeat or go backwards: several runs pasted together or a broken run")
    if run.out_of_bounds:
        run.warn(f"Out of bounds values: {run.out_of_bounds} {run.oob_verdict or ''}".strip())
    wrong = [v for r in run.rows for v in (r["oop_wrong"], r["ip_wrong"]) if v]
    if wrong and any(isinstance(v, float) for v in wrong):
        run.warn(f"old-format error column is non-zero in {len(wrong)} cells (max {max(wrong):g}); "
                 "nccl-tests of that era reported the max error, which may be float rounding")
    elif wrong:
        run.warn(f"wrong values reported in {len(wrong)} cells; averages from this run are not trusted")
    busbw = [v for r in run.rows for v in (r["oop_busbw_GBps"], r["ip_busbw_GBps"]) if v is not None]
    if busbw and all(v == 0 for v in busbw):
        run.warn("every busbw is 0: broken run (no bandwidth measured)")
    absurd = [r["size_bytes"] for r in run.rows
              if max(r["oop_algbw_GBps"] or 0, r["ip_algbw_GBps"] or 0) > IMPLAUSIBLE_ALGBW_GBPS]
    if absurd:
        run.warn(f"implausible algbw (> {IMPLAUSIBLE_ALGBW_GBPS:g} GB/s) at sizes {absurd[:3]}: timings are broken")


def has_errors(run: Run) -> bool:
    wrong = any(v for r in run.rows for v in (r["oop_wrong"], r["ip_wrong"]))
    return bool(wrong or run.out_of_bounds or (run.oob_verdict or "").upper() == "FAILED")


def all_busbw_zero(run: Run) -> bool:
    values = [v for r in run.rows for v in (r["oop_busbw_GBps"], r["ip_busbw_GBps"]) if v is not None]
    return bool(values) and all(v == 0 for v in values)


def _name_collective(run: Run, file_hint: str, single: bool) -> None:
    if run.collective:
        return
    hint = file_hint.lower()
    if single:
        for name, pattern in _NAME_HINTS:
            if re.search(pattern, hint):
                run.collective, run.collective_from = name, "filename"
                run.warn(f"collective taken from the file name: {name}")
                return
    guess = _collective_from_columns(run)
    if guess:
        run.collective, run.collective_from = guess
        run.warn(f"collective inferred from the column set and counts: {guess[0]}")
    else:
        run.warn("collective unknown: not named in the log, the command or the file name")


def _collective_from_columns(run: Run) -> tuple[str, str] | None:
    """Which collective a table is, from redop/root and how count relates to size."""
    if not run.rows or not run.columns:
        return None
    row = run.rows[-1]
    width = TYPE_BYTES.get(row["type"])
    if not width or row["count"] == 0:
        return None
    per_element = row["size_bytes"] / (row["count"] * width)   # 1: whole buffer; >1: per-rank count
    has_op = "redop" in run.columns and (row["redop"] or "none") != "none"
    root = row["root"] if "root" in run.columns else None
    if has_op and root in (None, -1) and per_element == 1:
        return "all_reduce", "columns"
    if has_op and root in (None, -1) and per_element > 1:
        return "reduce_scatter", "columns"
    if not has_op and "root" not in run.columns and per_element > 1:
        return "all_gather", "columns"  # old format: all_gather had neither redop nor root
    return None
