"""HTTP API and table socket against a real uvicorn server on a loopback port: real HTTP, real
WebSockets (the `websockets` client), a real SQLite file."""

from __future__ import annotations

import json

import pytest

from live_server import LiveClient, live_server


@pytest.fixture
def client(tmp_path):
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0) as base_url:
        with LiveClient(base_url) as test_client:
            yield test_client


def new_table(client, players=3, **options):
    response = client.post("/api/tables", json={"game": "crypt", "players": players, "options": options, "seed": 5})
    assert response.status_code == 201, response.text
    return response.json()["table"]


def test_games_are_listed_with_their_options(client):
    games = client.get("/api/games").json()
    crypt = next(g for g in games if g["id"] == "crypt")
    assert crypt["min_players"] == 1 and crypt["max_players"] == 4
    assert {"collectors", "torch_direction"} <= {o["name"] for o in crypt["options"]}
    assert "greedy" in crypt["agents"]
    assert "Collect" in client.get("/api/games/crypt/rules").text
    assert "crypt.claim" in client.get("/api/games/crypt/messages").json()["en"]
    assert client.get("/openapi.json").json()["info"]["title"] == "Crypt Arena"


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "chess", "players": 2}, 404, "unknown_game"),
    ({"game": "crypt", "players": 9}, 400, "bad_players"),
    ({"game": "crypt", "players": 2, "options": {"colectors": "B"}}, 400, "unknown_option"),
    ({"game": "crypt", "players": 2, "options": {"collectors": "C"}}, 400, "bad_option_value"),
    ({"game": "crypt"}, 422, "malformed"),
    ({"game": "crypt", "players": 2, "surprise": 1}, 422, "malformed"),
])
def test_bad_table_requests_are_named(client, body, status, code):
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert client.get("/api/tables").json() == []


def test_unknown_table_and_seat_errors(client):
    assert client.get("/api/tables/nope").json()["error"]["code"] == "unknown_table"
    table = new_table(client, 2)
    assert client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()["error"]["code"] == "no_session"
    client.post("/api/session", json={"name": "Ada"})
    assert "token" in client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()
    again = client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"})
    assert (again.status_code, again.json()["error"]["code"]) == (400, "seat_taken")
    assert client.post(f"/api/tables/{table['id']}/seats/5", json={"kind": "human"}).json()["error"]["code"] == "bad_seat"
    not_ready = client.post(f"/api/tables/{table['id']}/start")
    assert (not_ready.status_code, not_ready.json()["error"]["code"]) == (400, "not_ready")
    bad_bot = client.post(f"/api/tables/{table['id']}/seats/1", json={"kind": "bot", "agent": "genius"})
    assert "unknown agent" in bad_bot.json()["error"]["message"]


def seat_people_and_bots(client, players=3, people=1):
    client.post("/api/session", json={"name": "Ada"})
    table = new_table(client, players)
    tokens = [client.post(f"/api/tables/{table['id']}/seats/{s}", json={"kind": "human"}).json()["token"]
              for s in range(people)]
    for seat in range(people, players):
        client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot", "agent": "greedy"})
    assert client.post(f"/api/tables/{table['id']}/start").json()["status"] == "playing"
    return table, tokens


def receive_state(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def test_a_whole_game_over_the_socket_with_two_bots(client):
    table, (token,) = seat_people_and_bots(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = receive_state(ws)
        assert state["seat"] == 0
        moves = 0
        while not state["over"]:
            if 0 in state["to_act"] and state["legal"]:
                legal = state["legal"]
                action = next((a for a in legal if a["type"] in ("confirm", "recover", "pass")), legal[0])
                ws.send_json({"type": "act", "action": action, "version": state["version"]})
                moves += 1
            state = receive_state(ws)
        assert state["scores"] and state["winners"] is not None
        assert moves > 0
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "over"
    rematch = client.post(f"/api/tables/{table['id']}/rematch")
    assert rematch.status_code == 201
    assert [s["kind"] for s in rematch.json()["table"]["seats"]] == ["empty", "bot", "bot"]


def test_bad_socket_messages_get_clear_errors_and_change_nothing(client):
    table, (token,) = seat_people_and_bots(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["code"] == "hello_first"
        ws.send_json({"type": "hello", "token": token})
        state = receive_state(ws)
        while 0 not in state["to_act"]:
            state = receive_state(ws)
        version = state["version"]
        for raw, code in [("{not json", "malformed"), ("[1, 2]", "malformed"),
                          (json.dumps({"type": "dance"}), "unknown_type"),
                          (json.dumps({"type": "act", "action": {"type": "place"}}), "malformed"),
                          (json.dumps({"type": "act", "action": {"type": "fly"}, "version": version}), "wrong_action_type"),
                          (json.dumps({"type": "act", "action": {"type": "place", "slot": 99, "effort": 3},
                                       "version": version}), "illegal_action"),
                          ("x" * 20000, "too_large")]:
            ws.send_text(raw)
            error = ws.receive_json()
            assert (error["type"], error["code"]) == ("error", code), (raw[:40], error)
        ws.send_json({"type": "act", "action": state["legal"][0], "version": version - 1 if version else 99})
        assert ws.receive_json()["code"] == "version_conflict"
        assert receive_state(ws)["version"] == version  # a fresh state follows; nothing moved
        ws.send_json({"type": "sync"})
        assert receive_state(ws)["version"] == version
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == version


def test_wrong_tokens_and_spectators_cannot_act(client):
    table, (token,) = seat_people_and_bots(client)
    other, (other_token,) = seat_people_and_bots(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": other_token})
        assert receive_state(ws)["seat"] is None
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "act", "action": {"type": "recover"}, "version": 0})
        assert ws.receive_json()["code"] == "spectator"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["code"] == "unknown_table"


def test_spectators_see_no_secret_and_seats_get_their_own_view(client):
    table, tokens = seat_people_and_bots(client, players=2, people=2)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as watcher, \
            client.websocket_connect(f"/ws/tables/{table['id']}") as player:
        watcher.send_json({"type": "hello"})
        player.send_json({"type": "hello", "token": tokens[1]})
        seen, mine = receive_state(watcher), receive_state(player)
        assert seen["seat"] is None and seen["legal"] == []
        assert mine["seat"] == 1
        hidden = [c for c in seen["view"]["crypt"] if not c["face_up"]]
        assert hidden and all(c["value"] is None for c in hidden)
        assert all("secret" not in entry for entry in seen["log"])


def test_chat_reaches_everyone_at_the_table_and_bad_lines_are_refused(client):
    table, tokens = seat_people_and_bots(client, players=2, people=2)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ada, \
            client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
        ada.send_json({"type": "hello", "token": tokens[0]})
        watcher.send_json({"type": "hello"})
        receive_state(ada), receive_state(watcher)
        ada.send_json({"type": "chat", "text": "good luck!"})
        for ws in (ada, watcher):
            line = ws.receive_json()
            assert (line["type"], line["text"], line["seat"], line["name"]) == ("chat", "good luck!", 0, "Ada")
        for bad in ("", "x" * 501):
            ada.send_json({"type": "chat", "text": bad})
            assert ada.receive_json()["code"] == "malformed"


def merged(held: dict, state: dict) -> dict:
    """A patched state made whole from what the socket held (docs/protocol.md, "State patches")."""
    if not state.get("patch"):
        return state
    whole = dict(state)
    for field in ("view", "table"):
        whole[field] = {**held[field], **state[field]}
        for key in state.get(field + "_gone", []):
            del whole[field][key]
    return whole


def test_patched_states_merge_into_the_whole_states_of_a_plain_socket(client):
    """Two sockets of one seat through a whole game, one asking for patches: at every version both
    saw, the patched one's merged view and table equal the plain one's; patches leave parts out."""
    table, (token,) = seat_people_and_bots(client)
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as plain, client.websocket_connect(url) as patched:
        plain.send_json({"type": "hello", "token": token})
        patched.send_json({"type": "hello", "token": token, "patches": True})
        seen_plain, seen_patched, cut = {}, {}, {"views": 0, "tables": 0}
        state = receive_state(plain)
        held = receive_state(patched)
        assert "patch" not in held  # the first state is whole
        seen_plain[state["version"]], seen_patched[held["version"]] = state, held
        while not state["over"]:
            if 0 in state["to_act"] and state["legal"]:  # moves that end the turn: few acts, under the rate limit
                legal = state["legal"]
                action = next((a for a in legal if a["type"] in ("confirm", "recover", "pass")), legal[0])
                plain.send_json({"type": "act", "action": action, "version": state["version"]})
            state = receive_state(plain)
            seen_plain[state["version"]] = state
            while held["version"] < state["version"]:
                raw = receive_state(patched)
                if raw.get("patch"):
                    cut["views"] += len(raw["view"]) < len(held["view"])
                    cut["tables"] += len(raw["table"]) < len(held["table"])
                held = merged(held, raw)
                seen_patched[held["version"]] = held
        both = sorted(set(seen_plain) & set(seen_patched))
        assert len(both) > len(seen_plain) // 2
        for version in both:
            assert seen_patched[version]["view"] == seen_plain[version]["view"], version
            assert seen_patched[version]["table"] == seen_plain[version]["table"], version
            assert seen_patched[version]["legal"] == seen_plain[version]["legal"], version
        assert cut["views"] > 0 and cut["tables"] > 0
        patched.send_json({"type": "sync"})
        again = receive_state(patched)
        assert "patch" not in again and again["view"] == seen_plain[again["version"]]["view"]
