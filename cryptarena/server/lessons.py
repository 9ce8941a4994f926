"""Tutorial tables: a lesson (cryptarena.tutorials) played on a real table of the store.

The learner's seat is a person's; every other seat is "scripted": filled, played by the lesson's
script and by no bot. The table is friendly and private, kept out of the lobby and the histories,
and never handed to a stand-in bot. A move at such a table must be the one the lesson asks for; it
is stored together with the scripted moves and chance that follow it, up to the next asked move, as
one commit. Where the learner stands is read from the table's history, so a lesson survives a
restart like any table.
"""

from __future__ import annotations

import asyncio
from functools import cache

from fastapi import APIRouter, Request

from .. import tutorials
from ..engine import IllegalAction
from .platform_api import current_player
from .protocol import ProtocolError
from .store import SeatRecord, Store, TableRecord

SCRIPTED = "scripted"


@cache
def lesson_length(tutorial_id: str) -> int:
    """The history length of a finished lesson's table."""
    return tutorials.load(tutorial_id).total_moves()


def lesson_of(record: TableRecord):
    return tutorials.load(record.tutorial) if record.tutorial else None


def play_lesson_move(record: TableRecord, state, seat: int, actions: list[dict]) -> None:
    """The learner's move on a lesson's table, with the scripted steps after it; refused (nothing
    applied) with `tutorial_step` unless it is the move asked for."""
    lesson = lesson_of(record)
    try:
        lesson.play(state, seat, actions)
    except tutorials.WrongMove as exc:
        raise ProtocolError(exc.code, str(exc), ref="act") from None
    except IllegalAction as exc:
        raise ProtocolError.refusal(exc) from None


def guide(record: TableRecord, state, seat: int | None) -> dict | None:
    """What the guide panel shows the learner (nobody else sees a lesson's guide)."""
    lesson = lesson_of(record)
    if lesson is None or seat != lesson.seat:
        return None
    return lesson.guide(state)


async def start_lesson(store: Store, commits, tutorial_id: str, player) -> tuple[TableRecord, str]:
    """A new table for `player` at the lesson's first asked move: (its record, the learner's seat token)."""
    lesson = tutorials.load(tutorial_id)
    names = lesson.names + [None] * (lesson.players - len(lesson.names))
    rows = [SeatRecord(seat, "empty") if seat == lesson.seat else SeatRecord(seat, SCRIPTED, names[seat] or f"Player {seat + 1}")
            for seat in range(lesson.players)]
    record = await asyncio.to_thread(store.create_table, lesson.game_id, lesson.players, seed=lesson.seed,
                                     options=lesson.options, seat_kinds=rows, rated=False, spectators=False,
                                     tutorial=lesson.id)
    token = await asyncio.to_thread(store.take_seat, record.id, lesson.seat, kind="human", name=player.name,
                                    player_id=player.id)
    state = lesson.new_state()
    if state.history:
        await commits.append(record.id, 0, list(state.history), state)
    await asyncio.to_thread(store.set_status, record.id, "playing")
    await asyncio.to_thread(store.mark_all_seen, record.id)
    return await asyncio.to_thread(store.get_table, record.id), token


def lessons_json(store: Store, player_id: str | None) -> list[dict]:
    """Every lesson, with whether this player has finished it (a table of theirs at its end)."""
    finished = set()
    if player_id is not None:
        for tutorial_id, version in store.lesson_tables_of(player_id):
            if tutorial_id in tutorials.ids() and version >= lesson_length(tutorial_id):
                finished.add(tutorial_id)
    return [{"id": t.id, "game": t.game_id, "title": t.title, "minutes": t.minutes, "part": t.part,
             "parts": t.parts, "done": t.id in finished} for t in map(tutorials.load, tutorials.ids())]


def lesson_routes(service, accounts, api_error, table_json) -> APIRouter:
    """GET /api/tutorials (every lesson, `done` for the session's player) and POST
    /api/tutorials/{id} (a new table for that lesson: the table, the learner's seat and token)."""
    router = APIRouter()

    @router.get("/api/tutorials")
    async def list_lessons(request: Request):
        player = await current_player(request, accounts)
        return await asyncio.to_thread(lessons_json, service.store, player.id if player else None)

    @router.post("/api/tutorials/{tutorial_id}", status_code=201)
    async def begin_lesson(tutorial_id: str, request: Request):
        if tutorial_id not in tutorials.ids():
            raise api_error(404, "unknown_tutorial", f"no tutorial {tutorial_id[:40]!r}; "
                            f"known: {', '.join(tutorials.ids())}")
        player = await current_player(request, accounts)
        if player is None:
            raise api_error(401, "no_session", "pick a display name first (POST /api/session)")
        record, token = await start_lesson(service.store, service.commits, tutorial_id, player)
        return {"table": table_json(record), "seat": tutorials.load(tutorial_id).seat, "token": token}

    return router
