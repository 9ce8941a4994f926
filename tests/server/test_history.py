"""History, ratings and replays over the real API: a finished table is recorded with its players,
scores and winners; ratings move for people and bots (teams in Crusade), not for a friendly table,
and a rebuild from the history agrees; a replay is the engine's replay of the stored history, from
any seat or with every secret; its file reads back in `cryptarena replay` and imports; a table
without spectators refuses watchers while it is played."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from sqlalchemy import create_engine

from cryptarena import games
from cryptarena.server.records import rebuild
from cryptarena.terminal import load_replay
from live_server import LiveClient
from live_server import error_code as error


@pytest.fixture
def client(served):
    with LiveClient(served[0]) as test_client:
        yield test_client


def receive_state(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def play_against_a_bot(client, game="midas", *, rated=True, spectators=True, agent="medium") -> tuple[dict, str]:
    """A two-seat table: this client's person at seat 0 (first legal move each time), a bot at seat 1."""
    table = client.post("/api/tables", json={"game": game, "players": 2, "seed": 3, "rated": rated,
                                             "spectators": spectators}).json()["table"]
    token = client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()["token"]
    client.post(f"/api/tables/{table['id']}/seats/1", json={"kind": "bot", "agent": agent})
    assert client.post(f"/api/tables/{table['id']}/start").json()["status"] == "playing"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = receive_state(ws)
        while not state["over"]:
            if 0 in state["to_act"] and state["legal"]:
                ws.send_json({"type": "act", "action": state["legal"][0], "version": state["version"]})
            state = receive_state(ws)
    return table, token


def bots_only(client, game: str, players: int, agents: list[str]) -> dict:
    table = client.post("/api/tables", json={"game": game, "players": players, "seed": 11}).json()["table"]
    for seat, agent in enumerate(agents):
        client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot", "agent": agent})
    client.post(f"/api/tables/{table['id']}/start")
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table


def test_a_finished_game_is_in_my_games_and_my_profile_with_a_rating_that_moved(client):
    me = client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"}).json()["player"]
    table, _ = play_against_a_bot(client)
    mine = client.get("/api/me/games").json()
    assert mine["unfinished"] == []
    (result,) = mine["finished"]
    assert result["table"] == table["id"] and result["game"] == "midas" and result["rated"]
    assert result["replay_url"] == f"/replay/{table['id']}"
    seats = result["seats"]
    assert [(s["kind"], s["player"], s["agent"]) for s in seats] == [("human", me["id"], None), ("bot", None, "medium")]
    assert sorted(s["seat"] for s in seats if s["won"]) == result["winners"] and len(result["winners"]) == 1
    assert result["moves"] > 0
    mine_rating = seats[0]["rating"]
    assert mine_rating["after"] != mine_rating["before"]
    assert (mine_rating["after"] > mine_rating["before"]) == seats[0]["won"]
    profile = client.get(f"/api/players/{me['id']}").json()
    (midas,) = profile["games"]
    assert (midas["played"], midas["won"]) == (1, int(seats[0]["won"]))
    assert midas["ratings"][0]["class"] == "2" and midas["ratings"][0]["games"] == 1
    board = client.get("/api/leaderboard/midas", params={"players": "2"}).json()["rows"]
    assert {row["key"] for row in board} == {f"player:{me['id']}", "bot:medium"}
    assert next(r for r in board if r["player"] == me["id"])["name"] == "Ada"
    assert board[0]["rating"] >= board[1]["rating"]


def test_history_endpoints_refuse_bad_input(client):
    assert error(client.get("/api/me/games")) == "no_session"
    assert error(client.get("/api/players/nobody")) == "unknown_player"
    assert error(client.get("/api/leaderboard/chess")) == "unknown_game"
    assert error(client.get("/api/leaderboard/midas", params={"players": "7"})) == "bad_class"
    assert error(client.get("/api/tables/nope/replay")) == "unknown_table"


def test_a_friendly_table_is_recorded_but_rates_nobody(client):
    client.post("/api/session", json={"name": "Bea"})
    play_against_a_bot(client, rated=False)
    (result,) = client.get("/api/me/games").json()["finished"]
    assert not result["rated"] and all(s["rating"] is None for s in result["seats"])
    assert client.get("/api/leaderboard/midas").json()["rows"] == []


def test_bots_are_rated_and_teams_rate_as_teams_and_a_rebuild_agrees(client, served):
    client.post("/api/session", json={"name": "Cy"})
    bots_only(client, "midas", 2, ["medium", "random"])
    bots_only(client, "midas", 3, ["medium", "random", "random"])
    team = bots_only(client, "crusade", 4, ["medium", "medium", "random", "random"])  # GK: 0, 1; NM: 2, 3
    play_against_a_bot(client)
    crusade = client.get("/api/leaderboard/crusade", params={"players": "3+"}).json()["rows"]
    assert {r["key"] for r in crusade} == {"bot:medium", "bot:random"}
    assert all(r["games"] == 1 for r in crusade)
    result = client.get(f"/api/tables/{team['id']}/replay", params={"seat": "spectator"}).json()["results"][0]
    sides = {s["seat"]: s["won"] for s in result["seats"]}
    assert sides[0] == sides[1] and sides[2] == sides[3] and sides[0] != sides[2]  # one team won, as a team
    three = client.get("/api/leaderboard/midas", params={"players": "3+"}).json()["rows"]
    assert next(r for r in three if r["key"] == "bot:random")["games"] == 1  # two seats, one game
    found = rebuild(create_engine(served[1]))
    assert found["results"] == 4 and found["differences"] == []
    command = subprocess.run([sys.executable, "-m", "cryptarena.cli", "ratings", "--db", served[1]],
                             capture_output=True, text=True)
    assert command.returncode == 0, command.stdout + command.stderr
    assert "agree" in command.stdout


def test_a_replay_is_the_engine_s_replay_from_any_seat_or_with_every_secret(client):
    client.post("/api/session", json={"name": "Dee"})
    table, _ = play_against_a_bot(client)
    everything = client.get(f"/api/tables/{table['id']}/replay", params={"seat": "all"}).json()
    seat0 = client.get(f"/api/tables/{table['id']}/replay", params={"seat": "0"}).json()
    record = client.get(f"/api/tables/{table['id']}").json()
    game = games.load("midas")
    replay_file = client.get(f"/api/tables/{table['id']}/replay-file")
    data = replay_file.json()
    assert "attachment" in replay_file.headers["content-disposition"]
    state = game.new_state(2, data["seed"], data["options"])
    moves = [step for step in data["history"] if "script" not in step]
    assert len(everything["frames"]) == len(seat0["frames"]) == len(moves) + 1
    assert everything["over"] and everything["winners"] and record["status"] == "over"
    # replayed step by step, the engine gives the frames' views, seat by seat
    index = 0
    for step in data["history"]:
        if "script" in step:
            state.script_chance(step["script"])
            continue
        assert everything["frames"][index]["views"] == [state.view(0), state.view(1)]
        assert seat0["frames"][index]["views"] == [state.view(0)]
        assert everything["frames"][index]["next"] == step
        state.apply(step["seat"], step["action"])
        index += 1
    assert everything["frames"][-1]["views"] == [state.view(0), state.view(1)]
    # seat 0's log hides the bot's dice; the log with every secret shows them
    assert any(e.get("redacted") for e in seat0["log"]) and not any(e.get("redacted") for e in everything["log"])
    assert error(client.get(f"/api/tables/{table['id']}/replay", params={"seat": "5"})) == "bad_perspective"


def test_the_replay_file_reads_in_the_terminal_and_imports(client, tmp_path):
    client.post("/api/session", json={"name": "Eve"})
    table, _ = play_against_a_bot(client)
    data = client.get(f"/api/tables/{table['id']}/replay-file").json()
    path = tmp_path / "game.replay.json"
    path.write_text(json.dumps(data))
    state = load_replay(str(path))
    table_scores = client.get(f"/api/tables/{table['id']}/replay").json()["scores"]
    assert state.is_over() and state.scores() == table_scores
    imported = client.post("/api/replays", content=json.dumps(data))
    assert imported.status_code == 201
    replay = client.get(f"/api/replays/{imported.json()['id']}").json()
    assert replay["frames"] == client.get(f"/api/tables/{table['id']}/replay").json()["frames"]
    assert [s["name"] for s in replay["seats"]] == [s["name"] for s in data["seats"]] == ["Eve", None]
    unnamed = client.post("/api/replays", content=json.dumps(dict(data, seats="?"))).json()["id"]
    assert [s["name"] for s in client.get(f"/api/replays/{unnamed}").json()["seats"]] == [None, None]
    broken = dict(data, history=data["history"][:3] + [{"seat": 0, "action": {"type": "fly"}}])
    for body, code in [("not json", "malformed"), ("[]", "bad_replay"), (json.dumps({"game": "chess"}), "bad_replay"),
                       (json.dumps(dict(data, game="chess")), "bad_replay"),
                       (json.dumps(dict(data, players=9)), "bad_replay"), (json.dumps(broken), "bad_replay")]:
        refused = client.post("/api/replays", content=body)
        assert refused.status_code in (400, 422) and error(refused) == code, (body[:30], refused.text)
    assert error(client.get("/api/replays/nope")) == "unknown_replay"


def test_an_unfinished_table_has_no_replay_and_one_without_spectators_refuses_watchers(client, served):
    client.post("/api/session", json={"name": "Fay"})
    table = client.post("/api/tables", json={"game": "midas", "players": 2, "spectators": False}).json()["table"]
    assert table["spectators"] is False
    token = client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()["token"]
    client.post(f"/api/tables/{table['id']}/seats/1", json={"kind": "bot", "agent": "medium"})
    client.post(f"/api/tables/{table['id']}/start")
    refused = client.get(f"/api/tables/{table['id']}/replay")
    assert (refused.status_code, error(refused)) == (409, "not_over")
    with LiveClient(served[0]) as watcher:
        with watcher.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["code"] == "no_spectators"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:  # the seated player is no spectator
        ws.send_json({"type": "hello", "token": token})
        assert receive_state(ws)["seat"] == 0
