"""The platform around the tables, over HTTP: accounts and sessions, history, ratings, replays.

Identity: the session cookie (signed, HttpOnly, SameSite=Lax) holds a player id and that player's
session epoch. Every visitor who picks a name is a guest player; registering turns the same row into
an account (its games stay its own); signing in replaces the session's player; changing the password
moves the epoch on, which signs every other session of the account out. Errors are the API's shape,
`{"error": {"code", "message"}}`, and a refused sign-in says nothing of whether the name exists.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from .. import games
from .accounts import AccountError, Accounts, Player
from .protocol import AccountBody, PasswordBody
from .records import leaderboard, open_tables_of, profile, results_of
from .replays import ReplayError, check_file, file_seats, frames, replay_file
from .store import Store

CLASSES = ("2", "3+")


def platform_routes(store: Store, accounts: Accounts, api_error: Callable[..., Exception],
                    load_record: Callable) -> APIRouter:
    router = APIRouter()
    ApiError = api_error  # noqa: N806 - the app's error class, raised as such

    def refuse(exc: AccountError):
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
        return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, status_code=exc.status,
                            headers=headers)

    def remember(request: Request, player: Player) -> None:
        request.session.clear()  # a new identity never inherits the old session's keys
        sign_session(request.session, player)

    async def me(request: Request, *, required: bool = True) -> Player | None:
        player = await current_player(request, accounts)
        if player is None and required:
            raise ApiError(401, "no_session", "pick a display name or sign in first")
        return player

    # ------------------------------------------------------------------ accounts
    @router.post("/api/account/register", status_code=201)
    async def register(body: AccountBody, request: Request):
        """A new account; a guest registering keeps its games (same player)."""
        current = await me(request, required=False)
        guest = current.id if current is not None and not current.registered else None
        try:
            player = await asyncio.to_thread(accounts.register, guest, body.name, body.password)
        except AccountError as exc:
            return refuse(exc)
        remember(request, player)
        return {"player": player.to_json()}

    @router.post("/api/account/sign-in")
    async def sign_in(body: AccountBody, request: Request):
        address = request.client.host if request.client else "unknown"
        try:
            player = await asyncio.to_thread(accounts.sign_in, body.name, body.password, address)
        except AccountError as exc:
            return refuse(exc)
        remember(request, player)
        return {"player": player.to_json()}

    @router.post("/api/account/sign-out")
    async def sign_out(request: Request):
        request.session.clear()
        return {"signed_out": True}

    @router.post("/api/account/password")
    async def change_password(body: PasswordBody, request: Request):
        player = await me(request)
        try:
            player = await asyncio.to_thread(accounts.change_password, player.id, body.current, body.new)
        except AccountError as exc:
            return refuse(exc)
        remember(request, player)  # this session stays signed in; every other one is signed out
        return {"player": player.to_json()}

    # ------------------------------------------------------------------ history and ratings
    @router.get("/api/players/{player_id}")
    async def player_profile(player_id: str):
        player = await asyncio.to_thread(accounts.get, player_id[:64])
        if player is None:
            raise ApiError(404, "unknown_player", f"no player {player_id[:40]!r}")
        found = await asyncio.to_thread(profile, store.engine, player.id)
        return {"player": player.to_json(), **found}

    @router.get("/api/me/games")
    async def my_games(request: Request):
        player = await me(request)
        finished = await asyncio.to_thread(results_of, store.engine, player.id, limit=50)
        unfinished = await asyncio.to_thread(open_tables_of, store.engine, player.id)
        return {"player": player.to_json(), "unfinished": unfinished, "finished": finished}

    @router.post("/api/tables/{table_id}/seats/{seat}/token")
    async def reclaim_seat(table_id: str, seat: int, request: Request):
        """A new seat token for a seat this player took, to go back to the table from another browser."""
        player = await me(request)
        await load_record(table_id)
        token = await asyncio.to_thread(store.reissue_token, table_id, seat, player.id)
        if token is None:
            raise ApiError(403, "not_your_seat", f"seat {seat} of this table was not taken by you")
        return {"seat": seat, "token": token}

    @router.get("/api/leaderboard/{game_id}")
    async def game_leaderboard(game_id: str, players: str = "2"):
        if game_id not in games.ids():
            raise ApiError(404, "unknown_game", f"no game {game_id[:40]!r}")
        players = {"3": "3+", "3 ": "3+"}.get(players, players)  # a '+' left unencoded in a URL reads as ' '
        if players not in CLASSES:
            raise ApiError(400, "bad_class", "players is '2' (two-player tables) or '3+' (three or more)")
        rows = await asyncio.to_thread(leaderboard, store.engine, game_id, players)
        return {"game": game_id, "class": players, "rows": rows,
                "model": "OpenSkill Plackett-Luce (mu 25, sigma 25/3); rating = mu - 3 sigma"}

    # ------------------------------------------------------------------ replays
    async def finished_table(table_id: str) -> tuple[Any, list]:
        record = await load_record(table_id)
        if record.status != "over":
            raise ApiError(409, "not_over", "this table is still being played: its replay opens when it ends")
        history = await asyncio.to_thread(store.history, table_id)
        return record, history

    @router.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, seat: str = "all"):
        record, history = await finished_table(table_id)
        game = games.load(record.game_id)
        try:
            found = await asyncio.to_thread(frames, game, record.players, record.seed, record.options, history, seat)
        except ReplayError as exc:
            raise ApiError(400, exc.code, exc.message) from None
        found["seats"] = [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent} for s in record.seats]
        found["table"] = table_id
        found["results"] = await asyncio.to_thread(results_of, store.engine, table_id=table_id, limit=1)
        return found

    @router.get("/api/tables/{table_id}/replay-file")
    async def table_replay_file(table_id: str):
        record, history = await finished_table(table_id)
        data = replay_file(record.game_id, record.players, record.seed, record.options, history,
                           [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent} for s in record.seats])
        return JSONResponse(data, headers={"Content-Disposition":
                                           f'attachment; filename="{record.game_id}-{table_id}.replay.json"'})

    @router.post("/api/replays", status_code=201)
    async def import_replay(request: Request):
        """Upload a replay file (as `replay-file` gives, or a save): it is checked by replaying it."""
        raw = await request.body()
        if len(raw) > 4 * 1024 * 1024:
            raise ApiError(413, "too_large", "a replay file is at most 4 MiB")
        try:
            data = json.loads(raw)
        except ValueError:
            raise ApiError(422, "malformed", "the replay file is not valid JSON") from None
        try:
            game, players, seed, options, history = await asyncio.to_thread(check_file, data)
        except ReplayError as exc:
            raise ApiError(400, exc.code, exc.message) from None
        replay_id = await asyncio.to_thread(store.add_replay, game.id, players, seed, options, history,
                                            file_seats(data, players))
        return {"id": replay_id, "url": f"/replay/file/{replay_id}"}

    @router.get("/api/replays/{replay_id}")
    async def imported_replay(replay_id: str, seat: str = "all"):
        found = await asyncio.to_thread(store.get_replay, replay_id[:64])
        if found is None:
            raise ApiError(404, "unknown_replay", f"no replay {replay_id[:40]!r}")
        game_id, players, seed, options, history, seats = found
        try:
            data = await asyncio.to_thread(frames, games.load(game_id), players, seed, options, history, seat)
        except ReplayError as exc:
            raise ApiError(400, exc.code, exc.message) from None
        data["seats"] = seats or [{"seat": s, "kind": "human", "name": None, "agent": None} for s in range(players)]
        data["replay"] = replay_id
        return data

    return router


def sign_session(session, player: Player) -> None:
    """The session is this player's (the epoch signs it out when their password changes)."""
    session.update(player=player.id, epoch=player.epoch, name=player.name, guest_id=player.id)


async def current_player(request_or_socket, accounts: Accounts) -> Player | None:
    """The session's player, or None. A session from before accounts (a name, no player) becomes a
    guest player on first use; a session whose epoch is behind the player's is signed out."""
    session = request_or_socket.session
    player_id = session.get("player")
    if player_id is None:
        if "name" not in session:
            return None
        player = await asyncio.to_thread(accounts.guest, session["name"])
        sign_session(session, player)
        return player
    player = await asyncio.to_thread(accounts.get, player_id)
    if player is None or player.epoch != session.get("epoch"):
        session.clear()
        return None
    return player
