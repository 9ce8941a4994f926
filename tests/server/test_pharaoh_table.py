"""Pharaoh's out-of-turn moments at a real server, over real WebSockets: a bot answers a person's attack
at once (the pause that lets people follow a bot's own moves is not taken), and a person who lets a
defence turn or a play-any-time window run past the table's turn clock gets a bot answering it for them,
like any other turn."""

from __future__ import annotations

from live_server import LiveClient, serving

from cryptarena.server.app import create_app

MOMENTS = ("window", "defend", "soak")
# A player who goes for the bot: a card and its target first, then on through the turn.
PREFERENCE = ("play", "target", "confirm", "draw", "explore", "place", "move", "done", "end", "pass")


def person_move(legal: list[dict]) -> dict:
    for kind in PREFERENCE:
        for action in legal:
            if action["type"] == kind and (kind != "play" or action.get("card") != "key"):
                return action
    return legal[0]


def table_with_a_bot(base_url, *, turn_clock: int | None, seed: int):
    """A started 2-seat Pharaoh table: a person at seat 0, a greedy bot at seat 1; the person's socket
    and its first state."""
    person = LiveClient(base_url)
    person.post("/api/session", json={"name": "Ada"})
    reply = person.post("/api/tables", json={"game": "pharaoh", "players": 2, "seed": seed, "turn_clock": turn_clock})
    assert reply.status_code == 201, reply.text
    table_id = reply.json()["table"]["id"]
    token = person.post(f"/api/tables/{table_id}/seats/0", json={"kind": "human"}).json()["token"]
    assert person.post(f"/api/tables/{table_id}/seats/1", json={"kind": "bot", "agent": "greedy"}).status_code == 200
    assert person.post(f"/api/tables/{table_id}/start").status_code == 200
    ws = person.websocket_connect(f"/ws/tables/{table_id}")
    ws.send_json({"type": "hello", "token": token})
    state = ws.receive_json()
    assert state["type"] == "state", state
    return ws, state


def pick_deck(ws, state: dict, deck: str) -> dict:
    """The person picks a starter deck (the bot may pick first: then again at the newer version)."""
    ws.send_json({"type": "act", "action": {"type": "pick", "deck": deck}, "version": state["version"]})
    refused = False
    while True:
        message = ws.receive_json(timeout=30)
        if message["type"] == "state" and message["version"] > state["version"]:
            state = message
        elif message["type"] == "error":
            assert message["code"] == "version_conflict", message
            refused = True
        elif message["type"] == "acted":
            return state
        if refused and state["version"] > 0:
            refused = False
            ws.send_json({"type": "act", "action": {"type": "pick", "deck": deck}, "version": state["version"]})


def next_state(ws, after: int) -> dict:
    while True:
        message = ws.receive_json(timeout=30)
        assert message["type"] != "error", message
        if message["type"] == "state" and message["version"] > after:
            return message


def test_a_bot_answers_an_attack_by_a_person_at_once(tmp_path):
    # Bots pause an hour between their own moves here: only an answer that skips the pause comes back
    # within the socket's timeout. With this seed the person moves first and throws knives at the bot.
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=3600.0, secret_key="test-secret")
    with serving(app) as base_url:
        ws, state = table_with_a_bot(base_url, turn_clock=None, seed=2)
        state = pick_deck(ws, state, "warlord")
        for _ in range(40):
            state = next_state(ws, state["version"])
            view = state["view"]
            if view["strike"] and view["strike"]["target"] == "c1" and state["to_act"] == [1]:
                break
            assert state["to_act"] != [1], "this seed should have the person attack the bot first"
            if 0 in state["to_act"] and state["legal"]:
                ws.send_json({"type": "act", "action": person_move(state["legal"]), "version": state["version"]})
        else:
            raise AssertionError("the person's attack on the bot never came")
        assert view["strike"]["by"] == 0 and view["decision"]["kind"] in MOMENTS
        attacked = state["version"]
        answer = next_state(ws, attacked)
        assert answer["version"] == attacked + 1
        seen = max(entry["seq"] for entry in state["log"])
        assert [entry["seat"] for entry in answer["log"] if "action" in entry and entry["seq"] > seen] == [1]
        ws._ws.close()


def test_an_out_of_turn_moment_runs_out_on_the_turn_clock_and_a_bot_answers_it(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, secret_key="test-secret", grace=60.0)
    with serving(app) as base_url:
        ws, state = table_with_a_bot(base_url, turn_clock=1, seed=1)
        state = pick_deck(ws, state, "warlord")
        for _ in range(300):
            message = ws.receive_json(timeout=30)
            assert message["type"] != "error", message
            if message["type"] != "state" or message["version"] <= state["version"]:
                continue
            state = message
            decision = state["view"]["decision"] or {}
            if 0 in state["to_act"] and decision.get("kind") in MOMENTS:
                break
            if 0 in state["to_act"] and state["legal"]:
                ws.send_json({"type": "act", "action": person_move(state["legal"]), "version": state["version"]})
        else:
            raise AssertionError("no defence turn or window came to the person")
        moment = decision["kind"]
        assert state["table"]["clock"]["reserve"] == 1 and state["clocks"][0]["running"]
        # the person lets it be: past the clock a bot answers for them, and they are told
        while True:
            message = ws.receive_json(timeout=30)
            if message["type"] == "replaced":
                break
        assert message == {"type": "replaced", "seat": 0, "reason": "timeout"}, moment
        answered = next_state(ws, state["version"])
        assert answered["table"]["seats"][0]["away"] == "timeout"
        seen = max(entry["seq"] for entry in state["log"])
        moved_by_bot = [entry for entry in answered["log"] if "action" in entry and entry["seq"] > seen]
        assert answered["version"] > state["version"] and answered["legal"] == []
        assert moved_by_bot and moved_by_bot[0]["seat"] == 0, (moment, moved_by_bot[:2])
        ws._ws.close()
