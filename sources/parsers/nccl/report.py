"""nccl-tests JSON reports (`-J FILE`, nccl-tests 2.17.4 and later) read into the same runs as the text.

The format is the one `src/util.cu` of NVIDIA/nccl-tests writes (JSON_FILE_VERSION 2): a top-level
object with `version`, `start_time`, `args` (argv: the binary first), `env`, `nccl_version` (the
NCCL_VERSION_CODE as an integer), `config` (`nthreads`, `ngpus`, `minimum_bytes`, `maximum_bytes`,
`step_factor` or `step_bytes`, `warmup_iters`, `iterations`, `aggregated_iterations`, `validation`,
`graph`, and `devices`: `rank`, `group`, `pid`, `hostname`, `device`, `device_hex`, `device_info`),
`results` (one object per size: `size`, `count`, `type`, `redop`, `root` (a string padded to six
characters), `out_of_place` and `in_place` each with `time` (or `cpu_time`), `alg_bw`, `bus_bw`,
`nwrong` (null without validation); `out_of_place` is null when only in-place runs (trace replay),
and `out_of_place_per_iter`/`in_place_per_iter` follow with per-iteration timing (not read);
then `actual_iterations`, `experiment_name`; one size sweep after another when several data
types, operations or roots are run (`-d all`, `-o all`): each sweep becomes a run),
`out_of_bounds` (`count`, `okay`), `average_bus_bandwidth` (`bandwidth`, `okay`; over every sweep),
`errors` (NCCL's last error string, "" when there was none), `end_time`.
Booleans are written as the strings "true"/"false" and a NaN double as the string "nan".
"""

from __future__ import annotations

import json

from sources.parsers.nccl.lines import TYPE_BYTES, Row, collective_from_name, nccl_version_from_code
from sources.parsers.nccl.runs import Run, check_runs
from sources.records import ParseError


def looks_like_report(head: str) -> bool:
    """Whether a document's first characters are those of an nccl-tests JSON report."""
    start = head.lstrip()[:200]
    return start.startswith("{") and ('"version"' in start or '"start_time"' in start or '"results"' in head)


def read_report(text: str, file_hint: str = "") -> list[Run]:
    try:
        report = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ParseError(f"nccl-tests JSON report does not parse (cut while written, or not JSON): {exc}") from None
    if not isinstance(report, dict) or not isinstance(report.get("results"), list):
        raise ParseError("JSON document is not an nccl-tests report: no 'results' list")
    try:
        return _read(report, file_hint)
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        raise ParseError(
            f"nccl-tests JSON report has a field of an unexpected type: {type(exc).__name__}: {exc}"
        ) from None


def _read(report: dict, file_hint: str) -> list[Run]:
    config = report.get("config") or {}
    if not isinstance(config, dict):
        config = {}
    run = Run()
    args = report.get("args") or []
    name = collective_from_name(args[0]) if isinstance(args, list) and args and isinstance(args[0], str) else None
    experiment = next((r.get("experiment_name") for r in report["results"] if isinstance(r, dict)), None)
    name = name or collective_from_name(experiment)
    if name:
        run.collective, run.collective_from = name, "log"
    for key, ours in (
        ("nthreads", "nthread"),
        ("ngpus", "ngpus"),
        ("minimum_bytes", "minbytes"),
        ("maximum_bytes", "maxbytes"),
        ("step_factor", "step_factor"),
        ("step_bytes", "step_bytes"),
        ("warmup_iters", "warmup_iters"),
        ("iterations", "iters"),
        ("aggregated_iterations", "agg_iters"),
        ("validation", "validation"),
        ("graph", "graph"),
    ):
        if isinstance(config.get(key), int):
            run.header[ours] = config[key]
    if report.get("nccl_version") is not None:
        run.header["nccl_library"] = str(report["nccl_version"])
        run.header["nccl_version"] = nccl_version_from_code(str(report["nccl_version"]))
    for d in config.get("devices") or []:
        if isinstance(d, dict) and d.get("rank") is not None:
            run.devices.append(
                {
                    "rank": d.get("rank"),
                    "host": d.get("hostname"),
                    "gpu": d.get("device_info"),
                    "group": d.get("group"),
                    "pid": d.get("pid"),
                    "device": d.get("device"),
                    "bus": d.get("device_hex"),
                }
            )
    run.columns = ["size", "count", "type", "redop", "root"]  # the report's fields, for the collective checks
    # One report holds one size sweep per data type and reduction operation asked for (`-d all`, `-o all`:
    # RunTest calls TimeTest for each type and op, and src/util.cu writes all their rows into one
    # `results` list, each row naming its type, op and root): each sweep is a run of its own.
    sweeps: dict[tuple, Run] = {}
    for i, r in enumerate(report["results"]):
        row = _row(r)
        if row is None:
            run.warn(f"result {i} of the JSON report has no size or bandwidth, skipped")
            continue
        key = (row["type"], row["redop"], row["root"])
        sweep = sweeps.get(key)
        if sweep is None:
            sweep = sweeps[key] = run if not sweeps else _sweep_of(run)
        try:
            sweep.add_row(row, f"JSON report result {i}: " + json.dumps(r, separators=(",", ":"))[:300])
        except (OverflowError, TypeError, ValueError):
            sweep.warn(f"result {i} of the JSON report has values out of range, skipped")
    runs = list(sweeps.values()) or [run]
    for sweep in runs:
        _summary(report, sweep, len(runs))
    return check_runs(runs, file_hint)


def _sweep_of(first: Run) -> Run:
    """A run for a further sweep of the same report: the same test, header and devices."""
    return Run(
        collective=first.collective,
        collective_from=first.collective_from,
        header=dict(first.header),
        devices=list(first.devices),
        columns=list(first.columns or []),
    )


def _summary(report: dict, run: Run, sweeps: int) -> None:
    """The report's closing fields on one of its `sweeps` runs. nccl-tests averages the bus bandwidth
    over every row of every sweep, so with several sweeps the average is no single sweep's."""
    if isinstance(report.get("average_bus_bandwidth"), dict):
        bw = _double(report["average_bus_bandwidth"].get("bandwidth"))
        run.avg_seen = True
        if sweeps == 1:
            run.avg_busbw_GBps = bw
            run.avg_line = f"JSON report: average_bus_bandwidth.bandwidth = {bw}"
        else:
            run.warn(f"the report's average bus bandwidth ({bw}) is over all {sweeps} sweeps (types and ops): not kept")
    oob = report.get("out_of_bounds")
    if isinstance(oob, dict) and oob.get("count") is not None:
        run.out_of_bounds = int(oob["count"])
        run.oob_verdict = "OK" if str(oob.get("okay")).lower() == "true" else "FAILED"
    for error in report.get("errors") or []:
        if str(error).strip():  # the writer lists NCCL's last error string, empty when there was none
            run.warn(f"nccl-tests reported an error: {str(error)[:200]}")
    if "end_time" not in report:
        run.warn("JSON report has no end_time: the test may not have finished")


def _row(r) -> Row | None:
    if not isinstance(r, dict) or r.get("size") is None:
        return None
    oop, ip = r.get("out_of_place") or {}, r.get("in_place") or {}
    if not oop and not ip:
        return None
    count = r.get("count")
    if count is None and TYPE_BYTES.get(r.get("type") or ""):
        count = int(r["size"]) // TYPE_BYTES[r["type"]]
    try:
        root = int(str(r.get("root")).strip()) if r.get("root") is not None else None
    except ValueError:
        root = None
    return Row((int(r["size"]), count, r.get("type"), r.get("redop"), root, *_half(oop), *_half(ip)))


def _half(h: dict) -> tuple:
    if not h:
        return (None, None, None, None)
    wrong = _double(h.get("nwrong"))
    return (
        _double(h.get("time", h.get("cpu_time"))),
        _double(h.get("alg_bw")),
        _double(h.get("bus_bw")),
        int(wrong) if wrong is not None and wrong.is_integer() else wrong,
    )


def _double(value) -> float | None:
    if value is None or value == "nan":
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None
