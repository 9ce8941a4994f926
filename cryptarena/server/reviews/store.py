"""The `reviews` rows: requested by the API, claimed and written by the workers of any server process.

A claim is one conditional UPDATE (queued, or running with its lease run out → running, lease
renewed); the lease it wrote is the claim's token: every later write of the worker (progress,
result, failure) names it in its WHERE and moves it on, so a worker whose review was taken over
(its lease ran out while it was stopped or stuck) writes nothing more. Leases only grow: a takeover
happens after the old lease, and sets a later one.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Callable

from sqlalchemy import and_, func, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..schema import reviews

MAX_QUEUED = 100  # reviews waiting at once, all processes together, before a request is refused
SOURCES = ("table", "replay")


class ReviewsBusy(Exception):
    """Too many reviews are queued: the request stored nothing."""


@dataclass
class Claim:
    """A review this worker holds: its row's fields, and the lease last written (the claim's token)."""
    id: str
    source: str
    source_id: str
    game_id: str
    seat: int
    reviewer: str
    lease: datetime


def review_json(row, *, with_result: bool = True) -> dict:
    """The review object of the HTTP API (docs/protocol.md); the lists leave `result` out."""
    found = {"id": row.id, "source": row.source, "source_id": row.source_id, "game": row.game_id,
             "seat": row.seat, "reviewer": row.reviewer, "status": row.status, "done": row.done,
             "total": row.total, "error": row.error}
    if with_result:
        found["result"] = json.loads(row.result) if row.result is not None else None
    return found


class ReviewStore:
    def __init__(self, engine: Engine, now: Callable[[], datetime]):
        self.engine = engine
        self.now = now

    # ------------------------------------------------------------------ the API's side
    def request(self, source: str, source_id: str, game_id: str, seat: int, reviewer: str):
        """The review of this seat of this source by this reviewer: the one already asked for (a
        failed one queued again), else a new one, queued. ReviewsBusy when MAX_QUEUED wait already
        (a review already asked for and not failed is returned all the same)."""
        if source not in SOURCES:
            raise ValueError(f"a review's source is one of {', '.join(SOURCES)}")
        same = and_(reviews.c.source == source, reviews.c.source_id == source_id, reviews.c.seat == seat,
                    reviews.c.reviewer == reviewer)
        try:
            with self.engine.begin() as conn:
                row = conn.execute(select(reviews).where(same)).first()
                if row is not None and row.status != "failed":
                    return row
                if self._queued(conn) >= MAX_QUEUED:
                    raise ReviewsBusy(f"{MAX_QUEUED} reviews are waiting already: ask again in a few minutes")
                now = self.now()
                if row is not None:  # failed: queued again, from the start
                    conn.execute(update(reviews).where(reviews.c.id == row.id, reviews.c.status == "failed")
                                 .values(status="queued", done=0, total=0, error=None, result=None, lease_until=None,
                                         updated_at=now))
                else:
                    conn.execute(insert(reviews).values(
                        id=secrets.token_urlsafe(16), source=source, source_id=source_id, game_id=game_id, seat=seat,
                        reviewer=reviewer, status="queued", done=0, total=0, created_at=now, updated_at=now))
                return conn.execute(select(reviews).where(same)).first()
        except IntegrityError:  # the same review asked for at the same instant elsewhere: that one it is
            with self.engine.connect() as conn:
                return conn.execute(select(reviews).where(same)).first()

    @staticmethod
    def _queued(conn) -> int:
        return conn.execute(select(func.count()).select_from(reviews).where(reviews.c.status == "queued")).scalar()

    def get(self, review_id: str):
        with self.engine.connect() as conn:
            return conn.execute(select(reviews).where(reviews.c.id == review_id)).first()

    def list(self, source: str, source_id: str) -> list:
        with self.engine.connect() as conn:
            return conn.execute(select(reviews).where(reviews.c.source == source, reviews.c.source_id == source_id)
                                .order_by(reviews.c.seat, reviews.c.reviewer)).all()

    # ------------------------------------------------------------------ the workers' side
    def claim(self, lease: timedelta) -> Claim | None:
        """Take the oldest review waiting (queued, or running with its lease run out); None if there is
        none. One statement, so SQLite takes its write lock at once (a read turned write may fail);
        where several processes pick the same row, the UPDATE's condition is checked again on the row
        as committed (PostgreSQL) and only one of them gets it: the others try the next."""
        for _ in range(5):
            now = self.now()
            due = or_(reviews.c.status == "queued", and_(reviews.c.status == "running", reviews.c.lease_until < now))
            oldest = select(reviews.c.id).where(due).order_by(reviews.c.created_at, reviews.c.id).limit(1)
            until = now + lease
            with self.engine.begin() as conn:
                row = conn.execute(update(reviews).where(reviews.c.id == oldest.scalar_subquery(), due)
                                   .values(status="running", done=0, lease_until=until, updated_at=now)
                                   .returning(*reviews.c)).first()
                if row is not None:
                    return Claim(row.id, row.source, row.source_id, row.game_id, row.seat, row.reviewer, until)
                if conn.execute(oldest).first() is None:
                    return None
        return None

    def _held(self, claim: Claim, values: dict, lease: timedelta | None = None) -> bool:
        """Write `values` to the claimed review if this worker still holds it (and renew its lease)."""
        now = self.now()
        if lease is not None:
            values = {**values, "lease_until": now + lease}
        with self.engine.begin() as conn:
            done = conn.execute(update(reviews).where(reviews.c.id == claim.id, reviews.c.status == "running",
                                                      reviews.c.lease_until == claim.lease)
                                .values(updated_at=now, **values)).rowcount
        if done and lease is not None:
            claim.lease = values["lease_until"]
        return bool(done)

    def progress(self, claim: Claim, done: int, total: int | None, lease: timedelta) -> bool:
        """`done` decisions of `total` reviewed, the lease renewed; False: the review is no longer ours."""
        return self._held(claim, {"done": done} if total is None else {"done": done, "total": total}, lease)

    def finish(self, claim: Claim, result: dict) -> bool:
        return self._held(claim, {"status": "done", "result": json.dumps(result), "error": None,
                                  "done": len(result["decisions"]), "lease_until": None})

    def fail(self, claim: Claim, error: str) -> bool:
        return self._held(claim, {"status": "failed", "error": error[:500], "lease_until": None})

    def release(self, claim: Claim) -> bool:
        """Give a review back to the queue (this process is stopping): another takes it at once."""
        return self._held(claim, {"status": "queued", "done": 0, "lease_until": None})


__all__ = ["Claim", "MAX_QUEUED", "ReviewStore", "ReviewsBusy", "review_json"]
