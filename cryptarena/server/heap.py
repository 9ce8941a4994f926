"""Keep Python's cycle collector from pausing the server for tenths of a second.

A server with 1,500 open table sockets holds about half a million objects the collector tracks
(each socket's ASGI stack of suspended coroutines, closures and headers, and the tables' states).
CPython's full collection walks all of them: at 500 busy tables it paused the event loop for 0.1 to
0.45 s several times a minute (measured with gc.callbacks; bench/README.md, "Collector pauses"), so
every move in flight waited that long and p99 latency was set by the collector, not by the work.

The policy: every `interval` seconds, a collection of the young generations, then `gc.freeze()`, which
moves every survivor to the permanent generation that automatic collections never walk. The objects
that live long (sockets, states) are frozen within a second of settling, so automatic collections
only ever walk young objects, a few milliseconds' worth. Frozen objects are still freed by reference
counting the moment nothing refers to them; what freezing delays is only garbage held in reference
cycles that formed after its objects were frozen (a closed socket's coroutines and closures, for
one). That is collected by a full pass (`unfreeze`, then `gc.collect()`), run every `full_every`
seconds, and sooner (but not within `full_gap` seconds of the last) when the process's resident
memory has doubled: one pause of the old kind in many minutes, instead of several a minute. At 500
busy tables a full pass collected a few hundred to 20,000 objects: what freezing holds back is small.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Callable

log = logging.getLogger("cryptarena.server")


def resident_bytes() -> int:
    """The process's resident memory now (Linux /proc); its peak where /proc is not there."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


@dataclass
class HeapPolicy:
    interval: float = 1.0  # seconds between freezes
    full_every: float = 900.0  # seconds between full passes at the most
    full_growth: float = 2.0  # a full pass when resident memory grew this many times since the last...
    full_gap: float = 300.0  # ...and this many seconds have passed since it (a server filling up grows fast)
    on_step: object = None  # (kind, seconds, objects collected) after each step: the operations metrics
    resident: Callable[[], int] = resident_bytes
    last_full: float = field(default_factory=time.monotonic)
    resident_after_full: int = 0  # resident memory after the last full pass (or at the first step)
    last_collected: int = 0  # objects the last step collected
    stats: dict = field(default_factory=lambda: {"freezes": 0, "full_passes": 0})  # seconds and objects: on_step

    def step(self, now: float | None = None) -> str:
        """One tick: "full" (unfreeze and collect everything) when due, else "freeze" (collect the
        young generations, freeze the survivors). Returns which it did."""
        now = time.monotonic() if now is None else now
        resident = self.resident()
        if not self.resident_after_full:  # the first step: the process as it started is the baseline
            self.resident_after_full = resident
        # Memory, not gc.get_freeze_count(): counting the frozen objects walks them all (10 ms and more
        # at half a million), which is the kind of pause this policy is here to avoid.
        since = now - self.last_full
        if since >= self.full_every or (since >= self.full_gap and resident > self.resident_after_full * self.full_growth):
            gc.unfreeze()
            self.last_collected = gc.collect()
            gc.freeze()
            self.last_full = now
            self.resident_after_full = self.resident()
            self.stats["full_passes"] += 1
            kind = "full"
        else:
            # The two young generations only (a few thousand objects): what reached the old one in the
            # last second is frozen with the rest, and any garbage cycle in it waits for the full pass.
            self.last_collected = gc.collect(1)
            gc.freeze()
            self.stats["freezes"] += 1
            kind = "freeze"
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
                    self.on_step(kind, time.perf_counter() - started, self.last_collected)
                if kind == "full":
                    log.info("heap full pass", extra={"event": "heap_full_pass",
                                                      "latency_ms": round((time.perf_counter() - started) * 1000, 3)})
        finally:  # an app stopped inside a longer-lived process (tests, an embedding) leaves it as it was
            gc.unfreeze()


__all__ = ["HeapPolicy"]
