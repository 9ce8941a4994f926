"""A process holding a table follows another process's move by playing the moves that come with the
event, instead of reading the row and its snapshot back; anything that does not line up is read
from the store, which stays the record of truth."""

from __future__ import annotations

import asyncio

from cryptarena.server.bus import LocalBus
from cryptarena.server.service import TableService
from cryptarena.server.store import Store


class CountingStore(Store):
    """The store, counting the reads a follower is meant to spare."""

    reads = 0

    def get_table(self, table_id):
        self.reads += 1
        return super().get_table(table_id)

    def load_state(self, table_id):
        self.reads += 1
        return super().load_state(table_id)


def two_processes(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    bus = LocalBus()  # shared: every event reaches both, as Redis delivers to every process
    here, there = Store(url), CountingStore(url)
    acting, following = TableService(here, bus, bot_delay=0), TableService(there, bus, bot_delay=0)
    table = here.create_table("crypt", 3, seed=4)
    for seat in range(3):
        here.take_seat(table.id, seat, kind="human", name=f"P{seat}")
    here.set_status(table.id, "playing")
    return acting, following, table.id


async def move(service: TableService, table_id: str) -> int:
    state, version = await service.state(table_id)
    seat = state.to_act()[0]
    return await service.act(table_id, seat, state.legal_actions(seat)[-1], version)


def truth(store: Store, table_id: str):
    state, version = Store.load_state(store, table_id)
    return state.to_json(), version


def test_the_other_process_plays_the_move_instead_of_reading_it(tmp_path):
    async def scenario():
        acting, following, table_id = two_processes(tmp_path)
        for seat in range(3):
            await following.payload(table_id, seat)  # it holds the table at version 0
        following.store.reads = 0
        for _ in range(5):
            await move(acting, table_id)
        payloads = [await following.payload(table_id, seat, at_least=5) for seat in range(3)]
        assert following.store.reads == 0
        assert [p["version"] for p in payloads] == [5, 5, 5]
        state, version = await following.state(table_id)
        assert (state.to_json(), version) == truth(following.store, table_id)
        record = await following.record(table_id)
        assert (record.version, record.status) == (5, "playing")

    asyncio.run(scenario())


def test_a_table_held_at_another_version_is_read_again(tmp_path):
    async def scenario():
        acting, following, table_id = two_processes(tmp_path)
        await move(acting, table_id)  # before the follower held it
        await following.payload(table_id, 0)
        following.bus.listeners.remove(following._table_changed)  # it misses the next event...
        await move(acting, table_id)
        following.bus.listeners.append(following._table_changed)
        await move(acting, table_id)  # ...so this one does not start where it stands: read again
        following.store.reads = 0
        payload = await following.payload(table_id, 0, at_least=3)
        assert payload["version"] == 3 and following.store.reads >= 1
        state, version = await following.state(table_id)
        assert (state.to_json(), version) == truth(following.store, table_id)

    asyncio.run(scenario())


def test_moves_that_do_not_play_are_read_from_the_store(tmp_path):
    async def scenario():
        acting, following, table_id = two_processes(tmp_path)
        await following.payload(table_id, 0)
        version = await move(acting, table_id)  # a real move, stored; then a bogus event about it
        following._records.pop(table_id)
        await following.payload(table_id, 0)
        following.bus.deliver_here(table_id, {"kind": "moved", "version": version + 1, "from": version,
                                              "entries": [{"seat": 0, "action": {"type": "no such action"}}],
                                              "status": "playing", "moved_at": "2026-01-01T00:00:00+00:00"})
        following.store.reads = 0
        state, stored = await following.state(table_id)
        assert following.store.reads >= 1
        assert (state.to_json(), stored) == truth(following.store, table_id)

    asyncio.run(scenario())
