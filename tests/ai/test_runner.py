"""Playing single games: seating rotation, reproducibility, solo, the safety cap."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.ai.runner import SimulationError, game_seed, play_game, play_indexed, seating_for


def test_seating_rotates_the_agent_list_by_one_seat_per_game():
    assert seating_for(["a", "b"], 4, 0) == ["a", "b", "a", "b"]
    assert seating_for(["a", "b"], 4, 1) == ["b", "a", "b", "a"]
    assert seating_for(["a", "b", "c"], 2, 0) == ["a", "b"]
    assert seating_for(["a", "b", "c"], 2, 2) == ["c", "a"]
    # with teams the list rotates over the teams: one agent plays every seat of a team
    teams = ["gk", "gk", "gk", "nm", "nm"]
    assert seating_for(["a", "b"], 5, 0, teams) == ["a", "a", "a", "b", "b"]
    assert seating_for(["a", "b"], 5, 1, teams) == ["b", "b", "b", "a", "a"]
    assert seating_for(["a", "b", "c"], 5, 2, teams) == ["c", "c", "c", "a", "a"]
    # over len(agents) consecutive games every agent sits in every seat exactly once
    agents = ["a", "b", "c"]
    for seat in range(3):
        assert sorted(seating_for(agents, 3, g)[seat] for g in range(3)) == agents
    with pytest.raises(ValueError):
        seating_for([], 2, 0)


def test_a_game_is_a_function_of_its_seed():
    crypt = games.load("crypt")
    first = play_game(crypt, 3, 1234, ["random"] * 3)
    again = play_game(crypt, 3, 1234, ["random"] * 3)
    other = play_game(crypt, 3, 1235, ["random"] * 3)
    assert first == again
    assert first != other
    assert first.actions > 0
    assert [sum(b.values()) for b in first.breakdowns] == first.totals
    assert first.winners and set(first.winners) <= {0, 1, 2}


def test_play_indexed_uses_the_derived_seed_and_the_rotated_seating():
    crypt = games.load("crypt")
    played = play_indexed(crypt, 2, 7, ["random", "random"], {}, 5)
    assert played.index == 5
    assert played.seed == game_seed(7, 5)
    assert played.seating == seating_for(["random", "random"], 2, 5)
    assert played == play_game(crypt, 2, game_seed(7, 5), ["random", "random"], {}, index=5)


def test_solo_game_is_won_by_reaching_the_target():
    crypt = games.load("crypt")
    options = {"solo_target": 30}
    results = [play_indexed(crypt, 1, 3, ["random"], options, g) for g in range(6)]
    for played in results:
        assert played.winners == ([0] if played.totals[0] >= 30 else [])


def test_a_game_that_does_not_end_stops_with_its_seed():
    crypt = games.load("crypt")
    with pytest.raises(SimulationError, match=r"seed 99.*after 5 actions"):
        play_game(crypt, 2, 99, ["random", "random"], max_actions=5)


def test_seating_must_name_every_seat():
    with pytest.raises(ValueError, match="2 agents for 3 seats"):
        play_game(games.load("crypt"), 3, 1, ["random", "random"])
