"""Foreseeable failures and the text a user sees for them: the one place that decides both.

Lower layers raise typed errors where they find the problem (a busy warehouse, a rejected query,
a bad ledger row, an unknown source, a missing file); `fabricwatch.cli.main` turns every one of
them into `error: <message>` on stderr and exit code 2, without a traceback. Anything else is a
bug and keeps its traceback.
"""

from __future__ import annotations

EXIT_USER_ERROR = 2

# OSError subclasses that describe the user's files, not the machine
FILE_ERRORS = (FileNotFoundError, FileExistsError, IsADirectoryError, NotADirectoryError, PermissionError)


def user_errors() -> tuple[type[BaseException], ...]:
    """The exception types that mean "the user can fix this". Imported on demand (fast CLI start)."""
    from fabric_model.catalog import ModelError
    from pipelines.instance import InstanceConfigError
    from pipelines.runner import SelectionError
    from sources.ledger.review import ReviewError
    from sources.ledger.ledger import LedgerError
    from sources.registry import UnknownSource
    from warehouse.db import PublishError, WarehouseBusy
    from warehouse.query import QueryRejected
    from warehouse.refresh_lock import RefreshBusy
    from warehouse.releases import ReleaseConfigError

    return (
        WarehouseBusy,
        QueryRejected,
        LedgerError,
        PublishError,
        ReviewError,
        ModelError,
        UnknownSource,
        SelectionError,
        InstanceConfigError,
        RefreshBusy,
        ReleaseConfigError,
        *FILE_ERRORS,
    )


def user_message(exc: BaseException) -> str | None:
    """The message for a foreseeable failure, or None when `exc` is a bug (let it raise)."""
    if not isinstance(exc, user_errors()):
        return None
    if isinstance(exc, FileExistsError):
        return f"{exc.filename or exc}: exists and is not a folder"
    if isinstance(exc, FILE_ERRORS) and exc.filename and exc.strerror:
        return f"{exc.filename}: {exc.strerror}"
    if isinstance(exc, KeyError) and exc.args:  # KeyError's str() is the repr of its argument
        return str(exc.args[0])
    return str(exc) or type(exc).__name__
