"""The table store's schema, kept by Alembic and driven from code (no alembic.ini).

`upgrade_to_head(engine)` is what `Store(url)` runs on open: it brings any database — new, made
by the old `metadata.create_all`, or already migrated — to the head revision. How to write a new
revision is in `env.py`'s docstring.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

SCRIPT_LOCATION = Path(__file__).resolve().parent
# The schema `metadata.create_all` made before Alembic: such a database is stamped at BASELINE.
BASELINE = "0001"
BASELINE_TABLES = frozenset({"game_tables", "table_seats", "table_moves"})


class UnknownSchema(RuntimeError):
    """Store tables are present but not the whole pre-Alembic schema: refuse to guess a revision."""


def alembic_config(*, url: str | None = None, connection: Connection | None = None) -> Config:
    """An Alembic Config for this package, bound to a URL (command line) or an open connection (Store)."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))  # the ini parser interpolates '%'
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade_to_head(engine: Engine) -> None:
    """Migrate the store's database to head in one transaction on the store's own engine, so the
    version table lands beside the tables (a SQLite file, or the schema a PostgreSQL search_path names)."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Two servers starting on one schema: the second waits, then finds it at head. The lock
            # is per schema so tests migrating side by side in their own schemas do not queue.
            connection.execute(text("SELECT pg_advisory_xact_lock(hashtext('cryptarena-schema:' "
                                    "|| current_schema()))"))
        config = alembic_config(connection=connection)
        if current_revision(connection) is None:
            present = BASELINE_TABLES & set(inspect(connection).get_table_names())
            if present == BASELINE_TABLES:
                command.stamp(config, BASELINE)  # made by create_all: record it, touch nothing
            elif present:
                raise UnknownSchema(f"the database has {sorted(present)} but not all of "
                                    f"{sorted(BASELINE_TABLES)} and no Alembic revision: "
                                    "fix or stamp it by hand (python -m cryptarena.server.migrations)")
        command.upgrade(config, "head")
