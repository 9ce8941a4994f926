"""The notification outbox: what to tell whom, written in the transaction of what caused it.

A "your move" notice is written with the move that made it someone's move, and "the table ended"
with the last move: a crash can lose neither, and a move refused by the version check writes none.
One row per channel (e-mail, webhook) a person has turned on for that kind; the worker in `notify/`
claims due rows, writes the message from them at sending time (in the person's language, to their
address as it is then) and drops a row whose person turned the kind off meanwhile or is at the table.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from .schema import outbox, player_settings, seats

CHANNELS = ("email", "webhook")
KINDS = ("turn", "end", "invite")  # what a person turns on or off, per channel; "confirm" always goes
DEFAULT_PREFS = {"email": {kind: True for kind in KINDS}, "webhook": {kind: True for kind in KINDS},
                 "browser": {"turn": True}}


def prefs_of(raw: str | None) -> dict:
    """A person's settings over the defaults (every kind on: a channel is off until it has an address)."""
    stored = json.loads(raw or "{}")
    return {channel: {**kinds, **{k: bool(v) for k, v in stored.get(channel, {}).items() if k in kinds}}
            for channel, kinds in DEFAULT_PREFS.items()}


def enqueue(conn: Connection, player_id: str, kind: str, table_id: str | None, now: datetime, *,
            delay: float = 0.0, params: dict | None = None) -> int:
    """Queue `kind` for this person on every channel they have (a confirmed e-mail, a webhook) with
    that kind on; returns the rows written."""
    row = conn.execute(select(player_settings).where(player_settings.c.player_id == player_id)).first()
    if row is None:
        return 0
    prefs = prefs_of(row.prefs)
    channels = [c for c, has in (("email", row.email), ("webhook", row.webhook_url)) if has and prefs[c].get(kind)]
    if channels:
        due = now + timedelta(seconds=delay)
        conn.execute(insert(outbox), [{"player_id": player_id, "channel": channel, "kind": kind, "table_id": table_id,
                                       "params": json.dumps(params or {}), "status": "pending", "attempts": 0,
                                       "due_at": due, "created_at": now} for channel in channels])
    return len(channels)


def enqueue_end(conn: Connection, table_id: str, now: datetime) -> int:
    """"The table ended" for every person seated at it (their own seat, or voted out)."""
    rows = conn.execute(select(seats.c.player_id).where(seats.c.table_id == table_id, seats.c.kind == "human",
                                                        seats.c.player_id.is_not(None))).all()
    return sum(enqueue(conn, r.player_id, "end", table_id, now) for r in {r.player_id: r for r in rows}.values())
