"""The HTTP fetcher as a Dagster resource: one interface, live or replay behind it (mode).

The fetch step lives here, not in storage: read what is known (warehouse.raw), fetch or replay
concurrently (sources.fetch.runs), store bodies, write the run (warehouse.raw). The Dagster assets
and `fabricwatch fetch` both call `fetch_into`.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import duckdb

from sources.fetch.fetchers import make_fetcher
from sources.fetch.modes import FetchMode
from sources.fetch.results import FetchRun
from sources.fetch.http import HttpConfig
from sources.registry import Source
from sources.fetch.snapshots import RecordedSnapshots, SnapshotStore
from pipelines.steps import fetch_and_record


class FetcherResource(dg.ConfigurableResource):
    """How sources are fetched. `offline` (default) replays sources/snapshots/; `live` fetches;
    `record` fetches and writes the responses back into the snapshot folder."""

    mode: FetchMode = FetchMode.offline
    snapshot_dir: str = ""  # default: the repo's sources/snapshots/
    contact: str = ""  # User-Agent contact; default $FABRICWATCH_CONTACT
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
        """Fetch (or replay) `sources`, store the bodies under `home` and write the run into raw.*."""
        snapshots = self.snapshots()
        fetcher = make_fetcher(
            self.mode, store=SnapshotStore.under_home(home), config=self.http_config(), snapshots=snapshots
        )
        try:
            return fetch_and_record(con, sources, fetcher, home=home, snapshots=snapshots, max_workers=self.max_workers)
        finally:
            fetcher.close()
