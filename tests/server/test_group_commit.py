"""Group commit: many tables' moves in one transaction, each with its own answer, nothing lost or
doubled, a refused move costing only itself (on SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import insert, select

from cryptarena.engine import Rng
from cryptarena.server.commits import GroupCommit
from cryptarena.server.schema import moves, now, results
from cryptarena.server.store import Append, StoreError, UnknownTable, VersionConflict


def next_move(store, table_id: str, seed: int = 0):
    """(append, state) for one random legal move of the stored table."""
    state, version = store.load_state(table_id)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[Rng(seed).below(len(legal))])
    return Append(table_id, version, [state.history[-1]], state), state


def stored_moves(store, table_id: str) -> list[int]:
    with store.engine.connect() as conn:
        return [r.version for r in conn.execute(select(moves.c.version).where(moves.c.table_id == table_id)
                                                .order_by(moves.c.version))]


def test_one_group_stores_every_table_and_answers_each(store):
    ids = [store.create_table("midas", 2, seed=s).id for s in range(4)]
    appends = [next_move(store, table_id, seed=i)[0] for i, table_id in enumerate(ids)]
    assert store.append_batch(appends) == [1, 1, 1, 1]
    for append in appends:
        state, version = store.load_state(append.table_id)
        assert version == 1 and state.to_json() == append.state.to_json()
        assert stored_moves(store, append.table_id) == [1]


def test_a_refused_move_costs_only_itself(store):
    ids = [store.create_table("crypt", 3, seed=s).id for s in range(3)]
    good = [next_move(store, ids[0])[0], next_move(store, ids[2])[0]]
    stale, _ = next_move(store, ids[1])
    assert store.append_batch([stale]) == [1]  # now the table is at 1: the same move at 0 is stale
    ghost = Append("no-such-table", 0, stale.entries, stale.state)
    wrong = Append(ids[0], 0, [{"seat": 0, "action": {"type": "pass"}}], good[0].state)  # not the state's entry
    outcomes = store.append_batch([good[0], stale, ghost, wrong, good[1]])
    assert outcomes[0] == 1 and outcomes[4] == 1
    assert isinstance(outcomes[1], VersionConflict)
    assert isinstance(outcomes[2], UnknownTable)
    assert isinstance(outcomes[3], StoreError) and "does not end with these entries" in str(outcomes[3])
    assert [stored_moves(store, i) for i in ids] == [[1], [1], [1]]


def test_a_group_that_fails_as_a_whole_is_stored_one_by_one(store):
    """A move whose version is already in the moves table (a damaged store) breaks the primary key,
    which fails the whole transaction; each append is then tried alone: only that one is refused."""
    bad_id, good_id = (store.create_table("midas", 2, seed=s).id for s in (3, 4))
    with store.engine.begin() as conn:
        conn.execute(insert(moves).values(table_id=bad_id, version=1, entry="{}", created_at=now()))
    bad, _ = next_move(store, bad_id)
    good, _ = next_move(store, good_id)
    outcomes = store.append_batch([bad, good])
    assert isinstance(outcomes[0], VersionConflict) and outcomes[1] == 1
    assert store.load_state(bad_id)[1] == 0 and store.load_state(good_id)[1] == 1


def test_the_last_move_in_a_group_records_the_result_once(store):
    table_id = store.create_table("midas", 2, seed=9).id
    state, version = store.load_state(table_id)
    rng = Rng(5)
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        if state.is_over():
            break
        version = store.append(table_id, version, state.history[-1], state)
    other_id = store.create_table("midas", 2, seed=10).id
    other, _ = next_move(store, other_id)
    assert store.append_batch([Append(table_id, version, [state.history[-1]], state), other]) == [version + 1, 1]
    with store.engine.connect() as conn:
        assert len(conn.execute(select(results.c.seq).where(results.c.table_id == table_id)).all()) == 1
        assert conn.execute(select(results.c.seq).where(results.c.table_id == other_id)).first() is None


def test_movers_waiting_together_share_a_transaction(store):
    """While one commit runs, the moves that arrive wait for the next: 12 moves at once make fewer
    than 12 transactions, and every mover gets its own new version."""
    ids = [store.create_table("midas", 2, seed=s).id for s in range(12)]
    appends = [next_move(store, table_id, seed=i)[0] for i, table_id in enumerate(ids)]
    commits = GroupCommit(store)

    async def all_at_once():
        return await asyncio.gather(*(commits.append(a.table_id, a.expected_version, a.entries, a.state)
                                      for a in appends))

    assert asyncio.run(all_at_once()) == [1] * 12
    assert commits.moves == 12 and commits.groups < 12
    assert all(stored_moves(store, table_id) == [1] for table_id in ids)


def test_a_refused_mover_hears_its_own_refusal(store):
    table_id = store.create_table("midas", 2, seed=1).id
    first, _ = next_move(store, table_id, seed=1)
    stale, _ = next_move(store, table_id, seed=2)  # also at version 0: stale once the first is stored
    store.append_batch([first])
    fresh_id = store.create_table("midas", 2, seed=2).id
    fresh, _ = next_move(store, fresh_id)
    commits = GroupCommit(store)

    async def both():
        return await asyncio.gather(commits.append(stale.table_id, 0, stale.entries, stale.state),
                                    commits.append(fresh.table_id, 0, fresh.entries, fresh.state),
                                    return_exceptions=True)

    refused, stored = asyncio.run(both())
    assert isinstance(refused, VersionConflict) and stored == 1


@pytest.mark.parametrize("size", [1, 3])
def test_max_group_splits_a_long_queue(store, size):
    ids = [store.create_table("midas", 2, seed=s).id for s in range(5)]
    appends = [next_move(store, table_id)[0] for table_id in ids]
    commits = GroupCommit(store, max_group=size)

    async def all_at_once():
        return await asyncio.gather(*(commits.append(a.table_id, 0, a.entries, a.state) for a in appends))

    assert asyncio.run(all_at_once()) == [1] * 5
    assert commits.groups >= -(-5 // size)
