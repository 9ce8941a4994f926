"""Seats without a device (kind "table") over real HTTP and WebSockets: a game whose
`device_seats` is a subset (Midas, mode=companion: seat 0 runs the physical table) gets its other
seats as people at the table — named, filled for Start, never taken, played from the device seat.
Tables of every other kind are unchanged."""

from __future__ import annotations

import pytest

from live_server import LiveClient, live_server

COMPANION = {"mode": "companion", "chest_size": 3}


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'arena.db'}"


@pytest.fixture
def client(db_url):
    with live_server(db_url, bot_delay=0) as base_url, LiveClient(base_url) as test_client:
        yield test_client


def create(client, game="midas", players=3, options=None, names=None, seed=11):
    body = {"game": game, "players": players, "options": options or {}, "seed": seed}
    if names is not None:
        body["names"] = names
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()["table"]


def take_seat_zero(client, table_id):
    response = client.post(f"/api/tables/{table_id}/seats/0", json={"kind": "human"})
    assert response.status_code == 200, response.text
    return response.json()["token"]


def receive_state(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def state_at(ws, version):
    """The pushed state of that version (earlier pushes are skipped)."""
    state = receive_state(ws)
    while state["version"] < version:
        state = receive_state(ws)
    return state


def act(ws, state, action):
    ws.send_json({"type": "act", "action": action, "version": state["version"]})
    reply = receive_state(ws)
    assert reply["version"] == state["version"] + 1, reply
    return reply


def companion_choice(state):
    """The device's choice, always the same for the same state: reveal, then the lowest uncursed
    seat draws until cursed; buy the first favour offered; Obsidian 1; swap with the first."""
    legal = state["legal"]
    for kind in ("reveal", "buy", "draw", "obsidian", "swap"):
        action = next((a for a in legal if a["type"] == kind), None)
        if action:
            return action
    return legal[0]


def seats(table):
    return [(s["seat"], s["kind"], s["name"]) for s in table["seats"]]


def test_a_companion_table_seats_the_people_at_the_table_by_name(client):
    table = create(client, options=COMPANION, names=["Ada", "Bo", "Cy"])
    assert seats(table) == [(0, "empty", "Ada"), (1, "table", "Bo"), (2, "table", "Cy")]
    defaults = create(client, players=4, options=COMPANION)
    assert seats(defaults) == [(0, "empty", None), (1, "table", "Player 2"), (2, "table", "Player 3"),
                               (3, "table", "Player 4")]
    blanks = create(client, players=2, options=COMPANION, names=["  ", " Bo "])
    assert seats(blanks) == [(0, "empty", None), (1, "table", "Bo")]
    assert seats(client.get(f"/api/tables/{table['id']}").json()) == seats(table)
    # the lobby's links: a companion table opens on the companion page
    assert table["invite_url"] == f"/companion/{table['id']}"
    listed = client.get("/api/tables?status=open").json()
    assert {t["id"]: t["invite_url"] for t in listed}[table["id"]] == f"/companion/{table['id']}"


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"names": ["Ada", "Bo"]}, 400, "bad_names"),
    ({"names": ["Ada", "Bo", "Cy", "Di"]}, 400, "bad_names"),
    ({"names": ["Ada", "x" * 41, "Cy"]}, 422, "malformed"),
    ({"names": "Ada"}, 422, "malformed"),
    ({"players": 5}, 400, "bad_players"),
    ({"options": {"mode": "telepathy"}}, 400, "bad_option_value"),
    ({"pace": "turn-based"}, 400, "bad_pace"),  # one device at a physical table: played live
])
def test_bad_names_and_settings_are_named_and_store_nothing(client, body, status, code):
    request = {"game": "midas", "players": 3, "options": COMPANION, **body}
    response = client.post("/api/tables", json=request)
    assert (response.status_code, response.json()["error"]["code"]) == (status, code), response.text
    assert client.get("/api/tables").json() == []


def test_start_needs_only_the_device_seat_and_the_given_name_stays(client):
    client.post("/api/session", json={"name": "Phone"})
    table = create(client, options=COMPANION, names=["Ada", "Bo", "Cy"])
    not_ready = client.post(f"/api/tables/{table['id']}/start")
    assert (not_ready.status_code, not_ready.json()["error"]["code"]) == (400, "not_ready")
    assert "0" in not_ready.json()["error"]["message"]
    take_seat_zero(client, table["id"])
    started = client.post(f"/api/tables/{table['id']}/start").json()
    assert started["status"] == "playing"
    assert seats(started) == [(0, "human", "Ada"), (1, "table", "Bo"), (2, "table", "Cy")]
    unnamed = create(client, options=COMPANION)
    take_seat_zero(client, unnamed["id"])
    assert client.get(f"/api/tables/{unnamed['id']}").json()["seats"][0]["name"] == "Phone"


@pytest.mark.parametrize("started", [False, True])
def test_nobody_can_take_a_seat_at_the_physical_table(client, started):
    client.post("/api/session", json={"name": "Eve"})
    table = create(client, options=COMPANION, names=["Ada", "Bo", "Cy"])
    take_seat_zero(client, table["id"])
    if started:
        client.post(f"/api/tables/{table['id']}/start")
    for seat, body in ((1, {"kind": "human"}), (2, {"kind": "bot", "agent": "random"})):
        refused = client.post(f"/api/tables/{table['id']}/seats/{seat}", json=body)
        error = refused.json()["error"]
        assert (refused.status_code, error["code"]) == (400, "table_seat")
        assert "physical table" in error["message"] and ("Bo" if seat == 1 else "Cy") in error["message"]
    taken = client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"})
    assert taken.json()["error"]["code"] == ("bad_seat" if started else "seat_taken")
    after = client.get(f"/api/tables/{table['id']}").json()
    assert seats(after) == [(0, "human", "Ada"), (1, "table", "Bo"), (2, "table", "Cy")]


def test_the_device_seat_plays_for_every_player_to_the_end(client):
    client.post("/api/session", json={"name": "Ada"})
    table = create(client, options=COMPANION, names=["Ada", "Bo", "Cy"])
    token = take_seat_zero(client, table["id"])
    client.post(f"/api/tables/{table['id']}/start")
    with client.websocket_connect(f"/ws/tables/{table['id']}") as device, \
            client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
        device.send_json({"type": "hello", "token": token})
        watcher.send_json({"type": "hello"})
        state, seen = receive_state(device), receive_state(watcher)
        assert state["seat"] == 0 and state["to_act"] == [0] and state["legal"] == [{"type": "reveal"}]
        assert seen["seat"] is None and seen["legal"] == []
        watcher.send_json({"type": "act", "action": {"type": "reveal"}, "version": 0})
        assert watcher.receive_json()["code"] == "spectator"

        state = act(device, state, {"type": "reveal"})
        assert {"type": "lose_die", "player": 2} in state["legal"]
        state = act(device, state, {"type": "lose_die", "player": 2})  # a table seat's die, from seat 0
        assert [s["dice_count"] for s in state["view"]["seats"]] == [5, 5, 4]
        assert state["log"][-2]["msg"] == "midas.lose_die" and state["log"][-2]["params"]["seat"] == 2
        assert state_at(watcher, state["version"])["view"]["seats"][2]["dice_count"] == 4  # everyone sees it

        state = act(device, state, {"type": "reveal"})
        state = act(device, state, {"type": "draw", "player": 1})
        assert state["view"]["seats"][1]["chest"] == COMPANION["chest_size"] - 1
        moves = 3
        while not state["over"]:
            assert state["to_act"] == [0]
            state = act(device, state, companion_choice(state))
            moves += 1
        assert moves < 40
        assert state["winners"] == [2]  # the device always drew for the lowest seat still in play
        assert sum(s["cursed"] for s in state["view"]["seats"]) == 2
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "over"
    rematch = client.post(f"/api/tables/{table['id']}/rematch").json()["table"]
    assert rematch["options"]["mode"] == "companion"
    assert seats(rematch) == [(0, "empty", None), (1, "table", "Bo"), (2, "table", "Cy")]


@pytest.mark.parametrize(("game", "options"), [("midas", {}), ("midas", {"mode": "digital"}), ("crypt", {})])
def test_tables_played_from_a_device_per_seat_are_unchanged(client, game, options):
    table = create(client, game=game, players=3, options=options)
    assert seats(table) == [(0, "empty", None), (1, "empty", None), (2, "empty", None)]
    assert table["invite_url"] == f"/table/{table['id']}"
    client.post("/api/session", json={"name": "Ada"})
    take_seat_zero(client, table["id"])
    assert client.post(f"/api/tables/{table['id']}/start").json()["error"]["code"] == "not_ready"
    client.post(f"/api/tables/{table['id']}/seats/1", json={"kind": "bot", "agent": "random"})
    bo = client.post(f"/api/tables/{table['id']}/seats/2", json={"kind": "human"})
    assert "token" in bo.json()
    started = client.post(f"/api/tables/{table['id']}/start").json()
    assert [(s["kind"], s["name"]) for s in started["seats"]] == [("human", "Ada"), ("bot", None), ("human", "Ada")]
    named = create(client, game=game, players=3, options=options, names=["Ann", "", "Cat"])
    assert seats(named) == [(0, "empty", "Ann"), (1, "empty", None), (2, "empty", "Cat")]
    take_seat_zero(client, named["id"])
    client.post(f"/api/tables/{named['id']}/seats/1", json={"kind": "human"})
    assert [s["name"] for s in client.get(f"/api/tables/{named['id']}").json()["seats"]] == ["Ann", "Ada", "Cat"]


def test_a_companion_table_survives_a_server_restart(db_url):
    with live_server(db_url, bot_delay=0) as base_url, LiveClient(base_url) as client:
        client.post("/api/session", json={"name": "Ada"})
        table = create(client, options=COMPANION, names=["Ada", "Bo", "Cy"])
        token = take_seat_zero(client, table["id"])
        client.post(f"/api/tables/{table['id']}/start")
        with client.websocket_connect(f"/ws/tables/{table['id']}") as device:
            device.send_json({"type": "hello", "token": token})
            state = act(device, receive_state(device), {"type": "reveal"})
            before = act(device, state, {"type": "lose_die", "player": 1})
    with live_server(db_url, bot_delay=0) as base_url, LiveClient(base_url) as client:
        after_table = client.get(f"/api/tables/{table['id']}").json()
        assert after_table["status"] == "playing" and after_table["version"] == before["version"]
        assert seats(after_table) == [(0, "human", "Ada"), (1, "table", "Bo"), (2, "table", "Cy")]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as device:
            device.send_json({"type": "hello", "token": token})
            after = receive_state(device)
            assert after["seat"] == 0
            assert (after["view"], after["log"], after["legal"]) == (before["view"], before["log"], before["legal"])
            assert after["view"]["seats"][1]["dice_count"] == 4
            act(device, after, {"type": "reveal"})
