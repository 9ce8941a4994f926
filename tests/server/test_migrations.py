"""The store's schema comes from Alembic revisions, on SQLite and PostgreSQL alike: a new database is
brought to head, the revisions build exactly what `store.metadata` describes, a database made by the
old `create_all` is stamped with its data kept, and opening again changes nothing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import datetime, timezone

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import Column, Engine, MetaData, Text, create_engine, event, func, insert, inspect, select, text

from cryptarena import games
from cryptarena.engine import Rng
from cryptarena.server import migrations
from cryptarena.server.store import Store, metadata, moves, seats, tables

VERSION_TABLE = "alembic_version"


def head_revision() -> str:
    return ScriptDirectory.from_config(migrations.alembic_config()).get_current_head()


def revision_of(engine) -> str | None:
    with engine.connect() as connection:
        return migrations.current_revision(connection)


def describe_schema(engine) -> dict:
    """Every store table as the database itself reports it (Alembic's own table left out), with
    types compiled for the database's dialect so two ways of building one schema compare equal."""
    inspector = inspect(engine)
    described = {}
    for name in sorted(set(inspector.get_table_names()) - {VERSION_TABLE}):
        described[name] = {
            "columns": [(c["name"], c["type"].compile(dialect=engine.dialect), c["nullable"])
                        for c in inspector.get_columns(name)],
            "primary_key": inspector.get_pk_constraint(name)["constrained_columns"],
            "foreign_keys": sorted((tuple(fk["constrained_columns"]), fk["referred_table"],
                                    tuple(fk["referred_columns"]), fk["options"].get("ondelete"))
                                   for fk in inspector.get_foreign_keys(name)),
            "indexes": sorted((ix["name"], tuple(ix["column_names"]), bool(ix["unique"]))
                              for ix in inspector.get_indexes(name)),
            "unique": sorted(tuple(uc["column_names"]) for uc in inspector.get_unique_constraints(name)),
        }
    return described


def drop_everything(engine) -> None:
    metadata.drop_all(engine)
    with engine.begin() as connection:
        connection.execute(text(f"DROP TABLE IF EXISTS {VERSION_TABLE}"))
    assert inspect(engine).get_table_names() == []


def migrated_and_created(url: str, described: MetaData) -> tuple[dict, dict]:
    """The schema the migrations give a fresh database, then the one `described.create_all` gives it."""
    Store(url).close()
    engine = create_engine(url)
    try:
        by_migrations = describe_schema(engine)
        drop_everything(engine)
        described.create_all(engine)
        return by_migrations, describe_schema(engine)
    finally:
        engine.dispose()


def make_pre_alembic_database(url: str) -> None:
    """What the old `metadata.create_all` left: the baseline tables and no version table. Built from
    revision 0001 (equal to create_all's schema, as the test below checks) so that later revisions
    still apply to it."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            command.upgrade(migrations.alembic_config(connection=connection), migrations.BASELINE)
            connection.execute(text(f"DROP TABLE {VERSION_TABLE}"))
        assert set(inspect(engine).get_table_names()) == migrations.BASELINE_TABLES
    finally:
        engine.dispose()


def test_a_fresh_database_ends_at_head_with_every_table(store_url):
    store = Store(store_url)
    try:
        names = set(inspect(store.engine).get_table_names())
        assert names == set(metadata.tables) | {VERSION_TABLE}
        assert revision_of(store.engine) == head_revision()
        schema = re.search(r"search_path%3D(\w+)", store_url)
        if schema:  # PostgreSQL: the version table sits in the store's schema, not in public
            assert VERSION_TABLE in inspect(store.engine).get_table_names(schema=schema.group(1))
    finally:
        store.close()


def test_the_migrations_build_exactly_what_the_metadata_describes(store_url):
    by_migrations, by_create_all = migrated_and_created(store_url, metadata)
    assert set(by_create_all) == set(metadata.tables)
    assert by_migrations == by_create_all


def test_the_schema_comparison_notices_a_column_added_without_a_migration(store_url):
    grown = MetaData()
    for table in metadata.tables.values():
        table.to_metadata(grown)
    grown.tables["table_seats"].append_column(Column("joined_note", Text, nullable=True))
    by_migrations, by_create_all = migrated_and_created(store_url, grown)
    assert by_migrations != by_create_all
    assert "joined_note" in [c[0] for c in by_create_all["table_seats"]["columns"]]
    assert "joined_note" not in [c[0] for c in by_migrations["table_seats"]["columns"]]


def test_a_database_from_before_alembic_is_stamped_and_keeps_its_tables(store_url):
    make_pre_alembic_database(store_url)
    game = games.load("crypt")
    options = game.check_table(2, {})
    state = game.new_state(2, 5, options)
    rng = Rng(2)
    for _ in range(6):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    now = datetime.now(timezone.utc)
    engine = create_engine(store_url)
    with engine.begin() as connection:
        connection.execute(insert(tables).values(
            id="old-table", game_id="crypt", players=2, seed=5, options=json.dumps(options), status="playing",
            version=len(state.history), snapshot=state.dumps(), created_at=now, updated_at=now))
        connection.execute(insert(seats), [
            {"table_id": "old-table", "seat": 0, "kind": "human", "name": "Ada", "agent": None,
             "token_hash": "ab" * 32},
            {"table_id": "old-table", "seat": 1, "kind": "bot", "name": None, "agent": "greedy",
             "token_hash": None}])
        connection.execute(insert(moves), [{"table_id": "old-table", "version": number, "entry": json.dumps(entry),
                                            "created_at": now}
                                           for number, entry in enumerate(state.history, start=1)])
    engine.dispose()

    store = Store(store_url)
    try:
        assert revision_of(store.engine) == head_revision()
        record = store.get_table("old-table")
        assert (record.game_id, record.status, record.version) == ("crypt", "playing", 6)
        assert [(s.kind, s.name, s.agent) for s in record.seats] == [("human", "Ada", None), ("bot", None, "greedy")]
        assert store.history("old-table") == state.history
        loaded, version = store.load_state("old-table")
        assert (loaded.to_json(), version) == (state.to_json(), 6)
        assert store.create_table("crypt", 2, seed=1).version == 0  # and it takes new tables
    finally:
        store.close()


def test_tables_present_without_the_whole_old_schema_are_refused(store_url):
    engine = create_engine(store_url)
    tables.create(engine)
    engine.dispose()
    with pytest.raises(migrations.UnknownSchema, match="table_moves"):
        Store(store_url)
    engine = create_engine(store_url)
    assert VERSION_TABLE not in inspect(engine).get_table_names()  # nothing was stamped
    engine.dispose()


def test_opening_again_changes_nothing(store_url):
    first = Store(store_url)
    record = first.create_table("crypt", 3, seed=11)
    schema_before = describe_schema(first.engine)
    first.close()

    writes = []

    def note_writes(_conn, _cursor, statement, _parameters, _context, _many):
        if re.match(r"\s*(CREATE|ALTER|DROP|INSERT|UPDATE|DELETE)\b", statement, re.IGNORECASE):
            writes.append(statement)

    event.listen(Engine, "before_cursor_execute", note_writes)
    try:
        second = Store(store_url)
    finally:
        event.remove(Engine, "before_cursor_execute", note_writes)
    try:
        assert writes == []
        assert describe_schema(second.engine) == schema_before
        assert revision_of(second.engine) == head_revision()
        with second.engine.connect() as connection:
            assert connection.execute(select(func.count()).select_from(text(VERSION_TABLE))).scalar() == 1
        assert second.get_table(record.id).version == 0
    finally:
        second.close()


def test_the_command_line_reports_the_revision_without_an_ini_file(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    Store(url).close()
    result = subprocess.run([sys.executable, "-m", "cryptarena.server.migrations", "--url", url, "current"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"{head_revision()} (head)" in result.stdout


def unordered(described: dict) -> dict:
    """A schema with each table's columns in name order: a column dropped by one revision's downgrade
    and added back by its upgrade (0005's turn_clock) comes back last, the same column all the same."""
    return {name: {**table, "columns": sorted(table["columns"])} for name, table in described.items()}


def test_each_revision_downgrades_to_the_one_before_and_upgrades_again(store_url):
    """Down from head one revision at a time to the baseline, keeping a stored table, then up again:
    each step down leaves what the revision before built (the reviews table goes with 0007), and
    back at head the schema is what it was."""
    store = Store(store_url)
    record = store.create_table("crypt", 2, seed=4)
    at_head = describe_schema(store.engine)
    store.close()
    engine = create_engine(store_url)
    revisions = [r.revision for r in ScriptDirectory.from_config(migrations.alembic_config()).walk_revisions()]
    try:
        seen = {}
        for revision, previous in zip(revisions, revisions[1:]):
            seen[revision] = describe_schema(engine)
            with engine.begin() as connection:
                command.downgrade(migrations.alembic_config(connection=connection), previous)
            assert revision_of(engine) == previous
            if revision == "0007":
                assert describe_schema(engine) == {k: v for k, v in at_head.items() if k != "reviews"}
        assert set(describe_schema(engine)) == migrations.BASELINE_TABLES
        with engine.connect() as connection:
            assert connection.execute(select(tables.c.game_id).where(tables.c.id == record.id)).scalar() == "crypt"
        for revision in reversed(revisions[:-1]):
            with engine.begin() as connection:
                command.upgrade(migrations.alembic_config(connection=connection), revision)
            assert unordered(describe_schema(engine)) == unordered(seen[revision])
    finally:
        engine.dispose()
    assert at_head == seen[head_revision()]
