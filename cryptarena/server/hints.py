"""Hints at the table: the hard bot's move for the seat to play, and that seat's chance to win after it.

`POST /api/tables/{id}/hint` with the seat's token asks `ai.coach.hint` for the seat's move: a
search on worlds re-drawn from the seat's own view, so a hint tells nobody a secret of another seat
(two tables that differ only in what the seat cannot see give the same hint). It runs in the bot
worker processes (server/bot_pool.py), the same ones hard bots think in, at most the server's think
limit, so a hint never holds up another table's moves.

A hint is for a table whose result is not rated: a friendly table, a lesson, or a one-player table
(there is nobody to be rated against). A rated table never gives one: a hint there would be help
from the strongest bot in a game that counts. At a lesson the hint is the move the lesson asks for
(the only one it accepts), with the chance after it.

Hints are kept in memory per (table, seat, version): asking again at the same moment costs nothing,
and two browsers of one person share the answer. One hint per seat is computed at a time.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Callable

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from .. import games
from ..ai import coach
from ..engine import Rng, derive_seed
from .lessons import lesson_of
from .records import rating_class

log = logging.getLogger("cryptarena.server")

KEPT = 2048  # hints kept in memory (the latest asked); one is a few hundred bytes
REVIEWER = "hard"


class HintBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=200)  # the seat's token, as in the socket's hello


def offers_hints(record) -> bool:
    """Whether a table gives hints: only where its result rates nobody (friendly, a lesson, one player)."""
    return not record.rated or rating_class(record.players) is None


def hint_in_worker(game_id: str, save: dict, seat: int, seed: int, seconds: float, asked: dict | None = None) -> dict:
    """coach.hint in a worker process: the table arrives as its save; `asked`: a lesson's move."""
    game = games.load(game_id)
    return coach.hint(game, game.from_json(save), seat, Rng(seed), seconds=seconds, reviewer=REVIEWER, action=asked)


def hint_seed(table_seed: int, seat: int, version: int) -> int:
    """A hint's random stream: the same table, seat and moment always give the same worlds."""
    return derive_seed(table_seed, "hint", seat, version)


class Hints:
    """The hints of this server process: the ones computed, kept by (table, seat, version), and the
    seats whose hint is being computed now."""

    def __init__(self, service):
        self.service = service
        self.kept: OrderedDict[tuple[str, int, int], dict] = OrderedDict()
        self.busy: set[tuple[str, int]] = set()

    def remember(self, key: tuple[str, int, int], answer: dict) -> None:
        self.kept[key] = answer
        self.kept.move_to_end(key)
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)

    async def ask(self, record, seat: int, api_error: Callable[..., Exception]) -> dict:
        """The hint for `seat` now, or the error that says why there is none (nothing is changed)."""
        if not offers_hints(record):
            raise api_error(403, "no_hints", "a rated table gives no hints: create a friendly table "
                                             "(Rated unticked) to use them")
        if record.status != "playing":
            raise api_error(409, "not_playing", "the game has not started yet" if record.status == "open"
                            else "the game is over: its replay has every move")
        state, version = await self.service.state(record.id, record)
        # Read the table here, before any other await: the state held is changed in place by the next move.
        if state.is_over():
            raise api_error(409, "not_playing", "the game is over: its replay has every move")
        if record.seats[seat].away:
            raise api_error(409, "not_your_turn", "a bot is playing for you: take your seat back first")
        legal = state.legal_actions(seat) if seat in state.to_act() else []
        if not legal:
            raise api_error(409, "not_your_turn", "it is not your turn: a hint is for a move you are to make")
        key = (record.id, seat, version)
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        if (record.id, seat) in self.busy:
            raise api_error(429, "hint_busy", "a hint for your seat is being worked out already: wait for it")
        lesson = lesson_of(record)
        expected = lesson.expected(state) if lesson is not None and seat == lesson.seat else None
        asked = expected[0] if expected else None  # a move of several actions: its first
        save = state.to_json()
        pool = self.service.pool
        self.busy.add((record.id, seat))
        try:
            found = await pool.run(hint_in_worker, record.game_id, save, seat,
                                   hint_seed(record.seed, seat, version), pool.think, asked)
        except Exception as exc:  # noqa: BLE001 - the search failed: say so, without its traceback
            log.exception("hint for table %s seat %s failed", record.id, seat)
            raise api_error(500, "hint_failed", f"the hint could not be worked out ({type(exc).__name__})") from None
        finally:
            self.busy.discard((record.id, seat))
        # the very dict the state offers (its key order), so the page can find it on the board
        action = next((a for a in legal if a == found["action"]), None)
        if action is None:
            log.error("hint for table %s seat %s is not a legal move: %s", record.id, seat, found["action"])
            raise api_error(500, "hint_failed", "the hint could not be worked out (not a legal move)")
        answer = {"seat": seat, "version": version, "action": action, "chance": found["chance"],
                  "worlds": found["worlds"], "reviewer": "lesson" if asked is not None else found["reviewer"],
                  "seconds": found["seconds"]}
        self.remember(key, answer)
        return answer


def hint_routes(service, api_error: Callable[..., Exception], load_record) -> APIRouter:
    router = APIRouter()
    hints = Hints(service)
    ApiError = api_error  # noqa: N806 - the app's error class, raised as such

    @router.post("/api/tables/{table_id}/hint")
    async def hint(table_id: str, body: HintBody):
        """The hard bot's move for the token's seat now and the seat's estimated chance to win after
        it (every seat then playing like the medium bot): friendly, lesson and one-player tables only."""
        record = await load_record(table_id)
        seat = await asyncio.to_thread(service.store.seat_for_token, table_id, body.token)
        if seat is None:
            raise ApiError(403, "bad_token", "this token is not a seat of this table")
        return await hints.ask(record, seat, ApiError)

    return router


__all__ = ["HintBody", "Hints", "hint_in_worker", "hint_routes", "hint_seed", "offers_hints"]
