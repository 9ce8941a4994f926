"""Prometheus metrics of one app, and the database health check behind /healthz.

Each app has its own `CollectorRegistry` (never prometheus_client's global one), so several apps in
one process — the tests start many — count separately. Names and labels are listed in
docs/protocol.md ("Operations").
"""

from __future__ import annotations

import logging
import time

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily
from sqlalchemy import func, select, text

from .store import Store, tables

log = logging.getLogger("cryptarena.server")

# Seconds: a stored, broadcast move takes milliseconds; a slow database or a slow bot shows in the tail.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class LiveTables:
    """`cryptarena_tables_live{game}`: tables in play, counted in the database at scrape time, so the
    figure is right after a restart and counts the tables of every server process."""

    def __init__(self, store: Store):
        self.store = store

    def describe(self):
        return [GaugeMetricFamily("cryptarena_tables_live", "tables in play (status playing), by game",
                                  labels=["game"])]

    def collect(self):
        family = GaugeMetricFamily("cryptarena_tables_live", "tables in play (status playing), by game",
                                   labels=["game"])
        query = select(tables.c.game_id, func.count()).where(tables.c.status == "playing").group_by(tables.c.game_id)
        try:
            with self.store.engine.connect() as conn:
                rows = conn.execute(query).all()
        except Exception as exc:  # noqa: BLE001 - a database down must not take /metrics down with it
            log.warning("tables_live: the database did not answer: %s", exc, extra={"event": "metrics_error"})
            rows = []
        for game_id, count in rows:
            family.add_metric([game_id], count)
        yield family


class ArenaMetrics:
    def __init__(self, store: Store | None = None):
        self.registry = CollectorRegistry(auto_describe=True)
        if store is not None:
            self.registry.register(LiveTables(store))
        self.actions = Counter("cryptarena_actions", "actions stored and broadcast, by game and by who chose "
                               "them (human: a socket's seat; bot: a bot seat)", ["game", "source"],
                               registry=self.registry)
        self.action_latency = Histogram("cryptarena_action_latency_seconds", "from an act received to its new "
                                        "state published to the table", ["game"], buckets=LATENCY_BUCKETS,
                                        registry=self.registry)
        self.bot_think = Histogram("cryptarena_bot_think_seconds", "a bot's own decision time for each move it "
                                   "played (the configured bot delay excluded)", ["game", "agent"],
                                   buckets=LATENCY_BUCKETS, registry=self.registry)
        self.connections = Gauge("cryptarena_connections", "open table WebSockets", registry=self.registry)
        self.errors = Counter("cryptarena_errors", "errors answered to a client (socket and HTTP), by code",
                              ["code"], registry=self.registry)
        self.stand_ins = Counter("cryptarena_stand_ins", "people a bot started playing for, by why (disconnected "
                                 "past the grace period, or out of time on the turn clock)", ["reason"],
                                 registry=self.registry)

        self.commit_seconds = Histogram("cryptarena_commit_seconds", "one group commit: the transaction storing "
                                        "the moves waiting together", buckets=LATENCY_BUCKETS, registry=self.registry)
        self.commit_moves = Histogram("cryptarena_commit_moves", "moves stored by one group commit",
                                      buckets=(1, 2, 4, 8, 16, 32, 64), registry=self.registry)
        self.heap_step = Histogram("cryptarena_heap_step_seconds", "one step of the collector policy (server/heap.py), "
                                   "by kind: freeze (the young objects) or full (everything)", ["kind"],
                                   buckets=LATENCY_BUCKETS, registry=self.registry)
        self.heap_collected = Counter("cryptarena_heap_collected", "objects the collector policy's steps found to be "
                                      "garbage, by kind (what a full pass collects is what freezing held back)",
                                      ["kind"], registry=self.registry)

    def committed(self, moves: int, seconds: float) -> None:
        self.commit_moves.observe(moves)
        self.commit_seconds.observe(seconds)

    def heap_step_done(self, kind: str, seconds: float, collected: int) -> None:
        self.heap_step.labels(kind=kind).observe(seconds)
        self.heap_collected.labels(kind=kind).inc(collected)

    def action_published(self, game: str, source: str, seconds: float) -> None:
        self.actions.labels(game=game, source=source).inc()
        self.action_latency.labels(game=game).observe(seconds)

    def bot_move_played(self, game: str, agent: str, think_seconds: float) -> None:
        self.bot_think.labels(game=game, agent=agent).observe(think_seconds)

    def error(self, code: str) -> None:
        self.errors.labels(code=code).inc()


def timed(fn, *args):
    """(fn(*args), seconds it took): run in the worker thread itself, so waiting for a thread is not counted."""
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def database_error(store: Store) -> str | None:
    """None when the database answers a trivial query, else what went wrong (one line)."""
    try:
        with store.engine.connect() as conn:
            conn.execute(text("SELECT 1")).scalar_one()
            conn.execute(select(func.count()).select_from(tables)).scalar_one()  # our schema is there
    except Exception as exc:  # noqa: BLE001 - any failure is the answer
        return (str(exc).splitlines() or [type(exc).__name__])[0][:300]
    return None


__all__ = ["ArenaMetrics", "LiveTables", "database_error", "timed"]
