"""Saves: a table round-trips exactly, and a damaged save is refused with CorruptSave naming the
defect instead of loading a table that breaks later."""

from __future__ import annotations

import copy

import pytest

from cryptarena.games import CorruptSave
from crusade_play import GAME, T, new, play, table


def test_a_table_mid_turn_round_trips_exactly():
    state = table(4, pos={0: T(0, 0), 2: T(1, 1)}, hands={0: ["kick", "sprint"], 2: ["boo"]}, turn=0)
    state._start_turn(0, borrowed=True)
    play(state, "sprint")
    again = GAME.from_json(state.dumps())
    assert again.to_json() == state.to_json() and again.view(0) == state.view(0)
    assert again.legal_actions(0) == state.legal_actions(0)


def damaged(change) -> dict:
    save = new(4, seed=5).to_json()
    data = copy.deepcopy(save)
    change(data["data"])
    return data


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["hands"][0].append(d["hands"][0][0]), "counted"),
    (lambda d: d["hands"].pop(), "one entry per seat"),
    (lambda d: d["piles"]["gk"][0].append("boo"), "another pile"),
    (lambda d: d.update(graves={"12": {"owner": None, "seal": 0}}), "Shed"),
    (lambda d: d["graves"].update({"0": {"owner": "x", "seal": 0}}), "bad Grave"),
    (lambda d: d["revealed"][2].append("flip"), "revealed cards it does not hold"),
    (lambda d: d["pos"].__setitem__(0, None), "on the board"),
    (lambda d: d.update(turn=None), "turn in progress"),
    (lambda d: d["effects"][1].update(ghastly=1), "true or false"),
    (lambda d: d.pop("purse"), "purse"),
    (lambda d: d.update(round=14), "round"),
])
def test_a_damaged_save_is_refused(change, words):
    with pytest.raises(CorruptSave, match=words):
        GAME.from_json(damaged(change))


def test_a_save_with_a_phase_the_game_does_not_have_is_refused():
    save = new(2).to_json()
    save["phase"] = "siesta"
    with pytest.raises(CorruptSave, match="phase"):
        GAME.from_json(save)
