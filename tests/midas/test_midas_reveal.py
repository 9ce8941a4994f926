"""Midas reveal: how the cups are counted and who is penalised after an accusation."""

from __future__ import annotations

import pytest

from midas_play import accuse, bid, cursed_table, give, obsidian_cards, table


def reveal_total(state, bid_count: int = 1) -> int:
    bid(state, bid_count)
    accuse(state)
    return state.last_reveal["total"]


# ------------------------------------------------------------------ face values
def test_the_announced_colour_counts_one_other_colours_nothing():
    state = table(3, stone="emerald", dice=[["emerald", "ruby", "sapphire"], ["emerald", "emerald"], ["ruby"]])
    assert reveal_total(state) == 3


def test_a_diamond_counts_two_whatever_the_stone():
    for stone in ("ruby", "emerald", "sapphire"):
        state = table(3, stone=stone, dice=[["diamond", "diamond"], ["diamond"], ["ruby"]])
        assert reveal_total(state) == 6 + (stone == "ruby")


def test_a_favour_face_counts_one_plus_one_per_favour_already_granted():
    cups = [["favour", "favour"], ["favour"], ["sapphire"]]
    assert reveal_total(table(3, stone="ruby", dice=cups)) == 3
    state = table(3, stone="ruby", dice=cups)
    give(state, 2, favour="immunite")
    give(state, 1, favour="echange")
    assert state.view(0)["values"]["favour"] == 3
    assert reveal_total(state) == 9


def test_obsidian_is_worth_nothing_while_nobody_is_cursed():
    state = table(4, stone="ruby", dice=[["obsidian"] * 5, ["obsidian"], ["ruby"], ["ruby"]])
    assert state.view(0)["values"]["obsidian"] == 0
    assert reveal_total(state) == 2


@pytest.mark.parametrize("cards, worth", [({1: 1, 3: 1}, 2), ({1: 1, 3: 0}, 1), ({1: 0, 3: 0}, 0)])
def test_obsidian_is_worth_the_sum_of_the_cursed_players_cards(cards, worth):
    state = cursed_table(4, cursed=(1, 3), stone="ruby")
    assert sorted(state.to_act()) == [1, 3]
    obsidian_cards(state, cards)
    state.dice[0] = ["obsidian", "obsidian", "ruby"]
    state.dice[2] = ["obsidian", "sapphire"]
    total = reveal_total(state)
    assert state.last_reveal["obsidian"] == worth
    assert total == 3 * worth + 1
    assert state.last_reveal["cards"] == [None, cards[1], None, cards[3]]


@pytest.mark.parametrize("fixed", [1, 0, 2])
def test_two_player_obsidian_has_a_fixed_value(fixed):
    options = {} if fixed == 1 else {"two_player_obsidian": fixed}
    state = table(2, stone="ruby", dice=[["obsidian", "obsidian"], ["obsidian", "ruby"]], **options)
    assert state.phase == "bidding"
    assert state.view(1)["values"]["obsidian"] == fixed
    assert reveal_total(state) == 3 * fixed + 1


def test_the_two_player_option_leaves_bigger_tables_alone():
    state = table(3, stone="ruby", dice=[["obsidian"] * 3, ["ruby"], ["ruby"]], two_player_obsidian=2)
    assert reveal_total(state) == 2


def test_only_the_stone_in_force_at_the_reveal_counts():
    state = table(3, stone="ruby", dice=[["ruby", "ruby"], ["sapphire"], ["diamond"]])
    give(state, 2, favour="pot_de_vin")
    bid(state, 3)
    state.apply(2, {"type": "bribe", "stone": "sapphire"})
    accuse(state)
    assert state.last_reveal["stone"] == "sapphire" and state.last_reveal["total"] == 1 + 2


def test_four_stones_die_has_topaz_and_no_diamond():
    state = table(3, stone="topaz", dice=[["topaz", "topaz"], ["ruby"], ["favour"]], die_faces="four_stones")
    assert state.view(0)["stones"] == ["ruby", "emerald", "sapphire", "topaz"]
    assert "diamond" not in state.view(0)["die"]
    assert state.chance_outcomes("face") == sorted(["ruby", "emerald", "sapphire", "topaz", "obsidian", "favour"])
    assert reveal_total(state) == 3


# ------------------------------------------------------------------ who is penalised
CUPS = [["ruby", "ruby"], ["ruby", "diamond"], ["sapphire"]]  # 5 rubies counted


@pytest.mark.parametrize("bid_count, loser", [(6, "bidder"), (5, "accuser"), (4, "accuser"), (1, "accuser")])
def test_the_bidder_loses_iff_the_count_is_below_the_bid(bid_count, loser):
    state = table(3, first=1, stone="ruby", dice=CUPS)
    bidder = bid(state, bid_count)
    accuser = accuse(state)
    assert state.last_reveal["total"] == 5
    expected = bidder if loser == "bidder" else accuser
    assert state.last_reveal["loser"] == expected
    assert state.phase == "penalty" and state.to_act() == [expected]
    assert state.view(0)["loser"] == expected


def test_the_reveal_is_public_and_shows_every_cup():
    state = table(3, first=0, stone="ruby", dice=CUPS)
    bid(state, 2)
    accuse(state)
    for viewer in (None, 0, 1, 2):
        shown = state.view(viewer)["last_reveal"]
        assert shown["dice"] == CUPS
        assert (shown["bid"], shown["bidder"], shown["accuser"], shown["total"]) == (2, 0, 1, 5)
    reveal = next(e for e in state.log_for(2) if e["msg"] == "midas.reveal")
    assert reveal["params"]["dice"] == CUPS and reveal["params"]["total"] == 5
