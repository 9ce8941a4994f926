"""Setup: the deck per player count, dice, the first Reveal, the torches, option checking."""

from __future__ import annotations

import pytest

from crypt_play import GAME, new
from cryptarena import games
from cryptarena.games.crypt.components import DECKS, TYPES

DECK_SIZE = {1: 24, 2: 24, 3: 36, 4: 48}
# components §1.2: the cards without a setup icon, plus the 3-player icon (second 2 and 3),
# plus the 4-player icon (second 1 and 4)
VALUES_PER_TYPE = {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 2, 3, 3, 4], 4: [1, 1, 2, 2, 3, 3, 4, 4]}
REVEALED = {1: (2, 1), 2: (2, 1), 3: (3, 1), 4: (4, 2)}  # (face-up, face-down)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_deck_holds_the_cards_of_the_setup_icons_for_the_player_count(players):
    state = new(players, seed=5)
    in_play = sorted(state.deck + [s["card"] for s in state.crypt])
    assert in_play == list(range(DECK_SIZE[players]))  # every card exactly once, none missing
    per_type = {kind: sorted(c.value for c in state.cards if c.type == kind) for kind in TYPES}
    assert per_type == {kind: VALUES_PER_TYPE[players] for kind in TYPES}
    assert len(DECKS[players]) == DECK_SIZE[players]


def test_card_ids_are_type_major_with_values_ascending():
    deck = DECKS[4]
    assert [c.type for c in deck] == [kind for kind in TYPES for _ in range(8)]
    for kind in TYPES:
        values = [c.value for c in deck if c.type == kind]
        assert values == sorted(values)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_player_starts_with_three_ready_servant_dice(players):
    view = new(players, seed=1).view(None)
    assert [p["dice"] for p in view["players"]] == [["ready"] * 3] * players
    if players == 1:
        assert view["ghost"]["dice"] == ["ready"] * 3  # the Ghost rolls three dice too


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 17])
def test_the_first_reveal_lays_out_face_up_and_face_down_cards_for_the_player_count(players, seed):
    state = new(players, seed)
    up, down = REVEALED[players]
    flags = [s["up"] for s in state.crypt]
    assert (flags.count(True), flags.count(False)) == (up, down)
    assert state.view(None)["deck_size"] == DECK_SIZE[players] - up - down
    for viewer in [None, *range(players)]:
        for slot, shown in zip(state.crypt, state.view(viewer)["crypt"]):
            # a face-down card shows its type (the card back) but not its value
            assert shown["type"] == state.cards[slot["card"]].type
            assert shown["value"] == (state.cards[slot["card"]].value if slot["up"] else None)


@pytest.mark.parametrize("players, lights_out", [(2, 0), (3, 2), (4, 3)])
def test_seat_0_leads_and_the_last_seat_holds_lights_out(players, lights_out):
    view = new(players).view(None)
    assert (view["leader"], view["lights_out"]) == (0, lights_out)
    assert [p["leader"] for p in view["players"]] == [s == 0 for s in range(players)]
    assert [p["lights_out"] for p in view["players"]] == [s == lights_out for s in range(players)]
    assert view["phase"] == "claim" and view["to_act"] == [0]


def test_solo_player_holds_both_torches_in_round_one():
    view = new(1).view(None)
    assert (view["leader"], view["lights_out"]) == (0, 0)


def test_first_leader_option_moves_both_torches():
    view = new(3, first_leader=1).view(None)
    # Lights Out sits to the Leader's right: the last seat in turn order from the Leader
    assert (view["leader"], view["lights_out"], view["to_act"]) == (1, 0, [1])


@pytest.mark.parametrize("options, code", [
    ({"colectors": "A"}, "unknown_option"),
    ({"collectors": "C"}, "bad_option_value"),
    ({"collectors": "mix", "idol": "C"}, "bad_option_value"),
    ({"torch_direction": "up"}, "bad_option_value"),
    ({"solo_target": -1}, "bad_option_value"),
    ({"first_leader": "0"}, "bad_option_value"),
])
def test_bad_options_are_refused_before_a_table_exists(options, code):
    with pytest.raises(games.OptionError) as caught:
        GAME.new_state(3, 0, options)
    assert caught.value.code == code
    # the same check is available without building a table at all
    with pytest.raises(games.OptionError):
        GAME.check_options(options)


@pytest.mark.parametrize("players", [0, 5, "2"])
def test_player_counts_outside_one_to_four_are_refused(players):
    with pytest.raises(games.OptionError) as caught:
        GAME.new_state(players, 0, {})
    assert caught.value.code == "bad_players"


@pytest.mark.parametrize("mode", ["A", "B"])
def test_all_collectors_on_one_side(mode):
    view = new(2, collectors=mode).view(None)
    assert [c["side"] for c in view["collectors"]] == [mode] * 6
    assert [c["type"] for c in view["collectors"]] == list(TYPES)


def test_mixed_collector_sides_follow_the_per_collector_options():
    chosen = {"idol": "B", "jewelry": "A", "manuscript": "B", "pottery": "A", "remains": "B", "tapestry": "B"}
    view = new(2, collectors="mix", **chosen).view(None)
    assert {c["type"]: c["side"] for c in view["collectors"]} == chosen


def test_random_collector_sides_depend_on_the_seed_only():
    def sides(seed):
        view = GAME.new_state(2, seed, {"collectors": "random"}).view(None)
        return tuple(c["side"] for c in view["collectors"])

    drawn = [sides(seed) for seed in range(30)]
    assert drawn == [sides(seed) for seed in range(30)]
    assert len(set(drawn)) > 1  # the sides really are drawn, not fixed


def test_chance_outcomes_list_the_dice_faces_and_the_cards_still_in_the_deck():
    from cryptarena import games as registry
    state = registry.load("crypt").new_state(3, 2)
    assert state.chance_outcomes("die") == [1, 2, 3, 4, 5, 6]
    assert state.chance_outcomes("card") == sorted(state.deck)
    assert len(state.chance_outcomes("card")) == 36 - 4  # round 1 revealed four cards
