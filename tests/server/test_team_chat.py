"""Team chat over a real server and real WebSockets: in a game whose seats form teams (Crypt
Crusade: seats 0-1 Groundskeepers, 2-3 Necromancers), a seated player's `{"type": "chat", "team":
true}` line reaches their team-mates only — never the other team, never a spectator — and comes
marked `team: true`. The same line from a spectator, or at a table of a game without teams, is
refused with a clear error and reaches nobody.

Non-delivery is checked without waiting on a clock: after the line under test, an ordinary line
("marker") goes to everyone; each socket's events arrive in order, so whatever reached a socket
before its marker is everything the line under test delivered to it."""

from __future__ import annotations

import pytest

from live_server import LiveClient, live_server

NAMES = ["Ada", "Bo", "Cy", "Di"]


@pytest.fixture
def base_url(tmp_path):
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0) as url:
        yield url


def receive_state(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def until_marker(ws, marker: str) -> list[dict]:
    """Every chat line and error this socket gets up to (not including) the marker line."""
    got = []
    while True:
        message = ws.receive_json()
        if message["type"] == "chat" and message["text"] == marker:
            return got
        if message["type"] in ("chat", "error"):
            got.append(message)


def open_table(base_url, game: str, players: int, names: list[str]):
    """A table with one person (own session) per seat, started; returns (table, people, tokens)."""
    people = [LiveClient(base_url) for _ in names]
    for person, name in zip(people, names):
        assert person.post("/api/session", json={"name": name}).status_code == 200
    response = people[0].post("/api/tables", json={"game": game, "players": players, "seed": 5})
    assert response.status_code == 201, response.text
    table = response.json()["table"]
    tokens = []
    for seat, person in enumerate(people):
        response = person.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "human"})
        assert response.status_code == 200, response.text
        tokens.append(response.json()["token"])
    response = people[0].post(f"/api/tables/{table['id']}/start")
    assert response.status_code == 200, response.text
    return response.json(), people, tokens


def connect_all(people, table_id, tokens, spectator):
    sockets = [person.websocket_connect(f"/ws/tables/{table_id}") for person in people]
    watcher = spectator.websocket_connect(f"/ws/tables/{table_id}")
    for ws, token in zip(sockets, tokens):
        ws.send_json({"type": "hello", "token": token})
    watcher.send_json({"type": "hello"})
    for ws in (*sockets, watcher):
        receive_state(ws)
    return sockets, watcher


def close_all(*things):
    for thing in things:
        thing.__exit__(None, None, None)


def test_a_team_line_reaches_the_team_mate_only(base_url):
    table, people, tokens = open_table(base_url, "crusade", 4, NAMES)
    assert table["teams"] == ["gk", "gk", "nm", "nm"]
    spectator = LiveClient(base_url)
    sockets, watcher = connect_all(people, table["id"], tokens, spectator)
    ada, bo, cy, di = sockets
    try:
        # one socket's messages are handled in order: the sender's own marker follows its team line
        ada.send_json({"type": "chat", "text": "seal the grave by the shed", "team": True})
        ada.send_json({"type": "chat", "text": "marker"})
        got = {name: until_marker(ws, "marker") for name, ws in zip([*NAMES, "spectator"], [*sockets, watcher])}
        gk_line = {"type": "chat", "name": "Ada", "seat": 0, "text": "seal the grave by the shed", "team": True}
        assert got["Ada"] == [gk_line]  # the sender sees their own line, marked as a team line
        assert got["Bo"] == [gk_line]
        assert got["Cy"] == got["Di"] == got["spectator"] == []
        cy.send_json({"type": "chat", "text": "portal next turn", "team": True})
        cy.send_json({"type": "chat", "text": "marker"})
        got = {name: until_marker(ws, "marker") for name, ws in zip([*NAMES, "spectator"], [*sockets, watcher])}
        nm_line = {"type": "chat", "name": "Cy", "seat": 2, "text": "portal next turn", "team": True}
        assert got["Cy"] == got["Di"] == [nm_line]
        assert got["Ada"] == got["Bo"] == got["spectator"] == []
        # an ordinary line still reaches everyone, unmarked
        di.send_json({"type": "chat", "text": "good game all"})
        di.send_json({"type": "chat", "text": "marker"})
        for name, ws in zip([*NAMES, "spectator"], [*sockets, watcher]):
            lines = until_marker(ws, "marker")
            assert [(line["text"], line.get("team")) for line in lines] == [("good game all", None)], name
    finally:
        close_all(*sockets, watcher, spectator, *people)


def test_a_spectators_team_line_is_refused_and_reaches_nobody(base_url):
    table, people, tokens = open_table(base_url, "crusade", 4, NAMES)
    spectator = LiveClient(base_url)
    sockets, watcher = connect_all(people, table["id"], tokens, spectator)
    try:
        watcher.send_json({"type": "chat", "text": "psst, the necromancers are coming", "team": True})
        error = watcher.receive_json()
        assert error["type"] == "error" and error["code"] == "team_chat_spectator" and error["ref"] == "chat"
        assert "seated" in error["message"]
        sockets[0].send_json({"type": "chat", "text": "marker"})
        for ws in (*sockets, watcher):
            assert until_marker(ws, "marker") == []
    finally:
        close_all(*sockets, watcher, spectator, *people)


def test_a_team_line_in_a_game_without_teams_is_refused_and_reaches_nobody(base_url):
    table, people, tokens = open_table(base_url, "midas", 3, NAMES[:3])
    assert table["teams"] is None
    spectator = LiveClient(base_url)
    sockets, watcher = connect_all(people, table["id"], tokens, spectator)
    try:
        sockets[1].send_json({"type": "chat", "text": "just between us", "team": True})
        error = sockets[1].receive_json()
        assert error["type"] == "error" and error["code"] == "no_teams" and error["ref"] == "chat"
        assert "midas has no teams" in error["message"]
        # "team" must be a real boolean: anything else is a malformed line, not a team line
        sockets[1].send_json({"type": "chat", "text": "just between us", "team": "yes"})
        assert sockets[1].receive_json()["code"] == "malformed"
        sockets[0].send_json({"type": "chat", "text": "marker"})
        for ws in (*sockets, watcher):
            assert until_marker(ws, "marker") == []
    finally:
        close_all(*sockets, watcher, spectator, *people)
