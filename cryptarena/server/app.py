"""The ASGI app: lobby and table HTTP API, the table WebSocket (table_socket.py), the static browser client."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.middleware.sessions import SessionMiddleware

from .. import games
from ..engine import Game
from ..ai.agents import agent_names
from .bus import LocalBus, RedisBus
from .heap import HeapPolicy
from .logs import RequestLogMiddleware
from .metrics import ArenaMetrics, database_error
from .clocks import ClockError, choose as choose_clock
from .protocol import CreateTableBody, SeatBody, SessionBody
from .service import TableService, table_json
from .accounts import Accounts, Player
from .hints import hint_routes
from .lessons import lesson_routes
from .turns_api import turns_routes
from .notify import DEFAULT_FROM, Notifier, Tokens, default_mail_dir, mailer_for, notify_routes
from .reviews import ReviewWorker, review_routes
from .platform_api import current_player, platform_routes, sign_session
from .store import DEFAULT_URL, Store, StoreError, TableSeat, UnknownTable
from .table_socket import TABLE_ID, socket_routes

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("cryptarena.server")


class SameOriginMiddleware:
    """Refuses state-changing HTTP calls a browser makes from another site (cross-site request
    forgery): a POST, PUT, PATCH or DELETE whose `Sec-Fetch-Site` says cross-site, or whose `Origin`
    names another host than the one asked. Calls without those headers (curl, scripts, the tests'
    clients) carry no ambient browser cookie to abuse and pass."""

    UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] in self.UNSAFE:
            headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
            origin, host = headers.get("origin"), headers.get("host", "")
            cross = headers.get("sec-fetch-site") == "cross-site" or \
                (origin is not None and (origin == "null" or origin.split("://", 1)[-1] != host))
            if cross:
                response = JSONResponse({"error": {"code": "cross_site", "message":
                                                   "a state-changing call from another site is refused"}},
                                        status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _secret_key(db_url: str) -> str:
    """A signing key kept beside the SQLite file, so sessions survive a restart."""
    if db_url.startswith("sqlite:///") and ":memory:" not in db_url:
        path = Path(db_url.removeprefix("sqlite:///")).parent / "secret_key"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            path.write_text(secrets.token_urlsafe(32))
            path.chmod(0o600)
        return path.read_text().strip()
    return secrets.token_urlsafe(32)


def _game_json(game) -> dict:
    return {"id": game.id, "name": game.name, "min_players": game.min_players, "max_players": game.max_players,
            "pitch": game.pitch, "options": game.options_schema(), "agents": agent_names(game),
            "rules_url": f"/api/games/{game.id}/rules", "phases": dict(game.phases),
            "action_types": dict(game.action_types),
            # a game with decks to build (Pharaoh) has a deck builder page
            "deck_builder": f"/decks/{game.id}" if type(game).check_deck is not Game.check_deck else None}


def create_app(db_url: str = DEFAULT_URL, *, bot_delay: float = 0.4, secret_key: str | None = None,
               redis_url: str | None = None, socket_rate: float = 20.0, socket_burst: int = 40,
               grace: float = 60.0, bot_think: float = 2.0, bot_processes: int = 1,
               secure_cookies: bool = False, heap_interval: float = 1.0, clock=None, smtp_url: str | None = None,
               mail_from: str = DEFAULT_FROM, public_url: str = "http://127.0.0.1:8000", mail_dir: str | None = None,
               notify_interval: float = 1.0, reviews: int = 1, review_settings=None) -> FastAPI:
    """The whole server. `redis_url`: fan table events out through Redis pub/sub so that several
    processes on one database serve the same tables (docs/deploy.md); None: this process only.
    `socket_rate`/`socket_burst`: each socket's message budget (messages per second, bucket size).
    `grace`: seconds a seated person may be without a socket, in play, before a bot stands in for them.
    `bot_think`: the most seconds a search bot (hard) thinks over one decision; `bot_processes`: the
    worker processes search bots think in (off this process's event loop and interpreter lock).
    `secure_cookies`: the session cookie is sent over HTTPS only (behind TLS, docs/deploy.md).
    `heap_interval`: seconds between freezes of the long-lived objects out of the cycle collector's
    way (server/heap.py); 0 leaves the collector as Python sets it.
    `clock`: what time it is (a function returning an aware datetime): the players' clocks, deadlines
    and mails read it; tests move it forward instead of sleeping.
    Notifications (server/notify): `smtp_url` (smtp://user:pass@host:port, ?starttls=1, smtps://) sends
    mail from `mail_from`; without it each mail is an .eml file in `mail_dir` (default: beside the
    SQLite file). `public_url` starts every link a mail carries. `notify_interval`: seconds between two
    passes over the outbox (0: no worker; tests call `app.state.notifier.drain()`).
    `reviews`: game reviews this process runs at once, each in a worker process (0: none); `review_settings`:
    what each may spend (server/reviews: ReviewSettings)."""
    store = Store(db_url, clock=clock)
    metrics = ArenaMetrics(store)  # this app's own registry (docs/protocol.md, "Operations")
    bus = RedisBus(redis_url) if redis_url else LocalBus()
    service = TableService(store, bus, bot_delay=bot_delay, metrics=metrics, grace=grace, bot_think=bot_think,
                           bot_processes=bot_processes)
    secret_key = secret_key or _secret_key(db_url)
    tokens = Tokens(secret_key, store.now)  # the links in mails are signed like the session cookie
    # present: this process's open sockets, marked seen before a "your move" is judged (service keeps them)
    notifier = Notifier(store, mailer_for(smtp_url, mail_from, mail_dir or default_mail_dir(db_url)), tokens=tokens,
                        public_url=public_url, interval=notify_interval, present=lambda: list(service._present))
    app_reviews = ReviewWorker(store, reviews, review_settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        await bus.start()
        await service.resume_all()
        service.watch_leavers()
        notifier.start()
        app_reviews.start()
        heap = None
        if heap_interval > 0:
            heap = asyncio.get_running_loop().create_task(HeapPolicy(heap_interval, on_step=metrics.heap_step_done).run())
        yield
        if heap is not None:
            heap.cancel()
        await notifier.stop()
        await app_reviews.stop()
        await service.shutdown()
        await bus.close()
        store.close()

    app = FastAPI(title="Crypt Arena", version="0.1.0", lifespan=lifespan,
                  description="Lobby and tables of Crypt Arena. The table socket is documented in docs/protocol.md.")
    accounts = Accounts(store.engine)
    app.add_middleware(SameOriginMiddleware)
    # Starlette's session cookie is signed (itsdangerous) and HttpOnly; SameSite=Lax keeps it off
    # cross-site POSTs, and SameOriginMiddleware refuses those outright.
    app.add_middleware(SessionMiddleware, secret_key=secret_key,
                       session_cookie="ca_session", same_site="lax", max_age=60 * 60 * 24 * 365,
                       https_only=secure_cookies)
    app.add_middleware(RequestLogMiddleware)
    app.state.service = service
    app.state.metrics = metrics
    app.state.notifier, app.state.reviews = notifier, app_reviews

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError):
        metrics.error(exc.code)
        return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException):
        """Starlette's own refusals (no such path, wrong method, an unreadable body) in our error shape.
        A body FastAPI could not even decode (its 400) is malformed, like any other bad JSON (422)."""
        code, status = {400: ("malformed", 422), 404: ("not_found", 404),
                        405: ("method_not_allowed", 405)}.get(exc.status_code, ("bad_request", exc.status_code))
        metrics.error(code)
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, status_code=status,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_request: Request, exc: RequestValidationError):
        detail = json.loads(json.dumps(exc.errors(), default=str))
        metrics.error("malformed")
        return JSONResponse({"error": {"code": "malformed", "message": "the request body is malformed",
                                       "detail": detail}}, status_code=422)

    def load_game(game_id: str):
        try:
            return games.load(game_id)
        except games.UnknownGame as exc:
            raise ApiError(404, "unknown_game", exc.reason) from None

    async def load_record(table_id: str):
        if not TABLE_ID.fullmatch(table_id):  # never a table of ours: no need to ask the database
            raise ApiError(404, "unknown_table", f"no table {table_id[:40]!r}")
        try:
            return await service.record(table_id)
        except UnknownTable as exc:
            raise ApiError(404, "unknown_table", str(exc)) from None

    # ---------------------------------------------------------------- operations
    @app.get("/healthz", include_in_schema=False)
    async def healthz():
        problem = await asyncio.to_thread(database_error, store)
        if problem:
            return JSONResponse({"status": "error", "db": problem}, status_code=503)
        return {"status": "ok", "db": "ok"}

    @app.get("/metrics", include_in_schema=False)
    async def prometheus_metrics():
        body = await asyncio.to_thread(generate_latest, metrics.registry)  # tables_live asks the database
        return Response(body, media_type=CONTENT_TYPE_LATEST)

    # ---------------------------------------------------------------- session
    def session_json(player: Player) -> dict:
        return {"name": player.name, "guest_id": player.id, "player": player.to_json()}

    @app.post("/api/session")
    async def start_session(body: SessionBody, request: Request):
        """A guest picks a display name (or changes it); an account keeps its name."""
        name = body.name.strip() or "Guest"
        player = await current_player(request, accounts)
        if player is None:
            player = await asyncio.to_thread(accounts.guest, name)
        elif not player.registered:
            await asyncio.to_thread(accounts.rename_guest, player.id, name)
            player = await asyncio.to_thread(accounts.get, player.id)
        sign_session(request.session, player)
        return session_json(player)

    @app.get("/api/session")
    async def get_session(request: Request):
        player = await current_player(request, accounts)
        if player is None:
            raise ApiError(401, "no_session", "pick a display name first (POST /api/session), or sign in")
        request.session["name"] = player.name
        return session_json(player)

    # ---------------------------------------------------------------- games
    @app.get("/api/games")
    async def list_games():
        return [_game_json(games.load(game_id)) for game_id in games.ids()]

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str):
        return _game_json(load_game(game_id))

    @app.get("/api/games/{game_id}/rules", response_class=PlainTextResponse)
    async def get_rules(game_id: str, lang: str = "en"):
        """The rules summary (Markdown) in English, French or Chinese (`?lang=en|fr|zh`)."""
        from ..engine.messages import LANGUAGES  # imported here: this function is the only user
        if lang not in LANGUAGES:
            raise ApiError(400, "bad_lang", f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
        return load_game(game_id).rules_summary(lang)

    @app.get("/api/games/{game_id}/messages")
    async def get_messages(game_id: str):
        game = load_game(game_id)
        package = type(game).__module__.rsplit(".", 1)[0]
        try:
            return json.loads(resources.files(package).joinpath("messages.json").read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}

    @app.get("/api/games/{game_id}/components")
    async def get_components(game_id: str):
        """The game's public components (a deck builder's cards, hexes, characters, limits)."""
        data = load_game(game_id).components()
        if data is None:
            raise ApiError(404, "no_components", f"{game_id} publishes no components")
        return data

    @app.post("/api/games/{game_id}/decks/check")
    async def check_deck(game_id: str, deck: dict[str, Any], lang: str = "en"):
        """What a deck breaks, each problem as a message key, its parameters and its text in `lang`."""
        from ..engine.messages import LANGUAGES, render
        game = load_game(game_id)
        if lang not in LANGUAGES:
            raise ApiError(400, "bad_lang", f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
        problems = game.check_deck(deck)
        if problems is None:
            raise ApiError(404, "no_decks", f"{game_id} has no decks to build")
        return {"legal": not problems,
                "problems": [{**p, "text": render(game, p, lang, sentence=False)} for p in problems]}

    # ---------------------------------------------------------------- tables
    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTableBody):
        load_game(body.game)
        try:
            clock = choose_clock(body.pace, body.clock.model_dump() if body.clock else None, body.on_timeout,
                                 body.turn_clock)
            record = await service.create(body.game, body.players, body.options, body.seed, body.names,
                                          clock, rated=body.rated, spectators=body.spectators)
        except (games.OptionError, ClockError) as exc:
            raise ApiError(400, exc.code, exc.reason) from None
        return {"table": table_json(record)}

    @app.get("/api/tables")
    async def list_tables(status: str | None = None):
        if status not in (None, "open", "playing", "over"):
            raise ApiError(400, "bad_status", "status must be open, playing or over")
        records = await asyncio.to_thread(store.list_tables, status)
        return [table_json(r) for r in records]

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str):
        return table_json(await load_record(table_id))

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(table_id: str, seat: int, body: SeatBody, request: Request):
        await load_record(table_id)
        player = await current_player(request, accounts) if body.kind == "human" else None
        if body.kind == "human" and player is None:
            raise ApiError(401, "no_session", "pick a display name first (POST /api/session)")
        try:
            token = await service.take_seat(table_id, seat, body.kind, player.name if player else None,
                                            body.agent, player.id if player else None)
        except TableSeat as exc:
            raise ApiError(400, exc.code, str(exc)) from None
        except StoreError as exc:
            code = "seat_taken" if "taken" in str(exc) else "bad_seat"
            raise ApiError(400, code, str(exc)) from None
        return {"seat": seat, "token": token} if token else {"seat": seat}

    @app.post("/api/tables/{table_id}/start")
    async def start_table(table_id: str):
        await load_record(table_id)
        try:
            return table_json(await service.start(table_id))
        except StoreError as exc:
            raise ApiError(400, "not_ready", str(exc)) from None

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(table_id: str):
        await load_record(table_id)
        return {"table": table_json(await service.rematch(table_id))}

    # ---------------------------------------------------------------- the table socket
    app.include_router(socket_routes(service, store, metrics, socket_rate, socket_burst))

    # ---------------------------------------------------------------- the browser client
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return _page("index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str):
        return _page("table.html")

    # The deck builder of a game with decks to build (Pharaoh); any other game has none (404).
    @app.get("/decks/{game_id}", include_in_schema=False)
    async def deck_builder_page(game_id: str):
        if _game_json(load_game(game_id))["deck_builder"] is None:
            raise ApiError(404, "no_decks", f"{game_id} has no decks to build")
        return _page("decks.html")

    # The companion page: one phone runs a physical table (start screen, then the table by its code).
    @app.get("/companion", include_in_schema=False)
    async def companion_start_page():
        return _page("companion.html")

    @app.get("/companion/{table_id}", include_in_schema=False)
    async def companion_table_page(table_id: str):
        return _page("companion.html")

    app.include_router(platform_routes(store, accounts, ApiError, load_record))
    app.include_router(lesson_routes(service, accounts, ApiError, table_json))
    app.include_router(hint_routes(service, ApiError, load_record))
    app.include_router(turns_routes(store.engine, accounts, ApiError, store.now))
    app.include_router(notify_routes(store, accounts, ApiError, load_record, tokens, _page))
    app.include_router(review_routes(store, app_reviews, ApiError, load_record))

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str):
        return _page("replay.html")

    @app.get("/replay/file/{replay_id}", include_in_schema=False)
    async def imported_replay_page(replay_id: str):
        return _page("replay.html")

    @app.get("/players/{player_id}", include_in_schema=False)
    async def profile_page(player_id: str):
        return _page("profile.html")

    @app.get("/leaderboard/{game_id}", include_in_schema=False)
    async def leaderboard_page(game_id: str):
        load_game(game_id)
        return _page("leaderboard.html")

    if WEB_DIR.is_dir():
        app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app


def _page(name: str):
    path = WEB_DIR / name
    if not path.exists():
        return PlainTextResponse(f"the browser client ({name}) is not built yet; the API is at /docs", 503)
    return FileResponse(path)
