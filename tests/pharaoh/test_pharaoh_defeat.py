"""Defeat and domination, rule by rule: the Key falls in the hex, hand and tabled cards are discarded
but agents and cards in hexes, a defeated player dominates one agent or a non-dominated monster with
no draw phase, dominated pieces explore without events and never fight monsters, pick up a Key and
exit with it; the optional forced monster; the end of the game when all are defeated with no Key
held, and the round limit."""

from __future__ import annotations

from pharaoh_play import add_hex, dice, first_round, legal_types, put_on_pile, table, to_step, touched


def take_from_deck(state, seat, card):
    if card in state.deck[seat]:
        state.deck[seat].remove(card)
    else:
        state.decklists[seat][card] = state.decklists[seat].get(card, 0) + 1


def tabled(state, seat, card, **fields):
    take_from_deck(state, seat, card)
    entry = state.new_entry(seat, card, seat=seat)
    entry.update(fields)
    touched(state)
    return entry


def monster(state, kind, hex_index, uid=90, **fields):
    found = {"uid": uid, "monster": kind, "home": hex_index, "hex": hex_index, "lp": 6, "dominated_by": None,
             "provoked": [], "spares": [], "keys": 0}
    found.update(fields)
    state.monsters.append(found)
    state.uid_next = max(state.uid_next, uid + 1)
    touched(state)
    return found


def knock_out(state, victim=1, by=0):
    """`by` (to act) hits `victim` (life 2, no armour) for 6: defeated."""
    state.life[victim] = 2
    touched(state)
    to_step(state)
    state.apply(by, {"type": "hit"})
    dice(state, 6)
    state.apply(by, {"type": "target", "target": f"c{victim}"})
    state.apply(victim, {"type": "take"})
    assert state.defeated[victim]


def defeated_turn(state, seat):
    """Make it `seat`'s turn now (a defeated seat starts at its domination step)."""
    state.turn = None
    state.queue = []
    state.decision = None
    state.start_turn(seat)
    state.phase = state.current_phase()
    return touched(state)


# ---------------------------------------------------------------------------------- defeat
def defeat_with_belongings():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: ["key", "block", "dagger"]}))
    joined = add_hex(state, "antechamber", 1, 0, owner=1)
    tabled(state, 1, "crossbow")
    tabled(state, 1, "deflector")
    take_from_deck(state, 1, "net")
    state.new_entry(1, "net", hex=0)
    take_from_deck(state, 1, "din")
    din = state.new_entry(1, "din", hex=joined)
    touched(state)
    knock_out(state)
    return state, din


def test_defeat_at_zero_life_or_less():
    state, _ = defeat_with_belongings()
    assert state.view(0)["seats"][1]["defeated"] and state.view(0)["seats"][1]["life"] == 0
    assert state.view(0)["seats"][1]["hex"] is None


def test_a_defeated_character_leaves_the_key_in_the_hex():
    state, _ = defeat_with_belongings()
    assert state.placed[0]["keys"] == 1 and "key" not in state.hand[1] and "key" not in state.discard[1]
    assert state.view(0)["crypt"][0]["keys"] == 1


def test_a_tabled_key_falls_in_the_hex_too():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}))
    tabled(state, 1, "key")
    knock_out(state)
    assert state.placed[0]["keys"] == 1 and not any(e["card"] == "key" for e in state.table)


def test_a_defeated_player_discards_hand_and_tabled_cards_but_agents_and_cards_in_hexes():
    state, din = defeat_with_belongings()
    assert state.hand[1] == []
    assert {"block", "dagger", "crossbow", "deflector"} <= set(state.discard[1])
    assert sorted(e["card"] for e in state.table) == ["din", "net"]  # the agent and the card in a hex


def test_defeated_players_are_still_in_the_game_without_a_draw_phase():
    state, din = defeat_with_belongings()
    assert not state.is_over()
    assert state.turn["seat"] == 1 and state.phase == "dominate"
    assert not any(e["msg"] == "pharaoh.draw" for e in state.log[-3:])
    assert legal_types(state, 1) == {"dominate"}


def test_a_defeated_player_dominates_one_of_their_agents_or_a_monster():
    state, din = defeat_with_belongings()
    monster(state, "cobra", 0)
    choices = {a["piece"] for a in state.legal_actions(1)}
    assert choices == {f"t{din['uid']}", "m90"}


def test_a_monster_dominated_by_another_player_cannot_be_dominated():
    state, din = defeat_with_belongings()
    monster(state, "cobra", 0, dominated_by=0)
    assert "m90" not in {a["piece"] for a in state.legal_actions(1)}


def test_with_nothing_to_dominate_a_defeated_player_waits_for_a_monster():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}))
    knock_out(state)
    assert state.phase == "dominate" and state.legal_actions(1) == [{"type": "wait"}]
    state.apply(1, {"type": "wait"})
    assert state.turn["seat"] == 0


def test_the_optional_rule_forces_a_monster_to_appear_for_domination():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}, force_monster=True))
    den = add_hex(state, "jackal_den", 0, -1, owner=0)
    knock_out(state)
    assert {"type": "dominate", "piece": f"h{den}"} in state.legal_actions(1)
    state.apply(1, {"type": "dominate", "piece": f"h{den}"})
    jackal = state.monsters[0]
    assert jackal["monster"] == "jackal" and jackal["hex"] == den and jackal["dominated_by"] == 1
    plain = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}))
    add_hex(plain, "jackal_den", 0, -1, owner=0)
    knock_out(plain)
    assert plain.legal_actions(1) == [{"type": "wait"}]


# ---------------------------------------------------------------------------------- dominated pieces
def dominating_a_cobra(hands1=()):
    state = table(("warlord", "avenger"), hands={0: [], 1: list(hands1)})
    state.defeated[1], state.life[1], state.pos[1] = True, 0, None
    state.discard[1] += state.hand[1]
    state.hand[1] = []
    cobra = monster(state, "cobra", 0)
    defeated_turn(state, 1)
    state.apply(1, {"type": "dominate", "piece": "m90"})
    return state, cobra


def test_a_dominated_monster_takes_one_action_and_attacks_characters_not_monsters():
    state, cobra = dominating_a_cobra()
    monster(state, "jackal", 0, uid=91)
    assert state.phase == "act" and state.view(1)["turn"]["allowance"] == 1
    state.apply(1, {"type": "hit"})
    assert {a["target"] for a in state.legal_actions(1) if a["type"] == "target"} == {"c0"}
    dice(state, 3)
    state.apply(1, {"type": "target", "target": "c0"})
    assert state.view(0)["strike"]["rolled"] == [[4, None]]  # the cobra's 1D6+1
    state.apply(0, {"type": "take"})
    assert state.life[0] == 21 and state.turn["seat"] == 0


def test_a_dominated_monster_leaving_its_hex_lets_another_appear_when_the_event_is_triggered():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}))
    den = add_hex(state, "jackal_den", 0, -1, owner=1)  # NW of hex 0; its SE door faces hex 0
    state.defeated[1], state.life[1], state.pos[1] = True, 0, None
    state.discard[1] += state.hand[1]
    state.hand[1] = []
    jackal = monster(state, "jackal", den, lp=7)
    defeated_turn(state, 1)
    state.apply(1, {"type": "dominate", "piece": "m90"})
    state.apply(1, {"type": "move", "to": 0})
    assert jackal["hex"] == 0 and state.turn["seat"] == 0
    to_step(state)
    dice(state, 2)
    state.apply(0, {"type": "move", "to": den})
    assert state.view(0)["strike"]["label"] == "jackal" and len(state.monsters) == 2


def test_dominated_pieces_explore_without_setting_off_events():
    state, cobra = dominating_a_cobra()
    put_on_pile(state, "treasury", owner=0)  # draw 2 for a character; nothing for a dominated piece
    state.apply(1, {"type": "explore", "side": 0})
    if state.phase == "place":
        state.apply(1, {"type": "place", "turn": state.legal_actions(1)[0]["turn"]})
    assert cobra["hex"] == len(state.placed) - 1 and state.placed[-1]["tile"] == "treasury"
    assert state.hand[1] == [] and not any(e["msg"] == "pharaoh.event_draw" for e in state.log)


def test_an_agent_moved_sets_off_no_events():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    ceiling = add_hex(state, "collapsing_ceiling", 1, 0, owner=1)
    take_from_deck(state, 0, "mercenaries")
    mercs = state.new_entry(0, "mercenaries", hex=0)
    touched(state)
    to_step(state)
    state.apply(0, {"type": "move_agent", "uid": mercs["uid"], "to": ceiling})
    assert mercs["hex"] == ceiling and mercs["lp"] == 7 and state.phase != "defend"


def test_a_dominated_piece_picks_up_a_key_and_exits_with_doubles_for_its_player():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    stair = add_hex(state, "sunlit_stair", 1, 0, owner=1)
    state.deck[1].remove("key")
    state.placed[stair]["keys"] = 1
    state.defeated[1], state.life[1], state.pos[1] = True, 0, None
    state.discard[1] += state.hand[1]
    state.hand[1] = []
    take_from_deck(state, 1, "din")
    din = state.new_entry(1, "din", hex=stair)
    defeated_turn(state, 1)
    state.apply(1, {"type": "dominate", "piece": f"t{din['uid']}"})
    assert "exit" not in legal_types(state, 1)
    state.apply(1, {"type": "pickup"})
    assert din["keys"] == 1 and state.placed[stair]["keys"] == 0
    to_step(state)
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    state.apply(1, {"type": "dominate", "piece": f"t{din['uid']}"})
    assert "exit" in legal_types(state, 1)
    dice(state, 2, 2)
    state.apply(1, {"type": "exit"})
    assert state.winners() == [1] and state.view(0)["end_reason"] == "escape"


def test_a_key_carried_by_a_destroyed_agent_falls_in_its_hex():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    state.deck[1].remove("key")
    take_from_deck(state, 1, "giant_rat")
    rat = state.new_entry(1, "giant_rat", hex=0)
    rat["keys"], rat["lp"] = 1, 2
    touched(state)
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 5)
    state.apply(0, {"type": "target", "target": f"t{rat['uid']}"})
    state.apply(1, {"type": "take"})
    assert not state.table and state.placed[0]["keys"] == 1


def test_a_defeated_player_may_switch_to_another_piece_next_turn():
    state, cobra = dominating_a_cobra()
    monster(state, "jackal", 0, uid=91)
    state.apply(1, {"type": "end"})
    to_step(state)
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    assert {a["piece"] for a in state.legal_actions(1)} == {"m90", "m91"}
    state.apply(1, {"type": "dominate", "piece": "m91"})
    assert cobra["dominated_by"] is None and state.monsters[1]["dominated_by"] == 1


# ---------------------------------------------------------------------------------- the end
def test_all_defeated_ends_the_game_with_no_winner():
    state = table(("avenger", "warlord"), hands={0: [], 1: []}, start="collapsing_ceiling")
    state.placed[0]["owner"] = 1
    state.defeated[1], state.life[1], state.pos[1] = True, 0, None
    state.discard[1] += state.hand[1]
    state.hand[1] = []
    state.deck[1].remove("key")
    state.placed[0]["keys"] = 1
    state.life[0] = 2
    touched(state)
    to_step(state)
    dice(state, 3, 3)  # the masonry for the character who remained
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "take"})
    assert state.is_over() and state.winners() == [] and state.view(1)["end_reason"] == "all_defeated"
    assert [s["total"] for s in state.scores()] == [0, 0]


def test_the_game_goes_on_while_a_dominated_piece_holds_a_key():
    state = table(("avenger", "warlord"), hands={0: [], 1: []}, start="collapsing_ceiling")
    state.placed[0]["owner"] = 1
    state.defeated[1], state.life[1], state.pos[1] = True, 0, None
    state.discard[1] += state.hand[1]
    state.hand[1] = []
    state.deck[1].remove("key")
    monster(state, "cobra", 0, keys=1, dominated_by=1)
    state.life[0] = 2
    touched(state)
    to_step(state)
    dice(state, 3, 3)
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "take"})
    assert state.defeated == [True, True] and not state.is_over()


def test_the_game_ends_when_the_last_key_held_falls_with_all_players_defeated():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    state.deck[0].remove("key")
    take_from_deck(state, 1, "din")
    din = state.new_entry(1, "din", hex=0)
    din["keys"], din["lp"] = 1, 1
    monster(state, "cobra", 0)
    for seat in (0, 1):
        state.defeated[seat], state.life[seat], state.pos[seat] = True, 0, None
        state.discard[seat] += state.hand[seat]
        state.hand[seat] = []
    defeated_turn(state, 0)
    state.apply(0, {"type": "dominate", "piece": "m90"})
    state.apply(0, {"type": "hit"})
    dice(state, 3)
    state.apply(0, {"type": "target", "target": f"t{din['uid']}"})
    state.apply(1, {"type": "take"})
    assert state.placed[0]["keys"] == 1 and state.is_over()


def test_the_round_limit_is_30_rounds_by_default():
    state = table(hands={0: [], 1: []})
    assert state.view(0)["round_limit"] == 30 and state.view(0)["round"] == 1


def test_the_round_limit_ends_the_game_with_no_winner():
    state = first_round(table(("warlord", "avenger"), hands={0: [], 1: []}, round_limit=5))
    state.round = 5  # the last round
    to_step(state)
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    assert not state.is_over()
    to_step(state)
    state.apply(1, {"type": "end"})
    state.apply(1, {"type": "done"}) if state.phase == "discard" else None
    assert state.is_over() and state.view(0)["end_reason"] == "round_limit" and state.winners() == []
