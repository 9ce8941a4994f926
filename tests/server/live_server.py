"""A real server for tests: uvicorn in a thread on a free loopback port, and a small client with
httpx (cookies kept) and the `websockets` library."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time

import httpx
import uvicorn
from websockets.sync.client import connect

from cryptarena.server.app import create_app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def live_server(db_url: str, *, bot_delay: float = 0.0):
    with serving(create_app(db_url, bot_delay=bot_delay, secret_key="test-secret")) as base_url:
        yield base_url


@contextlib.contextmanager
def serving(app):
    """An app already built (a test that keeps a hand on it) served on a free loopback port."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def error_code(response) -> str:
    """The code of an API error answer (docs/protocol.md's error shape)."""
    return response.json()["error"]["code"]


def whole_log(known: list, state: dict) -> list:
    """A state's log made whole from the entries a socket already had (docs/protocol.md, `log_start`)."""
    return known[:state.get("log_start", 0)] + state["log"]


class LiveSocket:
    def __init__(self, url: str, cookie: str | None):
        headers = {"Cookie": cookie} if cookie else None
        self._ws = connect(url, additional_headers=headers, max_size=2**22, open_timeout=10)

    def send_json(self, data) -> None:
        self._ws.send(json.dumps(data))

    def send_text(self, text: str) -> None:
        self._ws.send(text)

    def receive_json(self, timeout: float = 20):
        """The next message; a state's log whole (the server sends the entries new to this socket)."""
        message = json.loads(self._ws.recv(timeout=timeout))
        if message.get("type") == "state" and "log" in message:
            message["log"] = whole_log(getattr(self, "_log", []), message)
            self._log = message["log"]
        return message

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._ws.close()


class LiveClient:
    """httpx for HTTP (the session cookie is kept) and sockets that carry the same cookie."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=20)

    def get(self, path, **kwargs):
        return self.http.get(path, **kwargs)

    def post(self, path, **kwargs):
        return self.http.post(path, **kwargs)

    def websocket_connect(self, path: str) -> LiveSocket:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items()) or None
        return LiveSocket(self.base_url.replace("http://", "ws://") + path, cookie)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.http.close()
