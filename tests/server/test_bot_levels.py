"""The three bot levels at a real server: the game's page offers them, and hard bots (search) think in
a worker process within the server's think bound while the table plays on over real WebSockets."""

from __future__ import annotations

from live_server import LiveClient, serving

from cryptarena.server.app import create_app


def test_hard_bots_play_from_worker_processes(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, secret_key="test-secret",
                     bot_think=0.2, bot_processes=1)
    with serving(app) as base_url:
        person = LiveClient(base_url)
        assert person.get("/api/games/quartz").json()["agents"][:3] == ["easy", "medium", "hard"]
        person.post("/api/session", json={"name": "Ada"})
        table_id = person.post("/api/tables", json={"game": "quartz", "players": 3, "seed": 4}).json()["table"]["id"]
        token = person.post(f"/api/tables/{table_id}/seats/0", json={"kind": "human"}).json()["token"]
        for seat, level in ((1, "hard"), (2, "easy")):
            reply = person.post(f"/api/tables/{table_id}/seats/{seat}", json={"kind": "bot", "agent": level})
            assert reply.status_code == 200, reply.text
        refused = person.post(f"/api/tables/{table_id}/seats/2", json={"kind": "bot", "agent": "grandmaster"})
        assert refused.status_code == 400
        assert person.post(f"/api/tables/{table_id}/start").status_code == 200
        ws = person.websocket_connect(f"/ws/tables/{table_id}")
        ws.send_json({"type": "hello", "token": token})
        movers: set[int] = set()
        for _ in range(400):
            message = ws.receive_json(timeout=30)
            if message["type"] != "state":
                continue
            movers |= {entry["seat"] for entry in message["log"] if "action" in entry}
            if {1, 2} <= movers or message["over"]:
                break
            if 0 in message["to_act"] and message["legal"]:
                ws.send_json({"type": "act", "action": message["legal"][0], "version": message["version"]})
        assert {1, 2} <= movers, movers
        assert app.state.service.pool.started  # the hard bot's decisions came from the pool
        ws._ws.close()


def test_an_expert_bot_is_offered_where_its_game_ships_one_and_thinks_like_hard(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, secret_key="test-secret",
                     bot_think=0.2, bot_processes=1)
    with serving(app) as base_url:
        person = LiveClient(base_url)
        assert person.get("/api/games/midas").json()["agents"][:4] == ["easy", "medium", "hard", "expert"]
        assert "expert" not in person.get("/api/games/quartz").json()["agents"]
        person.post("/api/session", json={"name": "Ada"})
        table_id = person.post("/api/tables", json={"game": "midas", "players": 2, "seed": 4}).json()["table"]["id"]
        token = person.post(f"/api/tables/{table_id}/seats/0", json={"kind": "human"}).json()["token"]
        reply = person.post(f"/api/tables/{table_id}/seats/1", json={"kind": "bot", "agent": "expert"})
        assert reply.status_code == 200, reply.text
        assert person.post(f"/api/tables/{table_id}/start").status_code == 200
        ws = person.websocket_connect(f"/ws/tables/{table_id}")
        ws.send_json({"type": "hello", "token": token})
        moved = False
        for _ in range(400):
            message = ws.receive_json(timeout=30)
            if message["type"] != "state":
                continue
            moved = any(entry["seat"] == 1 and "action" in entry for entry in message["log"])
            if moved or message["over"]:
                break
            if 0 in message["to_act"] and message["legal"]:
                ws.send_json({"type": "act", "action": message["legal"][0], "version": message["version"]})
        assert moved
        assert app.state.service.pool.started  # the expert's decisions came from the pool, like hard's
        ws._ws.close()
