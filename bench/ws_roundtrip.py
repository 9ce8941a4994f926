"""WebSocket round trip of an action, with N concurrent tables of bots (issue 4).

Starts a real `cryptarena serve` process on a free loopback port with a fresh SQLite file, creates N
Crypt tables of 3 seats (seat 0 is this script, seats 1-2 are greedy bots playing server-side with no
think delay), and plays all N games at once over real WebSockets. For every action seat 0 sends it
records the time from sending `act` to receiving the `state` of the new version (validated, stored
in SQLite, broadcast). Prints the median and p99 over all actions.

    .venv/bin/python bench/ws_roundtrip.py --tables 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def play_table(base: str, table_id: str, token: str, rng: random.Random, rtts: list[float]) -> int:
    async with websockets.connect(base.replace("http", "ws") + f"/ws/tables/{table_id}", max_size=2**23) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        waiting_for = -1
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "state":
                continue
            if sent_at is not None and message["version"] >= waiting_for:
                rtts.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["over"]:
                return message["version"]
            if 0 in message["to_act"] and message["legal"] and sent_at is None:
                legal = message["legal"]
                action = rng.choice(legal)
                waiting_for = message["version"] + 1
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))


async def run(base: str, tables: int, seed: int) -> tuple[list[float], int]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        await http.post("/api/session", json={"name": "bench"})
        jobs = []
        for index in range(tables):
            table = (await http.post("/api/tables", json={"game": "crypt", "players": 3, "seed": seed + index})).json()["table"]
            token = (await http.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"})).json()["token"]
            for seat in (1, 2):
                await http.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot", "agent": "greedy"})
            await http.post(f"/api/tables/{table['id']}/start")
            jobs.append((table["id"], token, random.Random(seed + index)))
    rtts: list[float] = []
    versions = await asyncio.gather(*(play_table(base, t, tok, rng, rtts) for t, tok, rng in jobs))
    return rtts, sum(versions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/bench.db"
        server = subprocess.Popen([sys.executable, "-m", "cryptarena.cli", "serve", "--port", str(port), "--db", db,
                                   "--bot-delay", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            started = time.perf_counter()
            rtts, moves = asyncio.run(run(base, args.tables, args.seed))
            elapsed = time.perf_counter() - started
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
    rtts.sort()
    p99 = rtts[min(len(rtts) - 1, int(0.99 * len(rtts)))]
    print(f"{args.tables} concurrent Crypt tables (1 client seat + 2 greedy bots each), SQLite, one server process")
    print(f"actions timed: {len(rtts)}; moves stored in all: {moves}; wall {elapsed:.1f} s "
          f"({moves / elapsed:.0f} stored moves/s)")
    print(f"round trip act -> state: median {statistics.median(rtts) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms, max {rtts[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
