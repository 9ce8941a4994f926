"""The fast paths answer what a freshly loaded table answers.

The state hands out shared read-only actions, memoises the legal list until the next change and
looks moves, kick landings and shop choices up in tables worked out once. A lookup that outlives
the change it depends on is a rules bug that no scenario test would show, so random games are
played here and, after every action, the live table is compared with one rebuilt from its save
(which has no memo and no history of lookups) on everything the rules decide next."""

from __future__ import annotations

import pytest

from cryptarena.engine import Action, Rng
from cryptarena.games.crusade.components import TEAMS
from crusade_play import GAME


def decisions(state) -> dict:
    """Everything the rules decide next, read from the outside."""
    return {"to_act": state.to_act(), "over": state.is_over(), "phase": state.phase,
            "legal": [state.legal_actions(seat) for seat in range(state.players)],
            "shop": [state.can_buy(team) for team in TEAMS], "scores": state.scores()}


def moves_by_distance(state) -> list[int]:
    """The move destinations worked out from the distances, without the state's move tables
    (a fresh load shares those, so only this can tell a table that answers for the wrong key)."""
    seat, reach, board = state.turn["seat"], state.allowance(), state.board
    here = state.pos[seat]
    if reach <= 0:
        return []
    if here is None:
        return [t for t in range(board.size) if board.entry[t] <= reach]
    return [t for t in range(board.size) if 1 <= board.dist[here][t] <= reach]


@pytest.mark.parametrize("board", ["square5", "hex19"])
@pytest.mark.parametrize("players", range(2, 9))
def test_every_step_of_a_random_game_reads_as_a_fresh_load(players, board):
    rng = Rng(players)
    options = {"board": board, "played_cards": "discard" if players % 2 else "return"}
    state = GAME.new_state(players, seed=players, options=options, keep_log=False)
    steps = 0
    while not state.is_over():
        decisions(state)  # asked first, as players would: nothing memoised now may survive the action
        seat = state.to_act()[rng.below(len(state.to_act()))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        steps += 1
        now = decisions(state)
        assert now == decisions(GAME.from_json(state.dumps())), f"step {steps}: {state.history[-1]}"
        if state.phase == "turn":
            moves = [a["to"] for a in now["legal"][state.turn["seat"]] if a["type"] == "move"]
            assert moves == moves_by_distance(state)
        assert [team for team in TEAMS if state.shopping(team)] == [team for team in TEAMS if state.can_buy(team)]
    assert steps > 50 and state.winners()


def test_legal_actions_are_shared_and_read_only_and_tables_share_no_pile():
    state = GAME.new_state(4, seed=3)
    legal = state.legal_actions(0)
    assert all(type(action) is Action for action in legal)
    with pytest.raises(TypeError):
        legal[0]["to"] = 99
    assert state.legal_actions(0) == legal
    # two tables start from the same piles, each its own copy
    other = GAME.new_state(4, seed=3)
    other.piles["gk"][0].clear()
    assert state.piles["gk"][0] and GAME.new_state(4, seed=3).piles["gk"][0]
