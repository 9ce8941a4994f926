"""Real `cryptarena serve` processes on one PostgreSQL schema and one Redis, and seat clients that play
through them: what the two-process tests (and nothing else) need."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import websockets

from live_server import free_port, whole_log

REDIS_URL = os.environ.get("CRYPTARENA_TEST_REDIS", "redis://127.0.0.1:6379/0")


def redis_or_skip() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except (redis.RedisError, OSError) as exc:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {exc}")
    return REDIS_URL


@dataclass
class ServerProcess:
    port: int
    process: subprocess.Popen
    log_path: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """As a crash would: no shutdown, no goodbye to the sockets."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


def start_server(db_url: str, redis_url: str, log_dir: Path, *, secret_key: str = "shared-test-secret",
                 bot_delay: float = 0.0) -> ServerProcess:
    port = free_port()
    log_path = log_dir / f"serve-{port}.log"
    command = [sys.executable, "-m", "cryptarena.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--db", db_url, "--redis", redis_url, "--bot-delay", str(bot_delay), "--secret-key", secret_key,
               "--socket-rate", "1000", "--log-format", "json"]
    with log_path.open("w") as log_file:
        process = subprocess.Popen(command, stdout=log_file, stderr=subprocess.STDOUT)
    server = ServerProcess(port, process, log_path)
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server on port {port} exited:\n{server.log_tail()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(server.base_url + "/healthz", timeout=2).status_code == 200:
                return server
        if time.monotonic() > deadline:
            server.kill()
            raise RuntimeError(f"the server on port {port} did not answer /healthz:\n{server.log_tail()}")
        time.sleep(0.1)


@contextlib.contextmanager
def servers(db_url: str, redis_url: str, log_dir: Path, count: int = 2):
    started: list[ServerProcess] = []
    try:
        for _ in range(count):
            started.append(start_server(db_url, redis_url, log_dir))
        yield started
    finally:
        for server in started:
            if server.process.poll() is None:
                server.process.terminate()
                try:
                    server.process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.kill()


@dataclass
class SentAct:
    version: int  # the version the act was sent against
    action: dict
    # waiting (no reply yet) | stored (an "acted" reply) | refused (an error reply) | unknown (the socket died first)
    outcome: str = "waiting"


@dataclass
class SeatClient:
    """One person at the table: plays a random legal action whenever it is their turn, one act at a
    time, and on a dropped socket reconnects to the next server in `ws_urls`."""

    seat: int
    token: str
    table_id: str
    ws_urls: list[str]
    rng: random.Random
    states: list[dict] = field(default_factory=list)  # every state message, in the order received
    acts: list[SentAct] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    connections: list[str] = field(default_factory=list)

    async def play(self) -> None:
        which = 0
        while True:
            url = f"{self.ws_urls[which % len(self.ws_urls)]}/ws/tables/{self.table_id}"
            try:
                async with websockets.connect(url, open_timeout=10, max_size=2**22) as ws:
                    self.connections.append(url)
                    await ws.send(json.dumps({"type": "hello", "token": self.token}))
                    if await self._serve(ws):
                        return
            except (OSError, websockets.ConnectionClosed, asyncio.TimeoutError):
                pass
            if self.acts and self.acts[-1].outcome == "waiting":  # no reply came: stored or not, the store knows
                self.acts[-1].outcome = "unknown"
            which += 1
            await asyncio.sleep(0.05)

    async def _serve(self, ws) -> bool:
        """True once the game is over; returns False if the socket closed under us."""
        waiting: SentAct | None = None
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "state":
                message["log"] = whole_log(self.states[-1]["log"] if self.states else [], message)
                self.states.append(message)
            elif kind == "acted":
                assert waiting is not None, f"seat {self.seat}: an 'acted' reply without an act"
                assert message["version"] == waiting.version + 1
                waiting.outcome, waiting = "stored", None
            elif kind == "error":
                self.errors.append(message)
                if message.get("ref") == "act":
                    assert waiting is not None, f"seat {self.seat}: an act error without an act: {message}"
                    waiting.outcome, waiting = "refused", None
            if waiting is None and self.states:
                latest = self.states[-1]
                if latest["over"]:  # (and the reply to this seat's last act, if any, has come)
                    return True
                if self.seat in latest["to_act"] and latest["legal"] and not latest["over"]:
                    action = self.rng.choice(latest["legal"])
                    waiting = SentAct(latest["version"], action)
                    self.acts.append(waiting)
                    await ws.send(json.dumps({"type": "act", "action": action, "version": latest["version"]}))
        return False


def create_table(base_url: str, game: str, players: int, bot_seats: tuple[int, ...] = (), seed: int = 7):
    """A started table whose other seats are people (tokens returned by seat)."""
    with httpx.Client(base_url=base_url, timeout=10) as client:
        client.post("/api/session", json={"name": "host"}).raise_for_status()
        table = client.post("/api/tables", json={"game": game, "players": players, "seed": seed}).json()["table"]
        tokens = {}
        for seat in range(players):
            if seat in bot_seats:
                client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot"}).raise_for_status()
                continue
            with httpx.Client(base_url=base_url, timeout=10) as person:
                person.post("/api/session", json={"name": f"P{seat}"}).raise_for_status()
                reply = person.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "human"})
                reply.raise_for_status()
                tokens[seat] = reply.json()["token"]
        client.post(f"/api/tables/{table['id']}/start").raise_for_status()
    return table["id"], tokens
