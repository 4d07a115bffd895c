"""Dagster resources: where the warehouse lives. Thin: storage logic stays in warehouse/."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Iterator

import dagster as dg
import duckdb

from warehouse import db


class WarehouseResource(dg.ConfigurableResource):
    """The working warehouse under `home` (= $FABRICWATCH_HOME). Connections are short-lived."""

    home: str = ""  # empty: $FABRICWATCH_HOME, resolved by the storage layer when used

    @property
    def home_path(self) -> Path:
        return Path(self.home).resolve() if self.home else db.home()

    @property
    def paths(self) -> db.WarehousePaths:
        return db.paths(self.home_path)

    @contextlib.contextmanager
    def connect(self) -> Iterator[duckdb.DuckDBPyConnection]:
        with db.work_connection(self.home_path) as con:
            yield con
