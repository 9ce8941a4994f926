"""Nothing is lost: `kill -9` a real server process mid-game, start it again, and the table goes on
from the stored version; the same seat token still opens the same seat."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx

from live_server import LiveClient, free_port


def start_server(db_url: str, port: int) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "cryptarena.cli", "serve", "--port", str(port), "--db", db_url, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server process did not come up")


def next_state(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def play_until(ws, state, stop) -> dict:
    """Play seat 0's turns (a deterministic choice) until stop(state) is true."""
    while not stop(state):
        if 0 in state["to_act"] and state["legal"]:
            legal = state["legal"]
            action = next((a for a in legal if a["type"] in ("confirm", "recover", "pass")), legal[0])
            ws.send_json({"type": "act", "action": action, "version": state["version"]})
        state = next_state(ws)
    return state


def test_kill_minus_nine_mid_game_and_the_table_continues(tmp_path):
    # stopped where only seat 0 may act: no bot can store a move between that state and the kill
    db_url = f"sqlite:///{tmp_path / 'arena.db'}"
    port = free_port()
    server = start_server(db_url, port)
    try:
        with LiveClient(f"http://127.0.0.1:{port}") as client:
            client.post("/api/session", json={"name": "Ada"})
            table = client.post("/api/tables", json={"game": "crypt", "players": 3, "seed": 8}).json()["table"]
            token = client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()["token"]
            for seat in (1, 2):
                client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot", "agent": "greedy"})
            client.post(f"/api/tables/{table['id']}/start")
            with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
                ws.send_json({"type": "hello", "token": token})
                before = play_until(ws, next_state(ws), lambda s: s["view"]["round"] >= 3 and s["to_act"] == [0])
            cookies = dict(client.http.cookies)
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)

        server = start_server(db_url, port)
        with LiveClient(f"http://127.0.0.1:{port}") as client:
            client.http.cookies.update(cookies)
            assert client.get(f"/api/tables/{table['id']}").json()["version"] == before["version"]
            with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
                ws.send_json({"type": "hello", "token": token})
                after = next_state(ws)
                assert after["seat"] == 0
                assert after["version"] == before["version"]
                assert after["view"] == before["view"] and after["log"] == before["log"]
                assert after["legal"] == before["legal"]
                final = play_until(ws, after, lambda s: s["over"])
            assert final["winners"] is not None and len(final["scores"]) == 3
            assert client.get(f"/api/tables/{table['id']}").json()["status"] == "over"
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
