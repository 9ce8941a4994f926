"""What each seat sees: its team's hands; of the other team's only the tiers and the revealed
cards; pile contents by nobody. Determinisation re-deals exactly what a seat cannot know, keeping
each card's tier; every secret in the log is addressed to one team."""

from __future__ import annotations

from collections import Counter

from cryptarena.engine import Rng
from cryptarena.games.crusade.components import CARDS
from crusade_play import T, act, new, play, table


def test_a_seat_sees_its_team_mates_hands_never_the_other_teams():
    state = table(4, hands={0: ["kick"], 1: ["rally"], 2: ["glide", "boo"], 3: ["flip"]}, turn=0)
    gk_view = state.view(0)["hands"]
    assert [h["cards"] for h in gk_view] == [["kick"], ["rally"], None, None]
    assert [h["tiers"] for h in gk_view] == [[1], [3], [1, 3], [3]]
    nm_view = state.view(3)["hands"]
    assert [h["cards"] for h in nm_view] == [None, None, ["glide", "boo"], ["flip"]]
    assert [h["cards"] for h in state.view(None)["hands"]] == [None] * 4
    assert state.view(0)["my_team"] == "gk" and state.view(3)["my_team"] == "nm" and state.view(None)["my_team"] is None


def test_pile_contents_are_shown_to_nobody_only_their_sizes():
    view = new(4).view(0)
    assert view["piles"] == {"gk": {"1": 7, "2": 6, "3": 9}, "nm": {"1": 3, "2": 9, "3": 9}}
    assert "kick" not in str(view["piles"])


def test_determinize_redeals_the_other_teams_unrevealed_cards_and_piles_keeping_tiers():
    state = table(4, pos={0: T(0, 0), 2: T(1, 1)},
                  hands={0: ["flashlight"], 1: ["rally"], 2: ["glide", "life_leech", "boo"], 3: ["desecrate", "portal"]},
                  turn=0)
    play(state, "flashlight", target=2)  # seat 2's hand is now public
    seen = set()
    for k in range(40):
        twin = state.determinize(0, Rng(k))
        assert twin.hands[0] == [] and twin.hands[1] == ["rally"]  # the Groundskeepers' own hands
        assert twin.hands[2] == ["glide", "life_leech", "boo"]  # revealed: kept
        assert [c for c in twin.hands[3]] and [tier(c) for c in twin.hands[3]] == [1, 3]
        assert Counter(twin.hands[3] + sum(twin.piles["nm"], [])) == Counter(state.hands[3] + sum(state.piles["nm"], []))
        assert twin.piles["gk"] == state.piles["gk"]
        seen.add(tuple(twin.hands[3]))
    assert len(seen) > 4  # re-drawn: Desecrate / Glide / Whispers with Flip / Portal / Boo!


def test_a_spectators_copy_redeals_both_teams():
    state = table(4, hands={0: ["kick"], 1: ["sprint"], 2: ["glide"], 3: ["whispers"]}, turn=0)
    gk_hands = {tuple(state.determinize(None, Rng(k)).hands[0]) for k in range(30)}
    nm_hands = {tuple(state.determinize(None, Rng(k)).hands[2]) for k in range(30)}
    assert len(gk_hands) == 3 and len(nm_hands) == 3  # every Tier I card of each team


def test_a_team_mates_copy_keeps_the_team_hands():
    state = table(6, hands={0: ["kick"], 1: ["holy_water"], 2: ["rally"], 3: ["boo"]}, turn=0)
    for k in range(10):
        twin = state.determinize(1, Rng(k))
        assert (twin.hands[0], twin.hands[2]) == (["kick"], ["rally"])


def test_the_starting_deal_is_logged_for_the_dealt_team_only():
    state = new(4, seed=3)
    deals = [e for e in state.log if e["msg"] == "crusade.deal"]
    assert len(deals) == 1 + 1 + 3 + 3
    for entry in deals:
        team = [0, 1] if entry["params"]["seat"] < 2 else [2, 3]
        assert entry["secret"]["to"] == team and "card" not in entry["params"]
        assert entry["secret"]["params"]["card"] in state.hands[entry["params"]["seat"]]


def test_leaf_blower_choice_of_a_revealed_card_is_public():
    state = table(4, pos={0: T(0, 0), 2: T(1, 1)}, hands={0: ["flashlight"], 1: ["leaf_blower"], 2: ["boo", "flip"]},
                  turn=0)
    play(state, "flashlight", target=2)
    play(state, "leaf_blower", target=2)  # seat 1's turn
    act(state, {"type": "give_up", "card": "boo"})
    entry = next(e for e in state.log if e["msg"] == "crusade.give_up")
    assert entry["params"] == {"seat": 2, "tier": 3, "card": "boo"} and "secret" not in entry
    assert state.view(0)["hands"][2]["revealed"] == ["flip"]


def tier(card: str) -> int:
    return CARDS[card].tier
