"""The search bots' estimate for a Pharaoh roll-out cut before the end (estimate.py)."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.ai.agents import decide, make_agent
from cryptarena.engine import Rng
from cryptarena.games.pharaoh.components import KEY


def playing_state():
    game = games.load("pharaoh")
    state = game.new_state(2, seed=11, keep_log=False)
    bots, rng = [make_agent("medium", game) for _ in range(2)], Rng(5)
    assert game.search_value(state) is None  # decks still being chosen: no estimate
    while state.phase in ("setup",) or not state.placed:
        seat = state.to_act()[0]
        state.apply(seat, decide(bots[seat], state, seat, rng))
    return game, state


def test_a_key_life_and_nearness_raise_a_seats_chance_and_defeat_drops_it():
    game, state = playing_state()
    before = game.search_value(state)
    assert sum(before) == pytest.approx(1.0) and all(0 < v < 1 for v in before)
    keyed = state.clone()
    keyed.hand[0].append(KEY)
    assert game.search_value(keyed)[0] > before[0]
    hurt = state.clone()
    hurt.life[0] = 3
    assert game.search_value(hurt)[0] < before[0]
    beaten = state.clone()
    beaten.defeated[1] = True
    after = game.search_value(beaten)
    assert after[1] < before[1] / 2 and after[0] > before[0]
