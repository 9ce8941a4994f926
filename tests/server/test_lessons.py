"""Tutorial tables over a real server: a lesson starts at its first asked move, a wrong move is
refused with the lesson's reason and changes nothing, the asked one is stored with the scripted
moves after it, the table survives a restart at the same step, stays out of the lobby and of the
leavers' sweep, and a finished lesson is ticked for its player."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from live_server import LiveClient, error_code, serving

from cryptarena import tutorials
from cryptarena.server.app import create_app
from cryptarena.server.store import Store


def app_for(db_url: str):
    return create_app(db_url, bot_delay=0.0, secret_key="test-secret")


def next_of(ws, kind: str) -> dict:
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def begin(base_url: str, tutorial_id: str = "quartz"):
    client = LiveClient(base_url)
    client.post("/api/session", json={"name": "Learner"})
    reply = client.post(f"/api/tutorials/{tutorial_id}")
    assert reply.status_code == 201, reply.text
    return client, reply.json()


def open_lesson(client: LiveClient, started: dict):
    ws = client.websocket_connect(f"/ws/tables/{started['table']['id']}")
    ws.send_json({"type": "hello", "token": started["token"]})
    return ws, next_of(ws, "state")


def test_a_lesson_is_played_move_by_move_and_survives_a_restart(tmp_path):
    db_url = f"sqlite:///{tmp_path / 'arena.db'}"
    lesson = tutorials.load("quartz")
    with serving(app_for(db_url)) as base_url:
        client, started = begin(base_url)
        table = started["table"]
        assert table["tutorial"] == "quartz" and not table["rated"] and not table["spectators"]
        assert [s["kind"] for s in table["seats"]] == ["human", "scripted", "scripted"]
        assert [s["name"] for s in table["seats"]] == ["Learner", "Bram", "Cora"]
        ws, state = open_lesson(client, started)
        with ws:
            guide = state["tutorial"]
            assert guide["step"] == 0 and guide["steps"] == len(lesson.asked())
            assert guide["expect"] == [{"type": "reroll", "dice": [4]}]
            assert state["to_act"] == [0] and guide["expect"][0] in state["legal"]
            # a legal move that is not the one asked for: refused, the table as it was
            other = next(a for a in state["legal"] if a not in guide["expect"])
            ws.send_json({"type": "act", "action": other, "version": state["version"]})
            refused = next_of(ws, "error")
            assert refused["code"] == "tutorial_step" and "reroll" in refused["message"]
            ws.send_json({"type": "sync"})
            assert next_of(ws, "state")["version"] == state["version"]
            # the asked moves, up to the one after which the opponents play
            for _ in range(9):
                ws.send_json({"type": "act", "action": state["tutorial"]["expect"][0], "version": state["version"]})
                next_of(ws, "acted")
                state = next_of(ws, "state")
            assert state["tutorial"]["step"] == 9
            assert state["view"]["round"] == 2 and state["to_act"] == [0]  # Bram's and Cora's turns were played
            assert any(e.get("msg") == "quartz.steal" for e in state["log"])
            version = state["version"]
        # nobody else sees the lesson: not in the lobby, no spectators
        assert all(t["id"] != table["id"] for t in client.get("/api/tables").json())
        assert client.get("/api/tutorials").json()[0]["done"] is False
    with serving(app_for(db_url)) as base_url:  # a new server on the same database
        client2 = LiveClient(base_url)
        client2.http.cookies = client.http.cookies  # the same person, back after the restart
        ws, state = open_lesson(client2, started)
        with ws:
            assert state["version"] == version and state["tutorial"]["step"] == 9
            while not state["tutorial"]["done"]:
                ws.send_json({"type": "act", "action": state["tutorial"]["expect"][0], "version": state["version"]})
                next_of(ws, "acted")
                state = next_of(ws, "state")
            assert state["tutorial"]["expect"] is None and state["tutorial"]["done"]
            assert state["tutorial"]["pages"][-1]["say"]["en"].startswith("That is Quartz")
        listed = {t["id"]: t for t in client2.get("/api/tutorials").json()}
        assert listed["quartz"]["done"] is True and listed["quartz"]["game"] == "quartz"
        assert set(listed) == set(tutorials.ids())


def test_unknown_lessons_and_visitors_without_a_name_are_refused(tmp_path):
    with serving(app_for(f"sqlite:///{tmp_path / 'arena.db'}")) as base_url:
        nobody = LiveClient(base_url)
        reply = nobody.post("/api/tutorials/quartz")
        assert reply.status_code == 401 and error_code(reply) == "no_session"
        nobody.post("/api/session", json={"name": "Ada"})
        reply = nobody.post("/api/tutorials/chess")
        assert reply.status_code == 404 and error_code(reply) == "unknown_tutorial"
        assert "quartz" in reply.json()["error"]["message"]
        assert all(t["done"] is False for t in nobody.get("/api/tutorials").json())


def test_a_learner_who_walks_away_is_never_replaced_by_a_bot(tmp_path):
    db_url = f"sqlite:///{tmp_path / 'arena.db'}"
    with serving(app_for(db_url)) as base_url:
        begin(base_url)
    store = Store(db_url)
    try:
        assert store.replace_absent(datetime.now(timezone.utc) + timedelta(hours=1)) == []
        assert store.list_tables() == [] and store.list_tables("playing") == []
    finally:
        store.close()
