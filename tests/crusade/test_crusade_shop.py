"""The shop: from round 2, before the turns; prices per team and tier; a random card of the tier
from the team's pile; as many as the shared purse allows; empty piles; unspent tokens kept."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from crusade_play import act, finish_turns, messages, refusal, table, touched


def shop(players: int = 4, purse=None, hands=None, **options):
    """A table at the start of round 2's shop with these purses (and hands: empty by default)."""
    state = table(players, hands=hands or {}, **options)
    state.purse.update({"gk": 0, "nm": 0})
    finish_turns(state, until=lambda s: s.round == 2)
    state.purse.update(purse or {})
    state.earned.update(purse or {})
    state.phase, state.shop_done = "shop", []
    return touched(state)


def buys(state, seat: int) -> list[int]:
    return [a["tier"] for a in state.legal_actions(seat) if a["type"] == "buy"]


def test_prices_groundskeepers_two_four_six_necromancers_one_two_three():
    state = shop(4, {"gk": 5, "nm": 2})
    assert buys(state, 0) == [1, 2] and buys(state, 2) == [1, 2]
    assert state.view(None)["prices"] == {"gk": {"1": 2, "2": 4, "3": 6}, "nm": {"1": 1, "2": 2, "3": 3}}
    assert refusal(state, {"type": "buy", "tier": 3}, seat=0) == "Tier 3 costs 6 tokens; your team has 5"
    state = shop(4, {"gk": 6, "nm": 3})
    assert buys(state, 1) == [1, 2, 3] and buys(state, 3) == [1, 2, 3]


def test_a_purchase_is_a_random_card_of_the_tier_paid_from_the_team_purse():
    state = shop(4, {"gk": 10})
    state.script_chance([{"card": "rally"}])
    act(state, {"type": "buy", "tier": 3}, seat=1)
    assert state.hands[1] == ["rally"] and state.purse["gk"] == 4
    assert state.view(0)["purse"]["gk"] == 4  # the team-mate sees the shared purse
    drawn = {new_shop_card(seed) for seed in range(40)}
    assert drawn == {"holy_water", "leaf_blower"}  # Tier II Action cards, each drawn by some seed


def new_shop_card(seed: int) -> str:
    state = shop(2, {"gk": 4}, seed=seed)
    act(state, {"type": "buy", "tier": 2}, seat=0)
    return state.hands[0][0]


def test_a_scripted_card_from_another_pile_is_refused_and_nothing_changes():
    state = shop(4, {"gk": 10})
    before = state.to_json()
    state.script_chance(["boo"])  # a card the Necromancers' Tier III pile holds
    with pytest.raises(IllegalAction) as refused:
        act(state, {"type": "buy", "tier": 1}, seat=0)
    assert refused.value.code == "bad_outcome"
    assert state.to_json()["data"] == before["data"]
    state._script.clear()
    with pytest.raises(IllegalAction, match="not a card id"):
        state.script_chance(["joker"])


def test_the_team_buys_as_many_cards_as_the_purse_allows_from_any_of_its_seats():
    state = shop(4, {"gk": 8})
    state.script_chance(["kick", "sprint", "kick", "sacred_seal"])
    for seat in (0, 1, 0, 1):
        act(state, {"type": "buy", "tier": 1}, seat=seat)
    assert state.purse["gk"] == 0 and sorted(state.hands[0] + state.hands[1]) == \
        ["kick", "kick", "sacred_seal", "sprint"]
    assert state.phase == "turn" and state.to_act() == [0]  # nobody can buy more: the round starts


def test_the_shop_waits_for_every_seat_that_can_buy_and_closes_when_all_are_done():
    state = shop(4, {"gk": 2, "nm": 1})
    assert state.to_act() == [0, 1, 2, 3]
    act(state, {"type": "done"}, seat=2)
    assert state.to_act() == [0, 1, 3] and state.view(None)["shop_done"] == [2]
    act(state, {"type": "done"}, seat=0)
    act(state, {"type": "done"}, seat=1)
    act(state, {"type": "done"}, seat=3)
    assert state.phase == "turn" and state.to_act() == [0]
    assert state.purse == {"gk": 2, "nm": 1}  # unspent tokens are kept


def test_a_team_that_cannot_buy_anything_is_not_asked():
    state = shop(4, {"gk": 1, "nm": 3})
    assert state.to_act() == [2, 3]
    assert state.legal_actions(0) == []


def test_an_empty_pile_cannot_be_bought_from():
    state = shop(2, {"nm": 30}, copies=1, hands={1: ["glide", "desecrate", "whispers"]})
    assert state.view(None)["piles"]["nm"]["1"] == 0  # the one copy of each is in the Necromancer's hand
    assert buys(state, 1) == [2, 3]
    assert refusal(state, {"type": "buy", "tier": 1}, seat=1) == "the Tier 1 pile is empty"
    for _ in range(3):
        act(state, {"type": "buy", "tier": 3}, seat=1)
    assert buys(state, 1) == [2] and state.view(None)["piles"]["nm"]["3"] == 0


def test_a_purchase_is_secret_to_the_other_team_but_its_tier_is_public():
    state = shop(4, {"gk": 6})
    state.script_chance(["flashlight"])
    act(state, {"type": "buy", "tier": 3}, seat=0)
    entry = next(e for e in state.log if e["msg"] == "crusade.buy")
    assert entry["params"] == {"seat": 0, "tier": 3, "price": 6} and entry["secret"]["to"] == [0, 1]
    assert state.log_for(1)[entry["seq"]]["params"]["card"] == "flashlight"
    assert state.log_for(2)[entry["seq"]]["redacted"] and "card" not in state.log_for(2)[entry["seq"]]["params"]
    assert state.view(1)["hands"][0]["cards"] == ["flashlight"]
    assert state.view(2)["hands"][0] == {"seat": 0, "tiers": [3], "cards": None, "revealed": []}
    assert state.view(None)["piles"]["gk"]["3"] == 8


def test_the_shop_is_closed_during_turns_and_turns_wait_for_the_shop():
    state = table(4, turn=0)
    assert refusal(state, {"type": "buy", "tier": 1}).startswith("the shop is closed")
    state = shop(4, {"gk": 4})
    assert refusal(state, {"type": "end"}, seat=0).startswith("the shop of round 2 is open")
    assert "crusade.round" in messages(state)


def test_chance_outcomes_list_the_cards_still_in_the_piles():
    state = shop(2, {"gk": 4}, copies=1)
    listed = state.chance_outcomes("card")
    in_piles = {c for team in ("gk", "nm") for pile in state.piles[team] for c in pile}
    assert set(listed) == in_piles and len(listed) == len(in_piles)
    with pytest.raises(IllegalAction):
        state.chance_outcomes("die")
