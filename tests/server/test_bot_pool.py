"""The bot worker pool (server/bot_pool.py): searches run in worker processes, started on first use,
and a worker that dies does not leave the pool broken for every later search."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from cryptarena.server.bot_pool import BotPool


def worker_pid(_: int) -> int:
    return os.getpid()


def die(_: int) -> None:
    os._exit(3)  # as a worker killed for memory would go


def test_searches_run_in_a_worker_started_on_first_use_and_a_dead_worker_is_replaced():
    async def scenario():
        pool = BotPool(1, 0.5)
        assert not pool.started
        try:
            first = await pool.run(worker_pid, 0)
            assert pool.started and first != os.getpid()
            with pytest.raises(BrokenProcessPool):
                await pool.run(die, 0)
            again = await pool.run(worker_pid, 0)  # fresh workers, not the broken pool
            assert again not in (first, os.getpid())
        finally:
            pool.shutdown()
        assert not pool.started

    asyncio.run(scenario())


@pytest.mark.parametrize(("processes", "think"), [(0, 1.0), (1, 0.0), (2, -1.0)])
def test_a_pool_without_processes_or_time_is_refused_by_name(processes, think):
    with pytest.raises(ValueError, match="process|thinking time"):
        BotPool(processes, think)
