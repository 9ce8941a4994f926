"""The worker processes search bots think in, shared by every table of this server process.

A hard bot's move and a hint at a table are searches of up to `think` seconds each: run here, they
hold neither the event loop nor the interpreter lock that the other tables' moves need. The review
worker keeps a pool of its own of this kind (server/reviews), so a review never delays a bot. The
processes start with the first search (a server whose tables only have heuristic bots starts none),
by "spawn", so that a worker never inherits the server's sockets, threads or database connections.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable


class BotPool:
    """`processes`: the worker processes (at most that many searches at once); `think`: the most
    seconds one search may take, which callers pass on to what they run."""

    def __init__(self, processes: int = 1, think: float = 2.0):
        if processes < 1:
            raise ValueError(f"a bot pool needs at least one process, not {processes}")
        if think <= 0:
            raise ValueError(f"a bot's thinking time must be positive, not {think}")
        self.processes = processes
        self.think = think
        self._executor: ProcessPoolExecutor | None = None

    @property
    def started(self) -> bool:
        return self._executor is not None

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` in a worker process (`fn` and `args` must pickle: a state goes as its save).
        A worker that died (killed for memory, say) breaks its executor for good: the caller gets
        BrokenProcessPool, and the next search starts fresh workers instead of failing forever."""
        executor = self._executor
        if executor is None:
            executor = self._executor = ProcessPoolExecutor(max_workers=self.processes,
                                                            mp_context=multiprocessing.get_context("spawn"))
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
        except BrokenProcessPool:
            if self._executor is executor:
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        """Stop the workers without waiting for searches under way (their callers are going too)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


__all__ = ["BotPool"]
