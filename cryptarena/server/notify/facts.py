"""At sending time: whether an outbox row should still go, and what it will say.

A row was queued minutes or hours ago; the person may have changed their mind, or the table may
have moved on. So each row is looked at again just before it is sent, and **dropped** (status
"dropped", the reason in `last_error`) when:

- the person has no address or URL on that channel any more, or turned that kind off there;
- "turn": the table no longer waits for them (they played: their seat's `waiting_since` is cleared),
  it is not in play, or they are **at the table** — one of their seats was seen with a socket open
  within `PRESENCE` (every server process marks the seats of its open sockets every few seconds and
  at `hello`; the worker marks its own process's sockets right before it looks);
- "end": they are at the table (they saw it end);
- "invite": the table is gone or over;
- "confirm": another address was asked for since.

Everything is read in one connection, so a row is judged on one moment of the database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.engine import Connection

from ..outbox import prefs_of
from ..schema import as_utc, moves, player_settings, players, result_seats, results, seats, tables
from .texts import Facts, game_name, seat_name

PRESENCE = timedelta(seconds=15)  # a seat seen this recently has a socket open somewhere


@dataclass
class Verdict:
    drop: str | None = None  # why the row is not sent; None: send it
    facts: Facts | None = None
    to: str | None = None  # the address, or the webhook URL


def _drop(reason: str) -> Verdict:
    return Verdict(drop=reason)


def table_path(table_id: str, seat_rows: list) -> str:
    """The page a table is played on (as service.table_page: a table run from one device is a companion's)."""
    return f"/companion/{table_id}" if any(s.kind == "table" for s in seat_rows) else f"/table/{table_id}"


def judge(conn: Connection, row, now: datetime, public_url: str, confirm_link) -> Verdict:
    """The verdict on one claimed outbox row. `confirm_link(player_id, address)`: the signed link."""
    settings = conn.execute(select(player_settings).where(player_settings.c.player_id == row.player_id)).first()
    if settings is None:
        return _drop("the person has no notification settings")
    lang = settings.lang
    params = json.loads(row.params or "{}")
    prefs = prefs_of(settings.prefs)
    if row.kind == "confirm":
        to = params.get("address")
        if not to or settings.email_pending != to:
            return _drop("another address was asked for since (or none waits for confirmation)")
    elif row.channel == "email":
        to = settings.email
        if not to:
            return _drop("no confirmed e-mail address")
    else:
        to = settings.webhook_url
        if not to:
            return _drop("no webhook URL")
    if row.kind != "confirm" and not prefs.get(row.channel, {}).get(row.kind):
        return _drop(f"{row.kind} notices are turned off on {row.channel}")

    facts = Facts(kind=row.kind, lang=lang, table_id=row.table_id)
    if row.kind == "confirm":
        account = conn.execute(select(players.c.name).where(players.c.id == row.player_id)).scalar()
        facts.account = account or ""
        facts.link = public_url + "/email/confirm/" + confirm_link(row.player_id, to)
        return Verdict(facts=facts, to=to)

    table = conn.execute(select(tables).where(tables.c.id == row.table_id)).first() if row.table_id else None
    if table is None:
        return _drop("no such table")
    seat_rows = conn.execute(select(seats).where(seats.c.table_id == table.id).order_by(seats.c.seat)).all()
    mine = [s for s in seat_rows if s.kind == "human" and s.player_id == row.player_id]
    present = any(s.seen_at is not None and as_utc(s.seen_at) >= now - PRESENCE for s in mine)
    facts.game_id, facts.game = table.game_id, game_name(table.game_id, lang)
    facts.link = public_url + table_path(table.id, seat_rows)

    if row.kind == "turn":
        if table.status != "playing":
            return _drop("the table is not in play")
        waiting = [s for s in mine if s.waiting_since is not None and s.away is None]
        if not waiting:
            return _drop("the table no longer waits for them (they played)")
        if present:
            return _drop("they are at the table (a socket open)")
        seat = waiting[0]
        if seat.clock_left is not None:
            facts.left = max(0.0, seat.clock_left - (now - as_utc(seat.waiting_since)).total_seconds())
        facts.last_mover = _last_mover(conn, table.id, table.game_id, seat_rows, {s.seat for s in mine}, lang)
    elif row.kind == "end":
        if present:
            return _drop("they are at the table (they saw it end)")
        facts.link = f"{public_url}/replay/{table.id}"
        _result(conn, table.id, table.game_id, {s.seat for s in mine}, facts)
    elif row.kind == "invite":
        if table.status == "over":
            return _drop("the table has ended")
        facts.by = params.get("by") or "?"
    else:
        return _drop(f"unknown kind {row.kind!r}")
    return Verdict(facts=facts, to=to)


def _last_mover(conn: Connection, table_id: str, game_id: str, seat_rows: list, own: set[int],
                lang: str) -> str | None:
    """Who made the latest move of a seat (chance draws have none), unless it was the reader."""
    entries = conn.execute(select(moves.c.entry).where(moves.c.table_id == table_id)
                           .order_by(moves.c.version.desc()).limit(50)).scalars()
    for raw in entries:
        seat = json.loads(raw).get("seat")
        if seat is None:
            continue
        if seat in own:
            return None
        by_seat = {s.seat: s for s in seat_rows}
        return seat_name(game_id, seat, by_seat[seat].name if seat in by_seat else None, lang)
    return None


def _result(conn: Connection, table_id: str, game_id: str, own: set[int], facts: Facts) -> None:
    """The recorded result (records.py, written with the last move): winners, scores, the reader's."""
    seq = conn.execute(select(results.c.seq).where(results.c.table_id == table_id)).scalar()
    if seq is None:
        return
    rows = conn.execute(select(result_seats).where(result_seats.c.seq == seq).order_by(result_seats.c.seat)).all()
    names = {r.seat: seat_name(game_id, r.seat, r.name, facts.lang) for r in rows}
    facts.winners = [names[r.seat] for r in rows if r.won]
    facts.scores = [(names[r.seat], r.total) for r in rows]
    mine = [r for r in rows if r.seat in own]
    if mine:
        facts.won = any(r.won for r in mine)
