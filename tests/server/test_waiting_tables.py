"""A table waiting for a person costs a server process nothing: a process starting up reads only the
tables with a bot to play, a table is let go of (state, row, lock, counters) once the last socket of
the process on it closes and no bot drives it, and the leavers' sweep finds live tables in play
through an index instead of reading every stored seat — with the clock sweep still on its own."""

from __future__ import annotations

import asyncio
import time

from live_server import LiveClient, serving
from sqlalchemy import event, update

from cryptarena.server.app import create_app
from cryptarena.server.bus import LocalBus
from cryptarena.server.clocks import TableClock
from cryptarena.server.schema import seats
from cryptarena.server.service import TableService
from cryptarena.server.store import Store

TURN_BASED = TableClock("turn-based", 3 * 86400, 86400, "vote")


class ReadingStore(Store):
    """The store, noting which tables were read."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.read: list[str] = []

    def get_table(self, table_id):
        self.read.append(table_id)
        return super().get_table(table_id)

    def load_state(self, table_id):
        self.read.append(table_id)
        return super().load_state(table_id)


def started(store: Store, kinds: list[str], *, clock: TableClock | None = None) -> str:
    table = store.create_table("crypt", len(kinds), seed=3, clock=clock)
    for seat, kind in enumerate(kinds):
        store.take_seat(table.id, seat, kind=kind, name=f"P{seat}" if kind == "human" else None,
                        agent="random" if kind == "bot" else None)
    store.start_table(table.id)
    return table.id


def holds(service: TableService, table_id: str) -> list[str]:
    """What the service still keeps of a table, by the name of where it keeps it."""
    kept = {"records": service._records, "cache": service._cache, "locks": service._locks,
            "heard": service._heard, "changes": service._changes, "wakes": service._wakes, "bots": service._bots,
            "reading": service._reading, "fetching": service._fetching}
    return sorted(name for name, held in kept.items() if table_id in held)


def test_a_restart_reads_only_the_tables_with_a_bot_to_play(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    setup = Store(url)
    people = [started(setup, ["human", "human"], clock=TURN_BASED) for _ in range(3)]
    with_bot = started(setup, ["human", "bot"])
    stood_in = started(setup, ["human", "human"])
    with setup.engine.begin() as conn:  # a bot plays for the person who left
        conn.execute(update(seats).where(seats.c.table_id == stood_in, seats.c.seat == 0).values(away="disconnected"))
    setup.close()
    assert sorted(Store(url).tables_with_bots()) == sorted([with_bot, stood_in])

    async def scenario():
        store = ReadingStore(url)
        service = TableService(store, LocalBus(), bot_delay=0)
        await service.resume_all()
        await asyncio.gather(*list(service._bots.values()))
        assert set(store.read) == {with_bot, stood_in}
        for table_id in [*people, with_bot, stood_in]:  # the drivers stopped (a person's turn): nothing kept
            assert holds(service, table_id) == []
        await service.shutdown()
        store.close()

    asyncio.run(scenario())


def test_a_table_is_let_go_of_when_its_last_socket_here_closes(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.db'}"

    async def scenario():
        store = Store(url)
        service = TableService(store, LocalBus(), bot_delay=0)
        table_id = started(store, ["human", "human"], clock=TURN_BASED)
        first, second = service.bus.subscribe(table_id), service.bus.subscribe(table_id)  # two sockets
        state, version = await service.state(table_id)
        seat = state.to_act()[0]
        await service.act(table_id, seat, state.legal_actions(seat)[0], version)
        await asyncio.gather(*list(service._bots.values()))  # the move woke a driver: no bot here, it stops
        await service.payload(table_id, 0)
        service.bus.unsubscribe(table_id, first)
        service.release(table_id)
        assert "cache" in holds(service, table_id)  # the other socket still shows it
        service.bus.unsubscribe(table_id, second)
        service.release(table_id)
        assert holds(service, table_id) == []
        payload = await service.payload(table_id, 0)  # the next visitor reads it back
        assert payload["version"] == version + 1 == store.load_state(table_id)[1]
        await service.shutdown()
        store.close()

    asyncio.run(scenario())


def test_a_move_over_a_socket_leaves_nothing_behind_once_it_closes(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.0, secret_key="test-secret")
    service = app.state.service
    with serving(app) as base_url:
        person = LiveClient(base_url)
        person.post("/api/session", json={"name": "A"})
        table = person.post("/api/tables", json={"game": "crypt", "players": 2, "pace": "turn-based"}).json()["table"]
        tokens = [person.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "human"}).json()["token"]
                  for seat in range(2)]
        person.post(f"/api/tables/{table['id']}/start")
        with person.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            state = ws.receive_json()
            seat = state["to_act"][0]
        with person.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": tokens[seat]})
            state = ws.receive_json()
            ws.send_json({"type": "act", "action": state["legal"][0], "version": state["version"]})
            while not (state["type"] == "state" and state["version"] > 0):
                state = ws.receive_json()
            assert holds(service, table["id"])  # shown on a socket: kept
        deadline = time.monotonic() + 10
        while holds(service, table["id"]) and time.monotonic() < deadline:
            time.sleep(0.02)  # the server ends its side of the socket in its own thread
        assert holds(service, table["id"]) == []


def test_the_leavers_sweep_and_the_clock_sweep_each_use_an_index(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    started(store, ["human", "human"], clock=TURN_BASED)
    ran = []
    event.listen(store.engine, "before_cursor_execute",
                 lambda _c, _k, statement, parameters, *_: ran.append((statement, parameters)))
    store.replace_absent(store.now())
    store.time_out_due()
    plans = {}
    with store.engine.connect() as conn:
        for statement, parameters in ran:
            if statement.lstrip().upper().startswith("SELECT"):
                plan = " | ".join(row[-1] for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters))
                plans["leavers" if "pace" in statement else "clocks" if "next_deadline <=" in statement else statement] = plan
    assert "SEARCH game_tables USING INDEX ix_game_tables_pace_status (pace=? AND status=?)" in plans["leavers"]
    assert "SCAN table_seats" not in plans["leavers"]
    assert "USING INDEX ix_game_tables_next_deadline" in plans["clocks"]
    store.close()


def test_the_lobby_list_is_two_queries_and_the_same_records_as_one_by_one(store):
    made = [started(store, ["human", "bot"]), started(store, ["human", "human"], clock=TURN_BASED),
            store.create_table("quartz", 3, seed=1).id]
    ran = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: ran.append(args[2]))
    listed = {status: store.list_tables(status) for status in ("playing", "open", None)}
    selects = [s for s in ran if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 2 * len(listed)  # the rows, then all their seats: not one query per table
    assert {r.id for r in listed["playing"]} == set(made[:2]) and [r.id for r in listed["open"]] == [made[2]]
    for records in listed.values():
        assert records == [store.get_table(r.id) for r in records]
    assert [r.id for r in listed[None]] == [r.id for r in sorted(listed[None], key=lambda r: r.moved_at, reverse=True)]
