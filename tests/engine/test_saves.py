"""from_json on damaged saves: every defect is a CorruptSave with a message saying what is wrong,
never another exception. Generic over the registered games: the tampering uses only the save's
common envelope and the keys of its "data" object."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cryptarena import games
from cryptarena.engine import Rng, derive_seed
from cryptarena.games import CorruptSave

ENVELOPE = ("players", "seed", "options", "rng", "phase", "log", "history", "script", "data")


def mid_game_save(game_id: str, players: int | None = None, steps: int = 25) -> dict:
    """A save from a seeded random game, `steps` actions in."""
    game = games.load(game_id)
    players = game.min_players if players is None else players
    state = game.new_state(players=players, seed=derive_seed("saves", game_id, players))
    rng = Rng(3)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state.to_json()


def corrupt(game_id: str, data) -> str:
    with pytest.raises(CorruptSave) as info:
        games.load(game_id).from_json(data)
    assert info.value.reason.strip()
    return info.value.reason


GAME_IDS = games.ids()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_good_save_loads_from_a_dict_and_from_text(game_id):
    data = mid_game_save(game_id)
    game = games.load(game_id)
    assert game.from_json(data).to_json() == data
    assert game.from_json(json.dumps(data)).to_json() == data
    assert game.from_json(json.dumps(data).encode()).to_json() == data


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("text", ["", "{", "not json", "{'game': 'crypt'}", b"\xff\xfe\x00"])
def test_not_json(game_id, text):
    assert "JSON" in corrupt(game_id, text)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("value", [[], 5, None, "[1, 2]", "null"])
def test_not_an_object(game_id, value):
    corrupt(game_id, value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_wrong_game_and_wrong_format(game_id):
    data = mid_game_save(game_id)
    other = dict(data, game="no-such-game")
    reason = corrupt(game_id, other)
    assert "no-such-game" in reason and game_id in reason
    assert "format" in corrupt(game_id, dict(data, format=99))
    assert "format" in corrupt(game_id, {k: v for k, v in data.items() if k != "format"})


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("key", ENVELOPE)
def test_missing_envelope_key_is_named(game_id, key):
    data = mid_game_save(game_id)
    del data[key]
    assert key in corrupt(game_id, data)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_settings(game_id):
    game = games.load(game_id)
    data = mid_game_save(game_id)
    for players in (99, 0, -1, "2", None, True):
        corrupt(game_id, dict(data, players=players))
    # another valid player count does not fit the rest of the save
    for players in range(game.min_players, game.max_players + 1):
        if players != data["players"]:
            corrupt(game_id, dict(data, players=players))
    corrupt(game_id, dict(data, options={"no_such_option": 1}))
    corrupt(game_id, dict(data, options="default"))
    for schema in game.options_schema():
        corrupt(game_id, dict(data, options={**data["options"], schema["name"]: "no-such-value"}))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("key", ["rng", "log", "history", "script"])
@pytest.mark.parametrize("value", ["x", None, {"a": 1}, 1.5])
def test_malformed_envelope_values(game_id, key, value):
    data = mid_game_save(game_id)
    if key == "rng" and isinstance(value, int):
        return
    corrupt(game_id, dict(data, **{key: value}))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_malformed_script_entries(game_id):
    data = mid_game_save(game_id)
    for script in ([5], [None], [["die"]], [{"die": 1}], ["ab"], [[1, 2]], [[["die"], 1]], [[{"die": 1}, 2]]):
        corrupt(game_id, dict(data, script=script))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_data_defects(game_id):
    data = mid_game_save(game_id)
    for broken in (None, [], "data", 5):
        corrupt(game_id, dict(data, data=broken))
    defaults = games.load(game_id).state_class.save_defaults
    for key in data["data"]:  # every part of the game's data is needed, but for what older saves lack
        damaged = copy.deepcopy(data)
        del damaged["data"][key]
        if key in defaults:
            loaded = games.load(game_id).from_json(damaged).to_json()
            assert loaded["data"][key] == defaults[key]
            assert {k: v for k, v in loaded["data"].items() if k != key} == damaged["data"]
        else:
            assert "inconsistent" in corrupt(game_id, damaged) or key in corrupt(game_id, damaged)


# ---- anything at all in any place: CorruptSave or a state, nothing else ---------------------

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 100), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=False), st.text(max_size=5))
junk = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                     st.dictionaries(st.text(max_size=4), inner, max_size=3)),
                    max_leaves=6)


SAVES = {game_id: mid_game_save(game_id, steps=20) for game_id in GAME_IDS}


@st.composite
def places(draw, save):
    """A (container, key) in the save: descend from the top, one uniformly chosen child at a time,
    stopping at random, so that the envelope is hit as often as the depths of the game data."""
    container, key = save, draw(st.sampled_from(sorted(save)))
    while isinstance(container[key], (dict, list)) and container[key] and draw(st.booleans()):
        inner = container[key]
        container, key = inner, draw(st.sampled_from(sorted(inner) if isinstance(inner, dict) else range(len(inner))))
    return container, key


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_damage_is_a_corrupt_save_or_a_state(data):
    game_id = data.draw(st.sampled_from(GAME_IDS))
    save = copy.deepcopy(SAVES[game_id])
    for _ in range(data.draw(st.one_of(st.just(1), st.integers(1, 3)))):
        container, key = data.draw(places(save))
        if isinstance(container, dict) and data.draw(st.booleans()):
            del container[key]
        else:
            container[key] = data.draw(junk)
        if not save:
            break
    try:
        games.load(game_id).from_json(save)
    except CorruptSave as exc:
        assert exc.reason.strip()
