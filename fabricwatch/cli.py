"""`fabricwatch` command line: one module per command under fabricwatch/commands/.

Each command module defines NAME, HELP, add_arguments(parser) and run(args) -> int. Commands
raise typed errors for foreseeable problems; `main` turns them into a message and exit code 2
(fabricwatch/errors.py says which and how), so no traceback reaches a user for them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from fabricwatch.errors import EXIT_USER_ERROR, user_message

# Order is the order shown in --help.
COMMAND_MODULES = (
    "refresh",
    "dashboard",
    "ui",
    "sql",
    "model",
    "ingest",
    "sources",
    "fetch",
    "parse",
    "claims",
    "alerts",
    "export",
    "restore",
)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with `only` (a command's name) just that command, so running one command does
    not import every other command's modules (a no-change `fabricwatch refresh` is mostly start-up)."""
    parser = argparse.ArgumentParser(
        prog="fabricwatch",
        description="Track AI cluster fabrics: refresh the warehouse, query it, run the fabric model, open the dashboard.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in (only,) if only in COMMAND_MODULES else COMMAND_MODULES:
        module = importlib.import_module(f"fabricwatch.commands.{name}")
        cmd = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(cmd)
        cmd.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(only=argv[0] if argv else None).parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `fabricwatch sql ... | head`
        sys.stderr.close()
        return 0
    except Exception as exc:
        message = user_message(exc)
        if message is None:
            raise
        print(f"error: {message}", file=sys.stderr)
        return EXIT_USER_ERROR


if __name__ == "__main__":
    sys.exit(main())
