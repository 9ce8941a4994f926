"""Operations endpoints against a real server: /healthz (database up, database gone), Prometheus
/metrics after a game with bots, and the structured JSON log lines of `cryptarena serve`."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time

import httpx
import pytest
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families

from cryptarena.server.app import create_app
from live_server import LiveClient, free_port, live_server, serving


@pytest.fixture
def client(tmp_path):
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0) as base_url:
        with LiveClient(base_url) as test_client:
            yield test_client


def samples(client) -> dict:
    """(sample name, {labels}) -> value, from /metrics parsed as Prometheus text."""
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"] == CONTENT_TYPE_LATEST
    values = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            values[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return values


def total(values: dict, name: str, **labels) -> float:
    """The sum of `name` over the samples whose labels include `labels` (0 when none)."""
    return sum(v for (n, ls), v in values.items() if n == name and set(labels.items()) <= set(ls))


def receive_state(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


# ---------------------------------------------------------------------------- /healthz
def test_healthz_answers_ok_while_the_database_answers(client):
    response = client.get("/healthz")
    assert (response.status_code, response.json()) == (200, {"status": "ok", "db": "ok"})


def test_healthz_answers_503_when_the_database_is_gone(tmp_path):
    data = tmp_path / "volume"
    app = create_app(f"sqlite:///{data / 'arena.db'}", bot_delay=0, secret_key="test-secret")
    with serving(app) as base_url, httpx.Client(base_url=base_url, timeout=20) as http:
        assert http.get("/healthz").status_code == 200
        # The volume holding the database disappears; the pool's next connection must open the file anew.
        shutil.rmtree(data)
        app.state.service.store.engine.dispose()
        response = http.get("/healthz")
        assert response.status_code == 503
        body = response.json()
        assert body["status"] == "error"
        assert "unable to open database file" in body["db"]
        assert http.get("/metrics").status_code == 200  # metrics still answer, without the live tables


# ---------------------------------------------------------------------------- /metrics
def test_metrics_count_tables_actions_latency_bot_thinking_errors_and_sockets(client):
    before = samples(client)
    assert total(before, "cryptarena_actions_total") == 0
    assert total(before, "cryptarena_connections") == 0

    client.post("/api/session", json={"name": "Ada"})
    table = client.post("/api/tables", json={"game": "crypt", "players": 3, "seed": 5}).json()["table"]
    token = client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()["token"]
    for seat in (1, 2):
        client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot", "agent": "greedy"})
    assert client.post(f"/api/tables/{table['id']}/start").json()["status"] == "playing"
    assert client.get("/api/tables/nope").status_code == 404  # an HTTP error, counted by its code

    human_moves, last_sent = 0, -1
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = receive_state(ws)
        while (human_moves < 2 or state["version"] == human_moves) and not state["over"]:  # bots moved too
            # only Ada may act (no bot move races hers), once per version (a state may be pushed twice)
            if state["to_act"] == [0] and state["legal"] and state["version"] > last_sent:
                legal = state["legal"]  # as test_api: moves that end Ada's turn, so the bots get theirs
                action = next((a for a in legal if a["type"] in ("confirm", "recover", "pass")), legal[0])
                ws.send_json({"type": "act", "action": action, "version": state["version"]})
                human_moves, last_sent = human_moves + 1, state["version"]
                assert human_moves < 50, "the bots never moved"
            state = receive_state(ws)
        while not state["over"] and (state["to_act"] != [0] or state["version"] <= last_sent):
            state = receive_state(ws)  # the bots play until only Ada may act, after her last move
        assert not state["over"], "the test needs the table still in play"
        ws.send_json({"type": "act", "action": {"type": "place", "slot": 99, "effort": 3},
                      "version": state["version"]})
        reply = ws.receive_json()
        while reply["type"] != "error":  # a state pushed twice may come first
            reply = ws.receive_json()
        refused = reply["code"]
        assert refused in ("illegal_action", "wrong_action_type")  # the engine's refusal, in this phase

        # a move's state reaches the socket as it is published; its latency is observed just after:
        # wait (bounded) until the server has recorded every stored move
        deadline = time.monotonic() + 10
        values = samples(client)
        while total(values, "cryptarena_action_latency_seconds_count", game="crypt") < state["version"] \
                and time.monotonic() < deadline:
            time.sleep(0.05)
            values = samples(client)
        assert total(values, "cryptarena_connections") == 1
    version = state["version"]
    bot_moves = version - human_moves
    assert human_moves >= 2 and bot_moves > 0

    assert total(values, "cryptarena_tables_live", game="crypt") == 1
    assert total(values, "cryptarena_actions_total", game="crypt", source="human") == human_moves
    assert total(values, "cryptarena_actions_total", game="crypt", source="bot") == bot_moves
    assert total(values, "cryptarena_action_latency_seconds_count", game="crypt") == version
    assert total(values, "cryptarena_action_latency_seconds_bucket", game="crypt", le="+Inf") == version
    assert total(values, "cryptarena_bot_think_seconds_count", game="crypt", agent="greedy") == bot_moves
    # every move went through a group commit: the groups' moves add up to the moves stored
    assert total(values, "cryptarena_commit_moves_sum") == version
    assert 1 <= total(values, "cryptarena_commit_seconds_count") <= version
    assert total(values, "cryptarena_errors_total", code=refused) == 1
    assert total(values, "cryptarena_errors_total", code="unknown_table") == 1
    assert total(values, "cryptarena_errors_total") == 2

    deadline = time.monotonic() + 10  # the server notices the closed socket on its own time
    while total(samples(client), "cryptarena_connections") != 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert total(samples(client), "cryptarena_connections") == 0


def test_two_apps_in_one_process_count_apart(tmp_path):
    with live_server(f"sqlite:///{tmp_path / 'a.db'}") as first, \
            live_server(f"sqlite:///{tmp_path / 'b.db'}") as second:
        with LiveClient(first) as a, LiveClient(second) as b:
            a.get("/api/tables/nope")
            assert total(samples(a), "cryptarena_errors_total", code="unknown_table") == 1
            assert total(samples(b), "cryptarena_errors_total", code="unknown_table") == 0


# ---------------------------------------------------------------------------- structured logs
def test_serve_writes_one_json_object_per_line_for_requests_actions_and_errors(tmp_path):
    port = free_port()
    command = [sys.executable, "-c", "from cryptarena.cli import app; app()", "serve", "--port", str(port),
               "--db", f"sqlite:///{tmp_path / 'arena.db'}", "--bot-delay", "0", "--log-format", "json"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base_url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert server.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        with LiveClient(base_url) as client:
            table = client.post("/api/tables", json={"game": "crypt", "players": 2, "seed": 3}).json()["table"]
            for seat in (0, 1):
                client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot", "agent": "random"})
            client.post(f"/api/tables/{table['id']}/start")
            while client.get(f"/api/tables/{table['id']}").json()["status"] != "over":
                assert time.monotonic() < deadline + 60, "the bots did not finish"
                time.sleep(0.05)
            with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
                ws.send_json({"type": "hello"})
                receive_state(ws)
                ws.send_json({"type": "act", "action": {"type": "recover"}, "version": 0})
                assert ws.receive_json()["code"] == "spectator"
            final_version = client.get(f"/api/tables/{table['id']}").json()["version"]
    finally:
        server.terminate()
        _, stderr = server.communicate(timeout=30)

    lines = [json.loads(line) for line in stderr.splitlines() if line.strip()]  # every line is JSON
    assert all({"ts", "level", "logger", "message"} <= set(line) for line in lines)

    requests = [line for line in lines if line.get("event") == "request"]
    create = next(r for r in requests if r["method"] == "POST" and r["path"] == "/api/tables")
    assert create["status"] == 201 and isinstance(create["latency_ms"], float)
    assert any(r["path"] == f"/api/tables/{table['id']}" and r["table_id"] == table["id"] for r in requests)

    acts = [line for line in lines if line.get("event") == "act"]
    assert final_version > 0
    assert [a["version"] for a in acts] == list(range(1, final_version + 1))
    assert all(a["table_id"] == table["id"] and a["game"] == "crypt" and a["source"] == "bot"
               and a["seat"] in (0, 1) and isinstance(a["latency_ms"], float) for a in acts)

    errors = [line for line in lines if line.get("event") == "error"]
    assert any(e["code"] == "spectator" and e["table_id"] == table["id"] and e["seat"] is None for e in errors)
