"""Two real `cryptarena serve` processes on one PostgreSQL and one Redis serve one table: its seats
are connected to different processes, moves are serialised by the database's version check, and
Redis fans the updates out. One test also kills a process mid-game (SIGKILL, as a crash) and its
clients reconnect to the other.

What is checked at the end of each game, from the store and from what every client saw:
- every seat saw the table's versions only rise on each connection, each log extending the last
  (nothing reordered, nothing dropped), and the finished game at the final version;
- every stored move of a person is an act that person sent at the version before it and was not
  refused; every act answered "acted" is in the store at the version after the one it was sent at —
  so no act was applied twice and none that the server acknowledged was lost;
- the stored moves replay, under the engine's rules, to the finished game.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from cryptarena import games
from cryptarena.server.store import Store

from two_processes import SeatClient, create_table, redis_or_skip, servers

pytestmark = pytest.mark.slow

GAME, PLAYERS, BOT_SEAT = "midas", 4, 3  # Midas: simultaneous choices, so seats race for the same version


# pg_url: conftest's fresh PostgreSQL schema (a skip naming why where there is none)


def seat_clients(table_id, tokens, first, second, seed):
    """Seats alternate between the processes, as a load balancer would spread them; each falls back
    to the other process when its own goes away."""
    clients = []
    for seat, token in sorted(tokens.items()):
        home, other = (first, second) if seat % 2 == 0 else (second, first)
        clients.append(SeatClient(seat, token, table_id, [home.ws_url, other.ws_url], random.Random(seed * 10 + seat)))
    return clients


async def play(clients, *, kill=None, kill_at_version=None):
    async def killer():
        while max((c.states[-1]["version"] for c in clients if c.states), default=0) < kill_at_version:
            await asyncio.sleep(0.01)
        await asyncio.to_thread(kill)

    tasks = [asyncio.create_task(c.play()) for c in clients]
    if kill is not None:
        tasks.append(asyncio.create_task(killer()))
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=120)
    except asyncio.TimeoutError:
        where = [(c.seat, c.states[-1]["version"] if c.states else None, c.states[-1]["to_act"] if c.states else None,
                  c.acts[-1] if c.acts else None, c.connections) for c in clients]
        raise AssertionError(f"the game stalled; each client's last view: {where}") from None


def check_game(db_url, table_id, clients):
    store = Store(db_url)
    try:
        record, history = store.get_table(table_id), store.history(table_id)
    finally:
        store.close()
    assert record.status == "over" and record.version == len(history) > 0, history[-3:]

    replayed = games.load(record.game_id).replay(record.players, record.seed, record.options, history)
    assert replayed.is_over()

    for client in clients:
        assert client.states[-1]["over"] and client.states[-1]["version"] == record.version, (client.seat, history[-3:])
        # (a version may come twice: the state that answers a refused act repeats the one already seen)
        for before, after in zip(client.states, client.states[1:]):
            assert after["version"] >= before["version"], (client.seat, before["version"], after["version"])
            assert after["log"][:len(before["log"])] == before["log"], f"seat {client.seat}: the log was rewritten"

    by_seat = {client.seat: client for client in clients}
    people_moves = 0
    for version, entry in enumerate(history, start=1):
        seat = entry.get("seat")
        if seat not in by_seat:
            continue  # a chance draw, or the bot's move
        people_moves += 1
        senders = [a for a in by_seat[seat].acts
                   if a.version == version - 1 and a.action == entry["action"] and a.outcome in ("stored", "unknown")]
        assert senders, f"version {version}: seat {seat}'s stored move {entry['action']} was never sent unrefused"
    for client in clients:
        for act in client.acts:
            assert act.outcome in ("stored", "refused", "unknown"), (client.seat, act)
            if act.outcome == "stored":
                entry = history[act.version]
                assert entry.get("seat") == client.seat and entry["action"] == act.action, (client.seat, act)
    stored = sum(a.outcome == "stored" for c in clients for a in c.acts)
    unknown = sum(a.outcome == "unknown" for c in clients for a in c.acts)
    assert stored <= people_moves <= stored + unknown
    return record, history


def test_two_processes_play_one_table_to_the_end(pg_url, tmp_path):
    redis_url = redis_or_skip()
    with servers(pg_url, redis_url, tmp_path) as (first, second):
        table_id, tokens = create_table(first.base_url, GAME, PLAYERS, bot_seats=(BOT_SEAT,), seed=11)
        clients = seat_clients(table_id, tokens, first, second, seed=11)
        asyncio.run(play(clients))
        assert {c.connections[0].split("/ws/")[0] for c in clients} == {first.ws_url, second.ws_url}
        record, history = check_game(pg_url, table_id, clients)
    assert any(entry.get("seat") == BOT_SEAT for entry in history)  # the bot played through either process
    # Seats raced for the same version (simultaneous choices on two processes); the database refused the late ones.
    refused = [e for c in clients for e in c.errors if e.get("ref") == "act"]
    assert all(e["code"] == "version_conflict" for e in refused), refused


def test_a_process_killed_mid_game_its_clients_finish_on_the_other(pg_url, tmp_path):
    redis_url = redis_or_skip()
    with servers(pg_url, redis_url, tmp_path) as (first, second):
        table_id, tokens = create_table(first.base_url, GAME, PLAYERS, bot_seats=(BOT_SEAT,), seed=23)
        clients = seat_clients(table_id, tokens, first, second, seed=23)
        asyncio.run(play(clients, kill=second.kill, kill_at_version=40))
        assert second.process.returncode is not None  # it really died
        record, _ = check_game(pg_url, table_id, clients)
    assert record.version > 40
    moved_over = [c for c in clients if c.connections[0].startswith(second.ws_url)]
    assert moved_over and all(len(c.connections) >= 2 and c.connections[-1].startswith(first.ws_url)
                              for c in moved_over)
