"""The registry: the one door to the games."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.games import UnknownGame


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGame) as info:
        games.load("nope")
    message = str(info.value)
    assert "'nope'" in message
    for game_id in games.ids():
        assert game_id in message
    assert isinstance(info.value, KeyError)  # callers may treat it as a missing key
    assert message == info.value.reason  # KeyError would otherwise quote the message


@pytest.mark.parametrize("game_id", games.ids())
def test_every_registered_game_loads_and_describes_itself(game_id):
    game = games.load(game_id)
    assert game.id == game_id
    assert 1 <= game.min_players <= game.max_players
    described = game.describe()
    assert described["id"] == game_id and described["name"]
    for name in ("phases", "action_types", "chance_kinds"):
        assert described[name], f"{game_id} documents no {name}"
        assert all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in described[name].items())
    if game.default_chance_kind is not None:
        assert game.default_chance_kind in game.chance_kinds
    assert "game_end" in game.phases  # the named end every UI shows


def test_ids_are_unique_and_lowercase():
    ids = games.ids()
    assert len(ids) == len(set(ids)) and all(i == i.lower() and i.isidentifier() for i in ids)


def test_games_without_teams_say_so():
    for game_id in ("crypt", "quartz", "midas"):
        game = games.load(game_id)
        assert game.seat_teams(game.min_players) is None
