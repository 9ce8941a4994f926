"""The fast paths answer what a freshly loaded table answers.

Any lookup the state keeps between steps (a memoised legal list, set-up tables worked out once,
shared read-only actions) must not outlive the change it depends on: that would be a rules bug no
scenario test would show. So random games are played here, set-up deck building included, and
after every action the live table is compared with one rebuilt from its save (which has no memo
and no history of lookups) on everything the rules decide next."""

from __future__ import annotations

import pytest

from cryptarena.engine import Action, Rng
from pharaoh_play import GAME


def decisions(state) -> dict:
    """Everything the rules decide next, read from the outside."""
    return {"to_act": state.to_act(), "over": state.is_over(), "phase": state.phase,
            "legal": [state.legal_actions(seat) for seat in range(state.players)], "scores": state.scores()}


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 5), (3, 2), (4, 3)])
def test_every_step_of_a_random_game_reads_as_a_fresh_load(players, seed):
    rng = Rng(seed)
    state = GAME.new_state(players, seed=seed, keep_log=False)
    steps = built = 0
    while not state.is_over():
        decisions(state)  # asked first, as players would: nothing memoised now may survive the action
        seats = state.to_act()
        seat = seats[rng.below(len(seats))]
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        built += action["type"] in ("add", "remove", "add_hex", "remove_hex")
        state.apply(seat, action)
        steps += 1
        assert decisions(state) == decisions(GAME.from_json(state.to_json())), f"step {steps}: {action}"
    assert steps > 50 and built > 10 and state.end_reason


def test_legal_actions_are_read_only_in_set_up_and_in_play():
    state = GAME.new_state(2, seed=3)
    state.apply(0, {"type": "build", "character": state.legal_actions(0)[-1]["character"]})
    building = state.legal_actions(0)
    with pytest.raises(TypeError):
        building[0]["card"] = "key"
    state.apply(0, {"type": "restart"})
    for seat in range(2):
        state.apply(seat, state.legal_actions(seat)[0])  # a prebuilt deck
    legal = state.legal_actions(state.to_act()[0])
    assert legal and all(type(action) is Action for action in legal)
    with pytest.raises(TypeError):
        legal[0]["type"] = "end"
    assert state.legal_actions(state.to_act()[0]) == legal
