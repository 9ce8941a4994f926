"""Midas penalty: losing a die or drawing from the chest, the cursed coin, who starts next, the end."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from midas_play import (blank, blank_cups, cursed_table, draw, lose_die, messages, new, obsidian_cards,
                        overbid_and_lose, pass_offers, round_outcomes, table, types)


def penalised(players: int = 3, loser: int = 1, first: int = 0, **options):
    """A table in the penalty phase with `loser` to pay (all cups blank, `loser` overbid)."""
    state = blank(table(players, first=first, **options))
    overbid_and_lose(state, loser)
    return state


# ------------------------------------------------------------------ the choice
def test_the_loser_chooses_between_losing_a_die_and_drawing():
    state = penalised(3, loser=1)
    assert state.legal_actions(1) == [{"type": "lose_die"}, {"type": "draw"}]
    assert all(state.legal_actions(s) == [] for s in (0, 2))


def test_with_one_die_left_the_loser_must_draw():
    state = blank(table(3, first=0))
    state.dice[1] = ["sapphire"]
    state.dice_count[1] = 1
    overbid_and_lose(state, 1)
    assert state.legal_actions(1) == [{"type": "draw"}]
    with pytest.raises(IllegalAction):
        state.apply(1, {"type": "lose_die"})


def test_a_lost_die_is_gone_for_the_rest_of_the_game_and_the_loser_starts_the_next_round():
    state = penalised(3, loser=2, first=0)
    lose_die(state, round_outcomes("emerald", {0: ["ruby"] * 5, 1: ["ruby"] * 5, 2: ["ruby"] * 4}))
    assert state.round == 2 and state.phase == "bidding"
    assert len(state.dice[2]) == 4 and state.dice_count[2] == 4
    assert state.view(0)["seats"][2]["dice_count"] == 4
    assert state.to_act() == [2] and state.view(0)["starter"] == 2
    # a die lost is no coin drawn: Midas offers no favour
    assert "midas.buy" not in messages(state) and state.chests[2]["coins"] == 6


def test_the_accuser_who_was_wrong_pays_and_starts_next():
    state = table(3, first=0, stone="ruby", dice=[["ruby"] * 5, ["ruby"] * 5, ["ruby"] * 5])
    state.apply(0, {"type": "bid", "count": 15})  # exactly right
    state.apply(1, {"type": "accuse"})
    assert state.to_act() == [1]
    lose_die(state)
    assert state.to_act() == [1]


def test_a_safe_coin_goes_to_the_drawers_purse():
    state = penalised(3, loser=1)
    draw(state, "safe")
    assert state.chests[1] == {"coins": 5, "cursed": True}
    view = state.view(2)["seats"][1]
    assert (view["chest"], view["purse"], view["cursed"]) == (5, 1, False)
    assert not state.cursed[1]


def test_drawing_the_cursed_coin_curses_the_drawer_who_no_longer_rolls_or_bids():
    state = penalised(4, loser=1, first=0)
    draw(state, "cursed", then=round_outcomes("ruby", {0: ["sapphire"] * 5, 2: ["sapphire"] * 5, 3: ["sapphire"] * 5}))
    assert state.cursed[1] and state.view(0)["seats"][1]["cursed"]
    assert state.view(0)["seats"][1]["dice_count"] == 0 and state.dice[1] == []
    assert state.chests[1] == {"coins": 5, "cursed": False}
    assert "midas.cursed" in messages(state)
    # the next round: the cursed player plays an Obsidian card, then bids without them
    assert state.phase == "obsidian" and state.to_act() == [1]
    obsidian_cards(state, {1: 0})
    assert state.to_act() == [2]  # the loser is cursed: the next player starts
    seen = []
    for count in range(1, 7):
        seen.append(state.to_act()[0])
        state.apply(seen[-1], {"type": "bid", "count": count})
    assert 1 not in seen and seen == [2, 3, 0, 2, 3, 0]
    assert state.view(0)["cap"] == 75


def test_the_next_starter_skips_players_already_cursed():
    state = cursed_table(4, cursed=(3,), first=1)
    obsidian_cards(state, {3: 1})
    blank(state)
    overbid_and_lose(state, 2)
    # seat 2 is cursed now; seat 3 was already: seat 0 starts
    draw(state, "cursed", then=round_outcomes("ruby", {0: ["ruby"] * 5, 1: ["ruby"] * 5}))
    assert state.phase == "obsidian" and sorted(state.to_act()) == [2, 3]
    obsidian_cards(state, {2: 0, 3: 0})
    assert state.to_act() == [0] and state.starter == 0


def test_the_game_ends_when_only_one_player_is_not_cursed():
    state = penalised(2, loser=0, first=0)
    draw(state, "cursed")
    assert state.is_over() and state.phase == "game_end"
    assert state.winners() == [1] and state.view(0)["winner"] == 1
    assert [s["total"] for s in state.scores()] == [0, 1]
    assert state.to_act() == [] and state.legal_actions(0) == state.legal_actions(1) == []
    assert messages(state)[-1] == "midas.game_end"


def test_a_four_player_game_goes_on_until_the_third_curse():
    state = cursed_table(4, cursed=(1, 2), first=0)
    obsidian_cards(state, {1: 0, 2: 0})
    blank(state)
    assert not state.is_over()
    overbid_and_lose(state, 3)
    draw(state, "cursed")
    assert state.is_over() and state.winners() == [0]


# ------------------------------------------------------------------ the chest
def test_the_last_coin_in_a_chest_is_the_cursed_one():
    state = penalised(3, loser=1, chest_size=2)
    assert state.chests[1]["coins"] == 2
    draw(state, "safe", then=blank_cups(state))
    pass_offers(state)
    assert state.chests[1] == {"coins": 1, "cursed": True}
    overbid_and_lose(state, 1)
    trial = state.clone()  # a scripted coin that cannot come out is refused by the draw itself
    trial.script_chance([{"coin": "safe"}])
    before = trial.to_json()
    with pytest.raises(IllegalAction):
        trial.apply(1, {"type": "draw"})
    assert trial.to_json() == before
    state.apply(1, {"type": "draw"})  # unscripted: it can only be the cursed one
    assert state.cursed[1]


@pytest.mark.parametrize("size", [2, 6, 10])
def test_a_draw_takes_a_uniformly_random_remaining_coin(size):
    cursed = 0
    trials = 300
    for seed in range(trials):
        state = penalised(3, loser=1, seed=seed, chest_size=size)
        state.apply(1, {"type": "draw"})
        cursed += state.cursed[1]
        assert state.chests[1]["coins"] == size - 1
    assert abs(cursed / trials - 1 / size) < 0.07, (size, cursed)


def test_chest_size_option_sets_every_chest():
    state = new(4, 0, chest_size=9)
    assert [s["chest"] for s in state.view(0)["seats"]] == [9] * 4
    assert all(c == {"coins": 9, "cursed": True} for c in state.chests)


def test_a_new_round_follows_every_penalty():
    state = penalised(3, loser=0)
    assert state.round == 1
    lose_die(state)
    assert state.round == 2 and state.phase == "bidding" and state.bid is None
    assert types(state.legal_actions(state.to_act()[0])) == {"bid"}
