"""A big batch of seeded random games with the cheap checks only: every game ends, the seats
to act always have a legal action, scores add up at every step, and at the end the round trip
and the replay are exact and the winners are seats."""

from __future__ import annotations

import pytest

from .checks import check_replay, check_roundtrip, check_scores, check_winners
from .play import MAX_STEPS, chunks, config_id, new_table, random_step, snapshot

# Scale here: games per (game, player count), in chunks so that pytest-xdist spreads them.
CHEAP_GAMES_PER_CONFIG = 500
GAMES_PER_CHUNK = 250


def play_cheaply_checked_game(table) -> int:
    state, rng = table.state, table.rng
    for step in range(MAX_STEPS + 1):
        where = f"{table.label} step={step}"
        acting = state.to_act()
        if state.is_over():
            assert acting == [], f"{where}: the game is over but to_act() is {acting}"
            break
        assert acting, f"{where}: the game is not over but nobody is to act"
        for seat in acting:
            assert state.legal_actions(seat), f"{where}: seat {seat} is to act without a legal action"
        check_scores(state, where, plain=False)
        random_step(state, rng)
    else:
        raise AssertionError(f"{table.label}: not over after {MAX_STEPS} actions")
    where = f"{table.label} end"
    check_scores(state, where)
    check_winners(state, where)
    snap, data = snapshot(state)
    check_roundtrip(table.game, state, snap, where, data, direct=False)
    check_replay(table.game, state, table.seed, table.options, snap, where)
    return step


CHUNKS = chunks(CHEAP_GAMES_PER_CONFIG, GAMES_PER_CHUNK)


@pytest.mark.parametrize(("config", "chunk", "indices"), CHUNKS, ids=[f"{config_id(c)}-{k}" for c, k, _ in CHUNKS])
def test_many_random_games_end_well(config, chunk, indices, record_property):
    steps = 0
    for index in indices:
        steps += play_cheaply_checked_game(new_table(*config, index, "batch"))
    record_property("batch_games", len(indices))
    record_property("batch_steps", steps)
