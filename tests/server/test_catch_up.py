"""A move stored by another server process that never told anyone (it died between storing and
publishing, or Redis was away): the next sweep of this process finds it, sends its sockets the new
state and wakes the table's bots."""

from __future__ import annotations

import asyncio

from cryptarena.server.bus import LocalBus
from cryptarena.server.service import TableService
from cryptarena.server.store import Store


def test_a_move_nobody_published_is_caught_up_by_the_sweep(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.db'}"

    async def scenario():
        store, elsewhere = Store(url), Store(url)  # this process, and one that dies after storing
        service = TableService(store, LocalBus(), bot_delay=0)
        table = store.create_table("quartz", 3, seed=2)
        for seat in range(3):
            store.take_seat(table.id, seat, kind="human", name=f"P{seat}")
        store.set_status(table.id, "playing")
        socket = service.bus.subscribe(table.id)
        await service.payload(table.id, 0)  # this process now knows the table at version 0
        assert await service.catch_up() == [] and socket.empty()

        state, version = elsewhere.load_state(table.id)
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        elsewhere.append(table.id, version, state.history[-1], state)  # stored, never published

        assert await service.catch_up() == [table.id]
        assert socket.get_nowait() == {"kind": "moved", "version": 1}
        assert (await service.payload(table.id, 0))["version"] == 1
        assert await service.catch_up() == [] and socket.empty()  # once caught up, quiet
        await service.shutdown()
        store.close()
        elsewhere.close()

    asyncio.run(scenario())
