"""Spreadsheet formula injection ("CSV injection"): the one rule for what a spreadsheet would run.

A cell that starts with `=`, `@`, a tab or a carriage return, or with `+`/`-` followed by a call or
a pipe (`=cmd|' /C calc'!A0`, `-2+3+cmd|…`, `+SUM(…)`) is executed by Excel/LibreOffice when the
CSV is opened. Input (inbox files, ledger rows) carrying such a cell is rejected; output (CSV exports,
dashboard downloads) is neutralized by prefixing a single quote, which spreadsheets show as text.
Plain signed numbers (`-3.5`, `+2`) are not formulas.
"""

from __future__ import annotations

import re

_CALL_OR_PIPE = re.compile(r"[(|!]")


def looks_like_formula(cell: str) -> bool:
    text = cell.lstrip(" ")
    if not text:
        return False
    if text[0] in "=@\t\r":
        return True
    if text[0] in "+-":
        try:
            float(text.replace("_", ""))
            return False
        except ValueError:
            return bool(_CALL_OR_PIPE.search(text))
    return False


def neutralize(value):
    """`value` made inert for a spreadsheet (strings only; everything else unchanged)."""
    return "'" + value if isinstance(value, str) and looks_like_formula(value) else value


def neutralize_frame(df):
    """A copy of a pandas DataFrame with every text cell neutralized."""
    out = df.copy()
    for column in out.columns:
        if out[column].dtype == object or str(out[column].dtype).startswith(("string", "str")):
            out[column] = out[column].map(neutralize)
    return out
