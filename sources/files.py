"""Writing a file so that a reader sees the old content or the new one, never a partial write."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write `data` (text as UTF-8) to a temporary file beside `path`, then rename it over `path`: a
    crash or kill leaves the previous file whole and no temporary behind."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
