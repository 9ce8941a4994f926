"""Group commit: the moves of many tables stored in one database transaction.

Each move used to be its own transaction in its own worker thread: at 500 busy tables the commits,
the thread hand-offs and SQLite's one writer at a time were a third of the server's time. Now one
writer per process takes every move waiting when it is free and stores them together
(`Store.append_batch`). Nothing waits on purpose: a move that arrives while the writer is idle is
committed at once, alone; the group grows only while a commit is already running, which is exactly
when waiting was happening anyway. Every move still gets its own answer (its new version, or the
VersionConflict that refused it) and is answered only after its transaction committed.
"""

from __future__ import annotations

import asyncio
from typing import Callable

from .metrics import timed
from .store import Append, Store


class GroupCommit:
    def __init__(self, store: Store, *, max_group: int = 64, on_commit: Callable[[int, float], None] | None = None):
        self.store = store
        self.on_commit = on_commit  # (moves, seconds) after each group: the operations metrics
        self.max_group = max_group
        self._waiting: list[tuple[Append, asyncio.Future]] = []
        self._writer: asyncio.Task | None = None
        self.groups = 0  # transactions committed, and the moves in them: operators read the mean group
        self.moves = 0

    async def append(self, table_id: str, expected_version: int, entries: list[dict], state, clock=None) -> int:
        """Store the move (and, at a table with a clock, its seats' clocks); its new version, or the
        StoreError that refused it (raised)."""
        future = asyncio.get_running_loop().create_future()
        self._waiting.append((Append(table_id, expected_version, entries, state, clock), future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())
        return await future

    async def _write(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting[:self.max_group], self._waiting[self.max_group:]
            try:
                outcomes, seconds = await asyncio.to_thread(timed, self.store.append_batch,
                                                            [append for append, _ in group])
            except Exception as exc:  # noqa: BLE001 - the database itself failed: every mover hears of it
                outcomes, seconds = [exc] * len(group), 0.0
            self.groups += 1
            self.moves += len(group)
            if self.on_commit is not None:
                self.on_commit(len(group), seconds)
            for (_, future), outcome in zip(group, outcomes):
                if future.done():  # the mover was cancelled (its socket closed): the move stays stored
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    async def close(self) -> None:
        """Let the moves already handed over be stored before the process stops."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)


__all__ = ["GroupCommit"]
