"""Playing at one's own pace, over HTTP: the tables waiting for me, and how long a game usually takes.

`GET /api/me/turns` reads the seats the clock bookkeeping keeps (`table_seats.waiting_since`, set in
the transaction of the move that made it someone's move), so listing a person's turns is one indexed
query however many tables they sit at. `GET /api/games/{id}/length` is the median of the recorded
games of that game, player count and pace: what a person choosing a pace at creation wants to know.
"""

from __future__ import annotations

import asyncio
import statistics
from typing import Callable

from fastapi import APIRouter, Request
from sqlalchemy import exists, select
from sqlalchemy.engine import Engine

from .. import games
from .accounts import Accounts
from .clocks import PACES, SeatClock
from .platform_api import current_player
from .schema import as_utc, result_seats, results, seats, tables

RECENT = 200  # the latest results an estimate is taken from


def turns_of(engine: Engine, player_id: str, now) -> list[dict]:
    """The tables in play waiting for this person, their own seat (not one a bot plays), the one
    whose clock runs out first first, then the longest waiting."""
    query = (select(tables.c.id, tables.c.game_id, tables.c.pace, tables.c.clock_reserve, seats.c.seat,
                    seats.c.waiting_since, seats.c.clock_left, seats.c.out_of_time)
             .join(seats, seats.c.table_id == tables.c.id)
             .where(seats.c.player_id == player_id, seats.c.kind == "human", seats.c.away.is_(None),
                    seats.c.waiting_since.is_not(None), tables.c.status == "playing", tables.c.tutorial.is_(None)))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    out = []
    for r in rows:
        clock = SeatClock(r.seat, r.clock_left, as_utc(r.waiting_since), True, bool(r.out_of_time))
        deadline = clock.deadline() if r.clock_reserve is not None else None
        left = clock.left_at(now) if r.clock_reserve is not None else None
        out.append({"table": r.id, "game": r.game_id, "pace": r.pace, "seat": r.seat,
                    "since": clock.since.isoformat(), "deadline": deadline.isoformat() if deadline else None,
                    "left": None if left is None else round(left, 3), "out_of_time": clock.out_of_time,
                    "url": f"/table/{r.id}"})
    out.sort(key=lambda t: (t["deadline"] is None, t["deadline"] or "", t["since"]))
    return out


def game_length(engine: Engine, game_id: str, players: int, pace: str) -> dict:
    """Median length (seconds from the start to the last move, and moves) of the latest recorded games
    with a person at them (bots alone play a game in seconds: no measure of a person's evening)."""
    person = exists().where(result_seats.c.seq == results.c.seq, result_seats.c.kind == "human")
    query = (select(results.c.moves, results.c.finished_at, tables.c.started_at)
             .join(tables, tables.c.id == results.c.table_id)
             .where(results.c.game_id == game_id, results.c.players == players, tables.c.pace == pace,
                    tables.c.tutorial.is_(None), person)
             .order_by(results.c.seq.desc()).limit(RECENT))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    seconds = [(as_utc(r.finished_at) - as_utc(r.started_at)).total_seconds() for r in rows if r.started_at]
    return {"game": game_id, "players": players, "pace": pace, "games": len(rows),
            "median_seconds": round(statistics.median(seconds), 1) if seconds else None,
            "median_moves": round(statistics.median(r.moves for r in rows)) if rows else None}


def turns_routes(engine: Engine, accounts: Accounts, api_error: Callable[..., Exception], now) -> APIRouter:
    router = APIRouter()
    ApiError = api_error  # noqa: N806 - the app's error class, raised as such

    @router.get("/api/me/turns")
    async def my_turns(request: Request):
        """The tables waiting for my move, most urgent first (the lobby's "your move at N tables")."""
        player = await current_player(request, accounts)
        if player is None:
            raise ApiError(401, "no_session", "pick a display name or sign in first")
        found = await asyncio.to_thread(turns_of, engine, player.id, now())
        return {"count": len(found), "tables": found}

    @router.get("/api/games/{game_id}/length")
    async def length(game_id: str, players: int, pace: str = "live"):
        """How long a game of this size and pace usually lasts, from the recorded ones."""
        try:
            game = games.load(game_id)
        except games.UnknownGame as exc:
            raise ApiError(404, "unknown_game", exc.reason) from None
        if pace not in PACES:
            raise ApiError(400, "bad_pace", f"pace is one of {', '.join(PACES)}, not {pace[:20]!r}")
        if not game.min_players <= players <= game.max_players:
            raise ApiError(400, "bad_players", f"{game.name} is played by {game.min_players} to {game.max_players}")
        return await asyncio.to_thread(game_length, engine, game_id, players, pace)

    return router
