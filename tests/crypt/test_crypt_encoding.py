"""Crypt's fixed encodings: the action space's size and numbering, and what named observation
fields hold in known positions (offsets read from the layout, never counted by hand)."""

from __future__ import annotations

import pytest

from crypt_play import GAME, claim, new, place
from cryptarena.engine import EncodingError
from cryptarena.games.crypt.components import DECKS, TYPES
from cryptarena.games.crypt.encoding import PHASES


def field(encoding, vector, name):
    row = next(r for r in encoding.layout() if r["name"] == name)
    return vector[row["offset"]:row["offset"] + row["size"]]


def observe(state, seat):
    encoding = GAME.observation_encoding(state.players, state.options)
    return encoding, encoding.encode(state.view(seat))


# ------------------------------------------------------------------ the action space
@pytest.mark.parametrize("players, options, size", [
    # all sides A: 6 efforts per Crypt slot (3, 3, 4, 6 slots), take_back/confirm/recover/pass,
    # 3 Idol A re-rolls, Remains A
    (1, {}, 3 * 6 + 4 + 3 + 1),
    (2, {}, 3 * 6 + 4 + 3 + 1),
    (3, {}, 4 * 6 + 4 + 3 + 1),
    (4, {}, 6 * 6 + 4 + 3 + 1),
    # all sides B: a Pottery B take per slot and the Manuscript B peek instead
    (3, {"collectors": "B"}, 4 * 6 + 4 + 4 + 1),
    (4, {"collectors": "B"}, 6 * 6 + 4 + 6 + 1),
    # drawn at random: every ability may come up
    (4, {"collectors": "random"}, 6 * 6 + 4 + 6 + 3 + 1 + 1),
    # a mix: Idol B, Pottery B, the rest A
    (2, {"collectors": "mix", "idol": "B", "pottery": "B"}, 3 * 6 + 4 + 3 + 1),
])
def test_action_space_sizes(players, options, size):
    assert GAME.action_encoding(players, options).size == size


def test_observation_sizes_grow_with_the_table():
    # counted from the layout's docs: table-wide numbers (phase, torches, collectors...), 15 per
    # Crypt slot plus 1 per possible owner, 36 per seat (9 die states, 4 x 6 per type, 3 flags),
    # the discard and the end; solo adds the Ghost as an owner and its dice and target
    sizes = [GAME.observation_encoding(n, {}).size for n in range(1, 5)]
    assert sizes == [155, 184, 246, 329]


def test_hand_picked_actions_and_back():
    encoding = GAME.action_encoding(4, {})
    assert encoding.index({"type": "place", "slot": 0, "effort": 1}) == 0
    assert encoding.index({"effort": 6, "slot": 2, "type": "place"}) == 2 * 6 + 5
    assert encoding.index({"type": "take_back"}) == 36
    assert encoding.index({"type": "pass"}) == 39
    assert encoding.index({"type": "idol_reroll", "die": 2}) == 42
    assert encoding.index({"type": "remains_recover"}) == 43
    assert encoding.action(17) == {"type": "place", "slot": 2, "effort": 6}
    assert encoding.action(41) == {"type": "idol_reroll", "die": 1}
    b_sides = GAME.action_encoding(4, {"collectors": "B"})
    assert b_sides.action(b_sides.index({"type": "pottery_take", "slot": 5})) == {"type": "pottery_take", "slot": 5}
    assert b_sides.index({"type": "manuscript_peek"}) == b_sides.size - 1


@pytest.mark.parametrize("players, options, action", [
    (4, {}, {"type": "place", "slot": 6, "effort": 1}),  # 4 players lay 6 cards: slots 0..5
    (2, {}, {"type": "place", "slot": 3, "effort": 1}),
    (4, {}, {"type": "place", "slot": 0, "effort": 7}),
    (4, {}, {"type": "idol_reroll", "die": 3}),
    (4, {}, {"type": "pottery_take", "slot": 0}),  # Pottery shows side A at this table
    (4, {"collectors": "B"}, {"type": "remains_recover"}),
    (4, {}, {"type": "place", "slot": 0}),
])
def test_actions_outside_the_space_are_refused(players, options, action):
    encoding = GAME.action_encoding(players, options)
    with pytest.raises(EncodingError):
        encoding.index(action)
    with pytest.raises(EncodingError):
        encoding.action(encoding.size)


def test_encodings_are_cached_per_table():
    assert GAME.action_encoding(3, {"collectors": "B"}) is GAME.action_encoding(3, {"collectors": "B"})
    assert GAME.observation_encoding(3, {}) is GAME.observation_encoding(3, {"idol": "B"})


# ------------------------------------------------------------------ the observation
def test_layout_is_documented_and_phases_agree():
    assert PHASES == tuple(GAME.phases)
    for players in range(1, 5):
        layout = GAME.observation_encoding(players, {}).layout()
        assert all(row["doc"] and row["size"] > 0 for row in layout)
        assert len({row["name"] for row in layout}) == len(layout)


def first_round_then_claim():
    """3 players, all sides A. Round 1: seat 0 claims the face-down card (slot 3), seats 1 and 2
    slots 1 and 2, all at effort 1 (no die is exhausted); slot 0 is discarded face up.
    Round 2: seat 1 leads and has placed one servant on slot 0 at effort 4, not yet confirmed."""
    state = new(3, seed=5)
    first = [dict(s) for s in state.view(None)["crypt"]]
    claim(state, 0, [(3, 1)])
    claim(state, 1, [(1, 1)])
    state.script_chance([1, 1, 1])
    claim(state, 2, [(2, 1)])
    place(state, 1, 0, 4)
    return state, first


def test_known_position_seen_by_the_seat_to_act():
    state, first = first_round_then_claim()
    encoding, vector = observe(state, 1)
    at = lambda name: field(encoding, vector, name)  # noqa: E731
    assert at("spectator") == [0.0]
    assert at("phase") == [float(p == "claim") for p in PHASES]
    assert at("to_act") == [1.0, 0.0, 0.0]  # seat 1 is the observer, first
    assert at("my_turn") == [1.0]
    assert at("round") == [2 / 9]  # 36 cards, 4 a round
    assert at("deck") == [28 / 36]
    assert at("leader") == [1.0, 0.0, 0.0]
    assert at("lights_out") == [0.0, 0.0, 1.0]  # seat 0, two seats after the observer
    assert at("collector_b") == [0.0] * 6
    assert at("pending_effort")[0] == 4 / 6 and at("pending_dice")[0] == 1 / 3
    assert at("pending_dice")[1:] == [0.0] * 3
    assert at("slot_present") == [1.0] * 4 and at("slot_face_up") == [1.0, 1.0, 1.0, 0.0]
    # every seat's servants came back ready; seat 1 still has its three on its card
    assert at("dice") == [1.0, 0.0, 0.0] * 9

    copies = {kind: sum(c.type == kind for c in DECKS[3]) for kind in TYPES}
    type_value = {kind: sum(c.value for c in DECKS[3] if c.type == kind) for kind in TYPES}
    mine = first[1]  # what seat 1 collected: face-up, so everyone knows it
    held, known = at("held"), at("known_value")
    k = TYPES.index(mine["type"])
    assert held[k] == pytest.approx(1 / copies[mine["type"]])
    assert known[k] == pytest.approx(mine["value"] / type_value[mine["type"]])
    hidden = first[3]  # seat 0's face-down card: seat 0 is third from seat 1
    row = 2 * len(TYPES) + TYPES.index(hidden["type"])
    assert at("unknown")[row] == pytest.approx(1 / copies[hidden["type"]])
    assert at("known_value")[row] == 0.0
    discarded = first[0]
    shown = at("discard_known")
    assert shown[TYPES.index(discarded["type"]) * 4 + discarded["value"] - 1] == 1 / 2
    assert sum(shown) == 1 / 2 and at("discard_hidden") == [0.0] * 6
    assert at("my_treasure") == [pytest.approx(mine["value"] / sum(c.value for c in DECKS[3]))]
    assert at("final_score") == [0.0] * 3 and at("winner") == [0.0] * 3


def test_the_collector_knows_its_face_down_card_and_others_do_not():
    state, first = first_round_then_claim()
    hidden = first[3]
    type_value = sum(c.value for c in DECKS[3] if c.type == hidden["type"])
    encoding, own = observe(state, 0)
    k = TYPES.index(hidden["type"])
    assert field(encoding, own, "known_value")[k] == pytest.approx(state.cards[state.collections[0][0]].value
                                                                    / type_value)
    assert field(encoding, own, "unknown")[k] == 0.0
    assert field(encoding, own, "to_act") == [0.0, 1.0, 0.0]  # seat 1 acts, one after the observer
    assert field(encoding, own, "my_turn") == [0.0]
    _, spectator = observe(state, None)  # seen from seat 0's place, without its knowledge
    assert field(encoding, spectator, "spectator") == [1.0]
    assert field(encoding, spectator, "known_value")[k] == 0.0
    assert field(encoding, spectator, "unknown")[k] == field(encoding, own, "held")[k] > 0
    assert field(encoding, spectator, "my_treasure") == [0.0]


def test_the_end_shows_scores_and_winners():
    state = new(2, seed=3)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a["type"] in ("confirm", "recover", "pass")), legal[0]))
    encoding, vector = observe(state, 1)
    totals = [s["total"] for s in state.scores()]
    final = field(encoding, vector, "final_score")
    assert final[0] / final[1] == pytest.approx(totals[1] / totals[0])  # the observer first
    assert field(encoding, vector, "winner") == [float(1 in state.winners()), float(0 in state.winners())]
    assert field(encoding, vector, "phase") == [float(p == "game_end") for p in PHASES]
    assert all(0.0 <= x <= 1.0 for x in vector)


def test_solo_encodes_the_ghost():
    state = new(1, seed=2)
    state.script_chance([6, 6, 6])  # the Ghost's roll: one group worth 18 takes its best card
    claim(state, 0, [(2, 1)])
    encoding, vector = observe(state, 0)
    owners = [slot["owner"] for slot in state.view(0)["crypt"]]
    assert owners.count("ghost") == 1
    slot = owners.index("ghost")
    assert field(encoding, vector, "slot_owner")[2 * slot:2 * slot + 2] == [0.0, 1.0]
    assert field(encoding, vector, "slot_total")[slot] == 1.0
    assert field(encoding, vector, "ghost_dice") == [0.0, 1.0, 0.0] * 3
    assert field(encoding, vector, "solo_target") == [40 / 200]
