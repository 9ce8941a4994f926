"""`python -m cryptarena.server.migrations [--url URL] <alembic command> ...`: Alembic's own command
line (revision, upgrade, downgrade, stamp, current, history, ...) on this package, without an ini file."""

from __future__ import annotations

import sys

from alembic.config import CommandLine

from ..store import DEFAULT_URL
from . import alembic_config


def main(argv: list[str] | None = None) -> None:
    cli = CommandLine(prog="python -m cryptarena.server.migrations")
    cli.parser.add_argument("--url", default=DEFAULT_URL,
                            help=f"database to act on (default {DEFAULT_URL})")
    options = cli.parser.parse_args(argv)
    if not hasattr(options, "cmd"):
        cli.parser.error("an Alembic command is needed (revision, upgrade, current, history, ...)")
    config = alembic_config(url=options.url)
    config.cmd_opts = options
    cli.run_cmd(config, options)


if __name__ == "__main__":
    main(sys.argv[1:])
