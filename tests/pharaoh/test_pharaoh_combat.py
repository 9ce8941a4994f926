"""Combat, rule by rule: a defence turn for every target (block, a tabled Deflector, dodge, dodge
with Rally, dodging out of the exit), damage one card at a time (armour first, the target's order),
immunity, ranges, attacks on ALL in a hex, agents and monsters."""

from __future__ import annotations

import pytest
from pharaoh_play import add_hex, dice, first_round, legal_types, table, table_card, to_step, touched

from cryptarena.engine.messages import render_strict


def place_agent(state, owner: int, card: str, hex_index: int) -> dict:
    """An agent placed in a hex on an earlier turn (a hex event now)."""
    entry = table_card(state, owner, card, hex=hex_index, active=True)
    entry["seat"] = None
    return touched(state) and entry


def strike(state, seat):
    return state.view(seat)["strike"]


def hit(state, seat: int, target: str, roll: int) -> None:
    state.apply(seat, {"type": "hit"})
    dice(state, roll)
    state.apply(seat, {"type": "target", "target": target})


def targets(state, seat: int) -> set[str]:
    return {a["target"] for a in state.legal_actions(seat) if a["type"] == "target"}


# ---------------------------------------------------------------------------------- the defence turn
def test_a_hit_gives_the_target_a_defence_turn():
    state = table(hands={0: [], 1: ["block", "footwork"]})
    to_step(state)
    hit(state, 0, "c1", 4)
    assert state.phase == "defend" and state.to_act() == [1]
    assert state.legal_actions(1) == [{"type": "defend", "card": "block"}, {"type": "dodge"},
                                      {"type": "dodge", "card": "footwork"}, {"type": "take"}]


def test_a_block_from_hand_stops_the_attack():
    state = table(hands={0: [], 1: ["block"]})
    to_step(state)
    hit(state, 0, "c1", 6)
    state.apply(1, {"type": "defend", "card": "block"})
    assert state.life[1] == 25 and state.discard[1] == ["block"]


def test_a_tabled_deflector_stops_the_attack_then_is_discarded():
    state = table(("warlord", "technomancer"), hands={0: [], 1: []})
    deflector = table_card(state, 1, "deflector")
    to_step(state)
    hit(state, 0, "c1", 6)
    assert {"type": "defend", "uid": deflector["uid"]} in state.legal_actions(1)
    state.apply(1, {"type": "defend", "uid": deflector["uid"]})
    assert state.life[1] == 25 and not state.table and "deflector" in state.discard[1]


@pytest.mark.parametrize("roll, life, words", [
    ((3, 3), 25, {"en": "the dodge succeeds", "fr": "l'esquive réussit", "zh": "闪避成功"}),
    ((3, 4), 21, {"en": "the dodge fails, hit", "fr": "l'esquive échoue, touché", "zh": "闪避失败"})])
def test_a_dodge_is_the_dodge_score_or_less_on_2d6(roll, life, words):
    state = table(("warlord", "avenger"), hands={0: [], 1: []})  # the Avenger dodges on 6
    to_step(state)
    hit(state, 0, "c1", 4)
    dice(state, *roll)
    state.apply(1, {"type": "dodge"})
    assert state.life[1] == life
    entry = next(e for e in state.log_for(1) if e["msg"] == "pharaoh.dodge")
    for lang, said in words.items():  # the log says outright whether the dodge worked
        assert said in render_strict(state.game, entry, lang, {0: "Ava", 1: "Bo"}), lang


def test_footwork_adds_two_to_a_dodge():
    state = table(("warlord", "avenger"), hands={0: [], 1: ["footwork"]})
    to_step(state)
    hit(state, 0, "c1", 4)
    dice(state, 4, 4)
    state.apply(1, {"type": "dodge", "card": "footwork"})
    assert state.life[1] == 25 and "footwork" in state.discard[1]


def test_curse_of_frailty_lowers_the_dodge():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    state.new_entry(0, "curse_of_frailty", seat=1)
    state.decklists[0]["curse_of_frailty"] = 1
    touched(state)
    to_step(state)
    hit(state, 0, "c1", 4)
    dice(state, 2, 3)  # 5: a dodge for 6, not for 6 - 2
    state.apply(1, {"type": "dodge"})
    assert state.life[1] == 21


def test_events_may_be_defended_or_dodged():
    state = table(("avenger", "warlord"), hands={0: ["block"], 1: []}, start="collapsing_ceiling")
    state.placed[0]["owner"] = 1
    touched(state)
    to_step(state)
    dice(state, 6, 6)  # rolled by the table, not by the character
    state.apply(0, {"type": "end"})
    assert state.phase == "defend" and {"type": "defend", "card": "block"} in state.legal_actions(0)
    assert {"type": "dodge"} in state.legal_actions(0)
    state.apply(0, {"type": "defend", "card": "block"})
    assert state.life[0] == 25


def test_a_defence_card_may_be_tabled_as_a_defence_in_response_to_an_attack():
    state = table(("warlord", "technomancer"), hands={0: [], 1: ["deflector"]})
    to_step(state)
    hit(state, 0, "c1", 5)
    assert any(a.get("card") == "deflector" for a in state.legal_actions(1))


def test_a_tabled_card_may_be_the_target_of_an_attack():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    shield = table_card(state, 1, "riot_shield")
    to_step(state)
    state.apply(0, {"type": "hit"})
    assert f"t{shield['uid']}" in targets(state, 0)


def at_the_exit_with_the_key():
    state = table(("warlord", "avenger"), hands={0: [], 1: ["key"]})
    gate = add_hex(state, "sunlit_stair", 1, 0, owner=1)
    state.pos = [gate, gate]
    state.turn["start_hex"] = gate
    touched(state)
    to_step(state)
    hit(state, 0, "c1", 5)
    return state


def test_dodging_out_of_the_exit_with_doubles_escapes_and_wins():
    state = at_the_exit_with_the_key()
    assert {"type": "dodge_exit"} in state.legal_actions(1)
    dice(state, 6, 6)
    state.apply(1, {"type": "dodge_exit"})
    assert state.is_over() and state.winners() == [1] and state.life[1] == 25


def test_dodging_out_of_the_exit_without_doubles_is_a_hit():
    state = at_the_exit_with_the_key()
    dice(state, 1, 2)  # a dodge of 3 would have dodged; this is no dodge
    state.apply(1, {"type": "dodge_exit"})
    assert not state.is_over() and state.life[1] == 20


def test_no_dodging_out_of_the_exit_without_the_key_or_outside_an_exit():
    state = table(hands={0: [], 1: ["key"]})
    to_step(state)
    hit(state, 0, "c1", 5)
    assert "dodge_exit" not in legal_types(state, 1)


# ---------------------------------------------------------------------------------- damage
def test_tabled_armour_takes_damage_first_and_the_rest_passes_through():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    table_card(state, 1, "buckler")
    to_step(state)
    hit(state, 0, "c1", 6)
    state.apply(1, {"type": "take"})
    assert not state.table and "buckler" in state.discard[1] and state.life[1] == 23


def test_the_target_chooses_which_tabled_card_takes_damage_one_card_at_a_time():
    state = table(("warlord", "avenger"), hands={0: ["great_axe"], 1: []})
    buckler = table_card(state, 1, "buckler")
    shield = table_card(state, 1, "riot_shield")
    to_step(state)
    state.apply(0, {"type": "play", "card": "great_axe", "method": "use_return"})
    dice(state, 3, 3, 3, 1)  # 10
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "take"})
    assert state.phase == "soak" and state.to_act() == [1]
    assert {a["uid"] for a in state.legal_actions(1)} == {buckler["uid"], shield["uid"]}
    state.apply(1, {"type": "soak", "uid": buckler["uid"]})
    # the Buckler (4) is destroyed and discarded; the 6 left go to the only card left, the shield
    assert [e["card"] for e in state.table] == ["riot_shield"] and state.table[0]["lp"] == 2
    assert state.life[1] == 25 and "buckler" in state.discard[1]


def test_a_curse_in_front_of_a_character_takes_no_damage():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    state.new_entry(0, "hex_of_weakness", seat=1)
    state.decklists[0]["hex_of_weakness"] = 1
    touched(state)
    to_step(state)
    hit(state, 0, "c1", 4)
    state.apply(1, {"type": "take"})
    assert state.life[1] == 21


def test_immunity_of_a_tabled_card_protects_the_character():
    state = table(("technomancer", "spellmancer"), hands={0: [], 1: ["gas_grenade"]})
    mask = table_card(state, 0, "gas_mask")
    state.turn["seat"] = 1
    touched(state)
    to_step(state)
    state.apply(1, {"type": "play", "card": "gas_grenade", "method": "use_discard"})
    dice(state, 5)
    state.apply(1, {"type": "target", "target": "h0"})
    state.apply(0, {"type": "take"})
    assert state.life[0] == 25 and mask["lp"] == 2  # gas has no effect: nor on the mask
    assert any(e["msg"] == "pharaoh.immune" for e in state.log)


def test_immunity_cancels_only_its_own_damage_type():
    state = table(("warlord", "avenger"), hands={0: ["dagger", "poison"], 1: []})
    table_card(state, 1, "giant_scorpion")  # a guard immune to poison, in front of the Avenger
    to_step(state)
    state.apply(0, {"type": "play", "card": "dagger", "method": "use_return"})
    state.apply(0, {"type": "attach", "card": "poison"})
    dice(state, 3)
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "take"})
    scorpion = next(e for e in state.table if e["card"] == "giant_scorpion")
    assert scorpion["lp"] == 5 and state.life[1] == 25  # 3 weapons on the guard, the 5 poison cancelled


def test_hits_have_no_immunity():
    state = table(("warlord", "spellmancer"), hands={0: [], 1: []})
    ward = table_card(state, 1, "mirror_ward")  # immune to magic
    to_step(state)
    hit(state, 0, "c1", 6)
    state.apply(1, {"type": "take"})
    assert not any(e["msg"] == "pharaoh.immune" for e in state.log)
    assert ward not in state.table and state.life[1] == 24  # 5 on the ward, 1 through


def test_hex_damage_has_no_immunity():
    state = table(("spellmancer", "warlord"), hands={0: [], 1: []}, start="collapsing_ceiling")
    state.placed[0]["owner"] = 1
    ward = table_card(state, 0, "mirror_ward")  # immune to magic; the masonry is hex damage
    to_step(state)
    dice(state, 1, 2)
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "take"})
    assert not any(e["msg"] == "pharaoh.immune" for e in state.log) and ward["lp"] == 2


# ---------------------------------------------------------------------------------- ranges
def around(state):
    """Hex 0 (the Library: doors E, SW, NW); hex 1 east, joined by a passage; hex 2 north-east of
    hex 0 behind a wall; hex 3 east of hex 1, two hexes away."""
    joined = add_hex(state, "antechamber", 1, 0, owner=1)
    walled = add_hex(state, "dead_end", 1, -1, owner=1)
    state.placed[walled]["doors"] = [1]  # its door faces hex 1 (south-east of it), a wall faces hex 0
    far = add_hex(state, "antechamber", 2, 0, owner=1)
    return joined, walled, far


def test_attacks_choose_their_target_in_the_same_hex():
    state = table(("spellmancer", "warlord", "avenger"), hands={0: ["burning_spear"], 1: [], 2: []})
    joined, _, _ = around(state)
    state.pos[2] = joined
    to_step(state)
    state.apply(0, {"type": "play", "card": "burning_spear", "method": "use_discard"})
    assert targets(state, 0) == {"c1"}


def test_range_one_hex_reaches_through_open_passages_only():
    state = table(("spellmancer", "warlord", "avenger", "technomancer"),
                  hands={0: ["spark"], 1: [], 2: [], 3: []})
    joined, walled, far = around(state)
    state.pos[1:] = [joined, walled, far]
    to_step(state)
    state.apply(0, {"type": "play", "card": "spark", "method": "use_return"})
    assert targets(state, 0) == {"c1"}


def test_phazed_attacks_pass_through_walls():
    state = table(("spellmancer", "warlord", "avenger", "technomancer"),
                  hands={0: ["phase_bolt"], 1: [], 2: [], 3: []})
    joined, walled, far = around(state)
    state.pos[1:] = [joined, walled, far]
    to_step(state)
    state.apply(0, {"type": "play", "card": "phase_bolt", "method": "use_discard"})
    assert targets(state, 0) == {"c1", "c2"}


def test_range_any_reaches_every_target_in_the_game():
    state = table(("spellmancer", "warlord", "avenger", "technomancer"),
                  hands={0: ["mind_lightning"], 1: [], 2: [], 3: []})
    joined, walled, far = around(state)
    state.pos[1:] = [joined, walled, far]
    to_step(state)
    state.apply(0, {"type": "play", "card": "mind_lightning", "method": "use_discard"})
    assert targets(state, 0) == {"c1", "c2", "c3"}


def test_long_shot_adds_a_hex_of_range():
    state = table(("avenger", "warlord", "spellmancer"), hands={0: ["halberd", "long_shot"], 1: [], 2: []})
    joined, _, _ = around(state)
    state.pos[2] = joined
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    assert targets(state, 0) == {"c1"}
    state.apply(0, {"type": "attach", "card": "long_shot"})
    assert targets(state, 0) == {"c1", "c2"}


def test_long_shot_reaches_a_target_only_its_extra_hex_reaches():
    state = table(("avenger", "warlord"), hands={0: ["halberd", "long_shot"], 1: []})
    joined, _, _ = around(state)
    state.pos[1] = joined
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    state.apply(0, {"type": "attach", "card": "long_shot"})
    assert targets(state, 0) == {"c1"}


def test_an_attack_on_all_in_a_hex_strikes_every_character_agent_and_monster_there_but_the_users():
    state = table(("spellmancer", "warlord", "avenger"), hands={0: ["fireball"], 1: [], 2: []})
    joined, _, _ = around(state)
    state.pos[1] = state.pos[2] = joined
    rat = place_agent(state, 1, "giant_rat", joined)
    own = place_agent(state, 0, "bat_swarm", joined)
    state.monsters.append({"uid": 90, "monster": "mummy", "home": joined, "hex": joined, "lp": 12,
                           "dominated_by": None, "provoked": [], "spares": [], "keys": 0})
    state.uid_next = 91
    touched(state)
    to_step(state)
    state.apply(0, {"type": "play", "card": "fireball", "method": "use_discard"})
    assert targets(state, 0) == {"h0", f"h{joined}"}  # a hex, not a target
    dice(state, *[1] * 8, 6, 6)  # 2D6 for each of the four, then the mummy's dodge
    state.apply(0, {"type": "target", "target": f"h{joined}"})
    struck = []
    while state.phase == "defend":
        struck.append(strike(state, 0)["target"])
        state.apply(state.to_act()[0], {"type": "take"})
    assert struck == ["c1", "c2", f"t{rat['uid']}"] and f"t{own['uid']}" not in struck
    assert state.life == [25, 23, 23] and rat["lp"] == 2 and state.monsters[0]["lp"] == 10


# ---------------------------------------------------------------------------------- agents
def test_an_agent_tabled_as_an_attack_is_placed_in_the_targets_hex_and_attacks_at_once():
    state = table(("avenger", "warlord"), hands={0: ["din"], 1: []})
    joined, _, _ = around(state)
    state.pos[1] = joined
    to_step(state)
    state.apply(0, {"type": "play", "card": "din", "method": "table_hex"})
    assert "c1" in targets(state, 0)
    dice(state, 4, 4)  # rolled by its user: 2D6
    state.apply(0, {"type": "target", "target": "c1"})
    din = next(e for e in state.table if e["card"] == "din")
    assert din["hex"] == joined and din["seat"] is None
    assert strike(state, 1)["rolled"] == [[8, None]] and strike(state, 1)["source"] == f"t{din['uid']}"


def test_a_guard_is_tabled_in_front_of_its_character_and_moves_with_them():
    state = first_round(table(("avenger", "warlord"), hands={0: ["din", "advantage"], 1: []}))
    joined = add_hex(state, "crossroads", 1, 0, owner=0)  # its owner ignores its event
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "play", "card": "din", "method": "table"})
    assert state.phase == "act"  # a guard: no target, tabled at once
    din = next(e for e in state.table if e["card"] == "din")
    assert din["seat"] == 0 and din["hex"] is None
    state.apply(0, {"type": "move", "to": joined})
    assert state.where(f"t{din['uid']}") == joined and din["hex"] is None


def test_a_guard_takes_damage_before_its_character():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    din = table_card(state, 1, "din")
    to_step(state)
    hit(state, 0, "c1", 6)
    state.apply(1, {"type": "take"})
    assert din["lp"] == 4 and state.life[1] == 25


def test_a_guard_may_attack_in_the_action_phase_it_is_tabled():
    state = first_round(table(("avenger", "warlord"), hands={0: ["din", "advantage"], 1: []}))
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "play", "card": "din", "method": "table"})
    din = next(e for e in state.table if e["card"] == "din")
    assert {"type": "use", "uid": din["uid"]} in state.legal_actions(0)
    state.apply(0, {"type": "use", "uid": din["uid"]})
    dice(state, 1, 2)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["source"] == f"t{din['uid']}" and strike(state, 1)["rolled"] == [[3, None]]


def test_an_agent_attacked_is_defended_by_its_owner_with_hand_cards_or_its_dodge():
    state = table(("warlord", "avenger"), hands={0: [], 1: ["block"]})
    din = place_agent(state, 1, "din", 0)
    deflector = table_card(state, 1, "deflector")
    to_step(state)
    hit(state, 0, f"t{din['uid']}", 6)
    assert state.phase == "defend" and state.to_act() == [1]
    options = state.legal_actions(1)
    assert {"type": "defend", "card": "block"} in options and {"type": "dodge"} in options
    assert {"type": "defend", "uid": deflector["uid"]} not in options
    dice(state, 3, 3)  # 6: more than the Din's dodge of 5
    state.apply(1, {"type": "dodge"})
    assert din["lp"] == 4


def test_a_military_unit_tabled_as_an_attack_deals_its_life_points_without_a_roll():
    state = table(("warlord", "avenger"), hands={0: ["mercenaries"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "mercenaries", "method": "table_hex"})
    state.apply(0, {"type": "target", "target": "c1"})  # no dice scripted: none is rolled
    assert strike(state, 1)["rolled"] == [[7, "weapons"]]
    mercs = next(e for e in state.table if e["card"] == "mercenaries")
    state.apply(1, {"type": "take"})
    assert state.life[1] == 18 and mercs["hex"] == 0


def test_a_military_unit_deals_damage_equal_to_its_life_points_left_without_a_roll():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    mercs = place_agent(state, 0, "mercenaries", 0)
    mercs["lp"] = 4
    to_step(state)
    state.apply(0, {"type": "use", "uid": mercs["uid"]})
    state.apply(0, {"type": "target", "target": "c1"})  # no dice scripted: none is rolled
    assert strike(state, 1)["rolled"] == [[4, "weapons"]]
    state.apply(1, {"type": "take"})
    assert state.life[1] == 21


def test_agents_do_not_explore():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    joined = add_hex(state, "antechamber", 1, 0, owner=1)
    din = place_agent(state, 0, "din", joined)
    to_step(state)
    agent_moves = [a for a in state.legal_actions(0) if a["type"] == "move_agent"]
    assert agent_moves == [{"type": "move_agent", "uid": din["uid"], "to": 0}]
    # the Antechamber's five unexplored doors are not offered: only the character's hex explores
    assert {a["side"] for a in state.legal_actions(0) if a["type"] == "explore"} == {2, 4}


# ---------------------------------------------------------------------------------- monsters
def monster_hex(state, tile="jackal_den", owner=1):
    """`tile` east of hex 0, one door (west) onto it."""
    den = add_hex(state, tile, 1, 0, owner=owner)
    state.placed[den]["doors"] = [3]
    touched(state)
    return den


def enter(state, seat, to):
    state.apply(seat, {"type": "move", "to": to})


def test_a_monster_appears_on_entry_and_another_player_rolls_for_it():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}))
    den = monster_hex(state)
    to_step(state)
    dice(state, 2)
    enter(state, 0, den)
    assert strike(state, 0)["label"] == "jackal" and strike(state, 0)["rolled"] == [[3, None]]  # 1D6+1
    jackal = state.monsters[0]
    assert jackal["hex"] == den and jackal["lp"] == 7
    state.apply(0, {"type": "take"})
    assert state.life[0] == 22


def test_only_one_monster_in_a_hex_at_a_time():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}))
    den = monster_hex(state)
    to_step(state)
    dice(state, 1)
    enter(state, 0, den)
    state.apply(0, {"type": "take"})
    to_step(state)
    dice(state, 1)
    enter(state, 1, den)
    state.apply(1, {"type": "take"})
    assert len(state.monsters) == 1 and strike(state, 1) is None
    assert sum(e["msg"] == "pharaoh.monster_appears" for e in state.log) == 1


def swarm_in_hex_0(state, lp=5):
    state.monsters.append({"uid": 50, "monster": "scarab_swarm", "home": 0, "hex": 0, "lp": lp,
                           "dominated_by": None, "provoked": [], "spares": [], "keys": 0})
    state.uid_next = 51
    return touched(state)


@pytest.mark.parametrize("roll, dodged", [((3, 4), True), ((4, 4), False)])
def test_a_monsters_dodge_is_rolled_for_it_by_the_table(roll, dodged):
    state = swarm_in_hex_0(first_round(table(("warlord", "avenger"), hands={0: [], 1: []})))
    to_step(state)
    dice(state, 2, *roll)  # the hit, then the swarm's dodge (7 or less) with no seat deciding
    state.apply(0, {"type": "hit"})
    state.apply(0, {"type": "target", "target": "m50"})
    assert state.phase != "defend" and state.monsters[0]["lp"] == (5 if dodged else 3)


def test_defeating_a_monster_draws_three_cards():
    state = swarm_in_hex_0(first_round(table(("warlord", "avenger"), hands={0: [], 1: []})), lp=2)
    to_step(state)
    dice(state, 2, 6, 6)
    state.apply(0, {"type": "hit"})
    state.apply(0, {"type": "target", "target": "m50"})
    assert not state.monsters and len(state.hand[0]) == 3
    assert sum(e["msg"] == "pharaoh.bounty" for e in state.log) == 3


def test_a_defeated_monster_does_not_reappear_while_its_victor_remains():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    den = monster_hex(state)
    state.monsters.append({"uid": 50, "monster": "jackal", "home": den, "hex": den, "lp": 1, "dominated_by": None,
                           "provoked": [], "spares": [], "keys": 0})
    state.uid_next = 51
    state.pos[0] = den
    state.turn["start_hex"] = den
    touched(state)
    to_step(state)
    dice(state, 3, 6, 6)  # hit 3; the jackal's dodge 12: hit
    state.apply(0, {"type": "hit"})
    state.apply(0, {"type": "target", "target": "m50"})
    assert not state.monsters and len(state.hand[0]) == 3  # three cards for defeating a monster
    # the victor remains in the hex at the end of the turn: it does not reappear
    assert state.phase == "discard" and not state.monsters
    state.apply(0, {"type": "done"})
    # another character enters: it reappears and attacks them
    to_step(state)
    dice(state, 2)
    enter(state, 1, den)
    assert strike(state, 1)["label"] == "jackal" and len(state.monsters) == 1


def test_a_reappeared_monster_leaves_its_victor_alone_until_the_victor_attacks_it():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    den = monster_hex(state)
    state.placed[den]["slain_by"] = 0  # seat 0 defeated its jackal and remains there
    state.pos[0] = den
    touched(state)
    to_step(state)
    state.apply(0, {"type": "end"})
    to_step(state)
    dice(state, 2)
    enter(state, 1, den)  # it reappears and attacks the character who entered
    assert strike(state, 1)["label"] == "jackal"
    state.apply(1, {"type": "take"})
    to_step(state)
    state.apply(0, {"type": "end"})  # the victor remains, not having attacked it
    assert state.phase != "defend"


def test_a_victor_who_leaves_and_comes_back_meets_the_monster_again():
    state = table(("warlord", "avenger"), hands={0: ["advantage"], 1: []})
    den = monster_hex(state)
    state.placed[den]["slain_by"] = 0  # seat 0 defeated its jackal and stands there
    state.pos[0] = den
    state.turn["start_hex"] = den
    touched(state)
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "move", "to": 0})
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    dice(state, 1)
    state.apply(0, {"type": "move", "to": den})
    assert strike(state, 0)["label"] == "jackal"


def test_a_monster_ignored_by_a_benefit_does_not_appear_for_that_character():
    state = first_round(table(("technomancer", "warlord"), hands={0: [], 1: []}))
    nest = monster_hex(state, "scarab_nest")  # the Technomancer ignores it
    state.placed[nest]["doors"] = [3]
    to_step(state)
    enter(state, 0, nest)
    assert not state.monsters and state.phase != "defend"


def test_an_ignored_monster_attacks_the_ignorer_once_attacked_by_them():
    state = first_round(table(("technomancer", "warlord"), hands={0: ["advantage"], 1: []}))
    nest = monster_hex(state, "scarab_nest")  # the Technomancer ignores it
    state.pos = [nest, nest]
    state.turn["start_hex"] = nest
    state.monsters.append({"uid": 50, "monster": "scarab_swarm", "home": nest, "hex": nest, "lp": 5,
                           "dominated_by": None, "provoked": [], "spares": [], "keys": 0})
    state.uid_next = 51
    touched(state)
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "end"})  # remained in the nest: the swarm goes on ignoring them
    assert state.phase != "defend" and state.turn["seat"] == 1
    state.turn = None
    state.start_turn(0)  # seat 0 again, this time attacking the swarm
    state.phase = state.current_phase()
    touched(state)
    to_step(state)
    dice(state, 1, 6, 6, 4)  # the hit 1; the swarm's dodge fails; its bite at the end of the turn
    state.apply(0, {"type": "hit"})
    state.apply(0, {"type": "target", "target": "m50"})
    assert state.monsters[0]["lp"] == 4
    assert state.phase == "defend" and strike(state, 0)["label"] == "scarab_swarm"
    assert strike(state, 0)["rolled"] == [[4, None]]
