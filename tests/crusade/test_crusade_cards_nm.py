"""The Necromancers' Spell cards, one by one, and how they meet the rest of the rules."""

from __future__ import annotations

from crusade_play import (SHED, T, act, end, messages, move, moves, play, plays, refusal, table, turn_of,
                          types)

C = SHED


def next_turn_of(state, seat: int) -> None:
    """Everyone else ends their turn (shops: done) until it is `seat`'s turn."""
    while state.to_act() != [seat] or state.phase != "turn":
        state.apply(state.to_act()[0], {"type": "done" if state.phase == "shop" else "end"})


# ------------------------------------------------------------------ Desecrate
def test_desecrate_breaks_the_seal_on_the_grave_you_stand_on_and_the_turn_ends_with_its_capture():
    state = table(4, graves={T(1, 1): ("gk", 2), T(3, 3): ("gk", 2)}, pos={2: T(1, 1)}, hands={2: ["desecrate"]},
                  turn=2)
    assert plays(state, "desecrate") == [{}]
    play(state, "desecrate")
    assert state.graves[T(1, 1)] == {"owner": "nm", "seal": 0}
    assert state.graves[T(3, 3)]["seal"] == 2


def test_desecrate_is_offered_only_on_a_sealed_grave():
    state = table(4, graves={T(1, 1): ("gk", 0), T(1, 2): ("gk", 1)}, pos={2: T(1, 1)}, hands={2: ["desecrate"]},
                  turn=2)
    assert plays(state, "desecrate") == []
    assert refusal(state, {"type": "play", "card": "desecrate"}) == "Desecrate: no seal on the Grave you stand on"


# ------------------------------------------------------------------ Mass Desecrate
def test_mass_desecrate_breaks_every_seal_within_three_tiles():
    graves = {T(0, 0): ("gk", 2), T(3, 3): (None, 1), T(4, 4): ("gk", 2)}
    state = table(4, graves=graves, pos={2: T(0, 1)}, hands={2: ["mass_desecrate"]}, turn=2)
    play(state, "mass_desecrate")
    assert [state.graves[t]["seal"] for t in (T(0, 0), T(3, 3), T(4, 4))] == [0, 0, 2]
    entry = next(e for e in state.log if e["msg"] == "crusade.card.mass_desecrate")
    assert entry["params"]["tiles"] == [T(0, 0), T(3, 3)]


def test_mass_desecrate_with_no_seal_in_reach_is_not_offered():
    state = table(4, graves={T(4, 4): ("gk", 2)}, pos={2: T(0, 0)}, hands={2: ["mass_desecrate"]}, turn=2)
    assert plays(state, "mass_desecrate") == []


# ------------------------------------------------------------------ Whispers
def test_whispers_reveals_every_groundskeeper_within_two_tiles_of_a_necromancer_grave():
    graves = {T(0, 0): "nm", T(4, 4): "gk"}
    state = table(6, graves=graves, pos={0: T(2, 0), 1: T(4, 3), 2: T(1, 2), 3: None},
                  hands={0: ["kick"], 1: ["sprint"], 2: ["rally", "sacred_seal"], 3: ["whispers"]}, turn=3)
    assert plays(state, "whispers") == [{}]  # no position needed: seat 3 has not entered yet
    play(state, "whispers")
    hands = state.view(4)["hands"]
    assert [hands[s]["revealed"] for s in (0, 1, 2)] == [["kick"], [], ["sacred_seal", "rally"]]
    assert hands[1]["cards"] is None


# ------------------------------------------------------------------ Ghastly Touch
def test_ghastly_touch_stops_a_groundskeeper_within_one_tile_from_moving_on_their_next_turn():
    state = table(4, pos={0: T(1, 1), 1: T(4, 4), 2: T(1, 2)}, hands={2: ["ghastly_touch"], 0: ["sprint"]}, turn=2)
    assert plays(state, "ghastly_touch") == [{"target": 0}]  # seat 1 is 3 tiles away
    play(state, "ghastly_touch", target=0)
    next_turn_of(state, 0)
    assert state.view(0)["turn"]["allowance"] == 0 and "move" not in types(state)
    assert plays(state, "sprint") == []  # nothing to add to
    assert refusal(state, {"type": "move", "to": T(1, 0)}) == "Ghastly Touch: you cannot move this turn"
    end(state)
    next_turn_of(state, 0)
    assert state.view(0)["turn"]["allowance"] == 2  # only that one turn


# ------------------------------------------------------------------ Life Leech
def test_life_leech_costs_a_groundskeeper_a_tile_and_gives_it_to_the_necromancer():
    state = table(4, pos={0: T(2, 0), 1: T(4, 4), 2: T(1, 1)}, hands={2: ["life_leech"]}, turn=2)
    assert plays(state, "life_leech") == [{"target": 0}]
    move(state, T(1, 2))  # Life Leech after the move: the player's own move is not changed now
    play(state, "life_leech", target=0)
    assert state.view(None)["pieces"][0]["effects"]["leech"] == -1
    assert state.view(None)["pieces"][2]["effects"]["boost"] == 1
    next_turn_of(state, 0)
    assert state.view(0)["turn"]["allowance"] == 1 and max(state.board.dist[T(2, 0)][t] for t in moves(state)) == 1
    end(state)
    next_turn_of(state, 2)
    assert state.view(2)["turn"]["allowance"] == 4
    end(state)
    next_turn_of(state, 2)
    assert state.view(2)["turn"]["allowance"] == 3  # the buff lasted one turn


def test_two_life_leeches_on_one_groundskeeper_add_up():
    state = table(4, pos={0: C, 2: T(1, 1), 3: T(3, 3)}, hands={2: ["life_leech"], 3: ["life_leech"]}, turn=2)
    play(state, "life_leech", target=0)
    play(state, "life_leech", target=0)
    next_turn_of(state, 0)
    assert state.view(0)["turn"]["allowance"] == 0 and "move" not in types(state)


# ------------------------------------------------------------------ Flip
def test_flip_swaps_tiles_with_any_other_player_on_the_board_and_captures_there():
    graves = {T(4, 4): "gk"}
    state = table(4, graves=graves, pos={0: T(4, 4), 1: C, 2: T(0, 0), 3: None}, hands={2: ["flip"]}, turn=2)
    assert plays(state, "flip") == [{"target": 0}, {"target": 1}]  # seat 3 is off the board
    play(state, "flip", target=0)
    assert (state.pos[0], state.pos[2]) == (T(0, 0), T(4, 4))
    assert state.graves[T(4, 4)]["owner"] == "nm"


def test_flip_with_a_team_mate_is_allowed_but_not_with_a_piece_on_the_same_tile():
    state = table(4, pos={0: C, 1: C, 2: C, 3: T(0, 0)}, hands={2: ["flip"]}, turn=2)
    assert plays(state, "flip") == [{"target": 3}]


# ------------------------------------------------------------------ Portal
def test_portal_marker_lets_the_necromancer_teleport_back_from_the_next_turn_on():
    state = table(2, pos={1: T(0, 0)}, hands={1: ["portal"]}, turn=1)
    play(state, "portal")
    assert state.view(0)["pieces"][1]["portal"] == T(0, 0) and state.to_act() == [0]
    end(state)
    assert state.to_act() == [1]
    move(state, T(3, 3))  # no card left: the turn ends with the move
    next_turn_of(state, 1)
    assert {"type": "teleport"} in state.legal_actions(1)
    act(state, {"type": "teleport"})
    assert state.pos[1] == T(0, 0) and "crusade.teleport" in messages(state)
    assert state.to_act() == [0]  # the teleport was the move, and nothing else was left


def test_teleport_is_the_move_of_the_turn():
    state = table(4, pos={2: T(3, 3)}, hands={2: ["glide"]}, turn=2)
    state.portal[2] = T(0, 0)
    act(state, {"type": "teleport"})
    assert "move" not in types(state) and "teleport" not in types(state)
    assert refusal(state, {"type": "teleport"}) == "you have already moved this turn: teleporting is your move"
    play(state, "glide")  # a speed card after the teleport: one more tile
    assert moves(state) == sorted(state.board.neighbours[T(0, 0)])


def test_a_new_portal_replaces_the_old_marker():
    state = table(4, pos={2: T(3, 3)}, hands={2: ["portal"]}, turn=2)
    state.portal[2] = T(0, 0)
    play(state, "portal")
    assert state.portal[2] == T(3, 3)
    turn_of(state, 2)
    assert refusal(state, {"type": "teleport"}) == "you already stand on your Portal marker"


# ------------------------------------------------------------------ Boo!
def test_boo_stops_groundskeepers_within_two_tiles_from_capturing_on_their_next_turn():
    graves = {T(1, 0): "nm", T(4, 4): "nm"}
    state = table(4, graves=graves, pos={0: T(1, 1), 1: T(4, 3), 2: T(1, 2)}, hands={2: ["boo"]}, turn=2)
    play(state, "boo")
    assert state.view(None)["pieces"][0]["effects"]["boo"] and not state.view(None)["pieces"][1]["effects"]["boo"]
    next_turn_of(state, 0)
    move(state, T(1, 0))
    assert state.graves[T(1, 0)]["owner"] == "nm"
    assert next(e for e in state.log if e["msg"] == "crusade.no_capture")["params"]["why"] == "boo"
    move(state, T(4, 4))  # seat 1 was out of reach
    assert state.graves[T(4, 4)]["owner"] == "gk"
    next_turn_of(state, 0)
    end(state)  # the next turn: Boo! is over
    assert state.graves[T(1, 0)]["owner"] == "gk"


# ------------------------------------------------------------------ off the board
def test_a_necromancer_off_the_board_plays_only_cards_that_need_no_position_and_cannot_capture():
    state = table(4, pos={2: None}, hands={2: ["portal", "glide", "boo"]}, graves={T(0, 0): None}, turn=2)
    assert {a["card"] for a in state.legal_actions(2) if a["type"] == "play"} == {"glide"}
    assert refusal(state, {"type": "play", "card": "portal"}) == "Portal needs you on the board: enter it first"
    end(state)
    assert state.pos[2] is None and state.graves[T(0, 0)]["owner"] is None


def test_played_cards_go_back_to_their_tier_pile_or_out_of_the_game():
    state = table(4, pos={2: T(1, 1)}, hands={2: ["boo"]}, turn=2)
    piles = state.view(None)["piles"]["nm"]["3"]
    play(state, "boo")
    assert state.view(None)["piles"]["nm"]["3"] == piles + 1
    state = table(4, pos={2: T(1, 1)}, hands={2: ["boo"]}, turn=2, played_cards="discard")
    play(state, "boo")
    assert state.view(None)["piles"]["nm"]["3"] == piles and state.view(None)["discarded"]["nm"] == ["boo"]
