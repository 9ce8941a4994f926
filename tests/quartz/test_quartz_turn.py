"""A Quartz turn: mining and reroll markers, rerolls, minimum faces, helmets as wild faces."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from quartz_play import clear_table, hand, new, touched, types

FIVE = ["pickaxe", "jackhammer", "chest", "cart", "steal"]


def next_turn_mines(colour: str, dice=FIVE):
    """A table where the next player's turn mines `colour` and rolls `dice`. Returns (state, seat)."""
    state = new(3, 0)
    clear_table(state)
    state.bag["black"] = 3
    first = state.to_act()[0]
    state.apply(first, {"type": "stop"})
    state.script_chance([{"crystal": colour}, *dice])
    state.apply(first, {"type": "end_turn"})
    seat = state.to_act()[0]
    assert seat == (first + 1) % 3 and state.phase == "roll"
    return state, seat


def test_mining_an_unstable_crystal_gives_a_reroll_marker():
    state, seat = next_turn_mines("black")
    assert state.carts[seat]["black"] == 1 and state.markers[seat] == 1
    assert state.dice == FIVE


def test_mining_a_coloured_crystal_gives_no_marker():
    state, seat = next_turn_mines("red")
    assert state.carts[seat]["red"] == 1 and state.markers[seat] == 0


@pytest.mark.parametrize("face", ["pickaxe", "jackhammer"])
def test_unstable_crystals_from_pickaxe_or_jackhammer_give_no_marker(face):
    state = new(3, 0)
    clear_table(state)
    state.bag["black"] = 3
    seat = hand(state, [face, face, "chest", "cart", "steal"])
    markers = state.markers[seat]
    state.script_chance([{"crystal": "black"}, {"crystal": "black"}])
    state.apply(seat, {"type": "use", "face": face})
    if face == "pickaxe":
        state.apply(seat, {"type": "draw"})
        state.apply(seat, {"type": "draw"})
    assert state.carts[seat]["black"] == 2
    assert state.markers[seat] == markers


def test_two_free_rerolls_of_any_subset_then_only_stop():
    state, seat = next_turn_mines("red")
    legal = state.legal_actions(seat)
    rerolls = [a["dice"] for a in legal if a["type"] == "reroll"]
    assert len(rerolls) == 31 and [0, 2, 4] in rerolls and [0, 1, 2, 3, 4] in rerolls
    state.script_chance(["helmet", "helmet"])
    state.apply(seat, {"type": "reroll", "dice": [1, 3]})
    assert state.dice == ["pickaxe", "helmet", "chest", "helmet", "steal"]  # the others stay
    assert state.free_left == 1
    state.script_chance(["steal"] * 5)
    state.apply(seat, {"type": "reroll", "dice": [0, 1, 2, 3, 4]})
    assert state.dice == ["steal"] * 5 and state.free_left == 0
    assert state.legal_actions(seat) == [{"type": "stop"}]  # no marker: no third reroll
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "reroll", "dice": [0]})


def test_each_marker_pays_for_one_more_reroll():
    state, seat = next_turn_mines("black")
    state.markers[seat] = 2
    touched(state)
    state.script_chance(["cart"] * 4)
    for _ in range(4):
        assert "reroll" in types(state.legal_actions(seat))
        state.apply(seat, {"type": "reroll", "dice": [0]})
    assert state.markers[seat] == 0 and state.free_left == 0
    assert state.legal_actions(seat) == [{"type": "stop"}]


def test_markers_are_kept_when_the_player_stops_early():
    state, seat = next_turn_mines("black")
    state.apply(seat, {"type": "stop"})
    assert state.markers[seat] == 1 and state.phase == "actions"


def test_minimum_faces_one_pickaxe_two_of_the_others():
    state = new(3, 0)
    clear_table(state)
    seat = hand(state, FIVE)
    other = (seat + 1) % 3
    state.carts[seat].update(black=1, red=1)
    state.carts[other]["white"] = 1
    touched(state)
    uses = {a["face"] for a in state.legal_actions(seat) if a["type"] == "use"}
    assert uses == {"pickaxe"}


def test_two_faces_make_every_action_available():
    for pair in ("jackhammer", "chest", "cart", "steal"):
        state = new(3, 0)
        clear_table(state)
        seat = state.to_act()[0]
        state.carts[seat].update(black=1, red=1)
        state.carts[(seat + 1) % 3]["white"] = 1
        hand(state, [pair, pair, "helmet", "pickaxe", "pickaxe"])
        uses = {a["face"] for a in state.legal_actions(seat) if a["type"] == "use"}
        assert uses == {"pickaxe", pair}


def test_two_helmets_make_one_face_added_to_real_ones():
    state = new(3, 0)
    clear_table(state)
    seat = state.to_act()[0]
    state.carts[seat]["red"] = 3
    hand(state, ["helmet", "helmet", "chest", "chest", "steal"])
    wilds = {a["as"] for a in state.legal_actions(seat) if a["type"] == "wild"}
    assert wilds == {"pickaxe", "jackhammer", "chest", "cart", "steal"}
    state.apply(seat, {"type": "wild", "as": "chest"})
    assert state.faces["chest"] == 3 and state.helmets == 0
    assert "wild" not in types(state.legal_actions(seat))
    state.apply(seat, {"type": "use", "face": "chest"})
    state.apply(seat, {"type": "protect", "colour": "red"})
    state.apply(seat, {"type": "protect", "colour": "red"})  # 3 chests protect 2
    assert state.chests[seat]["red"] == 2 and state.phase == "actions"


def test_a_single_helmet_is_no_wild_and_three_make_only_one():
    state = new(3, 0)
    seat = hand(state, ["helmet", "chest", "chest", "steal", "steal"])
    assert "wild" not in types(state.legal_actions(seat))
    state = new(3, 0)
    seat = hand(state, ["helmet", "helmet", "helmet", "steal", "steal"])
    state.apply(seat, {"type": "wild", "as": "steal"})
    assert state.helmets == 1 and "wild" not in types(state.legal_actions(seat))


def test_four_helmets_make_two_faces_of_different_or_the_same_kind():
    state = new(3, 0)
    seat = hand(state, ["helmet", "helmet", "helmet", "helmet", "steal"])
    state.apply(seat, {"type": "wild", "as": "pickaxe"})
    state.apply(seat, {"type": "wild", "as": "jackhammer"})
    assert state.faces["pickaxe"] == 1 and state.faces["jackhammer"] == 1 and state.helmets == 0
    state = new(3, 0)
    seat = hand(state, ["helmet", "helmet", "helmet", "helmet", "steal"])
    state.apply(seat, {"type": "wild", "as": "steal"})
    state.apply(seat, {"type": "wild", "as": "steal"})
    assert state.faces["steal"] == 3


def test_helmets_cannot_go_into_a_kind_already_used():
    state = new(3, 0)
    seat = hand(state, ["helmet", "helmet", "pickaxe", "steal", "steal"])
    state.apply(seat, {"type": "use", "face": "pickaxe"})
    state.apply(seat, {"type": "stop"})
    wilds = {a["as"] for a in state.legal_actions(seat) if a["type"] == "wild"}
    assert "pickaxe" not in wilds and "steal" in wilds
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "wild", "as": "pickaxe"})
