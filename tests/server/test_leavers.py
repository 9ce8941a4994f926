"""Leavers and clocks, over a real server: a person who runs out of time on the turn clock, or whose
sockets are all gone past the grace period, gets a bot playing for them so the game finishes; every
socket of the table is told; the person can take the seat back and play on."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

from live_server import LiveClient, serving

from cryptarena.server.app import create_app
from cryptarena.server.store import SeatRecord

GAME = "quartz"  # turns, one seat at a time


def app_for(tmp_path, *, grace: float = 60.0):
    return create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, secret_key="test-secret", grace=grace)


def seated_table(base_url, players: int, turn_clock: int | None):
    """A started table of `players` people; returns (table id, {seat: token})."""
    host = LiveClient(base_url)
    host.post("/api/session", json={"name": "host"})
    reply = host.post("/api/tables", json={"game": GAME, "players": players, "seed": 5, "turn_clock": turn_clock})
    assert reply.status_code == 201, reply.text
    table_id = reply.json()["table"]["id"]
    tokens = {}
    for seat in range(players):
        person = LiveClient(base_url)
        person.post("/api/session", json={"name": f"P{seat}"})
        tokens[seat] = person.post(f"/api/tables/{table_id}/seats/{seat}", json={"kind": "human"}).json()["token"]
    assert host.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, tokens


def open_seat(base_url, table_id, token):
    ws = LiveClient(base_url).websocket_connect(f"/ws/tables/{table_id}")
    ws.send_json({"type": "hello", "token": token})
    state = ws.receive_json()
    assert state["type"] == "state"
    return ws, state


def wait_for(ws, predicate, what: str, limit: int = 400):
    """Messages until one matches (the others are returned too, in order)."""
    seen = []
    for _ in range(limit):
        message = ws.receive_json(timeout=30)
        seen.append(message)
        if predicate(message):
            return message, seen
    raise AssertionError(f"no {what} in {len(seen)} messages: {seen[-3:]}")


def test_turn_clock_runs_out_a_bot_plays_and_the_person_takes_the_seat_back(tmp_path):
    with serving(app_for(tmp_path)) as base_url:
        table_id, tokens = seated_table(base_url, 3, turn_clock=1)
        sockets = {seat: open_seat(base_url, table_id, token) for seat, token in tokens.items()}
        first = sockets[0][1]
        assert first["table"]["clock"] == {"reserve": 1, "increment": 1, "on_timeout": "bot"}
        assert [c["seat"] for c in first["clocks"]] == [0, 1, 2]
        assert all(0 <= c["left"] <= 1 and c["running"] == (c["seat"] in first["to_act"]) for c in first["clocks"])
        slow = first["to_act"][0]
        ws, _ = sockets[slow]
        # nobody moves: past the clock the seat to act is replaced, and every socket hears it
        for seat, (other, _) in sockets.items():
            told, _ = wait_for(other, lambda m: m["type"] == "replaced", "replaced notice")
            assert told == {"type": "replaced", "seat": slow, "reason": "timeout"}, seat
        moved, _ = wait_for(ws, lambda m: m["type"] == "state" and m["version"] > first["version"], "bot move")
        assert moved["table"]["seats"][slow]["away"] == "timeout"
        assert moved["legal"] == []  # while the bot plays for them, the person is offered nothing
        # acting now is refused, and changes nothing
        ws.send_json({"type": "act", "action": {"type": "stop"}, "version": moved["version"]})
        refused, _ = wait_for(ws, lambda m: m["type"] == "error", "refusal")
        assert refused["code"] == "replaced" and refused["ref"] == "act"
        ws.send_json({"type": "take_back"})
        back, _ = wait_for(ws, lambda m: m["type"] == "returned", "returned notice")
        assert back == {"type": "returned", "seat": slow}
        again, _ = wait_for(ws, lambda m: m["type"] == "state" and m["table"]["seats"][slow]["away"] is None,
                            "state with the seat back")
        ws.send_json({"type": "take_back"})  # a second time: nothing to take back
        twice, _ = wait_for(ws, lambda m: m["type"] == "error", "refusal")
        assert twice["code"] == "not_replaced"
        for other, _ in sockets.values():
            other._ws.close()


def test_a_person_gone_past_the_grace_period_is_replaced_and_can_come_back(tmp_path):
    with serving(app_for(tmp_path, grace=1.0)) as base_url:
        table_id, tokens = seated_table(base_url, 3, turn_clock=None)
        staying, _ = open_seat(base_url, table_id, tokens[0])
        others = [open_seat(base_url, table_id, tokens[seat])[0] for seat in (1, 2)]
        others[0]._ws.close()  # seat 1 leaves; seat 2 stays
        told, _ = wait_for(staying, lambda m: m["type"] == "replaced", "replaced notice")
        assert told == {"type": "replaced", "seat": 1, "reason": "disconnected"}
        # seats still connected were not touched
        state, _ = wait_for(staying, lambda m: m["type"] == "state", "state")
        assert [s["away"] for s in state["table"]["seats"]] == [None, "disconnected", None]
        # seat 1 comes back with the same token and takes the seat back
        back, hello = open_seat(base_url, table_id, tokens[1])
        assert hello["table"]["seats"][1]["away"] == "disconnected" and hello["legal"] == []
        back.send_json({"type": "take_back"})
        wait_for(back, lambda m: m["type"] == "returned", "returned notice")
        for ws in (staying, back, others[1]):
            ws._ws.close()


def test_everybody_leaves_and_the_game_still_finishes(tmp_path):
    with serving(app_for(tmp_path, grace=0.5)) as base_url:
        table_id, tokens = seated_table(base_url, 3, turn_clock=None)
        watcher = LiveClient(base_url).websocket_connect(f"/ws/tables/{table_id}")
        watcher.send_json({"type": "hello"})
        final, seen = wait_for(watcher, lambda m: m["type"] == "state" and m["over"], "the end of the game", limit=2000)
        metrics = LiveClient(base_url).get("/metrics").text
        assert 'cryptarena_stand_ins_total{reason="disconnected"} 3.0' in metrics
        assert {m["seat"] for m in seen if m["type"] == "replaced"} == {0, 1, 2}
        assert all(s["away"] == "disconnected" for s in final["table"]["seats"])
        watcher._ws.close()
        status = LiveClient(base_url).get(f"/api/tables/{table_id}").json()["status"]
    assert status == "over"


# The store tests below use conftest's `store`: SQLite, and PostgreSQL when it answers.


def test_each_absent_person_is_replaced_once_even_by_two_sweeps(store):
    table = store.create_table(GAME, 3, seed=1)
    for seat in range(3):
        store.take_seat(table.id, seat, kind="human", name=f"P{seat}")  # each seen when seated
    store.set_status(table.id, "playing")
    time.sleep(0.01)
    cutoff = datetime.now(timezone.utc)
    time.sleep(0.01)
    store.mark_seen([(table.id, 2)])  # seat 2 still has a socket open; 0 and 1 were last seen before the cutoff
    first, second = store.replace_absent(cutoff), store.replace_absent(cutoff)  # two servers sweeping
    assert sorted(first) == [(table.id, 0), (table.id, 1)] and second == []
    assert [s.away for s in store.get_table(table.id).seats] == ["disconnected", "disconnected", None]
    assert store.replace_absent(datetime.now(timezone.utc) + timedelta(seconds=1)) == [(table.id, 2)]


def test_a_timeout_is_not_given_to_a_person_who_moved_meanwhile(store):
    table = store.create_table(GAME, 3, seed=1)
    store.take_seat(table.id, 0, kind="human", name="P0")
    assert not store.set_away(table.id, 0, "timeout", at_version=3)  # the table is at 0, not 3
    assert store.set_away(table.id, 0, "timeout", at_version=0)
    assert not store.set_away(table.id, 0, "timeout", at_version=0)  # already away
    assert store.take_back(table.id, 0) and not store.take_back(table.id, 0)


def test_companion_tables_are_left_alone(store):
    """A phone running a physical table may sleep between turns: no bot takes over its seat."""
    seats = [SeatRecord(0, "empty"), SeatRecord(1, "table", "Ann")]
    table = store.create_table("midas", 2, seed=1, options={"mode": "companion"}, seat_kinds=seats)
    store.take_seat(table.id, 0, kind="human", name="phone")
    store.set_status(table.id, "playing")
    assert store.replace_absent(datetime.now(timezone.utc) + timedelta(hours=1)) == []


def test_marking_many_seats_seen_at_once(store):
    """A busy process marks thousands of sockets in one sweep (in chunks the database accepts)."""
    tables = [store.create_table(GAME, 3, seed=n) for n in range(400)]
    for table in tables:
        for seat in range(3):
            store.take_seat(table.id, seat, kind="human", name=f"P{seat}")
        store.set_status(table.id, "playing")
    cutoff = datetime.now(timezone.utc)
    time.sleep(0.01)
    store.mark_seen([(table.id, seat) for table in tables for seat in (0, 1)])
    assert sorted(store.replace_absent(cutoff)) == sorted((table.id, 2) for table in tables)
