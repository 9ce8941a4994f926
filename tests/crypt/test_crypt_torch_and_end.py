"""Pass the Torch, the end of the game, the final score and the tie-break roll-off."""

from __future__ import annotations

import pytest

from crypt_play import autoplay, card, feed_round, find, new, play, play_round, seen_collection
from cryptarena import games
from cryptarena.games.crypt.components import REVEAL

TYPES = ("idol", "jewelry", "manuscript", "pottery", "remains", "tapestry")


def torches(state, rounds):
    seen = []
    for _ in range(rounds):
        view = state.view(None)
        seen.append((view["round"], view["leader"], view["lights_out"], state.to_act()[0]))
        play_round(state)
    return seen


@pytest.mark.parametrize("players, direction, expected", [
    # (round, Leader, Lights Out, first to claim)
    (3, "left", [(1, 0, 2, 0), (2, 1, 0, 1), (3, 2, 1, 2), (4, 0, 2, 0)]),
    (4, "left", [(1, 0, 3, 0), (2, 1, 0, 1), (3, 2, 1, 2), (4, 3, 2, 3), (5, 0, 3, 0)]),
    (3, "right", [(1, 0, 2, 0), (2, 2, 1, 2), (3, 1, 0, 1), (4, 0, 2, 0)]),
    (4, "right", [(1, 0, 3, 0), (2, 3, 2, 3), (3, 2, 1, 2), (4, 1, 0, 1)]),
    (2, "left", [(1, 0, 0, 0), (2, 1, 1, 1), (3, 0, 0, 0)]),
    (2, "right", [(1, 0, 0, 0), (2, 1, 1, 1), (3, 0, 0, 0)]),
])
def test_both_torches_pass_each_round(players, direction, expected):
    state = new(players, seed=11, torch_direction=direction)
    assert torches(state, len(expected)) == expected


def test_claim_order_follows_the_leader_round_the_table():
    state = new(4, seed=11)
    play_round(state)
    assert state.view(None)["claim_order"] == [1, 2, 3, 0]
    state = new(2, seed=11)
    play_round(state)
    assert state.view(None)["claim_order"] == [1, 0, 1]


DECK = {1: 24, 2: 24, 3: 36, 4: 48}
ROUNDS = {1: 8, 2: 8, 3: 9, 4: 8}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_game_ends_after_the_round_in_which_the_deck_runs_out(players):
    state = new(players, seed=players * 7)
    per_round = sum(REVEAL[players])
    deck_at_round = {}
    while not state.is_over():
        view = state.view(None)
        deck_at_round.setdefault(view["round"], view["deck_size"])
        play_round(state)
    rounds = ROUNDS[players]
    assert deck_at_round == {r: DECK[players] - r * per_round for r in range(1, rounds + 1)}
    assert deck_at_round[rounds] == 0  # the last round was played with the deck already empty
    assert state.round == rounds and state.phase == "game_end"
    assert state.to_act() == [] and all(state.legal_actions(s) == [] for s in range(players))
    with pytest.raises(games.IllegalAction) as caught:
        state.apply(0, {"type": "pass"})
    assert caught.value.code == "game_over"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_scores_add_up_and_every_card_is_shown_at_the_end(players):
    state = new(players, seed=5, collectors="random")
    autoplay(state)
    for seat, score in enumerate(state.scores()):
        parts = score["breakdown"]
        assert set(parts) == {"treasure", "servants", *TYPES}
        assert sum(parts.values()) == score["total"]
        assert parts["treasure"] == sum(state.cards[c].value for c in state.collections[seat])
        assert parts["servants"] == 3 - state.dice[seat].count("exhausted")
        for viewer in range(players):
            assert all(v is not None for _, v in seen_collection(state, viewer, seat))
    result = state.view(0)["result"]
    assert result["scores"] == state.scores() and result["winners"] == state.winners()
    best = max(s["total"] for s in state.scores())
    assert set(state.winners()) <= {s for s, sc in enumerate(state.scores()) if sc["total"] == best}


# ------------------------------------------------------------------ tie-breaks
# A 2-player game built to end in a tie. Idol A, Manuscript B, Pottery B and Remains A give no coins;
# Jewelry B gives +1 a Jewelry; Tapestry A gives +5 to every player tied for most Tapestry coins.
TIE_SIDES = {"collectors": "mix", "idol": "A", "jewelry": "B", "manuscript": "B", "pottery": "B",
             "remains": "A", "tapestry": "A"}


def cards_of(*specs):
    """(type, value) pairs of the 2-player deck, expanded from (type, [values])."""
    return {(kind, v) for kind, values in specs for v in values}


# Treasure 20 + Tapestry 5 + 3 servants = 28 each
EVEN = (cards_of(("idol", [1, 2, 3, 4]), ("manuscript", [1, 4]), ("tapestry", [1, 4])),
        cards_of(("remains", [1, 2, 3, 4]), ("manuscript", [2, 3]), ("tapestry", [2, 3])))
# seat 0: treasure 22 + Tapestry 5 = 27 with no servant left; seat 1: 18 + Jewelry 1 + Tapestry 5 + 3 = 27
UNEVEN = (cards_of(("idol", [1, 2, 3, 4]), ("manuscript", [3, 4]), ("tapestry", [1, 4])),
          cards_of(("remains", [1, 2, 3, 4]), ("manuscript", [2]), ("jewelry", [1]), ("tapestry", [2, 3])))


def _tie_layout(plan):
    def where(laid):
        return laid[0] in plan[0] and laid[1] in plan[1] and laid[2] not in plan[0] | plan[1]
    return where


_LAYOUT = {"even": _tie_layout(EVEN), "uneven": _tie_layout(UNEVEN)}


def tied_table(name):
    """Rounds 1-7 played: every round seat 0 collects one of its cards, seat 1 one of its own, the
    face-down third card is discarded. Returned at the start of round 8 (seat 1 leads), with each
    seat's last card in slot 0 / slot 1."""
    plan = {"even": EVEN, "uneven": UNEVEN}[name]
    state = find(2, where=_LAYOUT[name], **TIE_SIDES)
    ids = {card(state, i): i for i in range(len(state.cards))}
    first = [card(state, s["card"]) for s in state.crypt]
    mine = [sorted(plan[0] - {first[0]}), sorted(plan[1] - {first[1]})]
    rest = sorted(set(ids) - plan[0] - plan[1] - {first[2]})
    for a, b, c in zip(mine[0], mine[1], rest):
        feed_round(state, [ids[a], ids[b], ids[c]])
    assert state.round == 8 and state.view(None)["deck_size"] == 0 and state.to_act() == [1]
    return state


def test_a_tie_is_broken_by_rolling_the_unexhausted_dice_and_rolled_again_while_tied():
    state = tied_table("even")
    # round 8: seat 1 leads, both take their last card at effort 1; then the roll-off:
    # 3+3+3 = 9 against 2+3+4 = 9 (tied again), then 6+1+1 = 8 against 1+1+1 = 3
    play(state, [(1, [(1, 1)] * 3), (0, [(0, 1)] * 3), (1, "pass")],
         script=[1] * 6 + [3, 3, 3, 2, 3, 4] + [6, 1, 1, 1, 1, 1])
    assert [s["total"] for s in state.scores()] == [28, 28]
    assert state.winners() == [0]
    assert state.tiebreak == [{"attempt": 1, "rolls": {"0": [3, 3, 3], "1": [2, 3, 4]}},
                              {"attempt": 2, "rolls": {"0": [6, 1, 1], "1": [1, 1, 1]}}]
    assert state.view(1)["result"]["tiebreak"] == state.tiebreak


def test_the_roll_off_can_go_to_the_second_player():
    state = tied_table("even")
    play(state, [(1, [(1, 1)] * 3), (0, [(0, 1)] * 3), (1, "pass")], script=[1] * 6 + [1, 1, 1, 6, 6, 6])
    assert state.winners() == [1]


def test_tied_players_without_a_die_to_roll_share_the_win():
    state = tied_table("even")
    # both exhaust every die in the last round (effort 6, rolls of 1): 25 each, nothing to roll
    play(state, [(1, [(1, 6)] * 3), (0, [(0, 6)] * 3), (1, "pass")], script=[1] * 6)
    assert state.phase == "idol"  # seat 0 could re-roll with an Idol; it declines
    play(state, [(0, "pass")])
    assert [s["total"] for s in state.scores()] == [25, 25]
    assert state.winners() == [0, 1] and state.tiebreak == []


def test_a_tied_player_with_no_die_loses_the_roll_off_to_one_with_dice():
    state = tied_table("uneven")
    play(state, [(1, [(1, 1)] * 3), (0, [(0, 6)] * 3), (1, "pass")], script=[1] * 6)
    play(state, [(0, "pass")], script=[1, 1, 1])  # seat 1 rolls its three dice: 3 against nothing
    assert [s["total"] for s in state.scores()] == [27, 27]
    assert [s["breakdown"]["servants"] for s in state.scores()] == [0, 3]
    assert state.winners() == [1]
