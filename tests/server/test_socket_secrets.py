"""What the server sends each seat is exactly the engine's view for that seat — for every
registered game — so the engine's secrecy (checked by the conformance suite) reaches the wire; and
two connections acting at once at one version never both apply."""

from __future__ import annotations

import json
import threading

import pytest

from cryptarena import games
from cryptarena.engine import Rng
from cryptarena.server.store import Store
from live_server import LiveClient, live_server


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "arena.db"


@pytest.fixture
def client(db_path):
    with live_server(f"sqlite:///{db_path}", bot_delay=0) as base_url:
        with LiveClient(base_url) as test_client:
            yield test_client


def next_state(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def seated_table(client, game_id: str, players: int, seed: int):
    client.post("/api/session", json={"name": "Tester"})
    table = client.post("/api/tables", json={"game": game_id, "players": players, "seed": seed}).json()["table"]
    tokens = [client.post(f"/api/tables/{table['id']}/seats/{s}", json={"kind": "human"}).json()["token"]
              for s in range(players)]
    assert client.post(f"/api/tables/{table['id']}/start").json()["status"] == "playing"
    return table, tokens


def stored_states(db_path, table_id: str):
    """version -> the table replayed from what the database holds (seed, options, moves)."""
    store = Store(f"sqlite:///{db_path}")
    record, history = store.get_table(table_id), store.history(table_id)
    store.close()
    game = games.load(record.game_id)
    return lambda version: game.replay(record.players, record.seed, record.options, history[:version])


@pytest.mark.parametrize("game_id", games.ids())
def test_every_payload_is_exactly_the_engine_view_of_its_seat(client, db_path, game_id):
    players = min(games.load(game_id).max_players, 3)
    table, tokens = seated_table(client, game_id, players, seed=21)
    sockets = [client.websocket_connect(f"/ws/tables/{table['id']}") for _ in range(players + 1)]
    received: list[dict] = []
    try:
        for seat, ws in enumerate(sockets):  # the last socket is a spectator
            ws.send_json({"type": "hello", "token": tokens[seat]} if seat < players else {"type": "hello"})
        latest = [next_state(ws) for ws in sockets]
        received += latest
        rng = Rng(3)
        for _ in range(60):
            if latest[0]["over"]:
                break
            # a seat among those to act: with simultaneous choices (Pharaoh's set-up, where a deck is
            # built card by card) one socket would otherwise send every move, faster than its rate limit
            acting = latest[0]["to_act"]
            seat = acting[rng.below(len(acting))]
            legal = latest[seat]["legal"]
            sockets[seat].send_json({"type": "act", "action": legal[rng.below(len(legal))],
                                     "version": latest[0]["version"]})
            latest = [next_state(ws) for ws in sockets]
            assert len({p["version"] for p in latest}) == 1  # every seat saw the same move
            received += latest
    finally:
        for ws in sockets:
            ws.__exit__()
    state_at = stored_states(db_path, table["id"])
    states: dict[int, object] = {}
    assert len(received) > 4 * (players + 1)
    for payload in received:
        seat, version = payload["seat"], payload["version"]
        state = states.setdefault(version, state_at(version))
        text = json.dumps(payload)
        assert '"secret"' not in text and str(state.rng.position) not in text
        assert payload["view"] == state.view(seat)
        assert payload["log"] == state.log_for(seat)
        assert payload["legal"] == (state.legal_actions(seat) if seat is not None else [])


def test_two_connections_acting_at_once_never_both_apply(client):
    table, tokens = seated_table(client, "crypt", 2, seed=4)
    first = client.websocket_connect(f"/ws/tables/{table['id']}")
    second = client.websocket_connect(f"/ws/tables/{table['id']}")  # the same player in a second tab
    try:
        for ws in (first, second):
            ws.send_json({"type": "hello", "token": tokens[0]})
        state = next_state(first)
        next_state(second)
        legal = state["legal"]
        choices = [a for a in legal if a["type"] == "place"][:2]
        barrier = threading.Barrier(2)

        def send(ws, action):
            barrier.wait()
            ws.send_json({"type": "act", "action": action, "version": state["version"]})

        threads = [threading.Thread(target=send, args=(ws, a)) for ws, a in zip((first, second), choices)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        outcomes = []
        for ws in (first, second):
            while True:
                message = ws.receive_json()
                if message["type"] == "error":
                    outcomes.append(message["code"])
                    break
                if message["type"] == "state" and message["version"] == state["version"] + 1:
                    # the broadcast of the applied move; the loser also gets an error
                    try:
                        extra = ws.receive_json(timeout=1.5)
                    except TimeoutError:
                        outcomes.append("applied")
                        break
                    outcomes.append(extra.get("code", "applied") if extra["type"] == "error" else "applied")
                    break
        assert sorted(outcomes) == ["applied", "version_conflict"]
    finally:
        first.__exit__()
        second.__exit__()
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == state["version"] + 1
