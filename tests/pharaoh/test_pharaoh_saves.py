"""Saves: a table saved in the middle of anything (a defence turn, an interrupt window, a play being
built, a deck being built) loads into the same table that plays on the same way; a damaged save is
refused with CorruptSave naming the defect."""

from __future__ import annotations

import pytest

from cryptarena.engine import CorruptSave
from pharaoh_play import CREATED, GAME, dice, put_on_pile, table, to_step, touched


def round_trip(state):
    loaded = GAME.from_json(state.dumps())
    CREATED.append(loaded)
    assert loaded.to_json() == state.to_json()
    for seat in range(state.players):
        assert loaded.view(seat) == state.view(seat)
        assert loaded.legal_actions(seat) == state.legal_actions(seat)
    return loaded


def both(states, seat, action):
    for s in states:
        s.apply(seat, action)


def test_a_save_in_the_middle_of_a_defence_turn():
    state = table(hands={0: [], 1: ["block", "rally"]})
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 4)
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.phase == "defend"
    loaded = round_trip(state)
    for s in (state, loaded):
        dice(s, 2, 3)
        s.apply(1, {"type": "dodge", "card": "rally"})
    assert loaded.to_json()["data"] == state.to_json()["data"] and loaded.life[1] == 25


def test_a_save_in_the_middle_of_an_interrupt_window():
    state = table(("spellmancer", "warlord"), hands={0: ["burning_spear", "poison"], 1: ["clear"]})
    to_step(state)
    state.apply(0, {"type": "play", "card": "burning_spear", "method": "use_discard"})
    state.apply(0, {"type": "attach", "card": "poison"})
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.phase == "window"
    loaded = round_trip(state)
    assert loaded.view(1)["pending"]["enhancement"] == "poison"
    for s in (state, loaded):
        dice(s, 3)
        s.apply(1, {"type": "respond", "card": "clear", "target": "enhancement"})
        s.apply(1, {"type": "take"})
    assert loaded.life[1] == state.life[1] == 21 and loaded.discard == state.discard


def test_a_save_in_the_middle_of_a_play_being_built():
    state = table(("warlord", "avenger"), hands={0: ["halberd", "enforce", "poison"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    assert state.phase == "build"
    loaded = round_trip(state)
    for s in (state, loaded):
        s.apply(0, {"type": "cancel"})
    assert sorted(loaded.hand[0]) == sorted(state.hand[0]) == ["enforce", "halberd", "poison"]


def test_a_save_in_the_middle_of_deck_building():
    state = GAME.new_state(2, 7, {"first_player": 0})
    CREATED.append(state)
    state.apply(0, {"type": "build", "character": "avenger"})
    state.apply(0, {"type": "add", "card": "crossbow"})
    state.apply(0, {"type": "add_hex", "hex": "hidden_door"})
    state.apply(1, {"type": "pick", "deck": "warlord"})
    loaded = round_trip(state)
    assert loaded.view(0)["seats"][0]["setup"]["cards"] == {"crossbow": 1}
    assert loaded.view(1)["seats"][0]["setup"] is None  # still secret after loading


def test_a_save_with_a_soak_choice_and_a_monster_loads():
    state = table(("warlord", "avenger"), hands={0: ["great_axe"], 1: []})
    for card in ("buckler", "riot_shield"):
        state.deck[1].remove(card) if card in state.deck[1] else state.decklists[1].update({card: 1})
        state.new_entry(1, card, seat=1)
    state.monsters.append({"uid": 90, "monster": "cobra", "home": 0, "hex": 0, "lp": 6, "dominated_by": None,
                           "provoked": [], "spares": [], "keys": 0})
    state.uid_next = 91
    touched(state)
    to_step(state)
    state.apply(0, {"type": "play", "card": "great_axe", "method": "use_return"})
    dice(state, 3, 3, 3, 3)
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "take"})
    assert state.phase == "soak"
    round_trip(state)


def test_a_save_in_the_middle_of_placing_an_explored_hex():
    state = table(hands={0: [], 1: []})
    put_on_pile(state, "crossroads", owner=0)
    to_step(state)
    state.apply(0, {"type": "explore", "side": 0})
    assert state.phase == "place"
    loaded = round_trip(state)
    for s in (state, loaded):
        s.apply(0, {"type": "place", "turn": 2})
    assert loaded.placed == state.placed and loaded.pos == state.pos


def test_a_save_in_the_middle_of_a_domination_turn():
    state = table(hands={0: [], 1: []})
    state.defeated[1], state.life[1], state.pos[1] = True, 0, None
    state.discard[1] += state.hand[1]
    state.hand[1] = []
    state.monsters.append({"uid": 90, "monster": "cobra", "home": 0, "hex": 0, "lp": 6, "dominated_by": 1,
                           "provoked": [], "spares": [], "keys": 0})
    state.uid_next = 91
    state.turn = None
    state.start_turn(1)
    state.phase = state.current_phase()
    touched(state)
    assert state.phase == "dominate"
    loaded = round_trip(state)
    assert loaded.legal_actions(1) == [{"type": "dominate", "piece": "m90"}]


# ---------------------------------------------------------------------------------- corrupt saves
def corrupted(edit):
    state = table(hands={0: ["dagger"], 1: []})
    to_step(state)
    data = state.to_json()
    edit(data["data"])
    with pytest.raises(CorruptSave) as caught:
        GAME.from_json(data)
    return caught.value.reason


def test_the_untouched_save_loads():
    state = table(hands={0: ["dagger"], 1: []})
    round_trip(state)


def test_a_card_from_nowhere_is_refused():
    reason = corrupted(lambda d: d["hand"][0].append("great_axe"))
    assert "great_axe" in reason and "deck lists" in reason


def test_a_second_key_is_refused():
    def edit(d):
        d["placed"][0]["keys"] += 1
    assert "Keys in the game" in corrupted(edit)


def test_a_missing_key_is_refused():
    def edit(d):
        for seat in (0, 1):
            if "key" in d["deck"][seat]:
                d["deck"][seat].remove("key")
                return
    assert "Keys in the game" in corrupted(edit)


def test_two_hexes_on_one_cell_are_refused():
    def edit(d):
        d["placed"].append(dict(d["placed"][0], tile="antechamber"))
    assert "two hexes lie on one cell" in corrupted(edit)


@pytest.mark.parametrize("change", [{"monster": "dragon"}, {"hex": 9}])
def test_a_bad_monster_is_refused(change):
    def edit(d):
        d["monsters"].append({"uid": 50, "monster": "cobra", "home": 0, "hex": 0, "lp": 6, "dominated_by": None,
                              "provoked": [], "spares": [], "keys": 0, **change})
        d["uid_next"] = 51
    assert "bad monster" in corrupted(edit)


def test_a_card_that_is_not_in_the_starter_set_is_refused():
    assert "not in the starter set" in corrupted(lambda d: d["discard"][1].append("laser_sword"))


def test_a_character_outside_the_crypt_is_refused():
    assert "outside the crypt" in corrupted(lambda d: d["pos"].__setitem__(1, 5))


def test_life_above_25_is_refused():
    assert "at most 25" in corrupted(lambda d: d["life"].__setitem__(0, 30))


def test_a_tabled_card_both_in_a_hex_and_in_front_of_a_seat_is_refused():
    def edit(d):
        d["table"].append({"uid": 50, "card": "dagger", "owner": 0, "seat": 0, "hex": 0, "lp": None, "lock": False,
                           "used": False, "turn": False, "active": False, "keys": 0, "enforced": 0,
                           "attached": []})
        d["hand"][0].remove("dagger")
        d["uid_next"] = 51
    assert "in front of a seat or in a hex" in corrupted(edit)


def test_not_json_is_a_corrupt_save():
    with pytest.raises(CorruptSave):
        GAME.from_json("{not json")
