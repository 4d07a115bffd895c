"""A fetched or recorded document, as parsers receive it."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Document:
    source_id: str
    url: str  # where the body came from (for files: a file:// or the original address)
    body: bytes
    content_type: str | None = None
    encoding: str | None = None  # declared or sniffed charset, when known
    fetched_at: dt.datetime | None = None
    published_on: dt.date | None = None
    title: str | None = None

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body).hexdigest()

    @property
    def text(self) -> str:
        """The body decoded: declared charset first, then UTF-8, then the usual CJK legacy charsets."""
        for enc in (self.encoding, "utf-8", "big5", "gb18030"):
            if not enc:
                continue
            try:
                return self.body.decode(enc)
            except (UnicodeDecodeError, LookupError):
                continue
        return self.body.decode("utf-8", errors="replace")

    @classmethod
    def from_path(cls, path: str | Path, source_id: str = "local_file", url: str | None = None, **kw) -> "Document":
        path = Path(path)
        return cls(source_id=source_id, url=url or path.resolve().as_uri(), body=path.read_bytes(), **kw)
