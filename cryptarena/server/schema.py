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
- Paces and clocks (clocks.py): a table's `pace` and clock (`clock_reserve`, `clock_increment`,
  `on_timeout`); per seat the reserve left (`clock_left`), since when the table waits for it
  (`waiting_since`) and when that wait runs out (`deadline`); `game_tables.next_deadline`, the earliest
  of its seats' deadlines, indexed, is all the clock sweep reads. `clock_votes`: votes to skip or expel
  a person out of time. `ix_game_tables_pace_status`: the leavers' sweep reads live tables in play
  only, not the turn-based ones waiting (however many are stored).
- Notifications (outbox.py, notify/): `player_settings` (a verified e-mail, a webhook, which kinds on),
  `outbox` (every mail and webhook call to make, drained by a worker that claims rows), and
  `table_seats.notified` (the person was told it is their move and has not played since: no flood).
- `reviews` (reviews/): a finished game's review for one seat by one reviewer bot, of a stored table or
  an imported replay, queued until a server process claims it (`lease_until`: while it runs, renewed
  with each decision reviewed), then its progress, and its result or error.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (BigInteger, Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, MetaData, String,
                        Table, Text, UniqueConstraint, false, true)

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
    Column("rated", Boolean, nullable=False, server_default=true()),  # False: a friendly table
    Column("spectators", Boolean, nullable=False, server_default=true()),  # False: nobody may watch
    Column("tutorial", String(32), nullable=True),  # a lesson's id (cryptarena.tutorials); None: a game
    Column("pace", String(16), nullable=False, server_default="live"),  # live | turn-based
    Column("clock_reserve", Integer, nullable=True),  # seconds each person starts with; None: no clock
    Column("clock_increment", Integer, nullable=False, server_default="0"),  # credited after each turn
    Column("on_timeout", String(8), nullable=False, server_default="bot"),  # bot | vote: what 0 on a clock does
    Column("next_deadline", DateTime(timezone=True), nullable=True, index=True),  # earliest seat deadline
    Column("started_at", DateTime(timezone=True), nullable=True),
    # the leavers' sweep: live tables in play (pace first, so the clock sweep's status filter keeps to
    # its own index on next_deadline)
    Index("ix_game_tables_pace_status", "pace", "status"),
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
    Column("clock_left", Float, nullable=True),  # reserve seconds left (as of waiting_since while waited on)
    Column("waiting_since", DateTime(timezone=True), nullable=True),  # the table waits for this seat since
    Column("deadline", DateTime(timezone=True), nullable=True),  # waiting_since + clock_left, for a person
    Column("out_of_time", Boolean, nullable=False, server_default=false()),  # at 0, the others may vote
    Column("notified", Boolean, nullable=False, server_default=false()),  # told of their move, not played since
)

clock_votes = Table(
    "clock_votes", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("target", Integer, primary_key=True),  # the seat out of time
    Column("voter", Integer, primary_key=True),
    Column("choice", String(8), nullable=False),  # skip | expel
    Column("at", DateTime(timezone=True), nullable=False),
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
    Column("expelled", Boolean, nullable=False, server_default=false()),  # voted out: ranked last, a loss
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

player_settings = Table(
    "player_settings", metadata,
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    Column("email", String(254), nullable=True),  # confirmed by its owner through a mailed link
    Column("email_pending", String(254), nullable=True),  # asked for, not yet confirmed
    Column("email_confirmed_at", DateTime(timezone=True), nullable=True),
    Column("webhook_url", String(2000), nullable=True),
    Column("prefs", Text, nullable=False, server_default="{}"),  # JSON: channel -> kind -> on
    Column("lang", String(8), nullable=False, server_default="en"),  # the language mails are written in
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

outbox = Table(
    "outbox", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(32), nullable=False, index=True),
    Column("channel", String(8), nullable=False),  # email | webhook
    Column("kind", String(16), nullable=False),  # turn | end | invite | confirm
    Column("table_id", String(32), nullable=True),
    Column("params", Text, nullable=False, server_default="{}"),  # JSON: what the message is written from
    Column("status", String(12), nullable=False),  # pending | sending | sent | failed | dropped
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("due_at", DateTime(timezone=True), nullable=False),
    Column("claimed_by", String(64), nullable=True),
    Column("claimed_until", DateTime(timezone=True), nullable=True),
    Column("last_error", Text, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True), nullable=True),
    Index("outbox_due", "status", "due_at"),
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

reviews = Table(
    "reviews", metadata,
    Column("id", String(22), primary_key=True),  # secrets.token_urlsafe(16)
    Column("source", String(8), nullable=False),  # table | replay
    Column("source_id", String(32), nullable=False),  # a game_tables or an imported_replays id
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("reviewer", String(32), nullable=False),  # the bot reviewing: hard, or expert where a game has one
    Column("status", String(8), nullable=False),  # queued | running | done | failed
    Column("done", Integer, nullable=False, server_default="0"),  # decisions reviewed
    Column("total", Integer, nullable=False, server_default="0"),  # decisions to review; 0 until it runs
    Column("result", Text, nullable=True),  # JSON, once done
    Column("error", Text, nullable=True),  # why it failed (no traceback)
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("lease_until", DateTime(timezone=True), nullable=True),  # running: the claim holds until then
    UniqueConstraint("source", "source_id", "seat", "reviewer", name="uq_reviews_source_seat_reviewer"),
    Index("ix_reviews_status_lease", "status", "lease_until"),
)
