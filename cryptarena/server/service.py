"""Tables at play: validate with the engine, store with the version check, then broadcast; bots.

Every action — a person's over the socket or a bot's — takes the same path: load the stored state,
refuse if the client saw an older version, `apply` (the engine refuses illegal actions and changes
nothing), `store.append` (the database refuses a second writer at the same version), and only then
publish the new version to every socket of the table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict

from .. import games
from ..ai.agents import agent_names, make_agent
from ..engine import IllegalAction, Rng, derive_seed
from .bus import LocalBus
from .metrics import ArenaMetrics, timed
from .protocol import ProtocolError
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
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent} for s in record.seats],
            "teams": seat_teams(record), "invite_url": table_page(record)}


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


class TableService:
    def __init__(self, store: Store, bus: LocalBus | None = None, *, bot_delay: float = 0.4,
                 metrics: ArenaMetrics | None = None):
        self.store = store
        self.metrics = metrics or ArenaMetrics(store)
        self.bus = bus or LocalBus()
        self.bot_delay = bot_delay
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._bots: dict[str, asyncio.Task] = {}
        self._cache: dict[str, tuple[int, object]] = {}  # table -> (version, state)

    # ------------------------------------------------------------------ reading
    async def record(self, table_id: str) -> TableRecord:
        return await asyncio.to_thread(self.store.get_table, table_id)

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

    async def payload(self, table_id: str, seat: int | None) -> dict:
        record = await self.record(table_id)
        state, version = await self.state(table_id, record)
        data = {"type": "state", "table": table_json(record), "version": version, "seat": seat,
                "view": state.view(seat), "log": state.log_for(seat),
                "legal": state.legal_actions(seat) if seat is not None and record.status == "playing" else [],
                "to_act": state.to_act(), "over": state.is_over()}
        if state.is_over():
            data["scores"], data["winners"] = state.scores(), state.winners()
        return data

    # ------------------------------------------------------------------ lobby
    async def create(self, game_id: str, players: int, options: dict, seed: int | None,
                     names: list[str | None] | None = None) -> TableRecord:
        game = games.load(game_id)
        game.check_table(players, options)  # bad players or options are named before the seats are laid
        rows = seat_records(game, players, options, names)
        return await asyncio.to_thread(self.store.create_table, game_id, players, seed=seed, options=options,
                                       seat_kinds=rows)

    async def take_seat(self, table_id: str, seat: int, kind: str, name: str | None, agent: str | None):
        record = await self.record(table_id)
        if 0 <= seat < len(record.seats) and record.seats[seat].kind == TABLE_SEAT:
            raise TableSeat(seat, record.seats[seat].name)
        if record.status != "open":
            raise StoreError("the game has started: seats can no longer change")
        if kind == "bot":
            names = agent_names(games.load(record.game_id))
            agent = agent or ("greedy" if "greedy" in names else "random")
            if agent not in names:
                raise StoreError(f"unknown agent {agent!r}; choose from {', '.join(names)}")
        token = await asyncio.to_thread(self.store.take_seat, table_id, seat, kind=kind, name=name, agent=agent)
        await self.bus.publish(table_id, {"kind": "seats"})
        return token

    async def start(self, table_id: str) -> TableRecord:
        record = await self.record(table_id)
        if record.status != "open":
            raise StoreError("the table has already started")
        empty = [s.seat for s in record.seats if s.kind == "empty"]
        if empty:
            raise StoreError(f"seats {', '.join(map(str, empty))} are still empty: invite a friend or add bots")
        await asyncio.to_thread(self.store.set_status, table_id, "playing")
        await self.bus.publish(table_id, {"kind": "started"})
        self.wake_bots(table_id)
        return await self.record(table_id)

    async def rematch(self, table_id: str) -> TableRecord:
        old = await self.record(table_id)
        names = [s.name if s.kind == TABLE_SEAT else None for s in old.seats]
        new = await self.create(old.game_id, old.players, old.options, None, names)
        for seat in old.seats:
            if seat.kind == "bot":
                await asyncio.to_thread(self.store.take_seat, new.id, seat.seat, kind="bot", agent=seat.agent)
        await self.bus.publish(table_id, {"kind": "rematch", "table": new.id})
        return await self.record(new.id)

    # ------------------------------------------------------------------ playing
    async def act(self, table_id: str, seat: int, action: dict, version: int) -> int:
        received = time.perf_counter()  # operations: latency from here to the new state published
        async with self._locks[table_id]:
            record = await self.record(table_id)
            if record.status == "open":
                raise ProtocolError("not_started", "the table has not started yet", ref="act")
            state, current = await self.state(table_id, record)
            if version != current:
                raise ProtocolError("version_conflict", f"the table is at version {current}, not {version}",
                                    ref="act")
            try:
                state.apply(seat, action)
            except IllegalAction as exc:
                self._cache.pop(table_id, None)
                raise ProtocolError(exc.code, exc.reason, ref="act") from None
            try:
                new_version = await asyncio.to_thread(self.store.append, table_id, current,
                                                      state.history[-1], state)
            except VersionConflict as exc:
                self._cache.pop(table_id, None)
                raise ProtocolError("version_conflict", str(exc), ref="act") from None
            self._cache[table_id] = (new_version, state)
        await self.bus.publish(table_id, {"kind": "moved", "version": new_version})
        self._count_action(record, seat, new_version, time.perf_counter() - received)
        self.wake_bots(table_id)
        return new_version

    def _count_action(self, record: TableRecord, seat: int, version: int, seconds: float) -> None:
        """Operations: the action counter, the latency histogram and one log line per stored action."""
        source = "bot" if record.seats[seat].kind == "bot" else "human"
        self.metrics.action_published(record.game_id, source, seconds)
        log.info("act", extra={"event": "act", "table_id": record.id, "seat": seat, "game": record.game_id,
                               "version": version, "source": source, "latency_ms": round(seconds * 1000, 3)})

    def wake_bots(self, table_id: str) -> None:
        task = self._bots.get(table_id)
        if task is None or task.done():
            self._bots[table_id] = asyncio.get_running_loop().create_task(self._drive_bots(table_id))

    async def _drive_bots(self, table_id: str) -> None:
        """Play the bot seats while it is a bot's turn; people's moves wake this again."""
        try:
            while True:
                record = await self.record(table_id)
                if record.status != "playing":
                    return
                state, version = await self.state(table_id, record)
                bots = {s.seat: s.agent for s in record.seats if s.kind == "bot"}
                turn = [seat for seat in state.to_act() if seat in bots]
                if not turn:
                    return
                seat = turn[0]
                await asyncio.sleep(self.bot_delay)
                game = games.load(record.game_id)
                agent = make_agent(bots[seat], game)
                rng = Rng(derive_seed(record.seed, "bot", seat, version))
                view, legal = state.view(seat), state.legal_actions(seat)
                action, think = await asyncio.to_thread(timed, agent.act, view, legal, rng)
                try:
                    await self.act(table_id, seat, action, version)
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

    async def resume_all(self) -> None:
        """After a restart: bots of tables still in play pick up where they were."""
        for record in await asyncio.to_thread(self.store.list_tables, "playing", 10_000):
            self.wake_bots(record.id)

    async def shutdown(self) -> None:
        for task in self._bots.values():
            task.cancel()
        await asyncio.gather(*self._bots.values(), return_exceptions=True)


__all__ = ["TABLE_SEAT", "TableService", "table_json", "seat_records", "seat_teams", "team_mates", "SeatRecord"]
