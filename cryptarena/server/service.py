"""Tables at play: validate with the engine, store with the version check, then broadcast; bots.

Every action — a person's over the socket or a bot's — takes the same path: load the stored state,
refuse if the client saw an older version, `apply` (the engine refuses illegal actions and changes
nothing), store it (the database refuses a second writer at the same version; commits.py stores the
moves of many tables in one transaction), and only then publish the new version to every socket of
the table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import datetime, timedelta

from .. import games
from ..ai.agents import agent_names, decide, make_agent
from ..engine import IllegalAction, Rng, derive_seed
from . import clocks
from .bot_pool import BotPool
from .bus import LocalBus
from .clocks import TableClock
from .commits import GroupCommit
from .hints import offers_hints
from .lessons import guide, play_lesson_move
from .metrics import ArenaMetrics
from .protocol import ProtocolError
from .records import rate_pending
from .store import SeatRecord, Store, StoreError, TableRecord, TableSeat, UnknownTable, VersionConflict

log = logging.getLogger("cryptarena.server")

# A seat played from another seat's device: a person at a physical table whose moves the table's one
# device enters (game.device_seats). It counts as filled, no bot drives it and nobody can take it.
TABLE_SEAT = "table"


def seat_records(game, players: int, options: dict, names: list[str | None] | None) -> list[SeatRecord]:
    """The seats of a new table: device seats empty (to be taken), the others "table" seats with a
    display name (given, else "Player N", counting from 1). Raises OptionError before anything is stored."""
    if names is not None and len(names) != players:
        raise games.OptionError(f"names must give one name per seat: {players} names, not {len(names)}",
                                code="bad_names")
    names = [(n or "").strip() or None for n in names] if names is not None else [None] * players
    devices = set(game.device_seats(players, options))
    return [SeatRecord(seat, "empty", names[seat]) if seat in devices
            else SeatRecord(seat, TABLE_SEAT, names[seat] or f"Player {seat + 1}") for seat in range(players)]


def table_json(record: TableRecord) -> dict:
    return {"id": record.id, "game": record.game_id, "players": record.players, "options": record.options,
            "status": record.status, "version": record.version,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent, "away": s.away}
                      for s in record.seats],
            "teams": seat_teams(record), "invite_url": table_page(record), "pace": record.clock.pace,
            "clock": record.clock.to_json(), "rated": record.rated, "spectators": record.spectators,
            "tutorial": record.tutorial, "hints": offers_hints(record)}


def clocks_json(record: TableRecord, now: datetime) -> list[dict] | None:
    """Each person's clock as of `now`: seconds left, whether it runs (the table waits for them), and
    whether they are out of time (the others may vote). None at a table without a clock."""
    if record.clock.reserve is None:
        return None
    return [{"seat": s.seat, "left": round(s.clock.left_at(now), 3) if s.clock.left is not None else None,
             "running": s.clock.deadline() is not None, "out_of_time": s.clock.out_of_time}
            for s in record.seats if s.clock is not None]


def seat_teams(record: TableRecord) -> list[str] | None:
    """Each seat's team (the game's `seat_teams` hook), or None in a game without teams. Public: the
    table page uses it for the team chat toggle, the server to deliver team lines."""
    try:
        game = games.load(record.game_id)
    except games.UnknownGame:
        return None
    return game.seat_teams(record.players, record.options)


def team_mates(record: TableRecord, seat: int | None) -> list[int] | None:
    """The seats on `seat`'s team (itself included); None when there are no teams or no seat."""
    teams = seat_teams(record)
    if teams is None or seat is None:
        return None
    return [other for other, team in enumerate(teams) if team == teams[seat]]


def table_page(record: TableRecord) -> str:
    """Where a table is played: a table whose other seats are people at a physical table is run
    from one device, on the companion page; any other on the table page."""
    if any(s.kind == TABLE_SEAT for s in record.seats):
        return f"/companion/{record.id}"
    return f"/table/{record.id}"


def default_agent(game) -> str:
    """The bot a table gets when nobody names one (and the one that plays for a person who left)."""
    return "medium"


def bot_decision(game_id: str, agent_name: str, state, seat: int, seed: int, think_seconds: float | None):
    """One bot decision, timed: (action, seconds). Runs in a worker thread, or for a search bot in a
    worker process (then `state` arrives as its save). The agent gets the seat's view and legal
    actions, and a search bot worlds re-drawn from that view (ai.agents.decide), never the state."""
    start = time.perf_counter()
    game = games.load(game_id)
    if isinstance(state, dict):
        state = game.from_json(state)
    agent = make_agent(agent_name, game, think_seconds=think_seconds)
    action = decide(agent, state, seat, Rng(seed), game.seat_teams(state.players, state.options))
    return action, time.perf_counter() - start


def bot_seats(record: TableRecord) -> dict[int, str]:
    """Seat -> agent for every seat a bot plays now: bot seats, and people a bot stands in for."""
    stand_in = default_agent(games.load(record.game_id)) if any(s.away for s in record.seats) else None
    return {s.seat: s.agent if s.kind == "bot" else stand_in for s in record.seats
            if s.kind == "bot" or (s.kind == "human" and s.away)}


class TableService:
    """`grace`: seconds a person may be without an open socket at a table in play before a bot plays
    for them (docs/protocol.md, "Leavers and clocks")."""

    def __init__(self, store: Store, bus: LocalBus | None = None, *, bot_delay: float = 0.4,
                 metrics: ArenaMetrics | None = None, grace: float = 60.0, bot_think: float = 2.0,
                 bot_processes: int = 1):
        self.store = store
        # Search bots (hard) think in worker processes, at most `bot_think` seconds a decision, so a
        # table of them never holds the event loop or the interpreter lock other tables need.
        self.pool = BotPool(bot_processes, bot_think)
        self.metrics = metrics or ArenaMetrics(store)
        self.commits = GroupCommit(store, on_commit=self.metrics.committed)  # moves of many tables, one transaction
        self.bus = bus or LocalBus()
        self.bot_delay = bot_delay
        self.grace = grace
        self._present: Counter[tuple[str, int]] = Counter()  # (table, seat) -> sockets open on this process
        self._watcher: asyncio.Task | None = None
        # The table rows last read, until the table's next event: every change to a table (a move, a
        # seat, its status, a stand-in) is published, so an event is when a row goes stale.
        self._records: dict[str, TableRecord] = {}
        self._fetching: dict[str, asyncio.Future] = {}  # one read of a table's row at a time, shared
        self._changes: Counter[str] = Counter()  # events seen per table: a read that raced one is not kept
        self._reading: Counter[str] = Counter()  # reads of a table's row under way (only they need _changes)
        self._epoch = 0  # bumped when every table is forgotten at once
        self._heard: Counter[str] = Counter()  # the latest version this process's sockets were told of
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._bots: dict[str, asyncio.Task] = {}
        self._wakes: Counter[str] = Counter()  # wake_bots calls per table: a driver about to stop looks again
        self._cache: dict[str, tuple[int, object]] = {}  # table -> (version, state)
        self.bus.listeners.append(self._table_changed)

    def forget(self, table_id: str) -> None:
        """Read the table from the store next time: a client reconnecting may come from a process that
        died between storing a move and telling the others."""
        self._table_changed(table_id)

    def _table_changed(self, table_id: str | None, event: dict | None = None) -> None:
        """A table changed (its event came, or this process changed it): forget its row. A move this
        process stored is already in the row it keeps (see `act`), so its own event leaves it be."""
        if table_id is None:  # the bus may have missed events: forget every table
            self._records.clear()
            self._fetching.clear()
            self._epoch += 1
            return
        cached = self._records.get(table_id)
        if event and event.get("kind") == "moved":
            if self.bus.watching(table_id):  # (catch_up asks only about tables watched here)
                self._heard[table_id] = max(self._heard[table_id], event["version"])
            if cached is not None and cached.version >= event["version"]:
                return
            if cached is not None and self._follow(table_id, cached, event):
                return
        self._records.pop(table_id, None)
        self._fetching.pop(table_id, None)
        self._changed(table_id)

    def _changed(self, table_id: str) -> None:
        """A read of the table's row under way now began before this change: it is not to be kept.
        Counted only while one is under way, so a table this process does not read costs nothing here."""
        if table_id in self._reading:
            self._changes[table_id] += 1

    def release(self, table_id: str) -> None:
        """Let go of all this process holds of a table that nobody here needs now — no socket of this
        process on it, no bot driving it, no read or move under way: its state, its row, its lock and
        counters. A table waiting days for a person then costs this process nothing; whoever comes
        next reads it from the store (a few milliseconds, once)."""
        driver, lock = self._bots.get(table_id), self._locks.get(table_id)
        if (self.bus.watching(table_id) or table_id in self._reading or table_id in self._fetching
                or (driver is not None and not driver.done() and driver is not asyncio.current_task())
                or (lock is not None and lock.locked())):
            return
        for held in (self._records, self._cache, self._heard, self._changes, self._wakes, self._bots, self._locks):
            held.pop(table_id, None)

    def _follow(self, table_id: str, cached: TableRecord, event: dict) -> bool:
        """Another process moved a table this one holds at the version before: play the same moves on
        the state held here (the engine is deterministic, so it becomes the stored state) instead of
        reading and parsing the row and its snapshot again. False where anything does not line up."""
        held = self._cache.get(table_id)
        entries, start = event.get("entries"), event.get("from")
        if entries is None or start is None or cached.version != start or held is None or held[0] != start:
            return False
        if cached.clock.reserve is not None:  # the seats' clocks moved too: the row must be read again
            return False
        state = held[1]
        try:
            for step in entries:
                state.replay_step(step)
        except Exception:  # noqa: BLE001 - whatever went wrong, the store has the truth: read it
            self._cache.pop(table_id, None)
            return False
        if len(state.history) != event["version"]:
            self._cache.pop(table_id, None)
            return False
        self._cache[table_id] = (event["version"], state)
        self._records[table_id] = replace(cached, version=event["version"], status=event["status"],
                                          moved_at=datetime.fromisoformat(event["moved_at"]))
        self._changed(table_id)  # a read of the row begun before this event is not kept
        return True

    # ------------------------------------------------------------------ reading
    async def record(self, table_id: str, *, at_least: int = 0) -> TableRecord:
        """The table's row: as last read while no event of the table came since, else from the store.
        `at_least`: a version the caller knows the table has reached (read again if the row is older)."""
        cached = self._records.get(table_id)
        if cached is not None and cached.version >= at_least:
            return cached
        pending = self._fetching.get(table_id)
        if pending is None:  # the sockets of a table that just moved all ask at once: one read for all
            pending = self._fetching[table_id] = asyncio.ensure_future(self._fetch(table_id))
        record = await asyncio.shield(pending)
        if record.version < at_least:  # a read begun before that version was stored
            record = await self._fetch(table_id)
        return record

    async def _fetch(self, table_id: str) -> TableRecord:
        self._reading[table_id] += 1
        seen = (self._changes[table_id], self._epoch)
        try:
            record = await asyncio.to_thread(self.store.get_table, table_id)
        finally:
            if self._fetching.get(table_id) is asyncio.current_task():
                del self._fetching[table_id]
            fresh = (self._changes[table_id], self._epoch) == seen  # no event of the table came meanwhile
            self._reading[table_id] -= 1
            if not self._reading[table_id]:
                del self._reading[table_id]
                self._changes.pop(table_id, None)
        if fresh:
            self._records[table_id] = record
        return record

    async def state(self, table_id: str, record: TableRecord | None = None):
        """(state, version): the cached state while the stored version has not moved (another
        server process may have moved it), else loaded from the store."""
        record = record or await self.record(table_id)
        cached = self._cache.get(table_id)
        if cached and cached[0] == record.version:
            return cached[1], cached[0]
        state, version = await asyncio.to_thread(self.store.load_state, table_id)
        self._cache[table_id] = (version, state)
        return state, version

    async def payload(self, table_id: str, seat: int | None, *, at_least: int = 0, log_from: int = 0) -> dict:
        """What one socket is sent: the table as `seat` sees it. `log_from`: the log entries the
        socket already has (the message carries the rest, from `log_start`)."""
        record = await self.record(table_id, at_least=at_least)
        state, version = await self.state(table_id, record)
        playing_it = seat is not None and record.status == "playing" and not record.seats[seat].away
        log_start = log_from if log_from <= len(state.log) else 0
        data = {"type": "state", "table": table_json(record), "version": version, "seat": seat,
                "view": state.view(seat), "log_start": log_start, "log": state.log_for(seat, log_start),
                "legal": state.legal_actions(seat) if playing_it else [],
                "to_act": state.to_act(), "over": state.is_over()}
        if record.clock.reserve is not None and record.status == "playing":
            data["clocks"] = clocks_json(record, self.store.now())
            if any(s.clock is not None and s.clock.out_of_time and not s.away for s in record.seats):
                data["votes"] = await asyncio.to_thread(self.store.ballots, table_id)
        if state.is_over():
            data["scores"], data["winners"] = state.scores(), state.winners()
        if record.tutorial:
            data["tutorial"] = guide(record, state, seat)
        return data

    # ------------------------------------------------------------------ lobby
    async def create(self, game_id: str, players: int, options: dict, seed: int | None,
                     names: list[str | None] | None = None, clock: TableClock | None = None, *,
                     rated: bool = True, spectators: bool = True) -> TableRecord:
        game = games.load(game_id)
        game.check_table(players, options)  # bad players or options are named before the seats are laid
        rows = seat_records(game, players, options, names)
        if clock is not None and clock.pace != "live" and any(r.kind == TABLE_SEAT for r in rows):
            raise clocks.ClockError("bad_pace", "a table played from one device at a physical table is played "
                                    "live: choose pace live")
        return await asyncio.to_thread(self.store.create_table, game_id, players, seed=seed, options=options,
                                       seat_kinds=rows, clock=clock, rated=rated, spectators=spectators)

    async def take_seat(self, table_id: str, seat: int, kind: str, name: str | None, agent: str | None,
                        player_id: str | None = None):
        record = await self.record(table_id)
        if not 0 <= seat < record.players:
            raise StoreError(f"seat {seat} does not exist at this table (seats 0..{record.players - 1})")
        if record.seats[seat].kind == TABLE_SEAT:
            raise TableSeat(seat, record.seats[seat].name)
        if record.status != "open":
            raise StoreError("the game has started: seats can no longer change")
        if kind == "bot":
            game = games.load(record.game_id)
            names = agent_names(game)
            agent = agent or default_agent(game)
            if agent not in names:
                raise StoreError(f"unknown agent {agent!r}; choose from {', '.join(names)}")
        token = await asyncio.to_thread(self.store.take_seat, table_id, seat, kind=kind, name=name, agent=agent,
                                        player_id=player_id)
        self._table_changed(table_id)
        await self.bus.publish(table_id, {"kind": "seats"})
        return token

    async def start(self, table_id: str) -> TableRecord:
        record = await self.record(table_id)
        if record.status != "open":
            raise StoreError("the table has already started")
        empty = [s.seat for s in record.seats if s.kind == "empty"]
        if empty:
            raise StoreError(f"seats {', '.join(map(str, empty))} are still empty: invite a friend or add bots")
        try:
            await asyncio.to_thread(self.store.start_table, table_id)  # clocks and the grace period start now
        finally:
            self._table_changed(table_id)
        await self.bus.publish(table_id, {"kind": "started"})
        self.wake_bots(table_id)
        return await self.record(table_id)

    async def rematch(self, table_id: str) -> TableRecord:
        old = await self.record(table_id)
        names = [s.name if s.kind == TABLE_SEAT else None for s in old.seats]
        new = await self.create(old.game_id, old.players, old.options, None, names, old.clock,
                                rated=old.rated, spectators=old.spectators)
        for seat in old.seats:
            if seat.kind == "bot":
                await asyncio.to_thread(self.store.take_seat, new.id, seat.seat, kind="bot", agent=seat.agent)
        await self.bus.publish(table_id, {"kind": "rematch", "table": new.id})
        return await self.record(new.id)

    # ------------------------------------------------------------------ playing
    async def act(self, table_id: str, seat: int, action: dict, version: int, *, by_bot: bool = False) -> int:
        return await self.act_many(table_id, seat, [action], version, by_bot=by_bot)

    async def act_many(self, table_id: str, seat: int, actions: list[dict], version: int, *,
                       by_bot: bool = False) -> int:
        """Play `actions` in order for `seat`, all or nothing: the first one refused leaves the table
        as it was and its reason names it (a deck of 40 cards sent at once, built in small steps)."""
        received = time.perf_counter()  # operations: latency from here to the new state published
        async with self._locks[table_id]:
            record = await self.record(table_id)
            if record.status == "open":
                raise ProtocolError("not_started", "the table has not started yet", ref="act")
            if not by_bot and record.seats[seat].away == "expelled":
                raise ProtocolError("expelled", "the table voted you out: a bot plays your seat to the end",
                                    ref="act")
            if not by_bot and record.seats[seat].away:
                raise ProtocolError("replaced", "a bot is playing for you: send take_back to play your seat again",
                                    ref="act")
            state, current = await self.state(table_id, record)
            if version != current:
                raise ProtocolError("version_conflict", f"the table is at version {current}, not {version}",
                                    ref="act")
            # The cached state is changed in place: out of the cache until the store has taken the move,
            # so that nobody reading the table meanwhile sees a move the database may still refuse.
            self._cache.pop(table_id, None)
            if len(actions) > 1 or record.tutorial:
                state = state.clone()  # a refusal halfway must leave nothing of the first ones
            before = len(state.history)
            if record.tutorial:  # the lesson's asked move, then its scripted steps up to the next one
                play_lesson_move(record, state, seat, actions)
            else:
                for i, action in enumerate(actions):
                    try:
                        state.apply(seat, action)
                    except IllegalAction as exc:
                        if len(actions) == 1:
                            raise ProtocolError.refusal(exc) from None
                        where = f"action {i + 1} of {len(actions)} ({action.get('type')}): "
                        raise ProtocolError.refusal(exc, where, [i + 1, len(actions)]) from None
            entries = state.history[before:]
            try:
                new_version = await self.commits.append(table_id, current, entries, state,
                                                        record.clock if record.clock.reserve is not None else None)
            except VersionConflict as exc:
                # Another process moved it (its event may never come, if it died): read it again, and
                # let the bots look whether it is their turn now.
                self._table_changed(table_id)
                self.wake_bots(table_id)
                raise ProtocolError("version_conflict", str(exc), ref="act") from None
            # This process knows the row after its own move: keep it (no read of it for every socket);
            # a table with a clock has its seats' clocks changed by the store: read it again.
            self._table_changed(table_id)
            moved = replace(record, version=new_version, moved_at=self.store.now(),
                            status="over" if state.is_over() else "playing")
            if record.clock.reserve is None:
                self._records[table_id] = moved
            self._cache[table_id] = (new_version, state)
        if state.is_over():  # its result was stored with the last move: fold it into the ratings
            await asyncio.to_thread(rate_pending, self.store.engine)
        # The moves ride along, so that other processes holding the table can play them (see _follow)
        await self.bus.publish(table_id, {"kind": "moved", "version": new_version, "from": current,
                                          "entries": entries, "status": moved.status,
                                          "moved_at": moved.moved_at.isoformat()})
        for _ in actions:
            self._count_action(record, seat, new_version, time.perf_counter() - received)
        self.wake_bots(table_id)
        return new_version

    def _count_action(self, record: TableRecord, seat: int, version: int, seconds: float) -> None:
        """Operations: the action counter, the latency histogram and one log line per stored action."""
        source = "bot" if seat in bot_seats(record) else "human"
        self.metrics.action_published(record.game_id, source, seconds)
        log.info("act", extra={"event": "act", "table_id": record.id, "seat": seat, "game": record.game_id,
                               "version": version, "source": source, "latency_ms": round(seconds * 1000, 3)})

    def wake_bots(self, table_id: str) -> None:
        cached = self._records.get(table_id)
        if cached is not None and (cached.status != "playing" or not bot_seats(cached)):
            return  # nothing for a bot to do (an unknown or changed table is looked at by the task)
        self._wakes[table_id] += 1
        task = self._bots.get(table_id)
        if task is None or task.done():
            self._bots[table_id] = asyncio.get_running_loop().create_task(self._drive_bots(table_id))

    async def _drive_bots(self, table_id: str) -> None:
        """Play the bot seats while it is a bot's turn; people's moves wake this again. When it stops,
        the table is let go of unless a socket here still shows it."""
        try:
            while True:
                # A move stored while this driver reads the table wakes it while it still runs: it
                # would not start another, so this one looks again before it stops.
                wakes = self._wakes[table_id]
                record = await self.record(table_id)
                if record.status != "playing":
                    return
                state, version = await self.state(table_id, record)
                bots = bot_seats(record)
                turn = [seat for seat in state.to_act() if seat in bots]
                if not turn:
                    if self._wakes[table_id] != wakes:
                        continue
                    return
                seat = turn[0]
                # The pause lets people follow a bot's own moves; a bot answering a person (a defence
                # turn against their attack) or asked alongside others (an interrupt window) answers at once.
                last = state.history[-1].get("seat") if state.history else None
                if len(state.to_act()) == 1 and last in bots:
                    await asyncio.sleep(self.bot_delay)
                action, think = await self._think(record, bots[seat], state, seat,
                                                  derive_seed(record.seed, "bot", seat, version))
                try:
                    await self.act(table_id, seat, action, version, by_bot=True)
                    self.metrics.bot_move_played(record.game_id, bots[seat], think)
                except ProtocolError as exc:  # someone moved first: look again
                    if exc.code != "version_conflict":
                        log.error("bot %s at table %s chose a refused action: %s", bots[seat], table_id, exc.message,
                                  extra={"event": "error", "table_id": table_id, "seat": seat, "game": record.game_id,
                                         "version": version, "agent": bots[seat], "code": exc.code})
                        return
        except UnknownTable:
            return
        except Exception:  # noqa: BLE001 - a crashed bot task must not take the server down
            log.exception("bot driver for table %s failed", table_id)
        finally:
            self.release(table_id)

    async def _think(self, record: TableRecord, agent_name: str, state, seat: int, seed: int):
        game = games.load(record.game_id)
        if not getattr(make_agent(agent_name, game), "wants_worlds", False):
            return await asyncio.to_thread(bot_decision, record.game_id, agent_name, state, seat, seed, None)
        return await self.pool.run(bot_decision, record.game_id, agent_name, state.to_json(), seat, seed,
                                   self.pool.think)

    async def resume_all(self) -> None:
        """After a restart: bots of tables still in play pick up where they were, and results stored
        by a process that stopped before rating them are rated. Only the tables with a seat a bot
        plays are woken (one query): a table of people waiting for one of them, turn-based over days,
        costs a starting process nothing — no read, no task, no state held."""
        await asyncio.to_thread(rate_pending, self.store.engine)
        for table_id in await asyncio.to_thread(self.store.tables_with_bots):
            self.wake_bots(table_id)

    async def shutdown(self) -> None:
        await self.commits.close()
        tasks = [*self._bots.values(), *([self._watcher] if self._watcher else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.pool.shutdown()

    # ------------------------------------------------------------------ leavers and clocks
    def socket_opened(self, table_id: str, seat: int) -> None:
        self._present[table_id, seat] += 1

    def socket_closed(self, table_id: str, seat: int) -> None:
        self._present[table_id, seat] -= 1
        if self._present[table_id, seat] <= 0:
            del self._present[table_id, seat]

    async def take_back(self, table_id: str, seat: int) -> None:
        """The person plays their own seat again; the bot that stood in for them stops."""
        if not await asyncio.to_thread(self.store.take_back, table_id, seat):
            if (await self.record(table_id)).seats[seat].away == "expelled":
                raise ProtocolError("expelled", "the table voted you out: a bot plays your seat to the end",
                                    ref="take_back")
            raise ProtocolError("not_replaced", "no bot is playing for you: your seat is yours", ref="take_back")
        self._table_changed(table_id)
        log.info("returned", extra={"event": "returned", "table_id": table_id, "seat": seat})
        await self.bus.publish(table_id, {"kind": "returned", "seat": seat})

    def watch_leavers(self) -> None:
        """Start the sweep that lets bots stand in for people gone past the grace period or out of time
        (every server process sweeps; the database lets one of them make each change)."""
        self.loop = asyncio.get_running_loop()  # where the sweep runs (tests run one there at the moment they choose)
        if self._watcher is None or self._watcher.done():
            self._watcher = self.loop.create_task(self._watch())

    async def _watch(self) -> None:
        interval = min(max(self.grace / 4, 0.1), 5.0)
        while True:
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - a failed sweep (database away) must not end the sweeping
                log.exception("leavers sweep failed")
            await asyncio.sleep(interval)

    async def catch_up(self) -> list[str]:
        """Tables watched here that moved without this process hearing of it — a process that died
        between storing a move and publishing it, Redis away — are told to its sockets (which read
        them again) and their bots woken. Returns those tables."""
        stale = []
        for table_id, version in (await asyncio.to_thread(self.store.versions, self.bus.watched())).items():
            if version > self._heard[table_id]:
                self.bus.deliver_here(table_id, {"kind": "moved", "version": version})  # heard from now on
                self.wake_bots(table_id)
                stale.append(table_id)
        return stale

    async def sweep(self) -> list[tuple[str, int, str]]:
        """One pass: catch up with tables moved unheard of, keep this process's present people marked
        seen, then replace the absent and the out-of-time. Returns (table, seat, reason) for each
        person this pass replaced."""
        await self.catch_up()
        now = self.store.now()
        await asyncio.to_thread(self.store.mark_seen, list(self._present))
        replaced = [(table_id, seat, "disconnected") for table_id, seat in
                    await asyncio.to_thread(self.store.replace_absent, now - timedelta(seconds=self.grace))]
        replaced += await asyncio.to_thread(self.store.time_out_due)
        for table_id, seat, reason in replaced:
            self._table_changed(table_id)
            if reason == "out_of_time":  # nobody replaced yet: the others may vote
                log.info("out_of_time", extra={"event": "out_of_time", "table_id": table_id, "seat": seat})
                await self.bus.publish(table_id, {"kind": "out_of_time", "seat": seat})
                continue
            self.metrics.stand_ins.labels(reason=reason).inc()
            log.info("replaced", extra={"event": "replaced", "table_id": table_id, "seat": seat, "reason": reason})
            await self.bus.publish(table_id, {"kind": "replaced", "seat": seat, "reason": reason})
            self.wake_bots(table_id)
        return replaced

    async def vote(self, table_id: str, voter: int, target: int, choice: str) -> str | None:
        """`voter` votes to skip or expel `target`, out of time; the choice carried, if a majority now has it
        (the table hears it as `replaced` with the reason "skipped" or "expelled" and a bot plays)."""
        try:
            carried = await asyncio.to_thread(self.store.vote, table_id, voter, target, choice)
        except clocks.VoteRefused as exc:
            raise ProtocolError(exc.code, exc.message, ref="vote") from None
        self._table_changed(table_id)
        log.info("vote", extra={"event": "vote", "table_id": table_id, "seat": voter, "target": target,
                                "choice": choice, "carried": carried})
        if carried:
            reason = "skipped" if carried == "skip" else "expelled"
            self.metrics.stand_ins.labels(reason=reason).inc()
            await self.bus.publish(table_id, {"kind": "replaced", "seat": target, "reason": reason})
            self.wake_bots(table_id)
        else:
            await self.bus.publish(table_id, {"kind": "voted", "seat": target})
        return carried


__all__ = ["TABLE_SEAT", "TableService", "table_json", "seat_records", "seat_teams", "team_mates", "SeatRecord",
           "bot_seats", "default_agent"]
