"""`cryptarena simulate --backend ray`: the chunks of a run played as Ray tasks.

The chunks are those of `--jobs` (ai/simulate.py's chunk_bounds) and each is one task running
`play_chunk`; the tallies come back in chunk order whatever order the tasks finish in, so the
report is exactly the one `--jobs 1` gives for the same seed. `--jobs N` caps the tasks in flight
(and is the CPU count of the local Ray instance we start when no `--address` is given).

Ray is imported here only, and only when the backend is used: the rest of the command line works
without it. On a cluster given by `--address`, every node needs cryptarena installed (the tasks
import `cryptarena.ai.runner` there).
"""

from __future__ import annotations

import logging
from typing import Callable

from .runner import SimulationError, play_chunk
from .stats import RunTally

RAY_MISSING = "the ray backend needs Ray: pip install 'cryptarena[cluster]'"


class RayUnavailable(RuntimeError):
    """Ray is not installed (or cannot be imported)."""


def import_ray():
    """The `ray` module, or RayUnavailable with the line that says how to install it."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable(RAY_MISSING) from None
    return ray


def play_chunks(chunks: list[tuple[int, int]], chunk_args: tuple, *, jobs: int, address: str | None = None,
                on_chunk_done: Callable[[int], None] | None = None) -> list[RunTally]:
    """Play every chunk (start, stop) as `play_chunk(*chunk_args, start, stop)` on Ray and return
    the tallies in chunk order. `on_chunk_done(i)` is called as chunk i finishes.

    Uses the Ray connection of the process when there is one (a script or test that called
    ray.init itself keeps it); otherwise connects to `address`, or starts a local Ray with `jobs`
    CPUs, and disconnects (stopping the local Ray) at the end.
    """
    ray = import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        quiet = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR}
        if address:
            try:
                ray.init(address=address, **quiet)
            except ConnectionError as exc:
                raise SimulationError(f"cannot reach the Ray cluster at {address}: {exc}") from None
        else:
            # "local": a fresh instance even when RAY_ADDRESS names a cluster (that is --address)
            ray.init(address="local", num_cpus=jobs, **quiet)
    remote_chunk = ray.remote(num_cpus=1)(play_chunk)
    tallies: list[RunTally | None] = [None] * len(chunks)
    index_of: dict = {}   # task ref -> chunk index
    queued = iter(enumerate(chunks))

    def submit_next() -> None:
        for i, (start, stop) in queued:
            index_of[remote_chunk.remote(*chunk_args, start, stop)] = i
            return

    try:
        for _ in range(min(jobs, len(chunks))):
            submit_next()
        while index_of:
            (done,), _ = ray.wait(list(index_of), num_returns=1)
            i = index_of.pop(done)
            try:
                tallies[i] = ray.get(done)
            except ray.exceptions.RayTaskError as exc:
                if isinstance(exc.cause, SimulationError):  # a game that went wrong: its own message
                    raise SimulationError(str(exc.cause)) from None
                raise
            submit_next()
            if on_chunk_done:
                on_chunk_done(i)
    except BaseException:
        for ref in index_of:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started_here:
            ray.shutdown()
    return tallies
