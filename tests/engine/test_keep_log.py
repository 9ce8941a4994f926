"""new_state(keep_log=False): the same game without the readable log, for simulations. Generic
over the registered games: nothing but the log may differ, at every step."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.engine import IllegalAction, Rng, derive_seed


def without_log(save: dict) -> dict:
    return {**save, "log": None}


@pytest.mark.parametrize("game_id", games.ids())
def test_a_game_without_its_log_is_the_same_game_at_every_step(game_id):
    game = games.load(game_id)
    for players in range(game.min_players, game.max_players + 1):
        seed = derive_seed("keep_log", game_id, players)
        logged, logless = game.new_state(players, seed), game.new_state(players, seed, keep_log=False)
        rng = Rng(players)
        while not logged.is_over():
            assert without_log(logless.to_json()) == without_log(logged.to_json())
            assert [logless.view(s) for s in range(players)] == [logged.view(s) for s in range(players)]
            assert logless.log == [] and logless.log_for(0) == []
            seat = logged.to_act()[0]
            action = logged.legal_actions(seat)[rng.below(len(logged.legal_actions(seat)))]
            logged.apply(seat, action)
            logless.apply(seat, action)
        assert logless.is_over() and logless.winners() == logged.winners() and logless.scores() == logged.scores()
        assert logged.log, "the logged game wrote its log"
        # the history of a game played without its log replays, with its log, to the same game
        replayed = game.replay(players, seed, None, logless.history)
        assert replayed.to_json() == logged.to_json()


def test_a_loaded_table_writes_its_log_again():
    game = games.load("quartz")
    state = game.new_state(3, 4, keep_log=False)
    loaded = game.from_json(state.to_json())
    seat = loaded.to_act()[0]
    loaded.apply(seat, loaded.legal_actions(seat)[0])
    assert loaded.log and not state.log


def test_a_refused_scripted_outcome_keeps_the_table_without_its_log():
    game = games.load("midas")
    state = game.new_state(3, 2, keep_log=False)
    seat = state.to_act()[0]
    state.apply(seat, {"type": "bid", "count": 1})
    state.apply(state.to_act()[0], {"type": "accuse"})
    state.script_chance([{"stone": "ruby"}])  # the next chance event is a coin from the chest
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(state.to_act()[0], {"type": "draw"})
    assert state.to_json() == before and state.keep_log is False
