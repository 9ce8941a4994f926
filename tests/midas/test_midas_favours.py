"""Midas's favours: when they are offered and to whom, prices, and each favour's effect."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from midas_play import (accuse, bid, blank, blank_cups, cursed_table, draw, give, lose_die, messages,
                        obsidian_cards, overbid_and_lose, pass_offers, table, types)

PRICES = {"pot_de_vin": 1, "immunite": 2, "damocles": 3, "echange": 4}


def penalised(players: int = 4, loser: int = 2, first: int = 0, purses=None, **options):
    """A blank table in the penalty phase, `loser` to pay; `purses` = {seat: drawn coins}."""
    state = blank(table(players, first=first, **options))
    for seat, coins in (purses or {}).items():
        give(state, seat, purse=coins)
    overbid_and_lose(state, loser)
    return state


def offered(state, seat: int) -> list[str]:
    return [a["favour"] for a in state.legal_actions(seat) if a["type"] == "buy"]


def buy(state, seat: int, favour: str) -> None:
    assert state.to_act() == [seat], (state.to_act(), state.phase)
    state.apply(seat, {"type": "buy", "favour": favour})


# ------------------------------------------------------------------ the offer window
def test_after_a_coin_draw_favours_are_offered_in_turn_order_from_the_drawer():
    state = penalised(4, loser=2, purses={3: 0, 0: 2, 1: 4})
    draw(state, "safe")
    assert state.phase == "favours"
    order = []
    while state.phase == "favours":
        seat = state.to_act()[0]
        order.append((seat, offered(state, seat)))
        assert state.view(None)["offer_to"] == seat
        assert types(state.legal_actions(seat)) <= {"buy", "pass"} and {"type": "pass"} in state.legal_actions(seat)
        state.apply(seat, {"type": "pass"})
    # the drawer (1 coin now) first; seat 3 has no coin and is skipped; prices 1/2/3/4
    assert order == [(2, ["pot_de_vin"]), (0, ["pot_de_vin", "immunite"]), (1, list(PRICES))]
    assert state.round == 2


def test_no_favour_is_offered_after_a_lost_die():
    state = penalised(3, loser=1, purses={0: 4, 1: 4, 2: 4})
    lose_die(state)
    assert state.phase == "bidding" and state.round == 2


def test_the_offer_needs_someone_able_to_pay():
    state = penalised(3, loser=1)
    state.purse[1] = 0
    draw(state, "safe")  # 1 coin: enough for Pot-de-vin
    assert state.phase == "favours" and state.to_act() == [1]
    state.apply(1, {"type": "pass"})
    assert state.round == 2
    state2 = penalised(3, loser=1, purses={1: 0})
    give(state2, 0, favour="pot_de_vin")  # the only favour one coin buys is gone
    draw(state2, "safe")
    assert state2.phase != "favours" and state2.round == 2


def test_when_the_drawer_is_cursed_the_offer_starts_with_the_next_player_and_skips_the_cursed():
    state = cursed_table(4, cursed=(0,), first=1)
    obsidian_cards(state, {0: 1})
    blank(state)
    for seat in range(4):
        give(state, seat, purse=4)
    overbid_and_lose(state, 2)
    draw(state, "cursed")
    assert pass_offers(state) == [3, 1]


def test_one_purchase_per_offer_window():
    state = penalised(4, loser=2, purses={0: 4, 1: 4, 3: 4})
    draw(state, "safe")
    state.apply(2, {"type": "pass"})
    buy(state, 3, "immunite")
    assert state.phase == "bidding" and state.round == 2  # seats 0 and 1 get no offer this time
    assert "midas.pass" in messages(state) and messages(state).count("midas.buy") == 1


def test_each_player_buys_one_favour_per_game_and_each_favour_is_granted_once():
    state = penalised(3, loser=1, purses={0: 9, 1: 9, 2: 9})
    draw(state, "safe", then=blank_cups(state))
    buy(state, 1, "damocles")
    assert state.view(0)["favours"]["damocles"]["granted_to"] == 1
    overbid_and_lose(state, 1)
    draw(state, "safe", "safe")  # Damocles: seat 1 draws twice
    # seat 1 already bought; Damocles is granted: seat 2 and seat 0 see the other three
    assert state.to_act() == [2]
    assert offered(state, 2) == ["pot_de_vin", "immunite", "echange"]
    with pytest.raises(IllegalAction):
        state.apply(2, {"type": "buy", "favour": "damocles"})
    state.apply(2, {"type": "pass"})
    assert offered(state, 0) == ["pot_de_vin", "immunite", "echange"]


# ------------------------------------------------------------------ prices
@pytest.mark.parametrize("favour", list(PRICES))
def test_a_favour_costs_its_price_in_drawn_coins(favour):
    state = penalised(3, loser=1, purses={1: 4})
    draw(state, "safe")
    assert state.purse[1] == 5
    buy(state, 1, favour)
    if state.phase == "swap":
        state.apply(1, {"type": "swap", "with": 0})
    assert state.view(0)["seats"][1]["purse"] == 5 - PRICES[favour]
    assert state.view(0)["seats"][1]["favour"] == favour
    assert state.view(2)["favours"][favour]["granted_to"] == 1


def test_a_player_cannot_buy_what_their_purse_does_not_cover():
    state = penalised(3, loser=1, purses={1: 1})
    draw(state, "safe")
    assert offered(state, 1) == ["pot_de_vin", "immunite"]
    with pytest.raises(IllegalAction):
        state.apply(1, {"type": "buy", "favour": "damocles"})


def test_chest_payment_returns_safe_coins_from_your_own_chest():
    state = penalised(3, loser=1, favour_payment="chest", chest_size=4)
    draw(state, "safe")
    # 3 coins left, 2 of them safe: the budget is 2 whatever the purse holds
    assert state.purse[1] == 1 and state.chests[1]["coins"] == 3
    assert offered(state, 1) == ["pot_de_vin", "immunite"]
    buy(state, 1, "immunite")
    assert state.chests[1] == {"coins": 1, "cursed": True}
    assert state.purse[1] == 1


def test_chest_payment_offers_to_players_who_never_drew():
    state = penalised(3, loser=1, favour_payment="chest")
    draw(state, "safe")
    # everybody has safe coins in the chest: the whole table is offered, drawer first
    assert pass_offers(state) == [1, 2, 0]


def test_a_favour_face_grows_with_each_favour_bought():
    state = penalised(3, loser=1, purses={1: 4})
    assert state.view(0)["values"]["favour"] == 1
    draw(state, "safe")
    buy(state, 1, "pot_de_vin")
    assert state.view(0)["values"]["favour"] == 2


# ------------------------------------------------------------------ Pot-de-vin
def test_pot_de_vin_changes_the_stone_out_of_turn_and_keeps_the_bid():
    state = table(3, first=0, stone="ruby")
    give(state, 2, favour="pot_de_vin")
    assert state.legal_actions(2) == [{"type": "bribe", "stone": "emerald"}, {"type": "bribe", "stone": "sapphire"}]
    assert state.legal_actions(1) == []
    bid(state, 4)
    assert state.to_act() == [1]
    state.apply(2, {"type": "bribe", "stone": "emerald"})
    assert state.view(0)["stone"] == "emerald"
    assert state.bid == 4 and state.view(0)["bid"] == 4 and state.to_act() == [1]
    assert min(a["count"] for a in state.legal_actions(1) if a["type"] == "bid") == 5
    # single use
    assert state.legal_actions(2) == [] and state.view(0)["bribe_holder"] is None
    with pytest.raises(IllegalAction):
        state.apply(2, {"type": "bribe", "stone": "sapphire"})


def test_pot_de_vin_can_be_used_before_the_first_bid_and_on_your_own_turn():
    state = table(3, first=2, stone="ruby")
    give(state, 2, favour="pot_de_vin")
    legal = state.legal_actions(2)
    assert {"type": "bribe", "stone": "sapphire"} in legal and {"type": "bid", "count": 1} in legal
    state.apply(2, {"type": "bribe", "stone": "sapphire"})
    assert state.stone == "sapphire" and state.to_act() == [2] and state.bid is None


def test_pot_de_vin_is_only_for_the_bidding():
    state = blank(table(3, first=0, stone="ruby"))
    give(state, 2, favour="pot_de_vin")
    bid(state, 1)
    accuse(state)
    assert state.phase == "penalty" and state.to_act() == [0]
    assert state.legal_actions(2) == []
    with pytest.raises(IllegalAction):
        state.apply(2, {"type": "bribe", "stone": "emerald"})


def test_a_cursed_holder_cannot_bribe():
    state = cursed_table(3, cursed=(2,), first=0)
    give(state, 2, favour="pot_de_vin")
    obsidian_cards(state, {2: 0})
    assert state.legal_actions(2) == []


# ------------------------------------------------------------------ Immunité
def test_immunity_cancels_the_next_draw_and_no_favour_follows():
    state = penalised(3, loser=1, purses={0: 4, 1: 4, 2: 4})
    give(state, 1, favour="immunite")
    draw(state)  # nothing scripted: no coin may be drawn
    assert state.chests[1] == {"coins": 6, "cursed": True} and state.purse[1] == 4
    assert not state.immune[1] and not state.view(0)["seats"][1]["immune"]
    assert "midas.immune" in messages(state)
    assert state.phase == "bidding" and state.round == 2 and state.to_act() == [1]
    # the next draw is a real one
    blank(state)
    overbid_and_lose(state, 1)
    draw(state, "safe")
    assert state.chests[1]["coins"] == 5


def test_immunity_saves_a_player_down_to_one_die():
    state = blank(table(3, first=0))
    state.dice[1], state.dice_count[1] = ["sapphire"], 1
    give(state, 1, favour="immunite")
    overbid_and_lose(state, 1)
    assert state.legal_actions(1) == [{"type": "draw"}]
    draw(state)
    assert not state.cursed[1] and state.dice_count[1] == 1 and state.chests[1]["coins"] == 6


def test_immunity_protects_from_damocles_which_waits_for_the_next_drawer():
    state = penalised(3, loser=1)
    give(state, 1, favour="immunite")
    give(state, 0, favour="damocles")
    draw(state)
    assert state.chests[1]["coins"] == 6 and state.view(2)["damocles"] is True
    blank(state)
    overbid_and_lose(state, 2)
    draw(state, "safe", "safe")
    assert state.chests[2]["coins"] == 4 and state.purse[2] == 2
    assert state.view(0)["damocles"] is False


# ------------------------------------------------------------------ Damoclès
def test_damocles_makes_the_next_drawer_draw_twice_once():
    state = penalised(3, loser=1, purses={0: 3})
    draw(state, "safe", then=blank_cups(state))
    state.apply(1, {"type": "pass"})
    buy(state, 0, "damocles")
    assert state.damocles
    overbid_and_lose(state, 1)  # seat 1 starts round 2 and overbids
    draw(state, "safe", "safe", then=blank_cups(state))
    assert state.chests[1]["coins"] == 3 and state.purse[1] == 3
    assert messages(state).count("midas.damocles") == 1 and not state.damocles
    pass_offers(state)
    overbid_and_lose(state, 1)
    draw(state, "safe")  # once only, now
    assert state.chests[1]["coins"] == 2


def test_damocles_stops_at_the_cursed_coin():
    state = penalised(3, loser=1)
    give(state, 0, favour="damocles")
    draw(state, "cursed")  # a second coin scripted here would be left over (and fail the test)
    assert state.cursed[1] and state.chests[1]["coins"] == 5


def test_damocles_strikes_its_own_buyer_too():
    state = penalised(3, loser=0)
    give(state, 0, favour="damocles")
    draw(state, "safe", "safe")
    assert state.chests[0]["coins"] == 4


# ------------------------------------------------------------------ Échange
def test_echange_swaps_chests_with_a_player_not_cursed_for_the_rest_of_the_game():
    state = cursed_table(4, cursed=(3,), first=0)
    obsidian_cards(state, {3: 0})
    blank(state)
    give(state, 1, purse=4)
    state.chests[2]["coins"] = 2
    overbid_and_lose(state, 1)
    draw(state, "safe")
    buy(state, 1, "echange")
    assert state.phase == "swap" and state.to_act() == [1] and state.view(0)["swapper"] == 1
    assert state.legal_actions(1) == [{"type": "swap", "with": 0}, {"type": "swap", "with": 2}]
    state.apply(1, {"type": "swap", "with": 2})
    assert state.chests[1] == {"coins": 2, "cursed": True} and state.chests[2] == {"coins": 5, "cursed": True}
    assert [s["chest"] for s in state.view(0)["seats"][1:3]] == [2, 5]
    assert state.phase == "obsidian" and state.round == 2


def test_immunity_does_not_stop_echange():
    state = penalised(3, loser=1, purses={1: 4})
    give(state, 2, favour="immunite")
    state.chests[2]["coins"] = 3
    draw(state, "safe")
    buy(state, 1, "echange")
    state.apply(1, {"type": "swap", "with": 2})
    assert state.chests[2]["coins"] == 5 and state.chests[1]["coins"] == 3
    assert state.immune[2]  # the immunity stays with its owner, unused
