"""Change tracking: the readable text of a body, and a line diff between two versions of a URL.

One generic step for every source: HTML is reduced to its main text (`sources.text.main_text`:
scripts, navigation and boilerplate dropped) so that a rotated ad or a new cache-buster does
not count as a change in what the page says; JSON is pretty-printed with sorted keys so that
its diff is line-based; binary files (spreadsheets, PDFs) are compared by hash and size only.
"""

from __future__ import annotations

import difflib
import json
from sources.fetch.results import TextChange
from sources.text import main_text

# Bump when extract_text changes: cached texts of older versions are then recomputed.
EXTRACTOR_VERSION = "1"
MAX_DIFF_LINES = 400


def extract_text(body: bytes, content_type: str | None, encoding: str | None) -> str:
    """The text used for diffs. Decoding errors are replaced: this is for humans, not parsing."""
    media = (content_type or "").split(";")[0].strip().lower()
    textual = media.startswith("text/") or media.endswith(("json", "xml"))
    if not textual:
        return f"[binary {media or 'unknown type'}, {len(body)} bytes]"
    text = body.decode(encoding or "utf-8", errors="replace")
    if media.endswith("json"):
        try:
            return json.dumps(json.loads(text), indent=1, sort_keys=True, ensure_ascii=False)
        except ValueError:
            return text
    if media in ("text/html", "application/xhtml+xml") or media.endswith("xml"):
        return main_text(text)
    return "\n".join(line.rstrip() for line in text.splitlines())


def diff_texts(
    old: str, new: str, *, max_lines: int = MAX_DIFF_LINES, old_label: str = "previous", new_label: str = "current"
) -> tuple[int, int, str, bool]:
    """(added lines, removed lines, unified diff capped at max_lines, truncated?)."""
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), old_label, new_label, lineterm="", n=1))
    added = sum(1 for ln in lines if ln.startswith("+") and not ln.startswith("+++"))
    removed = sum(1 for ln in lines if ln.startswith("-") and not ln.startswith("---"))
    truncated = len(lines) > max_lines
    return added, removed, "\n".join(lines[:max_lines]), truncated


def compare_versions(
    url: str,
    *,
    new_sha256: str,
    new_text: str,
    new_size: int,
    old_sha256: str | None = None,
    old_text: str | None = None,
    old_size: int | None = None,
) -> TextChange:
    """The change record for a new body at `url` (first_seen when there is no previous version)."""
    if old_sha256 is None or old_text is None:
        return TextChange(
            url, new_sha256, None, "first_seen", len(new_text.splitlines()), 0, 0, len(new_text), new_size, None
        )
    added, removed, diff, truncated = diff_texts(
        old_text, new_text, old_label=old_sha256[:12], new_label=new_sha256[:12]
    )
    return TextChange(
        url,
        new_sha256,
        old_sha256,
        "changed",
        added,
        removed,
        len(old_text),
        len(new_text),
        new_size - (old_size or 0),
        diff,
        truncated,
    )
