"""Midas's Cursed players and secrets: Obsidian cards, hidden cups, views and logs, determinize."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction, Rng
from midas_play import (accuse, bid, blank, cursed_table, draw, lose_die, obsidian_cards, overbid_and_lose,
                        round_outcomes, table)


def seat_view(state, viewer, seat):
    return state.view(viewer)["seats"][seat]


# ------------------------------------------------------------------ Obsidian cards
def test_each_cursed_player_plays_an_obsidian_card_before_the_bidding():
    state = cursed_table(4, cursed=(1, 3), first=0)
    assert state.phase == "obsidian" and sorted(state.to_act()) == [1, 3]
    assert state.legal_actions(1) == [{"type": "obsidian", "value": 0}, {"type": "obsidian", "value": 1}]
    assert state.legal_actions(0) == []  # the bidding waits for the cards
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "bid", "count": 1})
    state.apply(3, {"type": "obsidian", "value": 1})
    assert state.to_act() == [1] and state.legal_actions(3) == []
    state.apply(1, {"type": "obsidian", "value": 0})
    assert state.phase == "bidding" and state.to_act() == [0]


def test_a_cursed_player_plays_a_new_card_every_round():
    state = cursed_table(3, cursed=(2,), first=0)
    obsidian_cards(state, {2: 1})
    blank(state)
    overbid_and_lose(state, 0)
    lose_die(state, round_outcomes("ruby", {0: ["ruby"] * 4, 1: ["ruby"] * 5}))
    assert state.phase == "obsidian" and state.to_act() == [2]
    assert seat_view(state, 2, 2)["obsidian"] is None and not seat_view(state, 2, 2)["obsidian_played"]


def test_the_two_player_variant_goes_by_the_player_count_at_the_start():
    # a 4-player game down to 2 players in play still counts the Cursed players' cards
    state = cursed_table(4, cursed=(1, 2), first=0, stone="ruby",
                         dice=[["obsidian", "ruby"], [], [], ["obsidian"]], two_player_obsidian=2)
    obsidian_cards(state, {1: 0, 2: 0})
    bid(state, 1)
    accuse(state)
    assert state.last_reveal["obsidian"] == 0 and state.last_reveal["total"] == 1
    # a 2-player game never asks for cards: Obsidian is fixed from the start
    two = table(2, first=0)
    assert two.phase == "bidding" and two.view(0)["values"]["obsidian"] == 1


def test_cursed_players_cannot_act_outside_their_obsidian_card():
    state = cursed_table(3, cursed=(1,), first=0)
    obsidian_cards(state, {1: 1})
    blank(state)
    for count in range(1, 5):
        assert 1 not in state.to_act()
        assert state.legal_actions(1) == []
        bid(state, count)
    accuse(state)
    assert state.to_act() != [1]


# ------------------------------------------------------------------ secret cards
def test_another_seats_obsidian_card_shows_only_that_it_was_played():
    state = cursed_table(4, cursed=(1, 3), first=0)
    state.apply(1, {"type": "obsidian", "value": 1})
    for viewer in (None, 0, 2, 3):
        shown = seat_view(state, viewer, 1)
        assert shown["obsidian_played"] is True and shown["obsidian"] is None
        assert state.view(viewer)["values"]["obsidian"] is None
    assert seat_view(state, 1, 1)["obsidian"] == 1
    assert seat_view(state, 0, 3)["obsidian_played"] is False
    played = [e for e in state.log_for(0) if e["msg"] == "midas.obsidian"]
    assert played and all("value" not in e["params"] and "action" not in e for e in played)
    mine = next(e for e in state.log_for(1) if e["msg"] == "midas.obsidian")
    assert mine["params"]["value"] == 1


def test_the_cards_are_revealed_with_the_cups():
    state = cursed_table(4, cursed=(1, 3), first=0, stone="ruby", dice=[["ruby"], [], ["obsidian"], []])
    obsidian_cards(state, {1: 1, 3: 1})
    bid(state, 1)
    accuse(state)
    for viewer in (None, 0, 2):
        reveal = state.view(viewer)["last_reveal"]
        assert reveal["cards"] == [None, 1, None, 1] and reveal["obsidian"] == 2 and reveal["total"] == 3


def test_a_view_does_not_depend_on_hidden_cups_or_cards():
    state = cursed_table(4, cursed=(3,), first=0, dice=[["ruby"] * 5, ["ruby"] * 5, ["ruby"] * 5, []])
    state.apply(3, {"type": "obsidian", "value": 0})
    other = state.clone()
    other.dice[1] = ["diamond"] * 5
    other.dice[2] = ["favour", "obsidian", "sapphire", "emerald", "ruby"]
    other.obsidian[3] = 1
    for viewer in (None, 0):
        assert state.view(viewer) == other.view(viewer)
    assert state.view(1) != other.view(1) and state.view(3) != other.view(3)


# ------------------------------------------------------------------ secret cups
def test_views_never_show_another_seats_dice_before_the_reveal():
    state = table(3, first=0, dice=[["ruby"] * 5, ["diamond"] * 5, ["favour"] * 5])
    for viewer in (0, 1, 2):
        for seat in range(3):
            dice = seat_view(state, viewer, seat)["dice"]
            assert dice == (state.dice[seat] if seat == viewer else None)
    assert all(s["dice"] is None for s in state.view(None)["seats"])
    assert state.view(0)["last_reveal"] is None


def test_roll_log_lines_show_dice_only_to_their_owner():
    state = blank(table(3, first=0))
    overbid_and_lose(state, 0)
    lose_die(state, round_outcomes("ruby", {0: ["diamond"] * 4, 1: ["favour"] * 5, 2: ["emerald"] * 5}))
    rolls = [e for e in state.log if e["msg"] == "midas.roll" and e["params"]["seat"] == 1][-1:]
    seq = rolls[0]["seq"]
    assert state.log_for(1)[seq]["params"]["dice"] == ["favour"] * 5
    for viewer in (None, 0, 2):
        shown = state.log_for(viewer)[seq]
        assert "dice" not in shown["params"] and shown["redacted"] and shown["params"]["count"] == 5


def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest():
    state = cursed_table(4, cursed=(3,), first=0, dice=[["ruby"] * 5, ["ruby"] * 5, ["ruby"] * 5, []])
    state.apply(3, {"type": "obsidian", "value": 1})
    others_changed = card_changed = False
    for k in range(30):
        twin = state.determinize(0, Rng(k))
        assert twin.dice[0] == ["ruby"] * 5
        assert [len(d) for d in twin.dice] == [5, 5, 5, 0]
        others_changed |= twin.dice[1] != state.dice[1] or twin.dice[2] != state.dice[2]
        card_changed |= twin.obsidian[3] != 1
        assert state.determinize(3, Rng(k)).obsidian[3] == 1
    assert others_changed and card_changed


def test_a_player_cursed_by_a_draw_loses_their_dice_and_plays_a_card_next_round():
    state = blank(table(3, first=0))
    overbid_and_lose(state, 2)
    draw(state, "cursed", then=round_outcomes("ruby", {0: ["ruby"] * 5, 1: ["ruby"] * 5}))
    assert seat_view(state, 0, 2)["cursed"] and seat_view(state, 2, 2)["dice"] == []
    assert state.phase == "obsidian" and state.to_act() == [2]


# ------------------------------------------------------------------ chance kinds
def test_a_starter_cannot_be_scripted_once_the_game_has_begun():
    state = blank(table(3, first=0))
    overbid_and_lose(state, 0)
    trial = state.clone()
    with pytest.raises(IllegalAction):
        trial.script_chance([{"starter": 1}])
