"""Quartz as a whole: random games end after six rounds (or an empty bag) with consistent scores,
exact saves and replays; scoring by its parts; one scripted turn through markers and wilds. The
generic conformance suite (tests/conformance) checks the engine contract on top of this."""

import json

import pytest

from cryptarena.engine import Rng
from cryptarena.games.quartz import Quartz


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_after_six_rounds_with_consistent_scores(players):
    game = Quartz()
    for seed in range(10):
        state = game.new_state(players, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        assert state.round == 6 or sum(state.bag.values()) == 0
        assert all(s["total"] == sum(s["breakdown"].values()) for s in state.scores())
        assert state.winners()
        assert game.from_json(json.dumps(state.to_json())).to_json() == state.to_json()
        assert game.replay(players, seed, {}, state.history).to_json() == state.to_json()


def test_scoring_values_sets_unstable_and_the_chest_penalty():
    state = Quartz().new_state(3, 1)
    for seat in range(3):
        for colour in state.carts[seat]:
            state.carts[seat][colour] = state.chests[seat][colour] = 0
    state.carts[0].update(white=3, yellow=1, black=2)  # 6 + 9 + set of 3 whites (+3) - 6
    state.chests[0]["red"] = 1  # 7, and a chest
    state.carts[1]["pink"] = 5  # 15 + set of 5 (+10); empty chest
    state.chests[2]["blue"] = 1
    scores = state.scores()
    assert scores[0]["breakdown"] == {"crystals": 22, "sets": 3, "unstable": -6, "fewest_in_chest": 0}
    assert scores[1]["breakdown"] == {"crystals": 15, "sets": 10, "unstable": 0, "fewest_in_chest": -5}
    assert scores[2]["breakdown"]["fewest_in_chest"] == 0


def test_a_scripted_turn_mines_an_unstable_crystal_and_spends_its_marker_on_a_third_reroll():
    state = Quartz().new_state(3, 4)
    first = state.to_act()[0]
    state.apply(first, {"type": "stop"})
    state.script_chance([{"crystal": "black"}, "helmet", "helmet", "chest", "cart", "steal"])
    state.apply(first, {"type": "end_turn"})
    seat = state.to_act()[0]
    assert seat != first
    assert state.carts[seat]["black"] == 1 and state.markers[seat] == 1
    assert state.dice == ["helmet", "helmet", "chest", "cart", "steal"]
    state.script_chance(["pickaxe", "pickaxe", "chest"])
    for _ in range(3):  # two free rerolls, then the marker pays for a third
        state.apply(seat, {"type": "reroll", "dice": [4]})
    assert state.markers[seat] == 0 and state.free_left == 0
    assert state.legal_actions(seat) == [{"type": "stop"}]  # no reroll left to pay for
    state.apply(seat, {"type": "stop"})
    assert state.faces["chest"] == 2 and state.helmets == 2
    state.apply(seat, {"type": "wild", "as": "cart"})  # two helmets count as one more cart face
    assert state.faces["cart"] == 2 and state.helmets == 0
    assert {"type": "use", "face": "cart"} in state.legal_actions(seat)  # the black crystal can go
