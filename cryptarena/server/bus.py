"""Fan-out of table events to the sockets watching each table.

`LocalBus`: one server process — an event goes straight to this process's sockets.
`RedisBus`: several processes on one database — every event goes through Redis pub/sub (one channel
per table) and each process hands what arrives to its own sockets, its own events included, so that
every socket of a table, on whichever process, sees the table's events in the one order Redis gave.

Events say "look again" (a new version, new seats, a chat line). A move's event also carries the
moves themselves, so that a process holding the table at the version before plays them instead of
reading the row and its snapshot back (TableService._follow); anything else is read from the
database, which is the record of truth. A lost event therefore costs freshness, never correctness:
after Redis comes back every socket is told to resync.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from typing import Callable

import orjson
import redis
import redis.asyncio as aioredis

log = logging.getLogger("cryptarena.server")

CHANNEL_PREFIX = "cryptarena:table:"
RESYNC = {"kind": "resync"}  # to every local socket: events may have been missed, read the table again


class LocalBus:
    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue]] = defaultdict(set)
        # Called with (table, event) for every event of every table, before any socket hears of it:
        # the table service forgets what it cached of that table.
        self.listeners: list[Callable[[str, dict], None]] = []

    async def start(self) -> None:
        """Nothing to connect to; RedisBus connects here."""

    async def close(self) -> None:
        """Nothing to let go of; RedisBus disconnects here."""

    def subscribe(self, table_id: str) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue()
        self._queues[table_id].add(queue)
        return queue

    def unsubscribe(self, table_id: str, queue: asyncio.Queue) -> None:
        self._queues[table_id].discard(queue)
        if not self._queues[table_id]:
            del self._queues[table_id]

    async def publish(self, table_id: str, event: dict) -> None:
        self._deliver(table_id, event)

    def watched(self) -> list[str]:
        """The tables some socket of this process is watching."""
        return list(self._queues)

    def watching(self, table_id: str) -> bool:
        """Whether some socket of this process is watching this table."""
        return table_id in self._queues

    def deliver_here(self, table_id: str, event: dict) -> None:
        """To this process's sockets only (each process heals its own: see TableService.sweep)."""
        self._deliver(table_id, event)

    def _deliver(self, table_id: str, event: dict) -> None:
        for listener in self.listeners:
            listener(table_id, event)
        for queue in list(self._queues.get(table_id, ())):
            queue.put_nowait(event)

    def _deliver_everywhere(self, event: dict) -> None:
        for listener in self.listeners:
            listener(None, event)  # None: every table
        for table_id in list(self._queues):
            for queue in list(self._queues.get(table_id, ())):
                queue.put_nowait(event)


class RedisBus(LocalBus):
    """Redis pub/sub between server processes: publish to the table's channel, listen to all tables
    (one pattern subscription per process, made before the process serves anything, so no event of a
    table can slip between a socket's subscribe and Redis's).

    Publishes are pipelined: the events published while one round trip to Redis is under way go
    together in the next (one command each, in the order they were published), so a busy process
    pays a round trip per batch of moves rather than per move; `publish` returns once its event is
    with Redis, as a single PUBLISH would."""

    def __init__(self, url: str, *, prefix: str = CHANNEL_PREFIX, reconnect_delay: float = 0.5) -> None:
        super().__init__()
        self.url, self.prefix, self.reconnect_delay = url, prefix, reconnect_delay
        self._redis = aioredis.from_url(url)
        self._listener: asyncio.Task | None = None
        self._listening = asyncio.Event()
        self._outbox: list[tuple[str, dict, bytes, asyncio.Future]] = []
        self._sender: asyncio.Task | None = None
        self.batches = 0  # round trips of published events (the tests and the operators' curiosity)

    async def start(self) -> None:
        """Connect and subscribe, or fail naming the URL (a server that cannot fan out must not start)."""
        try:
            await self._redis.ping()
        except (redis.RedisError, OSError) as exc:
            raise RuntimeError(f"Redis at {self.url} does not answer: {exc}") from None
        self._listener = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self._listening.wait(), timeout=10)

    async def close(self) -> None:
        if self._sender is not None:
            await asyncio.gather(self._sender, return_exceptions=True)  # what is in the outbox goes out
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        await self._redis.aclose()

    async def publish(self, table_id: str, event: dict) -> None:
        payload = orjson.dumps(event)  # (an event that cannot be sent is its publisher's error, here)
        sent = asyncio.get_running_loop().create_future()
        self._outbox.append((table_id, event, payload, sent))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send())
        await sent

    async def _send(self) -> None:
        """Send what the outbox holds, one pipeline a round trip, until it is empty."""
        while self._outbox:
            batch, self._outbox = self._outbox, []
            try:
                pipe = self._redis.pipeline(transaction=False)
                for table_id, _, payload, _ in batch:
                    pipe.publish(self.prefix + table_id, payload)
                await pipe.execute()
                self.batches += 1
            except (redis.RedisError, OSError) as exc:
                # The moves are stored already; at least this process's sockets hear of them now, and
                # the others resync when the listener gets Redis back.
                log.warning("redis publish failed, delivering on this process only: %s", exc,
                            extra={"event": "bus_degraded", "table_id": batch[0][0]})
                for table_id, event, _, _ in batch:
                    self._deliver(table_id, event)
            finally:
                for *_, sent in batch:
                    if not sent.done():  # (its publisher may have been cancelled meanwhile)
                        sent.set_result(None)

    async def _listen(self) -> None:
        first = True
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.psubscribe(self.prefix + "*")
                self._listening.set()
                if not first:
                    log.warning("redis bus back: every socket resyncs", extra={"event": "bus_resync"})
                    self._deliver_everywhere(RESYNC)
                first = False
                async for message in pubsub.listen():
                    if message["type"] != "pmessage":
                        continue
                    table_id = message["channel"].decode()[len(self.prefix):]
                    try:
                        event = orjson.loads(message["data"])
                    except ValueError:
                        log.warning("unreadable bus message on %s", table_id, extra={"event": "error"})
                        continue
                    self._deliver(table_id, event)
            except asyncio.CancelledError:
                raise
            except (redis.RedisError, OSError) as exc:
                log.warning("redis bus lost (%s); retrying in %.1f s", exc, self.reconnect_delay,
                            extra={"event": "bus_degraded"})
                await asyncio.sleep(self.reconnect_delay)
            finally:
                try:
                    await pubsub.aclose()
                except (redis.RedisError, OSError):
                    pass
