"""Claim: placing servants, effort, pushing out, Lights Out, the 2-player double turn, Recover."""

from __future__ import annotations

import pytest

from crypt_play import claim, exhausted, new, owner, place, play, ready, recover
from cryptarena import games


def places(state, seat):
    return {(a["slot"], a["effort"]) for a in state.legal_actions(seat) if a["type"] == "place"}


def types(state, seat):
    return [a["type"] for a in state.legal_actions(seat)]


def test_a_player_may_put_servants_on_several_cards_and_several_on_one_card():
    state = new(4, seed=3)
    claim(state, 0, [(0, 2), (1, 5), (1, 5)])
    view = state.view(None)
    assert [(c["owner"], c["effort"], c["dice"], c["total"]) for c in view["crypt"][:2]] == [
        (0, 2, 1, 2), (0, 5, 2, 10)]
    assert state.dice[0] == ["placed"] * 3
    assert view["to_act"] == [1]


def test_a_turn_may_claim_a_face_down_card():
    state = new(3, seed=3)
    assert state.crypt[3]["up"] is False
    claim(state, 0, [(3, 1)])
    assert owner(state, 3) == 0


def test_all_servants_on_one_card_show_the_same_effort():
    state = new(3, seed=3)
    place(state, 0, 0, 3)
    assert places(state, 0) >= {(0, 3), (1, 4)}
    assert not {(0, e) for e in (1, 2, 4, 5, 6)} & places(state, 0)
    with pytest.raises(games.IllegalAction, match="same effort"):
        place(state, 0, 0, 4)


@pytest.mark.parametrize("effort", [0, 7])
def test_effort_is_a_die_face(effort):
    state = new(3)
    with pytest.raises(games.IllegalAction):
        place(state, 0, 0, effort)


def test_a_strictly_higher_total_pushes_out_and_the_pushed_dice_go_home_ready():
    state = new(3, seed=2)
    play(state, [(0, [(0, 4)]), (1, [(0, 5)])])
    assert owner(state, 0) == 1
    assert state.dice[0] == ["ready"] * 3  # back on the player card, not exhausted
    assert state.view(None)["crypt"][0]["total"] == 5


def test_an_equal_total_does_not_push_out():
    state = new(3, seed=2)
    claim(state, 0, [(0, 4)])
    place(state, 1, 0, 4)  # 4 = 4: a start, but not enough on its own
    assert "confirm" not in types(state, 1)
    with pytest.raises(games.IllegalAction):
        state.apply(1, {"type": "confirm"})
    assert owner(state, 0) == 0
    place(state, 1, 0, 4)  # 8 > 4
    state.apply(1, {"type": "confirm"})
    assert owner(state, 0) == 1


def test_rulebook_example_two_threes_beat_a_single_five():
    state = new(3, seed=4)
    play(state, [(0, [(1, 5)]), (1, [(1, 3), (1, 3)])])
    crypt = state.view(None)["crypt"]
    assert (crypt[1]["owner"], crypt[1]["effort"], crypt[1]["dice"], crypt[1]["total"]) == (1, 3, 2, 6)
    assert ready(state, 0) == 3


def test_a_single_five_does_not_beat_two_threes():
    state = new(3, seed=4)
    claim(state, 0, [(1, 3), (1, 3)])
    place(state, 1, 1, 5)
    assert "confirm" not in types(state, 1)  # 5 < 6: a second 5 is needed
    place(state, 1, 1, 5)
    assert "confirm" in types(state, 1)


def test_a_placement_that_no_remaining_servant_could_complete_is_refused():
    state = new(3, seed=4)
    claim(state, 0, [(0, 6), (0, 6)])  # 12: one die of 6 short of any chance with 2 dice left
    place(state, 1, 0, 6)  # 6 now, a second 6 makes 12 (a tie): the third die would be needed
    place(state, 1, 0, 6)
    assert "confirm" not in types(state, 1)
    assert (0, 6) in places(state, 1)  # the third 6 makes 18 > 12
    state = new(3, seed=4)
    claim(state, 0, [(0, 6), (0, 6), (0, 6)])  # 18 cannot be beaten with three dice
    assert not {(0, e) for e in range(1, 7)} & places(state, 1)
    with pytest.raises(games.IllegalAction, match="effort too low"):
        place(state, 1, 0, 6)


def test_you_cannot_claim_a_card_your_own_servants_hold():
    state = new(2, seed=1)  # 2 players: the Leader gets a second turn in the same round
    play(state, [(0, [(0, 2)]), (1, [(1, 1)])])
    assert not {(0, e) for e in range(1, 7)} & places(state, 0)
    with pytest.raises(games.IllegalAction, match="your own servants"):
        place(state, 0, 0, 6)


def test_lights_out_may_place_servants_on_only_one_card():
    state = new(3, seed=6)
    play(state, [(0, [(0, 1)]), (1, [(1, 1)])])
    assert state.view(None)["last_turn"] is True and state.to_act() == [2]
    place(state, 2, 2, 2)
    assert {slot for slot, _ in places(state, 2)} == {2}
    with pytest.raises(games.IllegalAction, match="only one card"):
        place(state, 2, 3, 2)
    place(state, 2, 2, 2)  # more servants on the same card are fine
    assert "confirm" in types(state, 2)


def test_players_before_lights_out_may_use_several_cards():
    state = new(3, seed=6)
    assert state.view(None)["last_turn"] is False
    place(state, 0, 0, 1)
    assert {slot for slot, _ in places(state, 0)} == {0, 1, 2, 3}


def test_two_players_claim_leader_other_leader_and_the_second_turn_is_lights_out():
    state = new(2, seed=8)
    assert state.view(None)["claim_order"] == [0, 1, 0]
    claim(state, 0, [(0, 1)])
    assert state.to_act() == [1]
    claim(state, 1, [(1, 1)])
    assert state.to_act() == [0] and state.view(None)["last_turn"] is True
    place(state, 0, 2, 1)
    assert {slot for slot, _ in places(state, 0)} == {2}  # one card only on the second turn
    state.apply(0, {"type": "confirm"})
    assert state.view(None)["round"] == 2  # the Leader's second turn was the last of the round


def test_two_player_leader_reuses_pushed_out_servants_on_the_second_turn():
    state = new(2, seed=8)
    play(state, [(0, [(0, 2), (0, 2), (1, 1)]), (1, [(0, 5)])])
    assert ready(state, 0) == 2  # the two servants pushed off slot 0 came straight back
    place(state, 0, 2, 3)
    place(state, 0, 2, 3)
    assert "confirm" in types(state, 0)
    cards = [s["card"] for s in state.crypt]
    state.apply(0, {"type": "confirm"})
    assert sorted(state.collections[0]) == sorted([cards[1], cards[2]])
    assert state.collections[1] == [cards[0]]


def test_second_turn_with_no_servant_left_and_none_exhausted_is_a_pass():
    state = new(2, seed=8)
    play(state, [(0, [(0, 1), (0, 1), (0, 1)]), (1, [(1, 1)])])
    assert state.legal_actions(0) == [{"type": "pass"}]


def test_take_back_removes_the_last_placed_servant():
    state = new(3, seed=2)
    assert "take_back" not in types(state, 0)
    place(state, 0, 0, 2)
    place(state, 0, 1, 5)
    assert state.view(None)["pending"] == [{"slot": 0, "effort": 2}, {"slot": 1, "effort": 5}]
    state.apply(0, {"type": "take_back"})
    assert state.view(None)["pending"] == [{"slot": 0, "effort": 2}]
    state.apply(0, {"type": "confirm"})
    assert owner(state, 0) == 0 and owner(state, 1) is None
    assert state.dice[0] == ["placed", "ready", "ready"]


def test_nothing_placed_nothing_to_confirm():
    state = new(3, seed=2)
    assert "confirm" not in types(state, 0)
    with pytest.raises(games.IllegalAction):
        state.apply(0, {"type": "confirm"})


def test_an_illegal_action_changes_nothing_and_only_the_seat_to_act_may_claim():
    state = new(3, seed=2)
    place(state, 0, 0, 3)
    before = state.to_json()
    for seat, action in [(1, {"type": "place", "slot": 1, "effort": 1}),
                         (0, {"type": "place", "slot": 0, "effort": 4}),
                         (0, {"type": "recover"}),
                         (0, {"type": "place", "slot": 9, "effort": 1})]:
        with pytest.raises(games.IllegalAction):
            state.apply(seat, action)
        assert state.to_json() == before


def _exhaust(state, seat_dice_efforts):
    """Round 1 of a 3-player game (seed 2) where seat 0 exhausts some dice: each seat claims its own
    card, seat 0 with the given efforts; every die of seat 0 rolls 1, the others roll 6."""
    efforts = seat_dice_efforts
    rolls = [1] * len(efforts) + [6, 6]
    play(state, [(0, [(0, e) for e in efforts]), (1, [(1, 1)]), (2, [(2, 1)])], script=rolls)


def test_recover_brings_back_every_exhausted_servant_and_is_the_whole_turn():
    state = new(3, seed=2)
    _exhaust(state, [6, 6])
    assert exhausted(state, 0) == 2 and state.view(None)["round"] == 2
    # round 2: the torch passed left, seat 1 leads, seat 0 plays last
    play(state, [(1, [(0, 1)]), (2, [(1, 1)])])
    assert {"type": "recover"} in state.legal_actions(0)
    recover(state, 0)
    assert state.dice[0] == ["ready"] * 3
    assert state.view(None)["round"] == 3  # seat 0 placed nothing: its recover ended the round
    assert len(state.collections[0]) == 1  # only its round-1 card


def test_recover_is_not_offered_once_a_servant_is_placed():
    state = new(3, seed=2)
    _exhaust(state, [6])
    play(state, [(1, [(0, 1)]), (2, [(1, 1)])])
    place(state, 0, 2, 1)
    assert "recover" not in types(state, 0)


def test_a_player_with_no_ready_servant_must_recover():
    state = new(3, seed=2)
    _exhaust(state, [6, 6, 6])
    assert exhausted(state, 0) == 3
    play(state, [(1, [(0, 1)]), (2, [(1, 1)])])
    assert state.legal_actions(0) == [{"type": "recover"}]


def test_recover_is_not_offered_without_an_exhausted_servant():
    state = new(3, seed=2)
    assert "recover" not in types(state, 0)
    with pytest.raises(games.IllegalAction):
        recover(state, 0)


def test_confirm_needs_every_card_of_the_turn_to_beat_its_holder():
    state = new(3, seed=2)
    claim(state, 0, [(0, 2), (1, 2)])
    place(state, 1, 0, 3)  # beats the 2 on slot 0
    place(state, 1, 1, 2)  # ties the 2 on slot 1
    assert "confirm" not in types(state, 1)
    state.apply(1, {"type": "take_back"})
    place(state, 1, 1, 3)
    state.apply(1, {"type": "confirm"})
    assert (owner(state, 0), owner(state, 1)) == (1, 1)
    assert state.dice[0] == ["ready", "ready", "ready"]


def test_pushed_out_servants_of_an_earlier_player_are_ready_for_the_next_round():
    state = new(3, seed=2)
    play(state, [(0, [(0, 1), (0, 1), (0, 1)]), (1, [(0, 2), (0, 2)]), (2, [(1, 1)])], script=[6, 6, 6])
    assert state.collections[0] == [] and state.dice[0] == ["ready"] * 3
    # round 2 (seat 1 leads, seat 0 plays last): all three servants can go out again
    play(state, [(1, [(0, 1)]), (2, [(1, 1)])])
    assert {(2, 1), (3, 1)} <= places(state, 0)
    place(state, 0, 2, 1)
    place(state, 0, 2, 1)
    place(state, 0, 2, 1)
    assert "confirm" in types(state, 0)


def test_a_last_servant_cannot_be_placed_for_a_tie():
    state = new(3, seed=2)
    _exhaust(state, [6, 6])  # seat 0 has one ready servant left in round 2
    play(state, [(1, [(0, 4)]), (2, [(1, 1)])])
    assert (0, 4) not in places(state, 0)  # 4 against 4 could never be confirmed
    assert (0, 5) in places(state, 0)
