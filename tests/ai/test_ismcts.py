"""The search bot (ai/ismcts.py) and the three levels, for every registered game.

- It reads no secret: its worlds come from a determinised copy of the table, and two tables that
  differ only in what its seat cannot see (the second a re-draw of the first's hidden parts) give
  the same worlds and the same decisions.
- It decides for a seat that is not the first of several to act (simultaneous choices), plays whole
  games to their end with legal moves only, and finds the better move where one is plainly better.
- easy, medium and hard exist in every game under those names.
"""

from __future__ import annotations

import math

import pytest

from cryptarena import games
from cryptarena.ai.agents import LEVELS, Worlds, agent_names, decide, make_agent, medium_name
from cryptarena.ai.improve import ImprovementAgent
from cryptarena.ai.ismcts import ISMCTSAgent, Search, rewards
from cryptarena.ai.runner import play_game
from cryptarena.engine import Rng

GAMES = games.ids()


def positions(game_id: str, players: int, count: int, seed: int = 7, every: int = 9):
    """Tables after some random play, a few decisions apart, each with a seat to decide."""
    game = games.load(game_id)
    state = game.new_state(players, seed=seed)
    rng = Rng(seed)
    found = []
    for step in range(every * count * 4):
        if state.is_over() or len(found) == count:
            break
        if step % every == every - 1:
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 1:
                found.append((state.clone(), seat))
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        picks = [a for a in legal if a["type"] == "pick"]  # Pharaoh: a starter deck, not a long build
        state.apply(seat, picks[0] if picks else legal[rng.below(len(legal))])
    return game, found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_makes_the_same_decisions_on_tables_that_differ_only_in_hidden_parts(game_id):
    game, found = positions(game_id, {"quartz": 3, "crusade": 4}.get(game_id, 2), 3)
    assert found
    differ = searched = 0
    for state, seat in found:
        other = state.determinize(seat, Rng(99))  # the same to `seat`, every hidden part re-drawn
        assert other.view(seat) == state.view(seat)
        differ += other.to_json()["data"] != state.to_json()["data"]
        a = ISMCTSAgent(game, iterations=40, rollout_depth=30)
        b = ISMCTSAgent(game, iterations=40, rollout_depth=30)
        assert decide(a, state, seat, Rng(5)) == decide(b, other, seat, Rng(5))
        if a.last is not None:  # (a lone choice besides a take-back needs no search)
            assert a.last.statistics() == b.last.statistics()  # the whole search, not only its answer
        searched += b.last is not None
        c = ImprovementAgent(game, make_agent("medium", game), worlds=2, width=3, depth=20)
        d = ImprovementAgent(game, make_agent("medium", game), worlds=2, width=3, depth=20)
        assert decide(c, state, seat, Rng(6)) == decide(d, other, seat, Rng(6))
        assert (c.last and c.last.totals) == (d.last and d.last.totals)
    if game_id not in ("quartz",):  # Quartz's bag is never in a seat's view but its order is unknown to all
        assert differ and searched, "nothing re-drawn or nothing searched: the test would prove nothing"


def test_worlds_hold_no_secret_of_the_table():
    """A search agent is handed `Worlds`, which keeps a re-drawn copy only: the other seat's hand in it
    is not the real one (Pharaoh: hands of eight cards from decks of about forty)."""
    game = games.load("pharaoh")
    state = game.new_state(2, seed=3)
    state.apply(0, {"type": "pick", "deck": "warlord"})
    state.apply(1, {"type": "pick", "deck": "avenger"})
    seen = [Worlds(state, 0, Rng(k)) for k in range(6)]
    real = state.to_json()["data"]
    assert all(w._base.to_json()["data"] != real for w in seen)
    assert all(w._base.view(0) == state.view(0) for w in seen)
    assert not any(hasattr(w, name) for w in seen for name in ("state", "_state", "table"))


def test_a_search_bot_without_worlds_says_it_needs_them():
    game = games.load("midas")
    state = game.new_state(2, seed=1)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    with pytest.raises(ValueError, match="needs worlds"):
        ISMCTSAgent(game).act(state.view(seat), legal, Rng(1))


def test_simultaneous_choices_a_seat_that_is_not_first_decides():
    game = games.load("pharaoh")
    state = game.new_state(3, seed=4)
    assert state.to_act() == [0, 1, 2]  # set-up: every seat chooses at once
    agent = ISMCTSAgent(game, iterations=30, rollout_depth=20)
    action = decide(agent, state, 2, Rng(1))
    assert action in state.legal_actions(2)
    assert agent.last.root.children  # it searched from seat 2's choice
    state.apply(2, action)


@pytest.mark.parametrize("game_id, players", [("crypt", 2), ("quartz", 3), ("midas", 2), ("crusade", 2),
                                              ("pharaoh", 2)])
@pytest.mark.parametrize("settings", [{"algorithm": "ismcts", "iterations": 6, "rollout_depth": 10, "tree_depth": 4},
                                      {"algorithm": "improve", "worlds": 1, "width": 3, "depth": 8}],
                         ids=["ismcts", "improve"])
def test_the_search_plays_whole_games_with_legal_moves(game_id, players, settings, monkeypatch):
    game = games.load(game_id)
    monkeypatch.setattr(type(game), "search_settings", settings,
                        raising=False)
    seating = ["hard"] + ["random"] * (players - 1)
    record = play_game(game, players, seed=3, seating=seating)
    assert record.actions > 0  # play_game raises on an illegal move or a game that does not end


def test_a_small_search_beats_random_play(monkeypatch):
    """Midas, two seats, ten seeded games, each seat in turn: 25 iterations with short roll-outs win
    at least 8 (random play against random play wins 5 on average; at least 8 happens by chance
    about 5 times in 100)."""
    game = games.load("midas")
    monkeypatch.setattr(type(game), "search_settings", {"algorithm": "ismcts", "iterations": 25,
                                                                     "rollout_depth": 25}, raising=False)
    won = 0
    for i in range(10):
        seating = ["hard", "random"] if i % 2 == 0 else ["random", "hard"]
        record = play_game(game, 2, seed=500 + i, seating=seating)
        won += sum(1 for seat in record.winners if seating[seat] == "hard")
    assert won >= 8


def test_rewards_pay_the_winning_side_and_judge_an_unfinished_game_by_the_scores():
    game = games.load("crusade")
    state = game.new_state(4, seed=1)
    sides = game.seat_teams(4, None)
    reward = rewards(state, sides)  # not over, no graves held: the two sides are level
    assert reward == [0.5] * 4
    quartz = games.load("quartz")
    state = quartz.new_state(3, seed=1)
    rng = Rng(2)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    winners = state.winners()
    assert rewards(state, None) == [1 / len(winners) if s in winners else 0.0 for s in range(3)]


def test_a_time_budget_stops_the_search():
    game = games.load("quartz")
    state = game.new_state(3, seed=2)
    seat = state.to_act()[0]
    worlds = Worlds(state, seat, Rng(1))
    search = Search(seat, worlds.sample, Rng(3))
    search.run(seconds=0.05)
    assert search.iterations >= 1
    with pytest.raises(ValueError):
        search.run()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_the_three_levels(game_id):
    game = games.load(game_id)
    names = agent_names(game)
    assert names[:3] == list(LEVELS)
    assert make_agent("easy", game).name == "easy"
    medium = make_agent("medium", game)
    assert medium.name == medium_name(game) and isinstance(medium, type(make_agent(medium_name(game), game)))
    assert medium_name(game) in getattr(game, "bots", {})
    hard = make_agent("hard", game, think_seconds=0.5)
    assert getattr(hard, "wants_worlds", False) and hard.seconds == 0.5
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("impossible", game)


def test_roll_out_improvement_departs_from_the_heuristic_only_on_evidence():
    from cryptarena.ai.improve import Improvement

    pick = Improvement(0, None, None, Rng(1)).pick
    base = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    assert pick([base, [1.0] * 6]) == 1                      # better on every world
    assert pick([base, [1.0, 1.0, 0.0, 1.0, 0.0, 1.0]]) == 0  # better on one world of six: noise
    assert pick([base, base]) == 0                           # a tie keeps the heuristic's choice
    assert pick([[0.0], [1.0]]) == 0                         # one world never suffices
    assert pick([base, [1.0] * 6, [1.0, 1.0, 1.0, 1.0, 1.0, 0.0]]) == 1


def test_a_lower_confidence_departs_on_thinner_evidence():
    from cryptarena.ai.improve import Improvement

    base = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    thin = [1.0, 1.0, 0.0, 1.0, 0.0, 1.0]  # better on one world of six
    assert Improvement(0, None, None, Rng(1)).pick([base, thin]) == 0
    assert Improvement(0, None, None, Rng(1), confidence=0.5).pick([base, thin]) == 1


def test_the_margin_utility_rewards_a_lead_by_its_size():
    from cryptarena.ai.improve import Improvement, margin_utility

    class Scored:  # a game cut mid-way: totals only
        players = 3

        def __init__(self, totals):
            self.totals = totals

        def scores(self):
            return [{"total": t, "breakdown": {"points": t}} for t in self.totals]

        def is_over(self):
            return False

    assert margin_utility(Scored([10, 4, 6]), 0, None, 10.0) == pytest.approx(math.tanh(0.4))
    assert margin_utility(Scored([3, 4, 6]), 0, None, 10.0) == pytest.approx(math.tanh(-0.3))
    assert margin_utility(Scored([3, 9, 6]), 0, [0, 0, 1], 10.0) == pytest.approx(math.tanh(-0.3))  # own side
    plain = Improvement(0, None, None, Rng(1))
    keen = Improvement(0, None, None, Rng(1), margin=0.5, score_scale=10.0)
    wide, narrow = Scored([20, 4, 6]), Scored([7, 4, 6])
    assert plain.utility(wide) == plain.utility(narrow) == 1.0  # ahead of both: the same either way
    assert keen.utility(wide) > keen.utility(narrow) > 1.0


def test_hard_takes_the_margin_and_confidence_of_the_search_settings():
    game = games.load("crypt")  # a fresh rules object: the class's own settings stay as they are
    game.search_settings = {"worlds": 4, "margin": 0.5, "score_scale": 8, "confidence": 1.0}
    hard = make_agent("hard", game)
    assert hard.worlds == 4 and hard.options == {"confidence": 1.0, "margin": 0.5, "score_scale": 8}


def test_roll_outs_play_forks_of_the_heuristic_and_never_touch_the_real_one():
    game = games.load("crypt")

    class Counting:  # a heuristic that remembers how often it was asked, as a planning bot remembers its plan
        def __init__(self):
            self.game, self.inner, self.calls = game, make_agent("medium", game), 0

        def act(self, view, legal, rng):
            self.calls += 1
            return self.inner.act(view, legal, rng)

    real = Counting()
    hard = ImprovementAgent(game, real, worlds=3, width=3, depth=20)
    state = game.new_state(2, seed=4)
    rng = Rng(2)
    while len(state.legal_actions(state.to_act()[0])) < 2:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    choice = decide(hard, state, seat, rng)
    search = hard.last
    assert search.worlds == 3 and real.calls == 0  # dozens of roll-out moves, none by the real bot
    if choice == search.preferred:
        assert hard.base_agent is search.chosen_by_base and hard.base_agent.calls == 1
    else:
        assert hard.base_agent is real
