"""The fetch modes, in a module of their own: the command line reads them without importing the
fetch engine (httpx), so a no-change `fabricwatch refresh` does not pay for it."""

from __future__ import annotations

import enum

from sources import settings


class FetchMode(str, enum.Enum):
    """How sources are fetched: the one list of fetch modes (CLI choices, resource config, checks)."""

    offline = "offline"  # replay the recorded snapshots (the default; no network)
    live = "live"  # fetch from the sites
    record = "record"  # fetch, and write the responses into the snapshot folder

    def __str__(self) -> str:
        return self.value

    @classmethod
    def configured(cls) -> "FetchMode":
        """The mode of a graph loaded without one ($FABRICWATCH_FETCH_MODE, default offline): `dagster dev`,
        the daemon, and a run started from the UI."""
        return cls(settings.fetch_mode() or cls.offline.value)


MODES = tuple(m.value for m in FetchMode)
