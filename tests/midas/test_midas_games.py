"""Whole Midas games with random legal play: the rules' invariants hold at every step, and the rules
document names every option, phase and chance kind the game has."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptarena.engine import Rng
from midas_play import FAVOURS, GAME, new

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "midas.md"


def check_invariants(state) -> None:
    n = state.players
    in_play = [s for s in range(n) if not state.cursed[s]]
    view = state.view(None)
    assert view["cap"] == state.options["bid_cap_per_player"] * len(in_play)
    assert len(state.granted) == len(set(state.granted)) <= len(FAVOURS)
    assert sorted(state.granted) == sorted(f for f in state.bought if f is not None)
    assert view["values"]["favour"] == 1 + len(state.granted)
    for seat in range(n):
        chest = state.chests[seat]
        assert chest["coins"] >= (1 if chest["cursed"] else 0)
        # the cursed coin is in the chest of every player not Cursed, and only there
        assert chest["cursed"] != state.cursed[seat]
        if state.cursed[seat]:
            assert state.dice[seat] == [] and view["seats"][seat]["dice_count"] == 0
        else:
            assert 1 <= state.dice_count[seat] <= 5
            if not state.companion and state.phase in ("bidding", "obsidian"):
                assert len(state.dice[seat]) == state.dice_count[seat]
        if state.companion:
            assert state.dice[seat] == []
    if state.phase == "bidding":
        assert state.to_act()[0] in in_play
    if state.bid is not None and state.phase == "bidding":
        assert 1 <= state.bid <= view["cap"]
    for viewer in range(n):
        seats = state.view(viewer)["seats"]
        for seat in range(n):
            if seat != viewer or state.companion:
                assert seats[seat]["dice"] is None
                assert seats[seat]["obsidian"] is None


@pytest.mark.parametrize("mode", ["digital", "companion"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_rules_invariants_and_end_with_one_winner(players, mode):
    for seed in range(6):
        state = new(players, seed, mode=mode, chest_size=3)
        rng = Rng(seed + 100 * players)
        for _ in range(3000):
            check_invariants(state)
            if state.is_over():
                break
            seat = state.to_act()[rng.below(len(state.to_act()))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        assert state.is_over(), f"seed {seed}: no end after 3000 actions"
        assert [s for s in range(players) if not state.cursed[s]] == state.winners()
        assert sum(s["total"] for s in state.scores()) == 1


def test_the_rules_document_names_every_option_phase_and_chance_kind():
    text = DOC.read_text(encoding="utf-8")
    names = [o.name for o in GAME.options] + list(GAME.phases) + list(GAME.chance_kinds) + list(GAME.action_types)
    missing = [name for name in names if f"`{name}" not in text]
    assert not missing, f"docs/rules/midas.md does not mention {missing}"
    assert "## Decisions" in text
