"""nccl-tests and rccl-tests output → per-size rows, run summaries and bus-bandwidth observations.

`parse(doc)` gives warehouse records (observations `nccl_busbw` and `nccl_busbw_peak`, tables
`nccl_runs` and `nccl_rows`); `cli_json(doc)` gives the `fabricwatch parse nccl --json` contract.
Logs are read as a stream of lines (`runs_from_path` never holds the file in memory); line reading
and launcher prefixes are in `lines`, run assembly and checks in `runs`, nccl-tests JSON reports
(`-J`) in `report`.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

from sources.document import Document
from sources.parsers.nccl.lines import ROW_FIELDS
from sources.parsers.nccl.report import looks_like_report, read_report
from sources.parsers.nccl.runs import Run, all_busbw_zero, has_errors, read_runs, read_runs_from
from sources.records import Observation, Provenance, Records

__all__ = ["ROW_FIELDS", "Run", "cli_json", "cli_json_path", "parse", "run_json", "runs", "runs_from_path"]

_UTF8 = (None, "utf-8", "utf8", "utf-8-sig", "ascii", "us-ascii")


def runs(doc: Document) -> list[Run]:
    """The runs in one log (ParseError when there are none), read line by line from the body."""
    hint = _file_name(doc.url)
    if looks_like_report(doc.body[:4096].decode("utf-8", errors="replace")):
        return read_report(doc.text, hint)
    if (doc.encoding or "").lower() in _UTF8 or doc.encoding is None:
        try:
            with io.TextIOWrapper(io.BytesIO(doc.body), encoding="utf-8-sig", errors="strict") as stream:
                return read_runs_from(stream, hint)
        except UnicodeDecodeError:
            pass  # not UTF-8 after all: the document's own decoding fallbacks
    return read_runs(doc.text, hint)


def runs_from_path(path: str | Path) -> list[Run]:
    """The runs in a log file, streamed from disk: memory grows with the rows, not the file."""
    path = Path(path)
    with open(path, "rb") as fh:
        head = fh.read(4096).decode("utf-8", errors="replace")
    if looks_like_report(head):
        return read_report(path.read_text(encoding="utf-8", errors="replace"), path.name)
    try:
        with open(path, encoding="utf-8-sig", errors="strict") as stream:
            return read_runs_from(stream, path.name)
    except UnicodeDecodeError:
        return runs(Document.from_path(path))


def cli_json(doc: Document) -> dict:
    """The `fabricwatch parse nccl --json` contract for one file: {"runs": [...]}."""
    return {"runs": [run_json(run) for run in runs(doc)]}


def cli_json_path(path: str | Path) -> dict:
    """The same contract for a file on disk, streamed (a big log is never held in memory whole)."""
    return {"runs": [run_json(run) for run in runs_from_path(path)]}


def run_json(run: Run) -> dict:
    return {
        "collective": run.collective,
        "collective_from": run.collective_from,
        "header": dict(run.header),
        "devices": [{"rank": d["rank"], "host": d["host"], "gpu": d["gpu"]} for d in run.devices],
        "rows": [row.as_dict() for row in run.rows],
        "avg_busbw_GBps": run.avg_busbw_GBps,
        "peak_busbw_GBps": _peak(run)[0] if _peak(run) else None,
        "has_errors": has_errors(run),
        "truncated": run.truncated,
        "rows_elided": run.rows_elided,
        "out_of_bounds": run.out_of_bounds,
        "warnings": list(run.warnings),
    }


def parse(doc: Document, *, system: str | None = None, period: str | None = None) -> Records:
    """Warehouse records for one log.

    `system` names the hardware (the snapshot manifest's `system`); without it the description is
    built from the GPUs and hosts the log shows. `period` overrides the date (default: the
    document's published date, then its fetch date); without any, no observation is emitted.
    """
    found = runs(doc)
    records = Records(tables={"nccl_runs": [], "nccl_rows": []})
    when = period or _period(doc)
    for index, run in enumerate(found):
        run_id = f"{doc.sha256[:12]}:{index}"
        subject = system or _system_from_log(run) or doc.title or "unknown system"
        records.tables["nccl_runs"].append(_run_row(doc, run, run_id, index, subject))
        records.tables["nccl_rows"].extend(
            {"run_id": run_id, "row_index": i, **row.as_dict()} for i, row in enumerate(run.rows)
        )
        records.warnings.extend(f"run {index} ({run.collective or 'unknown'}): {w}" for w in run.warnings)
        if when is None:
            records.warnings.append(f"run {index}: no date for the log (no published or fetch date); no observations")
            continue
        records.observations.extend(_observations(doc, run, subject, when))
    return records


def _observations(doc: Document, run: Run, subject: str, period: str) -> list[Observation]:
    out = []
    if run.interleaved == "unseparable":
        return out  # rows of several tables that cannot be told apart: no figure is one run's
    note = _note(run)
    errors, zero = has_errors(run), all_busbw_zero(run)
    if run.avg_busbw_GBps is not None and run.avg_busbw_GBps > 0 and not errors and not zero:
        out.append(
            Observation(
                indicator="nccl_busbw",
                subject=subject,
                period=period,
                value=run.avg_busbw_GBps,
                unit="GBps",
                kind="actual",
                prov=_prov(doc, f"{run.collective or 'collective unknown'}: {run.avg_line}"),
                segment=run.collective,
                note=f"average bus bandwidth printed by nccl-tests; {note}",
            )
        )
    peak = _peak(run)
    if peak and not zero:
        value, line = peak
        out.append(
            Observation(
                indicator="nccl_busbw_peak",
                subject=subject,
                period=period,
                value=value,
                unit="GBps",
                kind="actual",
                prov=_prov(doc, f"{run.collective or 'collective unknown'} row: {line}"),
                segment=run.collective,
                note=f"highest out-of-place busbw among {len(run.rows)} visible rows without wrong values; {note}",
            )
        )
    return out


def _peak(run: Run) -> tuple[float, str] | None:
    """Highest out-of-place busbw over rows with no wrong values and plausible timings (kept while reading)."""
    return run.peak


def _note(run: Run) -> str:
    parts = []
    if run.rows:
        parts.append(f"sizes {run.rows[0]['size_bytes']}-{run.rows[-1]['size_bytes']} B")
    if run.header.get("nccl_version"):
        parts.append(f"NCCL {run.header['nccl_version']}")
    if run.truncated:
        parts.append("log truncated")
    if run.rows_elided:
        parts.append("rows elided")
    return "; ".join(parts) or "no rows"


def _run_row(doc: Document, run: Run, run_id: str, index: int, subject: str) -> dict:
    gpus = sorted({d["gpu"] for d in run.devices if d["gpu"]})
    peak = _peak(run)
    return {
        "run_id": run_id,
        "run_index": index,
        "source_id": doc.source_id,
        "url": doc.url,
        "document_sha": doc.sha256,
        "system": subject,
        "collective": run.collective,
        "collective_from": run.collective_from,
        "ngpus": run.header.get("ngpus"),
        "nthread": run.header.get("nthread"),
        "minbytes": run.header.get("minbytes"),
        "maxbytes": run.header.get("maxbytes"),
        "iters": run.header.get("iters"),
        "warmup_iters": run.header.get("warmup_iters"),
        "nccl_tests_version": run.header.get("nccl_tests_version"),
        "nccl_version": run.header.get("nccl_version"),
        "gpu": ", ".join(gpus) or None,
        "hosts": len({d["host"] for d in run.devices}) or None,
        "ranks_seen": len(run.devices),
        "rows": len(run.rows),
        "avg_busbw_GBps": run.avg_busbw_GBps,
        "peak_busbw_GBps": peak[0] if peak else None,
        "has_errors": has_errors(run),
        "truncated": run.truncated,
        "rows_elided": run.rows_elided,
        "warnings": "; ".join(run.warnings),
    }


def _system_from_log(run: Run) -> str | None:
    gpus = sorted({d["gpu"] for d in run.devices if d["gpu"]})
    if not gpus:
        return None
    hosts = len({d["host"] for d in run.devices})
    return f"{' + '.join(gpus)} ({len(run.devices)} ranks seen on {hosts} host{'s' if hosts != 1 else ''})"


def _prov(doc: Document, evidence: str) -> Provenance:
    return Provenance(
        source_id=doc.source_id,
        publisher=_publisher(doc.url),
        title=doc.title or _file_name(doc.url),
        url=doc.url,
        published_on=doc.published_on,
        # a thread's date is the day it was posted (the recording's manifest or the live page gives it)
        published_precision="day" if doc.published_on else None,
        evidence=evidence,
        document_sha=doc.sha256,
    )


def _publisher(url: str) -> str:
    """Who published the log: a GitHub thread names its repository; a local file has no publisher."""
    m = re.match(r"https?://github\.com/([^/]+/[^/]+)/(issues|pull|discussions)/(\d+)", url or "")
    if m:
        kind = {"issues": "issue", "pull": "pull request", "discussions": "discussion"}[m.group(2)]
        return f"GitHub {m.group(1)} {kind} #{m.group(3)} (user report)"
    host = urlparse(url or "").hostname
    return host or "local nccl-tests log"


def _period(doc: Document) -> str | None:
    if doc.published_on:
        return doc.published_on.isoformat()
    if doc.fetched_at:
        return doc.fetched_at.date().isoformat() if isinstance(doc.fetched_at, dt.datetime) else str(doc.fetched_at)
    return None


def _file_name(url: str) -> str:
    return unquote(urlparse(url or "").path.rstrip("/").rsplit("/", 1)[-1])
