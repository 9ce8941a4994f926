"""In-process fan-out of table events to the sockets watching each table (one server process;
a Redis-backed bus with the same interface is the multi-process path)."""

from __future__ import annotations

import asyncio
from collections import defaultdict


class LocalBus:
    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue]] = defaultdict(set)

    def subscribe(self, table_id: str) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue()
        self._queues[table_id].add(queue)
        return queue

    def unsubscribe(self, table_id: str, queue: asyncio.Queue) -> None:
        self._queues[table_id].discard(queue)
        if not self._queues[table_id]:
            del self._queues[table_id]

    async def publish(self, table_id: str, event: dict) -> None:
        for queue in list(self._queues.get(table_id, ())):
            queue.put_nowait(event)
