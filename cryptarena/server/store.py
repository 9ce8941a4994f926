"""Restart-safe storage of tables: SQLAlchemy, SQLite (WAL) by default, PostgreSQL by URL.

A table is stored as what replays it — game, players, seed, options and its numbered moves
(`{"seat", "action"}` or `{"script": [...]}`, exactly `state.history`) — plus a snapshot of
`state.to_json()` every `snapshot_every` versions and at the end, so that loading replays only the
few moves stored since. Moves are serialised by
the database, never by process memory: `append` moves a table from version v to v + 1 only if it is
still at v (an UPDATE ... WHERE version = v, and (table, version) is the moves' primary key), so two
servers or two browsers acting at once can never both apply. Seat tokens are stored hashed.

`schema.metadata` is the schema's description; the database gets it from the Alembic revisions in
`migrations/`, applied on open (a database made before them by `create_all` is stamped, not rebuilt).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from sqlalchemy import and_, create_engine, event, exists, func, insert, or_, select, tuple_, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

from .. import games
from . import clocks
from .clocks import TableClock
from .migrations import upgrade_to_head
from .outbox import enqueue_end
from .records import record_result
from .schema import as_utc as _utc, imported_replays, metadata, moves, now as _now, seats, tables  # noqa: F401 - metadata: for Alembic's env

DEFAULT_URL = "sqlite:///data/cryptarena.db"
MAX_SEED = 2**63 - 1  # a signed 64-bit column on every database

class StoreError(Exception):
    code = "store_error"


class UnknownTable(StoreError):
    code = "unknown_table"


class TableSeat(StoreError):
    """A seat kept by a person at the physical table, played from the table's device: nobody takes it."""

    code = "table_seat"

    def __init__(self, seat: int, name: str | None):
        super().__init__(f"seat {seat} ({name or 'no name'}) is a person at the physical table, played from the "
                         "table's device: nobody can take it")


class VersionConflict(StoreError):
    """The table moved on since the caller read it: reload and try again (or tell the player)."""

    code = "version_conflict"


@dataclass
class SeatRecord:
    seat: int
    kind: str
    name: str | None = None
    agent: str | None = None
    away: str | None = None  # a person a bot plays for: why ("disconnected", "timeout", "skipped", "expelled")
    player_id: str | None = None  # the person who took the seat (accounts.py)
    clock: "clocks.SeatClock | None" = None  # a person's clock, at a table with one


@dataclass
class TableRecord:
    id: str
    game_id: str
    players: int
    seed: int
    options: dict
    status: str
    version: int
    seats: list[SeatRecord] = field(default_factory=list)
    clock: TableClock = field(default_factory=TableClock)  # the pace, and the clock if it has one
    moved_at: datetime | None = None  # the last move stored, or the start
    rated: bool = True  # False: a friendly table, recorded but not rated
    spectators: bool = True  # False: nobody may watch it
    tutorial: str | None = None  # the lesson this table is played along (cryptarena.tutorials)


@dataclass
class Append:
    """One table's move to store: its history entries (one version each) and the state after them."""
    table_id: str
    expected_version: int
    entries: list[dict]
    state: object
    clock: TableClock | None = None  # the table's clock: its seats' clocks are kept with the move

    @property
    def new_version(self) -> int:
        return self.expected_version + len(self.entries)

    def problem(self) -> str | None:
        history = self.state.history
        if not self.entries or len(history) != self.new_version or history[-len(self.entries):] != self.entries:
            return "the state given does not end with these entries at this version"
        return None


def _seat(row, reserve: int | None) -> SeatRecord:
    clock = None if reserve is None or row.kind != "human" else clocks.SeatClock(
        row.seat, row.clock_left, _utc(row.waiting_since) if row.waiting_since else None, row.away is None,
        bool(row.out_of_time))
    return SeatRecord(row.seat, row.kind, row.name, row.agent, row.away, row.player_id, clock)


def _record(row, seat_rows) -> TableRecord:
    return TableRecord(id=row.id, game_id=row.game_id, players=row.players, seed=row.seed,
                       options=json.loads(row.options), status=row.status, version=row.version,
                       seats=[_seat(r, row.clock_reserve) for r in seat_rows],
                       clock=TableClock(row.pace, row.clock_reserve, row.clock_increment, row.on_timeout),
                       moved_at=_utc(row.updated_at), rated=row.rated, spectators=row.spectators,
                       tutorial=row.tutorial)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _enable_sqlite_wal(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # noqa: ANN001 - DBAPI objects
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


class Store:
    def __init__(self, url: str = DEFAULT_URL, *, engine_options: dict | None = None, snapshot_every: int = 16,
                 clock=None):
        # What time it is: the clocks, deadlines and presence all read it; tests move it forward.
        self.now = clock or _now
        if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.url = url
        # The state is written whole every `snapshot_every` versions (and at the end), not at every move:
        # a Crypt state is ~20 KB, its move ~100 bytes. Loading plays the moves stored since (load_state).
        self.snapshot_every = max(1, snapshot_every)
        self.engine = create_engine(url, **(engine_options or {}))
        if self.engine.dialect.name == "sqlite":
            _enable_sqlite_wal(self.engine)
        upgrade_to_head(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ tables
    def create_table(self, game_id: str, players: int, *, seed: int | None = None,
                     options: dict | None = None, seat_kinds: list[SeatRecord] | None = None,
                     clock: TableClock | None = None, rated: bool = True, spectators: bool = True,
                     tutorial: str | None = None) -> TableRecord:
        """A new table at version 0. Options and players are checked by the game first, so a bad
        request stores nothing."""
        game = games.load(game_id)
        resolved = game.check_table(players, options)
        seed = secrets.randbelow(MAX_SEED) if seed is None else seed
        if not 0 <= seed <= MAX_SEED:
            raise games.OptionError(f"seed must be between 0 and {MAX_SEED}", code="bad_seed")
        state = game.new_state(players, seed, resolved)
        table_id = secrets.token_urlsafe(12)
        now = self.now()
        clock = clock or TableClock()
        seat_rows = seat_kinds or [SeatRecord(seat, "empty") for seat in range(players)]
        if sorted(s.seat for s in seat_rows) != list(range(players)):
            raise StoreError("one seat record per seat is needed")
        if clock.reserve is not None and clock.reserve < 1:
            raise StoreError("a clock's reserve is a whole number of seconds, at least 1")
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=table_id, game_id=game_id, players=players, seed=seed, options=json.dumps(resolved),
                status="open", version=0, snapshot=state.dumps(), created_at=now, updated_at=now,
                rated=rated, spectators=spectators, tutorial=tutorial, pace=clock.pace, clock_reserve=clock.reserve,
                clock_increment=clock.increment, on_timeout=clock.on_timeout))
            conn.execute(insert(seats), [{"table_id": table_id, "seat": s.seat, "kind": s.kind, "name": s.name,
                                          "agent": s.agent, "token_hash": None, "player_id": s.player_id}
                                         for s in seat_rows])
        return self.get_table(table_id)

    def get_table(self, table_id: str) -> TableRecord:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                raise UnknownTable(f"no table {table_id!r}")
            seat_rows = conn.execute(select(seats).where(seats.c.table_id == table_id)
                                     .order_by(seats.c.seat)).all()
        return _record(row, seat_rows)

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[TableRecord]:
        """The latest tables moved (of this status), newest first: two queries, the rows then all their
        seats, however many there are (the lobby asks every few seconds per person looking at it)."""
        query = (select(tables).where(tables.c.tutorial.is_(None))  # a lesson is nobody else's business
                 .order_by(tables.c.updated_at.desc()).limit(limit))
        if status is not None:
            query = query.where(tables.c.status == status)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            by_table: dict[str, list] = {row.id: [] for row in rows}
            for start in range(0, len(rows), 500):  # well under any database's limit on bound values
                chunk = [row.id for row in rows[start:start + 500]]
                for seat_row in conn.execute(select(seats).where(seats.c.table_id.in_(chunk))
                                             .order_by(seats.c.table_id, seats.c.seat)):
                    by_table[seat_row.table_id].append(seat_row)
        return [_record(row, by_table[row.id]) for row in rows]

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            done = conn.execute(update(tables).where(tables.c.id == table_id)
                                .values(status=status, updated_at=self.now())).rowcount
        if not done:
            raise UnknownTable(f"no table {table_id!r}")

    def start_table(self, table_id: str) -> None:
        """The game starts: in play, everyone present as of now (the grace period starts), every
        person's clock full and running for the seats the game waits for."""
        state, _ = self.load_state(table_id)
        now = self.now()
        with self.engine.begin() as conn:
            row = conn.execute(update(tables).where(tables.c.id == table_id, tables.c.status == "open")
                               .values(status="playing", updated_at=now)
                               .returning(tables.c.clock_reserve, tables.c.pace)).first()
            if row is None:
                raise StoreError("the table has already started")
            conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.kind == "human").values(seen_at=now))
            clocks.begin(conn, table_id, state, now, row.clock_reserve, row.pace)

    # ------------------------------------------------------------------ seats
    def take_seat(self, table_id: str, seat: int, *, kind: str = "human", name: str | None = None,
                  agent: str | None = None, player_id: str | None = None) -> str | None:
        """Give a seat to a person (returns their secret token) or a bot (returns None). Only an
        empty seat can be taken; the database decides when two people click at once. A name given
        to the seat when the table was created stays; `name` is used only where there is none."""
        token = secrets.token_urlsafe(24) if kind == "human" else None
        with self.engine.begin() as conn:
            done = conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                    seats.c.kind == "empty")
                                .values(kind=kind, name=func.coalesce(seats.c.name, name), agent=agent,
                                        token_hash=_hash(token) if token else None, seen_at=self.now(),
                                        player_id=player_id if kind == "human" else None)).rowcount
        if not done:
            record = self.get_table(table_id)  # raises UnknownTable
            if not 0 <= seat < record.players:
                raise StoreError(f"seat {seat} does not exist at this table (seats 0..{record.players - 1})")
            if record.seats[seat].kind == "table":
                raise TableSeat(seat, record.seats[seat].name)
            raise StoreError(f"seat {seat} is already taken")
        return token

    def seat_for_token(self, table_id: str, token: str | None) -> int | None:
        """The seat this token may act for at this table, or None (wrong token, other table)."""
        if not token:
            return None
        wanted = _hash(token)
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats.c.seat, seats.c.token_hash)
                                .where(seats.c.table_id == table_id, seats.c.kind == "human")).all()
        for row in rows:
            if row.token_hash and hmac.compare_digest(row.token_hash, wanted):
                return row.seat
        return None

    def reissue_token(self, table_id: str, seat: int, player_id: str) -> str | None:
        """A new token for a seat this player took (their old one is lost with another browser); the
        old token stops working. None if the seat is not theirs."""
        token = secrets.token_urlsafe(24)
        with self.engine.begin() as conn:
            done = conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                    seats.c.kind == "human", seats.c.player_id == player_id)
                                .values(token_hash=_hash(token))).rowcount
        return token if done else None

    def lesson_tables_of(self, player_id: str) -> list[tuple[str, int]]:
        """(lesson id, version) of every tutorial table this player sat at."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.tutorial, tables.c.version)
                                .select_from(tables.join(seats, tables.c.id == seats.c.table_id))
                                .where(seats.c.player_id == player_id, tables.c.tutorial.is_not(None))).all()
        return [(r.tutorial, r.version) for r in rows]

    # ------------------------------------------------------------------ leavers and clocks
    def mark_seen(self, table_seats: list[tuple[str, int]]) -> None:
        """These (table, seat) pairs have a socket open right now (one statement for all of them)."""
        now = self.now()
        with self.engine.begin() as conn:
            for start in range(0, len(table_seats), 500):  # well under any database's limit on bound values
                chunk = table_seats[start:start + 500]
                conn.execute(update(seats).where(tuple_(seats.c.table_id, seats.c.seat).in_(chunk)).values(seen_at=now))

    def mark_all_seen(self, table_id: str) -> None:
        """Every person at this table counts as present now (the grace period starts with the game)."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.kind == "human")
                         .values(seen_at=self.now()))

    def replace_absent(self, cutoff: datetime) -> list[tuple[str, int]]:
        """People at tables in play whose sockets were last seen before `cutoff` get a bot playing for
        them (away = "disconnected"); returns the (table, seat) pairs this call changed — when several
        servers sweep at once, each pair is changed by one of them only. Tables with people at a
        physical table (companion tables) are left alone: their device may sleep between turns, and so
        are lessons (nobody else waits on a tutorial table) and turn-based tables (closing the browser
        is how one plays them)."""
        other = seats.alias("other")
        companion = exists().where(other.c.table_id == seats.c.table_id, other.c.kind == "table")
        absent = (select(seats.c.table_id, seats.c.seat).join(tables, tables.c.id == seats.c.table_id)
                  .where(tables.c.status == "playing", tables.c.pace == "live", seats.c.kind == "human",
                         seats.c.away.is_(None),
                         seats.c.seen_at < cutoff, tables.c.tutorial.is_(None), ~companion))
        changed = []
        with self.engine.begin() as conn:
            for table_id, seat in conn.execute(absent).all():
                done = conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                        seats.c.away.is_(None), seats.c.seen_at < cutoff)
                                    .values(away="disconnected")).rowcount
                if done:
                    changed.append((table_id, seat))
        return changed

    def tables_with_bots(self) -> list[str]:
        """Tables in play with a seat a bot plays now (a bot's seat, or a person's a bot stands in for):
        the ones whose bots pick up after a restart. A table of people only is not read at all."""
        bot = exists().where(seats.c.table_id == tables.c.id,
                             or_(seats.c.kind == "bot", and_(seats.c.kind == "human", seats.c.away.is_not(None))))
        with self.engine.connect() as conn:
            return [row.id for row in conn.execute(select(tables.c.id).where(tables.c.status == "playing", bot))]

    def versions(self, table_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these tables (unknown ids left out)."""
        found = {}
        with self.engine.connect() as conn:
            for start in range(0, len(table_ids), 500):
                rows = conn.execute(select(tables.c.id, tables.c.version)
                                    .where(tables.c.id.in_(table_ids[start:start + 500]))).all()
                found.update({row.id: row.version for row in rows})
        return found

    def time_out_due(self) -> list[tuple[str, int, str]]:
        """One pass of the clock sweep: every person whose deadline has passed is out of time —
        (table, seat, "timeout") where a bot now plays for them, (table, seat, "out_of_time") where the
        others may vote. Reads only the tables whose next deadline has passed (an index), one process
        at a time; each table in its own transaction, its row locked against a move stored meanwhile."""
        now = self.now()
        with self.engine.begin() as conn:
            if not clocks.sweep_lock(conn):
                return []
            due = clocks.due_tables(conn, now)
            changed = []
            for table_id in due:
                changed += [(table_id, seat, why) for seat, why in clocks.time_out(conn, table_id, now)]
        return changed

    def vote(self, table_id: str, voter: int, target: int, choice: str) -> str | None:
        """A vote on a person out of time (clocks.vote): the choice it carried, or None."""
        with self.engine.begin() as conn:
            return clocks.vote(conn, table_id, voter, target, choice, self.now())

    def ballots(self, table_id: str) -> list[dict]:
        with self.engine.connect() as conn:
            return clocks.ballots(conn, table_id)

    def set_away(self, table_id: str, seat: int, reason: str, *, at_version: int) -> bool:
        """A bot plays for this person from now on — only if the table is still at `at_version` (they
        did not move meanwhile) and nobody did this already. True if this call did it."""
        still = exists().where(and_(tables.c.id == table_id, tables.c.version == at_version))
        with self.engine.begin() as conn:
            return bool(conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                         seats.c.kind == "human", seats.c.away.is_(None), still)
                                     .values(away=reason, stood_in=True)).rowcount)

    def take_back(self, table_id: str, seat: int) -> bool:
        """The person plays their seat again (the bot stops; their clock runs again); False if no bot
        was playing for them, or the table voted them out (that is for good)."""
        with self.engine.begin() as conn:
            done = bool(conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                         seats.c.away.is_not(None), seats.c.away != "expelled")
                                     .values(away=None, seen_at=self.now())).rowcount)
            if done:
                clocks.resume(conn, table_id, seat, self.now())
            return done

    # ------------------------------------------------------------------ moves
    def append(self, table_id: str, expected_version: int, entry: dict, state) -> int:
        """Store one history entry and the state after it, moving the table from
        `expected_version` to the next; VersionConflict if another move got there first."""
        return self.append_many(table_id, expected_version, [entry], state)

    def append_many(self, table_id: str, expected_version: int, entries: list[dict], state) -> int:
        """Store several history entries (one version each) and the state after the last, in one
        transaction: all of them, or none if another move got there first (VersionConflict)."""
        outcome = self.append_batch([Append(table_id, expected_version, entries, state)])[0]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def append_batch(self, appends: list["Append"]) -> list:
        """Several tables' moves in one transaction (a group commit): for each append, in order, its
        new version or the StoreError that refused it (VersionConflict, UnknownTable, a state that
        does not end with its entries). A refused append stores nothing and does not stop the others.

        Rows are updated in table order, so two processes committing groups that share tables wait
        for each other instead of deadlocking. Should the group fail as a whole (a database error),
        each append is tried again in a transaction of its own, so one bad append costs only itself."""
        outcomes: list = [None] * len(appends)
        for i, append in enumerate(appends):
            problem = append.problem()
            if problem:
                outcomes[i] = StoreError(problem)
        todo = sorted((i for i, o in enumerate(outcomes) if o is None), key=lambda i: appends[i].table_id)
        if not todo:
            return outcomes
        now = self.now()
        try:
            with self.engine.begin() as conn:
                stored = []
                for i in todo:
                    outcomes[i] = self._move(conn, appends[i], now)
                    if not isinstance(outcomes[i], Exception):
                        stored.append(appends[i])
                if stored:
                    conn.execute(insert(moves), [{"table_id": a.table_id, "version": a.expected_version + k + 1,
                                                  "entry": json.dumps(entry), "created_at": now}
                                                 for a in stored for k, entry in enumerate(a.entries)])
                for append in stored:
                    if append.clock is not None and append.clock.reserve is not None:
                        clocks.after_move(conn, append.table_id, append.entries, append.state, now,
                                          reserve=append.clock.reserve, increment=append.clock.increment,
                                          pace=append.clock.pace)
                    if append.state.is_over():  # the history's record, in the same transaction as the last move
                        record_result(conn, append.table_id, append.state, now)
                        enqueue_end(conn, append.table_id, now)
        except IntegrityError as exc:
            if len(todo) == 1:
                outcomes[todo[0]] = VersionConflict(f"table {appends[todo[0]].table_id} is no longer at version "
                                                    f"{appends[todo[0]].expected_version}")
                return outcomes
            return self._one_by_one(appends, outcomes, todo, exc)
        except DBAPIError as exc:
            if len(todo) == 1:
                raise
            return self._one_by_one(appends, outcomes, todo, exc)
        return outcomes

    def _move(self, conn, append: "Append", now: datetime):
        """The table row moved to the append's last version, if it is still at the expected one."""
        status = "over" if append.state.is_over() else "playing"
        values = {"version": append.new_version, "status": status, "updated_at": now}
        if status == "over" or append.new_version // self.snapshot_every > append.expected_version // self.snapshot_every:
            values["snapshot"] = append.state.dumps()
        moved = conn.execute(
            update(tables).where(tables.c.id == append.table_id, tables.c.version == append.expected_version)
            .values(**values)).rowcount
        if moved:
            return append.new_version
        if conn.execute(select(tables.c.id).where(tables.c.id == append.table_id)).first() is None:
            return UnknownTable(f"no table {append.table_id!r}")
        return VersionConflict(f"table {append.table_id} is no longer at version {append.expected_version}")

    def _one_by_one(self, appends: list["Append"], outcomes: list, todo: list[int], cause: Exception) -> list:
        for i in todo:
            try:
                outcomes[i] = self.append_batch([appends[i]])[0]
            except DBAPIError as exc:
                outcomes[i] = StoreError(f"the move could not be stored: {exc.orig or cause}")
        return outcomes

    def history(self, table_id: str, since: int = 0, until: int | None = None) -> list[dict]:
        """The moves after version `since`, up to version `until` included (None: every one stored)."""
        bounds = [moves.c.table_id == table_id, moves.c.version > since]
        if until is not None:
            bounds.append(moves.c.version <= until)
        with self.engine.connect() as conn:
            rows = conn.execute(select(moves.c.entry).where(*bounds).order_by(moves.c.version)).all()
        return [json.loads(row.entry) for row in rows]

    def load_state(self, table_id: str):
        """(state, version) of a stored table: from its snapshot, or — if the snapshot is missing,
        corrupt or behind — by replaying seed + options + moves, which is the record of truth. The
        moves are read up to the row's version only: another process may store one between the two
        reads, and a state one move ahead of its version would refuse the next act as a conflict."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
        if row is None:
            raise UnknownTable(f"no table {table_id!r}")
        game = games.load(row.game_id)
        if row.snapshot:
            try:
                state = game.from_json(row.snapshot)
                # the snapshot is of an earlier version (written every snapshot_every): play the moves since
                since = len(state.history)
                for step in self.history(table_id, since=since, until=row.version) if since < row.version else ():
                    state.replay_step(step)
                if len(state.history) == row.version:
                    return state, row.version
            except games.CorruptSave:
                pass
            except games.IllegalAction:  # moves that do not follow the snapshot: replay them all
                pass
        state = game.replay(row.players, row.seed, json.loads(row.options), self.history(table_id, until=row.version))
        return state, row.version

    # ------------------------------------------------------------------ imported replays
    def add_replay(self, game_id: str, players: int, seed: int, options: dict, history: list,
                   seats: list[dict] | None = None) -> str:
        replay_id = secrets.token_urlsafe(12)
        with self.engine.begin() as conn:
            conn.execute(insert(imported_replays).values(id=replay_id, game_id=game_id, players=players, seed=seed,
                                                         options=json.dumps(options), history=json.dumps(history),
                                                         seats=json.dumps(seats or []), created_at=self.now()))
        return replay_id

    def get_replay(self, replay_id: str) -> tuple[str, int, int, dict, list, list] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(imported_replays).where(imported_replays.c.id == replay_id)).first()
        if row is None:
            return None
        return (row.game_id, row.players, row.seed, json.loads(row.options), json.loads(row.history),
                json.loads(row.seats))
