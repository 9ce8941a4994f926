"""The table event buses: LocalBus (one process) and RedisBus (several, through a real Redis)."""

from __future__ import annotations

import asyncio
import secrets

import pytest
from two_processes import redis_or_skip

from cryptarena.server.bus import RESYNC, LocalBus, RedisBus


def test_local_bus_delivers_to_the_table_subscribers_only():
    async def scenario():
        bus = LocalBus()
        await bus.start()
        mine, other = bus.subscribe("t1"), bus.subscribe("t2")
        await bus.publish("t1", {"kind": "moved", "version": 1})
        assert mine.get_nowait() == {"kind": "moved", "version": 1}
        assert other.empty()
        bus.unsubscribe("t1", mine)
        await bus.publish("t1", {"kind": "moved", "version": 2})
        assert mine.empty()
        await bus.close()

    asyncio.run(scenario())


def test_redis_bus_fans_out_between_processes_in_order():
    url = redis_or_skip()
    table = "bus-" + secrets.token_hex(4)

    async def scenario():
        first, second = RedisBus(url), RedisBus(url)
        await first.start()
        await second.start()
        try:
            here, there = first.subscribe(table), second.subscribe(table)
            elsewhere = second.subscribe(table + "-other")
            for version in range(1, 101):
                await first.publish(table, {"kind": "moved", "version": version})
            for queue in (here, there):  # the publisher's own sockets hear it through Redis too
                got = [await asyncio.wait_for(queue.get(), 5) for _ in range(100)]
                assert [event["version"] for event in got] == list(range(1, 101))
            assert elsewhere.empty()
        finally:
            await first.close()
            await second.close()

    asyncio.run(scenario())


def test_redis_bus_pipelines_the_events_published_at_once_and_keeps_their_order():
    url = redis_or_skip()
    tables = ["pipe-" + secrets.token_hex(4) for _ in range(5)]

    async def scenario():
        first, second = RedisBus(url), RedisBus(url)
        await first.start()
        await second.start()
        try:
            queues = {table: second.subscribe(table) for table in tables}
            # 40 moves of 5 tables published by concurrent tasks, as a busy process does
            await asyncio.gather(*(first.publish(table, {"kind": "moved", "version": version})
                                   for version in range(1, 41) for table in tables))
            assert 1 <= first.batches < 20  # round trips shared, not one an event
            for table, queue in queues.items():
                got = [await asyncio.wait_for(queue.get(), 5) for _ in range(40)]
                assert [event["version"] for event in got] == list(range(1, 41)), table
            with pytest.raises(TypeError):  # an event that cannot be sent is its publisher's error
                await first.publish(tables[0], {"kind": "moved", "version": {1, 2}})
            await first.publish(tables[0], {"kind": "moved", "version": 41})  # and the bus goes on
            assert (await asyncio.wait_for(queues[tables[0]].get(), 5))["version"] == 41
        finally:
            await first.close()
            await second.close()

    asyncio.run(scenario())


def test_redis_bus_refuses_to_start_without_redis():
    async def scenario():
        bus = RedisBus("redis://127.0.0.1:1/0")
        with pytest.raises(RuntimeError, match=r"redis://127\.0\.0\.1:1/0"):
            await bus.start()
        await bus.close()

    asyncio.run(scenario())


def test_redis_bus_delivers_locally_when_a_publish_fails_and_resyncs_after_a_lost_connection():
    url = redis_or_skip()
    table = "bus-" + secrets.token_hex(4)

    async def scenario():
        bus = RedisBus(url, reconnect_delay=0.05)
        await bus.start()
        try:
            queue = bus.subscribe(table)
            # the listener's connection is cut (as a Redis restart would): the sockets are told to resync
            client = bus._redis
            ids = [c["id"] for c in await client.client_list() if c.get("cmd") in ("psubscribe", "ping")
                   and int(c.get("psub", 0)) > 0]
            assert ids, "the bus has no pattern subscription to cut"
            for client_id in ids:
                await client.client_kill_filter(_id=client_id)
            assert await asyncio.wait_for(queue.get(), 5) == RESYNC
            await bus.publish(table, {"kind": "moved", "version": 7})
            assert await asyncio.wait_for(queue.get(), 5) == {"kind": "moved", "version": 7}
        finally:
            await bus.close()
        # Redis gone for good: a publish still reaches this process's own sockets
        dead = RedisBus("redis://127.0.0.1:1/0")
        queue = dead.subscribe(table)
        await dead.publish(table, {"kind": "moved", "version": 8})
        assert queue.get_nowait() == {"kind": "moved", "version": 8}
        await dead.close()

    asyncio.run(scenario())
