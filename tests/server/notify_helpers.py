"""What the notification tests share: a real SMTP server (aiosmtpd) that keeps every mail it
receives, a real HTTP receiver for webhooks that fails on demand, a served app on a fake clock
(fake_clock.py) whose notifier the test drives (`drain`), and people who register, confirm an address
and play."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
import time
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller

from cryptarena.server.app import create_app
from fake_clock import FakeClock
from live_server import LiveClient, free_port, serving

PUBLIC = "http://arena.test:8000"  # the --public-url the test apps are given: every link must start with it
PASSWORD = "correct horse"


class SmtpSink:
    """A real SMTP server on a free loopback port; every mail received is parsed and kept, in order.
    `smtp_options` go to aiosmtpd's SMTP (tls_context, require_starttls, authenticator, ...);
    `ssl_context` makes it TLS from the first byte (smtps)."""

    def __init__(self, ssl_context=None, **smtp_options):
        self.received: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.delay = 0.0  # seconds each DATA takes: makes workers overlap in the exactly-once tests
        self._lock = threading.Lock()
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
                if sink.delay:
                    await asyncio.sleep(sink.delay)
                message = message_from_bytes(envelope.content, policy=policy.default)
                with sink._lock:
                    sink.received.append(message)
                    sink.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
                return "250 Message accepted for delivery"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port, ssl_context=ssl_context,
                                     **smtp_options)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def take(self, to: str | None = None) -> list[EmailMessage]:
        """The mails received since the last take (only those to `to`, if given; the others stay)."""
        with self._lock:
            taken = [m for m in self.received if to is None or m["To"] == to]
            self.received = [m for m in self.received if m not in taken]
        return taken

    def __enter__(self):
        self.controller.start()
        return self

    def __exit__(self, *exc):
        self.controller.stop()


class HookReceiver:
    """A real HTTP server on a free loopback port standing for Discord or Slack: records every POST
    (path, headers, JSON body) and answers `fail_status` to the first `fail_first` calls, then 204."""

    def __init__(self, fail_first: int = 0, fail_status: int = 500):
        self.calls: list[dict] = []
        self.fail_first, self.fail_status = fail_first, fail_status
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's hook name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.calls.append({"path": self.path, "headers": dict(self.headers), "json": json.loads(body)})
                status = receiver.fail_status if len(receiver.calls) <= receiver.fail_first else 204
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hooks/abc"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


@contextlib.contextmanager
def arena(db_url: str, clock: FakeClock, smtp_url: str | None = None, **options):
    """An app on `db_url` served on a free port, its notifier idle until the test drains it."""
    options = {"notify_interval": 0, "socket_rate": 1000, "socket_burst": 2000, **options}
    app = create_app(db_url, bot_delay=0, secret_key="test-secret", clock=clock.now, smtp_url=smtp_url,
                     public_url=PUBLIC, **options)
    with serving(app) as base_url:
        yield app, base_url


def drain(app):
    """One pass of the app's notifier in the server's own event loop (what its worker does every
    second), waited for."""
    loop = app.state.service.loop
    return asyncio.run_coroutine_threadsafe(app.state.notifier.drain(), loop).result(timeout=60)


def text_of(message: EmailMessage) -> str:
    return message.get_body(("plain",)).get_content()


def links(message: EmailMessage) -> list[str]:
    return re.findall(r"https?://\S+", text_of(message))


def local(url: str) -> str:
    """A link from a mail (it starts with the public URL) as a path on the test server."""
    assert url.startswith(PUBLIC), url
    return url.removeprefix(PUBLIC)


def person(base_url: str, name: str) -> LiveClient:
    client = LiveClient(base_url)
    made = client.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    client.player = made.json()["player"]
    return client


def confirm_address(client: LiveClient, app, sink: SmtpSink, address: str) -> EmailMessage:
    """Ask for `address`, read the confirmation mail it gets, follow its link; returns the mail."""
    asked = client.post("/api/me/email", json={"address": address})
    assert (asked.status_code, asked.json()) == (202, {"pending": address}), asked.text
    drain(app)
    [mail] = sink.take(to=address)
    [link] = [u for u in links(mail) if "/email/confirm/" in u]
    page = client.get(local(link))
    assert page.status_code == 200, page.text
    assert client.get("/api/me/notifications").json()["email"] == {"address": address, "pending": None,
                                                                   "confirmed": True}
    return mail


def wait_absent(app, table_id: str, seat: int, timeout: float = 10) -> None:
    """Until the server has closed its side of the seat's socket (it then stops marking it seen)."""
    deadline = time.monotonic() + timeout
    while (table_id, seat) in app.state.service._present:
        assert time.monotonic() < deadline, "the server never noticed the socket closed"
        time.sleep(0.01)


def next_state(ws, above: int = -1) -> dict:
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            raise AssertionError(f"the server refused: {message}")
        if message["type"] == "state" and message["version"] > above:
            return message


def sit(client: LiveClient, table_id: str, token: str):
    """Open the table as that seat (a socket, hello): (socket, state)."""
    ws = client.websocket_connect(f"/ws/tables/{table_id}")
    ws.send_json({"type": "hello", "token": token})
    return ws, next_state(ws)


def catch_up(ws, version: int) -> dict:
    """The socket's state at `version` or later (states pushed before it are skipped)."""
    ws.send_json({"type": "sync"})
    return next_state(ws, above=version - 1)


def play(ws, seat: int, state: dict, rng) -> dict:
    """Random legal moves while the table waits for `seat`; the last state."""
    while not state["over"] and seat in state["to_act"] and state["legal"]:
        ws.send_json({"type": "act", "action": rng.choice(state["legal"]), "version": state["version"]})
        state = next_state(ws, above=state["version"])
    return state


def leave(ws, app, table_id: str, seat: int) -> None:
    ws.__exit__()
    wait_absent(app, table_id, seat)


def play_turn(client: LiveClient, app, table_id: str, token: str, seat: int, rng) -> dict:
    """Open the table as `seat`, play its turn, close the tab; the last state."""
    ws, state = sit(client, table_id, token)
    state = play(ws, seat, state, rng)
    leave(ws, app, table_id, seat)
    return state


def turn_based_table(host: LiveClient, guest: LiveClient, game: str = "crypt", seed: int = 3) -> tuple[str, dict]:
    """A started turn-based two-person table: `host` at seat 0, `guest` at seat 1 (tokens by seat)."""
    table = host.post("/api/tables", json={"game": game, "players": 2, "seed": seed, "pace": "turn-based"})
    assert table.status_code == 201, table.text
    table_id = table.json()["table"]["id"]
    tokens = {0: host.post(f"/api/tables/{table_id}/seats/0", json={"kind": "human"}).json()["token"],
              1: guest.post(f"/api/tables/{table_id}/seats/1", json={"kind": "human"}).json()["token"]}
    assert host.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, tokens
