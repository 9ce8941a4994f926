"""Collector abilities, with their timing: Idol A, Idol B (the race), Manuscript B, Pottery B, Remains A.

Flipped cards stay in the collection, still score and still count for sets.
"""

from __future__ import annotations

import pytest

from crypt_play import (breakdown, card, draws, exhausted, find, in_deck, others, play,
                        ready, seen_collection)
from cryptarena import games


def only(kind, count, slots=None):
    """A find() filter: exactly `count` cards of `kind` in the first Crypt (in `slots` if given)."""
    def where(laid):
        at = [i for i, (t, _) in enumerate(laid) if t == kind]
        return len(at) == count and (slots is None or at == list(slots))
    where.__name__ = f"only_{count}_{kind}_{slots}"
    return where


# Filters are module-level objects so find() remembers the seeds they found.
ONE_IDOL_AT_0 = only("idol", 1, [0])
ONE_IDOL_FACE_DOWN = only("idol", 1, [2])  # 2 players: slot 2 is the face-down card
TWO_IDOLS_AT_0_1 = only("idol", 2, [0, 1])
NO_IDOL = only("idol", 0)


def flipped(state, seat, kind):
    return [state.flipped[c] for c in state.collections[seat] if state.cards[c].type == kind]


# ------------------------------------------------------------------ Idol A
def idol_a_round_one():
    """2 players, side A. Seat 0 claims slot 1 with two dice at effort 1 (dice 0 and 1) and the
    face-down Idol in slot 2 at effort 5 (die 2); seat 1 claims slot 0. Die 2 rolls 2: exhausted."""
    state = find(2, where=ONE_IDOL_FACE_DOWN)
    play(state, [(0, [(2, 5), (1, 1), (1, 1)]), (1, [(0, 1)]), (0, "pass")], script=[1, 1, 2, 1])
    assert state.dice[0] == ["ready", "ready", "exhausted"]
    return state


def test_idol_a_offers_a_re_roll_of_a_die_exhausted_this_collect_paid_by_an_idol_just_collected():
    state = idol_a_round_one()
    assert state.phase == "idol" and state.to_act() == [0]
    assert state.legal_actions(0) == [{"type": "idol_reroll", "die": 2}, {"type": "pass"}]
    assert state.view(0)["idol_rerolls"] == [{"die": 2, "effort": 5}]
    assert seen_collection(state, 1, 0)[1] == ("idol", None)  # collected face-down


@pytest.mark.parametrize("reroll, recovered", [(5, True), (6, True), (4, False), (1, False)])
def test_idol_a_recovers_the_die_iff_the_re_roll_reaches_its_effort(reroll, recovered):
    state = idol_a_round_one()
    idol = state.collections[0][1]
    play(state, [(0, {"type": "idol_reroll", "die": 2})], script=[reroll])
    assert state.dice[0] == ["ready", "ready", "ready" if recovered else "exhausted"]
    assert state.flipped[idol]  # the Idol is spent either way
    assert seen_collection(state, 1, 0)[1] == card(state, idol)  # flipped: everyone sees its value
    assert breakdown(state, 0)["treasure"] == sum(state.cards[c].value for c in state.collections[0])
    assert state.phase == "claim" and state.view(None)["round"] == 2  # one Idol, one re-roll


def test_idol_a_pass_keeps_the_idol_and_the_die_exhausted():
    state = idol_a_round_one()
    play(state, [(0, "pass")])
    assert state.dice[0][2] == "exhausted" and flipped(state, 0, "idol") == [False]
    assert seen_collection(state, 1, 0)[1] == ("idol", None)
    assert state.phase == "claim"


def test_idol_a_never_offers_a_die_exhausted_in_an_earlier_round():
    state = idol_a_round_one()
    idol = in_deck(state, "idol")[0]
    fill = others(state, 2, avoid=["idol"])
    # the re-roll fails: die 2 stays exhausted; round 2 reveals another Idol in slot 0
    play(state, [(0, {"type": "idol_reroll", "die": 2})], script=[1] + draws(idol, *fill))
    # round 2: seat 1 leads and uses all its dice; seat 0 claims the Idol at 6 and slot 1 at 1
    play(state, [(1, [(2, 1)] * 3), (0, [(0, 6), (1, 1)]), (1, "pass")], script=[1, 1, 1, 1, 1])
    assert state.dice[0] == ["exhausted", "ready", "exhausted"]
    assert state.phase == "idol"
    assert state.legal_actions(0) == [{"type": "idol_reroll", "die": 0}, {"type": "pass"}]


def test_idol_a_gives_no_step_for_a_die_exhausted_in_an_earlier_round_only():
    state = idol_a_round_one()
    play(state, [(0, "pass")])  # die 2 stays exhausted, the Idol unflipped
    play(state, [(1, [(2, 1)] * 3), (0, [(0, 1), (1, 1)]), (1, "pass")], script=[1] * 5)
    assert state.dice[0][2] == "exhausted" and not any(flipped(state, 0, "idol"))
    assert state.phase == "claim" and state.view(None)["round"] == 3


def test_idol_a_each_idol_pays_one_re_roll():
    state = find(2, where=TWO_IDOLS_AT_0_1)
    play(state, [(0, [(0, 6), (1, 6), (1, 6)]), (1, [(2, 1)]), (0, "pass")], script=[1, 1, 1, 1])
    assert exhausted(state, 0) == 3
    play(state, [(0, {"type": "idol_reroll", "die": 2})], script=[6])
    assert flipped(state, 0, "idol").count(True) == 1
    assert [a["die"] for a in state.legal_actions(0) if a["type"] == "idol_reroll"] == [0, 1]
    play(state, [(0, {"type": "idol_reroll", "die": 0})], script=[6])
    assert flipped(state, 0, "idol") == [True, True]
    assert state.dice[0] == ["ready", "exhausted", "ready"]
    assert state.phase == "claim"  # no unflipped Idol left: the step ends by itself


def test_idol_a_re_rolls_go_player_by_player_from_the_leader():
    state = find(3, where=TWO_IDOLS_AT_0_1)
    play(state, [(0, [(0, 1)]), (1, [(3, 1)]), (2, [(1, 1)])], script=[1, 1, 1])  # an Idol each for 0 and 2
    # round 2: seat 1 leads; seats 2 and 0 both exhaust a die
    play(state, [(1, [(0, 1)]), (2, [(1, 6)]), (0, [(2, 6)])], script=[1, 1, 1])
    assert state.phase == "idol" and state.to_act() == [2]
    play(state, [(2, "pass")])
    assert state.phase == "idol" and state.to_act() == [0]
    play(state, [(0, "pass")])
    assert state.phase == "claim" and state.view(None)["round"] == 3


def idol_and_two_remains(laid):
    return sorted(t for t, _ in laid) == ["idol", "remains", "remains"]


def test_idol_a_does_not_offer_a_die_already_recovered_with_remains_a():
    state = find(2, where=idol_and_two_remains)
    idol = next(i for i, s in enumerate(state.crypt) if state.cards[s["card"]].type == "idol")
    remains = [i for i in range(3) if i != idol]
    # seat 0 takes all three cards (the Idol at effort 6); seat 1 pushes a Remains, seat 0 takes it back
    play(state, [(0, [(idol, 6), (remains[0], 1), (remains[1], 1)]), (1, [(remains[1], 2)]),
                 (0, [(remains[1], 3)])], script=[1, 1, 6])
    assert state.phase == "idol" and state.dice[0] == ["exhausted", "ready", "ready"]
    state.apply(0, {"type": "remains_recover"})  # any time: die 0 comes back
    assert state.dice[0] == ["ready"] * 3
    assert {"type": "idol_reroll", "die": 0} not in state.legal_actions(0)


def test_idol_a_gives_no_step_without_an_idol_or_on_side_b():
    state = find(2, where=NO_IDOL)
    play(state, [(0, [(0, 6), (1, 1), (1, 1)]), (1, [(2, 1)]), (0, "pass")], script=[1, 1, 1, 1])
    assert exhausted(state, 0) == 1 and state.phase == "claim"
    state = find(2, where=ONE_IDOL_AT_0, collectors="mix", idol="B")
    play(state, [(0, [(0, 5), (1, 1), (1, 1)]), (1, [(2, 1)]), (0, "pass")], script=[2, 1, 1, 1])
    assert exhausted(state, 0) == 1 and state.phase == "claim"


# ------------------------------------------------------------------ Idol B
def test_idol_b_the_first_to_two_idols_flips_them_and_scores_5_later_players_score_2():
    state = find(2, where=TWO_IDOLS_AT_0_1, collectors="B")
    idols = in_deck(state, "idol")
    assert len(idols) == 2
    fill = others(state, 1, avoid=["idol"])
    # round 1: seat 0 collects both Idols; round 2 deals the other two Idols to slots 0 and 1
    play(state, [(0, [(0, 1), (1, 1), (1, 1)]), (1, [(2, 1)]), (0, "pass")],
         script=[1, 1, 1, 1] + draws(*idols, *fill))
    assert state.idol_b_first == [0] and state.view(None)["players"][0]["idol_b_first"]
    assert flipped(state, 0, "idol") == [True, True]
    assert [v is not None for _, v in seen_collection(state, 1, 0) if _ == "idol"] == [True, True]
    assert breakdown(state, 0)["idol"] == 5
    # round 2: seat 1 (leading) collects the other two Idols: too late for the +5
    play(state, [(1, [(0, 1), (1, 1), (1, 1)]), (0, [(2, 1)]), (1, "pass")], script=[1, 1, 1, 1])
    assert state.idol_b_first == [0]
    assert flipped(state, 1, "idol") == [False, False]  # later collectors keep them face down
    assert [breakdown(state, s)["idol"] for s in (0, 1)] == [5, 2]
    # flipped Idols still count as treasure
    assert breakdown(state, 0)["treasure"] == sum(state.cards[c].value for c in state.collections[0])


def test_idol_b_one_idol_is_not_enough():
    state = find(2, where=ONE_IDOL_AT_0, collectors="B")
    play(state, [(0, [(0, 1), (1, 1), (1, 1)]), (1, [(2, 1)]), (0, "pass")], script=[1, 1, 1, 1])
    assert state.idol_b_first == [] and breakdown(state, 0)["idol"] == 0


def test_idol_b_players_reaching_two_idols_in_the_same_collect_all_score_5():
    state = find(3, where=TWO_IDOLS_AT_0_1, collectors="B")
    # round 1: seat 1 takes the Idol in slot 0, seat 2 the Idol in slot 1, seat 0 slot 2
    idols = in_deck(state, "idol")
    assert len(idols) == 4
    fill = others(state, 2, avoid=["idol"])
    play(state, [(0, [(2, 1)]), (1, [(0, 1)]), (2, [(1, 1)])], script=[1, 1, 1] + draws(*idols[:2], *fill))
    assert state.idol_b_first == []
    # round 2 (seat 1 leads): seats 1 and 2 each collect their second Idol in the same Collect
    fill = others(state, 2, avoid=["idol"])
    play(state, [(1, [(0, 1)]), (2, [(1, 1)]), (0, [(2, 1)])], script=[1, 1, 1] + draws(*idols[2:], *fill))
    assert sorted(state.idol_b_first) == [1, 2]
    assert [breakdown(state, s)["idol"] for s in range(3)] == [0, 5, 5]
    assert flipped(state, 1, "idol") == [True, True] and flipped(state, 2, "idol") == [True, True]
    # round 3 (seat 2 leads): seat 0 collects two Idols: +2, nothing flipped
    play(state, [(2, [(2, 1)]), (0, [(0, 1), (1, 1)]), (1, [(3, 1)])], script=[1, 1, 1, 1])
    assert [breakdown(state, s)["idol"] for s in range(3)] == [2, 5, 5]
    assert flipped(state, 0, "idol") == [False, False]


# ------------------------------------------------------------------ Manuscript B
TWO_MANUSCRIPTS_AT_0_1 = only("manuscript", 2, [0, 1])
MANUSCRIPT_B = {"collectors": "mix", "manuscript": "B"}


def manuscript_b_table():
    """2 players: seat 0 collects the two Manuscripts of round 1; round 2 starts, seat 1 leads."""
    state = find(2, where=TWO_MANUSCRIPTS_AT_0_1, **MANUSCRIPT_B)
    feed_round_with_seat_0_taking_slots_0_and_1(state)
    return state


def feed_round_with_seat_0_taking_slots_0_and_1(state):
    play(state, [(0, [(0, 1), (1, 1), (1, 1)]), (1, [(2, 1)]), (0, "pass")], script=[1, 1, 1, 1])


def hidden_values(state, viewer):
    return [c["value"] for c in state.view(viewer)["crypt"] if not c["face_up"]]


def test_manuscript_b_peek_off_turn_shows_the_face_down_cards_to_the_peeker_only():
    state = manuscript_b_table()
    assert state.to_act() == [1]
    assert state.legal_actions(0) == [{"type": "manuscript_peek"}]  # usable while seat 1 is to act
    assert hidden_values(state, 0) == [None]
    state.apply(0, {"type": "manuscript_peek"})
    face_down = next(s["card"] for s in state.crypt if not s["up"])
    assert hidden_values(state, 0) == [state.cards[face_down].value]
    assert hidden_values(state, 1) == [None] and hidden_values(state, None) == [None]
    assert flipped(state, 0, "manuscript").count(True) == 1  # flip one Manuscript
    assert breakdown(state, 0)["treasure"] == sum(state.cards[c].value for c in state.collections[0])
    # the log tells seat 1 a peek happened, not what was seen
    peek = [e for e in state.log_for(1) if e["msg"] == "crypt.manuscript_peek"]
    assert peek and "seen" not in peek[0]["params"]
    assert [e for e in state.log_for(0) if e["msg"] == "crypt.manuscript_peek"][0]["params"]["seen"]


def test_manuscript_b_once_a_round():
    state = manuscript_b_table()
    state.apply(0, {"type": "manuscript_peek"})
    assert flipped(state, 0, "manuscript").count(False) == 1  # a Manuscript is left...
    assert state.legal_actions(0) == []  # ...but not this round
    with pytest.raises(games.IllegalAction):
        state.apply(0, {"type": "manuscript_peek"})
    play(state, [(1, [(0, 1)] * 3)])
    assert {"type": "manuscript_peek"} not in state.legal_actions(0)
    play(state, [(0, [(1, 1)] * 3), (1, "pass")], script=[1] * 6)
    assert state.view(None)["round"] == 3
    assert {"type": "manuscript_peek"} in state.legal_actions(0)  # a new round, a new peek


def test_manuscript_b_peeker_keeps_knowing_the_card_after_another_player_collects_it():
    state = manuscript_b_table()
    state.apply(0, {"type": "manuscript_peek"})
    face_down = next(s["card"] for s in state.crypt if not s["up"])
    slot = next(i for i, s in enumerate(state.crypt) if not s["up"])
    play(state, [(1, [(slot, 1)] * 3), (0, [(0, 1)]), (1, "pass")], script=[1] * 4)
    assert face_down in state.collections[1]
    index = state.collections[1].index(face_down)
    assert seen_collection(state, 0, 1)[index] == card(state, face_down)
    assert seen_collection(state, None, 1)[index] == (card(state, face_down)[0], None)


def test_manuscript_b_is_not_an_ability_on_side_a():
    state = find(2, where=TWO_MANUSCRIPTS_AT_0_1)
    feed_round_with_seat_0_taking_slots_0_and_1(state)
    assert state.legal_actions(0) == []


# ------------------------------------------------------------------ Remains A
TWO_REMAINS_AT_0_1 = only("remains", 2, [0, 1])


def remains_round_one(efforts, **options):
    """2 players: seat 0 claims slots 0 and 1 (the two Remains) with the given efforts, rolls 1s."""
    state = find(2, where=TWO_REMAINS_AT_0_1, **options)
    play(state, [(0, efforts), (1, [(2, 1)]), (0, "pass")], script=[1] * (len(efforts) + 1))
    return state


def test_remains_a_recovers_one_servant_off_turn():
    state = remains_round_one([(0, 6), (0, 6), (1, 1)])
    assert state.dice[0] == ["exhausted", "exhausted", "ready"] and state.to_act() == [1]
    assert state.legal_actions(0) == [{"type": "remains_recover"}]
    state.apply(0, {"type": "remains_recover"})
    assert exhausted(state, 0) == 1 and ready(state, 0) == 2  # one servant, not all
    assert flipped(state, 0, "remains") == [True, True]  # two Remains paid
    assert [v is not None for t, v in seen_collection(state, 1, 0)] == [True, True]
    assert state.legal_actions(0) == []  # nothing left to flip
    assert breakdown(state, 0)["treasure"] == sum(state.cards[c].value for c in state.collections[0])


def test_remains_a_is_an_alternative_to_the_forced_recover():
    state = remains_round_one([(0, 6), (1, 6), (1, 6)])
    assert exhausted(state, 0) == 3
    play(state, [(1, [(0, 1)] * 3)])
    assert state.legal_actions(0) == [{"type": "recover"}, {"type": "remains_recover"}]
    state.apply(0, {"type": "remains_recover"})
    kinds = {a["type"] for a in state.legal_actions(0)}
    assert {"place", "recover"} <= kinds and "remains_recover" not in kinds


def test_remains_a_needs_an_exhausted_servant_and_side_a():
    state = remains_round_one([(0, 1), (1, 1), (1, 1)])
    assert exhausted(state, 0) == 0 and state.legal_actions(0) == []
    state = remains_round_one([(0, 6), (0, 6), (1, 1)], collectors="mix", remains="B")
    assert exhausted(state, 0) == 2 and state.legal_actions(0) == []


# ------------------------------------------------------------------ Pottery B
THREE_POTTERIES_FIRST = only("pottery", 3, [0, 1, 2])
POTTERY_B = {"collectors": "mix", "pottery": "B"}


def pottery_b_table():
    """3 players. Round 1: seat 0 collects two Potteries, seat 2 one, seat 1 the face-down card.
    Round 2 (seat 1 leads): seat 0 may use Pottery B first; then seat 2 collects a third Pottery.
    Returned at the start of round 3 (seat 2 leads), where seats 2 and 0 both hold two Potteries."""
    state = find(3, where=THREE_POTTERIES_FIRST, **POTTERY_B)
    pottery = in_deck(state, "pottery")[0]
    fill = others(state, 3, avoid=["pottery"])
    play(state, [(0, [(0, 1), (1, 1)]), (1, [(3, 1)]), (2, [(2, 1)])],
         script=[1, 1, 1, 1] + draws(pottery, *fill))
    assert state.phase == "pottery" and state.to_act() == [0]  # only seat 0 has two Potteries
    assert state.legal_actions(0) == [{"type": "pottery_take", "slot": 3}, {"type": "pass"}]
    fill = others(state, 4, avoid=["pottery"])
    play(state, [(0, "pass"), (1, [(1, 1)]), (2, [(0, 1)]), (0, [(2, 1)])], script=[1, 1, 1] + draws(*fill))
    assert state.view(None)["leader"] == 2
    return state


def test_pottery_b_before_claim_turn_order_from_the_leader_decides():
    state = pottery_b_table()
    assert state.phase == "pottery" and state.to_act() == [2]  # seat 2 leads, so it chooses first
    face_down = state.crypt[3]["card"]
    play(state, [(2, {"type": "pottery_take", "slot": 3})])
    assert face_down in state.collections[2]
    assert flipped(state, 2, "pottery") == [True, True]
    assert len(state.crypt) == 3 and all(s["up"] for s in state.crypt)
    # seat 0 had two Potteries too, but no face-down card is left: the Claim begins
    assert state.phase == "claim" and state.to_act() == [2]
    # the taken card is known to its taker only; the flipped Potteries to everyone
    assert seen_collection(state, 2, 2)[-1] == card(state, face_down)
    assert seen_collection(state, 0, 2)[-1] == (card(state, face_down)[0], None)
    assert all(v is not None for t, v in seen_collection(state, 0, 2) if t == "pottery")
    assert breakdown(state, 2)["treasure"] == sum(state.cards[c].value for c in state.collections[2])


def test_pottery_b_goes_round_to_the_next_player_when_the_leader_passes():
    state = pottery_b_table()
    play(state, [(2, "pass")])
    assert state.phase == "pottery" and state.to_act() == [0]
    face_down = state.crypt[3]["card"]
    play(state, [(0, {"type": "pottery_take", "slot": 3})])
    assert face_down in state.collections[0] and state.phase == "claim"


# ------------------------------------------------------------------ Idol B after Pottery B
def idol_then_pottery(laid):
    return [t for t, _ in laid[:2]] == ["idol", "pottery"] and [t for t, _ in laid].count("idol") == 1


IDOL_B_POTTERY_B = {"collectors": "mix", "idol": "B", "pottery": "B"}


def test_idol_b_is_checked_right_after_a_pottery_b_take():
    state = find(2, where=idol_then_pottery, **IDOL_B_POTTERY_B)
    pottery, idol = in_deck(state, "pottery")[0], in_deck(state, "idol")[0]
    fill = others(state, 2, avoid=["pottery", "idol"])
    # round 1: seat 0 collects the Idol and a Pottery; round 2 (seat 1 leads): a second Pottery
    play(state, [(0, [(0, 1), (1, 1), (1, 1)]), (1, [(2, 1)]), (0, "pass")],
         script=[1, 1, 1, 1] + draws(pottery, *fill))
    fill = others(state, 2, avoid=["pottery", "idol"])
    play(state, [(1, [(1, 1)] * 3), (0, [(0, 1)] * 3), (1, "pass")], script=[1] * 6 + draws(*fill, idol))
    # round 3: the face-down card is an Idol; seat 0 takes it with Pottery B before the Claim
    assert state.phase == "pottery" and state.to_act() == [0]
    assert state.idol_b_first == []
    play(state, [(0, {"type": "pottery_take", "slot": 2})])
    assert state.idol_b_first == [0] and flipped(state, 0, "idol") == [True, True]
    assert state.phase == "claim" and breakdown(state, 0)["idol"] == 5


def _with_two_remains(seat: int = 0):
    """A 2-player table (all A sides) where `seat` already holds two unflipped Remains."""
    state = games.load("crypt").new_state(2, 3, {"collectors": "A"})
    remains = [c for c in state.deck if state.cards[c].type == "remains"][:2]
    for card in remains:
        state.deck.remove(card)
        state.collections[seat].append(card)
    return state


def test_remains_a_prefers_a_die_that_idol_a_could_not_reroll():
    state = _with_two_remains()
    state.dice[0] = ["exhausted", "exhausted", "ready"]
    state.just_exhausted[0] = [[1, 4]]  # die 1 was exhausted in this Collect, die 0 earlier
    state.apply(0, {"type": "remains_recover"})
    assert state.dice[0] == ["ready", "exhausted", "ready"]
    assert state.just_exhausted[0] == [[1, 4]]


def test_remains_a_then_takes_the_die_exhausted_at_the_highest_effort():
    state = _with_two_remains()
    state.dice[0] = ["exhausted", "exhausted", "ready"]
    state.just_exhausted[0] = [[0, 2], [1, 5]]  # a re-roll saves effort 2 far more often than 5
    state.apply(0, {"type": "remains_recover"})
    assert state.dice[0] == ["exhausted", "ready", "ready"]
    assert state.just_exhausted[0] == [[0, 2]]
