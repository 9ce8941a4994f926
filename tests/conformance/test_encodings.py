"""Fixed encodings for learning agents (docs/rl.md): every registered game declares an action encoding
and an observation encoding per player count and options, and random games at every count, with
default and sampled options, keep to them:

- the encodings' sizes depend on the table's size and options only, never on the game's course;
- every legal action of every seat has an index, and the index gives back that very action;
- the observation of every seat (and of no seat) has the layout's length and finite numbers only
  (`encode` takes the view and nothing else, so it holds no secret the view does not).
"""

from __future__ import annotations

import pytest

from .play import chunks, config_id, new_table, random_step

ENCODING_GAMES_PER_CONFIG = 4
GAMES_PER_CHUNK = 2
SAMPLE_EVERY = 5


@pytest.mark.parametrize("config, chunk, indices", chunks(ENCODING_GAMES_PER_CONFIG, GAMES_PER_CHUNK),
                         ids=lambda v: config_id(v) if isinstance(v, tuple) else str(v))
def test_encodings_hold_in_random_games(config, chunk, indices, record_property):
    game_id, players = config
    steps = 0
    for index in indices:
        table = new_table(game_id, players, index, purpose="encodings")
        game, state = table.game, table.state
        actions = game.action_encoding(players, table.options)
        observe = game.observation_encoding(players, table.options)
        assert actions is not None and observe is not None, f"{game_id} declares no encodings"
        assert actions.size == game.action_encoding(players, table.options).size
        layout = observe.layout()
        assert sum(row["size"] for row in layout) == observe.size > 0
        assert all(row["doc"] for row in layout), f"{game_id}: an undocumented observation field"
        while True:
            for seat in range(players):
                legal = state.legal_actions(seat)
                for action in legal:
                    assert actions.action(actions.index(action)) == action, (table.label, action)
                mask = actions.mask(legal)
                assert sum(mask) == len(legal), f"{table.label}: two legal actions share an index"
            if steps % SAMPLE_EVERY == 0 or state.is_over():
                for seat in [*range(players), None]:
                    vector = observe.encode(state.view(seat))
                    assert len(vector) == observe.size
            if state.is_over():
                break
            random_step(state, table.rng)
            steps += 1
    record_property("batch_steps", steps)
