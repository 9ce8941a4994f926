"""Midas bidding: who starts, the announced stone, strictly rising bids, accusing, the bid cap."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from midas_play import (GAME, STONES, accuse, bid, bids, blank, lose_die, new, overbid_and_lose,
                        round_outcomes, table, types)


# ------------------------------------------------------------------ round 1: the app picks
def test_round_one_starter_is_drawn_by_the_app_and_fixed_by_the_seed():
    firsts = {seed: new(4, seed).to_act()[0] for seed in range(40)}
    assert set(firsts.values()) == {0, 1, 2, 3}
    assert all(new(4, seed).to_act()[0] == first for seed, first in firsts.items())
    state = new(4, 5)
    assert state.view(None)["starter"] == state.to_act()[0] == state.view(None)["turn"]


def test_midas_announces_only_colour_stones_each_one_sometimes():
    announced = {new(3, seed).stone for seed in range(60)}
    assert announced == set(STONES)  # never diamond, obsidian or favour: those always count
    state = new(3, 0)
    assert state.chance_outcomes("stone") == list(STONES)
    for special in ("diamond", "obsidian", "favour"):
        with pytest.raises(IllegalAction):
            state.script_chance([{"stone": special}])


def test_stones_are_announced_uniformly():
    seen = {stone: 0 for stone in STONES}
    for seed in range(600):
        seen[new(2, seed).stone] += 1
    assert all(150 <= n <= 250 for n in seen.values()), seen


def test_a_new_round_announces_the_scripted_stone_and_rolls_the_scripted_dice_in_seat_order():
    state = blank(table(3, first=0))
    overbid_and_lose(state, 0)
    cups = {0: ["ruby", "diamond", "favour", "obsidian"], 1: ["sapphire"] * 5, 2: ["emerald"] * 5}
    lose_die(state, round_outcomes("sapphire", cups))
    assert state.round == 2 and state.stone == "sapphire"
    assert state.dice == [cups[0], cups[1], cups[2]]
    assert state.view(1)["stone"] == "sapphire"


def test_a_bare_scripted_value_is_a_die_face():
    state = blank(table(2, first=0))
    overbid_and_lose(state, 0)
    state.script_chance([{"stone": "ruby"}, "diamond", "diamond", "diamond", "diamond"] + ["favour"] * 5)
    state.apply(0, {"type": "lose_die"})
    assert state.dice == [["diamond"] * 4, ["favour"] * 5]
    with pytest.raises(IllegalAction):
        state.script_chance(["topaz"])  # not a face of the default die


# ------------------------------------------------------------------ bids
def test_the_first_bid_is_at_least_one_and_no_accusation_before_a_bid():
    state = table(3, first=1)
    legal = state.legal_actions(1)
    assert types(legal) == {"bid"}
    assert min(bids(legal)) == 1
    for action in ({"type": "bid", "count": 0}, {"type": "accuse"}):
        with pytest.raises(IllegalAction):
            state.apply(1, action)


def test_each_bid_must_be_strictly_higher_than_the_last():
    state = table(3, first=0)
    bid(state, 7)
    legal = state.legal_actions(1)
    assert bids(legal) == list(range(8, 76))
    assert {"type": "accuse"} in legal
    for low in (7, 6, 1):
        with pytest.raises(IllegalAction):
            state.apply(1, {"type": "bid", "count": low})
    bid(state, 9)
    assert min(bids(state.legal_actions(2))) == 10


def test_play_goes_clockwise_and_only_the_player_to_act_may_bid_or_accuse():
    state = table(4, first=2)
    assert state.to_act() == [2]
    for seat in (0, 1, 3):
        assert state.legal_actions(seat) == []
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, {"type": "bid", "count": 3})
        assert err.value.code == "not_your_turn"
    order = [bid(state, n) for n in range(1, 6)]
    assert order == [2, 3, 0, 1, 2]
    with pytest.raises(IllegalAction):
        state.apply(1, {"type": "accuse"})  # only the next player accuses the last bidder
    assert accuse(state) == 3
    assert state.last_reveal["bidder"] == 2 and state.last_reveal["accuser"] == 3


def test_turns_skip_cursed_players():
    state = table(4, first=0)
    state.cursed[1] = state.cursed[2] = True
    state.dice[1] = state.dice[2] = []
    blank(state)
    assert [bid(state, n) for n in range(1, 5)] == [0, 3, 0, 3]


# ------------------------------------------------------------------ the cap
@pytest.mark.parametrize("players, cap", [(4, 100), (3, 75), (2, 50)])
def test_the_bid_cap_is_25_per_player_in_play(players, cap):
    state = table(players, first=0)
    assert state.view(0)["cap"] == cap
    assert max(bids(state.legal_actions(0))) == cap
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "bid", "count": cap + 1})


def test_at_the_cap_the_next_player_must_accuse():
    state = table(3, first=0)
    bid(state, 75)
    assert state.legal_actions(1) == [{"type": "accuse"}]
    accuse(state)
    assert state.phase == "penalty"


def test_the_cap_shrinks_when_a_player_is_cursed():
    state = blank(table(4, first=0))
    overbid_and_lose(state, 1)
    state.script_chance([{"coin": "cursed"}, *round_outcomes("ruby", {s: ["emerald"] * 5 for s in (0, 2, 3)})])
    state.apply(1, {"type": "draw"})
    # seat 1 is Cursed: the window for favours is empty (nobody has coins), a new round starts
    assert state.round == 2 and state.cursed[1]
    assert state.phase == "obsidian"
    state.apply(1, {"type": "obsidian", "value": 0})
    assert state.view(0)["cap"] == 75
    assert max(bids(state.legal_actions(state.to_act()[0]))) == 75


def test_bid_cap_per_player_option():
    state = table(4, first=0, bid_cap_per_player=5)
    assert max(bids(state.legal_actions(0))) == 20
    bid(state, 20)
    assert state.legal_actions(1) == [{"type": "accuse"}]


def test_game_describes_every_chance_kind():
    assert set(GAME.chance_kinds) == {"face", "stone", "coin"}
    assert GAME.default_chance_kind == "face"
