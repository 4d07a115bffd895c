"""Line-level reading of nccl-tests and rccl-tests output: launcher prefixes, what kind of line each
one is, and the table rows.

nccl-tests has printed three generations of output (all seen in real logs):
- old (before ~2.10): `error` columns holding the max error as a float (`0e+00`, `4e-07`), no `root`
  column, all_gather without `redop` (or with the `redop` header over a blank cell), and an even
  older header written `nThread: 1 nGpus: 1 ... warmupIters: 5` (still in rccl-tests of 2021);
- newer: `#wrong` columns (a count, `N/A` without validation), `redop` and `root` on every
  collective, `Group` in rank lines (rccl-tests prints rank lines without `Group`);
- newest (2.17+): the same table plus `# nccl-tests version …` and `# Collective test starting: …`,
  optional per-iteration (`i_min` … `i_cv%`) and `timestamp` columns.
Logs as launched on clusters carry a prefix on every line (Slurm `srun --label` gives `0: `, Open MPI
`--tag-output` gives `[1,0]<stdout>:`, `mpirun` rank tags `[0] `, SkyPilot `(head, rank=0, pid=N) `,
kubectl `--timestamps`); `split_prefix` takes it off and names the stream it belongs to. Logs pasted
into issues lose the leading `#` (markdown headings), gain indentation or quote marks, and may be cut
anywhere, so each line is then normalized and classified by its content, not by its prefix.
"""

from __future__ import annotations

import json
import re
import sys
from array import array
from collections.abc import Sequence
from typing import NamedTuple

# Bytes per element for the data types nccl-tests prints (used to infer the collective).
TYPE_BYTES = {
    "int8": 1,
    "uint8": 1,
    "char": 1,
    "f8e4m3": 1,
    "f8e5m2": 1,
    "fp8_e4m3": 1,
    "fp8_e5m2": 1,
    "half": 2,
    "bfloat16": 2,
    "float16": 2,
    "fp16": 2,
    "bf16": 2,
    "int32": 4,
    "uint32": 4,
    "int": 4,
    "float": 4,
    "float32": 4,
    "int64": 8,
    "uint64": 8,
    "double": 8,
    "float64": 8,
}

# Canonical names of the table columns; `#wrong` (count) and `error` (old float) both map to wrong.
_COLUMN_ALIASES = {
    "size": "size",
    "count": "count",
    "type": "type",
    "redop": "redop",
    "root": "root",
    "time": "time",
    "cputime": "time",
    "algbw": "algbw",
    "busbw": "busbw",
    "#wrong": "wrong",
    "wrong": "wrong",
    "error": "wrong",
    "#error": "wrong",
}
_REPEATED = ("time", "algbw", "busbw", "wrong")  # printed once for out-of-place, once for in-place
# Columns newer nccl-tests print that the rows carry but the records do not keep (per-iteration
# statistics with -I, the timestamp with -S): known, so they are not reported as a layout change.
_KNOWN_EXTRA = {"i_min", "i_max", "i_p99", "i_cv%", "timestamp"}
# Columns a row may leave blank: old all_gather/broadcast tables print the `redop` header over an
# empty cell, and some rccl builds leave `root` empty.
_OPTIONAL = ("redop", "root")

PERF_BINARY = re.compile(r"\b([a-z_]+?)_perf(?:_mpi)?\b")
_VERSION = re.compile(r"nccl-tests version (\S+)(?: \([0-9a-f]+\))?(?: nccl-headers=(\d+))?(?: nccl-library=(\d+))?")
_RCCL_TESTS_VERSION = re.compile(r"^rccl-tests: Version\s*(.*?)\s*$")
_STARTING = re.compile(r"Collective test (starting|concluded):\s*(\S+)")
_NCCL_VERSION = re.compile(r"\b[NR]CCL version\s*:?\s*(\d+\.\d+\.\d+)")
_RANK = re.compile(
    r"^Rank\s+(\d+)\s+(?:Group\s+(\d+)\s+)?Pid\s+(\d+)\s+on\s+(\S+)\s+device\s+(\d+)"
    r"(?:\s+\[([^\]]*)\])?(?:\s+(.*\S))?\s*$"
)
_OUT_OF_BOUNDS = re.compile(r"^Out of bounds values\s*:\s*(\d+)\s*(\w+)?")
_AVG = re.compile(r"^Avg\b(?:\s+bus\s+bandwidth)?\s*(?::\s*([0-9.eE+-]+))?")
# `...`, `…`, `[...]`, `<snip>`, `. . .`, `# <smaller message sizes truncated>`, `(rows omitted)`
_ELIDED = re.compile(
    r"^(\.\s?\.\s?\.|…|\[\s*(\.\.\.|…)|<[^>]*(\.\.\.|snip|truncat|omit|elide)[^>]*>"
    r"|\((?:[^)]*\b)?(?:truncated|omitted|snip)\b[^)]*\))",
    re.IGNORECASE,
)
# Header keys as printed on the `nThread` line, mapped to the names used in `header`.
_HEADER_KEYS = {
    "nthread": "nthread",
    "ngpus": "ngpus",
    "minbytes": "minbytes",
    "maxbytes": "maxbytes",
    "warmup iters": "warmup_iters",
    "warmupiters": "warmup_iters",
    "iters": "iters",
    "agg iters": "agg_iters",
    "validation": "validation",
    "graph": "graph",
    "unalign": "unalign",
}
_HEADER_PAIR = re.compile(
    r"(nThread|nGpus|minBytes|maxBytes|warmup iters|warmupIters|agg iters|iters|validation|graph|unalign)"
    r":?\s+(-?\d+)"
)
_STEP = re.compile(r"step:\s*(\d+)\((factor|bytes)\)")

# Launcher prefixes, outermost first; each names the stream (rank or task) the line belongs to.
# Tried repeatedly, since launchers stack (SkyPilot around Open MPI, kubectl timestamps around srun).
_PREFIXES = (
    # Open MPI --tag-output: [jobid,rank]<stdout>: / <stderr>:
    re.compile(r"^\s*\[(\d+),(\d+)\]<(stdout|stderr)>:"),
    # SkyPilot / Ray: (head, rank=0, pid=3808) or (worker1, rank=1, pid=2769, ip=10.0.0.2)
    re.compile(r"^\s*\((\w[\w.-]*), rank=(\d+), pid=\d+(?:, ip=[\d.]+)?\) ?"),
    # kubectl logs --timestamps and similar ISO-8601 stamps
    re.compile(r"^\s*(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?) "),
    # Slurm srun --label: '0: ', ' 12: ' (a task number, a colon, then a space or the end of the line)
    re.compile(r"^\s{0,4}(\d{1,6}):(?: |$)"),
    # mpirun / mpiexec rank tags: '[0] ', '[1,0]: '
    re.compile(r"^\s*\[(\d+(?:,\d+)?)\]:? "),
)
_PREFIX_KINDS = ("ompi", "sky", "ts", "slurm", "rank")


_ANY_PREFIX = re.compile(r"\s*(?:\[\d|\(\w|\d{1,6}:(?: |$)|\d{4}-\d\d-\d\dT)")


def split_prefix(raw: str) -> tuple[str, str]:
    """(stream, text): the launcher prefixes taken off a line, as a stream key ('' when none)."""
    if not _ANY_PREFIX.match(raw):
        return "", raw
    key = ""
    while True:
        for kind, pattern in zip(_PREFIX_KINDS, _PREFIXES):
            m = pattern.match(raw)
            if m:
                if kind == "ompi":
                    key += f"|ompi:{m.group(1)},{m.group(2)}:{m.group(3)}"
                elif kind == "sky":
                    key += f"|sky:{m.group(1)}:{m.group(2)}"
                elif kind != "ts":  # a timestamp says nothing about the stream
                    key += f"|{kind}:{m.group(1)}"
                raw = raw[m.end() :]
                break
        else:
            return key, raw
        if not _ANY_PREFIX.match(raw):
            return key, raw


class Line(NamedTuple):
    kind: str  # version | tests_version | starting | concluded | command | header | rank | columns | units
    #                  | row | jsonrow | oob | avg | elided | blank | other
    text: str  # the normalized text
    data: dict


def normalize(raw: str) -> str:
    """Strip what pasting did to a line: markdown quote marks, `#` prefixes, odd spaces."""
    text = raw.strip()
    if "\u00a0" in text or "\t" in text:
        text = text.replace("\u00a0", " ").replace("\t", " ").strip()
    if text[:1] == ">":  # markdown block quote
        text = text.lstrip("> ")
    if text[:1] == "#":
        text = text.lstrip("#").strip()
    return text


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
        low = tok.lower()
        base = _COLUMN_ALIASES.get(low)
        if base is None:
            if low not in _KNOWN_EXTRA:
                unknown.append(tok)
            base = low
        if base in _REPEATED or low in ("i_min", "i_max", "i_p99", "i_cv%"):
            side = "ip" if base in seen else "oop"
            seen.add(base)
            base = f"{side}_{base}"
        names.append(base)
    return names, unknown


def columns_from_shape(tokens: list[str]) -> list[str] | None:
    """Column names guessed from one data row when the log starts below the table header."""
    if len(tokens) < 11 or not tokens[0].isdigit() or not tokens[1].isdigit():
        return None
    extra = tokens[3 : len(tokens) - 8]
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
    if tok in ("N/A", "NA", "-", "n/a"):
        return None
    if tok.lstrip("-").isdigit():
        return int(tok)
    return float(tok)


ROW_FIELDS = (
    "size_bytes",
    "count",
    "type",
    "redop",
    "root",
    "oop_time_us",
    "oop_algbw_GBps",
    "oop_busbw_GBps",
    "oop_wrong",
    "ip_time_us",
    "ip_algbw_GBps",
    "ip_busbw_GBps",
    "ip_wrong",
)
_FIELD_INDEX = {name: i for i, name in enumerate(ROW_FIELDS)}


class Row(tuple):
    """One result row, compact (a tuple) but read like a dict: `row["oop_busbw_GBps"]`, `row.get(...)`.

    A big log holds hundreds of thousands of rows; a tuple of 13 values is about a third of a dict's
    size, which keeps a streamed 200 MB log within its memory budget.
    """

    __slots__ = ()

    def __getitem__(self, key):
        if key.__class__ is str:
            return tuple.__getitem__(self, _FIELD_INDEX[key])
        return tuple.__getitem__(self, key)

    def get(self, key, default=None):
        i = _FIELD_INDEX.get(key)
        return default if i is None else tuple.__getitem__(self, i)

    def keys(self):
        return ROW_FIELDS

    def as_dict(self) -> dict:
        return dict(zip(ROW_FIELDS, self))

    def replace(self, **changes) -> "Row":
        values = list(self)
        for key, value in changes.items():
            values[_FIELD_INDEX[key]] = value
        return Row(values)


_PLANS: dict[tuple, tuple | None] = {}
_NEEDED = ("size", "count", "type", "oop_time", "oop_algbw", "oop_busbw", "ip_time", "ip_algbw", "ip_busbw")


def row_plan(columns: list[str]) -> tuple | None:
    return _plan(columns)


def _plan(columns: list[str]) -> tuple | None:
    """Where each field sits in a row of these columns (cached: a log has few column sets)."""
    key = tuple(columns)
    if key not in _PLANS:
        idx = {name: i for i, name in enumerate(columns)}
        _PLANS[key] = (
            None
            if any(n not in idx for n in _NEEDED)
            else (
                idx["size"],
                idx["count"],
                idx["type"],
                idx.get("redop"),
                idx.get("root"),
                idx["oop_time"],
                idx["oop_algbw"],
                idx["oop_busbw"],
                idx.get("oop_wrong"),
                idx["ip_time"],
                idx["ip_algbw"],
                idx["ip_busbw"],
                idx.get("ip_wrong"),
            )
        )
    return _PLANS[key]


def _f(tok: str) -> float | None:
    return None if tok in _NOT_APPLICABLE else float(tok)


_NOT_APPLICABLE = frozenset(("N/A", "NA", "-", "n/a"))


_NAN = float("nan")
_I64 = 2**63


class RowStore(Sequence):
    """The rows of one run, stored by column (arrays of machine numbers, shared strings), read as Rows.

    A big log holds hundreds of thousands of rows; kept as objects (a tuple, six floats and two big
    ints each) they would cost about 370 bytes a row and keep the garbage collector busy. Stored
    here they cost about 104 bytes and no object per row; `store[i]` and iteration build a Row on
    demand. A missing value (N/A, or a half the row does not have) is NaN in the numbers, -1 for a
    count."""

    __slots__ = ("counts", "nums", "redops", "roots", "sizes", "types", "wrongs")

    def __init__(self):
        self.sizes = array("q")
        self.counts = array("q")
        self.types: list[str] = []
        self.redops: list[str | None] = []
        self.roots: list[int | None] = []
        self.nums = array("d")  # 6 a row: oop time, algbw, busbw, ip time, algbw, busbw
        self.wrongs: list = []  # 2 a row: oop, ip

    def __len__(self) -> int:
        return len(self.sizes)

    def append(self, row) -> None:
        """Add one row (a Row or any 13-tuple); every value is checked before anything is stored."""
        size, count, typ, redop, root, ot, oa, ob, ow, it, ia, ib, iw = row
        size, count = int(size), -1 if count is None else int(count)
        if not (-_I64 <= size < _I64 and -_I64 <= count < _I64):
            raise OverflowError(f"size or count out of range: {size}, {count}")
        nums = (ot, oa, ob, it, ia, ib)
        nums = array("d", nums if None not in nums else [_NAN if v is None else v for v in nums])
        self.sizes.append(size)
        self.counts.append(count)
        self.types.append(typ)
        self.redops.append(redop)
        self.roots.append(root)
        self.nums.extend(nums)
        self.wrongs.append(ow)
        self.wrongs.append(iw)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self.sizes)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("row index out of range")
        k = 6 * i
        ot, oa, ob, it, ia, ib = (None if v != v else v for v in self.nums[k : k + 6])
        count = self.counts[i]
        return Row(
            (
                self.sizes[i],
                None if count < 0 else count,
                self.types[i],
                self.redops[i],
                self.roots[i],
                ot,
                oa,
                ob,
                self.wrongs[2 * i],
                it,
                ia,
                ib,
                self.wrongs[2 * i + 1],
            )
        )

    def __setitem__(self, i: int, row) -> None:
        n = len(self.sizes)
        if i < 0:
            i += n
        size, count, typ, redop, root, ot, oa, ob, ow, it, ia, ib, iw = row
        self.sizes[i], self.counts[i], self.types[i], self.redops[i], self.roots[i] = (
            size,
            -1 if count is None else count,
            typ,
            redop,
            root,
        )
        self.nums[6 * i : 6 * i + 6] = array("d", [_NAN if v is None else v for v in (ot, oa, ob, it, ia, ib)])
        self.wrongs[2 * i], self.wrongs[2 * i + 1] = ow, iw

    def __iter__(self):
        for i in range(len(self.sizes)):
            yield self[i]

    def __repr__(self) -> str:
        return f"RowStore({len(self)} rows)"

    # column views for whole-run checks, without building rows
    def column(self, field: str) -> list:
        """Every value of one field, in row order (None for missing numbers)."""
        i = _FIELD_INDEX[field]
        if i == 0:
            return list(self.sizes)
        if i == 1:
            return [None if c < 0 else c for c in self.counts]
        if i in (2, 3, 4):
            return list((self.types, self.redops, self.roots)[i - 2])
        if i in (8, 12):
            return self.wrongs[0 if i == 8 else 1 :: 2]
        offset = {5: 0, 6: 1, 7: 2, 9: 3, 10: 4, 11: 5}[i]
        return [None if v != v else v for v in self.nums[offset::6]]


def parse_row(tokens: list[str], columns: list[str], plan: tuple | None = None) -> Row | None:
    """One complete table row, with units in the keys, or None if it does not fit the columns.

    `plan` is `row_plan(columns)` when the caller keeps it (a reader parsing many rows)."""
    if len(tokens) != len(columns):
        columns = _refit(tokens, columns)
        if columns is None:
            return None
        plan = None
    if plan is None:
        plan = _plan(columns)
    if plan is None:
        return None
    typ = tokens[plan[2]]  # the plan: size, count, type, redop, root, then the out-of-place and in-place cells
    if typ[:1].isdigit():
        return None
    try:
        return _row(tokens, plan, typ, float, int)
    except ValueError:
        pass  # N/A cells, float error columns: the slower, tolerant reading
    try:
        return _row(tokens, plan, typ, _f, _number)
    except ValueError:
        return None


def _row(tokens: list[str], plan: tuple, typ: str, real, count) -> Row:
    """One row read with the plan's column positions; `real` and `count` convert the bandwidth/time and the
    #wrong cells (plain float/int on the fast path, the tolerant readers for N/A and float error columns)."""
    s, c, _t, r, ro, ot, oa, ob, ow, it, ia, ib, iw = plan
    return Row(
        (
            int(tokens[s]),
            int(tokens[c]),
            sys.intern(typ),
            sys.intern(tokens[r]) if r is not None else None,
            int(tokens[ro]) if ro is not None else None,
            real(tokens[ot]),
            real(tokens[oa]),
            real(tokens[ob]),
            count(tokens[ow]) if ow is not None else None,
            real(tokens[it]),
            real(tokens[ia]),
            real(tokens[ib]),
            count(tokens[iw]) if iw is not None else None,
        )
    )


def _refit(tokens: list[str], columns: list[str]) -> list[str] | None:
    """Columns for a row with a different token count: blank optional cells, a two-token timestamp."""
    n, c = len(tokens), len(columns)
    if n == c + 1 and columns[-1] == "timestamp":  # '2025-01-31 12:00:00' is two tokens
        return columns + ["timestamp_time"]
    if n < c and "type" in columns:
        # old tables print `redop` (or `root`) in the header over a blank cell: the token after the
        # type is then already a number where the operation's name was expected
        t = columns.index("type")
        missing = c - n
        optional = [name for name in _OPTIONAL if name in columns]
        if missing <= len(optional) and t + 1 < n and _is_number(tokens[t + 1]):
            blank = set(optional[:missing])
            return [name for name in columns if name not in blank]
    return None


def parse_header(text: str) -> dict:
    header = {}
    for key, value in _HEADER_PAIR.findall(text):
        header[_HEADER_KEYS[key.lower()]] = int(value)
    step = _STEP.search(text)
    if step:
        header["step_factor" if step.group(2) == "factor" else "step_bytes"] = int(step.group(1))
    return header


_COLLECTIVE_NAMES = {  # rccl-tests JSON 'name' and nccl-tests JSON 'experiment_name' → binary names
    "allreduce": "all_reduce",
    "allgather": "all_gather",
    "reducescatter": "reduce_scatter",
    "alltoall": "alltoall",
    "alltoallv": "alltoallv",
    "broadcast": "broadcast",
    "reduce": "reduce",
    "sendrecv": "sendrecv",
    "gather": "gather",
    "scatter": "scatter",
    "hypercube": "hypercube",
}


def collective_from_name(name: str | None) -> str | None:
    """'AllReduce' / 'all_reduce_perf' / 'allreduce' → 'all_reduce' (None when unknown)."""
    if not name or not isinstance(name, str):
        return None
    m = PERF_BINARY.search(name)
    if m:
        return m.group(1)
    return _COLLECTIVE_NAMES.get(re.sub(r"[^a-z]", "", name.lower()))


def classify(raw: str) -> Line:
    """What one line of a pasted log is (its launcher prefix already taken off)."""
    text = normalize(raw)
    if not text:
        return Line("blank", text, {})
    first = text[0]
    if first.isdigit():
        tokens = text.split()
        if len(tokens) >= 2 and tokens[0].isdigit() and tokens[1].isdigit():
            return Line("row", text, {"tokens": tokens})
    elif first == "{" and ('"busBw"' in text or '"#wrong"' in text):
        try:
            record = json.loads(text)
            return Line("jsonrow", text, {"record": record if isinstance(record, dict) else None})
        except (ValueError, RecursionError):
            return Line("jsonrow", text, {"record": None})
    if "NCCL INFO" in text or "NCCL WARN" in text:  # debug lines: fast path, only the version
        m = _NCCL_VERSION.search(text) if "CCL version" in text else None
        return Line("other", text, {"nccl_version": m.group(1)} if m else {})
    if not text.strip("`~-=*_|"):  # fence or rule
        return Line("blank", text, {})
    if first == "n" and text.startswith("nThread"):
        return Line("header", text, parse_header(text))
    if first == "R" and text.startswith("Rank"):
        m = _RANK.match(text)
        if m:
            return Line(
                "rank",
                text,
                {
                    "rank": int(m.group(1)),
                    "group": _int(m.group(2)),
                    "pid": int(m.group(3)),
                    "host": m.group(4),
                    "device": int(m.group(5)),
                    "bus": m.group(6),
                    "gpu": m.group(7),
                },
            )
    if first == "s" and (cols := parse_columns(text)):
        return Line("columns", text, {"columns": cols[0], "unknown": cols[1]})
    if text.startswith(("(B)", "out-of-place", "Using devices")):
        return Line("units", text, {})
    if first == "O" and (m := _OUT_OF_BOUNDS.match(text)):
        return Line("oob", text, {"count": int(m.group(1)), "verdict": m.group(2)})
    if first == "A" and (m := _AVG.match(text)):
        return Line("avg", text, {"value": float(m.group(1)) if m.group(1) else None})
    if first in ".…[<(" and _ELIDED.match(text):
        return Line("elided", text, {})
    if "nccl-tests version" in text and (m := _VERSION.search(text)):
        return Line(
            "version", text, {"nccl_tests_version": m.group(1), "nccl_headers": m.group(2), "nccl_library": m.group(3)}
        )
    if first == "r" and (m := _RCCL_TESTS_VERSION.match(text)):
        return Line("tests_version", text, {"rccl_tests_version": m.group(1) or None})
    if "Collective test" in text and (m := _STARTING.search(text)):
        return Line(
            "starting" if m.group(1) == "starting" else "concluded",
            text,
            {"collective": collective_from_name(m.group(2))},
        )
    data = {}
    if "CCL version" in text and (m := _NCCL_VERSION.search(text)):
        data["nccl_version"] = m.group(1)
    if "_perf" in text and (m := PERF_BINARY.search(text)):  # a command, a shell prompt or a line naming the binary
        return Line("command", text, {"collective": m.group(1), **data})
    return Line("other", text, data)


def _int(value: str | None) -> int | None:
    return int(value) if value is not None else None
