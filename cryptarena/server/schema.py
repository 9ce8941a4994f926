"""The store's tables, as SQLAlchemy Core metadata: what `metadata.create_all` would make and what
the Alembic revisions in `migrations/` must add up to (tests/server/test_migrations.py compares
them on SQLite and PostgreSQL).

- `game_tables`, `table_seats`, `table_moves`: a table, its seats and its numbered moves (store.py).
- `players`: a person, guest or account (accounts.py). A guest is a row without a login; turning
  it into an account fills the login and the password hash on the same row, so its games stay its own.
- `results`, `result_seats`: every finished table as recorded when its last move was stored, in the
  order of `seq` (records.py); `ratings`: the current rating of each player, person or bot level,
  per game and player-count class, which the results replayed in `seq` order rebuild exactly.
- `sign_in_failures`: failed sign-ins, counted per name and per address to slow guessing.
- `imported_replays`: replay files people uploaded to watch in the browser.
- `game_tables.tutorial`: a table played along a lesson; kept out of the lobby, the histories and the
  leavers' sweep.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (BigInteger, Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, MetaData, String,
                        Table, Text, false, true)

metadata = MetaData()


def now() -> datetime:
    """Times are stored in UTC."""
    return datetime.now(timezone.utc)


def as_utc(moment: datetime) -> datetime:
    """SQLite gives naive datetimes back: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


tables = Table(
    "game_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game_id", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False),  # open | playing | over
    Column("version", Integer, nullable=False),  # number of moves stored
    Column("snapshot", Text, nullable=True),  # state.to_json() at `version`
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),  # the last move (or the start)
    Column("turn_clock", Integer, nullable=True),  # seconds a person has for each move; None: no clock
    Column("rated", Boolean, nullable=False, server_default=true()),  # False: a friendly table
    Column("spectators", Boolean, nullable=False, server_default=true()),  # False: nobody may watch
    Column("tutorial", String(32), nullable=True),  # a lesson's id (cryptarena.tutorials); None: a game
)

seats = Table(
    "table_seats", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot | empty | table (a person without a device)
    Column("name", String(64), nullable=True),
    Column("agent", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("away", String(16), nullable=True),  # a person a bot plays for: "disconnected" | "timeout"
    Column("seen_at", DateTime(timezone=True), nullable=True),  # a socket of this seat last seen open
    Column("player_id", String(32), nullable=True, index=True),  # the person who took the seat
    Column("stood_in", Boolean, nullable=False, server_default=false()),  # a bot ever played for them
)

moves = Table(
    "table_moves", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),  # 1 for the first move
    Column("entry", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

players = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),  # shown at tables and on the profile
    Column("login", String(40), nullable=True, unique=True),  # the account name, case-folded; None: a guest
    Column("password_hash", String(255), nullable=True),  # argon2 (pwdlib); never the password
    Column("session_epoch", Integer, nullable=False, server_default="0"),  # raised: every session signs out
    Column("created_at", DateTime(timezone=True), nullable=False),
)

results = Table(
    "results", metadata,
    Column("seq", Integer, primary_key=True, autoincrement=True),  # the order ratings take the results in
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False, unique=True),
    Column("game_id", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("winners", Text, nullable=False),  # JSON list of seats
    Column("rated", Boolean, nullable=False),  # counted in the ratings (a rated table, not solo)
    Column("rating_class", String(8), nullable=True),  # "2", "3+"; None for a solo table
    Column("rating_done", Boolean, nullable=False, server_default=false()),  # its rating updates are stored
    Column("finished_at", DateTime(timezone=True), nullable=False),
    Index("results_game_finished", "game_id", "finished_at"),
)

result_seats = Table(
    "result_seats", metadata,
    Column("seq", Integer, ForeignKey("results.seq", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), nullable=True, index=True),  # a person; None for a bot
    Column("kind", String(8), nullable=False),  # human | bot | table
    Column("agent", String(32), nullable=True),  # the bot's level or agent
    Column("name", String(64), nullable=True),
    Column("side", Integer, nullable=False),  # the team (Crusade) or the seat itself
    Column("total", Float, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("stood_in", Boolean, nullable=False),  # a bot played some of this person's moves
    Column("rating_key", String(48), nullable=True),  # "player:<id>" or "bot:<agent>"; None: not rated
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
)

ratings = Table(
    "ratings", metadata,
    Column("rating_key", String(48), primary_key=True),
    Column("game_id", String(32), primary_key=True),
    Column("rating_class", String(8), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("name", String(64), nullable=True),  # the display name when last rated
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

sign_in_failures = Table(
    "sign_in_failures", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("login", String(40), nullable=False, index=True),
    Column("address", String(64), nullable=False, index=True),
    Column("at", DateTime(timezone=True), nullable=False, index=True),
)

imported_replays = Table(
    "imported_replays", metadata,
    Column("id", String(32), primary_key=True),
    Column("game_id", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("history", Text, nullable=False),
    Column("seats", Text, nullable=False, server_default="[]"),  # JSON: the file's seat names, if it had them
    Column("created_at", DateTime(timezone=True), nullable=False),
)
