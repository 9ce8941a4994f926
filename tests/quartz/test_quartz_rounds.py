"""Quartz rounds: unstable crystals into the bag, the first player, the end of the game."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from quartz_play import clear_table, finish_turn, hand, new


def blacks_in_play(state) -> int:
    return state.bag["black"] + sum(c["black"] for c in state.carts) + sum(c["black"] for c in state.chests)


def test_one_unstable_crystal_in_round_one_then_two_each_round():
    state = new(3, 0)
    seen = {1: (blacks_in_play(state), state.unstable_supply)}
    while not state.is_over():
        finish_turn(state)
        seen.setdefault(state.round, (blacks_in_play(state), state.unstable_supply))
    assert seen == {1: (1, 10), 2: (3, 8), 3: (5, 6), 4: (7, 4), 5: (9, 2), 6: (11, 0)}


def test_the_unstable_supply_running_out_adds_only_what_is_left():
    state = new(3, 0, crystals_black=4)
    seen = {1: blacks_in_play(state)}
    while not state.is_over():
        finish_turn(state)
        seen.setdefault(state.round, blacks_in_play(state))
    assert seen == {1: 1, 2: 3, 3: 4, 4: 4, 5: 4, 6: 4}
    assert state.unstable_supply == 0


def test_round_one_first_player_is_random_but_fixed_by_the_seed():
    firsts = {seed: new(4, seed).to_act()[0] for seed in range(40)}
    assert set(firsts.values()) == {0, 1, 2, 3}
    assert all(new(4, seed).to_act()[0] == first for seed, first in firsts.items())
    state = new(4, 7)
    first = state.to_act()[0]
    assert state.order == [(first + i) % 4 for i in range(4)]  # then seat order


def play_round_one_then(state, arrange) -> None:
    """Finish round 1 with `arrange(state)` applied just before its last turn ends."""
    for _ in range(state.players - 1):
        finish_turn(state)
    clear_table(state)
    arrange(state)
    finish_turn(state)
    assert state.round == 2


def test_later_rounds_start_with_the_highest_score():
    state = new(3, 0)
    starter = state.to_act()[0]
    leader = (starter + 2) % 3  # the last one to play in round 1
    play_round_one_then(state, lambda s: s.carts[leader].update(yellow=2))
    assert state.to_act()[0] == leader
    assert state.order == [leader, (leader + 1) % 3, (leader + 2) % 3]


def test_a_tied_lead_goes_to_the_first_tied_player_after_the_previous_starter():
    seed = next(s for s in range(50) if new(3, s).to_act()[0] == 0)
    state = new(3, seed)
    # seats 0 (the previous starter) and 2 tie: after seat 0 comes 1, then 2 -> seat 2 starts
    play_round_one_then(state, lambda s: (s.carts[0].update(red=1), s.carts[2].update(red=1)))
    assert state.to_act()[0] == 2


def test_the_game_ends_after_round_six():
    state = new(4, 3)
    turns = 0
    while not state.is_over():
        assert state.round <= 6
        finish_turn(state)
        turns += 1
    assert turns == 6 * 4 and state.round == 6
    assert state.phase == "game_end" and state.to_act() == []
    assert all(state.legal_actions(seat) == [] for seat in range(4))
    assert state.winners()
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "end_turn"})


def only_crystals(state, **counts) -> None:
    state.bag = {c: 0 for c in state.bag}
    state.bag.update(counts)


def test_an_empty_bag_ends_the_game_at_the_end_of_that_turn():
    state = new(3, 0)
    only_crystals(state, white=1)
    finish_turn(state)  # the next turn mines the last crystal: the bag is empty
    seat = state.to_act()[0]
    assert sum(state.bag.values()) == 0 and not state.is_over()
    assert state.phase == "roll"  # that player still plays the whole turn
    finish_turn(state)
    assert state.is_over() and state.round == 1
    assert state.winners()
    assert seat not in state.order


def test_a_pickaxe_emptying_the_bag_ends_the_game_only_when_the_turn_ends():
    state = new(3, 0)
    clear_table(state)
    only_crystals(state, red=1)
    seat = hand(state, ["pickaxe", "pickaxe", "steal", "steal", "chest"])
    state.apply(seat, {"type": "use", "face": "pickaxe"})
    state.apply(seat, {"type": "draw"})
    assert sum(state.bag.values()) == 0 and not state.is_over()
    assert state.phase == "actions"  # nothing left to draw: the pickaxe is spent
    state.apply(seat, {"type": "end_turn"})
    assert state.is_over()


def test_option_round_lets_the_round_finish_after_the_bag_empties():
    state = new(3, 0, bag_empty_end="round")
    only_crystals(state, white=1)
    finish_turn(state)
    assert sum(state.bag.values()) == 0
    finish_turn(state)
    assert not state.is_over() and state.phase == "roll"  # the third player still plays
    carts_before = [dict(c) for c in state.carts]
    seat = state.to_act()[0]
    assert state.carts[seat] == carts_before[seat]  # nothing left to mine
    finish_turn(state)
    assert state.is_over() and state.round == 1


def test_end_turn_forfeits_unused_faces():
    state = new(3, 0)
    clear_table(state)
    victim = (state.to_act()[0] + 1) % 3
    state.carts[victim]["yellow"] = 1
    seat = hand(state, ["steal", "steal", "steal", "chest", "chest"])
    assert {"type": "use", "face": "steal"} in state.legal_actions(seat)
    state.apply(seat, {"type": "end_turn"})
    assert state.to_act() == [victim] and state.phase == "roll"
    assert state.carts[victim]["yellow"] == 1
    assert state.legal_actions(seat) == []
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "use", "face": "steal"})
