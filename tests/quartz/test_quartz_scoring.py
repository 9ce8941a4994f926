"""Quartz scoring, tie-breaks and options validation."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction, OptionError
from quartz_play import GAME, clear_table, finish_turn, new


def scored(carts, chests=None, **options):
    state = new(3, 0, **options)
    clear_table(state)
    for seat, cart in enumerate(carts):
        state.carts[seat].update(cart)
    for seat, chest in enumerate(chests or []):
        state.chests[seat].update(chest)
    return state


@pytest.mark.parametrize("colour,value", [("white", 2), ("pink", 3), ("green", 4), ("blue", 5), ("red", 7),
                                          ("yellow", 9)])
def test_crystal_values(colour, value):
    assert scored([{colour: 1}]).scores()[0]["breakdown"]["crystals"] == value


@pytest.mark.parametrize("count,bonus", [(1, 0), (2, 0), (3, 3), (4, 6), (5, 10)])
def test_set_bonus(count, bonus):
    assert scored([{"white": count}]).scores()[0]["breakdown"]["sets"] == bonus


@pytest.mark.parametrize("big_sets,bonus", [("cap", 10), ("none", 0)])
def test_sets_of_six_or_more(big_sets, bonus):
    state = scored([{"white": 6}, {"pink": 7}], big_sets=big_sets)
    assert [s["breakdown"]["sets"] for s in state.scores()[:2]] == [bonus, bonus]


def test_set_bonuses_count_cart_and_chest_together_per_colour_and_not_black():
    state = scored([{"red": 2, "green": 3, "black": 3}], [{"red": 1}])
    assert state.scores()[0]["breakdown"]["sets"] == 6


def test_unstable_crystals_cost_three_each_in_cart_or_chest():
    state = scored([{"black": 2}], [{"black": 1}])
    assert state.scores()[0]["breakdown"]["unstable"] == -9


def test_fewest_in_chest_loses_five_all_tied():
    state = scored([], [{"white": 1}, {"red": 1}, {"white": 2}])
    assert [s["breakdown"]["fewest_in_chest"] for s in state.scores()] == [-5, -5, 0]
    state = scored([{"yellow": 4}], [{}, {"white": 1}, {}])  # the cart does not count for this
    assert [s["breakdown"]["fewest_in_chest"] for s in state.scores()] == [-5, 0, -5]


def test_breakdown_adds_up_to_the_total():
    state = scored([{"white": 3, "yellow": 1, "black": 2}, {"pink": 5}], [{"red": 1}, {}, {"blue": 1}])
    scores = state.scores()
    assert scores[0]["breakdown"] == {"crystals": 22, "sets": 3, "unstable": -6, "fewest_in_chest": 0}
    assert scores[1]["breakdown"] == {"crystals": 15, "sets": 10, "unstable": 0, "fewest_in_chest": -5}
    assert [s["total"] for s in scores] == [19, 20, 5]
    assert all(s["total"] == sum(s["breakdown"].values()) for s in scores)


def winners_with(carts):
    """Play to the last turn of round 6, lay out the carts, end the game: the winners."""
    state = new(3, 0)
    state.round = 6
    state.order = state.order[:1]
    clear_table(state)
    for seat, cart in enumerate(carts):
        state.carts[seat].update(cart)
    finish_turn(state)
    assert state.is_over()
    return state.winners()


def test_the_highest_total_wins():
    assert winners_with([{"white": 1}, {"yellow": 1}, {}]) == [1]


def test_a_tie_goes_to_most_white_before_pink():
    # both 8: seat 0 has more white (2 vs 1), seat 1 more pink (2 vs 0)
    assert winners_with([{"white": 2, "green": 1}, {"white": 1, "pink": 2}, {}]) == [0]


def test_a_tie_with_equal_white_goes_to_most_pink():
    # both 14: white 1 + pink 3 (+3 set) against white 1 + red 1 + blue 1
    assert winners_with([{"white": 1, "red": 1, "blue": 1}, {"white": 1, "pink": 3}, {}]) == [1]


def test_a_full_tie_is_a_shared_win():
    assert winners_with([{"white": 1, "red": 1}, {}, {"white": 1, "red": 1}]) == [0, 2]


@pytest.mark.parametrize("options,code", [
    ({"crystals_mauve": 3}, "unknown_option"),
    ({"big_sets": "huge"}, None),
    ({"bag_empty_end": "game"}, None),
    ({"die_faces": "all_helmets"}, None),
    ({"crystals_white": 41}, None),
    ({"crystals_black": -1}, None),
    ({"unstable_in_chest": "maybe"}, None),
])
def test_bad_options_are_refused_before_any_state(options, code):
    with pytest.raises(OptionError) as refused:
        GAME.check_table(3, options)  # the table check needs no state
    if code:
        assert refused.value.code == code
    with pytest.raises(OptionError):
        GAME.new_state(3, 0, options)


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players):
    with pytest.raises(OptionError):
        GAME.new_state(players, 0)


def test_counts_options_fill_the_bag():
    state = GAME.new_state(3, 0, {"crystals_yellow": 0, "crystals_white": 40})
    mined = sum(sum(c.values()) for c in state.carts)
    assert state.bag["yellow"] == 0 and state.bag["white"] + state.carts[state.to_act()[0]]["white"] == 40
    assert mined == 1


def test_die_faces_option_double_pickaxe_has_no_helmet():
    state = GAME.new_state(3, 0, {"die_faces": "double_pickaxe"})
    assert "helmet" not in state.chance_outcomes("face")
    with pytest.raises(IllegalAction):
        state.script_chance(["helmet"])
