"""Reviews over HTTP (docs/protocol.md, "Reviews").

- `POST /api/tables/{id}/reviews`, `POST /api/replays/{id}/reviews` `{"seat", "reviewer"?}`: `202` the
  review of that seat by that reviewer, asked for now or earlier (a failed one is queued again).
- `GET /api/reviews/{id}`: the review, its result once done (the replay page polls it).
- `GET /api/tables/{id}/reviews`, `GET /api/replays/{id}/reviews`: the source's reviews, no results.

Nobody needs a session: a finished game's replay shows every seat's secrets to anyone who opens it,
and a review of a seat tells less than that (docs/ai.md, "Reviews").
"""

from __future__ import annotations

import asyncio
from typing import Callable

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ... import games
from ...ai.review import check_reviewer
from ..store import Store
from .store import ReviewsBusy, review_json
from .worker import ReviewWorker


class ReviewBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt
    reviewer: str = Field(default="hard", max_length=64)


def review_routes(store: Store, worker: ReviewWorker, api_error: Callable[..., Exception],
                  load_record: Callable) -> APIRouter:
    router = APIRouter()
    ApiError = api_error  # noqa: N806 - the app's error class, raised as such
    reviews = worker.reviews

    async def finished_table(table_id: str):
        record = await load_record(table_id)
        if record.status != "over":
            raise ApiError(409, "not_over", "this table is still being played: it can be reviewed when it ends")
        return record

    async def imported(replay_id: str) -> tuple[str, int]:
        found = await asyncio.to_thread(store.get_replay, replay_id[:64])
        if found is None:
            raise ApiError(404, "unknown_replay", f"no replay {replay_id[:40]!r}")
        return found[0], found[1]

    async def ask(source: str, source_id: str, game_id: str, players: int, body: ReviewBody) -> dict:
        if not 0 <= body.seat < players:
            raise ApiError(400, "bad_seat", f"seat {body.seat} is not a seat of this game: its seats are "
                           f"0..{players - 1}")
        try:
            check_reviewer(games.load(game_id), body.reviewer)
        except ValueError as exc:
            raise ApiError(400, "bad_reviewer", str(exc)) from None
        try:
            row = await asyncio.to_thread(reviews.request, source, source_id, game_id, body.seat, body.reviewer)
        except ReviewsBusy as exc:
            raise ApiError(429, "reviews_busy", str(exc)) from None
        if row.status == "queued":
            worker.poke()
        return review_json(row)

    @router.post("/api/tables/{table_id}/reviews", status_code=202)
    async def review_table(table_id: str, body: ReviewBody):
        """Ask for the review of one seat of a finished table (`reviewer`: "hard" unless the game has others)."""
        record = await finished_table(table_id)
        return await ask("table", record.id, record.game_id, record.players, body)

    @router.post("/api/replays/{replay_id}/reviews", status_code=202)
    async def review_replay(replay_id: str, body: ReviewBody):
        """Ask for the review of one seat of an imported replay."""
        game_id, players = await imported(replay_id)
        return await ask("replay", replay_id, game_id, players, body)

    @router.get("/api/reviews/{review_id}")
    async def get_review(review_id: str):
        row = await asyncio.to_thread(reviews.get, review_id[:64])
        if row is None:
            raise ApiError(404, "unknown_review", f"no review {review_id[:40]!r}")
        return review_json(row)

    @router.get("/api/tables/{table_id}/reviews")
    async def table_reviews(table_id: str):
        record = await load_record(table_id)
        rows = await asyncio.to_thread(reviews.list, "table", record.id)
        return {"reviews": [review_json(r, with_result=False) for r in rows]}

    @router.get("/api/replays/{replay_id}/reviews")
    async def replay_reviews(replay_id: str):
        await imported(replay_id)
        rows = await asyncio.to_thread(reviews.list, "replay", replay_id)
        return {"reviews": [review_json(r, with_result=False) for r in rows]}

    return router
