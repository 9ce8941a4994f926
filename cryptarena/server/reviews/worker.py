"""The review worker: every server process runs one, started and stopped with the app.

It runs at most `processes` reviews at once, each decision of a review computed in a process of its
own pool (server/bot_pool.py's BotPool of that size, apart from the bots' one, so a review never delays a
bot's move; `processes=0`: this process runs none and leaves them to others). A review:

1. is **claimed** (store.claim: queued, or running with its lease run out), so several processes
   on one database, and a process started again after a crash, share the queue without running one
   review twice;
2. has its decisions listed (the game replayed once; `total` written), then each decision reviewed
   (ai/review.py) and `done` written with the lease renewed — or the worker stops there, if the
   review is no longer its own (its lease ran out and another process took it);
3. ends `done` with its result, or `failed` with its error's text (no traceback reaches a client).

A worker stopping with the app hands its reviews back to the queue; one that dies leaves them
running until their lease runs out, when any worker takes them again from the first decision.
Requests wake the worker at once (`poke`); every `interval` seconds it looks for reviews queued by
other processes or left by a stopped one.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import timedelta

from ... import games
from ...ai.review import Decision, Limits, review_decision, review_result, seat_decisions
from ..bot_pool import BotPool
from ..store import Store
from .store import Claim, ReviewStore

log = logging.getLogger("cryptarena.server")

LEASE = 60.0  # seconds a claim holds without news; every decision reviewed renews it


@dataclass(frozen=True)
class ReviewSettings:
    """What a server's reviews may spend (ai/review.py's Limits: 1 s thinking, 24 worlds, at most 3 s
    estimating per decision), how long a claim holds, and how often the queue is looked at."""
    limits: Limits = field(default_factory=Limits)
    lease: float = LEASE
    interval: float = 2.0  # 0: no loop (tests drive `fill` and `work` themselves)


class Lost(Exception):
    """The review is no longer this worker's: its lease ran out and another process took it."""


@dataclass
class Job:
    """A claimed review under way: what it reviews and the rows reviewed so far."""
    claim: Claim
    players: int
    seed: int
    decisions: list[Decision]
    rows: list[dict] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return len(self.rows) == len(self.decisions)


class ReviewWorker:
    def __init__(self, store: Store, processes: int = 1, settings: ReviewSettings | None = None):
        self.store = store
        self.reviews = ReviewStore(store.engine, store.now)
        self.processes = max(0, processes)
        self.settings = settings or ReviewSettings()
        # worker processes of the same kind as the bots', but a pool of their own: never a bot's wait
        self._pool = BotPool(max(1, self.processes), self.settings.limits.think)
        self._jobs: dict[str, tuple[asyncio.Task, Claim]] = {}  # the reviews this process runs, by id
        self._task: asyncio.Task | None = None
        self._wake: asyncio.Event | None = None

    @property
    def lease(self) -> timedelta:
        return timedelta(seconds=self.settings.lease)

    @property
    def running(self) -> int:
        """Reviews this process runs now."""
        return len(self._jobs)

    # ------------------------------------------------------------------ the loop
    def start(self) -> None:
        if self.processes and self.settings.interval > 0 and (self._task is None or self._task.done()):
            self._wake = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._run())

    def poke(self) -> None:
        """A review was asked for: look at the queue now rather than at the next interval."""
        if self._wake is not None:
            self._wake.set()

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self.fill()
            except Exception:  # noqa: BLE001 - a failed look (database away) must not end the worker
                log.exception("review queue pass failed")
            try:
                await asyncio.wait_for(self._wake.wait(), self.settings.interval)
            except asyncio.TimeoutError:
                pass

    async def fill(self) -> list[Claim]:
        """Claim reviews while this process runs fewer than `processes`; each runs in a task of its own."""
        claimed = []
        while len(self._jobs) < self.processes:
            claim = await asyncio.to_thread(self.reviews.claim, self.lease)
            if claim is None:
                break
            claimed.append(claim)
            task = asyncio.get_running_loop().create_task(self.work(claim))
            self._jobs[claim.id] = (task, claim)
            task.add_done_callback(lambda _t, review_id=claim.id: self._ended(review_id))
        return claimed

    async def drain(self) -> None:
        """Run reviews, `processes` at a time, until none is waiting and none runs here (what the loop
        does over time; tests and tools call it)."""
        while True:
            await self.fill()
            tasks = [task for task, _ in self._jobs.values()]
            if not tasks:
                return
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)

    def _ended(self, review_id: str) -> None:
        self._jobs.pop(review_id, None)
        self.poke()  # a slot is free

    async def stop(self) -> None:
        """Stop claiming; the reviews under way go back to the queue for the next process to take."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        jobs = list(self._jobs.values())
        for task, _claim in jobs:
            task.cancel()
        await asyncio.gather(*(task for task, _ in jobs), return_exceptions=True)
        for _task, claim in jobs:  # the claim carries the lease last written: a review taken over stays taken
            await asyncio.to_thread(self.reviews.release, claim)
        self._jobs.clear()
        self._pool.shutdown()

    # ------------------------------------------------------------------ one review
    async def work(self, claim: Claim) -> str:
        """Run a claimed review to its end: "done", "failed", or "lost" (taken over meanwhile)."""
        try:
            job = await self.begin(claim)
            while not job.finished:
                await self.step(job)
            return await self.end(job)
        except Lost:
            log.info("review %s was taken over by another worker", claim.id,
                     extra={"event": "review", "id": claim.id, "status": "lost"})
            return "lost"
        except Exception as exc:  # noqa: BLE001 - whatever went wrong, the review says so
            error = _error_text(exc)
            log.warning("review %s failed: %s", claim.id, error, extra={"event": "review", "id": claim.id,
                                                                         "status": "failed"})
            await asyncio.to_thread(self.reviews.fail, claim, error)
            return "failed"

    async def begin(self, claim: Claim) -> Job:
        """The review's decisions listed and their number written (`total`)."""
        job = await asyncio.to_thread(self._prepare, claim)
        await self._progress(job, total=len(job.decisions))
        return job

    def _prepare(self, claim: Claim) -> Job:
        if claim.source == "table":
            record = self.store.get_table(claim.source_id)
            if record.status != "over":
                raise ValueError(f"table {claim.source_id} is not over")
            players, seed, options = record.players, record.seed, record.options
            history = self.store.history(claim.source_id, until=record.version)
        else:
            found = self.store.get_replay(claim.source_id)
            if found is None:
                raise ValueError(f"no replay {claim.source_id!r}")
            _game_id, players, seed, options, history, _seats = found
        game = games.load(claim.game_id)
        return Job(claim, players, seed, seat_decisions(game, players, seed, options, history, claim.seat))

    async def step(self, job: Job) -> None:
        """Review the next decision in the pool and write the progress (Lost: no longer ours)."""
        decision = job.decisions[len(job.rows)]
        claim = job.claim
        args = (claim.game_id, job.seed, claim.seat, claim.reviewer, decision, self.settings.limits)
        try:
            row = await self._pool.run(review_decision, *args)
        except BrokenProcessPool:  # a worker process died (killed, out of memory): the next gets fresh ones
            raise RuntimeError("the process reviewing it stopped") from None
        job.rows.append(row)
        await self._progress(job)

    async def end(self, job: Job) -> str:
        claim = job.claim
        result = review_result(claim.game_id, job.players, claim.seat, claim.reviewer, job.rows)
        if not await asyncio.to_thread(self.reviews.finish, claim, result):
            raise Lost()
        log.info("review %s done", claim.id, extra={"event": "review", "id": claim.id, "status": "done",
                                                     "decisions": len(job.rows)})
        return "done"

    async def _progress(self, job: Job, total: int | None = None) -> None:
        if not await asyncio.to_thread(self.reviews.progress, job.claim, len(job.rows), total, self.lease):
            raise Lost()


def _error_text(exc: Exception) -> str:
    """What a client is told of a failure: the exception's kind and message, never a traceback."""
    reason = getattr(exc, "reason", None) or str(exc).strip()
    return f"{type(exc).__name__}: {reason}" if reason else type(exc).__name__


__all__ = ["Job", "LEASE", "Lost", "ReviewSettings", "ReviewWorker"]
