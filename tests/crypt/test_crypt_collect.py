"""Collect: discarding, the exhaustion roll, face-down collections, automatic recovery.

Seed 2 at 3 players deals jewelry 3, tapestry 2, manuscript 1 face up and remains 1 face down
(no Idol, so no Idol A step interrupts the Collect).
"""

from __future__ import annotations

import pytest

from crypt_play import crypt, exhausted, new, play, ready, seen_collection

SEED = 2


def table():
    state = new(3, SEED)
    assert crypt(state) == [("jewelry", 3, True), ("tapestry", 2, True), ("manuscript", 1, True),
                            ("remains", 1, False)]
    return state


def test_unclaimed_cards_are_discarded_and_a_face_down_one_stays_unknown():
    state = table()
    cards = [s["card"] for s in state.crypt]
    play(state, [(0, [(0, 1)]), (1, [(2, 1)])], script=[])
    state.apply(2, {"type": "place", "slot": 0, "effort": 2})  # seat 2 pushes seat 0 off slot 0
    state.apply(2, {"type": "confirm"})
    assert sorted(state.discard) == sorted([cards[1], cards[3]])
    for viewer in (None, 0, 1, 2):
        shown = state.view(viewer)["discard"]
        assert sorted((d["type"], d["value"]) for d in shown) == [("remains", None), ("tapestry", 2)]
    assert state.collections == [[], [cards[2]], [cards[0]]]


@pytest.mark.parametrize("effort, roll, is_exhausted", [
    (4, 3, True), (4, 4, False), (4, 5, False),  # roll == effort survives
    (1, 1, False),  # effort 1 never fails
    (2, 1, True), (6, 5, True), (6, 6, False),
])
def test_a_die_is_exhausted_iff_it_rolls_less_than_its_effort(effort, roll, is_exhausted):
    state = table()
    jewelry = state.crypt[0]["card"]
    play(state, [(0, [(0, effort)]), (1, [(1, 1)]), (2, [(2, 1)])], script=[roll, 6, 6])
    assert state.dice[0][0] == ("exhausted" if is_exhausted else "ready")
    assert state.dice[0][1:] == ["ready", "ready"]
    assert state.collections[0] == [jewelry]  # the card is collected whatever the roll
    assert state.view(None)["round"] == 2


def test_each_die_on_a_card_is_judged_on_its_own_roll():
    state = table()
    play(state, [(0, [(0, 4), (0, 4), (0, 4)]), (1, [(1, 1)]), (2, [(2, 1)])], script=[3, 4, 6, 6, 6])
    assert state.dice[0] == ["exhausted", "ready", "ready"]
    assert state.scores()[0]["breakdown"]["servants"] == 2
    # the running public score: the face-up jewelry 3 + 2 unexhausted servants
    assert state.view(1)["players"][0]["public_score"] == 5


def test_collected_cards_are_face_down_known_to_the_owner_and_face_up_ones_to_everyone():
    state = table()
    play(state, [(0, [(0, 1)]), (1, [(3, 1)]), (2, [(1, 1)])], script=[6, 6, 6])
    # seat 1 took the face-down remains 1: the others see a Remains, not its value
    assert seen_collection(state, 1, 1) == [("remains", 1)]
    for viewer in (None, 0, 2):
        assert seen_collection(state, viewer, 1) == [("remains", None)]
    # seat 0 took the face-up jewelry 3: everybody saw it in the Crypt
    for viewer in (None, 0, 1, 2):
        assert seen_collection(state, viewer, 0) == [("jewelry", 3)]
    assert [c["flipped"] for c in state.view(None)["players"][1]["collection"]] == [False]
    # the public count leaves the hidden value out; the owner's own view counts it
    assert state.view(0)["players"][1]["public_score"] == 3
    assert state.view(1)["you"] == {"treasure": 1, "servants": 3}
    assert state.scores()[1]["breakdown"]["treasure"] == 1


def test_the_log_hides_a_face_down_card_from_other_seats():
    state = table()
    play(state, [(0, [(0, 1)]), (1, [(3, 1)]), (2, [(1, 1)])], script=[6, 6, 6])

    def collect_entry(viewer):
        return next(e for e in state.log_for(viewer) if e["msg"] == "crypt.collect" and e["params"]["seat"] == 1)

    assert collect_entry(1)["params"]["value"] == 1
    for viewer in (None, 0, 2):
        assert "value" not in collect_entry(viewer)["params"] and collect_entry(viewer)["redacted"]


def _round_one_seat_2_exhausts_a_die(state):
    play(state, [(0, [(0, 1)]), (1, [(1, 1)]), (2, [(2, 6)])], script=[6, 6, 1])
    assert exhausted(state, 2) == 1


def test_a_player_whose_servants_were_all_pushed_out_recovers_every_exhausted_servant():
    state = table()
    _round_one_seat_2_exhausts_a_die(state)
    # round 2: seat 1 leads; seat 2 claims with one die and seat 0 pushes it out
    play(state, [(1, [(0, 1)]), (2, [(1, 1)]), (0, [(1, 2)])], script=[6, 6])
    assert state.dice[2] == ["ready"] * 3
    assert any(e["msg"] == "crypt.auto_recover" and e["params"]["seat"] == 2 for e in state.log)


def test_no_automatic_recovery_while_one_servant_is_still_on_a_card():
    state = table()
    _round_one_seat_2_exhausts_a_die(state)
    # seat 2 claims two cards; seat 0 pushes it off only one of them
    play(state, [(1, [(0, 1)]), (2, [(1, 1), (2, 1)]), (0, [(1, 2)])], script=[6, 6, 6])
    assert exhausted(state, 2) == 1 and ready(state, 2) == 2
