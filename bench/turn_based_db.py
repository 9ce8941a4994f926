"""A database of stored turn-based tables in play, written in bulk into the real schema, for
`bench/turn_based_load.py`.

Every row is what the server itself would hold for a turn-based table a few moves into its game
(`Store.create_table`, `take_seat`, `start_table`, then moves through `append_batch` and
`clocks.after_move`): status `playing`, pace `turn-based`, the default clock of 3 days + 1 day a
turn with the vote rule, every seat a person (a guest player row, a seat token whose hash is stored),
the moves in `table_moves`, and per seat the clock columns as `clocks.advance` leaves them — the
seat the game waits for has `waiting_since`, `clock_left` and `deadline` = their sum, the others
none, and the table's `next_deadline` is the earliest. Deadlines are spread over the next three
days, except `due` of them, which passed up to an hour ago: the clock sweep has exactly those to do.

What differs from a table the server made, and why: the snapshot is NULL (the server writes one at
creation and every 16 versions, 2–3 KB for Crypt; `Store.load_state` replays seed + moves when it is
missing, so the state loaded is the same; `--snapshots` writes the creation one as the server does),
and the games come from `TEMPLATES` distinct seeds played a few random moves each, table i using
template i mod TEMPLATES (the server does not care that two tables share a seed; playing 100,000
games at build time would take minutes for nothing). Half the people have a confirmed e-mail, so a
move that hands the turn over writes its "your move" outbox row as it would in production (and the
server's notifier sends it 30 s later, as an .eml file without `--smtp`); the people a table waits
for were told already (`notified`, as `clocks.begin` and `clocks.after_move` leave it).

Table ids and seat tokens are derived from `secret` and the table's index (`table_id`, `seat_token`),
so the load generator knows every token without the database keeping any.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import insert

from cryptarena import games
from cryptarena.server.clocks import DAY, HOUR, TURN_BASED_DEFAULT
from cryptarena.server.schema import moves, player_settings, players, seats, tables
from cryptarena.server.store import Store

TEMPLATES = 997  # distinct games (seed + moves) the tables are drawn from
MAX_MOVES = 15  # moves played per template, 0..MAX_MOVES: under 16, so the server would hold only the creation snapshot
TABLES_PER_PERSON = 30  # about how many tables each person sits at (turn-based players keep many going)
CHUNK = 5000  # rows per executemany


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def table_id(secret: str, index: int) -> str:
    """16 URL-safe characters, like `secrets.token_urlsafe(12)`."""
    return _b64(hashlib.blake2b(f"table/{secret}/{index}".encode(), digest_size=12).digest())


def seat_token(secret: str, index: int, seat: int) -> str:
    """32 URL-safe characters, like `secrets.token_urlsafe(24)`; the database keeps its sha256."""
    return _b64(hashlib.blake2b(f"seat/{secret}/{index}/{seat}".encode(), digest_size=24).digest())


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()  # store._hash


@dataclass
class Template:
    seed: int
    entries: list[str]  # the moves, JSON, versions 1..len
    waiting: list[int]  # to_act after them
    snapshot: str  # state.dumps() at version 0 (written only with --snapshots)


def templates(game_id: str, players_n: int, rng: random.Random, count: int = TEMPLATES) -> list[Template]:
    """`count` games a few random moves in (the seat first in to_act plays each), none over."""
    game = games.load(game_id)
    options = game.check_table(players_n, {})
    out = []
    while len(out) < count:
        seed = rng.randrange(2**62)
        state = game.new_state(players_n, seed, options)
        snapshot = state.dumps()
        for _ in range(rng.randint(0, MAX_MOVES)):
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if state.is_over():
                break
        if state.is_over():
            continue
        out.append(Template(seed, [json.dumps(e) for e in state.history], list(state.to_act()), snapshot))
    return out


@dataclass
class Built:
    """What the load generator and the checks need to know about the database built."""
    url: str
    game: str
    players: int  # seats per table
    tables: int
    due: int
    people: int
    moves: int
    secret: str
    now: datetime  # the moment the deadlines were laid out from
    waiting: dict[str, list[int]]  # table id -> seats the game waits for
    index: dict[str, int]  # table id -> its index (for its tokens)

    def token(self, table: str, seat: int) -> str:
        return seat_token(self.secret, self.index[table], seat)


def build(url: str, *, tables_n: int, game_id: str = "crypt", players_n: int = 3, due: int = 100,
          seed: int = 1, snapshots: bool = False, now: datetime | None = None, progress=None) -> Built:
    """Write `tables_n` turn-based tables in play into the database at `url` (its schema made by
    `Store(url)`, the migrations); `due` of them with a deadline already passed at `now`."""
    rng = random.Random(seed)
    now = now or datetime.now(timezone.utc)
    reserve, increment = TURN_BASED_DEFAULT
    shapes = templates(game_id, players_n, rng)
    options = json.dumps(games.load(game_id).check_table(players_n, {}))  # stored resolved, as the server does
    secret = f"bench-{seed}"
    people = max(players_n, tables_n * players_n // TABLES_PER_PERSON)
    person = [_b64(hashlib.blake2b(f"player/{secret}/{n}".encode(), digest_size=12).digest()) for n in range(people)]
    store = Store(url)  # the migrations: the real schema
    engine = store.engine
    due_at = set(rng.sample(range(tables_n), min(due, tables_n)))
    built = Built(url, game_id, players_n, tables_n, len(due_at), people, 0, secret, now, {}, {})
    try:
        with engine.begin() as conn:
            for start in range(0, people, CHUNK):
                block = range(start, min(people, start + CHUNK))
                conn.execute(insert(players), [{"id": person[n], "name": f"player {n}", "login": None,
                                                "password_hash": None, "session_epoch": 0,
                                                "created_at": now - timedelta(days=30)} for n in block])
                conn.execute(insert(player_settings), [
                    {"player_id": person[n], "email": f"player{n}@example.org", "email_confirmed_at": now,
                     "prefs": "{}", "lang": "en", "updated_at": now} for n in block if n % 2 == 0])
        for start in range(0, tables_n, CHUNK):
            table_rows, seat_rows, move_rows = [], [], []
            for i in range(start, min(tables_n, start + CHUNK)):
                shape = shapes[i % len(shapes)]
                tid = table_id(secret, i)
                version = len(shape.entries)
                # the first seat waited on: its deadline in the next 3 days, or (due) up to an hour ago;
                # its reserve left as of waiting_since (the last move, or the start), which is before now
                deadline = now - timedelta(seconds=rng.uniform(1, HOUR)) if i in due_at \
                    else now + timedelta(seconds=rng.uniform(60, reserve - 60))
                first = rng.uniform(max(HOUR, (deadline - now).total_seconds() + 1), reserve)
                since = deadline - timedelta(seconds=first)
                started = since - timedelta(seconds=rng.uniform(HOUR, 7 * DAY)) if version else since
                sitters = rng.sample(range(people), players_n)
                deadlines = []
                for seat in range(players_n):
                    waits = seat in shape.waiting
                    if waits:  # another seat waited on at once (a choice made together) has its own reserve
                        left = first if seat == shape.waiting[0] else rng.uniform(first, reserve)
                        deadlines.append(since + timedelta(seconds=left))
                    else:  # charged while it waited, credited an increment, never above the reserve
                        left = float(min(reserve, rng.uniform(HOUR, reserve) + increment))
                    seat_rows.append({
                        "table_id": tid, "seat": seat, "kind": "human", "name": f"player {sitters[seat]}",
                        "agent": None, "token_hash": token_hash(seat_token(secret, i, seat)), "away": None,
                        "seen_at": since, "player_id": person[sitters[seat]], "stood_in": False,
                        "clock_left": left, "waiting_since": since if waits else None,
                        "deadline": deadlines[-1] if waits else None, "out_of_time": False,
                        "notified": waits})
                table_rows.append({
                    "id": tid, "game_id": game_id, "players": players_n, "seed": shape.seed, "options": options,
                    "status": "playing", "version": version, "snapshot": shape.snapshot if snapshots else None,
                    "created_at": started - timedelta(minutes=5), "updated_at": since, "rated": True,
                    "spectators": True, "tutorial": None, "pace": "turn-based", "clock_reserve": reserve,
                    "clock_increment": increment, "on_timeout": "vote", "next_deadline": min(deadlines),
                    "started_at": started})
                move_rows += [{"table_id": tid, "version": v + 1, "entry": entry, "created_at": since}
                              for v, entry in enumerate(shape.entries)]
                built.waiting[tid] = list(shape.waiting)
                built.index[tid] = i
            with engine.begin() as conn:
                conn.execute(insert(tables), table_rows)
                conn.execute(insert(seats), seat_rows)
                if move_rows:
                    conn.execute(insert(moves), move_rows)
            built.moves += len(move_rows)
            if progress:
                progress(min(tables_n, start + CHUNK), tables_n)
        # No ANALYZE on SQLite: the server never runs it, and its statistics change the query plans (with
        # them SQLite scans the tables for the leavers' sweep; without, the seats). PostgreSQL's autovacuum
        # analyses a table this size of its own accord: done here at once.
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)" if engine.dialect.name == "sqlite" else "ANALYZE")
    finally:
        store.close()
    return built
