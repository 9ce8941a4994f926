"""Cards, rule by rule: every play method (use and discard, use and return, table, table in front of
a target, table until destroyed, table in a hex, Multi, play any time), attachments (one alteration
and one enhancement an action, discarded with their card), Lock, Enforce, modifiers."""

from __future__ import annotations

from pharaoh_play import add_hex, dice, first_round, legal_types, set_hand, table, table_card, to_step, touched


def strike(state, seat):
    return state.view(seat)["strike"]


def finish_turn(state, seat):
    if state.phase == "act":
        state.apply(seat, {"type": "end"})
    if state.phase == "discard":
        state.apply(seat, {"type": "done"})


# ---------------------------------------------------------------------------------- play methods
def test_use_and_discard():
    state = table(("spellmancer", "warlord"), hands={0: ["burning_spear"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "burning_spear", "method": "use_discard"})
    dice(state, 4)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["rolled"] == [[5, "magic"]]  # 1D6+1 magic
    state.apply(1, {"type": "take"})
    assert state.life[1] == 20 and "burning_spear" not in state.hand[0] and state.discard[0] == ["burning_spear"]


def test_use_and_return_to_hand():
    state = table(("warlord", "avenger"), hands={0: ["dagger"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "dagger", "method": "use_return"})
    dice(state, 6)
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "take"})
    assert state.life[1] == 19 and "dagger" in state.hand[0] and "dagger" not in state.discard[0]


def test_table_for_future_use_once_a_turn():
    state = first_round(table(("avenger", "warlord"), hands={0: ["crossbow", "advantage"], 1: []}))
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "play", "card": "crossbow", "method": "table"})
    assert {"type": "confirm"} in state.legal_actions(0)  # tabled without firing
    state.apply(0, {"type": "confirm"})
    bow = next(e for e in state.table if e["card"] == "crossbow")
    assert bow["seat"] == 0 and state.hand[0] == [] and state.phase == "act"
    state.apply(0, {"type": "use", "uid": bow["uid"]})
    dice(state, 1, 1, 1, 1)
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "take"})
    assert state.life[1] == 21 and any(e["card"] == "crossbow" for e in state.table)


def test_a_card_tabled_as_an_attack_plays_out_the_attack_then_and_once_a_turn():
    state = first_round(table(("avenger", "warlord"), hands={0: ["crossbow", "advantage"], 1: []}))
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "play", "card": "crossbow", "method": "table"})
    dice(state, 2, 2, 2, 2)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["rolled"] == [[8, "weapons"]]
    state.apply(1, {"type": "take"})
    assert state.phase == "act" and "use" not in legal_types(state, 0)  # fired already this turn


def test_table_in_front_of_the_target_affects_them():
    state = table(("spellmancer", "warlord"), hands={0: ["hex_of_weakness"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "hex_of_weakness", "method": "table_target"})
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.phase == "defend" and state.to_act() == [1]  # it is an attack: a defence turn
    state.apply(1, {"type": "take"})
    curse = next(e for e in state.table if e["card"] == "hex_of_weakness")
    assert curse["seat"] == 1 and curse["owner"] == 0
    assert state.view(1)["table"][0]["seat"] == 1  # in front of the target, for all to see


def test_hex_of_weakness_makes_the_targets_hits_deal_2_less():
    state = table(("spellmancer", "warlord"), hands={0: [], 1: []})
    state.new_entry(0, "hex_of_weakness", seat=1)
    state.decklists[0]["hex_of_weakness"] += 1
    touched(state)
    to_step(state)
    state.apply(0, {"type": "end"})
    finish_turn(state, 0)
    to_step(state)
    state.apply(1, {"type": "hit"})
    dice(state, 5)
    state.apply(1, {"type": "target", "target": "c0"})
    assert strike(state, 0)["rolled"] == [[3, None]]  # their hits deal 2 less


def test_a_dodged_card_meant_for_the_target_is_discarded():
    state = table(("spellmancer", "warlord"), hands={0: ["curse_of_frailty"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "curse_of_frailty", "method": "table_target"})
    state.apply(0, {"type": "target", "target": "c1"})
    dice(state, 1, 2)
    state.apply(1, {"type": "dodge"})
    assert not state.table and state.discard[0] == ["curse_of_frailty"]


def test_table_until_destroyed():
    state = table(("avenger", "warlord"), hands={0: ["riot_shield"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "riot_shield", "method": "table_destroyed"})
    shield = next(e for e in state.table if e["card"] == "riot_shield")
    assert shield["lp"] == 8 and shield["seat"] == 0
    finish_turn(state, 0)
    set_hand(state, 1, ["great_axe"])
    to_step(state)
    state.apply(1, {"type": "play", "card": "great_axe", "method": "use_return"})
    dice(state, 3, 3, 3, 3)
    state.apply(1, {"type": "target", "target": "c0"})
    state.apply(0, {"type": "take"})
    assert not state.table and "riot_shield" in state.discard[0]  # its life points gone: discarded
    assert state.life[0] == 25 - (12 - 8)


def test_table_in_hex_becomes_an_event_at_the_end_of_the_turn_and_spares_its_owner():
    # the Sunlit Stair's blinding light strikes whoever remains there (nobody ignores it)
    state = table(("technomancer", "warlord"), hands={0: ["trap"], 1: []}, start="sunlit_stair")
    state.placed[0]["owner"] = 1  # (an owner would have one more action there)
    touched(state)
    to_step(state)
    state.apply(0, {"type": "play", "card": "trap", "method": "table_hex"})
    trap = next(e for e in state.table if e["card"] == "trap")
    assert trap["hex"] == 0 and trap["seat"] is None and not state.view(1)["table"][0]["active"]
    # seat 0 remains: the hex's event strikes, the Trap card never strikes its owner
    assert strike(state, 0)["label"] == "event.blinding_light"
    state.apply(0, {"type": "take"})
    assert state.view(1)["table"][0]["active"] and state.turn["seat"] == 1
    to_step(state)
    state.apply(1, {"type": "end"})  # the other character remains: the hex event first, then the Trap
    labels = []
    for _ in range(2):
        labels.append(strike(state, 1)["label"])
        state.apply(1, {"type": "take"})
    assert labels == ["event.blinding_light", "trap"] and state.trapped[1] == 7
    finish_turn(state, 1)
    to_step(state)
    state.apply(0, {"type": "end"})
    assert strike(state, 0)["label"] == "event.blinding_light"
    state.apply(0, {"type": "take"})
    assert state.phase != "defend"  # the owner is spared by the Trap


def test_added_hex_events_happen_in_order_of_placement_after_the_hex_event():
    state = first_round(table(("technomancer", "warlord"), hands={0: ["caltrops", "trap", "potion_of_haste"],
                                                                   1: []}))
    crossroads = add_hex(state, "crossroads", 1, 0, owner=0)
    state.pos[1] = crossroads
    state.pos[0] = crossroads
    state.turn["start_hex"] = crossroads
    touched(state)
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "potion_of_haste", "method": "use_discard"})
    state.apply(0, {"type": "play", "card": "caltrops", "method": "table_hex"})
    state.apply(0, {"type": "play", "card": "trap", "method": "table_hex"})
    to_step(state)
    state.apply(1, {"type": "end"})
    labels = []
    while state.phase == "defend":
        labels.append(strike(state, 1)["label"])
        state.apply(1, {"type": "take"})
    assert labels == ["event.dart_trap", "caltrops", "trap"]


def test_an_agent_placed_in_a_hex_strikes_whoever_enters_from_the_next_turn():
    state = table(("avenger", "warlord"), hands={0: ["din"], 1: []})
    jackal = add_hex(state, "antechamber", 1, 0, owner=1)
    to_step(state)
    state.apply(0, {"type": "play", "card": "din", "method": "table_hex"})
    state.apply(0, {"type": "target", "target": f"h{jackal}"})  # placed in any hex, attacking nobody
    finish_turn(state, 0)
    to_step(state)
    state.apply(1, {"type": "move", "to": jackal})
    assert strike(state, 1)["label"] == "din"


def test_multi_cards_have_several_play_methods():
    state = table(("technomancer", "warlord"), hands={0: ["caltrops"], 1: []})
    to_step(state)
    methods = {a["method"] for a in state.legal_actions(0) if a.get("card") == "caltrops"}
    assert methods == {"use_discard", "table_hex"}
    state.apply(0, {"type": "play", "card": "caltrops", "method": "use_discard"})
    dice(state, 2)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["label"] == "caltrops" and strike(state, 1)["rolled"] == [[2, "weapons"]]


# ---------------------------------------------------------------------------------- play any time
def spear_with_poison(answer_hand):
    state = table(("spellmancer", "warlord"), hands={0: ["burning_spear", "poison"], 1: answer_hand})
    to_step(state)
    state.apply(0, {"type": "play", "card": "burning_spear", "method": "use_discard"})
    state.apply(0, {"type": "attach", "card": "poison"})
    state.apply(0, {"type": "target", "target": "c1"})
    return state


def test_clear_removes_an_attachment_from_another_players_action():
    state = spear_with_poison(["clear"])
    assert state.phase == "window" and state.to_act() == [1]
    assert {"type": "respond", "card": "clear", "target": "enhancement"} in state.legal_actions(1)
    dice(state, 2)
    state.apply(1, {"type": "respond", "card": "clear", "target": "enhancement"})
    assert strike(state, 1)["rolled"] == [[3, "magic"]]  # no poison any more
    assert "poison" in state.discard[0] and "clear" in state.discard[1]


def test_without_clear_the_attachment_adds_its_damage():
    state = spear_with_poison(["block"])
    dice(state, 2)
    state.apply(1, {"type": "pass"})
    assert strike(state, 1)["rolled"] == [[3, "magic"], [5, "poison"]]


def test_the_interrupt_window_asks_every_other_seat_holding_cards_and_none_when_off():
    state = spear_with_poison(["dagger"])  # no play-any-time card: asked all the same
    assert state.phase == "window" and legal_types(state, 1) == {"pass"}
    quiet = table(("spellmancer", "warlord"), hands={0: ["burning_spear", "poison"], 1: ["clear"]},
                  interrupts="off")
    to_step(quiet)
    quiet.apply(0, {"type": "play", "card": "burning_spear", "method": "use_discard"})
    quiet.apply(0, {"type": "attach", "card": "poison"})
    dice(quiet, 1)
    quiet.apply(0, {"type": "target", "target": "c1"})
    assert quiet.phase == "defend"


def advantage_thwarted(defender_hand):
    state = table(("warlord", "avenger"), hands={0: ["advantage"] + defender_hand, 1: ["thwart"]})
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(1, {"type": "respond", "card": "thwart", "target": "pending"})
    assert state.phase == "defend" and state.to_act() == [0]
    return state


def test_ward_answers_a_play_any_time_attack_and_block_cannot():
    state = advantage_thwarted(["ward", "block"])
    options = state.legal_actions(0)
    assert {"type": "defend", "card": "ward"} in options and {"type": "defend", "card": "block"} not in options
    state.apply(0, {"type": "defend", "card": "ward"})
    assert any(e["card"] == "advantage" for e in state.table) and state.view(0)["turn"]["allowance"] == 2
    assert "ward" in state.discard[0] and "thwart" in state.discard[1]


def test_a_tabled_deflector_does_not_answer_a_play_any_time_attack():
    state = table(("warlord", "avenger"), hands={0: ["advantage"], 1: ["thwart"]})
    table_card(state, 0, "deflector")
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(1, {"type": "respond", "card": "thwart", "target": "pending"})
    assert legal_types(state, 0) == {"dodge", "take"}  # Thwart's own text lets it be dodged


def test_a_thwart_on_the_enforce_of_a_play_leaves_the_play_undoubled():
    state = table(("warlord", "avenger"), hands={0: ["halberd", "enforce"], 1: ["thwart", "block"]})
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "respond", "card": "thwart", "target": "enforce"})
    assert state.phase == "defend" and state.to_act() == [0]  # Thwart attacks the modifier's player
    dice(state, 6, 6, 1, 1)  # no dodge; then the Halberd's 2D6 only
    state.apply(0, {"type": "dodge"})
    assert strike(state, 1)["rolled"] == [[2, "weapons"]] and "enforce" in state.discard[0]


def test_a_thwart_taken_discards_the_modifier():
    state = advantage_thwarted([])
    state.apply(0, {"type": "take"})
    assert not state.table and "advantage" in state.discard[0] and state.view(0)["turn"]["allowance"] == 1


# ---------------------------------------------------------------------------------- attachments
def test_one_alteration_and_one_enhancement_per_action():
    state = table(("avenger", "warlord"), hands={0: ["halberd", "echo", "long_shot", "poison", "poison", "clear"],
                                                 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    attach = {a["card"] for a in state.legal_actions(0) if a["type"] == "attach"}
    assert attach == {"echo", "long_shot", "poison"}  # a play-any-time Clear is never attached
    state.apply(0, {"type": "attach", "card": "echo"})
    state.apply(0, {"type": "attach", "card": "poison"})
    assert "attach" not in legal_types(state, 0)  # the second alteration and the second enhancement


def test_attack_enhancements_attach_only_to_attacks_and_nothing_attaches_to_a_modifier():
    state = table(("avenger", "warlord"), hands={0: ["healing_potion", "poison", "echo", "advantage"], 1: []})
    state.life[0] = 10
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    assert state.phase == "act"  # committed at once: nothing could be attached to the modifier
    dice(state, 1, 1)
    state.apply(0, {"type": "play", "card": "healing_potion", "method": "use_discard"})
    assert state.phase == "act" and state.life[0] == 12  # no build step: nothing attachable to a potion


def test_rally_attaches_to_a_dodge_not_to_an_attack():
    state = table(("avenger", "warlord"), hands={0: ["halberd", "rally"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    assert "attach" not in legal_types(state, 0)


def test_attached_cards_go_with_their_card_when_it_is_discarded():
    state = table(("technomancer", "warlord"), hands={0: ["riot_shield", "lock"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "riot_shield", "method": "table_destroyed"})
    state.apply(0, {"type": "attach", "card": "lock"})
    state.apply(0, {"type": "confirm"})
    shield = next(e for e in state.table if e["card"] == "riot_shield")
    assert shield["lock"] and shield["attached"] == ["lock"] and "lock" not in state.discard[0]
    finish_turn(state, 0)
    set_hand(state, 1, ["great_axe"])
    to_step(state)
    state.apply(1, {"type": "play", "card": "great_axe", "method": "use_return"})
    dice(state, 2, 2, 2, 2)
    state.apply(1, {"type": "target", "target": "c0"})
    state.apply(0, {"type": "take"})
    assert not state.table and {"riot_shield", "lock"} <= set(state.discard[0])


def test_a_lock_protects_a_tabled_card_from_disarm():
    state = table(("avenger", "warlord"), hands={0: ["disarm"], 1: []})
    locked = table_card(state, 1, "buckler", lock=True, attached=["lock"])
    state.decklists[1]["lock"] = 1
    open_ = table_card(state, 1, "chainmail")
    to_step(state)
    state.apply(0, {"type": "play", "card": "disarm", "method": "use_discard"})
    targets = {a["target"] for a in state.legal_actions(0) if a["type"] == "target"}
    assert targets == {f"t{open_['uid']}"} and f"t{locked['uid']}" not in targets
    state.apply(0, {"type": "target", "target": f"t{open_['uid']}"})
    assert state.phase == "defend" and state.to_act() == [1]  # Disarm is an attack on the character
    state.apply(1, {"type": "take"})
    assert [e["card"] for e in state.table] == ["buckler"] and "chainmail" in state.discard[1]


def test_a_lock_protects_a_tabled_modifier_from_thwart():
    state = table(("warlord", "avenger"), hands={0: ["advantage", "lock", "potion_of_haste"], 1: ["thwart"]})
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "attach", "card": "lock"})
    state.apply(0, {"type": "confirm"})
    state.apply(1, {"type": "pass"})
    advantage = next(e for e in state.table if e["card"] == "advantage")
    assert advantage["lock"]
    state.apply(0, {"type": "play", "card": "potion_of_haste", "method": "use_discard"})
    targets = {a.get("target") for a in state.legal_actions(1) if a["type"] == "respond"}
    assert targets == {"pending"}  # the Potion in play, not the Locked Advantage


def test_a_lock_attached_to_a_card_tabled_in_front_of_a_target_locks_it():
    state = table(("spellmancer", "warlord"), hands={0: ["hex_of_weakness", "lock"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "hex_of_weakness", "method": "table_target"})
    state.apply(0, {"type": "attach", "card": "lock"})
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "take"})
    curse = next(e for e in state.table if e["card"] == "hex_of_weakness")
    assert curse["lock"] and "lock" in curse["attached"]


# ---------------------------------------------------------------------------------- modifiers
def test_enforce_doubles_the_dice_of_the_card_it_is_played_on():
    state = table(("warlord", "avenger"), hands={0: ["halberd", "enforce"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    dice(state, 1, 2, 3, 4)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["rolled"] == [[10, "weapons"]]  # 4D6 for 2D6
    assert "enforce" in state.discard[0]


def test_modifiers_have_no_limit_two_enforces_quadruple():
    state = table(("warlord", "avenger"), hands={0: ["dagger", "enforce", "enforce"], 1: []})
    to_step(state)
    state.apply(0, {"type": "play", "card": "dagger", "method": "use_return"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    dice(state, 1, 1, 1, 1)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["rolled"] == [[4, "weapons"]]  # 1D6 x2 x2


def test_enforce_doubles_a_healing_potion():
    state = table(("warlord", "avenger"), hands={0: ["healing_potion", "enforce"], 1: []})
    state.life[0] = 5
    to_step(state)
    state.apply(0, {"type": "play", "card": "healing_potion", "method": "use_discard"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    dice(state, 2, 2, 2, 2)
    state.apply(0, {"type": "confirm"})
    assert state.life[0] == 13


def test_healing_never_goes_above_25():
    state = table(("warlord", "avenger"), hands={0: ["elixir_of_life"], 1: []})
    state.life[0] = 20
    to_step(state)
    state.apply(0, {"type": "play", "card": "elixir_of_life", "method": "use_discard"})
    assert state.life[0] == 25


def test_vanguard_ring_adds_to_attacks_with_cards_not_to_hits():
    state = table(("avenger", "warlord"), hands={0: ["halberd", "advantage"], 1: []})
    table_card(state, 0, "vanguard_ring")
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    state.apply(0, {"type": "hit"})
    dice(state, 3)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["rolled"] == [[3, None]]
    state.apply(1, {"type": "take"})
    state.apply(0, {"type": "play", "card": "halberd", "method": "use_return"})
    dice(state, 1, 1, 2, 2)
    state.apply(0, {"type": "target", "target": "c1"})
    assert strike(state, 1)["rolled"] == [[2, "weapons"], [4, "weapons"]]
