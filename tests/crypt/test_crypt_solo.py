"""Solo "Only Child": the Ghost, the sorted Crypt, the alternating torches, the solo target.

In a round the player leads, the claim order is player, Ghost, player; the Ghost's turn runs inside
the player's confirm, so its rolls are scripted before it. In a round the Ghost leads (Ghost, player,
Ghost) its first rolls happen when the round starts, inside the previous round's last action.
"""

from __future__ import annotations

import pytest

from crypt_play import autoplay, card, draws, find, in_deck, new, play
from cryptarena import games
from cryptarena.games.crypt.components import FACE_DOWN_RANK

ALL_MINE = [(2, 1)] * 3  # the player's three servants on the lowest card (slot 2) at effort 1


def rank(state, slot):
    s = state.crypt[slot]
    return state.cards[s["card"]].value if s["up"] else FACE_DOWN_RANK


def owners(state):
    return [c["owner"] for c in state.view(0)["crypt"]]


def ghost_rolls(state):
    return [e["params"]["rolls"] for e in state.log if e["msg"] == "crypt.ghost_roll"]


@pytest.mark.parametrize("seed", range(40))
def test_the_crypt_is_laid_out_from_highest_to_lowest_with_face_down_as_2_5(seed):
    state = new(1, seed)
    ranks = [rank(state, i) for i in range(3)]
    assert ranks == sorted(ranks, reverse=True)
    assert FACE_DOWN_RANK == 2.5


def test_equal_cards_keep_their_draw_order():
    state = new(1, seed=0)
    tapestry, remains = in_deck(state, "tapestry", 3)[0], in_deck(state, "remains", 3)[0]
    face_down = in_deck(state, "pottery", 1)[0]
    play(state, [(0, ALL_MINE), (0, "pass")], script=[1, 1, 1] + [1, 1, 1] + draws(tapestry, remains, face_down))
    assert [s["card"] for s in state.crypt] == [tapestry, remains, face_down]
    state = new(1, seed=0)
    play(state, [(0, ALL_MINE), (0, "pass")], script=[1, 1, 1] + [1, 1, 1] + draws(remains, tapestry, face_down))
    assert [s["card"] for s in state.crypt] == [remains, tapestry, face_down]


def test_the_ghost_joins_equal_faces_and_places_its_best_group_on_the_best_card():
    state = new(1, seed=3)
    cards = [s["card"] for s in state.crypt]
    # the Ghost rolls 6, 3, 3: the pair of 3s (6) goes before the single 6, on the best card
    play(state, [(0, ALL_MINE)], script=[6, 3, 3])
    view = state.view(0)["crypt"]
    assert [(c["owner"], c["effort"], c["dice"]) for c in view] == [("ghost", 3, 2), ("ghost", 6, 1), (0, 1, 3)]
    assert state.ghost_dice == ["placed"] * 3
    assert state.view(0)["ghost"]["dice"] == ["placed"] * 3
    # Lights Out: the player has no servant left to place
    play(state, [(0, "pass")], script=[1, 1, 1])
    # Collect: only the player's dice were rolled; the Ghost's cards are discarded
    assert state.collections[0] == [cards[2]]
    assert sorted(state.discard) == sorted(cards[:2])
    # its dice never exhaust: all three roll again as the Ghost leads round 2
    assert state.view(0)["leader"] == "ghost" and len(ghost_rolls(state)) == 2
    assert len(ghost_rolls(state)[-1]) == 3


def test_rulebook_example_the_ghost_pushes_a_single_5_with_two_3s():
    state = new(1, seed=3)
    cards = [s["card"] for s in state.crypt]
    play(state, [(0, [(0, 5), (2, 1), (2, 1)])], script=[3, 3, 1])
    assert owners(state) == ["ghost", "ghost", 0]
    assert state.dice[0] == ["ready", "placed", "placed"]  # the 5 came back ready
    assert state.view(0)["crypt"][0]["total"] == 6
    # the pushed-back servant is the player's Lights Out turn: one card, it beats the Ghost's 1
    play(state, [(0, [(1, 2)])], script=[2, 1, 1])
    assert state.round == 2
    assert sorted(state.collections[0]) == sorted(cards[1:]) and cards[0] in state.discard


def test_the_ghost_pushes_only_with_a_strictly_higher_total_and_sets_aside_what_it_cannot_place():
    state = new(1, seed=3)
    play(state, [(0, [(0, 4), (2, 1), (2, 1)])], script=[4, 2, 1])
    # 4 does not beat the player's 4 on slot 0: it takes slot 1; 2 does not beat the player's
    # 1+1 on slot 2, and 1 fits nowhere: both set aside
    assert owners(state) == [0, "ghost", 0]
    assert state.ghost_dice == ["placed", "aside", "aside"]
    assert state.dice[0] == ["placed"] * 3


def _ghost_leads_round_two(ghost_first_rolls):
    """Round 1 quietly (the Ghost rolls 1,1,1 onto slot 0; the player takes slot 2); round 2 reveals
    jewelry 4 and idol 3 face up and manuscript 1 face down, and the Ghost, now leading, rolls."""
    state = new(1, seed=3)
    jewelry, idol, pottery = in_deck(state, "jewelry", 4)[0], in_deck(state, "idol", 3)[0], \
        in_deck(state, "pottery", 1)[0]
    play(state, [(0, ALL_MINE), (0, "pass")],
         script=[1, 1, 1] + [1, 1, 1] + draws(pottery, jewelry, idol) + list(ghost_first_rolls))
    # drawn: pottery 1 and jewelry 4 face up, idol 3 face down (2.5): laid out 4, 2.5, 1
    assert [s["card"] for s in state.crypt] == [jewelry, idol, pottery]
    return state


def test_torches_alternate_between_the_player_and_the_ghost():
    state = _ghost_leads_round_two([4, 2, 1])
    view = state.view(0)
    assert (view["round"], view["leader"], view["lights_out"]) == (2, "ghost", "ghost")
    assert view["claim_order"] == [0, "ghost"]  # the Ghost's first turn is already over
    assert ghost_rolls(state)[-1] == [4, 2, 1]
    assert owners(state) == ["ghost", "ghost", "ghost"]
    # the player pushes the 2 with a 3; the Ghost's re-rolled 2 cannot win it back; Collect rolls 3
    play(state, [(0, [(1, 3)])], script=[2, 3])
    assert (state.view(0)["round"], state.view(0)["leader"]) == (3, 0)


def test_on_its_lights_out_turn_the_ghost_rolls_only_pushed_dice_and_places_only_its_best_group():
    state = _ghost_leads_round_two([4, 2, 1])  # 4 on slot 0, 2 on slot 1, 1 on slot 2
    place_and_confirm = [(1, 3), (2, 2)]  # the player pushes the 2 and the 1
    # the Ghost rolls its two pushed dice: 6 and 5. The 6 beats the player's 3 on slot 1; the 5
    # would beat the 2 on slot 2, but on Lights Out only the best group is placed
    play(state, [(0, place_and_confirm)], script=[6, 5] + [2])
    assert ghost_rolls(state)[-1] == [6, 5]
    last = [e for e in state.log if e["msg"] == "crypt.ghost_place"][-1]
    assert last["params"] == {"slot": 1, "face": 6, "dice": 1, "total": 6}
    # the player kept slot 2 (collected) and lost slot 1 (its servant came back ready)
    assert [card(state, c) for c in state.collections[0]][-1] == ("pottery", 1)
    assert state.dice[0] == ["ready"] * 3


def test_the_ghost_rests_on_lights_out_when_nothing_was_pushed():
    state = _ghost_leads_round_two([1, 1, 1])  # three 1s: one group of 3 on the best card
    assert owners(state) == ["ghost", None, None]
    play(state, [(0, [(1, 1)])], script=[1])  # no Ghost die came back: no roll, no placement
    assert any(e["msg"] == "crypt.ghost_idle" for e in state.log)


def test_solo_tapestry_a_scores_with_one_tapestry():
    state = find(1, where=lambda laid: laid[2][0] == "tapestry")
    play(state, [(0, [(2, 6)] * 3), (0, "pass")], script=[1, 1, 1] + [6, 6, 6])
    assert state.scores()[0]["breakdown"]["tapestry"] == 5


def test_solo_win_iff_the_score_reaches_the_target():
    state = new(1, seed=9)
    assert state.options["solo_target"] == 40  # docs/rules/crypt.md decision 18
    autoplay(state)
    total = state.scores()[0]["total"]
    assert state.winners() == ([0] if total >= 40 else [])
    for target, winners in [(total, [0]), (total + 1, [])]:
        again = new(1, seed=9, solo_target=target)
        autoplay(again)
        assert again.scores()[0]["total"] == total
        assert again.winners() == winners
        assert again.view(0)["result"]["target"] == target


def two_potteries(laid):
    return [t for t, _ in laid].count("pottery") == 2


def test_the_ghost_leaves_set_aside_dice_out_of_its_lights_out_roll():
    # Pottery B takes a card before the Claim, so the leading Ghost finds only two cards
    state = find(1, where=two_potteries, collectors="mix", pottery="B")
    pots = [i for i, s in enumerate(state.crypt) if state.cards[s["card"]].type == "pottery"]
    jewelry, idol, remains = in_deck(state, "jewelry", 4)[0], in_deck(state, "idol", 3)[0], \
        in_deck(state, "remains", 1)[0]
    # round 1: the player holds both Potteries at 6 and 12; the Ghost's 1+1+1 takes the other card
    play(state, [(0, [(pots[0], 6), (pots[1], 6), (pots[1], 6)]), (0, "pass")],
         script=[1, 1, 1] + [6, 6, 6] + draws(jewelry, idol, remains))
    assert state.phase == "pottery" and state.to_act() == [0] and state.view(0)["leader"] == "ghost"
    # round 2: the player takes the face-down card; the Ghost rolls 5, 3, 1 onto two cards
    play(state, [(0, {"type": "pottery_take", "slot": 2})], script=[5, 3, 1])
    assert owners(state) == ["ghost", "ghost"] and state.ghost_dice == ["placed", "placed", "aside"]
    # the player pushes the 3; on Lights Out the Ghost rolls only that die (a 2: it stays aside)
    play(state, [(0, [(1, 4)])], script=[2] + [4])
    assert ghost_rolls(state)[-1] == [2]
    assert card(state, state.collections[0][-1]) == ("idol", 3)


def test_solo_reveal_log_names_the_slots_as_laid_out():
    """The Crypt is sorted after the draw; the log must speak of the sorted slots."""
    for seed in range(20):
        state = games.load("crypt").new_state(1, seed)
        reveals = [e for e in state.log_for(0) if e["msg"] in ("crypt.reveal_up", "crypt.reveal_down")]
        crypt = state.view(0)["crypt"]
        assert [(e["params"]["slot"], e["params"]["type"], e["params"].get("value")) for e in reveals] == \
            [(c["slot"], c["type"], c["value"]) for c in crypt]
