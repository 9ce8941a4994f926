"""The player turn, rule by rule: the optional draw and the reshuffle, free actions, the action
count (1 to a Quad), the hand limit at the discard step, moving and exploring, hex events on entry and
at the end of a turn remained in, escape rolls, using a hex event, the Key and the exit, returning a
tabled card."""

from __future__ import annotations

import pytest
from pharaoh_play import add_hex, dice, legal_types, put_on_pile, set_hand, table, table_card, to_step, touched

from cryptarena.engine import IllegalAction
from cryptarena.engine.messages import render_strict
from cryptarena.games.pharaoh.board import opposite


def refusal(state, seat, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    return caught.value.reason


def first_round(state):
    """The first round again: the starting hex's events are ignored (its Library would deal a card to
    whoever remains there), so a test sees only what it arranges."""
    state.turns_done = 0
    return touched(state)


def allowance(state) -> int:
    """The view's action count; its reasons (turn.why, drawn beside the count) add up to it."""
    turn = state.view(state.turn["seat"])["turn"]
    assert sum(part[1] for part in turn["why"]) == turn["allowance"], turn["why"]
    return turn["allowance"]


# ---------------------------------------------------------------------------------- (1) draw
def test_drawing_is_optional():
    state = table(hands={0: ["dagger"], 1: []})
    deck = len(state.deck[0])
    assert state.phase == "draw" and legal_types(state, 0) == {"draw", "skip"}
    state.apply(0, {"type": "skip"})
    assert state.hand[0] == ["dagger"] and len(state.deck[0]) == deck


def test_drawing_takes_the_top_card_of_the_deck():
    state = table(hands={0: [], 1: []})
    top = state.deck[0][-1]
    state.apply(0, {"type": "draw"})
    assert state.hand[0] == [top] and state.view(0)["seats"][0]["deck"] == len(state.deck[0])


def test_out_of_cards_the_discard_pile_is_shuffled_into_a_new_deck():
    state = table(hands={0: [], 1: []})
    pile = list(state.deck[0])
    state.deck[0], state.discard[0] = [], list(pile)
    touched(state)
    state.apply(0, {"type": "draw"})
    assert len(state.hand[0]) == 1 and state.discard[0] == []
    assert sorted(state.deck[0] + state.hand[0]) == sorted(pile)
    assert any(e["msg"] == "pharaoh.reshuffle" for e in state.log_for(1))


def test_with_no_deck_and_no_discard_pile_there_is_nothing_to_draw():
    state = first_round(table(hands={0: [], 1: []}))
    state.hand[1], state.deck[1], state.discard[1] = sorted(state.deck[1])[:3], [], []
    state.decklists[1] = {}
    for card in state.hand[1]:
        state.decklists[1][card] = state.decklists[1].get(card, 0) + 1
    touched(state)
    to_step(state)
    state.apply(0, {"type": "end"})
    assert state.turn["seat"] == 1 and state.phase in ("free", "act")  # no draw step to take


# ---------------------------------------------------------------------------------- (2) free actions
def test_free_actions_as_many_as_wanted_before_the_actions():
    state = table(hands={0: ["advantage", "potion_of_haste", "dagger"], 1: []})
    to_step(state, "free")
    plays = {a["card"] for a in state.legal_actions(0) if a["type"] == "play"}
    assert plays == {"advantage", "potion_of_haste"}  # the Dagger takes an action
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "play", "card": "potion_of_haste", "method": "use_discard"})
    state.apply(0, {"type": "confirm"}) if state.phase == "build" else None
    assert state.phase == "act" and allowance(state) == 3 and state.turn["used"] == 0


def test_a_modifier_is_refused_among_the_actions_and_an_action_card_among_the_free_actions():
    state = table(hands={0: ["advantage", "dagger"], 1: []})
    to_step(state, "free")
    assert "after the free actions" in refusal(state, 0, {"type": "play", "card": "dagger", "method": "use_return"})
    state.apply(0, {"type": "done"})
    assert "free action" in refusal(state, 0, {"type": "play", "card": "advantage", "method": "table"})


def test_scavenge_is_a_free_card_draw():
    state = table(hands={0: ["scavenge"], 1: []})
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "scavenge", "method": "use_discard"})
    assert len(state.hand[0]) == 1 and "scavenge" in state.discard[0]
    assert state.phase == "act" and state.turn["used"] == 0


# ---------------------------------------------------------------------------------- (3) actions
def test_one_action_a_turn_without_bonus():
    state = table(hands={0: [], 1: []})
    add_hex(state, "antechamber", 1, 0, owner=1)
    to_step(state)
    assert allowance(state) == 1
    state.apply(0, {"type": "move", "to": 1})
    assert state.turn["seat"] == 0 and state.phase == "discard"  # the one action spent (a card drawn there)


def test_none_take_no_action():
    state = table(hands={0: ["dagger"], 1: []})
    to_step(state)
    state.apply(0, {"type": "end"})
    assert state.phase == "discard" and state.turn["used"] == 0


def test_advantage_gives_one_more_action_and_is_discarded_at_the_end_of_the_turn():
    state = first_round(table(hands={0: ["advantage"], 1: []}))
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    assert allowance(state) == 2
    state.apply(0, {"type": "end"})
    assert not state.table and "advantage" in state.discard[0]


def test_potion_of_haste_gives_one_more_action():
    state = table(hands={0: ["potion_of_haste"], 1: []})
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "potion_of_haste", "method": "use_discard"})
    assert allowance(state) == 2 and "potion_of_haste" in state.discard[0]


def test_berserker_rage_doubles_the_actions_and_advantage_adds_to_them():
    state = table(hands={0: ["berserker_rage", "advantage"], 1: []})
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "berserker_rage", "method": "table"})
    assert allowance(state) == 2
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    assert allowance(state) == 3


def test_at_most_four_actions_a_quad():
    state = table(hands={0: ["berserker_rage", "enforce", "advantage", "potion_of_haste"], 1: []})
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "berserker_rage", "method": "table"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    state.apply(0, {"type": "confirm"})
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "play", "card": "potion_of_haste", "method": "use_discard"})
    assert allowance(state) == 4


def test_time_warp_gives_two_more_actions():
    state = table(("spellmancer", "warlord"), hands={0: ["time_warp"], 1: []}, start="armoury")
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "time_warp", "method": "use_discard"})
    state.apply(0, {"type": "confirm"}) if state.phase == "build" else None
    assert allowance(state) == 3


def test_a_hex_action_benefit_works_only_while_within_the_hex():
    # the Spellmancer has +1 action in the Library of Thoth (hex 0); the Warlord has not
    state = table(("spellmancer", "warlord"), hands={0: [], 1: []})
    add_hex(state, "crossroads", 1, 0, owner=0)  # its owner ignores its event
    to_step(state)
    assert allowance(state) == 2
    assert ["benefit", 1, 0] in state.view(0)["turn"]["why"]  # said, with the hex it comes from
    state.apply(0, {"type": "move", "to": 1})  # out of the Library: the benefit is gone
    lost = next(e for e in state.log_for(0) if e["msg"] == "pharaoh.benefit_action")
    assert render_strict(state.game, lost, "en", {0: "Ava"}) == \
        "Ava loses 1 action: the Library of Thoth's benefit (1 this turn)."
    assert state.turn["seat"] == 1
    to_step(state)
    assert allowance(state) == 1


def test_an_owner_action_benefit_is_for_the_hexs_owner_only():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    state.placed[0].update(tile="antechamber", owner=1, doors=[0, 1, 2, 3, 4, 5])
    touched(state)
    to_step(state)
    assert allowance(state) == 1
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    to_step(state)
    assert state.turn["seat"] == 1 and allowance(state) == 2


def test_a_hex_that_costs_an_action_slows_the_character_who_enters():
    state = table(hands={0: ["advantage"], 1: []})
    add_hex(state, "narrow_passage", 1, 0, owner=1)  # doors E, W
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "move", "to": 1})
    assert state.turn["seat"] == 1  # 2 actions - 1 lost = 1, spent on the move
    slowed = next(e for e in state.log_for(0) if e["msg"] == "pharaoh.slowed")
    assert "to the event of the Narrow Passage" in render_strict(state.game, slowed, "en", {0: "Ava"})


# ---------------------------------------------------------------------------------- (4) discard
def test_discarding_is_optional_and_face_up():
    state = first_round(table(hands={0: ["dagger", "block"], 1: []}))
    to_step(state)
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "discard", "card": "block"})
    assert state.view(1)["seats"][0]["discard"][-1] == "block"
    discard = [e for e in state.log_for(1) if e["msg"] == "pharaoh.discard"][-1]
    assert discard["params"]["card"] == "block" and not discard.get("redacted")
    state.apply(0, {"type": "done"})
    assert state.hand[0] == ["dagger"] and state.turn["seat"] == 1


def test_above_the_hand_limit_of_ten_the_discard_is_not_optional():
    state = first_round(table(hands={0: ["dagger"] * 3 + ["block"] * 4 + ["poison"] * 2 + ["whetstone"] * 2,
                                     1: []}))
    to_step(state)
    state.apply(0, {"type": "end"})
    assert len(state.hand[0]) == 11 and "done" not in legal_types(state, 0)
    assert "hand limit of 10" in refusal(state, 0, {"type": "done"})
    state.apply(0, {"type": "discard", "card": "poison"})
    assert "done" in legal_types(state, 0)


# ---------------------------------------------------------------------------------- moving and exploring
def test_moving_needs_an_open_passage_door_against_door():
    state = table(hands={0: [], 1: []})
    walled = add_hex(state, "dead_end", 1, 0, owner=1)        # its only door faces west: open to hex 0
    state.placed[walled]["doors"] = [0]                        # turned away: a wall faces hex 0
    blocked = add_hex(state, "antechamber", 1, -1, owner=1)   # NE of hex 0: hex 0 has no door there
    to_step(state)
    moves = {a["to"] for a in state.legal_actions(0) if a["type"] == "move"}
    assert walled not in moves and blocked not in moves
    state.placed[walled]["doors"] = [3]
    touched(state)
    assert {a["to"] for a in state.legal_actions(0) if a["type"] == "move"} == {walled}


def test_exploring_is_through_a_door_to_an_unexplored_place():
    state = table(hands={0: [], 1: []})
    add_hex(state, "antechamber", 1, 0, owner=1)  # east of hex 0 is explored now
    to_step(state)
    sides = {a["side"] for a in state.legal_actions(0) if a["type"] == "explore"}
    assert sides == {2, 4}  # the Library's other doors, south-west and north-west


def test_an_explored_hex_is_turned_by_the_explorer_to_line_up_a_door():
    state = table(hands={0: [], 1: []})
    put_on_pile(state, "crossroads", owner=0)  # the owner ignores its dart trap
    to_step(state)
    state.apply(0, {"type": "explore", "side": 0})
    assert state.phase == "place"
    turns = [a["turn"] for a in state.legal_actions(0)]
    assert len(turns) > 1
    state.apply(0, {"type": "place", "turn": turns[-1]})
    new = state.view(1)["crypt"][-1]
    assert new["tile"] == "crossroads" and (new["q"], new["r"]) == (1, 0)
    assert opposite(0) in new["doors"] and state.pos[0] == len(state.placed) - 1
    assert state.crypt.passages(0) == [len(state.placed) - 1]


def test_a_hex_that_fits_one_way_only_is_placed_at_once():
    state = table(hands={0: [], 1: []})
    put_on_pile(state, "antechamber", owner=0)  # six doors: every turn is the same
    to_step(state)
    state.apply(0, {"type": "explore", "side": 4})
    assert state.placed[-1]["tile"] == "antechamber" and state.pos[0] == 1


def test_an_empty_hexpile_cannot_be_explored():
    state = table(hands={0: [], 1: []})
    state.hexpile = []
    touched(state)
    to_step(state)
    assert "explore" not in legal_types(state, 0)


# ---------------------------------------------------------------------------------- hex events
def test_events_happen_when_a_character_enters():
    state = table(hands={0: [], 1: []})
    put_on_pile(state, "crossroads", owner=1)
    to_step(state)
    state.apply(0, {"type": "explore", "side": 0})
    dice(state, 4)  # the dart trap's 1D6
    state.apply(0, {"type": "place", "turn": 0})
    assert state.phase == "defend" and state.view(0)["strike"]["label"] == "event.dart_trap"
    assert state.view(0)["strike"]["rolled"] == [[4, None]]
    state.apply(0, {"type": "take"})
    assert state.life[0] == 21


def test_events_happen_at_the_end_of_a_turn_remained_in_not_at_its_start():
    state = table(("avenger", "warlord"), hands={0: ["dagger"], 1: []})
    state.placed[0].update(tile="collapsing_ceiling", owner=1, doors=[0, 2, 3, 5])
    touched(state)
    state.apply(0, {"type": "skip"})
    assert state.phase == "act" and state.life[0] == 25  # nothing at the start of the turn
    dice(state, 2, 3)
    state.apply(0, {"type": "end"})
    assert state.phase == "defend" and state.view(0)["strike"]["label"] == "event.masonry"
    state.apply(0, {"type": "take"})
    assert state.life[0] == 20 and state.phase == "discard"  # before the discard step


def test_leaving_the_hex_spares_its_end_of_turn_event():
    state = table(("avenger", "warlord"), hands={0: [], 1: []})
    state.placed[0].update(tile="collapsing_ceiling", owner=1, doors=[0, 2, 3, 5])
    add_hex(state, "antechamber", 1, 0, owner=1)  # the Antechamber: draw 1
    touched(state)
    to_step(state)
    state.apply(0, {"type": "move", "to": 1})
    assert state.life[0] == 25 and len(state.hand[0]) == 1 and state.phase == "discard"
    state.apply(0, {"type": "done"})
    assert state.turn["seat"] == 1 and state.life[0] == 25


def test_an_ignore_benefit_skips_the_events():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    state.placed[0].update(tile="collapsing_ceiling", owner=1, doors=[0, 2, 3, 5])  # Warlord: ignore
    touched(state)
    to_step(state)
    state.apply(0, {"type": "end"})
    assert state.life[0] == 25 and state.turn["seat"] == 1
    assert any(e["msg"] == "pharaoh.ignore_events" for e in state.log)


def test_heal_draw_and_discard_events():
    state = table(hands={0: ["dagger", "block"], 1: []})
    state.life[0] = 10
    heal = add_hex(state, "healing_spring", 1, 0, owner=1)  # doors E, SW
    state.placed[heal]["doors"] = [3, 5]
    touched(state)
    to_step(state)
    dice(state, 3, 4)
    state.apply(0, {"type": "move", "to": heal})
    assert state.life[0] == 17
    state.apply(0, {"type": "done"})
    # the Hall of Brigands makes its visitor discard one card of their choice
    state.placed[0].update(tile="hall_of_brigands", owner=0, doors=[0, 1, 3, 4])
    set_hand(state, 1, ["dagger", "block"])
    to_step(state)
    state.apply(1, {"type": "end"})
    assert state.phase == "event_discard" and legal_types(state, 1) == {"discard"}
    state.apply(1, {"type": "discard", "card": "block"})
    assert state.hand[1] == ["dagger"] and state.discard[1][-1] == "block"


# ---------------------------------------------------------------------------------- escape rolls
def caught(seat_roll: tuple[int, int]):
    state = table(hands={0: [], 1: []})
    pit = add_hex(state, "pit_of_spikes", 1, 0, turn=0, owner=1)  # doors E, W, NW
    to_step(state)
    dice(state, 3)
    state.apply(0, {"type": "move", "to": pit})
    state.apply(0, {"type": "take"})
    assert state.trapped[0] == 7 and state.life[0] == 22
    to_step(state)  # seat 1's turn
    state.apply(1, {"type": "end"})
    state.apply(1, {"type": "done"}) if state.phase == "discard" else None
    state.apply(0, {"type": "skip"})
    assert state.phase == "free" and {"type": "escape"} in state.legal_actions(0)
    dice(state, *seat_roll)
    state.apply(0, {"type": "escape"})
    return state, pit


def test_a_caught_character_cannot_move_or_explore():
    state = table(hands={0: [], 1: []})
    add_hex(state, "antechamber", 1, 0, owner=1)
    state.trapped[0] = 7
    touched(state)
    to_step(state, "free")
    assert "escape" in legal_types(state, 0)
    state.apply(0, {"type": "done"})
    assert not {"move", "explore"} & legal_types(state, 0)
    assert "escape roll" in refusal(state, 0, {"type": "move", "to": 1})


def test_a_made_escape_roll_moves_out_unless_the_player_stays():
    state, pit = caught((3, 4))
    assert state.trapped[0] is None and state.phase == "escape"
    assert {"type": "escape_to", "to": 0} in state.legal_actions(0) and {"type": "stay"} in state.legal_actions(0)
    state.apply(0, {"type": "escape_to", "to": 0})
    assert state.pos[0] == 0 and state.turn["used"] == 0  # a free action


def test_a_freed_character_may_stay():
    state, pit = caught((1, 1))
    state.apply(0, {"type": "stay"})
    assert state.pos[0] == pit and state.trapped[0] is None and state.phase == "act"


def test_a_failed_escape_roll_leaves_the_character_caught_one_roll_a_turn():
    state, pit = caught((4, 4))
    assert state.trapped[0] == 7 and "escape" not in legal_types(state, 0)


# ---------------------------------------------------------------------------------- using a hex event
def test_using_a_hex_event_damages_the_user_who_may_not_defend():
    state = table(hands={0: ["block"], 1: []})
    state.placed[0].update(tile="hall_of_brigands", owner=0, doors=[0, 1, 3, 4])
    touched(state)
    to_step(state)
    assert "use_event" in legal_types(state, 0)
    state.apply(0, {"type": "use_event"})
    assert state.life[0] == 22 and len(state.hand[0]) == 3  # 3 damage, 2 cards drawn
    assert not any(e["msg"] == "pharaoh.defend" or e["msg"] == "pharaoh.take" for e in state.log)
    assert state.turn["used"] == 1


def test_a_hex_without_a_usable_event_offers_none():
    state = table(hands={0: [], 1: []})
    to_step(state)
    assert "use_event" not in legal_types(state, 0)


# ---------------------------------------------------------------------------------- the Key and the exit
def test_picking_up_a_key_is_an_action():
    state = table(hands={0: [], 1: []})
    key = state.deck[1].pop(state.deck[1].index("key"))
    assert key == "key"
    state.placed[0]["keys"] = 1
    touched(state)
    to_step(state)
    state.apply(0, {"type": "pickup"})
    assert state.hand[0].count("key") == 1 and state.placed[0]["keys"] == 0 and state.turn["used"] == 1


def at_the_gate(key_in_hand: bool = True):
    state = table(hands={0: ["key"] if key_in_hand else [], 1: []})
    gate = add_hex(state, "sunlit_stair", 1, 0, owner=0)  # its only door faces west, onto hex 0
    state.pos[0] = gate
    state.turn["start_hex"] = gate
    touched(state)
    to_step(state)
    return state


def test_exit_needs_an_exit_hex():
    state = table(hands={0: ["key"], 1: []})
    to_step(state)
    assert "exit" not in legal_types(state, 0)
    assert "not in an exit hex" in refusal(state, 0, {"type": "exit"})


def test_exit_needs_the_key():
    state = at_the_gate(key_in_hand=False)
    assert "exit" not in legal_types(state, 0)
    assert "need a Key" in refusal(state, 0, {"type": "exit"})


def test_exit_without_doubles_fails_and_spends_the_action():
    state = at_the_gate()
    dice(state, 2, 5)
    state.apply(0, {"type": "exit"})
    assert not state.is_over() and state.turn["used"] == 1


def test_exit_with_doubles_wins():
    state = at_the_gate()
    dice(state, 4, 4)
    state.apply(0, {"type": "exit"})
    assert state.is_over() and state.winners() == [0] and state.view(1)["end_reason"] == "escape"
    assert state.scores()[0]["total"] == 125 and state.scores()[1]["total"] == 25


def test_a_tabled_key_counts_for_the_exit():
    state = at_the_gate(key_in_hand=False)
    state.hand[0] = []
    state.deck[0].remove("key")
    state.new_entry(0, "key", seat=0)
    touched(state)
    assert "exit" in legal_types(state, 0)


# ---------------------------------------------------------------------------------- returning a tabled card
def test_an_undamaged_tabled_card_may_be_returned_to_hand_as_an_action():
    state = first_round(table(("avenger", "warlord"), hands={0: [], 1: []}))
    shield = table_card(state, 0, "riot_shield")
    to_step(state)
    assert {"type": "return", "uid": shield["uid"]} in state.legal_actions(0)
    state.apply(0, {"type": "return", "uid": shield["uid"]})
    assert state.hand[0] == ["riot_shield"] and not state.table and state.turn["used"] == 1


def test_a_damaged_tabled_card_may_not_be_returned():
    state = table(("avenger", "warlord"), hands={0: [], 1: []})
    shield = table_card(state, 0, "riot_shield", lp=5)
    to_step(state)
    assert {"type": "return", "uid": shield["uid"]} not in state.legal_actions(0)


def test_only_the_user_returns_a_tabled_card():
    state = table(("avenger", "warlord"), hands={0: [], 1: []})
    table_card(state, 1, "riot_shield")
    to_step(state)
    assert "return" not in legal_types(state, 0)


# ---------------------------------------------------------------------------------- benefits and abilities
def test_a_damage_benefit_adds_3_to_hits_within_the_hex():
    state = table(("avenger", "warlord"), hands={0: [], 1: []}, start="chamber_of_arches")
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 2)
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.view(1)["strike"]["rolled"] == [[5, None]]  # 1D6 + 3 for the Avenger here


def test_a_damage_benefit_adds_3_to_card_attacks_too():
    state = table(("avenger", "warlord"), hands={0: ["halberd"], 1: []}, start="chamber_of_arches")
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    dice(state, 1, 1)
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.view(1)["strike"]["rolled"] == [[5, "weapons"]]


def test_a_hit_outside_a_damage_benefit_is_the_character_cards_1d6():
    state = table(("warlord", "avenger"), hands={0: [], 1: []}, start="chamber_of_arches")
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 2)
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.view(1)["strike"]["rolled"] == [[2, None]]


def test_a_special_ability_is_an_action_cleave_hits_for_2d6():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    to_step(state)
    state.apply(0, {"type": "ability"})
    dice(state, 5, 6)
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.view(1)["strike"]["rolled"] == [[11, None]] and state.turn["used"] == 1


def test_phase_walk_moves_through_a_wall_and_plays_out_the_events():
    state = table(("spellmancer", "warlord"), hands={0: ["phase_walk"], 1: []}, start="armoury")
    state.placed[0]["doors"] = [3]  # walls all round but the west
    east = add_hex(state, "crossroads", 1, 0, owner=1)
    to_step(state)
    assert not any(a["type"] == "move" for a in state.legal_actions(0))
    state.apply(0, {"type": "play", "card": "phase_walk", "method": "use_discard"})
    dice(state, 2)
    state.apply(0, {"type": "target", "target": f"h{east}"})
    assert state.pos[0] == east and state.view(0)["strike"]["label"] == "event.dart_trap"
