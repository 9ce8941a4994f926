"""A game's published components and its deck check over HTTP, and a deck brought in one socket
message (`act` with `actions`: all or nothing), against a real server, real WebSockets, SQLite."""

from __future__ import annotations

import pytest

from live_server import LiveClient, live_server
from test_api import receive_state


@pytest.fixture
def client(tmp_path):
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0) as base_url:
        with LiveClient(base_url) as test_client:
            yield test_client


CUSTOM = {"character": "warlord", "cards": {"dagger": 4, "halberd": 4, "block": 4, "rally": 4, "footwork": 4,
                                            "healing_potion": 4},
          "hexes": ["armoury", "crossroads", "antechamber", "hidden_door", "jackal_den"]}


def deck_actions(deck: dict) -> list[dict]:
    """A deck as the browser sends it: the character, one add per copy, the hexes, ready."""
    return ([{"type": "build", "character": deck["character"]}]
            + [{"type": "add", "card": c} for c, n in deck["cards"].items() for _ in range(n)]
            + [{"type": "add_hex", "hex": h} for h in deck["hexes"]] + [{"type": "ready"}])


def test_components_and_deck_checks(client):
    data = client.get("/api/games/pharaoh/components").json()
    assert data["starter_set"] is True
    assert (len(data["characters"]), len(data["cards"]), len(data["hexes"]), len(data["monsters"]),
            len(data["decks"])) == (4, 61, 26, 7, 4)
    warlord = next(c for c in data["characters"] if c["id"] == "warlord")
    assert "great_axe" in warlord["may_use"] and "fireball" not in warlord["may_use"] and "key" not in warlord["may_use"]
    assert data["limits"]["deck_min"] == 25 and data["limits"]["rarity_caps"]["U"] == 1
    missing = client.get("/api/games/crypt/components")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "no_components")

    legal = client.post("/api/games/pharaoh/decks/check", json=CUSTOM).json()
    assert legal == {"legal": True, "problems": []}
    broken = {**CUSTOM, "cards": {**CUSTOM["cards"], "dagger": 5, "fireball": 1}, "hexes": ["armoury"]}
    answer = client.post("/api/games/pharaoh/decks/check", params={"lang": "fr"}, json=broken).json()
    assert answer["legal"] is False
    keys = [p["msg"] for p in answer["problems"]]
    assert keys == ["pharaoh.deck.copies", "pharaoh.deck.may_not_use",
                    "pharaoh.deck.hex_count", "pharaoh.deck.no_exit"], keys
    assert answer["problems"][0]["params"] == {"item": "dagger", "n": 5, "max": 4}
    assert answer["problems"][0]["text"] == "Dague : 5 exemplaires, au plus 4 identiques"
    assert client.post("/api/games/pharaoh/decks/check", json=["dagger"]).status_code == 422
    assert client.post("/api/games/pharaoh/decks/check", json={"character": 7}).json()["problems"][0]["msg"] == \
        "pharaoh.deck.unknown_character"
    assert client.post("/api/games/pharaoh/decks/check", params={"lang": "de"}, json=CUSTOM).status_code == 400
    no_decks = client.post("/api/games/crypt/decks/check", json=CUSTOM)
    assert (no_decks.status_code, no_decks.json()["error"]["code"]) == (404, "no_decks")


def pharaoh_table(client):
    client.post("/api/session", json={"name": "Ada"})
    table = client.post("/api/tables", json={"game": "pharaoh", "players": 2, "seed": 3}).json()["table"]
    token = client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()["token"]
    client.post(f"/api/tables/{table['id']}/seats/1", json={"kind": "bot", "agent": "greedy"})
    assert client.post(f"/api/tables/{table['id']}/start").json()["status"] == "playing"
    return table, token


def test_a_deck_sent_in_one_message_is_played_whole_or_not_at_all(client):
    table, token = pharaoh_table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = receive_state(ws)
        version = state["version"]
        # a deck one card short of the minimum: every add is legal, ready is refused, nothing stays
        short = {**CUSTOM, "cards": {**CUSTOM["cards"], "dagger": 3}}
        ws.send_json({"type": "act", "actions": deck_actions(short), "version": version})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "illegal_action", error
        assert error["message"].startswith("action 30 of 30 (ready): the deck is not legal yet: a deck holds 25–50 cards with the Key; this one has 24")
        # and in the catalogue's terms, for a page in another language: the key, each problem, which action
        assert error["key"] == "reason.pharaoh.deck_not_legal" and error["at"] == [30, 30], error
        assert error["params"]["problems"] == [{"msg": "pharaoh.deck.size", "params": {"min": 25, "max": 50, "n": 24}}]
        ws.send_json({"type": "sync"})
        state = receive_state(ws)
        assert state["version"] == version
        assert state["view"]["seats"][0]["setup"]["mode"] is None  # not even the character stayed
        for bad in ({"type": "act", "version": version},
                    {"type": "act", "action": {"type": "ready"}, "actions": [{"type": "ready"}], "version": version},
                    {"type": "act", "actions": [], "version": version},
                    {"type": "act", "actions": [{"type": "restart"}] * 101, "version": version}):
            ws.send_json(bad)
            assert ws.receive_json()["code"] == "malformed"
        actions = deck_actions(CUSTOM)
        ws.send_json({"type": "act", "actions": actions, "version": version})
        while (message := ws.receive_json())["type"] != "acted":
            assert message["type"] == "state", message
        assert message["version"] == version + len(actions)  # one stored move per action
        while (state := receive_state(ws))["version"] < version + len(actions):
            pass
        mine = state["view"]["seats"][0]
        assert mine["ready"] and (mine["decklist"] or mine["setup"]["cards"]) == CUSTOM["cards"]
