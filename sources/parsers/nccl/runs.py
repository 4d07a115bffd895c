"""Assemble classified nccl-tests lines into runs (one per test table), with the checks on each.

A file may hold several runs (one per collective, or the same test printed by every rank); a run
begins at a command line, a `Collective test starting` line, an `nThread` header or a table that
follows a finished one. Duplicate headers of the same run (printed once per rank) are merged.

Lines are read as a stream (`read_runs_from`): one line in memory at a time, rows kept compact, so
a log of hundreds of megabytes parses in bounded memory. Launcher prefixes are taken off first;
the lines of each prefix (each rank or task) are assembled as their own stream, so ranks whose
output interleaves line by line do not break each other's tables. Without prefixes, interleaved
tables are taken apart afterwards by their message-size steps (`separate_interleaved`), and a row
an NCCL debug line cut in two is joined again.
"""

from __future__ import annotations

import gc
import re
import sys
from array import array
from math import isfinite
from struct import pack as _pack
from operator import itemgetter, lt
from collections.abc import Iterable
from dataclasses import dataclass, field

from sources.parsers.nccl.lines import (
    _ANY_PREFIX,
    TYPE_BYTES,
    Line,
    Row,
    RowStore,
    classify,
    collective_from_name,
    columns_from_shape,
    nccl_version_from_code,
    parse_row,
    row_plan,
    split_prefix,
)
from sources.records import ParseError

# Above this algbw (GB/s) a row is physically implausible: no fabric or NVLink domain reaches it,
# so the timing is broken (e.g. in-place times of 0.3 us in NVIDIA/nccl-tests#294).
IMPLAUSIBLE_ALGBW_GBPS = 20_000.0
_LIMIT = IMPLAUSIBLE_ALGBW_GBPS

# File-name hints, longest first so that "reduce_scatter" wins over "reduce".
_NAME_HINTS = (
    ("reduce_scatter", r"reduce[_-]?scatter"),
    ("all_reduce", r"all[_-]?reduce"),
    ("all_gather", r"all[_-]?gather"),
    ("alltoall", r"all[_-]?to[_-]?all"),
    ("broadcast", r"broadcast|bcast"),
    ("sendrecv", r"send[_-]?recv"),
    ("hypercube", r"hypercube"),
)


@dataclass(slots=True)
class Run:
    collective: str | None = None
    collective_from: str | None = None  # log | command | filename | columns
    header: dict = field(default_factory=dict)
    devices: list[dict] = field(default_factory=list)
    columns: list[str] | None = None
    columns_inferred: bool = False
    plan: tuple | None = None  # where the fields sit in a row of `columns` (lines.row_plan)
    rows: RowStore = field(default_factory=RowStore)  # read like a list of Row
    peak: tuple[float, str] | None = None  # highest trusted out-of-place busbw and its row line
    avg_busbw_GBps: float | None = None
    avg_line: str | None = None
    avg_seen: bool = False
    out_of_bounds: int | None = None
    oob_verdict: str | None = None
    rows_elided: bool = False
    truncated: bool = False
    incomplete_rows: int = 0
    warnings: list[str] = field(default_factory=list)
    stream: str = ""  # the launcher prefix its lines carried ('' for none)
    start: int = 0  # index of its first line in the document
    # Row texts, kept only once a message size repeats or goes backwards (several tables interleaved or
    # pasted together without a header between them): they are the evidence of the separated runs.
    texts: list | None = None
    last_text: str | None = None
    # "separated": one of several tables whose rows interleaved without launcher prefixes, taken apart by
    # their size steps (separate_interleaved); "unseparable": rows of several tables that cannot be taken
    # apart (kept, but no observations)
    interleaved: str | None = None
    after_summary: bool = False  # its rows came after a finished run's summary, without a new header

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

    def add_row(self, row: Row, line: str | None) -> None:
        sizes = self.rows.sizes
        # a size that goes backwards, or a non-zero size again (small sizes rounded to 0 B repeat in one table)
        repeat = self.texts is None and bool(sizes) and (row[0] < sizes[-1] or (row[0] == sizes[-1] and row[0]))
        self.rows.append(row)  # raises on values no machine number holds: nothing is changed then
        if repeat:
            self.texts = [None] * (len(sizes) - 2) + [self.last_text]
        if self.texts is not None:
            self.texts.append(line)
        self.last_text = line
        _, _, _, _, _, _, oop_algbw, busbw, wrong, _, ip_algbw, _, _ = row
        if busbw is None or busbw <= 0 or wrong or line is None:
            return
        if (oop_algbw or 0) > IMPLAUSIBLE_ALGBW_GBPS or (ip_algbw or 0) > IMPLAUSIBLE_ALGBW_GBPS:
            return
        if self.peak is None or busbw > self.peak[0]:
            self.peak = (busbw, line)


class _Stream:
    """The runs of one stream of lines (one launcher prefix)."""

    def __init__(self, key: str, reader: "_Reader"):
        self.key = key
        self.reader = reader
        self.runs: list[Run] = []
        self.used_hint: int | None = None
        self.run = self._new(0)

    def _new(self, index: int) -> Run:
        run = Run(stream=self.key, start=index)
        self.runs.append(run)
        self.run = run
        return run

    def feed(self, line: Line, index: int, is_last: bool, ends_mid_line: bool) -> None:
        self._feed(line, index, is_last, ends_mid_line)
        self._claim_hint()

    def _claim_hint(self) -> None:
        run = self.run
        hint = self.reader.hint
        if (
            self.key
            and hint
            and run.collective is None
            and hint[0] != self.used_hint
            and hint[0] < run.start
            and not run.is_empty()
        ):
            # the command that launched it was typed without a prefix (a shell line above the output)
            run.collective, run.collective_from = hint[1], "log"
            self.used_hint = hint[0]

    def _feed(self, line: Line, index: int, is_last: bool, ends_mid_line: bool) -> None:
        run = self.run
        if run.is_empty() and not run.collective:
            run.start = index
        kind = line.kind
        if kind == "row":
            self._row(line.data["tokens"], line.text, index, is_last)
        elif kind == "version":
            version = {k: v for k, v in line.data.items() if v}
            if run.started_table or run.closed:
                run = self._new(index)
            elif run.header.get("nccl_tests_version") == version.get("nccl_tests_version"):
                return  # printed again by another rank
            if version.get("nccl_library"):
                version["nccl_version"] = nccl_version_from_code(version["nccl_library"])
            run.header.update(version)
        elif kind == "tests_version":
            if run.started_table or run.closed:
                run = self._new(index)
            if line.data.get("rccl_tests_version"):
                run.header["rccl_tests_version"] = line.data["rccl_tests_version"]
        elif kind in ("starting", "command"):
            name = line.data.get("collective")
            if run.started_table or run.closed or (run.collective and name and run.collective != name):
                run = self._new(index)
            if name and not run.collective:
                run.collective, run.collective_from = name, "log"
        elif kind == "concluded":
            # printed after the summary: names the run it ends when nothing named it before
            name = line.data.get("collective")
            target = run if not run.is_empty() else (self.runs[-2] if len(self.runs) > 1 else run)
            if name and not target.collective and (target.rows or target.avg_seen):
                target.collective, target.collective_from = name, "log"
        elif kind == "header":
            if run.started_table or run.closed:
                run = self._new(index)
            elif any(k in run.header for k in ("ngpus", "nthread")):
                if all(run.header.get(k) == v for k, v in line.data.items()):
                    return  # the same header printed by another rank
                run = self._new(index)
            run.header.update(line.data)
        elif kind == "rank":
            if run.started_table or run.closed:
                run = self._new(index)
            device = {k: line.data[k] for k in ("rank", "host", "gpu", "group", "pid", "device", "bus")}
            if is_last and (ends_mid_line or not device["gpu"] or self._cut_name(run, device["gpu"])):
                device["gpu"] = None
                run.warn(f"last rank line cut mid-line (rank {device['rank']}); its GPU name is not recorded")
                run.truncated = True
            if device["rank"] not in {d["rank"] for d in run.devices}:
                run.devices.append(device)
        elif kind == "columns":
            if run.closed or (run.started_table and line.data["columns"] != run.columns):
                run = self._new(index)
            if line.data["unknown"]:
                run.warn(
                    f"unknown table columns {line.data['unknown']}: layout changed; rows that do not fit are skipped"
                )
            run.columns, run.columns_inferred, run.plan = line.data["columns"], False, None
        elif kind == "oob":
            run.out_of_bounds, run.oob_verdict = line.data["count"], line.data["verdict"]
        elif kind == "avg":
            run.avg_seen = True
            run.avg_busbw_GBps = line.data["value"]
            run.avg_line = line.text
            if line.data["value"] is None:
                run.truncated = True
                run.warn("Avg bus bandwidth line cut: no value")
        elif kind == "elided":
            if run.closed:  # '...' between two pasted tables belongs to neither
                return
            run.rows_elided = True
            run.warn(f"rows elided in the log ({line.text[:40]!r})")
        elif kind == "jsonrow":
            self._json_row(line, index, is_last)

    @staticmethod
    def _cut_name(run: Run, gpu: str | None) -> bool:
        return bool(gpu) and any(d["gpu"] and d["gpu"] != gpu and d["gpu"].startswith(gpu) for d in run.devices)

    def row(self, tokens: list[str], text: str, index: int, is_last: bool) -> None:
        """A table row (the reader's fast path: no Line is built for the most frequent line kind)."""
        run = self.run
        fresh = not run.rows and not run.incomplete_rows
        if fresh and run.is_empty() and not run.collective:
            run.start = index
        self._row(tokens, text, index, is_last)
        if fresh:
            self._claim_hint()

    def _row(self, tokens: list[str], text: str, index: int, is_last: bool) -> None:
        run = self.run
        if run.closed:
            run = self._new(index)
            run.warn("table rows after a finished run without a new header")
            run.after_summary = True
            run.texts = []  # rare: its rows keep their texts, in case they finish an interleaved table
        if run.columns is None:
            run.columns = columns_from_shape(tokens)
            run.columns_inferred = run.columns is not None
            if run.columns is not None:
                run.warn(
                    "no table header before the rows (log starts or resumes inside the table); columns inferred from the row shape"
                )
        if run.columns and run.plan is None:
            run.plan = row_plan(run.columns)
        row = parse_row(tokens, run.columns, run.plan) if run.columns else None
        if row is not None:
            try:
                run.add_row(row, text)
                return
            except (OverflowError, TypeError, ValueError):
                row = None  # a number no machine integer holds: not a real row
        if row is None:
            run.incomplete_rows += 1
            if is_last:
                run.truncated = True
                run.warn(f"last row cut mid-line: {text!r}")
            else:
                self.reader.unparsed_row_lines += 1
                run.warn(f"row does not fit the columns, skipped: {text!r}")

    def _json_row(self, line: Line, index: int, is_last: bool) -> None:
        """rccl-tests --output_format json: one record per line, out-of-place then in-place."""
        rec = line.data["record"]
        run = self.run
        if rec is None:
            run.truncated = True
            run.warn(
                f"last JSON record cut: {line.text[:60]!r}"
                if is_last
                else f"JSON record does not parse, skipped: {line.text[:60]!r}"
            )
            return
        name = collective_from_name(rec.get("name"))
        if run.closed or (run.collective and name and run.collective != name):
            run = self._new(index)
        if name and not run.collective:
            run.collective, run.collective_from = name, "log"
        if rec.get("gpus") is not None:
            run.header.setdefault("ngpus_total", rec.get("gpus"))
        try:
            size, in_place = int(rec["size"]), int(rec.get("inPlace", 0))
            half = (
                _float(rec.get("time")),
                _float(rec.get("algBw")),
                _float(rec.get("busBw")),
                _wrong(rec.get("#wrong")),
            )
        except (KeyError, TypeError, ValueError):
            run.warn(f"JSON record without size or bandwidth, skipped: {line.text[:60]!r}")
            return
        if (
            in_place
            and run.rows
            and run.rows[-1][0] == size
            and run.rows[-1][10] is None
            and all(v is None or isinstance(v, (int, float)) for v in half)
        ):
            run.rows[-1] = run.rows[-1].replace(
                ip_time_us=half[0], ip_algbw_GBps=half[1], ip_busbw_GBps=half[2], ip_wrong=half[3]
            )
            return
        typ = rec.get("type") if isinstance(rec.get("type"), str) else None
        redop = rec.get("redop") if isinstance(rec.get("redop"), str) else None
        count = _int_or_none(rec.get("count"))
        width = TYPE_BYTES.get(typ or "")
        if count is None and width:
            count = size // width
        values = [
            size,
            count,
            typ,
            redop,
            _int_or_none(rec.get("root")),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
        ]
        values[9 if in_place else 5 : 13 if in_place else 9] = half
        try:
            run.add_row(Row(values), line.text)
        except (TypeError, ValueError, OverflowError):
            run.warn(f"JSON record with values out of range, skipped: {line.text[:60]!r}")


def _float(value) -> float | None:
    return None if value is None or value == "N/A" else float(value)


def _wrong(value):
    if value is None or value == "N/A":
        return None
    number = float(value)
    return int(number) if number.is_integer() else number


def _int_or_none(value):
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


class _Ints(dict):
    """`ints[token]` is `int(token)` (ValueError alike), remembered for the next rows: every table of a
    log prints the same message sizes and counts, a root of -1 and #wrong 0, so most cells are looked
    up rather than converted. Bounded: past `_IGNORABLE_MAX` tokens new ones are converted, not kept."""

    __slots__ = ()

    def __missing__(self, token: str) -> int:
        value = int(token)
        if len(self) < _IGNORABLE_MAX:
            self[token] = value
        return value


def _peak_text(run: Run, cut: int) -> None:
    """The fast row path keeps the raw line of a new peak; its text (launcher prefix of `cut`
    characters off, stripped, no-break spaces as spaces) is made once, when the table's rows end."""
    busbw, raw = run.peak
    text = raw[cut:].strip()
    run.peak = (busbw, text.replace("\u00a0", " ") if "\u00a0" in text else text)


class _Sizes(_Ints):
    """`sizes[token]`: like `_Ints`, for a size or count cell: ValueError unless the token is digits
    only and short enough for a machine integer (fewer than 19)."""

    __slots__ = ()

    def __missing__(self, token: str) -> int:
        if not (token.isdigit() and len(token) < 19):
            raise ValueError(f"not a size: {token!r}")
        return _Ints.__missing__(self, token)


_FLOATS_MAX = 1 << 16


class _Floats(dict):
    """`floats[token]` is `float(token)` (ValueError alike), remembered: nccl-tests prints times and
    bandwidths with one or two decimals, so a long log repeats the same cells (latency-bound small
    sizes, the same busbw at the same size run after run) and most are looked up rather than parsed.
    Bounded: once it holds `_FLOATS_MAX` tokens (about 7 MB) it is no longer consulted (`_Reader.float_of`)."""

    __slots__ = ()

    def __missing__(self, token: str) -> float:
        value = float(token)
        if len(self) < _FLOATS_MAX:
            self[token] = value
        return value


def _table_block(
    flat: list[str],
    width: int,
    plan: tuple,
    prev_size: int,
    run: Run,
    reader: _Reader,
    block: list[str],
) -> tuple[int, float | None] | None:
    """Consecutive rows of a table under way read at once, column by column (`flat`: their tokens, `width`
    a row; `plan`: where each field sits, shifted past the launcher prefix's tokens; `block`: the raw lines).

    The rows are stored only when every one of them reads the way the row-by-row path would read it
    (sizes and counts plain digits, every number a float, no type that is a number, sizes that only grow);
    otherwise nothing is stored and None tells the caller to read them one by one. Returns the last size
    and the new peak busbw (None when the peak did not change; `run.peak` then holds the raw line)."""
    s, c, t, r, ro, ot, oa, ob, ow, it, ia, ib, iw = plan
    types = flat[t::width]
    for typ in set(types):
        if typ[:1].isdigit():
            return None
    sizes, ints, floats = reader.sizes.__getitem__, reader.ints.__getitem__, reader.float_of()
    try:
        size_col = list(map(sizes, flat[s::width]))
        count_col = list(map(sizes, flat[c::width]))
        count = len(size_col)
        values = [0.0] * (6 * count)  # out-of-place time, algbw, busbw, in-place time, algbw, busbw of each row
        for k, col in enumerate((ot, oa, ob, it, ia, ib)):
            values[k::6] = list(map(floats, flat[col::width]))
        nums = array("d", _pack(f"{len(values)}d", *values))  # (array("d", list) parses each item's arguments)
        roots = list(map(ints, flat[ro::width])) if ro is not None else [None] * count
        oop_wrong = list(map(ints, flat[ow::width])) if ow is not None else None
        ip_wrong = list(map(ints, flat[iw::width])) if iw is not None else None
    except ValueError:
        return None
    steps = [prev_size, *size_col]
    if not all(map(lt, steps, size_col)):  # sizes grow, except 0 B repeated (small sizes rounded down)
        for a, b in zip(steps, size_col):
            if b < a or (b == a and b):
                return None
    # the new peak: the first row with the highest busbw above the run's peak, among rows with a positive
    # busbw, no wrong values and a plausible algbw (the row-by-row rule, taken over the block at once)
    busbw, oop_algbw, ip_algbw = nums[2::6], nums[1::6], nums[4::6]
    best = run.peak[0] if run.peak is not None else None
    found = -1
    if (
        isfinite(sum(nums))
        and not (oop_wrong and any(oop_wrong))
        and max(oop_algbw) <= _LIMIT
        and max(ip_algbw) <= _LIMIT
    ):
        top = max(busbw)
        if top > 0 and (best is None or top > best):
            found = busbw.index(top)
    else:
        for i in range(count):
            b = busbw[i]
            if (
                b > 0
                and not (oop_wrong and oop_wrong[i])
                and oop_algbw[i] <= _LIMIT
                and ip_algbw[i] <= _LIMIT
                and (best is None or b > best)
            ):
                best, found = b, i
    store = run.rows
    store.sizes.extend(size_col)
    store.counts.extend(count_col)
    store.types.extend(map(sys.intern, types))
    store.redops.extend(map(sys.intern, flat[r::width]) if r is not None else [None] * count)
    store.roots.extend(roots)
    store.nums.extend(nums)
    wrongs = [None] * (2 * count)
    if oop_wrong is not None:
        wrongs[0::2] = oop_wrong
    if ip_wrong is not None:
        wrongs[1::2] = ip_wrong
    store.wrongs.extend(wrongs)
    if found < 0:
        return size_col[-1], None
    run.peak = (busbw[found], block[found])  # the raw line: its text is taken once the table ends
    return size_col[-1], busbw[found]


class _Reader:
    """One document's lines, demultiplexed by launcher prefix into streams."""

    def __init__(self):
        self.streams: dict[str, _Stream] = {}
        self.nccl_version: str | None = None
        self.unparsed_row_lines = 0
        self.hint: tuple[int, str] | None = None  # the last unprefixed command naming a collective
        self.last_table_key: str | None = None  # the prefixed stream that last printed table lines
        self.ignorable: set[str] = set()  # lines already found to say nothing (bounded)
        self.ints = _Ints()  # int(token) for the cells tables repeat: root, #wrong
        self.sizes = _Sizes()  # the same for sizes and counts, which must be plain digits
        self.floats = _Floats()  # float(token) for times and bandwidths
        self.classified: dict[str, Line] = {}  # line text -> its classification (bounded; rows never kept)
        # raw line -> (launcher prefix before it, its stream, its classification, prefix and stream after it):
        # a line that says something, read again after the same prefix, skips prefix and classification
        self.known: dict[str, tuple] = {}
        self.last_prefix: str = ""  # the last launcher prefix seen, and its stream
        self.last_key: str = ""
        self.fragments: dict[str, tuple[str, int]] = {}  # stream -> start of a row a debug line cut, its index

    def float_of(self):
        """How to convert a time or bandwidth cell: the memo while it takes new cells, plain float()
        once it is full (a log whose cells rarely repeat then pays nothing for it)."""
        return self.floats.__getitem__ if len(self.floats) < _FLOATS_MAX else float

    def _ignore(self, raw: str) -> None:
        """Remember a line that says nothing, whatever its context (classification is context-free):
        logs repeat such lines (the same prose, banner or column units before every table)."""
        if len(self.ignorable) < _IGNORABLE_MAX:
            self.ignorable.add(raw)

    def _row_then_debug(self, key: str, text: str, index: int, is_last: bool) -> bool:
        """A line holding the start of a table row, then an NCCL debug line (stdout and stderr of one
        process interleaved: the row's first part was written, then the whole debug line, then the
        rest of the row on the next line). The row's part is kept for the next line of its stream."""
        m = _DEBUG_AFTER_ROW.search(text)
        if m is None:
            return False
        head = text[: m.start()]
        tokens = head.split()
        if not tokens or not tokens[0].isdigit() or (len(tokens) > 1 and not tokens[1].isdigit()):
            return False
        stream = self.streams.get(key) or self.stream(key)
        if len(tokens) == 1 and not stream.run.columns:
            return False  # a lone number before a debug line, and no table under way
        columns = stream.run.columns
        if columns and len(tokens) == len(columns):  # the whole row came before the debug line
            stream.row(tokens, head.strip(), index, is_last)
        else:
            self.fragments[key] = (head, index)
        return True

    def _continue_row(self, key: str, text: str, index: int, is_last: bool) -> bool:
        """The rest of a row a debug line cut (see `_row_then_debug`): the two parts joined as written."""
        head, start = self.fragments.pop(key)
        joined = head + text.rstrip("\r\n")
        tokens = joined.split()
        stream = self.streams.get(key) or self.stream(key)
        columns = stream.run.columns or columns_from_shape(tokens)
        if columns and len(tokens) == len(columns) and tokens[0].isdigit() and tokens[1].isdigit():
            stream.row(tokens, " ".join(joined.split()), start, is_last)
            stream.run.warn("a table row split by an NCCL debug line: its two parts joined")
            return True
        stream.run.incomplete_rows += 1
        stream.run.warn(f"a table row cut by an NCCL debug line and not continued, skipped: {head.strip()!r}")
        return False

    def stream(self, key: str) -> _Stream:
        s = self.streams.get(key)
        if s is None:
            s = self.streams[key] = _Stream(key, self)
        return s

    def feed_many(self, lines: list[str], index: int) -> int:
        """Feed lines that are not the document's last; returns the next line index.

        Rows that continue a table already under way (same launcher prefix, same token count, the
        row plan known) are read inline here, without the per-line calls of `feed`: in a big log
        they are most of the lines that are not debug output. Anything unusual in such a line (N/A
        cells, float error columns, a different prefix) sends it down the general path instead."""
        fast_run = None
        intern = sys.intern
        ints, sizes, floats = self.ints, self.sizes, self.float_of()
        limit = IMPLAUSIBLE_ALGBW_GBPS
        # the fast path's plan, set at the end of the loop body once a table is under way (fast_run)
        fast_key = fast_prefix = ""
        fast_len = plen = 0
        fast_plan: tuple = ()
        i_size = i_count = i_type = i_redop = i_root = i_ow = i_iw = None
        get_nums = add_size = add_count = add_type = add_redop = add_root = add_nums = add_wrongs = None
        prev_size, prev_raw = -1, ""
        peak_run, peak_cut = None, 0  # a run whose peak holds a raw line (see _peak_text)
        n = len(lines)
        pos = 0
        single_until = 0  # lines before this one were gathered once and did not read as a block: one by one
        while pos < n:
            raw = lines[pos]
            if (
                fast_run is not None and raw[:plen] == fast_prefix
            ):  # (slicing: str.startswith parses its arguments slowly)
                if pos >= single_until:
                    # the lines that follow with the table's prefix and token count, read as one block
                    end, flat = pos, []
                    while end < n:
                        line = lines[end]
                        if line[:plen] != fast_prefix:
                            break
                        tokens = line.split()
                        if len(tokens) != fast_len:
                            break
                        flat += tokens
                        end += 1
                    if end - pos > 1:
                        block = lines[pos:end]
                        read = _table_block(flat, fast_len, fast_plan, prev_size, fast_run, self, block)
                        if read is not None:
                            prev_size, new_peak = read
                            prev_raw = block[-1]
                            if new_peak is not None:
                                peak_run, peak_cut = fast_run, len(fast_prefix)
                            if fast_key:
                                self.last_table_key = fast_key
                            index += end - pos
                            pos = end
                            continue
                    single_until = end
                tokens = raw.split()  # the prefix's own tokens come first: the plan is shifted past them
                if len(tokens) == fast_len and not tokens[i_type][:1].isdigit():
                    try:
                        size, count = sizes[tokens[i_size]], sizes[tokens[i_count]]  # digits only, < 19 of them
                        nums = tuple(map(floats, get_nums(tokens)))
                        root = ints[tokens[i_root]] if i_root is not None else None
                        wrong = (
                            ints[tokens[i_ow]] if i_ow is not None else None,
                            ints[tokens[i_iw]] if i_iw is not None else None,
                        )
                    except ValueError:
                        nums = None
                    if nums is not None and (size < prev_size or (size == prev_size and size)):
                        # a size that repeats or goes backwards: the general path keeps the texts from here
                        if prev_raw:  # else the row before was read the general way, its text kept
                            fast_run.last_text = prev_raw[len(fast_prefix) :].strip()
                        nums = None
                    if nums is not None:
                        prev_size, prev_raw = size, raw
                        add_size(size)
                        add_count(count)
                        add_type(intern(tokens[i_type]))
                        add_redop(intern(tokens[i_redop]) if i_redop is not None else None)
                        add_root(root)
                        add_nums(nums)
                        add_wrongs(wrong)
                        busbw = nums[2]
                        if (
                            busbw > 0
                            and not wrong[0]
                            and nums[1] <= limit
                            and nums[4] <= limit
                            and (fast_run.peak is None or busbw > fast_run.peak[0])
                        ):
                            fast_run.peak = (busbw, raw)  # the raw line: its text is taken once the table ends
                            peak_run, peak_cut = fast_run, len(fast_prefix)
                        if fast_key:
                            self.last_table_key = fast_key
                        index += 1
                        pos += 1
                        continue
            pos += 1
            if peak_run is not None:
                _peak_text(peak_run, peak_cut)
                peak_run = None
            self.feed(raw, index, False, False)
            index += 1
            fast_run = None
            last = self.last_prefix
            key = self.last_key if last and raw[: len(last)] == last else ""
            stream = self.streams.get(key)
            if stream is None:
                continue
            run = stream.run
            if not (run.rows and run.plan and not run.closed and run.columns and not run.incomplete_rows):
                continue
            if run.texts is not None:
                continue  # rows whose texts are kept go the general way
            prev_size, prev_raw = run.rows.sizes[-1], ""
            fast_key, fast_run = key, run
            fast_prefix = self.last_prefix if key else ""
            plen = len(fast_prefix)
            lead = len(fast_prefix.split())
            fast_len = len(run.columns) + lead
            fast_plan = tuple(None if i is None else i + lead for i in run.plan)
            i_size, i_count, i_type, i_redop, i_root, ot, oa, ob, i_ow, it, ia, ib, i_iw = fast_plan
            get_nums = itemgetter(ot, oa, ob, it, ia, ib)
            st = run.rows
            add_size, add_count, add_type, add_redop, add_root, add_nums, add_wrongs = (
                st.sizes.append,
                st.counts.append,
                st.types.append,
                st.redops.append,
                st.roots.append,
                st.nums.extend,
                st.wrongs.extend,
            )
        if peak_run is not None:
            _peak_text(peak_run, peak_cut)
        return index

    def feed(self, raw: str, index: int, is_last: bool, ends_mid_line: bool) -> None:
        if raw in self.ignorable:  # seen before and found to say nothing (prose, spacers, units)
            return
        prefix = self.last_prefix
        seen = self.known.get(raw)
        if seen is not None and seen[0] == prefix and not (self.fragments and seen[1] in self.fragments):
            # a line read before after the same launcher prefix: its stream and classification again
            _, key, line, self.last_prefix, self.last_key = seen
            self._dispatch(key, line, index, is_last, ends_mid_line)
            return
        if prefix and raw[: len(prefix)] == prefix and not _ANY_PREFIX.match(raw, len(prefix)):
            key, text = self.last_key, raw[len(prefix) :]  # the launcher prefix of the line before, reused
        else:
            key, text = split_prefix(raw)
            if key:
                self.last_prefix, self.last_key = raw[: len(raw) - len(text)], key
        stripped = text.lstrip()
        first = stripped[:1]
        if (first == "#" and stripped.rstrip() == "#") or not first:
            self._ignore(raw)  # '#' spacer lines and empty (prefixed) lines: nothing to read
            return
        if self.fragments and key in self.fragments and self._continue_row(key, text, index, is_last):
            return
        if first.isdigit():  # fast path for table rows
            if "NCCL " in stripped and self._row_then_debug(key, text, index, is_last):
                return
            tokens = stripped.split()
            if len(tokens) >= 2 and tokens[0].isdigit() and tokens[1].isdigit():
                if key:
                    self.last_table_key = key
                stream = self.streams.get(key) or self.stream(key)
                row_text = stripped.rstrip()
                if "\u00a0" in row_text:
                    row_text = row_text.replace("\u00a0", " ")
                stream.row(tokens, row_text, index, is_last)
                return
        line = self.classified.get(text)
        if line is None:
            line = classify(text)  # context-free: a log repeats its headers, rank and summary lines
            if line.kind not in ("row", "jsonrow") and len(self.classified) < _IGNORABLE_MAX:
                self.classified[text] = line
        kind = line.kind
        if kind in ("blank", "units") or (kind == "other" and not line.data):
            self._ignore(raw)
            return
        if not first.isdigit() and kind != "jsonrow" and len(self.known) < _IGNORABLE_MAX:
            self.known[raw] = (prefix, key, line, self.last_prefix, self.last_key)
        self._dispatch(key, line, index, is_last, ends_mid_line)

    def _dispatch(self, key: str, line: Line, index: int, is_last: bool, ends_mid_line: bool) -> None:
        """A classified line that says something, to its stream (`key`: its launcher prefix)."""
        kind = line.kind
        version = line.data.get("nccl_version")
        if version:
            self.nccl_version = version
        if not key:
            if kind in ("command", "starting") and line.data.get("collective"):
                self.hint = (index, line.data["collective"])
            elif kind == "elided" and self.last_table_key:
                own = self.streams.get("")
                if not (own and own.run.started_table and not own.run.closed):
                    key = self.last_table_key  # an unprefixed '...' pasted into a prefixed table
        elif kind in ("row", "columns"):
            self.last_table_key = key
        self.stream(key).feed(line, index, is_last, ends_mid_line)


def read_runs(text: str, file_hint: str = "") -> list[Run]:
    """All runs in a log given as one string. Raises ParseError when it holds no nccl-tests output."""
    return read_runs_from(text.splitlines(keepends=True), file_hint)


_BLOCK_CHARS = 1 << 22
_IGNORABLE_MAX = 4096


def _blocks(source) -> Iterable[list[str]]:
    """Lists of lines: a file object is read in blocks of a few MB, any other iterable as it comes."""
    if not hasattr(source, "read"):
        yield source if isinstance(source, list) else list(source)
        return
    carry = ""
    while True:
        chunk = source.read(_BLOCK_CHARS)
        if not chunk:
            break
        lines = (carry + chunk).splitlines(keepends=True)
        carry = lines.pop() if lines and not lines[-1].endswith(("\n", "\r")) else ""
        yield lines
    if carry:
        yield [carry]


_DEBUG_AFTER_ROW = re.compile(r"\S+:\d+:\d+ \[\d+\] (?:\S+ )?NCCL (?:INFO|WARN)")


def _row_before_debug(line: str) -> bool:
    """Whether an NCCL INFO line may carry the start of a table row before it: a row's columns are
    padded with runs of spaces, a debug line's own text before 'NCCL INFO' has none."""
    head, found, _ = line.partition(" NCCL INFO")  # (not str.find: it parses its arguments slowly)
    return bool(found) and "  " in head


def _worth_reading(line: str) -> bool:
    return ("NCCL INFO" not in line or "NCCL version" in line or _row_before_debug(line)) and not line.isspace()


def read_runs_from(lines, file_hint: str = "") -> list[Run]:
    """All runs in a log read line by line (a file object, read in blocks, or any iterable of lines).

    NCCL debug lines, the bulk of a big log, are dropped before any Python work per line; the rest
    pass through the reader with one line of lookahead (the last line may be cut mid-line).
    The cyclic garbage collector is paused while reading: the rows are acyclic tuples, and a big
    log allocates hundreds of thousands of them, which would otherwise trigger collection after
    collection over an ever larger heap.
    Raises ParseError when the lines hold no nccl-tests output."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _read_runs_from(lines, file_hint)
    finally:
        if was_enabled:
            gc.enable()


def _read_runs_from(lines, file_hint: str) -> list[Run]:
    reader = _Reader()
    feed = reader.feed
    pending: str | None = None
    index = 0
    seen_text = False
    last_is_debug = False
    for block in _blocks(lines):
        ignorable = reader.ignorable  # lines seen before and found to say nothing
        kept = [
            line
            for line in block
            if (
                "NCCL INFO" not in line
                or "NCCL version" in line
                or ((cut := line.partition(" NCCL INFO"))[1] and "  " in cut[0])  # _row_before_debug, inline
            )
            and line not in ignorable
            and not line.isspace()
        ]
        for line in reversed(block):  # is the block's last non-blank line one that is dropped?
            if not line.isspace():
                seen_text = True
                last_is_debug = not _worth_reading(line) or line in ignorable
                break
        if not kept:
            continue
        if pending is not None:
            feed(pending, index, False, False)
            index += 1
        index = reader.feed_many(kept[:-1], index)
        pending = kept[-1]
    if not seen_text:
        raise ParseError("empty document: no nccl-tests output")
    if pending is not None:
        last = not last_is_debug
        feed(pending, index, last, last and not pending.endswith(("\n", "\r")))
    for key, (head, _start) in reader.fragments.items():  # a row a debug line cut, never continued
        run = reader.stream(key).run
        run.incomplete_rows += 1
        run.truncated = True
        run.warn(f"last table row cut by an NCCL debug line: {head.strip()!r}")

    runs = sorted((r for s in reader.streams.values() for r in s.runs if not r.is_empty()), key=lambda r: r.start)
    if not runs:
        raise ParseError("no nccl-tests output found (no header, rank lines or result table)")
    if not any(r.rows for r in runs) and reader.unparsed_row_lines:
        raise ParseError(
            f"layout changed: {reader.unparsed_row_lines} table-like lines but none fits a known column set"
        )
    for run in runs:
        if reader.nccl_version and "nccl_version" not in run.header:
            run.header["nccl_version"] = reader.nccl_version
    return check_runs(runs, file_hint)


def separate_interleaved(chain: list[Run]) -> list[Run]:
    """The tables of a run whose message sizes repeat or go backwards, taken apart when the rows allow it.

    Ranks that each print a table, launched without prefixes (mpirun of a binary built without MPI,
    srun without --label), interleave their rows: 8, 16, ..., 256, 8, 512, 16, 1024, ...
    (NVIDIA/nccl-tests#182). `chain` is such a run and the runs that follow it with rows after its
    summary and no header of their own (the slower rank finishing after the faster one's summary).
    Each row goes to the table whose next size step it is (the header's step factor or bytes, else the
    step the sizes show), else to the table it can follow with a gap, else it starts a table. When that
    gives two or more tables of two or more rows each, they are the runs: an 'Avg bus bandwidth' line
    goes to the table whose row it follows, and each is warned that which rank printed a row is not
    known. When it does not, and a non-zero size repeats or sizes go backwards, the first run is kept
    with its rows but marked `unseparable` and gives no observation. Repeated zero sizes (small
    messages rounded down to 0 B) are one table's rows."""
    run = chain[0]
    if run.texts is None or len(run.rows) < 2:
        return chain
    own = list(run.rows.sizes)
    if all(b > a or b == a == 0 for a, b in zip(own, own[1:])):
        return chain
    rows, texts, summary_after = [], [], {}  # summary_after: index of the row a summary follows -> run
    for r in chain:
        for k in range(len(r.rows)):
            rows.append(r.rows[k])
            texts.append(r.texts[k] if r.texts is not None and k < len(r.texts) else None)
        if r.avg_busbw_GBps is not None and rows:
            summary_after[len(rows) - 1] = r
    sizes = [row[0] for row in rows]
    factor, step = run.header.get("step_factor"), run.header.get("step_bytes")
    if not factor and not step:
        ratios: dict[int, int] = {}
        for a, b in zip(sizes, sizes[1:]):
            if 0 < a < b and b % a == 0:
                ratios[b // a] = ratios.get(b // a, 0) + 1
        factor = max(ratios, key=ratios.get) if ratios else None

    def next_step(last: int, size: int) -> bool:
        if size == last == 0:
            return True
        if size <= last:
            return False
        if factor:
            return last == 0 or size <= last * factor * 1.05 + 64
        return bool(step) and size <= last + step * 1.05 + 64

    lanes: list[list[int]] = []
    for i, size in enumerate(sizes):
        fits = [lane for lane in lanes if next_step(sizes[lane[-1]], size)]
        if not fits:
            fits = sorted((lane for lane in lanes if sizes[lane[-1]] < size), key=lambda ln: -sizes[ln[-1]])
        if fits:
            fits[0].append(i)
        else:
            lanes.append([i])
    if len(lanes) < 2 or any(len(lane) < 2 for lane in lanes):
        run.interleaved = "unseparable"
        run.warn(
            "message sizes repeat or go backwards and do not fall into whole tables: rows of several ranks or "
            "runs interleaved without launcher prefixes cannot be told apart; no bandwidth is taken from this run"
        )
        return chain
    g = len(lanes)
    out = []
    for j, lane in enumerate(lanes):
        summaries = [summary_after[i] for i in lane if i in summary_after]
        last = chain[-1]
        part = Run(
            collective=run.collective,
            collective_from=run.collective_from,
            header=dict(run.header),
            devices=list(run.devices),
            columns=run.columns,
            columns_inferred=run.columns_inferred,
            plan=run.plan,
            avg_seen=last.avg_seen,
            out_of_bounds=last.out_of_bounds,
            oob_verdict=last.oob_verdict,
            rows_elided=any(r.rows_elided for r in chain),
            truncated=any(r.truncated for r in chain),
            incomplete_rows=sum(r.incomplete_rows for r in chain),
            warnings=[w for w in run.warnings],
            stream=run.stream,
            start=run.start,
            interleaved="separated",
        )
        part.texts = []  # the separated rows keep their texts (the evidence of their peak)
        for i in lane:
            part.add_row(rows[i], texts[i])
        part.warn(
            f"rows of {g} tables interleaved without launcher prefixes (ranks printing at once, or tables "
            f"pasted together): taken apart by their size steps, table {j + 1} of {g}; which rank printed "
            "a row of a given size is not known"
        )
        if len(summaries) == 1:
            part.avg_busbw_GBps, part.avg_line = summaries[0].avg_busbw_GBps, summaries[0].avg_line
            part.out_of_bounds, part.oob_verdict = summaries[0].out_of_bounds, summaries[0].oob_verdict
            part.warn("its 'Avg bus bandwidth' line is the one printed right after its last row")
        elif summary_after:
            part.warn("the 'Avg bus bandwidth' lines of the interleaved tables cannot be told apart: none kept")
        out.append(part)
    return out


def check_runs(runs: list[Run], file_hint: str = "") -> list[Run]:
    """The whole-run checks on each run (truncation, gaps, errors, zero or absurd values, naming)."""
    chains: list[list[Run]] = []
    for run in runs:  # a run whose rows came after another's summary may finish an interleaved table
        if chains and run.after_summary and run.stream == chains[-1][-1].stream and chains[-1][0].texts is not None:
            chains[-1].append(run)
        else:
            chains.append([run])
    runs = [part for chain in chains for part in separate_interleaved(chain)]
    for run in runs:
        _check(run, file_hint, single=len(runs) == 1)
    return runs


def _check(run: Run, file_hint: str, single: bool) -> None:
    """Flags and warnings that need the whole run: truncation, gaps, errors, zero or absurd values."""
    if not run.avg_seen and not _json_only(run):
        run.truncated = True
        run.warn(
            "log ends before the closing 'Avg bus bandwidth' line"
            if run.rows or run.incomplete_rows
            else "no result rows: log ends before the table"
        )
    _name_collective(run, file_hint, single)
    if not run.rows:
        return
    store = run.rows
    sizes, nums = store.sizes, store.nums
    wrong = list(filter(None, store.wrongs))
    busbw = nums[2::6] + nums[5::6]
    zeros = busbw.count(0.0)  # every busbw that is there is 0 (NaN, a missing value, equals nothing)
    all_zero = zeros == len(busbw) or (zeros > 0 and all(v == 0 or v != v for v in busbw))
    oop_algbw, ip_algbw = nums[1::6], nums[4::6]
    over = _LIMIT.__lt__  # NaN > limit is False: a missing algbw is never absurd
    absurd = (
        [size for size, a, b in zip(sizes, oop_algbw, ip_algbw) if a > _LIMIT or b > _LIMIT]
        if any(map(over, oop_algbw)) or any(map(over, ip_algbw))
        else []
    )
    if run.header.get("minbytes") is not None and sizes[0] > run.header["minbytes"] and run.columns_inferred:
        run.rows_elided = True
        run.warn(f"rows below {sizes[0]} B missing (minBytes {run.header['minbytes']})")
    if run.interleaved is None and not all(map(lt, sizes, sizes[1:])):
        run.warn("message sizes repeat or go backwards: several runs pasted together or a broken run")
    if run.out_of_bounds:
        run.warn(f"Out of bounds values: {run.out_of_bounds} {run.oob_verdict or ''}".strip())
    if wrong and any(isinstance(v, float) for v in wrong):
        run.warn(
            f"old-format error column is non-zero in {len(wrong)} cells (max {max(wrong):g}); "
            "nccl-tests of that era reported the max error, which may be float rounding"
        )
    elif wrong:
        run.warn(f"wrong values reported in {len(wrong)} cells; averages from this run are not trusted")
    if all_zero:
        run.warn("every busbw is 0: broken run (no bandwidth measured)")
    if absurd:
        run.warn(f"implausible algbw (> {IMPLAUSIBLE_ALGBW_GBPS:g} GB/s) at sizes {absurd[:3]}: timings are broken")


def _json_only(run: Run) -> bool:
    """rccl-tests JSON-lines output has no summary line: its absence is not a truncation."""
    return run.columns is None and bool(run.rows) and "ngpus_total" in run.header


def has_errors(run: Run) -> bool:
    wrong = any(run.rows.wrongs)
    return bool(wrong or run.out_of_bounds or (run.oob_verdict or "").upper() == "FAILED")


def all_busbw_zero(run: Run) -> bool:
    nums = run.rows.nums
    values = [v for v in nums[2::6] + nums[5::6] if v == v]
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
    store = run.rows  # the last row's cells, read from the store without building the row
    width = TYPE_BYTES.get(store.types[-1])
    count = store.counts[-1]  # -1: no count
    if not width or count <= 0:
        return None
    per_element = store.sizes[-1] / (count * width)  # 1: whole buffer; >1: per-rank count
    has_op = "redop" in run.columns and (store.redops[-1] or "none") != "none"
    root = store.roots[-1] if "root" in run.columns else None
    if has_op and root in (None, -1) and per_element == 1:
        return "all_reduce", "columns"
    if has_op and root in (None, -1) and per_element > 1:
        return "reduce_scatter", "columns"
    if not has_op and "root" not in run.columns and per_element > 1:
        return "all_gather", "columns"  # old format: all_gather had neither redop nor root
    return None
