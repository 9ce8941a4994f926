"""Midas as the companion of a physical table: seat 0 (the one device) does what the rulebook's app does."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from midas_play import GAME, cursed_table, give, messages, table, types


def companion(players: int = 3, **kwargs):
    return table(players, mode="companion", **kwargs)


def result(state, player: int, how: str, *, then: list | None = None) -> None:
    """The device enters that `player` lost the round and paid by `how` (lose_die or draw)."""
    if state.phase == "table":
        state.apply(0, {"type": "reveal"})
    assert state.phase == "result"
    if then:
        state.script_chance(then)
    state.apply(0, {"type": how, "player": player})


def test_one_device_runs_the_whole_table():
    assert GAME.device_seats(4, {"mode": "companion"}) == [0]
    assert GAME.device_seats(4, {}) == [0, 1, 2, 3]
    state = companion(4, first=2)
    seen = set()
    for step in range(6):
        seen.add(state.phase)
        assert state.to_act() == [0]
        assert all(state.legal_actions(s) == [] for s in (1, 2, 3))
        with pytest.raises(IllegalAction):
            state.apply(2, {"type": "reveal"} if state.phase == "table" else {"type": "pass"})
        legal = state.legal_actions(0)
        pick = next((a for a in legal if a["type"] in ("reveal", "draw", "pass", "swap")), legal[0])
        state.apply(0, pick)
    assert {"table", "result"} <= seen


def test_no_dice_live_in_a_companion_state():
    state = companion(3, first=0)
    assert state.dice == [[], [], []]
    assert all(s["dice"] is None and s["dice_count"] == 5 for s in state.view(0)["seats"])
    result(state, 1, "lose_die", then=[{"stone": "sapphire"}])  # a round start draws the stone, no die
    assert state.dice == [[], [], []] and state.stone == "sapphire"
    with pytest.raises(IllegalAction):  # nothing to bid on in the state: the table bids aloud
        state.apply(0, {"type": "bid", "count": 1})
    assert types(state.legal_actions(0)) == {"reveal"}


def test_the_reveal_shows_what_the_table_cannot_see():
    state = companion(3, first=0, stone="emerald")
    give(state, 1, favour="immunite")
    state.apply(0, {"type": "reveal"})
    reveal = state.view(0)["last_reveal"]
    assert (reveal["stone"], reveal["obsidian"], reveal["favour"]) == ("emerald", 0, 2)
    assert "midas.companion_reveal" in messages(state)


def test_the_reveal_tallies_the_cursed_players_obsidian_cards():
    state = cursed_table(4, cursed=(1, 3), first=0, mode="companion")
    assert state.to_act() == [0]
    legal = state.legal_actions(0)
    assert legal == [{"type": "obsidian", "player": p, "value": v} for p in (1, 3) for v in (0, 1)]
    state.apply(0, {"type": "obsidian", "player": 1, "value": 1})
    assert state.legal_actions(0) == [{"type": "obsidian", "player": 3, "value": v} for v in (0, 1)]
    # the cards stay face down until the reveal, even on the device
    assert all(s["obsidian"] is None for s in state.view(0)["seats"])
    assert all("value" not in e["params"] for e in state.log_for(0) if e["msg"] == "midas.obsidian")
    state.apply(0, {"type": "obsidian", "player": 3, "value": 1})
    assert state.phase == "table" and state.view(0)["values"]["obsidian"] is None
    state.apply(0, {"type": "reveal"})
    assert state.view(0)["last_reveal"]["obsidian"] == 2


def test_two_player_companion_shows_the_fixed_obsidian():
    state = companion(2, first=1)
    state.apply(0, {"type": "reveal"})
    assert state.view(0)["last_reveal"]["obsidian"] == 1


def test_any_player_in_play_can_be_entered_as_the_loser():
    state = cursed_table(4, cursed=(2,), first=0, mode="companion")
    state.apply(0, {"type": "obsidian", "player": 2, "value": 0})
    state.apply(0, {"type": "reveal"})
    legal = state.legal_actions(0)
    for seat in (0, 1, 3):
        assert {"type": "lose_die", "player": seat} in legal and {"type": "draw", "player": seat} in legal
    assert not any(a.get("player") == 2 for a in legal)


def test_a_lost_die_is_counted_and_its_loser_starts_next():
    state = companion(3, first=0)
    result(state, 2, "lose_die")
    assert state.view(0)["seats"][2]["dice_count"] == 4 and state.to_act() == [0]
    assert state.view(0)["starter"] == 2 and state.round == 2 and state.phase == "table"


def test_a_player_down_to_one_die_must_draw():
    state = companion(3, first=0)
    state.dice_count[1] = 1
    state.apply(0, {"type": "reveal"})
    legal = state.legal_actions(0)
    assert {"type": "draw", "player": 1} in legal and {"type": "lose_die", "player": 1} not in legal
    assert {"type": "lose_die", "player": 0} in legal


def test_draws_favours_and_the_swap_carry_the_player():
    state = companion(3, first=0)
    give(state, 1, purse=3)
    result(state, 1, "draw", then=[{"coin": "safe"}])
    assert state.phase == "favours" and state.view(0)["offer_to"] == 1
    assert state.chests[1]["coins"] == 5 and state.purse[1] == 4
    assert {"type": "buy", "player": 1, "favour": "echange"} in state.legal_actions(0)
    state.apply(0, {"type": "buy", "player": 1, "favour": "echange"})
    assert state.phase == "swap"
    assert state.legal_actions(0) == [{"type": "swap", "player": 1, "with": w} for w in (0, 2)]
    state.apply(0, {"type": "swap", "player": 1, "with": 0})
    assert state.chests[0]["coins"] == 5 and state.chests[1]["coins"] == 6
    assert state.purse[1] == 0 and state.phase == "table"


def test_passing_moves_the_offer_on_with_the_player():
    state = companion(3, first=0)
    give(state, 2, purse=2)
    result(state, 1, "draw", then=[{"coin": "safe"}])
    state.apply(0, {"type": "pass", "player": 1})
    assert state.view(0)["offer_to"] == 2
    assert [a["favour"] for a in state.legal_actions(0) if a["type"] == "buy"] == ["pot_de_vin", "immunite"]


def test_pot_de_vin_at_the_table_carries_its_holder():
    state = companion(3, first=0, stone="ruby")
    give(state, 2, favour="pot_de_vin")
    legal = state.legal_actions(0)
    assert {"type": "bribe", "player": 2, "stone": "sapphire"} in legal and {"type": "reveal"} in legal
    state.apply(0, {"type": "bribe", "player": 2, "stone": "sapphire"})
    assert state.stone == "sapphire" and state.legal_actions(0) == [{"type": "reveal"}]


def test_a_cursed_coin_curses_and_the_next_player_starts():
    state = companion(3, first=0)
    result(state, 0, "draw", then=[{"coin": "cursed"}])
    assert state.cursed[0] and state.view(0)["seats"][0]["dice_count"] == 0
    assert state.view(0)["cap"] == 50 and state.starter == 1
    assert state.phase == "obsidian" and state.to_act() == [0]  # the device enters seat 0's card
    assert state.legal_actions(0) == [{"type": "obsidian", "player": 0, "value": v} for v in (0, 1)]


def test_a_companion_game_ends_with_one_player_not_cursed():
    state = companion(2, first=0)
    result(state, 1, "draw", then=[{"coin": "cursed"}])
    assert state.is_over() and state.winners() == [0] and state.to_act() == []


def test_companion_mode_refuses_a_scripted_die_face():
    state = companion(3, first=0)
    trial = state.clone()
    assert trial.chance_outcomes("face") == []
    with pytest.raises(IllegalAction):
        trial.script_chance(["ruby"])
