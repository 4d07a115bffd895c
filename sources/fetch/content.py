"""Content type and charset of fetched bodies: declared, sniffed, or a clear error.

Kept apart from the HTTP client because recorded snapshots and inbox files (no HTTP at all)
need the same rules.
"""

from __future__ import annotations

import re


class ContentError(Exception):
    """A body whose type or charset cannot be used; `error_class` goes to the fetch log."""

    def __init__(self, message: str, error_class: str | None = None):
        super().__init__(message)
        self.error_class = error_class or type(self).__name__


class ContentTypeRejected(ContentError): ...


class CharsetError(ContentError): ...


# WHATWG encoding labels: browsers decode these labels with the superset codec, and so must
# we (GB2312-labelled pages routinely contain GBK characters, Big5 pages HKSCS ones).
CODEC_ALIASES = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "x-gbk": "gb18030",
    "gb_2312-80": "gb18030",
    "csgb2312": "gb18030",
    "big5": "big5hkscs",
    "big5-hkscs": "big5hkscs",
    "x-x-big5": "big5hkscs",
    "cn-big5": "big5hkscs",
    "iso-8859-1": "cp1252",
    "latin1": "cp1252",
    "us-ascii": "cp1252",
    "ascii": "cp1252",
    "shift_jis": "cp932",
    "x-sjis": "cp932",
    "euc-kr": "cp949",
    "utf8": "utf-8",
}
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_XML_DECL = re.compile(rb"""^\s*<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_.:-]+)""", re.I)
_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))


def media_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    return content_type.split(";", 1)[0].strip().lower() or None


def sniff_media_type(body: bytes) -> str:
    """A media type from the first bytes, for responses that declare none (or octet-stream)."""
    head = body[:512].lstrip().lower()
    if head.startswith(b"%pdf"):
        return "application/pdf"
    if body.startswith(b"PK\x03\x04"):
        return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    if body.startswith(b"\xd0\xcf\x11\xe0"):
        return "application/vnd.ms-excel"
    if head.startswith((b"<!doctype html", b"<html")) or b"<html" in head:
        return "text/html"
    if head.startswith(b"<?xml") or head.startswith((b"<rss", b"<feed")):
        return "application/xml"
    if head[:1] in (b"{", b"["):
        return "application/json"
    try:
        body[:4096].decode("utf-8")
        return "text/plain"
    except UnicodeDecodeError:
        return "application/octet-stream"


def is_text_type(media: str | None) -> bool:
    return bool(media) and (
        media.startswith("text/")
        or media.endswith(("+xml", "+json", "/json", "/xml"))
        or media in ("application/javascript", "application/xhtml+xml")
    )


def check_content_type(content_type: str | None, body: bytes, accept: tuple[str, ...]) -> str:
    """The media type of a response, declared or sniffed; ContentTypeRejected when not in `accept`."""
    media = media_type(content_type)
    if media in (None, "application/octet-stream", "binary/octet-stream"):
        media = sniff_media_type(body)
    if accept and media not in accept:
        raise ContentTypeRejected(
            f"expected {' or '.join(accept)}, got {media}"
            + ("" if media_type(content_type) == media else f" (declared {content_type!r})")
        )
    return media


def resolve_charset(body: bytes, content_type: str | None, media: str | None = None) -> str:
    """Codec for a text body: BOM, declared charset, <meta>/XML declaration, else UTF-8 if valid."""
    for bom, codec in _BOMS:
        if body.startswith(bom):
            return codec
    declared = None
    if content_type and "charset=" in content_type.lower():
        declared = content_type.lower().split("charset=", 1)[1].split(";")[0].strip(" \"'")
    if not declared:
        m = _META_CHARSET.search(body[:4096]) or _XML_DECL.search(body[:512])
        declared = m.group(1).decode("ascii").lower() if m else None
    if declared:
        codec = CODEC_ALIASES.get(declared, declared)
        try:
            "".encode(codec)
        except LookupError:
            raise CharsetError(f"unknown charset {declared!r}") from None
        return codec
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CharsetError(
            f"no charset declared (header, <meta> or XML declaration) and the body is not UTF-8 (byte {exc.start})"
        ) from None
    return "utf-8"


def decode_text(body: bytes, content_type: str | None, media: str | None = None) -> tuple[str, str]:
    """(text, codec); CharsetError when the declared or sniffed charset does not decode the body."""
    codec = resolve_charset(body, content_type, media)
    try:
        return body.decode(codec), codec
    except UnicodeDecodeError as exc:
        raise CharsetError(f"body does not decode as {codec}: invalid byte at {exc.start}") from None
