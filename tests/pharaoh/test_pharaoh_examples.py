"""The worked examples of the seed rulebook ("Examples of play"), each played through the contract
with scripted dice."""

from __future__ import annotations

from pharaoh_play import add_hex, dice, legal_types, put_on_pile, table, to_step, touched


def test_exploring_the_chamber_of_arches_rocks_then_the_cobra_which_stays_and_can_be_attacked():
    """Player A tables an Advantage card, draws the Chamber of Arches and moves in: falling rocks (5
    damage unless defended), then the cobra's bite rolled by another player (the server); the cobra
    stays, and A's extra action from the Advantage attacks it."""
    state = table(("warlord", "avenger"), hands={0: ["advantage"], 1: ["block"]})
    put_on_pile(state, "chamber_of_arches", owner=1)
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "advantage", "method": "table"})
    assert state.phase == "window" and state.to_act() == [1]  # a modifier may be thwarted
    state.apply(1, {"type": "pass"})
    assert state.phase == "act"  # nothing else to play as a free action: on to the actions
    assert state.view(0)["turn"]["allowance"] == 2
    state.apply(0, {"type": "explore", "side": 0})
    chamber = len(state.placed) - 1
    assert state.placed[chamber]["tile"] == "chamber_of_arches" and state.pos[0] == chamber
    # event 1: the falling rocks, 5 damage unless defended
    assert state.phase == "defend" and state.view(0)["strike"]["rolled"] == [[5, None]]
    state.apply(0, {"type": "take"})
    assert state.life[0] == 20
    # event 2: the cobra appears; its bite (1D6+1) is rolled by the server
    assert state.phase == "defend"
    strike = state.view(0)["strike"]
    assert strike["label"] == "cobra" and strike["source"].startswith("m")
    state.apply(0, {"type": "take"})
    bite = strike["rolled"][0][0]
    assert 2 <= bite <= 7 and state.life[0] == 20 - bite
    cobra = state.monsters[0]
    assert cobra["monster"] == "cobra" and cobra["hex"] == chamber and cobra["lp"] == 6
    # the extra action from Advantage: attack the cobra
    assert state.phase == "act" and "hit" in legal_types(state, 0)
    state.apply(0, {"type": "hit"})
    assert {"type": "target", "target": f"m{cobra['uid']}"} in state.legal_actions(0)
    dice(state, 6, 6, 6)  # hit 1D6 = 6; the cobra's dodge 6+6 > 5: hit
    state.apply(0, {"type": "target", "target": f"m{cobra['uid']}"})
    assert state.monsters == [] and any(e["msg"] == "pharaoh.monster_defeated" for e in state.log)
    assert len(state.hand[0]) == 3  # three cards for defeating a monster
    assert state.turn["seat"] == 0 and state.phase == "discard"


def test_rally_turns_a_dodge_of_six_into_nine():
    state = table(("warlord", "avenger"), hands={0: [], 1: ["rally"]})
    assert state.view(1)["seats"][1]["character"] == "avenger"
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 3)  # the hit: 1D6 = 3
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.phase == "defend" and {"type": "dodge", "card": "rally"} in state.legal_actions(1)
    dice(state, 4, 5)  # 9: a miss for a dodge of 6, made with Rally
    state.apply(1, {"type": "dodge", "card": "rally"})
    dodge = next(e for e in reversed(state.log) if e["msg"] == "pharaoh.dodge")
    assert dodge["params"]["score"] == 9 and dodge["params"]["dodged"] is True
    assert state.life[1] == 25 and "rally" in state.discard[1]


def test_without_rally_the_same_roll_is_a_hit():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 3)
    state.apply(0, {"type": "target", "target": "c1"})
    dice(state, 4, 5)
    state.apply(1, {"type": "dodge"})
    assert state.life[1] == 22


def rage_with_enforce(answer: str):
    state = table(("warlord", "avenger"), hands={0: ["berserker_rage", "enforce"], 1: ["thwart"]})
    to_step(state, "free")
    state.apply(0, {"type": "play", "card": "berserker_rage", "method": "table"})
    assert state.phase == "build" and {"type": "modifier", "card": "enforce"} in state.legal_actions(0)
    state.apply(0, {"type": "modifier", "card": "enforce"})
    state.apply(0, {"type": "confirm"})
    assert state.phase == "window"
    assert {"type": "respond", "card": "thwart", "target": "pending"} in state.legal_actions(1)
    if answer == "pass":
        state.apply(1, {"type": "pass"})
    else:
        state.apply(1, {"type": "respond", "card": "thwart", "target": "pending"})
        # Thwart's own text lets it be dodged; player A cannot defend it here and takes it
        assert state.phase == "defend" and legal_types(state, 0) == {"dodge", "take"}
        state.apply(0, {"type": "take"})
    assert state.phase == "act"
    return state


def test_berserker_rage_with_enforce_gives_four_actions():
    state = rage_with_enforce("pass")
    assert state.view(0)["turn"]["allowance"] == 4
    rage = [e for e in state.table if e["card"] == "berserker_rage"]
    assert rage and rage[0]["attached"] == ["enforce"]


def test_thwart_on_the_rage_discards_rage_and_enforce_and_leaves_one_action():
    state = rage_with_enforce("thwart")
    assert state.view(0)["turn"]["allowance"] == 1
    assert not state.table
    assert {"berserker_rage", "enforce"} <= set(state.discard[0]) and "thwart" in state.discard[1]


def test_vanguard_ring_echo_poison_enforce_crossbow_is_8d6_plus_5_poison_plus_2d6_defended_twice():
    state = table(("avenger", "warlord"), hands={0: ["echo", "poison", "enforce"], 1: ["block", "block"]})
    for card in ("vanguard_ring", "crossbow"):
        state.deck[0].remove(card)
        state.new_entry(0, card, seat=0)
    touched(state)
    crossbow = next(e["uid"] for e in state.table if e["card"] == "crossbow")
    to_step(state)
    state.apply(0, {"type": "use", "uid": crossbow})
    state.apply(0, {"type": "attach", "card": "echo"})
    state.apply(0, {"type": "attach", "card": "poison"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    state.apply(0, {"type": "target", "target": "c1"})
    dice(state, *[2] * 10)  # rolled as the window closes
    state.apply(1, {"type": "pass"})  # the interrupt window: nothing to answer with
    strikes = []
    for _ in range(2):  # Echo: the target defends twice
        assert state.phase == "defend" and state.to_act() == [1]
        strikes.append(state.view(1)["strike"]["rolled"])
        if len(strikes) == 1:
            dice(state, *[3] * 10)
        state.apply(1, {"type": "defend", "card": "block"})
    # the Crossbow's 4D6 doubled by Enforce = 8D6, the Vanguard Ring's 2D6, Poison's 5
    assert strikes == [[[16, "weapons"], [4, "weapons"], [5, "poison"]],
                       [[24, "weapons"], [6, "weapons"], [5, "poison"]]]
    assert state.life[1] == 25 and state.hand[1] == []
    assert {"echo", "poison", "enforce"} <= set(state.discard[0])  # used for that one action
    assert any(e["card"] == "crossbow" for e in state.table)      # the Crossbow stays tabled


def test_a_defeated_player_dominates_a_monster_that_picks_up_the_key_and_exits():
    state = table(("warlord", "avenger"), hands={0: [], 1: ["key"]})
    gate = add_hex(state, "pharaohs_gate", 1, 0, turn=2)  # doors 1, 4 turned by 2: 3 (west) faces hex 0
    assert 3 in state.placed[gate]["doors"] and 0 in state.placed[0]["doors"]
    state.pos = [gate, gate]
    state.turn["start_hex"] = gate
    state.life[1] = 2
    touched(state)
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 5)
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "take"})
    assert state.defeated[1] and state.placed[gate]["keys"] == 1 and state.hand[1] == []
    # seat 0's one action is spent; it stayed in the gate: its event raises the Tomb Guardian at the end of the turn
    assert state.phase == "defend" and state.view(0)["strike"]["label"] == "tomb_guardian"
    state.apply(0, {"type": "take"})
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    guardian = f"m{state.monsters[0]['uid']}"
    assert state.turn["seat"] == 1 and state.phase == "dominate"
    assert {"type": "dominate", "piece": guardian} in state.legal_actions(1)
    state.apply(1, {"type": "dominate", "piece": guardian})
    state.apply(1, {"type": "pickup"})
    assert state.monsters[0]["keys"] == 1 and state.placed[gate]["keys"] == 0
    # seat 0's turn: the dominated Guardian does not attack anyone
    state.apply(0, {"type": "skip"}) if state.phase == "draw" else None
    state.apply(0, {"type": "done"}) if state.phase == "free" else None
    state.apply(0, {"type": "end"})
    assert state.phase in ("discard", "dominate")
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    state.apply(1, {"type": "dominate", "piece": guardian})
    assert "exit" in legal_types(state, 1)
    dice(state, 3, 3)
    state.apply(1, {"type": "exit"})
    assert state.is_over() and state.winners() == [1] and state.scores()[1]["breakdown"]["escape"] == 100
