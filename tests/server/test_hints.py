"""Hints at the table (server/hints.py): the hard bot's move for the seat to play and its chance to win.

Against a real server (uvicorn, SQLite file, the bot worker process): which tables offer hints, the
refusals and that they change nothing, that a hint is a legal move the table then accepts, and that
a hint reads no secret: two tables that differ only in another seat's hidden parts give the same
hint, at the coach and through the endpoint.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from sqlalchemy import update

from live_server import LiveClient, error_code, serving

from cryptarena import games, tutorials
from cryptarena.ai import coach
from cryptarena.engine import Rng
from cryptarena.server.app import ApiError, create_app
from cryptarena.server.bot_pool import BotPool
from cryptarena.server.hints import Hints
from cryptarena.server.schema import tables
from cryptarena.server.service import TableService
from cryptarena.server.store import Store

THINK = 30.0  # the server's think limit here: far above what a hint takes, so its budgets bind, not the clock


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('hints') / 'arena.db'}"
    app = create_app(url, bot_delay=0.0, secret_key="test-secret", bot_think=THINK)
    with serving(app) as base_url:
        yield base_url, url


def person(base_url: str, name: str = "Ada") -> LiveClient:
    client = LiveClient(base_url)
    client.post("/api/session", json={"name": name})
    return client


def new_table(client, game: str, players: int, seed: int, *, rated: bool = True, bots=()) -> str:
    reply = client.post("/api/tables", json={"game": game, "players": players, "seed": seed, "rated": rated})
    assert reply.status_code == 201, reply.text
    table = reply.json()["table"]
    assert table["hints"] is (not rated or players == 1)
    for seat in bots:
        assert client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "bot"}).status_code == 200
    return table["id"]


def sit(client, table_id: str, seat: int) -> str:
    reply = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"kind": "human"})
    assert reply.status_code == 200, reply.text
    return reply.json()["token"]


def start(client, table_id: str) -> dict:
    reply = client.post(f"/api/tables/{table_id}/start")
    assert reply.status_code == 200, reply.text
    return reply.json()


def state_of(client, table_id: str, token: str) -> tuple[object, dict]:
    ws = client.websocket_connect(f"/ws/tables/{table_id}")
    ws.send_json({"type": "hello", "token": token})
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return ws, message


def test_a_rated_table_refuses_hints_and_says_so(server):
    base_url, _ = server
    with person(base_url) as ada:
        table_id = new_table(ada, "crypt", 2, 5, bots=[1])
        token = sit(ada, table_id, 0)
        table = start(ada, table_id)
        assert table["rated"] is True and table["hints"] is False
        reply = ada.post(f"/api/tables/{table_id}/hint", json={"token": token})
        assert (reply.status_code, error_code(reply)) == (403, "no_hints")
        assert "friendly table" in reply.json()["error"]["message"]
        assert ada.get(f"/api/tables/{table_id}").json()["version"] == table["version"]


def test_a_one_player_table_gives_a_legal_hint_and_playing_it_is_accepted(server):
    base_url, _ = server
    with person(base_url) as ada:
        table_id = new_table(ada, "crypt", 1, 5)  # rated by default, yet nobody to rate against
        token = sit(ada, table_id, 0)
        assert start(ada, table_id)["hints"] is True
        ws, state = state_of(ada, table_id, token)
        with ws:
            reply = ada.post(f"/api/tables/{table_id}/hint", json={"token": token})
            assert reply.status_code == 200, reply.text
            hint = reply.json()
            assert set(hint) == {"seat", "version", "action", "chance", "worlds", "reviewer", "seconds"}
            assert (hint["seat"], hint["version"], hint["reviewer"]) == (0, state["version"], "hard")
            assert 0.0 <= hint["chance"] <= 1.0 and hint["worlds"] >= 4
            assert hint["seconds"] <= THINK
            # exactly one of the legal actions as the state sends them, key order included
            assert any(list(a.items()) == list(hint["action"].items()) for a in state["legal"])
            again = ada.post(f"/api/tables/{table_id}/hint", json={"token": token}).json()
            assert again == hint  # kept for this table, seat and version
            ws.send_json({"type": "act", "action": hint["action"], "version": hint["version"]})
            while (message := ws.receive_json())["type"] not in ("acted", "error"):
                pass
            assert message == {"type": "acted", "version": message["version"]}
            assert message["version"] > hint["version"]


def test_friendly_tables_and_lessons_offer_hints(server):
    base_url, _ = server
    with person(base_url) as ada:
        table_id = new_table(ada, "quartz", 3, 4, rated=False, bots=[1, 2])
        token = sit(ada, table_id, 0)
        assert start(ada, table_id)["hints"] is True
        reply = ada.post(f"/api/tables/{table_id}/hint", json={"token": token})
        assert reply.status_code == 200, reply.text
        lesson = ada.post("/api/tutorials/crypt")
        assert lesson.status_code == 201, lesson.text
        assert lesson.json()["table"]["hints"] is True
        reply = ada.post(f"/api/tables/{lesson.json()['table']['id']}/hint", json={"token": lesson.json()["token"]})
        assert reply.status_code == 200, reply.text
        # a lesson accepts only the move it asks for: that is its hint
        asked = tutorials.load("crypt").expected(tutorials.load("crypt").new_state())
        assert reply.json()["action"] == asked[0] and reply.json()["reviewer"] == "lesson"


def test_refusals_name_what_is_wrong_and_change_nothing(server):
    base_url, _ = server
    with person(base_url) as ada, person(base_url, "Bo") as bo:
        table_id = new_table(ada, "crypt", 2, 5, rated=False)  # seat 0 moves first with this seed
        first, second = sit(ada, table_id, 0), sit(bo, table_id, 1)

        def ask(token, table=table_id):
            return ada.post(f"/api/tables/{table}/hint", json={"token": token})

        reply = ask(first)
        assert (reply.status_code, error_code(reply)) == (409, "not_playing")
        assert "not started" in reply.json()["error"]["message"]
        table = start(ada, table_id)
        for token, status, code in ((second, 409, "not_your_turn"), ("not-a-token", 403, "bad_token")):
            reply = ask(token)
            assert (reply.status_code, error_code(reply)) == (status, code), reply.text
        reply = ask(first, "no-such-table")
        assert (reply.status_code, error_code(reply)) == (404, "unknown_table")
        other = new_table(bo, "crypt", 2, 5, rated=False)
        reply = ask(sit(bo, other, 0))  # a token of another table
        assert (reply.status_code, error_code(reply)) == (403, "bad_token")
        for body in ({}, {"token": first, "seat": 1}, {"token": ""}):
            reply = ada.post(f"/api/tables/{table_id}/hint", json=body)
            assert (reply.status_code, error_code(reply)) == (422, "malformed")
        after = ada.get(f"/api/tables/{table_id}").json()
        assert (after["version"], after["status"]) == (table["version"], "playing")
        ws, state = state_of(bo, table_id, second)
        with ws:
            assert state["to_act"] == [0] and state["version"] == table["version"]


# -- secrets -------------------------------------------------------------------------------------------
def positions(game_id: str, players: int, count: int, seed: int = 7, every: int = 9):
    """Tables after some random play, a few decisions apart, each with a seat to decide."""
    game = games.load(game_id)
    state, rng, found = game.new_state(players, seed=seed), Rng(seed), []
    for step in range(every * count * 4):
        if state.is_over() or len(found) == count:
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if step % every == every - 1 and len(legal) > 1:
            found.append((state.clone(), seat))
        picks = [a for a in legal if a["type"] == "pick"]  # Pharaoh: a starter deck, not a long build
        state.apply(seat, picks[0] if picks else legal[rng.below(len(legal))])
    return game, found


@pytest.mark.parametrize("game_id", ["midas", "crypt", "pharaoh"])
def test_the_same_hint_on_tables_that_differ_only_in_another_seats_secrets(game_id):
    game, found = positions(game_id, 2, 3)
    differ = 0
    for state, seat in found:
        twin = state.determinize(seat, Rng(99))  # reads the same to `seat`, every hidden part re-drawn
        assert twin.view(seat) == state.view(seat)
        differ += twin.to_json()["data"] != state.to_json()["data"]
        a = coach.hint(game, state, seat, Rng(5), seconds=THINK)
        b = coach.hint(game, twin, seat, Rng(5), seconds=THINK)
        assert (a["action"], a["chance"], a["worlds"]) == (b["action"], b["chance"], b["worlds"])
        assert a["worlds"] == coach.WORLDS  # the budget bound it, not the clock: the same work on both
    assert differ, "no position had a secret to re-draw: the test would prove nothing"


def test_the_endpoint_gives_the_same_hint_whatever_the_other_seats_hide(server):
    """Two Midas tables, the same seed and seats; the second's dice under the other seat's cup are
    re-drawn before it starts (its stored state replaced). Seat 1, to bid first, sees the same on both."""
    base_url, db_url = server
    game = games.load("midas")
    real = game.new_state(2, seed=3)
    assert real.to_act() == [1]
    twin = real.determinize(1, Rng(99))
    assert twin.view(1) == real.view(1) and twin.view(0) != real.view(0)
    hints = []
    with person(base_url) as ada, person(base_url, "Bo") as bo:
        for state in (real, twin):
            table_id = new_table(ada, "midas", 2, 3, rated=False)
            store = Store(db_url)
            try:
                with store.engine.begin() as conn:
                    conn.execute(update(tables).where(tables.c.id == table_id).values(snapshot=state.dumps()))
                assert store.load_state(table_id)[0].view(0) == state.view(0)
            finally:
                store.close()
            sit(bo, table_id, 0)
            token = sit(ada, table_id, 1)
            start(ada, table_id)
            reply = ada.post(f"/api/tables/{table_id}/hint", json={"token": token})
            assert reply.status_code == 200, reply.text
            hints.append(reply.json())
    assert hints[0]["worlds"] == coach.WORLDS
    assert [(h["action"], h["chance"], h["worlds"]) for h in hints] == [(hints[0]["action"], hints[0]["chance"], coach.WORLDS)] * 2


# -- one hint per seat at a time -------------------------------------------------------------------------
class GatedPool(BotPool):
    """The bot pool, holding each search until the test opens the gate (then it runs here, for real)."""

    def __init__(self):
        super().__init__(1, THINK)
        self.entered, self.gate, self.runs = asyncio.Event(), asyncio.Event(), 0

    async def run(self, fn, *args):
        self.runs += 1
        self.entered.set()
        await self.gate.wait()
        return fn(*args)


def test_one_hint_per_seat_at_a_time_and_each_moment_computed_once(tmp_path):
    async def scenario():
        store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
        service = TableService(store, bot_delay=0.0)
        service.pool = pool = GatedPool()
        try:
            record = await service.create("crypt", 1, {}, 5, rated=False)
            await service.take_seat(record.id, 0, "human", "Ada", None)
            record = await service.start(record.id)
            hints = Hints(service)
            first = asyncio.ensure_future(hints.ask(record, 0, ApiError))
            await pool.entered.wait()
            with pytest.raises(ApiError) as busy:
                await hints.ask(record, 0, ApiError)
            assert (busy.value.status, busy.value.code) == (429, "hint_busy")
            pool.gate.set()
            answer = await first
            assert await hints.ask(record, 0, ApiError) == answer and pool.runs == 1
            with pytest.raises(ApiError) as over:  # a table over (its last move stored) gives none
                await hints.ask(replace(record, status="over"), 0, ApiError)
            assert (over.value.status, over.value.code) == (409, "not_playing") and pool.runs == 1
            return answer
        finally:
            await service.shutdown()
            store.close()

    answer = asyncio.run(scenario())
    assert answer["seat"] == 0 and answer["version"] == 0
