"""Keep Python's cycle collector from pausing the server for tenths of a second.

A server with 1,500 open table sockets holds about half a million objects the collector tracks
(each socket's ASGI stack of suspended coroutines, closures and headers, and the tables' states).
CPython's full collection walks all of them: at 500 busy tables it paused the event loop for 0.1 to
0.45 s several times a minute (measured with gc.callbacks; bench/README.md, "Collector pauses"), so
every move in flight waited that long and p99 latency was set by the collector, not by the work.

The policy: every `interval` seconds, a collection of what is not frozen, then `gc.freeze()`, which
moves every survivor to the permanent generation that automatic collections never walk. The objects
that live long (sockets, states) are frozen within a second of settling, so automatic collections
only ever walk young objects, a few milliseconds' worth. Frozen objects are still freed by reference
counting the moment nothing refers to them; what freezing delays is only garbage held in reference
cycles that formed after its objects were frozen. That is collected by a full pass (`unfreeze`, then
`gc.collect()`), run when the frozen population has grown by `full_growth` times since the last
full pass, and at least every `full_every` seconds: one pause of the old kind in many minutes,
instead of several a minute.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from dataclasses import dataclass, field

log = logging.getLogger("cryptarena.server")


@dataclass
class HeapPolicy:
    interval: float = 1.0  # seconds between freezes
    full_every: float = 900.0  # seconds between full passes at the most
    full_growth: float = 2.0  # a full pass as soon as the frozen population grew this many times
    last_full: float = field(default_factory=time.monotonic)
    on_step: object = None  # (kind, seconds) after each step: the operations metrics
    frozen_after_full: int = 0  # the frozen population after the last full pass (or the first freeze)
    stats: dict = field(default_factory=lambda: {"freezes": 0, "full_passes": 0, "young_collected": 0,
                                                 "full_collected": 0, "longest_step_s": 0.0})

    def step(self, now: float | None = None) -> str:
        """One tick: "full" (unfreeze and collect everything) when due, else "freeze" (collect what is
        not frozen, freeze the survivors). Returns which it did."""
        now = time.monotonic() if now is None else now
        started = time.perf_counter()
        frozen = gc.get_freeze_count()
        due = (now - self.last_full >= self.full_every
               or frozen > max(self.frozen_after_full, 10_000) * self.full_growth)
        if due:
            gc.unfreeze()
            self.stats["full_collected"] += gc.collect()
            gc.freeze()
            self.last_full = now
            self.frozen_after_full = gc.get_freeze_count()
            self.stats["full_passes"] += 1
            kind = "full"
        else:
            self.stats["young_collected"] += gc.collect()
            gc.freeze()
            self.stats["freezes"] += 1
            if not self.frozen_after_full:  # the first freeze: the process as it started is the baseline
                self.frozen_after_full = gc.get_freeze_count()
            kind = "freeze"
        self.stats["longest_step_s"] = max(self.stats["longest_step_s"], time.perf_counter() - started)
        return kind

    async def run(self) -> None:
        """Tick forever on the event loop (the collector holds the interpreter anyway: a thread would
        pause the loop just the same)."""
        try:
            while True:
                await asyncio.sleep(self.interval)
                started = time.perf_counter()
                kind = self.step()
                if self.on_step is not None:
                    self.on_step(kind, time.perf_counter() - started)
                if kind == "full":
                    log.info("heap full pass", extra={"event": "heap_full_pass",
                                                      "latency_ms": round((time.perf_counter() - started) * 1000, 3)})
        finally:  # an app stopped inside a longer-lived process (tests, an embedding) leaves it as it was
            gc.unfreeze()


__all__ = ["HeapPolicy"]
