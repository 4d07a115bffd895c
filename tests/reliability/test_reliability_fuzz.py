"""Property-based pass over every parser: whatever the body, records or a typed ParseError, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sources.document import Document
from sources.parsers.dispatch import parser_module
from sources.records import ParseError
from sources.registry import REGISTRY

FIXTURES = Path(__file__).parents[1] / "fixtures"
SOURCES = {s.parser: s for s in sorted(REGISTRY, key=lambda s: s.source_id)}
CONTENT_TYPES = sorted(
    {t for s in REGISTRY for t in s.accept} | {"text/html", "application/xml", "text/csv", None}, key=str
)
# Real recorded-style inputs, mutated below: the parser's own territory, where bugs hide.
SEEDS = [p.read_bytes()[:20000] for p in sorted((FIXTURES / "nccl").glob("*.txt"))[:4]] + [
    (FIXTURES / "top500" / "TOP500_202311_subset.tsv").read_bytes(),
    (FIXTURES / "top500" / "top500_subset.xml").read_bytes(),
]
HTML_BITS = [
    "<table>",
    "</table>",
    "<tr>",
    "<td>",
    "</td>",
    "<th>Ports</th>",
    "<p>",
    "400 Gb/s",
    "800G",
    "1.6T",
    "Rank",
    "Rmax",
    "Interconnect Family",
    "\t",
    ",",
    "\n",
    "busbw",
    "#  size",
    "Avg bus bandwidth",
    "$1.2 billion",
    "2025-03-18",
    "Q3 2024",
    "<script>",
    '{"tag_name": "v2.21"}',
    "[",
    "]",
    "\x00",
    "\ufffd",
]

bodies = st.one_of(
    st.binary(max_size=3000),
    st.lists(st.sampled_from(HTML_BITS), max_size=80).map(lambda xs: "".join(xs).encode("utf-8")),
    st.tuples(st.sampled_from(SEEDS), st.integers(0, 10**6), st.integers(0, 400), st.binary(max_size=40)).map(
        lambda t: t[0][: t[1] % (len(t[0]) + 1)] + t[3] + t[0][(t[1] % (len(t[0]) + 1)) + t[2] :]
    ),
)


@pytest.mark.parametrize("parser", sorted(SOURCES))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(body=bodies, content_type=st.sampled_from(CONTENT_TYPES))
def test_parser_gives_records_or_a_parse_error(parser, body, content_type):
    source = SOURCES[parser]
    doc = Document(
        source_id=source.source_id,
        url=source.homepage or f"https://example.org/{parser}",
        body=body,
        content_type=content_type,
    )
    try:
        parsed = parser_module(parser).parse(doc)
    except ParseError:
        return
    assert all(isinstance(n, int) and n >= 0 for n in parsed.counts().values())


LEDGER_HEADER = (
    "indicator,subject,period,value,value_qualifier,unit,kind,speed_gbps,fabric,vendor,product_id,region,"
    "segment,note,source_id,publisher,doc_title,url,via,published_on,evidence,confidence\n"
)
CELLS = [
    "port_speed_gbps",
    "Test NIC",
    "2024",
    "2024Q5",
    "400",
    "-5",
    "1e400",
    "nan",
    "=1+1",
    "Gbps",
    "spec",
    "",
    "infiniband",
    "test_vendor",
    "https://vendor.example/nic",
    "2024-02-30",
    "2024-03-18",
    "reported",
    '"',
    '"a,b"',
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.lists(st.lists(st.sampled_from(CELLS), min_size=0, max_size=24), max_size=6), noise=st.binary(max_size=60)
)
def test_ledger_loader_gives_records_or_a_ledger_error(tmp_path_factory, rows, noise):
    from sources.ledger.ledger import LedgerError, load_ledger

    path = tmp_path_factory.mktemp("ledger") / "fuzz_observations.csv"
    path.write_bytes(LEDGER_HEADER.encode() + "\n".join(",".join(r) for r in rows).encode() + noise)
    try:
        load_ledger(FIXTURES / "ledger" / "base", extra_files=[path])
    except LedgerError:
        pass
