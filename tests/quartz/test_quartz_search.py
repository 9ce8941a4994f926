"""What Quartz gives its hard bot: the position estimate (value.py) and the moves worth a roll-out
(search.py)."""

from __future__ import annotations

import json

import pytest

from cryptarena.engine import Rng
from cryptarena.games.quartz import search, value
from cryptarena.games.quartz.bot import GreedyAgent

from quartz_play import GAME, clear_table, new, touched


def a_roll(seed: int):
    """A table at a roll decision with rerolls to choose from, after a few medium-bot turns."""
    state = new(3, seed)
    bot, rng = GreedyAgent(GAME), Rng(seed)
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if state.phase == "roll" and state.round >= 2 and any(a["type"] == "reroll" for a in legal):
            return state, seat
        state.apply(seat, bot.act(state.view(seat), legal, rng))


def test_the_weights_ship_with_how_they_were_fitted():
    data = json.loads(value.WEIGHTS.read_text())
    assert tuple(data["features"]) == value.NAMES
    assert len(data["weights"]) == len(value.NAMES)
    assert data["fitted"]["script"] == "bench/quartz_value.py" and data["fitted"]["games"] >= 1000


def test_the_estimate_is_a_share_of_the_win_for_every_seat():
    state, _ = a_roll(4)
    chances = GAME.search_value(state)
    assert len(chances) == 3 and all(0 < c < 1 for c in chances)
    assert sum(chances) == pytest.approx(1.0)


def test_a_big_lead_near_the_end_is_nearly_a_win_and_counts_more_than_at_the_start():
    def lead_of_30(round_: int):
        state = clear_table(new(3, 1))
        state.chests[1]["yellow"] = 3  # 27 points and a set: 30, and the others' fewest chest −5
        state.chests[0]["white"] = state.chests[2]["white"] = 1
        state.round = round_
        return touched(state)

    late, early = GAME.search_value(lead_of_30(6)), GAME.search_value(lead_of_30(1))
    assert late[1] > 0.8 and late[1] > early[1] > max(early[0], early[2])


def test_crystals_in_the_chest_are_worth_more_than_the_same_crystals_in_the_cart():
    def holding(where: str):
        state = clear_table(new(3, 2))
        state.round = 4
        for seat in range(3):
            state.chests[seat]["white"] = 2  # nobody has the fewest alone
        getattr(state, where)[0]["red"] = 2
        return touched(state)

    assert GAME.search_value(holding("chests"))[0] > GAME.search_value(holding("carts"))[0]


def test_rerolls_offered_are_legal_distinct_and_led_by_the_medium_bots_own():
    for seed in range(6):
        state, seat = a_roll(seed)
        view, legal = state.view(seat), state.legal_actions(seat)
        found = search.candidates(view, legal)
        assert found[0] == {"type": "stop"} and all(a in legal for a in found)
        kept = [tuple(sorted(d for i, d in enumerate(state.dice) if i not in a["dice"])) for a in found[1:]]
        assert len(kept) == len(set(kept)) and 1 <= len(kept) <= search.RUNNERS_UP
        own = GreedyAgent(GAME).act(view, legal, Rng(0))
        if own["type"] == "reroll":  # the bot's pick keeps the faces of the best-ranked reroll
            assert kept[0] == tuple(sorted(d for i, d in enumerate(state.dice) if i not in own["dice"]))


def test_away_from_the_roll_every_choice_is_a_candidate_the_actions_before_the_end_of_the_turn():
    state, seat = a_roll(3)
    state.apply(seat, {"type": "stop"})
    legal = state.legal_actions(seat)
    found = search.candidates(state.view(seat), legal)
    assert sorted(map(str, found)) == sorted(map(str, legal)) and found[-1] == {"type": "end_turn"}


def test_a_steal_tries_the_best_crystal_of_each_cart_first():
    legal = [{"type": "steal", "from": s, "colour": c} for s in (1, 2) for c in ("white", "red", "yellow")
             if not (s == 2 and c == "yellow")] + [{"type": "stop"}]
    found = search.candidates({"phase": "steal"}, legal)
    assert found[:2] == [{"type": "steal", "from": 1, "colour": "yellow"}, {"type": "steal", "from": 2, "colour": "red"}]
    assert sorted(map(str, found)) == sorted(map(str, legal)) and found[-1] == {"type": "stop"}
