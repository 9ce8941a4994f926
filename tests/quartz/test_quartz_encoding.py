"""Quartz's fixed encodings (games/quartz/encoding.py): the action numbering, the observation
layout read back field by field on a known position, and what lies outside both."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.engine import EncodingError
from quartz_play import clear_table, hand, new, touched

GAME = games.load("quartz")


def fields(state, seat) -> dict[str, list[float]]:
    """The observation of `seat`, cut into its named fields."""
    encoding = GAME.observation_encoding(state.players, state.options)
    vector = encoding.encode(state.view(seat))
    return {row["name"]: vector[row["offset"]:row["offset"] + row["size"]] for row in encoding.layout()}


@pytest.mark.parametrize("players, options, size", [
    (3, {}, 31 + 1 + 5 + 5 + 1 + 1 + 7 + 6 + 3 + 3 * 6),
    (3, {"unstable_in_chest": True}, 79),  # protect black joins the space
    (6, {}, 31 + 1 + 5 + 5 + 1 + 1 + 7 + 6 + 6 + 6 * 6),
])
def test_action_space_size(players, options, size):
    assert GAME.action_encoding(players, options).size == size


@pytest.mark.parametrize("players, size", [(3, 131), (6, 191)])
def test_observation_size_grows_with_the_table(players, size):
    # per seat: seat, to_act, turns_left, markers, scores, winners and 7 + 7 crystal counts = 20;
    # the rest: phase 8, round, bag 7, supply, dice 30, free rerolls, faces 5, helmets, used 5, left,
    # drawn 7, rules 4 = 71
    encoding = GAME.observation_encoding(players)
    assert encoding.size == size == sum(row["size"] for row in encoding.layout())
    assert len(encoding.encode(new(players, 0).view(0))) == size


def test_encodings_are_built_once_per_table_size_and_options():
    assert GAME.action_encoding(4) is GAME.action_encoding(4, {"big_sets": "cap"})  # the default, resolved
    assert GAME.action_encoding(4) is not GAME.action_encoding(4, {"unstable_in_chest": True})
    assert GAME.observation_encoding(5) is GAME.observation_encoding(5, {})


@pytest.mark.parametrize("index, action", [
    (0, {"type": "reroll", "dice": [0]}),
    (5, {"type": "reroll", "dice": [0, 1]}),
    (30, {"type": "reroll", "dice": [0, 1, 2, 3, 4]}),
    (31, {"type": "stop"}),
    (32, {"type": "wild", "as": "pickaxe"}),
    (41, {"type": "use", "face": "steal"}),
    (42, {"type": "end_turn"}),
    (43, {"type": "draw"}),
    (50, {"type": "return", "colour": "black"}),
    (51, {"type": "protect", "colour": "white"}),
    (57, {"type": "dump", "to": 0}),
    (59, {"type": "dump", "to": 2}),
    (60, {"type": "steal", "from": 0, "colour": "white"}),
    (77, {"type": "steal", "from": 2, "colour": "yellow"}),
])
def test_hand_picked_actions_and_their_indices(index, action):
    encoding = GAME.action_encoding(3)
    assert encoding.index(action) == index
    assert encoding.action(index) == action
    assert encoding.index(dict(reversed(list(action.items())))) == index  # key order does not matter


@pytest.mark.parametrize("action", [
    {"type": "protect", "colour": "black"},  # not with unstable_in_chest off
    {"type": "dump", "to": 3},  # no fourth seat
    {"type": "steal", "from": 1, "colour": "black"},  # black is never stolen
    {"type": "reroll", "dice": [1, 0]},  # the game lists dice in ascending order
    {"type": "reroll", "dice": []},
    {"type": "use", "face": "helmet"},
    {"type": "stop", "why": "tired"},
])
def test_an_action_outside_the_space_is_refused(action):
    with pytest.raises(EncodingError) as refused:
        GAME.action_encoding(3).index(action)
    assert refused.value.code == "not_encoded"


@pytest.mark.parametrize("index", [-1, 78, True, 1.0, "3"])
def test_an_index_outside_the_space_is_refused(index):
    with pytest.raises(EncodingError):
        GAME.action_encoding(3).action(index)


def test_a_mask_marks_exactly_the_legal_actions():
    state = new(3, 0)
    seat = state.to_act()[0]
    encoding = GAME.action_encoding(3)
    mask = encoding.mask(state.legal_actions(seat))
    assert [i for i, bit in enumerate(mask) if bit] == list(range(32))  # every reroll and stop


def stealing_position():
    """Seat `first` kept two steals, two helmets and a pickaxe, turned the helmets into a third steal
    and started stealing; the seat after it has two red crystals in its cart."""
    state = new(3, 0)
    clear_table(state)
    first = state.to_act()[0]
    hand(state, ["steal", "steal", "helmet", "helmet", "pickaxe"])
    victim = (first + 1) % 3
    state.carts[victim]["red"] = 2
    state.markers[victim] = 1
    touched(state)
    state.apply(first, {"type": "wild", "as": "steal"})
    state.apply(first, {"type": "use", "face": "steal"})
    return state, first, victim


def test_named_fields_of_a_known_position_seen_by_another_seat():
    state, first, victim = stealing_position()
    seen = fields(state, victim)
    assert seen["phase"] == [0, 0, 0, 0, 0, 0, 1, 0]  # steal
    assert seen["seat"] == [1.0 if s == victim else 0.0 for s in range(3)]
    assert seen["to_act"] == [0, 0, 1]  # the thief sits two seats after the victim
    assert seen["turns_left"] == [1, 1, 1]
    assert seen["round"] == [1]
    assert seen["carts"][:7] == [0, 0, 0, 0, 2, 0, 0]  # the observer's own cart comes first
    assert seen["carts"][7:] == [0] * 14
    assert seen["markers"] == [1, 0, 0]
    assert seen["dice"][:6] == [0, 0, 0, 0, 1, 0]  # die 0 shows a steal
    assert seen["dice"][12:18] == [0, 0, 0, 0, 0, 1]  # die 2 a helmet
    assert seen["faces"] == [1, 0, 0, 0, 3]  # pickaxe 1, steal 2 + 1 wild
    assert seen["helmets"] == [0]
    assert seen["used"] == [0, 0, 0, 0, 1]
    assert seen["left"] == [2]
    assert seen["winners"] == [0, 0, 0]
    assert seen["rules"] == [0, 0, 1, 0]
    assert seen["scores"][0] == state.scores()[victim]["total"]


def test_the_acting_seat_sees_itself_first_and_a_steal_moves_the_counts():
    state, first, victim = stealing_position()
    state.apply(first, {"type": "steal", "from": victim, "colour": "red"})
    seen = fields(state, first)
    assert seen["to_act"] == [1, 0, 0]
    assert seen["carts"][:7] == [0, 0, 0, 0, 1, 0, 0]  # the thief's cart
    assert seen["carts"][7:14] == [0, 0, 0, 0, 1, 0, 0]  # the victim sits next
    assert seen["left"] == [1]


def test_the_spectator_sees_seat_0_first_and_no_seat_of_its_own():
    state, first, victim = stealing_position()
    seen = fields(state, None)
    assert seen["seat"] == [0, 0, 0]
    assert seen["to_act"] == [1.0 if s == first else 0.0 for s in range(3)]
    assert seen["carts"][7 * victim + 4] == 2


def test_the_bag_and_the_end_of_the_game():
    state = new(3, 1, unstable_in_chest=True, die_faces="double_pickaxe")
    seen = fields(state, 0)
    assert seen["bag"] == [state.bag[c] for c in ("white", "pink", "green", "blue", "red", "yellow", "black")]
    assert seen["unstable_supply"] == [state.unstable_supply]
    assert seen["rules"] == [1, 1, 1, 0]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])  # stop, end_turn: the shortest game
    seen = fields(state, 2)
    assert seen["phase"][-1] == 1
    assert seen["winners"] == [1.0 if s in state.winners() else 0.0 for s in (2, 0, 1)]


def test_a_view_of_another_table_is_refused():
    with pytest.raises(EncodingError):
        GAME.observation_encoding(4).encode(new(3, 0).view(0))
    crypt = games.load("crypt").new_state(3, 0)
    view = {**crypt.view(0), "player_count": 3}
    with pytest.raises(EncodingError):
        GAME.observation_encoding(3).encode(view)
