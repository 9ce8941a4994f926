"""The table WebSocket (docs/protocol.md): hello, moves, chat, votes and take-backs in; the table as
the socket's seat may see it out, after every move, whichever process stored it."""

from __future__ import annotations

import asyncio
import logging
import re

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .metrics import ArenaMetrics
from .protocol import Act, Chat, Hello, ProtocolError, Sync, TakeBack, Vote, parse_client_message
from .ratelimit import CLOSE_CODE as RATE_LIMIT_CLOSE_CODE, SocketRateLimit, Verdict
from .service import TableService, team_mates
from .store import Store, UnknownTable

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what store.create_table makes (secrets.token_urlsafe)
PATCHED = ("view", "table")  # the parts of a state a patch sends by changed top-level keys (docs/protocol.md)
log = logging.getLogger("cryptarena.server")


class NoSpectators(Exception):
    """A socket without a seat at a table played without spectators."""


def socket_routes(service: TableService, store: Store, metrics: ArenaMetrics, socket_rate: float,
                  socket_burst: int) -> APIRouter:
    """`socket_rate`/`socket_burst`: each socket's message budget (messages per second, bucket size)."""
    router = APIRouter()

    @router.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str):
        await ws.accept()
        try:
            if not TABLE_ID.fullmatch(table_id):
                raise UnknownTable(f"no table {table_id[:40]!r}")
            await service.record(table_id)
        except UnknownTable as exc:
            metrics.error("unknown_table")
            await ws.send_json({"type": "error", "code": "unknown_table", "message": str(exc)})
            await ws.close(code=4404)
            return
        connection = {"seat": None, "hello": False, "patches": False,
                      "name": ws.session.get("name") if "session" in ws.scope else None}
        queue = service.bus.subscribe(table_id)
        metrics.connections.inc()

        async def send_error(exc: ProtocolError) -> None:
            """Operations: every error answered on the socket is counted and logged, then sent."""
            metrics.error(exc.code)
            log.info("%s", exc.code, extra={"event": "error", "table_id": table_id, "seat": connection["seat"],
                                            "code": exc.code, "ref": exc.ref})
            await send(exc.payload())

        sent = {"version": -1, "log": 0}  # the latest version and the log entries this socket was sent
        # With patches: what this socket holds of the view and the table, each top-level part encoded
        held: dict[tuple[str, str], bytes] = {}
        # One message at a time on the socket (reader and writer both send); a state is read from the
        # store under the lock, so the versions a socket is sent only ever rise.
        send_lock = asyncio.Lock()

        async def send(data: dict) -> None:
            async with send_lock:
                await ws.send_text(orjson.dumps(data).decode())

        async def send_state(*, moved_to: int | None = None, whole_log: bool = False) -> None:
            """The table as this socket may see it; for a "moved" event, only if the socket has not
            already been sent that version or a later one (events from several processes may cross).
            The log comes as the entries the socket has not had yet (`log_start`), or whole."""
            async with send_lock:
                if moved_to is not None and moved_to <= sent["version"]:
                    return
                data = await service.payload(table_id, connection["seat"], at_least=moved_to or 0,
                                             log_from=0 if whole_log else sent["log"])
                if connection["patches"]:
                    patch(data, whole=whole_log)
                sent["version"] = max(sent["version"], data["version"])
                sent["log"] = data["log_start"] + len(data["log"])
                await ws.send_text(orjson.dumps(data).decode())

        def patch(data: dict, *, whole: bool) -> None:
            """Cut a state down to what this socket does not hold: of the view and of the table, the
            top-level parts that changed (`view_gone`/`table_gone` name parts no longer there). A whole
            state (after hello and sync) resets what the socket holds."""
            encoded = {(field, key): orjson.dumps(value) for field in PATCHED for key, value in data[field].items()}
            if not whole and held:
                data["patch"] = True
                for field in PATCHED:
                    gone = [key for (f, key) in held if f == field and (f, key) not in encoded]
                    data[field] = {key: value for key, value in data[field].items()
                                   if held.get((field, key)) != encoded[field, key]}
                    if gone:
                        data[field + "_gone"] = gone
            held.clear()
            held.update(encoded)

        async def read() -> None:
            limit = SocketRateLimit(socket_rate, socket_burst)  # this connection's own bucket
            while True:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    return
                verdict = limit.admit()  # before parsing: a flood costs one small reply, no database read
                if verdict is not Verdict.PASS:
                    await send_error(limit.refusal())
                    if verdict is Verdict.CLOSE:
                        await ws.close(code=RATE_LIMIT_CLOSE_CODE, reason="rate limited")
                        return
                    continue
                text = raw.get("text") if raw.get("text") is not None else (raw.get("bytes") or b"")
                try:
                    await handle(parse_client_message(text))
                except NoSpectators:
                    await send_error(ProtocolError("no_spectators", "this table is played without spectators: "
                                                   "its replay opens when it ends", ref="hello"))
                    await ws.close(code=4403, reason="no spectators")
                    return
                except ProtocolError as exc:
                    await send_error(exc)

        def seat_as(seat: int | None) -> None:
            """The connection plays `seat` (None: watches); the leavers' sweep counts it as present."""
            if connection["seat"] is not None:
                service.socket_closed(table_id, connection["seat"])
            connection["seat"] = seat
            if seat is not None:
                service.socket_opened(table_id, seat)

        async def handle(message) -> None:
            if isinstance(message, Hello):
                seat = await asyncio.to_thread(store.seat_for_token, table_id, message.token) if message.token else None
                if seat is None:
                    record = await service.record(table_id)
                    if not record.spectators and record.status == "playing":
                        raise NoSpectators()
                # Only now is the socket greeted: a push meanwhile would show the table as the old seat sees it.
                seat_as(seat)
                if seat is not None:  # present from now: no "your move" mail for a table one is looking at
                    await asyncio.to_thread(store.mark_seen, [(table_id, seat)])
                connection["hello"] = True
                connection["patches"] = message.patches
                service.forget(table_id)
                await send_state(whole_log=True)
                if message.token and seat is None:
                    raise ProtocolError("bad_token", "this token is not a seat of this table: you are watching",
                                        ref="hello")
                # A process that drove this table's bots may have died: whoever a client reaches picks them up.
                service.wake_bots(table_id)
                return
            if not connection["hello"]:
                raise ProtocolError("hello_first", "send hello first", ref=message.type)
            if isinstance(message, Sync):
                await send_state(whole_log=True)
            elif isinstance(message, TakeBack):
                if connection["seat"] is None:
                    raise ProtocolError("spectator", "you are watching: there is no seat to take back", ref="take_back")
                await service.take_back(table_id, connection["seat"])
            elif isinstance(message, Vote):
                if connection["seat"] is None:
                    raise ProtocolError("spectator", "you are watching: only the people at the table vote", ref="vote")
                await service.vote(table_id, connection["seat"], message.seat, message.choice)
            elif isinstance(message, Chat):
                record = await service.record(table_id)
                seat = connection["seat"]
                name = (record.seats[seat].name if seat is not None else None) or connection["name"] or "spectator"
                line = {"type": "chat", "name": name, "seat": seat, "text": message.text}
                if not message.team:
                    await service.bus.publish(table_id, {"kind": "chat", "line": line})
                    return
                # A team line: refused (and delivered to nobody) unless a seated player of a team game sends it.
                if seat is None:
                    raise ProtocolError("team_chat_spectator", "you are watching: team chat is for seated players",
                                        ref="chat")
                mates = team_mates(record, seat)
                if mates is None:
                    raise ProtocolError("no_teams", f"{record.game_id} has no teams: send the line without "
                                        "\"team\" for everyone at the table", ref="chat")
                await service.bus.publish(table_id, {"kind": "chat", "line": {**line, "team": True}, "to_seats": mates})
            elif isinstance(message, Act):
                if connection["seat"] is None:
                    raise ProtocolError("spectator", "you are watching: take a seat to play", ref="act")
                try:
                    actions = message.actions if message.actions is not None else [message.action]
                    version = await service.act_many(table_id, connection["seat"], actions, message.version)
                    await send({"type": "acted", "version": version})
                except ProtocolError as exc:
                    if exc.code == "version_conflict":
                        await send_error(exc)
                        await send_state()
                        return
                    raise

        async def write() -> None:
            while True:
                event = await queue.get()
                if event["kind"] == "chat":
                    # a team line goes only to sockets seated on that team (never to spectators)
                    if "to_seats" not in event or connection["seat"] in event["to_seats"]:
                        await send(event["line"])
                elif connection["hello"]:
                    if event["kind"] == "rematch":
                        await send({"type": "rematch", "table": event["table"]})
                    elif event["kind"] in ("replaced", "returned", "out_of_time"):  # a bot stands in, or stops
                        await send({"type": event["kind"], "seat": event["seat"],
                                    **({"reason": event["reason"]} if "reason" in event else {})})
                    await send_state(moved_to=event.get("version") if event["kind"] == "moved" else None)

        reader, writer = asyncio.create_task(read()), asyncio.create_task(write())
        try:
            await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        except WebSocketDisconnect:
            pass
        finally:
            for task in (reader, writer):
                task.cancel()
            await asyncio.gather(reader, writer, return_exceptions=True)
            service.bus.unsubscribe(table_id, queue)
            seat_as(None)
            service.release(table_id)  # the last socket here gone: the table costs this process nothing
            metrics.connections.dec()

    return router


__all__ = ["NoSpectators", "PATCHED", "TABLE_ID", "socket_routes"]
