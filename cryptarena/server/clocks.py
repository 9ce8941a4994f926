"""Paces and a clock per person, the way Board Game Arena's game clock works.

A table is played `live` (everyone at the table now; a bot stands in for a person whose browser is
gone past the grace period) or `turn-based` (over days; nobody is ever replaced for closing the
browser). Either may have a clock: each person starts with a **reserve**, spends it only while the
table waits for them (`to_act`: their turn, or a choice several people make at once), and is credited
an **increment** each time the table stops waiting for them after a move of their seat — never above
the starting reserve. Credited per turn handed over, not per small action: a move made of several
actions (placing servants, then confirming) earns it once, so nobody can farm time.

At 0 the table's rule applies (`on_timeout`): `bot` — the game's default bot plays for them (they may
take the seat back); `vote` — they are out of time and the other people at the table may vote to
**skip** them (a bot plays the moves the table waits on from them now, then the seat is theirs again)
or **expel** them (a bot plays for them to the end; the result counts as their loss, ranked last). A
majority of the people who can vote decides; with nobody to vote, the bot rule applies. The out-of-time
person may still move until a vote passes.

Everything the clock needs is in the database: per seat the reserve left as of the moment the table
began waiting for it, that moment, and the deadline (their sum); per table the earliest deadline,
indexed. The bookkeeping runs inside the transaction that stores a move (`after_move`) and the sweep
reads only tables whose `next_deadline` has passed (`due_tables`), so a waiting table costs no task,
timer or memory in any server process.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, text, update
from sqlalchemy.engine import Connection

from .outbox import enqueue
from .schema import as_utc, clock_votes, seats, tables

PACES = ("live", "turn-based")
TIMEOUT_RULES = ("bot", "vote")
HOUR, DAY = 3600, 86400
LIVE_RESERVE = (1, HOUR)  # a live clock: seconds to an hour
TURN_BASED_RESERVE = (HOUR, 14 * DAY)  # a turn-based clock: an hour to two weeks
TURN_BASED_DEFAULT = (3 * DAY, DAY)  # reserve, increment: BGA's "normal" turn-based speed is of this order
DEFAULT_RULE = {"live": "bot", "turn-based": "vote"}
TURN_NOTICE_DELAY = 30.0  # seconds before "your move" goes out: time for a person still at the table to be seen


class ClockError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.reason = code, message


@dataclass(frozen=True)
class TableClock:
    """A table's pace and clock as chosen at creation (`reserve` None: no clock)."""
    pace: str = "live"
    reserve: int | None = None
    increment: int = 0
    on_timeout: str = "bot"

    def to_json(self) -> dict | None:
        if self.reserve is None:
            return None
        return {"reserve": self.reserve, "increment": self.increment, "on_timeout": self.on_timeout}


def choose(pace: str | None = None, clock: dict | None = None, on_timeout: str | None = None,
           turn_clock: int | None = None) -> TableClock:
    """A table's clock from what its creator asked, checked; ClockError names what is wrong.
    `turn_clock` (seconds per move, the older shorthand) is a live clock whose reserve refills at each turn."""
    pace = pace or "live"
    if pace not in PACES:
        raise ClockError("bad_pace", f"pace is one of {', '.join(PACES)}, not {pace!r}")
    if turn_clock is not None:
        if clock is not None:
            raise ClockError("bad_clock", "give clock or turn_clock, not both")
        clock = {"reserve": turn_clock, "increment": turn_clock}
    if clock is None and pace == "turn-based":
        clock = {"reserve": TURN_BASED_DEFAULT[0], "increment": TURN_BASED_DEFAULT[1]}
    rule = on_timeout or DEFAULT_RULE[pace]
    if rule not in TIMEOUT_RULES:
        raise ClockError("bad_clock", f"on_timeout is one of {', '.join(TIMEOUT_RULES)}, not {rule!r}")
    if clock is None:
        return TableClock(pace, None, 0, rule)
    low, high = LIVE_RESERVE if pace == "live" else TURN_BASED_RESERVE
    reserve, increment = clock.get("reserve"), clock.get("increment", 0)
    if not isinstance(reserve, int) or isinstance(reserve, bool) or not low <= reserve <= high:
        raise ClockError("bad_clock", f"a {pace} clock's reserve is {low} to {high} seconds, not {reserve!r}")
    if not isinstance(increment, int) or isinstance(increment, bool) or not 0 <= increment <= reserve:
        raise ClockError("bad_clock", f"the increment is 0 to the reserve ({reserve} s), not {increment!r}")
    return TableClock(pace, reserve, increment, rule)


@dataclass
class SeatClock:
    """One seat's clock as stored. `left` is the reserve as of `since` while the table waits for the
    seat (the clock runs from there), else as of now."""
    seat: int
    left: float | None
    since: datetime | None
    runs: bool  # a person's seat nobody plays for: their clock counts
    out_of_time: bool = False

    def left_at(self, now: datetime) -> float | None:
        if self.left is None or self.since is None or not self.runs or self.out_of_time:
            return self.left
        return max(0.0, self.left - (now - self.since).total_seconds())

    def deadline(self) -> datetime | None:
        if self.left is None or self.since is None or not self.runs or self.out_of_time:
            return None
        return self.since + timedelta(seconds=self.left)


def advance(clocks: list[SeatClock], waiting: set[int], movers: set[int], now: datetime,
            reserve: float, increment: float) -> list[SeatClock]:
    """The seats' clocks after a move stored at `now`: `waiting` are the seats the table waits for
    after it, `movers` the seats whose actions it was. Pure arithmetic, tested on its own."""
    out = []
    for clock in clocks:
        left, since = clock.left, clock.since
        was, still = since is not None, clock.seat in waiting
        if was and clock.runs and left is not None and (not still or clock.seat in movers):
            left = clock.left_at(now)  # charge the time waited, up to now
            since = now
        if was and not still and clock.seat in movers and left is not None:
            left = min(reserve, left + increment)  # their turn is handed over
        if not still:
            since = None
        elif not was:
            since = now
        out.append(SeatClock(clock.seat, left, since, clock.runs, clock.out_of_time and still))
    return out


# ---------------------------------------------------------------------- in the move's transaction
def _seat_clocks(conn: Connection, table_id: str) -> tuple[list, list[SeatClock]]:
    rows = conn.execute(select(seats).where(seats.c.table_id == table_id, seats.c.kind == "human")
                        .order_by(seats.c.seat)).all()
    return rows, [SeatClock(r.seat, r.clock_left, as_utc(r.waiting_since) if r.waiting_since else None,
                            r.away is None, bool(r.out_of_time)) for r in rows]


def _store(conn: Connection, table_id: str, rows: list, before: list[SeatClock], after: list[SeatClock],
           extra: dict[int, dict] | None = None) -> None:
    deadlines = []
    for row, old, new in zip(rows, before, after):
        deadline = new.deadline()
        if deadline is not None:
            deadlines.append(deadline)
        values = {"clock_left": new.left, "waiting_since": new.since, "deadline": deadline,
                  "out_of_time": new.out_of_time, **(extra or {}).get(row.seat, {})}
        if (old.left, old.since, old.out_of_time) != (new.left, new.since, new.out_of_time) or row.seat in (extra or {}):
            conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == row.seat).values(**values))
    conn.execute(update(tables).where(tables.c.id == table_id).values(next_deadline=min(deadlines, default=None)))


def begin(conn: Connection, table_id: str, state, now: datetime, reserve: int | None, pace: str = "live") -> None:
    """The game starts: every person's reserve is full, the clock of each seat it waits for runs, and
    at a turn-based table those people are told it is their move."""
    conn.execute(update(tables).where(tables.c.id == table_id).values(started_at=now))
    if reserve is None:
        return
    conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.kind == "human")
                 .values(clock_left=float(reserve)))
    after_move(conn, table_id, [], state, now, reserve=reserve, increment=0, pace=pace)


def after_move(conn: Connection, table_id: str, entries: list[dict], state, now: datetime, *,
               reserve: int, increment: int, pace: str) -> None:
    """The bookkeeping of a stored move at a table with a clock, in its transaction: the clocks charged
    and credited, the deadlines and the table's next one, a skipped person's seat given back once their
    turn is over, the votes on a person who moved dropped, and "your move" queued for each person the
    table now waits for (turn-based tables; once, until they play)."""
    over = state.is_over()
    waiting = set() if over else set(state.to_act())
    movers = {e["seat"] for e in entries if e.get("seat") is not None}
    rows, before = _seat_clocks(conn, table_id)
    if not rows:
        return
    after = advance(before, waiting, movers, now, reserve, increment)
    extra: dict[int, dict] = {}
    for row, old, new in zip(rows, before, after):
        if row.seat in movers:
            extra.setdefault(row.seat, {})["notified"] = False
            if old.out_of_time and not new.out_of_time:
                conn.execute(delete(clock_votes).where(clock_votes.c.table_id == table_id,
                                                       clock_votes.c.target == row.seat))
        if row.away == "skipped" and row.seat not in waiting:
            extra.setdefault(row.seat, {})["away"] = None  # the skipped turn is over: the seat is theirs again
            new.runs = True
        if (pace == "turn-based" and row.seat in waiting and old.since is None and row.away is None
                and row.player_id and not row.notified):
            enqueue(conn, row.player_id, "turn", table_id, now, delay=TURN_NOTICE_DELAY)
            extra.setdefault(row.seat, {})["notified"] = True
    _store(conn, table_id, rows, before, after, extra)


def resume(conn: Connection, table_id: str, seat: int, now: datetime) -> None:
    """A person takes their seat back from the bot: their clock runs again from now if the table waits
    for them (what it had left when the bot took over)."""
    rows, before = _seat_clocks(conn, table_id)
    after = [SeatClock(c.seat, c.left, now if c.seat == seat and c.since is not None else c.since, c.runs,
                       c.out_of_time) for c in before]
    _store(conn, table_id, rows, before, after)


# ---------------------------------------------------------------------- the sweep
def due_tables(conn: Connection, now: datetime, limit: int = 500) -> list[str]:
    """Tables in play with a deadline passed (the index on next_deadline: a waiting table costs nothing)."""
    return [r.id for r in conn.execute(select(tables.c.id).where(tables.c.next_deadline <= now,
                                                                tables.c.status == "playing")
                                       .order_by(tables.c.next_deadline).limit(limit))]


def sweep_lock(conn: Connection) -> bool:
    """One clock sweep at a time across processes (PostgreSQL: a transaction-scoped advisory lock,
    not waited for: another process is sweeping). SQLite has one writer at a time anyway."""
    if conn.dialect.name != "postgresql":
        return True
    return bool(conn.execute(text("SELECT pg_try_advisory_xact_lock(hashtext('cryptarena-clocks:' || "
                                  "current_schema()))")).scalar())


def time_out(conn: Connection, table_id: str, now: datetime) -> list[tuple[int, str]]:
    """The people at this table whose deadline has passed: (seat, "timeout") for those a bot now
    plays for, (seat, "out_of_time") for those the others may now vote on. The table's row is locked
    first, so a move stored meanwhile is either before (their deadline moved) or after this."""
    table = conn.execute(update(tables).where(tables.c.id == table_id, tables.c.status == "playing")
                         .values(next_deadline=tables.c.next_deadline)
                         .returning(tables.c.on_timeout)).first()
    if table is None:
        return []
    rows, before = _seat_clocks(conn, table_id)
    expiring = {c.seat for c in before if c.deadline() is not None and c.deadline() <= now}
    electorate = [c.seat for c in before if c.runs and not c.out_of_time and c.seat not in expiring]
    after, extra, outcome = [], {}, []
    for clock in before:
        new = SeatClock(clock.seat, clock.left, clock.since, clock.runs, clock.out_of_time)
        if clock.seat in expiring:
            new.left, new.since = 0.0, now
            if table.on_timeout == "vote" and electorate:
                new.out_of_time = True
                outcome.append((clock.seat, "out_of_time"))
            else:
                new.runs = False
                extra[clock.seat] = {"away": "timeout", "stood_in": True}
                outcome.append((clock.seat, "timeout"))
        after.append(new)
    _store(conn, table_id, rows, before, after, extra)
    return outcome


def voters_of(rows) -> list[int]:
    """Who may vote on a person out of time: the other people at the table, playing their own seat and
    not out of time themselves."""
    return [r.seat for r in rows if r.kind == "human" and r.away is None and not r.out_of_time]


class VoteRefused(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def vote(conn: Connection, table_id: str, voter: int, target: int, choice: str, now: datetime) -> str | None:
    """`voter` votes to skip or expel `target`, who is out of time; returns the choice a majority has
    now reached ("skip" or "expel", done in this transaction) or None. VoteRefused names why not."""
    if choice not in ("skip", "expel"):
        raise VoteRefused("bad_vote", f"a vote is skip or expel, not {choice!r}")
    conn.execute(update(tables).where(tables.c.id == table_id).values(next_deadline=tables.c.next_deadline))
    rows = {r.seat: r for r in conn.execute(select(seats).where(seats.c.table_id == table_id))}
    person = rows.get(target)
    if person is None or person.kind != "human" or person.away is not None or not person.out_of_time:
        raise VoteRefused("no_vote", f"seat {target} is not out of time: there is nothing to vote on")
    electorate = [seat for seat in voters_of(rows.values()) if seat != target]
    if voter not in electorate:
        raise VoteRefused("bad_vote", "only the other people playing at the table vote on a person out of time")
    conn.execute(delete(clock_votes).where(clock_votes.c.table_id == table_id, clock_votes.c.target == target,
                                           clock_votes.c.voter == voter))
    conn.execute(clock_votes.insert().values(table_id=table_id, target=target, voter=voter, choice=choice, at=now))
    ballots = conn.execute(select(clock_votes.c.voter, clock_votes.c.choice)
                           .where(clock_votes.c.table_id == table_id, clock_votes.c.target == target)).all()
    count = sum(1 for b in ballots if b.choice == choice and b.voter in electorate)
    if count * 2 <= len(electorate):
        return None
    conn.execute(delete(clock_votes).where(clock_votes.c.table_id == table_id, clock_votes.c.target == target))
    conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == target)
                 .values(away="skipped" if choice == "skip" else "expelled", out_of_time=False, stood_in=True,
                         deadline=None))
    return choice


def ballots(conn: Connection, table_id: str) -> list[dict]:
    """The votes running at a table: per person out of time, who voted what and how many make a majority."""
    rows = conn.execute(select(seats).where(seats.c.table_id == table_id)).all()
    out = []
    for row in rows:
        if row.kind == "human" and row.away is None and row.out_of_time:
            electorate = [seat for seat in voters_of(rows) if seat != row.seat]
            cast = conn.execute(select(clock_votes.c.voter, clock_votes.c.choice)
                                .where(clock_votes.c.table_id == table_id, clock_votes.c.target == row.seat)).all()
            out.append({"target": row.seat, "voters": electorate, "needed": len(electorate) // 2 + 1,
                        "skip": sorted(b.voter for b in cast if b.choice == "skip" and b.voter in electorate),
                        "expel": sorted(b.voter for b in cast if b.choice == "expel" and b.voter in electorate)})
    return out
