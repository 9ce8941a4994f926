"""The Groundskeepers' Action cards, one by one, and how they meet the rest of the rules."""

from __future__ import annotations

from crusade_play import SHED, T, act, end, messages, move, moves, play, plays, refusal, table, types

C = SHED  # the centre tile


# ------------------------------------------------------------------ Sacred Seal
def test_sacred_seal_goes_on_an_unsealed_grave_within_one_tile():
    graves = {T(1, 1): None, T(2, 1): ("nm", 1), T(4, 4): "nm", C: None}
    state = table(4, graves=graves, pos={0: C}, hands={0: ["sacred_seal"]}, turn=0)
    assert plays(state, "sacred_seal") == [{"tile": T(1, 1)}, {"tile": C}]  # sealed (2,1) and far (4,4) not
    play(state, "sacred_seal", tile=T(1, 1))
    assert state.view(None)["graves"][str(T(1, 1))] == {"owner": None, "seal": 2}


def test_sacred_seal_with_no_grave_in_reach_is_not_offered():
    state = table(4, graves={T(4, 4): None}, pos={0: C}, hands={0: ["sacred_seal"]}, turn=0)
    assert plays(state, "sacred_seal") == []
    assert refusal(state, {"type": "play", "card": "sacred_seal", "tile": T(4, 4)}) == \
        "Sacred Seal: no unsealed Grave within 1 tile"


def test_a_sealed_grave_cannot_be_captured_by_either_team():
    state = table(4, graves={T(0, 0): ("nm", 2), T(4, 4): ("gk", 1)}, pos={0: T(1, 1), 1: T(4, 4), 2: T(3, 3)},
                  hands={}, turn=0)
    move(state, T(0, 0))  # the Groundskeeper ends on a sealed Necromancer Grave
    assert state.graves[T(0, 0)]["owner"] == "nm"
    end(state)
    move(state, T(4, 4))  # seat 2 onto a sealed Groundskeeper Grave (seat 1 stands there too)
    assert state.graves[T(4, 4)]["owner"] == "gk"
    whys = [e["params"]["why"] for e in state.log if e["msg"] == "crusade.no_capture"]
    assert whys == ["sealed", "sealed"]


def test_a_seal_shows_two_then_one_at_the_next_round_then_is_gone():
    state = table(2, graves={T(1, 1): None}, pos={0: T(1, 2), 1: T(3, 3)}, hands={0: ["sacred_seal"]}, turn=0)
    play(state, "sacred_seal", tile=T(1, 1))
    assert state.graves[T(1, 1)]["seal"] == 2
    move(state, T(1, 1))  # round 1, the Necromancer's turn: blocked, and the round ends
    assert [e["params"]["why"] for e in state.log if e["msg"] == "crusade.no_capture"] == ["sealed"]
    assert state.round == 2 and state.graves[T(1, 1)] == {"owner": None, "seal": 1}  # round end: 2 -> 1
    end(state)
    end(state)  # round 2: the Necromancer stays on it, still sealed
    assert state.graves[T(1, 1)]["owner"] is None
    assert state.round == 3 and state.graves[T(1, 1)]["seal"] == 0
    assert "crusade.seal_gone" in messages(state)
    end(state)
    end(state)  # round 3: the seal is gone, the Necromancer captures
    assert state.graves[T(1, 1)]["owner"] == "nm"


# ------------------------------------------------------------------ Kick
def test_kick_pushes_a_necromancer_within_one_tile_two_tiles_in_a_chosen_direction():
    state = table(4, pos={0: C, 2: T(2, 1), 3: T(0, 0)}, hands={0: ["kick"]}, turn=0)
    options = plays(state, "kick")
    assert {o["target"] for o in options} == {2}  # seat 3 is 2 tiles away
    # from (2,1): the three northern pushes stop at the edge after one step, the others go 2 tiles
    assert sorted(o["to"] for o in options) == sorted([T(1, 0), T(2, 0), T(3, 0), T(0, 1), T(4, 1),
                                                       T(0, 3), T(2, 3), T(4, 3)])
    play(state, "kick", target=2, to=T(4, 3))
    assert state.pos[2] == T(4, 3) and state.to_act() == [1]
    entry = next(e for e in state.log if e["msg"] == "crusade.card.kick")
    assert entry["params"] == {"seat": 0, "card": "kick", "target": 2, "from": T(2, 1), "to": T(4, 3)}


def test_kick_never_pushes_off_the_board():
    state = table(4, pos={0: T(3, 2), 2: T(4, 2)}, hands={0: ["kick"]}, turn=0)
    landings = [o["to"] for o in plays(state, "kick")]
    assert T(4, 2) not in landings and all(0 <= t < 25 for t in landings)
    # east, north-east and south-east start off the board: not offered
    assert sorted(landings) == [T(2, 0), T(4, 0), T(2, 2), T(2, 4), T(4, 4)]
    assert refusal(state, {"type": "play", "card": "kick", "target": 2, "to": T(3, 2)}).startswith(
        "Kick: seat 2 lands 2 tiles away in a straight line, stopping at the edge")


def test_kick_reaches_a_necromancer_on_the_same_tile_but_not_one_off_the_board_or_too_far():
    state = table(4, pos={0: C, 2: C, 3: None}, hands={0: ["kick"]}, turn=0)
    assert {o["target"] for o in plays(state, "kick")} == {2}
    state = table(4, pos={0: C, 2: T(0, 0), 3: None}, hands={0: ["kick"]}, turn=0)
    assert plays(state, "kick") == []
    assert refusal(state, {"type": "play", "card": "kick", "target": 2, "to": 1}) == \
        "Kick: no Necromancer within 1 tile"


def test_kicking_the_guard_off_a_grave_lets_the_kicker_capture_it():
    state = table(4, graves={T(1, 1): "nm"}, pos={0: C, 2: T(1, 1)}, hands={0: ["kick"]}, turn=0)
    move(state, T(1, 1))
    play(state, "kick", target=2, to=T(3, 3))
    assert state.graves[T(1, 1)]["owner"] == "gk"


# ------------------------------------------------------------------ Holy Water
def test_holy_water_clears_the_debuffs_of_the_player_and_groundskeepers_within_one_tile():
    state = table(6, pos={0: C, 1: T(2, 1), 2: T(0, 0)}, hands={0: ["holy_water"]}, turn=0)
    for seat in (1, 2):
        state.effects[seat].update(ghastly=True, leech=-1, boo=True)
    state.effects[0]["boo"] = True
    play(state, "holy_water")
    assert state.effects[1] == {"ghastly": False, "leech": 0, "balloon": False, "boo": False, "boost": 0}
    assert state.effects[2]["ghastly"] and state.effects[2]["leech"] == -1  # 2 tiles away
    assert next(e for e in state.log if e["msg"] == "crusade.card.holy_water")["params"]["seats"] == [0, 1]


def test_holy_water_frees_a_ghastly_touched_team_mate_to_move_on_their_turn():
    state = table(4, pos={0: C, 1: T(1, 1)}, hands={0: ["holy_water"]}, turn=0)
    state.effects[1].update(ghastly=True)
    play(state, "holy_water")
    assert state.to_act() == [1] and len(moves(state)) == 15  # 2 tiles from (1,1): a 4x4 square less its own


def test_holy_water_clears_a_life_leech_on_a_team_mate():
    state = table(4, pos={0: C, 1: T(1, 1)}, hands={0: ["holy_water"]}, turn=0)
    state.effects[1]["leech"] = -1
    play(state, "holy_water")
    assert state.view(1)["turn"]["allowance"] == 2


def test_holy_water_lifts_the_players_own_boo_before_the_capture_at_the_end_of_the_turn():
    state = table(4, graves={C: None}, pos={0: C}, hands={0: ["holy_water"]}, turn=0)
    state.effects[0]["boo"] = True
    play(state, "holy_water")
    assert state.graves[C]["owner"] == "gk"


# ------------------------------------------------------------------ Leaf Blower
def test_leaf_blower_targets_a_necromancer_anywhere_holding_a_card_who_chooses_the_card():
    state = table(6, pos={0: C, 3: T(4, 4), 4: T(0, 0), 5: None},
                  hands={0: ["leaf_blower"], 3: ["glide", "flip"], 5: ["boo"]}, turn=0)
    assert plays(state, "leaf_blower") == [{"target": 3}]  # 4 holds nothing, 5 is off the board
    play(state, "leaf_blower", target=3)
    assert state.phase == "leaf_blower" and state.to_act() == [3]
    assert state.legal_actions(3) == [{"type": "give_up", "card": "glide"}, {"type": "give_up", "card": "flip"}]
    assert state.legal_actions(0) == []
    before = state.view(None)["piles"]["nm"]["3"]
    act(state, {"type": "give_up", "card": "flip"})
    assert state.hands[3] == ["glide"] and state.view(None)["piles"]["nm"]["3"] == before + 1
    assert state.phase == "turn" and state.to_act() == [1]  # the Groundskeeper's turn is over


def test_the_card_given_up_is_secret_to_the_necromancers_and_goes_back_to_the_shop_even_with_discard():
    state = table(4, pos={0: C, 2: T(4, 4)}, hands={0: ["leaf_blower"], 2: ["portal", "glide"]}, turn=0,
                  played_cards="discard")
    play(state, "leaf_blower", target=2)
    act(state, {"type": "give_up", "card": "portal"})
    assert state.view(None)["piles"]["nm"]["3"] == 9 and state.view(None)["discarded"]["gk"] == ["leaf_blower"]
    entry = state.log[-1] if state.log[-1]["msg"] == "crusade.give_up" else \
        next(e for e in reversed(state.log) if e["msg"] == "crusade.give_up")
    assert entry["params"] == {"seat": 2, "tier": 3} and entry["secret"]["to"] == [2, 3]
    assert state.log_for(0)[entry["seq"]].get("redacted") and state.log_for(3)[entry["seq"]]["params"]["card"] == "portal"


def test_leaf_blower_in_a_rallied_turn_returns_to_that_turn():
    state = table(4, pos={1: C, 2: T(4, 4)}, hands={1: ["leaf_blower", "kick"], 2: ["glide"]}, turn=1)
    state._start_turn(1, borrowed=True)
    play(state, "leaf_blower", target=2)
    act(state, {"type": "give_up", "card": "glide"})
    assert state.phase == "turn" and state.to_act() == [1] and state.view(1)["turn"]["cards_left"] == 1


# ------------------------------------------------------------------ Flashlight
def test_flashlight_reveals_a_necromancer_hand_within_three_tiles_to_everyone():
    state = table(4, pos={0: T(0, 0), 2: T(3, 3), 3: T(4, 4)}, hands={0: ["flashlight"], 2: ["boo", "glide"],
                                                                      3: ["flip"]}, turn=0)
    assert plays(state, "flashlight") == [{"target": 2}]  # seat 3 is 4 tiles away
    assert state.view(1)["hands"][2] == {"seat": 2, "tiers": [1, 3], "cards": None, "revealed": []}
    play(state, "flashlight", target=2)
    for seat in (None, 0, 1):
        assert state.view(seat)["hands"][2]["revealed"] == ["glide", "boo"]
    reveal = next(e for e in state.log if e["msg"] == "crusade.reveal")
    assert reveal["params"] == {"seat": 2, "cards": ["glide", "boo"]} and "secret" not in reveal


def test_revealed_cards_stay_public_until_they_leave_the_hand_and_new_cards_stay_hidden():
    state = table(4, pos={0: T(0, 0), 2: T(1, 1)}, hands={0: ["flashlight"], 2: ["glide", "boo"]}, turn=0)
    play(state, "flashlight", target=2)
    end(state)
    play(state, "glide")  # seat 2 plays a revealed card
    assert state.view(0)["hands"][2]["revealed"] == ["boo"]
    state.hands[2].append("portal")  # as if bought
    state.piles["nm"][2].remove("portal")
    state.__dict__.pop("_legal_cache", None)
    assert state.view(0)["hands"][2]["revealed"] == ["boo"] and state.view(0)["hands"][2]["tiers"][-1] == 3


def test_flashlight_on_a_necromancer_without_cards_is_not_offered():
    state = table(4, pos={0: C, 2: T(1, 1)}, hands={0: ["flashlight"]}, turn=0)
    assert plays(state, "flashlight") == []


# ------------------------------------------------------------------ Holy Water Balloon
def test_holy_water_balloon_stops_spells_on_the_necromancers_next_turn_only():
    state = table(4, pos={0: T(0, 0), 2: T(1, 1), 3: T(4, 4)},
                  hands={0: ["holy_water_balloon"], 2: ["glide", "whispers"]}, turn=0)
    assert plays(state, "holy_water_balloon") == [{"target": 2}]
    play(state, "holy_water_balloon", target=2)
    assert state.view(None)["pieces"][2]["effects"]["balloon"] is True
    end(state)
    assert state.to_act() == [2] and "play" not in types(state)
    assert refusal(state, {"type": "play", "card": "glide"}) == \
        "Holy Water Balloon: you cannot play a Spell card this turn"
    end(state)
    assert state.effects[2]["balloon"] is False
    end(state)
    state.purse["gk"] = 0
    while state.to_act() != [2]:
        state.apply(state.to_act()[0], {"type": "done" if state.phase == "shop" else "end"})
    assert "play" in types(state)  # the next round: spells again


# ------------------------------------------------------------------ Rally
def test_rally_gives_another_groundskeeper_a_borrowed_turn_at_once_with_two_more_tiles_and_two_cards():
    state = table(6, pos={0: C, 1: C, 2: T(0, 0)}, hands={0: ["rally"], 2: ["kick", "sprint"]}, turn=0)
    assert plays(state, "rally") == [{"target": 1}, {"target": 2}]
    play(state, "rally", target=2)
    assert state.to_act() == [2]
    turn = state.view(2)["turn"]
    assert (turn["borrowed"], turn["allowance"], turn["cards_left"]) == (True, 4, 2)
    assert T(4, 4) in moves(state)  # 4 tiles
    play(state, "sprint")  # the first of two cards: the turn goes on
    assert state.to_act() == [2] and state.view(2)["turn"]["allowance"] == 5
    move(state, T(4, 4))
    end(state)
    # the round resumes after the rallier; the rallied Groundskeeper keeps its own turn
    assert state.to_act() == [1]
    end(state)
    assert state.to_act() == [2] and state.view(2)["turn"]["borrowed"] is False
    assert state.view(2)["turn"]["allowance"] == 2


def test_rally_needs_another_groundskeeper():
    state = table(2, pos={0: C}, hands={0: ["rally"]}, turn=0)
    assert plays(state, "rally") == []
    assert refusal(state, {"type": "play", "card": "rally", "target": 0}) == "Rally: no other Groundskeeper to rally"


def test_the_rallier_still_captures_and_earns_at_the_end_of_their_own_turn():
    state = table(4, pos={0: T(1, 1), 1: T(4, 4)}, graves={T(0, 0): None}, hands={0: ["rally"]}, turn=0)
    move(state, T(0, 0))
    play(state, "rally", target=1)
    assert state.graves[T(0, 0)]["owner"] == "gk" and state.to_act() == [1]


def test_a_card_of_the_wrong_team_is_refused_with_its_kind():
    state = table(4, pos={0: C}, hands={0: ["kick"]}, turn=0)
    assert refusal(state, {"type": "play", "card": "boo"}) == "Boo! is a Spell card: you play Action cards"
    assert refusal(state, {"type": "play", "card": "rally", "target": 1}) == "you hold no Rally"


def test_a_rallied_turn_plays_two_action_cards_and_the_second_ends_it():
    state = table(4, graves={T(1, 1): None}, pos={0: C, 1: T(1, 2), 2: T(1, 3)},
                  hands={0: ["rally"], 1: ["kick", "sacred_seal"]}, turn=0)
    play(state, "rally", target=1)
    play(state, "kick", target=2, to=T(1, 4))
    assert state.to_act() == [1] and state.view(1)["turn"]["cards_left"] == 1
    play(state, "sacred_seal", tile=T(1, 1))
    assert state.to_act() == [1] and state.view(1)["turn"]["borrowed"] is False  # now its own turn
    assert state.graves[T(1, 1)]["seal"] == 2 and state.pos[2] == T(1, 4)


def test_a_rally_inside_a_rallied_turn_still_resumes_after_the_first_rallier():
    state = table(8, pos={0: C, 1: C, 2: C, 3: C}, hands={0: ["rally"], 2: ["rally"]}, turn=0)
    play(state, "rally", target=2)
    play(state, "rally", target=3)
    assert state.to_act() == [3] and state.view(3)["turn"]["borrowed"]
    end(state)
    assert state.to_act() == [1] and not state.view(1)["turn"]["borrowed"]
    assert [e["params"] for e in state.log if e["msg"] == "crusade.rally_turn"] == \
        [{"seat": 2, "by": 0}, {"seat": 3, "by": 2}]
