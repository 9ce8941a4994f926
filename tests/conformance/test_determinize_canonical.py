"""Determinisation depends only on what the seat knows.

A search bot (ISMCTS) imagines the hidden parts of a table only through
`state.determinize(seat, rng)`. For the bot to read no secret, the worlds it imagines must be a
function of its information and its rng alone: two tables that read the same to a seat must give
it the same worlds for the same rng. A `_resample_hidden` that shuffles a pool of unseen cards in
the order the true arrangement holds them breaks this (the same rng then deals a different
world), and a bot fed two such tables decides differently although it sees the same thing.

Two tables that read the same to seat s are easy to make: A and B = A.determinize(s, Rng(j)).
Then A.determinize(s, Rng(k)) and B.determinize(s, Rng(k)) must hold the same game: the same
data, phase and seats to act, and indeed the same save; and s must read the same view on all
four. Checked at sampled steps of seeded random games of every registered game, for every seat
and the spectator.
"""

from __future__ import annotations

import pytest

from cryptarena.engine import Rng

from .play import chunks, config_id, mean_steps, new_table, random_step

# Scale here: games per (game, player count), scaled down for long games and wide player ranges
# (play.games_for); in each, about one step in SAMPLE_EVERY is examined (and the last one), fewer
# in a long game, where a determinisation also costs more: about SAMPLES_PER_GAME in all.
CANON_GAMES_PER_CONFIG = 2
GAMES_PER_CHUNK = 2
SAMPLE_EVERY = 10
SAMPLES_PER_GAME = 12


def check_same_worlds(table, state, seat, j: int, k: int) -> None:
    where = f"{table.label} step={len(state.history)} seat={seat} j={j} k={k}"
    twin = state.determinize(seat, Rng(j))  # reads the same to `seat`, hidden parts re-drawn
    from_real = state.determinize(seat, Rng(k))
    from_twin = twin.determinize(seat, Rng(k))

    real_save, twin_save = from_real.to_json(), from_twin.to_json()
    assert real_save["data"] == twin_save["data"], \
        f"{where}: the same rng draws different worlds from two tables that read the same to the seat"
    assert from_real.phase == from_twin.phase, f"{where}: the phase differs between the two worlds"
    assert from_real.to_act() == from_twin.to_act(), f"{where}: to_act() differs between the two worlds"
    assert real_save == twin_save, f"{where}: the two worlds' saves differ outside their data (the log, the rng)"

    view = state.view(seat)
    for name, copy in (("the re-drawn table", twin), ("its world", from_twin), ("the real table's world", from_real)):
        assert copy.view(seat) == view, f"{where}: view({seat}) differs on {name}"


CHUNKS = chunks(CANON_GAMES_PER_CONFIG, GAMES_PER_CHUNK, per_step_checks=True)


@pytest.mark.parametrize(("config", "chunk", "indices"), CHUNKS, ids=[f"{config_id(c)}-{k}" for c, k, _ in CHUNKS])
def test_worlds_are_a_function_of_what_the_seat_knows(config, chunk, indices):
    for index in indices:
        table = new_table(*config, index, "canonical")
        state, rng = table.state, table.rng
        every = max(SAMPLE_EVERY, round(mean_steps(config[0]) / SAMPLES_PER_GAME))
        while True:
            if state.is_over() or rng.below(every) == 0:
                for seat in [None, *range(state.players)]:
                    check_same_worlds(table, state, seat, rng.below(2**32), rng.below(2**32))
            if state.is_over():
                break
            random_step(state, rng)
