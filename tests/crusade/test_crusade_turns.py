"""A turn: one continuous move (2 tiles for a Groundskeeper, 3 for a Necromancer, who enters from
an edge), then at most one card, which ends it; capture and the Shed bonus at its end; passing;
the order of turns in a round; income at the end of each team's part."""

from __future__ import annotations

from crusade_play import SHED, T, end, messages, move, moves, new, play, refusal, table, types

CORNER = T(0, 0)


def test_a_groundskeeper_moves_up_to_two_tiles_in_any_direction():
    state = table(4, pos={0: CORNER}, hands={}, turn=0)
    assert moves(state) == sorted(t for t in range(25) if 1 <= state.board.dist[CORNER][t] <= 2)
    assert len(moves(state)) == 8
    assert refusal(state, {"type": "move", "to": T(3, 0)}) == "tile 3 is 3 tiles away: you may move 2"
    assert refusal(state, {"type": "move", "to": 25}) == "tile 25 does not exist: tiles are 0..24"
    assert refusal(state, {"type": "move", "to": CORNER}).startswith("you stand on tile 0")


def test_a_necromancer_moves_up_to_three_tiles():
    state = table(4, pos={2: CORNER}, hands={}, turn=2)
    assert moves(state) == sorted(t for t in range(25) if 1 <= state.board.dist[CORNER][t] <= 3)
    assert refusal(state, {"type": "move", "to": T(4, 1)}) == "tile 9 is 4 tiles away: you may move 3"


def test_a_necromancer_enters_from_an_edge_tile_the_step_on_counting_one():
    state = table(4, hands={}, turn=2)
    assert state.view(None)["pieces"][2]["tile"] is None
    # every tile is within 3 steps from off the board: 1 onto an edge tile, then up to 2 more
    assert moves(state) == list(range(25))
    move(state, SHED)  # edge, one step in, the centre: 3 steps
    assert state.view(None)["pieces"][2]["tile"] == SHED
    assert messages(state)[-2:] == ["crusade.enter", "crusade.end_turn"]


def test_the_move_is_one_continuous_move_then_at_most_a_card():
    state = table(4, pos={0: CORNER}, hands={0: ["sprint", "kick"]}, turn=0)
    move(state, T(1, 0))
    assert "move" not in types(state)
    assert refusal(state, {"type": "move", "to": T(2, 0)}).startswith("you have already moved this turn")
    assert state.to_act() == [0]  # the turn goes on: a card or end
    end(state)
    assert state.to_act() == [1]


def test_a_player_may_move_less_than_the_allowance():
    state = table(4, pos={2: CORNER}, hands={}, turn=2)
    move(state, T(1, 1))
    assert state.pos[2] == T(1, 1)


def test_playing_a_card_ends_the_turn():
    state = table(4, pos={0: T(1, 1)}, hands={0: ["kick", "sacred_seal"]}, graves={T(0, 0): None}, turn=0)
    move(state, T(1, 0))
    assert state.to_act() == [0]
    play(state, "sacred_seal", tile=T(0, 0))
    assert state.to_act() == [1] and state.hands[0] == ["kick"]


def test_a_card_played_before_moving_ends_the_turn_without_a_move():
    state = table(4, pos={0: T(1, 1)}, hands={0: ["sacred_seal"]}, graves={T(0, 0): None}, turn=0)
    play(state, "sacred_seal", tile=T(0, 0))
    assert state.pos[0] == T(1, 1) and state.to_act() == [1]


def test_without_a_playable_card_the_turn_ends_with_the_move():
    state = table(4, pos={0: CORNER}, hands={}, turn=0)
    move(state, T(1, 0))
    assert state.to_act() == [1]


def test_a_player_may_pass_without_moving():
    state = table(4, pos={0: CORNER}, hands={0: ["kick"]}, turn=0)
    assert {"type": "end"} in state.legal_actions(0)
    end(state)
    assert state.pos[0] == CORNER and state.to_act() == [1]


def test_capture_when_the_turn_ends_on_a_grave():
    state = table(4, pos={0: CORNER}, graves={T(2, 0): None}, hands={}, turn=0)
    move(state, T(2, 0))
    assert state.view(None)["graves"][str(T(2, 0))] == {"owner": "gk", "seal": 0}
    assert "crusade.capture" in messages(state)


def test_no_capture_when_passing_over_a_grave():
    state = table(4, pos={0: CORNER}, graves={T(1, 0): None}, hands={}, turn=0)
    move(state, T(2, 0))  # through (1, 0)
    assert state.graves[T(1, 0)]["owner"] is None


def test_capture_by_ending_the_turn_on_a_grave_without_moving():
    state = table(4, pos={2: T(3, 3)}, graves={T(3, 3): "gk"}, hands={}, turn=2)
    end(state)
    assert state.graves[T(3, 3)]["owner"] == "nm"


def test_no_capture_while_an_opponent_stands_on_the_grave():
    state = table(4, pos={0: CORNER, 2: T(2, 0)}, graves={T(2, 0): "nm"}, hands={}, turn=0)
    move(state, T(2, 0))
    assert state.graves[T(2, 0)]["owner"] == "nm"
    entry = next(e for e in state.log if e["msg"] == "crusade.no_capture")
    assert entry["params"] == {"seat": 0, "tile": T(2, 0), "why": "opponent"}


def test_a_team_mate_on_the_grave_does_not_block_the_capture():
    state = table(4, pos={0: CORNER, 1: T(2, 0)}, graves={T(2, 0): "nm"}, hands={}, turn=0)
    move(state, T(2, 0))
    assert state.graves[T(2, 0)]["owner"] == "gk"


def test_a_groundskeeper_ending_on_the_shed_earns_five_tokens_for_the_team():
    state = table(4, pos={0: T(1, 1), 1: CORNER}, hands={}, turn=0)
    move(state, SHED)
    assert state.view(None)["purse"]["gk"] == 5 and state.view(None)["earned"]["gk"] == 5
    end(state)  # seat 1 is not on the Shed
    assert state.purse["gk"] == 5


def test_staying_on_the_shed_earns_the_bonus_too_but_a_necromancer_there_earns_nothing():
    state = table(4, hands={}, turn=0)  # both Groundskeepers start on the Shed
    end(state)
    end(state)
    assert state.purse["gk"] == 10
    move(state, SHED)  # seat 2 enters on the Shed
    assert state.purse == {"gk": 10, "nm": 0}


def test_every_groundskeeper_then_every_necromancer_in_seat_order():
    state = table(5, hands={}, turn=0)
    order = []
    while state.round == 1:
        order.append(state.to_act()[0])
        end(state)
    assert order == [0, 1, 2, 3, 4]


def test_income_at_the_end_of_each_team_part_one_token_per_grave():
    graves = {T(0, 0): "gk", T(4, 0): "gk", T(0, 4): "nm", T(4, 4): None}
    state = table(4, graves=graves, pos={0: T(1, 1), 1: T(1, 1), 2: T(3, 3), 3: T(3, 3)}, hands={}, turn=0)
    end(state)
    assert state.purse == {"gk": 0, "nm": 0}
    end(state)  # the Groundskeepers' part is over
    assert state.purse == {"gk": 2, "nm": 0}
    incomes = [e["params"] for e in state.log if e["msg"] == "crusade.income"]
    assert incomes == [{"team": "gk", "graves": 2, "tokens": 2}]
    end(state)
    end(state)  # the Necromancers' part
    assert state.purse == {"gk": 2, "nm": 1} and state.earned == {"gk": 2, "nm": 1}


def test_tokens_carry_over_and_the_round_counter_moves_at_the_round_end():
    state = table(2, graves={T(0, 0): "gk"}, pos={0: T(1, 1)}, hands={}, turn=0)
    end(state)
    end(state)
    # round 2: 1 token buys nothing, so the shop has nobody to ask and the turns start at once
    assert (state.round, state.phase, state.purse["gk"]) == (2, "turn", 1)
    end(state)
    end(state)
    assert (state.round, state.phase, state.purse["gk"]) == (3, "shop", 2)


def test_round_one_has_no_shop_round_two_opens_with_it():
    state = new(4)
    assert state.phase == "turn" and state.round == 1
    state.purse["gk"] = 2
    state.__dict__.pop("_legal_cache", None)
    while state.round == 1:
        state.apply(state.to_act()[0], {"type": "end"})
    assert state.phase == "shop" and state.round == 2
    assert "crusade.round" in messages(state)


def test_sprint_before_moving_adds_a_tile_and_the_turn_ends_after_the_move():
    state = table(4, pos={0: CORNER}, hands={0: ["sprint"]}, turn=0)
    play(state, "sprint")
    assert state.view(0)["turn"]["allowance"] == 3 and state.to_act() == [0]
    assert T(3, 0) in moves(state)
    move(state, T(3, 0))
    assert state.to_act() == [1]


def test_sprint_after_moving_gives_a_new_move_of_one_tile():
    state = table(4, pos={0: CORNER}, hands={0: ["sprint"]}, turn=0)
    move(state, T(2, 0))
    play(state, "sprint")
    assert moves(state) == sorted(state.board.neighbours[T(2, 0)])
    assert refusal(state, {"type": "move", "to": T(4, 0)}) == "tile 4 is 2 tiles away: your new move may move 1"
    move(state, T(3, 0))
    assert state.to_act() == [1] and state.pos[0] == T(3, 0)


def test_glide_gives_a_necromancer_one_more_tile_and_the_entry_may_use_it():
    state = table(4, pos={2: CORNER}, hands={2: ["glide"]}, turn=2)
    play(state, "glide")
    assert T(4, 4) in moves(state)  # 4 tiles away
    move(state, T(4, 4))
    assert state.to_act() == [3]


def test_a_speed_card_not_used_for_its_move_can_be_followed_by_end():
    state = table(4, pos={0: CORNER}, hands={0: ["sprint"]}, turn=0)
    move(state, T(1, 0))
    play(state, "sprint")
    end(state)
    assert state.pos[0] == T(1, 0) and state.to_act() == [1]


def test_on_the_hex_board_moves_count_hex_steps():
    state = table(4, board="hex19", hands={}, turn=0)
    coords = state.board.layout.coords
    reach = moves(state)  # from the Shed at the centre: every tile is within 2
    assert len(reach) == 18
    at = {c: i for i, c in enumerate(coords)}
    state = table(4, board="hex19", hands={}, pos={0: at[(2, -2)]}, turn=0)
    assert at[(-2, 2)] not in moves(state) and at[(0, 0)] in moves(state) and at[(2, 0)] in moves(state)
    assert refusal(state, {"type": "move", "to": at[(-1, 0)]}) == f"tile {at[(-1, 0)]} is 3 tiles away: you may move 2"
