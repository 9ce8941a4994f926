"""Option schemas: unknown names and bad values are refused with OptionError, with a message
that says what was wrong, before any state exists. First on a schema of every option type,
then on every registered game's own schema."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.engine import Game, Option, OptionError


class Schemed(Game):
    """A rules object with one option of each type; only its option checking is used."""

    id = "schemed"
    name = "Schemed"
    min_players = 2
    max_players = 4
    options = (
        Option("side", "enum", "A", "which side", allowed=("A", "B")),
        Option("rounds", "int", 5, "how many rounds", minimum=1, maximum=9),
        Option("fast", "bool", False, "shorter game"),
    )


def refused(options: dict) -> OptionError:
    with pytest.raises(OptionError) as info:
        Schemed().check_options(options)
    return info.value


def test_defaults_fill_in_and_valid_values_pass():
    assert Schemed().check_options({}) == {"side": "A", "rounds": 5, "fast": False}
    assert Schemed().check_options(None) == {"side": "A", "rounds": 5, "fast": False}
    assert Schemed().check_options({"side": "B", "rounds": 9, "fast": True}) == {"side": "B", "rounds": 9, "fast": True}


def test_unknown_names_are_listed_with_the_known_ones():
    error = refused({"sides": "A", "colour": "red", "rounds": 3})
    assert "'colour'" in error.reason and "'sides'" in error.reason
    for known in ("side", "rounds", "fast"):
        assert known in error.reason
    assert error.code == "unknown_option"


@pytest.mark.parametrize("value", ["C", "a", None, 1, ["A"]])
def test_bad_enum_value_names_the_allowed_ones(value):
    error = refused({"side": value})
    assert "'side'" in error.reason and "'A'" in error.reason and "'B'" in error.reason


@pytest.mark.parametrize(("value", "words"), [(0, "minimum 1"), (10, "maximum 9"), (-5, "minimum 1"),
                                              ("3", "integer"), (2.0, "integer"), (True, "integer"),
                                              (None, "integer")])
def test_int_bounds_and_type(value, words):
    error = refused({"rounds": value})
    assert "'rounds'" in error.reason and words in error.reason


@pytest.mark.parametrize("value", [1, 0, "true", None, "yes"])
def test_bool_must_be_a_bool(value):
    error = refused({"fast": value})
    assert "'fast'" in error.reason and "true or false" in error.reason


@pytest.mark.parametrize("options", [["side"], "side=A", 3])
def test_options_must_be_an_object(options):
    with pytest.raises(OptionError):
        Schemed().check_options(options)


def test_fixed_options_are_checked_when_the_rules_object_is_made():
    assert Schemed(side="B").check_options({}) == {"side": "B", "rounds": 5, "fast": False}
    with pytest.raises(OptionError):
        Schemed(side="Z")
    with pytest.raises(OptionError):
        Schemed(nope=1)


def test_schema_is_published_as_json():
    schema = {o["name"]: o for o in Schemed().options_schema()}
    assert schema["side"] == {"name": "side", "type": "enum", "default": "A", "description": "which side",
                              "allowed": ["A", "B"]}
    assert schema["rounds"]["minimum"] == 1 and schema["rounds"]["maximum"] == 9
    assert schema["fast"]["type"] == "bool"


# ---- every registered game's schema ---------------------------------------------------------

def _bad_values(option: dict) -> list:
    if option["type"] == "enum":
        return ["no-such-value", None, 12345]
    if option["type"] == "int":
        bad = ["3", 2.5, True, None]
        if "minimum" in option:
            bad.append(option["minimum"] - 1)
        if "maximum" in option:
            bad.append(option["maximum"] + 1)
        return bad
    return [1, "true", None]


CASES = [(game_id, option["name"], value) for game_id in games.ids()
         for option in games.load(game_id).options_schema() for value in _bad_values(option)]


@pytest.mark.parametrize(("game_id", "name", "value"), CASES)
def test_every_game_refuses_a_bad_option_value_before_any_state(game_id, name, value):
    game = games.load(game_id)
    with pytest.raises(OptionError) as info:
        game.new_state(players=game.min_players, seed=1, options={name: value})
    assert name in info.value.reason
    with pytest.raises(OptionError):
        games.load(game_id, **{name: value})


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_refuses_unknown_options_and_bad_tables(game_id):
    game = games.load(game_id)
    with pytest.raises(OptionError) as info:
        game.new_state(players=game.min_players, seed=1, options={"no_such_option": 1})
    assert "'no_such_option'" in info.value.reason
    for option in game.options_schema():
        assert option["name"] in info.value.reason  # the known options are listed
    for players in (game.min_players - 1, game.max_players + 1, "2", None, True):
        with pytest.raises(OptionError):
            game.new_state(players=players, seed=1)
    for seed in ("1", None, 1.5, True):
        with pytest.raises(OptionError):
            game.new_state(players=game.min_players, seed=seed)


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_schema_is_well_formed(game_id):
    game = games.load(game_id)
    for option in game.options_schema():
        assert option["type"] in ("enum", "int", "bool"), option
        assert option["description"].strip(), option
        if option["type"] == "enum":
            assert option["default"] in option["allowed"], option
        if option["type"] == "int":
            low, high = option.get("minimum", option["default"]), option.get("maximum", option["default"])
            assert low <= option["default"] <= high, option
    # the defaults make a table at every player count
    for players in range(game.min_players, game.max_players + 1):
        assert game.new_state(players=players, seed=1).to_act()
