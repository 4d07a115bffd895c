"""The HTTP fetcher as a Dagster resource: one interface, live or replay behind it (mode)."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import duckdb

from sources.fetchers import MODES, make_fetcher
from sources.fetching import FetchRun
from sources.http import HttpConfig
from sources.registry import Source
from sources.snapshots import RecordedSnapshots, SnapshotStore
from warehouse.raw import fetch_and_record


class FetcherResource(dg.ConfigurableResource):
    """How sources are fetched. `offline` (default) replays sources/snapshots/; `live` fetches;
    `record` fetches and writes the responses back into the snapshot folder."""

    mode: str = "offline"
    snapshot_dir: str = ""            # default: the repo's sources/snapshots/
    contact: str = ""                 # User-Agent contact; default $FABRICWATCH_CONTACT
    per_host_delay_s: float = 1.0
    max_workers: int = 32

    def http_config(self) -> HttpConfig:
        overrides = {"per_host_delay_s": self.per_host_delay_s}
        if self.contact:
            overrides["contact"] = self.contact
        return HttpConfig.from_env(**overrides)

    def snapshots(self) -> RecordedSnapshots:
        return RecordedSnapshots(Path(self.snapshot_dir) if self.snapshot_dir else None)

    def fetch_into(self, con: duckdb.DuckDBPyConnection, sources: list[Source], *, home: str | Path) -> FetchRun:
        if self.mode not in MODES:
            raise ValueError(f"fetch mode must be one of {MODES}, not {self.mode!r}")
        snapshots = self.snapshots()
        fetcher = make_fetcher(self.mode, store=SnapshotStore.under_home(home), config=self.http_config(),
                               snapshots=snapshots)
        try:
            return fetch_and_record(con, sources, fetcher, home=home, snapshots=snapshots,
                                    max_workers=self.max_workers)
        finally:
            fetcher.close()
