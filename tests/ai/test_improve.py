"""The improvement search's options for games of chance (a horizon of one cycle or one turn, a margin-only
utility) and the game hooks for candidates and worlds."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.ai.agents import Worlds, decide, make_agent
from cryptarena.ai.improve import Improvement, ImprovementAgent
from cryptarena.engine import Rng

QUARTZ = games.load("quartz")


def a_roll_decision(seed: int = 3):
    """A Quartz table where seat 0 chooses among rerolls at its first roll."""
    state = QUARTZ.new_state(3, seed=seed)
    bot, rng = make_agent("medium", QUARTZ), Rng(seed)
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if state.phase == "roll" and sum(a["type"] == "reroll" for a in legal) > 3:
            return state, seat
        state.apply(seat, bot.act(state.view(seat), legal, rng))


class Recording(Improvement):
    """Keeps every roll-out's final table instead of only judging it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ends = []

    def utility(self, state):
        self.ends.append(state)
        return super().utility(state)


def search(state, seat, **options) -> Recording:
    worlds = Worlds(state, seat, Rng(1))
    base = make_agent("medium", QUARTZ)
    found = Recording(seat, worlds.sample, base, Rng(2), width=3, depth=400, **options)
    found.chosen_by_base = base
    found.preferred = base.act(state.view(seat), state.legal_actions(seat), Rng(0))
    return found


def test_a_cycle_horizon_judges_the_table_when_it_comes_back_to_the_searching_seat():
    state, seat = a_roll_decision()
    world = state.determinize(seat, Rng(5))
    cut = search(state, seat, horizon="cycle")
    cut.play_out(world, {"type": "stop"}, 77)
    end = cut.ends[-1]
    assert not end.is_over() and end.to_act() == [seat]
    assert end.round == state.round + 1 or end.order != state.order  # every other seat has played since
    whole = search(state, seat)
    whole.play_out(world, {"type": "stop"}, 77)
    assert whole.ends[-1].is_over()


def test_wins_zero_judges_by_the_margin_alone():
    state, seat = a_roll_decision()
    world = state.determinize(seat, Rng(5))
    margin_only = search(state, seat, margin=1.0, score_scale=20, wins=0.0)
    both = search(state, seat, margin=1.0, score_scale=20)
    a = margin_only.play_out(world, {"type": "stop"}, 9)
    b = both.play_out(world, {"type": "stop"}, 9)
    end = both.ends[-1]
    assert -1.0 < a < 1.0
    assert b == a + (1.0 if seat in end.winners() else 0.0)


def test_a_game_s_candidates_come_before_the_random_ones():
    state, seat = a_roll_decision()
    legal = state.legal_actions(seat)
    wanted = [a for a in legal if a["type"] == "reroll"][-2:]
    worlds = Worlds(state, seat, Rng(1))
    base = make_agent("medium", QUARTZ)
    hinted = Improvement(seat, worlds.sample, base, Rng(2), width=3, hints=lambda view, legal: wanted)
    chosen = hinted.candidates(legal, worlds.sample(Rng(3)))
    assert chosen[0] == hinted.preferred
    assert [a for a in wanted if a != hinted.preferred] == chosen[1:1 + len([a for a in wanted if a != hinted.preferred])]


def test_hard_takes_a_game_s_belief_about_hidden_parts():
    game = games.load("midas")
    drawn = []

    class Spy:
        def __init__(self, sample, seat):
            self.sample, self.seat = sample, seat

        def __call__(self, rng):
            drawn.append(self.seat)
            return self.sample(rng)

    game.search_belief = Spy
    hard = ImprovementAgent(game, make_agent("medium", game), worlds=3, width=2, depth=6)
    state = game.new_state(2, seed=2)
    seat = state.to_act()[0]
    decide(hard, state, seat, Rng(4))
    assert drawn and set(drawn) == {seat}


def test_two_cycles_judge_the_table_the_second_time_it_comes_back():
    state, seat = a_roll_decision()
    world = state.determinize(seat, Rng(5))
    one = search(state, seat, horizon="cycle")
    one.play_out(world, {"type": "stop"}, 77)
    two = search(state, seat, horizon="cycle", cycles=2)
    two.play_out(world, {"type": "stop"}, 77)
    first, second = one.ends[-1], two.ends[-1]
    assert second.to_act() == [seat] and len(second.history) > len(first.history)
    # the second roll-out passed the first one's cut: the same table then, seat to act again
    assert any(a["seat"] != seat for a in second.history[len(first.history):] if "seat" in a)


def test_a_game_s_book_move_is_played_without_a_search():
    game = games.load("pharaoh")
    hard = make_agent("hard", game)
    for players in (2, 3, 4):  # at four no deck stands out, and a searched set-up built decks card by card
        state = game.new_state(players, seed=4)
        seat = state.to_act()[0]
        assert decide(hard, state, seat, Rng(1)) == {"type": "pick", "deck": "avenger"}
        assert hard.last is None  # no roll-out was played for it
    state, medium = game.new_state(2, seed=4), make_agent("medium", game)
    while True:  # past the set-up, a move outside the book is searched
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        if state.phase != "setup" and len(legal) > 1 and game.search_book(view, legal) is None:
            break
        state.apply(seat, medium.act(view, legal, Rng(1)))
    decide(hard, state, seat, Rng(1))
    assert hard.last is not None


def test_a_turn_horizon_waits_for_our_own_next_turn_where_a_cycle_stops_at_an_answer_inside_ours():
    game = games.load("pharaoh")
    bot = make_agent("medium", game)
    for seed in range(30):
        state, rng = game.new_state(2, seed=seed, keep_log=False), Rng(seed)
        while state.to_act():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if state.phase == "act" and len(legal) > 1:
                action = bot.act(state.view(seat), legal, Rng(0))
                world = state.determinize(seat, Rng(5))
                options = dict(width=3, depth=2000, value=game.search_value)
                cycle = Recording(seat, None, bot, Rng(2), horizon="cycle", **options)
                turn = Recording(seat, None, bot, Rng(2), horizon="turn", turn_of=game.search_turn, **options)
                for found in (cycle, turn):
                    found.chosen_by_base, found.preferred = bot, action
                    found.play_out(world, action, 77)
                early, late = cycle.ends[-1], turn.ends[-1]
                if not early.is_over() and early.turns_done == state.turns_done:
                    # the other seat answered inside our turn (a defence, a window): the cycle cut there
                    assert early.turn["seat"] == seat and early.to_act() == [seat]
                    if not late.is_over():
                        assert late.turn["seat"] == seat and late.turns_done > state.turns_done
                        assert late.phase in ("draw", "dominate")  # the start of our next turn
                    return
            state.apply(seat, bot.act(state.view(seat), legal, rng))
    raise AssertionError("no answer inside a turn in the games played")


def test_a_turn_horizon_needs_the_game_s_turn_hook():
    with pytest.raises(ValueError, match="search_turn"):
        ImprovementAgent(QUARTZ, make_agent("medium", QUARTZ), horizon="turn")


def test_an_own_turn_horizon_judges_the_table_as_soon_as_the_searching_seat_s_turn_is_over():
    state, seat = a_roll_decision()
    world = state.determinize(seat, Rng(5))
    turn = search(state, seat, horizon="own_turn")
    turn.play_out(world, {"type": "stop"}, 77)
    end = turn.ends[-1]
    assert not end.is_over() and end.to_act() != [seat]
    assert end.history[-1]["seat"] == seat and end.history[-1]["action"] == {"type": "end_turn"}
    cycle = search(state, seat, horizon="cycle")
    cycle.play_out(world, {"type": "stop"}, 77)
    assert len(cycle.ends[-1].history) > len(end.history)  # the others' turns lie beyond the cut
