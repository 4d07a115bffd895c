"""Read one TOP500 list file, whatever format it came in, into plain system rows.

top500.org has offered the list as legacy `.xls`, `.xlsx` (sometimes with title rows above the
header, sometimes with a second, transposed sheet), tab-separated text with thousands separators
and an XML export. All become `ListTable`: one dict per system with the columns we use.
"""

from __future__ import annotations

import calendar
import csv
import io
import os
import re
import warnings
from dataclasses import dataclass, field

from sources.document import Document
from sources.records import ParseError

_XLS_MAGIC = b"\xd0\xcf\x11\xe0"
_ZIP_MAGIC = b"PK\x03\x04"
_HEADER_SCAN_ROWS = 20  # title rows above the header seen in some downloads
_DATE_COLUMNS = ("list", "listdate", "date", "top500list", "edition")
_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
# TOP500 files before June 2017 head the column "RMax"/"Rmax" without a unit and give GFlop/s:
# June 2000 rank 1 (ASCI Red) reads 2379, published as 2.379 TFlop/s; November 2010 rank 1
# (Tianhe-1A) reads 2566000, published as 2.566 PFlop/s. From June 2017 the header says "[TFlop/s]".
_UNITLESS_RMAX_BEFORE = "2017-06"
_CORES_COLUMNS = ("totalcores", "cores", "processors")
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})


@dataclass
class ListTable:
    systems: list[dict]  # keys: rank, family, interconnect, rmax, rmax_tflops, cores
    list_date: str  # YYYY-MM
    file_format: str  # xls | xlsx | csv | xml
    rmax_unit: str | None  # as the header gave it (TFlop/s, GFlop/s), inferred for old lists, or None
    cores_column: str | None = None  # "Processors" (to 2008-06), "Cores", "Total Cores" (from 2011-11)
    warnings: list[str] = field(default_factory=list)


def norm(name) -> str:
    """Column name folded for matching: 'Rmax [TFlop/s]' → 'rmaxtflops', 'interconnect-family' → 'interconnectfamily'."""
    return re.sub(r"[^a-z0-9]", "", str(name).lower())


def read_list(doc: Document) -> ListTable:
    body = doc.body
    if not body.strip():
        raise ParseError("empty document: no TOP500 list")
    warn: list[str] = []
    if body.startswith(_XLS_MAGIC):
        fmt, header, rows, meta_date = "xls", *_read_excel(body, "xlrd"), None
    elif body.startswith(_ZIP_MAGIC):
        fmt, header, rows, meta_date = "xlsx", *_read_excel(body, "openpyxl"), None
    elif doc.text.lstrip("\ufeff \r\n\t").startswith("<"):
        fmt = "xml"
        header, rows, meta_date = _read_xml(body)
    else:
        fmt, header, rows, meta_date = "csv", *_read_text(doc.text), None
    list_date = _list_date(header, rows, meta_date, doc, warn)
    systems, rmax_unit, cores_column = _systems(header, rows, warn, list_date)
    return ListTable(
        systems=systems,
        list_date=list_date,
        file_format=fmt,
        rmax_unit=rmax_unit,
        warnings=warn,
        cores_column=cores_column,
    )


def _is_header(cells: list) -> bool:
    names = {norm(c) for c in cells}
    return "rank" in names and ("interconnectfamily" in names or "interconnect" in names)


def _read_excel(body: bytes, engine: str) -> tuple[list[str], list[list]]:
    """Header and rows of the sheet holding the list (the one with the most rows under a TOP500 header).

    The readers are used directly, not through pandas: 40 lists read in about half the time.
    """
    try:
        sheets = _xls_sheets(body) if engine == "xlrd" else _xlsx_sheets(body)
        best = None
        for rows in sheets:
            for i, row in enumerate(rows[:_HEADER_SCAN_ROWS]):
                if _is_header(row):
                    data = rows[i + 1 :]
                    if best is None or len(data) > len(best[1]):
                        best = ([str(c) if c is not None else "" for c in row], data)
                    break
    except ParseError:
        raise
    except Exception as exc:  # a corrupt workbook raises many types (BadZipFile, XLRDError, KeyError)
        raise ParseError(f"unreadable {engine} workbook: {type(exc).__name__}: {exc}") from exc
    if best is None:
        raise ParseError("no sheet has a TOP500 header row (Rank … Interconnect Family) in its first rows")
    return best


def _xls_sheets(body: bytes) -> list[list[list]]:
    import xlrd

    # xlrd writes its warnings (e.g. "WARNING *** OLE2 inconsistency" on the 2000-2007 lists) to a logfile
    # that defaults to standard output, which would corrupt `fabricwatch parse top500 --json`.
    with open(os.devnull, "w") as devnull:
        book = xlrd.open_workbook(file_contents=body, logfile=devnull, on_demand=True)
        try:
            out = []
            for index in range(book.nsheets):
                sheet = book.sheet_by_index(index)
                out.append([[None if c == "" else c for c in sheet.row_values(r)] for r in range(sheet.nrows)])
                book.unload_sheet(index)
            return out
        finally:
            book.release_resources()


def _xlsx_sheets(body: bytes) -> list[list[list]]:
    import openpyxl

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # openpyxl warns about workbook styles it does not read
        book = openpyxl.load_workbook(io.BytesIO(body), read_only=True, data_only=True)
    try:
        return [[list(row) for row in sheet.iter_rows(values_only=True)] for sheet in book.worksheets]
    finally:
        book.close()


def _read_text(text: str) -> tuple[list[str], list[list]]:
    lines = text.lstrip("\ufeff").splitlines()
    for i, line in enumerate(lines[:_HEADER_SCAN_ROWS]):
        delimiter = "\t" if "\t" in line else (";" if line.count(";") > line.count(",") else ",")
        cells = next(csv.reader([line], delimiter=delimiter))
        if _is_header(cells):
            reader = csv.reader(lines[i + 1 :], delimiter=delimiter)
            return [c.strip() for c in cells], [[c.strip() or None for c in row] for row in reader]
    raise ParseError("not a TOP500 list: no header row with Rank and Interconnect Family in the first lines")


def _read_xml(body: bytes) -> tuple[list[str], list[list], str | None]:
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring as defused_fromstring
    from lxml import etree

    # A DOCTYPE (and with it every entity declaration: billion laughs, quadratic blowup, external
    # entities and DTDs) is refused before lxml sees the document: TOP500 exports need none, and
    # defusedxml's expat parser raises on the first declaration without expanding anything.
    try:
        defused_fromstring(body, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise ParseError(
            f"XML refused: {type(exc).__name__} ({exc}); DOCTYPEs, entity declarations and "
            "external references are not accepted"
        ) from exc
    except Exception:  # noqa: BLE001 - a syntax error: lxml below reports it in its own words
        pass
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(body, parser)
    except etree.XMLSyntaxError as exc:
        raise ParseError(f"broken XML: {exc}") from exc
    # The record element is the repeated one whose children include a rank.
    counts: dict[str, list] = {}
    for el in root.iter():
        if isinstance(el.tag, str) and any(
            norm(etree.QName(c).localname) == "rank" for c in el if isinstance(c.tag, str)
        ):
            counts.setdefault(etree.QName(el).localname, []).append(el)
    if not counts:
        raise ParseError("XML has no system records (no element with a rank child)")
    records = max(counts.values(), key=len)
    header: list[str] = []
    for rec in records:
        for child in rec:
            if isinstance(child.tag, str) and etree.QName(child).localname not in header:
                header.append(etree.QName(child).localname)
    rows, units = [], {}
    for rec in records:
        children = [c for c in rec if isinstance(c.tag, str)]
        values = {etree.QName(c).localname: (c.text or "").strip() or None for c in children}
        units.update({etree.QName(c).localname: c.get("unit") for c in children if c.get("unit")})
        rows.append([values.get(h) for h in header])
    # A unit attribute (<r-max unit="TFlop/s">) goes into the column name, as the spreadsheets write it.
    header = [f"{h} [{units[h]}]" if h in units else h for h in header]
    meta_date = None
    for key in ("date", "list-date", "list", "edition"):
        if root.get(key):
            meta_date = root.get(key)
            break
    else:
        for el in root.iter():
            if isinstance(el.tag, str) and norm(etree.QName(el).localname) in ("listdate", "date") and el.text:
                meta_date = el.text.strip()
                break
    return header, rows, meta_date


def _systems(
    header: list[str], rows: list[list], warn: list[str], list_date: str
) -> tuple[list[dict], str | None, str | None]:
    index = {norm(h): i for i, h in enumerate(header)}
    rank_col = index.get("rank")
    family_col = index.get("interconnectfamily")
    inter_col = index.get("interconnect")
    cores_key = next((k for k in _CORES_COLUMNS if k in index), None)
    cores_col = index.get(cores_key) if cores_key else None
    rmax_name = next((h for h in header if norm(h).startswith("rmax")), None)
    if rmax_name is None:
        raise ParseError(f"no Rmax column in the header: {header[:12]}")
    rmax_col = header.index(rmax_name)
    unit, factor = _rmax_unit(rmax_name)
    if factor is None and norm(rmax_name) == "rmax" and list_date < _UNITLESS_RMAX_BEFORE:
        unit, factor = "GFlop/s", 0.001
    if factor is None:
        warn.append(f"Rmax unit not stated in header {rmax_name!r}; rmax_tflops left empty, shares still computed")
    if family_col is None:
        warn.append("no 'Interconnect Family' column; the 'Interconnect' text is used as the family")
        family_col = inter_col
    systems = []
    for row in rows:
        row = list(row) + [None] * (len(header) - len(row))
        rank, family = _cell(row[rank_col]), _cell(row[family_col])
        if rank is None and family is None:
            continue  # blank or footer row
        rmax = _number(row[rmax_col])
        if rmax is None:
            warn.append(f"rank {rank}: no Rmax value")
        systems.append(
            {
                "rank": int(_number(rank)) if _number(rank) is not None else None,
                "family": family or "(not stated)",
                "interconnect": _cell(row[inter_col]) if inter_col is not None else None,
                "rmax": rmax or 0.0,
                "rmax_tflops": rmax * factor if (rmax is not None and factor is not None) else None,
                "cores": _number(row[cores_col]) if cores_col is not None else None,
            }
        )
    if not systems:
        raise ParseError("TOP500 header found but no system rows below it")
    return systems, unit, (header[cores_col].strip() if cores_col is not None else None)


def _rmax_unit(name: str) -> tuple[str | None, float | None]:
    low = name.lower()
    for unit, factor in (("pflop", 1000.0), ("tflop", 1.0), ("gflop", 0.001)):
        if unit in low:
            return {"pflop": "PFlop/s", "tflop": "TFlop/s", "gflop": "GFlop/s"}[unit], factor
    return None, None


def _cell(value) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return None if text in ("", "nan", "NaN", "None") else text


def _number(value) -> float | None:
    """Numbers as the files write them: floats, '1,194,000.00', '1 194 000', '62.4'."""
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return None if value != value else float(value)  # NaN check
    text = re.sub(r"[,\s\u00a0\u202f']", "", str(value))
    try:
        return float(text)
    except ValueError:
        return None


def _list_date(header, rows, meta_date, doc: Document, warn: list[str]) -> str:
    from_file = None
    index = {norm(h): i for i, h in enumerate(header)}
    col = next((index[k] for k in _DATE_COLUMNS if k in index), None)
    if col is not None:
        values = {d for d in (parse_list_date(_cell(r[col]) if col < len(r) else None) for r in rows) if d}
        if len(values) > 1:
            warn.append(f"several list dates in the date column: {sorted(values)}; using the latest")
        from_file = max(values) if values else None
    from_file = from_file or parse_list_date(meta_date)
    m = re.search(r"TOP500_(\d{4})(\d{2})", doc.url or "", re.IGNORECASE) or re.search(
        r"/lists/top500/(\d{4})/(\d{2})", doc.url or ""
    )
    from_name = f"{m.group(1)}-{m.group(2)}" if m else None
    if from_file and from_name and from_file != from_name:
        warn.append(f"list date {from_file} in the file differs from {from_name} in the file name; using the file's")
    date = from_file or from_name
    if date is None:
        raise ParseError("list date not found: no date column, no date in the XML, no TOP500_YYYYMM file name")
    return date


def parse_list_date(text: str | None) -> str | None:
    """'2023-11', '2023/11', '202311', 'November 2023', 'Nov 2023', '11/2023', '2023-11-13' → '2023-11'."""
    if not text:
        return None
    text = str(text).strip()
    if m := re.fullmatch(r"(\d{4})[-/. ]?(\d{1,2})(?:[-/.]\d{1,2})?(?:[ T].*)?", text):
        year, month = int(m.group(1)), int(m.group(2))
    elif m := re.fullmatch(r"(\d{1,2})[-/.](\d{4})", text):
        month, year = int(m.group(1)), int(m.group(2))
    elif m := re.fullmatch(r"([A-Za-z]+)\.?\s+(\d{4})", text):
        month, year = _MONTHS.get(m.group(1).lower(), 0), int(m.group(2))
    else:
        return None
    return f"{year:04d}-{month:02d}" if 1 <= month <= 12 and 1993 <= year <= 2100 else None
