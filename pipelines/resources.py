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

    home: str

    @property
    def paths(self) -> db.WarehousePaths:
        return db.paths(self.home)

    @contextlib.contextmanager
    def connect(self) -> Iterator[duckdb.DuckDBPyConnection]:
        with db.work_connection(self.home) as con:
            yield con

    def home_path(self) -> Path:
        return Path(self.home)
