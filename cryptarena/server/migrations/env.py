"""Alembic environment of the table store (see `__init__.py`; there is no alembic.ini).

`Store(url)` runs `upgrade_to_head`, which hands its own open connection to this file through
`config.attributes["connection"]`; the command line below passes a URL instead.

Adding a migration (the `alembic revision` equivalent):

1. Change the tables in `cryptarena/server/schema.py` (`metadata`).
2. Write the revision, numbered after the last one in `versions/`:

       .venv/bin/python -m cryptarena.server.migrations --url sqlite:///data/cryptarena.db \\
           revision --rev-id 0002 -m "add table_seats.joined_at" --autogenerate

   `--autogenerate` compares `metadata` with that database (bring it to head first with
   `... upgrade head`); leave it out for an empty template. Read what it wrote and fix it by hand:
   the file must spell out its operations (op.add_column, op.create_index, ...) and never import
   `metadata`, so that it still means the same thing after the next change. On SQLite, changing or
   dropping a column needs `with op.batch_alter_table("...") as batch:`.
3. `tests/server/test_migrations.py` checks on SQLite and PostgreSQL that the migrated schema equals
   `metadata.create_all`'s; it fails until the revision matches the metadata.

Other commands work the same way: `current`, `history`, `upgrade head`, `downgrade -1`, `stamp 0001`.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from cryptarena.server.schema import metadata

config = context.config


def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, compare_type=True,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    """`--sql`: print the SQL for the URL's dialect instead of running it."""
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata,
                      literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    try:
        with engine.begin() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
