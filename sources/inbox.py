"""Files analysts drop into $FABRICWATCH_HOME/inbox/: classify, validate, accept or reject.

inbox/nccl/     nccl-tests logs (text, or a JSON report written with -J) → read by the `nccl_logs` source
inbox/top500/   TOP500 list files        → read by the `top500_lists` source
inbox/curated/  analyst ledger CSV files → loaded with the curated ledger

Accepted files move to inbox/processed/<folder>/ (where the sources read them from, so they stay
part of every later refresh); rejected ones to inbox/rejected/<folder>/ with a `.reason.txt`
beside them. A file identical to one already accepted is not loaded again: it is reported as
already ingested and kept in inbox/rejected/<folder>/ with that reason. Nothing is ever deleted.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from sources.clock import utc_iso
from sources.document import Document
from sources.records import ParseError

FOLDERS = ("nccl", "top500", "curated")
TOP500_SUFFIXES = (".xls", ".xlsx", ".xml", ".csv", ".tsv", ".txt")
# What each folder takes, by name: anything else is a wrong type, rejected before it is read.
SUFFIXES = {"nccl": (".txt", ".log", ".out", ".json", ""), "top500": TOP500_SUFFIXES, "curated": (".csv",)}
BINARY_SUFFIXES = (".xls", ".xlsx")
MAX_FILE_BYTES = 32 * 2**20  # the largest TOP500 list file is under 1 MB; a log of a big sweep a few MB
# A plain file name: starts with a letter or digit, then letters, digits, dot, dash, underscore, plus,
# space; no path parts, no control characters, no leading dot or dash (hidden files, options).
SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+ -]{0,150}$")


@dataclass(frozen=True)
class InboxResult:
    folder: str
    name: str
    accepted: bool
    reason: str | None
    moved_to: Path
    duplicate_of: Path | None = None  # an identical file accepted earlier: this copy is not loaded again
    warnings: tuple[str, ...] = ()  # what the parser noticed in an accepted file (cut logs, elided rows, …)


def classify(path: Path) -> str | None:
    """Which inbox folder a file belongs in, from its name and first bytes; None when unknown."""
    suffix = path.suffix.lower()
    if suffix in (".xls", ".xlsx", ".xml"):
        return "top500"
    head = path.read_bytes()[:4096].decode("utf-8", errors="replace")
    first = head.lstrip("\ufeff").splitlines()[0] if head.strip() else ""
    if suffix == ".csv" and first.startswith(("indicator,", "event_date,", "product_id,")):
        return "curated"
    if "busbw" in head or "nThread" in head or "_perf" in head or '"busBw"' in head or '"bus_bw"' in head:
        return "nccl"  # a text log, an nccl-tests JSON report (-J) or rccl-tests JSON lines
    if "Rmax" in head or "Interconnect Family" in head:
        return "top500"
    return None


def screen(path: Path, folder: str) -> str | None:
    """Checks on the file itself, before any parser reads it; None when it passes."""
    if path.is_symlink():
        return "a symbolic link (links are not followed: copy the file itself)"
    if not SAFE_NAME.match(path.name) or ".." in path.name:
        return (
            f"unsafe file name {path.name!r} (use letters, digits, dot, dash, underscore, space; "
            "no path parts, no leading dot or dash)"
        )
    allowed = SUFFIXES.get(folder, ())
    if path.suffix.lower() not in allowed:
        return f"wrong type: {folder}/ takes {', '.join(s or 'no extension' for s in allowed)} files, not {path.suffix or 'no extension'}"
    size = path.stat().st_size
    if size == 0:
        return "empty file"
    if size > MAX_FILE_BYTES:
        return f"{size:,} bytes: over the {MAX_FILE_BYTES:,}-byte cap for inbox files"
    if path.suffix.lower() not in BINARY_SUFFIXES:
        with open(path, "rb") as fh:
            head = fh.read(65536)
        if b"\0" in head:
            return "binary content (NUL bytes) where a text file is expected"
        if path.suffix.lower() in (".csv", ".tsv"):
            cell = _formula_cell(path)
            if cell:
                return cell
    return None


def _formula_cell(path: Path) -> str | None:
    """'line N: cell ... looks like a spreadsheet formula' for the first such cell, else None."""
    import csv

    from sources.spreadsheet import looks_like_formula

    text = path.read_text(encoding="utf-8", errors="replace")
    reader = csv.reader(text.splitlines(), delimiter="\t" if path.suffix.lower() == ".tsv" else ",")
    for cells in reader:
        for cell in cells:
            if looks_like_formula(cell):
                return (
                    f"{path.name}:{reader.line_num}: cell {cell[:40]!r} looks like a spreadsheet formula "
                    "(CSV injection); not accepted"
                )
    return None


def validate(path: Path, folder: str, curated_dirs: list[Path]) -> str | None:
    """None when the file is usable, else the reason it is not."""
    return check(path, folder, curated_dirs)[0]


def check(path: Path, folder: str, curated_dirs: list[Path]) -> tuple[str | None, list[str]]:
    """(reason it is not usable or None, the parser's warnings on a usable file)."""
    warnings: list[str] = []
    try:
        if (problem := screen(path, folder)) is not None:
            return problem, []
        if folder == "nccl":
            from sources.parsers import nccl

            runs = nccl.runs(Document.from_path(path, source_id="nccl_logs"))
            if not any(run.rows for run in runs):
                return "no complete nccl-tests result row found (is this the output of an *_perf binary?)", []
            warnings = [
                f"run {i} ({run.collective or 'collective unknown'}): {w}"
                for i, run in enumerate(runs)
                for w in run.warnings
            ]
        elif folder == "top500":
            from sources.parsers import top500

            top500.summarize(Document.from_path(path, source_id="top500_lists"))
        elif folder == "curated":
            load_ledger_with(curated_dirs, extra=[path])
        else:
            return f"unknown inbox folder {folder!r}", []
    except (ParseError, ValueError) as exc:  # a LedgerError is a ValueError
        return str(exc), []
    return None, warnings


def load_ledger_with(curated_dirs: list[Path], extra: list[Path] = ()):
    """The repo ledger plus accepted analyst files (and candidates), validated together."""
    from sources.ledger.ledger import load_ledger  # imported here: an nccl-tests log never needs the ledger

    accepted = [f for d in curated_dirs for f in sorted(Path(d).glob("*.csv"))]
    return load_ledger(extra_files=[*accepted, *extra])


def pending(inbox: Path) -> list[tuple[str, Path]]:
    return [
        (folder, p)
        for folder in FOLDERS
        if (inbox / folder).is_dir()
        for p in sorted((inbox / folder).iterdir())
        if (p.is_symlink() or p.is_file()) and not p.name.startswith(".")
    ]


def process(inbox: Path) -> list[InboxResult]:
    """Validate every pending file and move it to processed/ or rejected/.

    A file identical to one already in processed/<folder>/ (the same bytes dropped again) is not
    read or loaded a second time: it goes to rejected/<folder>/ with an 'already ingested' reason
    and its result names the earlier copy (`duplicate_of`)."""
    results = []
    for folder, path in pending(inbox):
        twin = identical_processed(path, inbox / "processed" / folder)
        if twin is not None:
            reason = (
                f"already ingested: identical to processed/{folder}/{twin.name} "
                f"(sha256 {_sha256(path)[:12]}); not loaded again"
            )
            target = _move(path, inbox / "rejected" / folder, reason)
            results.append(InboxResult(folder, path.name, False, reason, target, duplicate_of=twin))
            continue
        reason, warnings = check(path, folder, [inbox / "processed" / "curated"])
        target = _move(path, inbox / ("processed" if reason is None else "rejected") / folder, reason)
        results.append(InboxResult(folder, path.name, reason is None, reason, target, warnings=tuple(warnings)))
    return results


def _move(path: Path, target_dir: Path, reason: str | None) -> Path:
    target_dir.mkdir(parents=True, exist_ok=True)
    target = _free_name(target_dir / safe_name(path.name))
    shutil.move(str(path), target)
    if reason is not None:
        stamp = utc_iso()
        target.with_name(target.name + ".reason.txt").write_text(f"rejected {stamp}: {reason}\n", encoding="utf-8")
    return target


def identical_processed(path: Path, processed: Path) -> Path | None:
    """The file in `processed` with exactly the bytes of `path` (compared by size, then sha256), or None."""
    if path.is_symlink() or not path.is_file() or not processed.is_dir():
        return None
    size, digest = path.stat().st_size, None
    for other in sorted(processed.iterdir()):
        if other.is_symlink() or not other.is_file() or other.stat().st_size != size:
            continue
        digest = digest or _sha256(path)
        if _sha256(other) == digest:
            return other
    return None


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def drop(files: list[Path], inbox: Path) -> list[tuple[Path, str | None]]:
    """Copy files into the inbox folder their content calls for (what `fabricwatch ingest` does)."""
    placed = []
    for f in files:
        folder = classify(f)
        if folder is None:
            placed.append((f, None))
            continue
        (inbox / folder).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(f, inbox / folder / f.name)
        placed.append((f, folder))
    return placed


def safe_name(name: str) -> str:
    """The name a file is stored under once handled: unsafe characters replaced, length bounded."""
    cleaned = re.sub(r"[^A-Za-z0-9._+-]", "_", name).lstrip(".-") or "unnamed"
    return cleaned[:150]


def _free_name(path: Path) -> Path:
    """Never overwrite an earlier file of the same name."""
    if not path.exists():
        return path
    stem, suffix, i = path.stem, path.suffix, 1
    while (candidate := path.with_name(f"{stem}.{i}{suffix}")).exists():
        i += 1
    return candidate
