"""Raw bodies, stored once: the content-addressed store and the recorded snapshots in the repo.

- `SnapshotStore` keeps every body fetched or replayed under `$FABRICWATCH_HOME/documents/`,
  named by its sha256 (written once, never overwritten), with an append-only metadata log
  beside it (`<sha>.meta.jsonl`: url, final url, status, headers that matter, fetched_at,
  recorded) and a cache of its extracted main text.
- `RecordedSnapshots` reads (and, in record mode, writes) `sources/snapshots/<source_id>/`:
  real responses recorded from the sites, as body files plus `manifest.json`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sources.files import write_atomic


def sha256(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


class DocumentDamaged(OSError):
    """A stored body no longer matches its SHA-256 name."""


@dataclass(frozen=True)
class VersionMeta:
    """What is known about one stored body as seen at one URL and time."""

    sha256: str
    source_id: str
    url: str
    final_url: str
    status: int | None
    fetched_at: str  # ISO 8601, UTC
    recorded: str  # live | third-party-copy | fixture
    content_type: str | None = None
    encoding: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    title: str | None = None
    published_on: str | None = None


class SnapshotStore:
    """Bodies by sha256 under `root` (normally `$FABRICWATCH_HOME/documents`)."""

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self._meta_lock = threading.Lock()

    @classmethod
    def under_home(cls, home: str | Path) -> "SnapshotStore":
        return cls(Path(home) / "documents")

    def path(self, digest: str) -> Path:
        return self.root / digest[:2] / digest

    def has(self, digest: str) -> bool:
        """True when the body is stored *intact* (a damaged file counts as absent: it is fetched again)."""
        target = self.path(digest)
        return target.is_file() and sha256(target.read_bytes()) == digest

    def put(self, body: bytes) -> tuple[str, bool]:
        """Store a body; (sha256, True if it was new). An intact body is never rewritten; a damaged
        one (truncated, altered: its hash no longer matches its name) is repaired, with a warning."""
        digest = sha256(body)
        target = self.path(digest)
        if target.is_file():
            if sha256(target.read_bytes()) == digest:
                return digest, False
            logging.getLogger("fabricwatch.documents").warning(
                "stored document %s was damaged (SHA-256 mismatch); repaired from the new copy", target
            )
        write_atomic(target, body)
        return digest, True

    def get(self, digest: str) -> bytes:
        """The stored body; DocumentDamaged when it no longer matches its hash (never silently used)."""
        target = self.path(digest)
        body = target.read_bytes()
        if sha256(body) != digest:
            raise DocumentDamaged(
                f"stored document {target} is damaged: {len(body)} bytes whose SHA-256 does not "
                "match its name (truncated or altered). The next refresh that fetches or replays "
                "it repairs it; until then it is not parsed."
            )
        return body

    def damaged(self) -> list[Path]:
        """Every stored body whose content no longer matches its name."""
        return [
            p
            for p in sorted(self.root.glob("??/*"))
            if len(p.name) == 64 and p.is_file() and sha256(p.read_bytes()) != p.name
        ]

    def add_meta(self, meta: VersionMeta) -> None:
        line = json.dumps(asdict(meta), sort_keys=True, ensure_ascii=False) + "\n"
        target = self.path(meta.sha256).with_suffix(".meta.jsonl")
        with self._meta_lock:
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("a", encoding="utf-8") as fh:
                fh.write(line)

    def metas(self, digest: str) -> list[dict]:
        target = self.path(digest).with_suffix(".meta.jsonl")
        if not target.is_file():
            return []
        return [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines() if line.strip()]

    def cached_text(self, digest: str, extractor_version: str) -> str | None:
        target = self.path(digest).with_suffix(f".text-{extractor_version}.txt")
        return target.read_text(encoding="utf-8") if target.is_file() else None

    def cache_text(self, digest: str, extractor_version: str, text: str) -> None:
        write_atomic(self.path(digest).with_suffix(f".text-{extractor_version}.txt"), text.encode("utf-8"))


@dataclass(frozen=True)
class Recording:
    """One entry of a recorded source's manifest.json, with its body."""

    source_id: str
    url: str
    file: str
    body: bytes
    content_type: str | None
    status: int
    recorded_at: str | None
    recorded: str  # live | third-party-copy
    published_on: str | None = None
    title: str | None = None
    provenance: str | None = None


class RecordedSnapshots:
    """The recorded responses shipped in the repo (`sources/snapshots/<source_id>/manifest.json`)."""

    def __init__(self, root: str | Path | None = None):
        self.root = Path(root) if root else Path(__file__).resolve().parents[1] / "snapshots"
        self._lock = threading.Lock()
        self._cache_lock = threading.Lock()  # record() holds _lock while it reads the manifest
        self._manifests: dict[Path, tuple[tuple[int, int], dict, dict[str, dict]]] = {}

    def manifest_path(self, source_id: str) -> Path:
        return self.root / source_id / "manifest.json"

    def manifest(self, source_id: str) -> dict:
        path = self.manifest_path(source_id)
        if not path.is_file():
            return {"source_id": source_id, "entries": []}
        return self._read_manifest(path, source_id)[0]

    def _read_manifest(self, path: Path, source_id: str) -> tuple[dict, dict[str, dict]]:
        """The manifest and its entries by URL, parsed once per file version (a recorded corpus of
        hundreds of files is looked up once per file: re-reading it each time is quadratic)."""
        stat = path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._cache_lock:
            cached = self._manifests.get(path)
        if cached and cached[0] == stamp:
            return cached[1], cached[2]
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("source_id") not in (None, source_id):
            raise ValueError(f"{path}: manifest is for {data.get('source_id')!r}, not {source_id!r}")
        by_url = {}
        for entry in data.get("entries", []):
            by_url.setdefault(entry.get("url"), entry)
        with self._cache_lock:
            self._manifests[path] = (stamp, data, by_url)
        return data, by_url

    def recordings(self, source_id: str) -> list[Recording]:
        """Every recorded response of a source, in manifest order (bodies read)."""
        return [self._recording(source_id, e) for e in self.manifest(source_id).get("entries", [])]

    def lookup(self, source_id: str, url: str) -> Recording | None:
        path = self.manifest_path(source_id)
        if not path.is_file():
            return None
        entry = self._read_manifest(path, source_id)[1].get(url)
        return self._recording(source_id, entry) if entry is not None else None

    def _recording(self, source_id: str, entry: dict) -> Recording:
        body_path = self.root / source_id / entry["file"]
        if not body_path.is_file():
            raise FileNotFoundError(f"{self.manifest_path(source_id)} lists {entry['file']!r}, which is missing")
        return Recording(
            source_id=source_id,
            url=entry["url"],
            file=entry["file"],
            body=body_path.read_bytes(),
            content_type=entry.get("content_type"),
            status=int(entry.get("status", 200)),
            recorded_at=entry.get("recorded_at"),
            recorded=entry.get("recorded", "live"),
            published_on=entry.get("published_on"),
            title=entry.get("title"),
            provenance=entry.get("provenance"),
        )

    def record(
        self,
        source_id: str,
        url: str,
        body: bytes,
        *,
        content_type: str | None,
        status: int,
        recorded_at: str,
        title: str | None = None,
        published_on: str | None = None,
        provenance: str | None = None,
    ) -> Path:
        """Write a live response into the repo's snapshot folder (record mode); replaces the entry
        for the same URL. Returns the body file path."""
        folder = self.root / source_id
        name = recording_file_name(url, body, content_type)
        with self._lock:
            write_atomic(folder / name, body)
            manifest = self.manifest(source_id)
            entries = [e for e in manifest.get("entries", []) if e.get("url") != url]
            old_files = {e["file"] for e in manifest.get("entries", []) if e.get("url") == url} - {name}
            entries.append(
                {
                    "url": url,
                    "file": name,
                    "content_type": content_type,
                    "status": status,
                    "recorded_at": recorded_at,
                    "recorded": "live",
                    "published_on": published_on,
                    "title": title,
                    "provenance": provenance or f"recorded live by fabricwatch from {url}",
                }
            )
            manifest = {
                "source_id": source_id,
                **{k: v for k, v in manifest.items() if k not in ("source_id", "entries")},
                "entries": entries,
            }
            write_atomic(
                self.manifest_path(source_id),
                (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"),
            )
            still_used = {e["file"] for e in entries}
            for stale in old_files - still_used:
                (folder / stale).unlink(missing_ok=True)
        return folder / name


_EXTENSIONS = {
    "text/html": ".html",
    "application/json": ".json",
    "text/plain": ".txt",
    "application/xml": ".xml",
    "text/xml": ".xml",
    "application/rss+xml": ".xml",
    "application/atom+xml": ".xml",
    "text/csv": ".csv",
    "application/pdf": ".pdf",
    "application/vnd.ms-excel": ".xls",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
}


def recording_file_name(url: str, body: bytes, content_type: str | None) -> str:
    """Readable, collision-free file name: host and path slug plus a short content hash."""
    parts = urlsplit(url)
    slug = re.sub(r"[^a-z0-9]+", "-", f"{parts.hostname or ''}{parts.path}".lower()).strip("-")[:80]
    ext = _EXTENSIONS.get((content_type or "").split(";")[0].strip().lower(), ".bin")
    return f"{slug or 'index'}-{sha256(body)[:10]}{ext}"
