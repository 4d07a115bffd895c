"""The Dagster instance settings written into $FABRICWATCH_HOME/dagster/dagster.yaml.

pipelines/dagster.yaml (package data) holds the settings every instance gets. With
FABRICWATCH_DAGSTER_STORAGE=postgres, pipelines/dagster.postgres.yaml's storage block is appended, so runs,
event logs and schedules live in PostgreSQL (connection from the DAGSTER_PG_* variables) instead of
SQLite files under the home: the web UI, the daemon and `fabricwatch refresh` on several machines
then see one instance (docs/scale-out.md).
"""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

import dagster as dg

from sources import settings

DAGSTER_YAML = "dagster.yaml"  # package data of `pipelines`
STORAGE_ENV = settings.DAGSTER_STORAGE
STORAGES = ("sqlite", "postgres")
PG_ENV = settings.DAGSTER_PG


class InstanceConfigError(ValueError):
    """The instance storage asked for cannot be configured (unknown value, missing package or variable)."""


def storage() -> str:
    value = settings.dagster_storage()
    if value not in STORAGES:
        raise InstanceConfigError(f"{STORAGE_ENV}={value!r}: use one of {', '.join(STORAGES)}")
    return value


def instance_yaml(dagster_home: str | os.PathLike | None = None) -> str:
    """The text of the instance's dagster.yaml for the storage selected in the environment.

    SQLite storage lives in `dagster_home` (Dagster's usual layout: history/, schedules/), kept by
    pipelines/dagster_storage.py, whose event log keeps its connections open."""
    text = _package_yaml("dagster.yaml")
    if storage() == "sqlite":
        if dagster_home is None:
            return text
        return (
            text.rstrip("\n")
            + "\n\n"
            + _package_yaml("dagster.sqlite.yaml").replace("@BASE_DIR@", json.dumps(os.path.abspath(dagster_home)))
        )
    try:
        import dagster_postgres  # noqa: F401
    except ImportError as exc:
        raise InstanceConfigError(
            f'{STORAGE_ENV}=postgres needs dagster-postgres: pip install -e ".[postgres]"'
        ) from exc
    missing = settings.missing(PG_ENV)
    if missing:
        raise InstanceConfigError(f"{STORAGE_ENV}=postgres needs {', '.join(missing)} in the environment")
    return text.rstrip("\n") + "\n\n" + _package_yaml("dagster.postgres.yaml")


def _package_yaml(name: str) -> str:
    return resources.files("pipelines").joinpath(name).read_text(encoding="utf-8")


def prepare_dagster_home(home: Path) -> Path:
    """$FABRICWATCH_HOME/dagster with the project's dagster.yaml (pipelines/instance.py)."""
    dagster_home = Path(home) / "dagster"
    dagster_home.mkdir(parents=True, exist_ok=True)
    # the instance settings (pipelines/dagster.yaml), with PostgreSQL storage when selected (pipelines/instance.py)
    (dagster_home / DAGSTER_YAML).write_text(instance_yaml(dagster_home), encoding="utf-8")
    return dagster_home


def dagster_instance(home: Path) -> dg.DagsterInstance:
    """The Dagster instance of this home, opened from its config folder (no DAGSTER_HOME needed)."""
    return dg.DagsterInstance.from_config(str(prepare_dagster_home(home)))
