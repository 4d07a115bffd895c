"""Cell-level reading of the curated ledger's CSV files: rows with file and line, and checked
numbers, choices and dates. Every problem is recorded as "file:line: field: message". Pure."""

from __future__ import annotations

import csv
import datetime as dt
import math
from decimal import Decimal, InvalidOperation
from pathlib import Path

from sources.spreadsheet import looks_like_formula
from sources.ledger.format import ISO_DATE_RE

MAX_SIGNIFICANT_DIGITS = 12  # no source states a figure more precisely; more digits are float noise


def parse_date(text: str) -> dt.date:
    """A strict ISO date (YYYY-MM-DD)."""
    if not ISO_DATE_RE.match(text):
        raise ValueError(f"bad date {text!r} (want YYYY-MM-DD)")
    try:
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise ValueError(f"bad date {text!r}: {exc}") from None


class _FileCheck:
    """Errors for one file, each tagged with file name, line and field."""

    def __init__(self, path: Path, errors: list[str]):
        self.name = path.name
        self.errors = errors
        self.line = 1

    def fail(self, column: str, message: str) -> None:
        self.errors.append(f"{self.name}:{self.line}: {column}: {message}")


def _read_rows(path: Path, columns: tuple[str, ...], check: _FileCheck, optional: tuple[str, ...] = ()):
    """Yield (line number, row dict) for data rows; '#' lines are comments. Header problems are errors."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # -sig: tolerate the BOM spreadsheets write
    except UnicodeDecodeError as exc:
        check.fail("file", f"not UTF-8: {exc}")
        return
    reader = csv.reader(text.splitlines(keepends=True))
    header, start = None, 1
    try:
        for cells in reader:
            check.line, start = start, reader.line_num + 1  # a quoted field may span lines
            if not any(c.strip() for c in cells) or cells[0].startswith("#"):
                continue
            if header is None:
                header = [c.strip() for c in cells]
                missing = [c for c in columns if c not in header]
                unknown = [c for c in header if c not in columns and c not in optional]
                if missing:
                    check.fail("header", f"missing column(s) {', '.join(missing)}")
                if unknown:
                    check.fail("header", f"unknown column(s) {', '.join(unknown)}")
                if missing:
                    return
            elif len(cells) != len(header):
                check.fail("row", f"{len(cells)} cells, header has {len(header)}")
            else:
                row = {k: v.strip() for k, v in zip(header, cells)}
                for column, value in row.items():
                    if looks_like_formula(value):
                        check.fail(
                            column,
                            f"{value[:40]!r} looks like a spreadsheet formula (CSV injection); "
                            "not accepted: write the value itself",
                        )
                yield check.line, row
    except csv.Error as exc:
        check.fail("row", f"CSV error: {exc}")
    if header is None:
        check.line = 1
        check.fail("header", "empty file (no header row)")


def _number(check: _FileCheck, row: dict, column: str, required: bool) -> float | None:
    text = row.get(column, "")
    if not text:
        if required:
            check.fail(column, "required")
        return None
    try:
        exact = Decimal(text.replace("_", ""))
        value = float(exact)
    except (InvalidOperation, ValueError):
        check.fail(column, f"not a number: {text!r}")
        return None
    if exact.is_finite() and len(exact.normalize().as_tuple().digits) > MAX_SIGNIFICANT_DIGITS:
        # 127200000.00000001 is 127.2 million after a binary float multiplication: write it exactly
        check.fail(
            column,
            f"{text!r} has more than {MAX_SIGNIFICANT_DIGITS} significant digits "
            "(float noise? write the figure as the source gives it)",
        )
        return None
    if not math.isfinite(value):
        check.fail(column, f"not a finite number: {text!r}")
        return None
    return value


def _choice(check: _FileCheck, row: dict, column: str, allowed, required: bool = True) -> str | None:
    text = row.get(column, "")
    if not text:
        if required:
            check.fail(column, "required")
        return None
    if text not in allowed:
        check.fail(column, f"{text!r} not one of {', '.join(allowed)}")
        return None
    return text


def _required(check: _FileCheck, row: dict, *columns: str) -> None:
    for column in columns:
        if not row.get(column):
            check.fail(column, "required")


def _date(check: _FileCheck, row: dict, column: str) -> dt.date | None:
    text = row.get(column, "")
    if not text:
        return None
    try:
        return parse_date(text)
    except ValueError as exc:
        check.fail(column, str(exc))
        return None


def convert_exact(text: str, factor: float) -> float:
    """`text` x `factor` in decimal arithmetic, so 127.2 (millions) x 1e6 is 127200000, not
    127200000.00000001: the stored float is the one nearest the exact product."""
    return float(Decimal(text.replace("_", "")) * Decimal(repr(factor)))
