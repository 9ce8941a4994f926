"""The table store: restart-safe, serialised by the database, tokens that only open their seat."""

from __future__ import annotations

import json
import threading

import pytest
from sqlalchemy import select, update

from cryptarena import games
from cryptarena.engine import Rng
from cryptarena.server.store import SeatRecord, Store, StoreError, UnknownTable, VersionConflict, tables


def play_and_store(store, record, steps: int, seed: int = 0):
    """Play `steps` random moves, storing each one as a server would: validate, store, then go on."""
    state, version = store.load_state(record.id)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        version = store.append(record.id, version, state.history[-1], state)
    return state, version


def test_a_new_table_loads_as_a_fresh_game(store):
    record = store.create_table("crypt", 3, seed=42, options={"collectors": "B"})
    assert (record.version, record.status, record.options["collectors"]) == (0, "open", "B")
    state, version = store.load_state(record.id)
    assert version == 0
    assert state.to_json() == games.load("crypt").new_state(3, 42, {"collectors": "B"}).to_json()


def test_bad_settings_store_nothing(store):
    with pytest.raises(games.OptionError):
        store.create_table("crypt", 3, options={"colectors": "B"})
    with pytest.raises(games.OptionError):
        store.create_table("crypt", 9)
    with pytest.raises(games.UnknownGame):
        store.create_table("chess", 2)
    assert store.list_tables() == []


def test_a_table_survives_a_restart_mid_game(store_url):
    first = Store(store_url)
    record = first.create_table("crypt", 4, seed=7)
    played, version = play_and_store(first, record, 60)
    first.close()  # the process goes away; nothing is kept in memory
    second = Store(store_url)
    restored, restored_version = second.load_state(record.id)
    assert restored_version == version == 60
    assert restored.to_json() == played.to_json()
    assert second.get_table(record.id).status == "playing"
    second.close()


def test_moves_replay_to_the_snapshot_and_a_corrupt_snapshot_falls_back_to_them(store):
    record = store.create_table("crypt", 2, seed=3)
    played, version = play_and_store(store, record, 45, seed=1)
    game = games.load("crypt")
    assert game.replay(2, 3, record.options, store.history(record.id)).to_json() == played.to_json()
    with store.engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == record.id).values(snapshot='{"format": 1, "oops'))
    state, loaded_version = store.load_state(record.id)
    assert loaded_version == version
    assert state.to_json() == played.to_json()


def test_the_whole_state_is_written_every_few_versions_and_loads_with_the_moves_since(store):
    record = store.create_table("crypt", 2, seed=3)
    played, version = play_and_store(store, record, 45, seed=1)
    with store.engine.connect() as conn:
        snapshot = conn.execute(select(tables.c.snapshot).where(tables.c.id == record.id)).scalar_one()
    every = store.snapshot_every
    assert 1 < every < 45 and len(json.loads(snapshot)["history"]) == 45 // every * every
    state, loaded_version = store.load_state(record.id)
    assert (state.to_json(), loaded_version) == (played.to_json(), version)
    while not played.is_over():  # the last move writes the whole state whatever its version
        played, version = play_and_store(store, record, 50, seed=version)
    with store.engine.connect() as conn:
        snapshot = conn.execute(select(tables.c.snapshot).where(tables.c.id == record.id)).scalar_one()
    assert json.loads(snapshot)["history"] == played.history


def test_a_move_stored_while_a_table_loads_is_not_in_the_state_of_the_version_read(store):
    """Another process may store a move between load_state's read of the row and its read of the
    moves: the state must still be the one of the row's version (one move ahead, it would take the
    next act of the seat to play as a version conflict)."""
    record = store.create_table("crypt", 2, seed=8)
    for whole in (False, True):  # from the snapshot and the moves since; then every move (a broken snapshot)
        played, version = play_and_store(store, record, store.snapshot_every * 2 + 3, seed=int(whole))
        expected = played.to_json()
        ahead = played.clone()
        seat = ahead.to_act()[0]
        ahead.apply(seat, ahead.legal_actions(seat)[0])
        reads = store.history

        def history_after_a_concurrent_move(table_id, since=0, until=None):
            store.history = reads  # once
            store.append(record.id, version, ahead.history[-1], ahead)
            return reads(table_id, since, until)

        store.history = history_after_a_concurrent_move
        if whole:
            with store.engine.begin() as conn:
                conn.execute(update(tables).where(tables.c.id == record.id).values(snapshot='{"oops'))
        state, loaded = store.load_state(record.id)
        assert store.history == reads, "the concurrent move was stored"
        assert (loaded, state.to_json()) == (version, expected)
        assert store.load_state(record.id)[1] == version + 1
        version += 1


def test_a_stale_version_is_refused_and_changes_nothing(store):
    record = store.create_table("crypt", 3, seed=11)
    state, version = play_and_store(store, record, 5)
    stale, stale_version = store.load_state(record.id)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    state.apply(seat, action)
    store.append(record.id, version, state.history[-1], state)
    stale.apply(seat, stale.legal_actions(seat)[-1])
    with pytest.raises(VersionConflict):
        store.append(record.id, stale_version, stale.history[-1], stale)
    assert store.get_table(record.id).version == version + 1
    assert len(store.history(record.id)) == version + 1
    assert store.load_state(record.id)[0].to_json() == state.to_json()


def test_two_concurrent_writers_never_both_apply(store):
    record = store.create_table("crypt", 2, seed=5)
    store.load_state(record.id)
    results: list[str] = []
    barrier = threading.Barrier(2)

    def writer(choice: int) -> None:
        state, version = store.load_state(record.id)
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[choice])
        barrier.wait()
        try:
            store.append(record.id, version, state.history[-1], state)
            results.append("applied")
        except VersionConflict:
            results.append("conflict")

    threads = [threading.Thread(target=writer, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["applied", "conflict"]
    assert store.get_table(record.id).version == 1 and len(store.history(record.id)) == 1


def test_append_checks_that_the_state_matches_the_entry(store):
    record = store.create_table("crypt", 2, seed=5)
    state, _ = store.load_state(record.id)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(StoreError):
        store.append(record.id, 0, {"seat": seat, "action": {"type": "recover"}}, state)
    with pytest.raises(UnknownTable):
        store.append("nope", 0, state.history[-1], state)


def test_seat_tokens_open_only_their_own_seat_at_their_own_table(store):
    one = store.create_table("crypt", 3, seed=1)
    other = store.create_table("crypt", 3, seed=2)
    token0 = store.take_seat(one.id, 0, name="Ada")
    token1 = store.take_seat(one.id, 1, name="Bo")
    assert store.take_seat(one.id, 2, kind="bot", agent="greedy") is None
    assert store.seat_for_token(one.id, token0) == 0
    assert store.seat_for_token(one.id, token1) == 1
    assert store.seat_for_token(other.id, token0) is None
    for wrong in (None, "", token0[:-1], token0 + "x", "greedy"):
        assert store.seat_for_token(one.id, wrong) is None
    seats = store.get_table(one.id).seats
    assert [(s.kind, s.name, s.agent) for s in seats] == [("human", "Ada", None), ("human", "Bo", None),
                                                          ("bot", None, "greedy")]
    with pytest.raises(StoreError, match="already taken"):
        store.take_seat(one.id, 0, name="Eve")
    with pytest.raises(StoreError, match="does not exist"):
        store.take_seat(one.id, 3, name="Eve")
    with pytest.raises(UnknownTable):
        store.take_seat("nope", 0)


def test_tokens_are_not_stored_in_clear(store):
    record = store.create_table("crypt", 2, seed=1)
    token = store.take_seat(record.id, 0, name="Ada")
    with store.engine.connect() as conn:
        dump = json.dumps([list(map(str, row)) for row in conn.exec_driver_sql("SELECT * FROM table_seats")])
    assert token not in dump


def test_unknown_tables_are_named(store):
    for call in (lambda: store.get_table("zzz"), lambda: store.load_state("zzz"),
                 lambda: store.set_status("zzz", "over")):
        with pytest.raises(UnknownTable, match="zzz"):
            call()


def test_listing_and_status(store):
    a = store.create_table("crypt", 2, seed=1)
    b = store.create_table("crypt", 3, seed=2, seat_kinds=[SeatRecord(0, "empty"), SeatRecord(1, "bot", agent="random"),
                                                           SeatRecord(2, "bot", agent="greedy")])
    play_and_store(store, b, 3)
    assert {t.id for t in store.list_tables()} == {a.id, b.id}
    assert [t.id for t in store.list_tables(status="playing")] == [b.id]
    store.set_status(a.id, "over")
    assert [t.id for t in store.list_tables(status="over")] == [a.id]


def test_a_finished_game_is_stored_as_over(store):
    record = store.create_table("crypt", 1, seed=4)
    state, _ = play_and_store(store, record, 10_000)
    assert state.is_over()
    assert store.get_table(record.id).status == "over"
    assert store.load_state(record.id)[0].winners() == state.winners()
