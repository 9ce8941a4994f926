"""ai/coach.py: hints and reviews from one seat's information."""

from __future__ import annotations

from cryptarena import games
from cryptarena.ai import coach
from cryptarena.ai.agents import RandomAgent, decide, make_agent
from cryptarena.ai.ismcts import playable
from cryptarena.engine import Rng
from cryptarena.server.replays import frames

# Crypt, two medium bots, seed 25, in the last round: a servant with effort 4 on slot 1 wins the game
# whatever follows (found by scanning medium games for a move that wins every world against any reply);
# effort 2 on slot 0 loses it.
SEED, STEP = 25, 57
WINS = {"type": "place", "slot": 1, "effort": 4}
LOSES = {"type": "place", "slot": 0, "effort": 2}


def medium_game(game, players: int, seed: int, *, until: int | None = None, history: list | None = None,
                first: list | None = None):
    """Medium bots in every seat, from `first` (steps played as given) on, for `until` steps or to the end."""
    state = game.new_state(players, seed, {})
    history = [] if history is None else history
    for step in first or []:
        state.replay_step(step)
        history.append(step)
    bots = [make_agent("medium", game) for _ in range(players)]
    rng = Rng(seed)
    while not state.is_over() and (until is None or len(history) < until):
        seat = state.to_act()[0]
        action = dict(decide(bots[seat], state, seat, rng))
        state.apply(seat, action)
        history.append({"seat": seat, "action": action})
    return state, history


def missed_win_game():
    game = games.load("crypt")
    before, history = medium_game(game, 2, SEED, until=STEP)
    assert before.to_act() == [0] and WINS in before.legal_actions(0) and LOSES in before.legal_actions(0)
    end, history = medium_game(game, 2, SEED, first=[*history, {"seat": 0, "action": LOSES}])
    return game, before, end, history


def test_the_scenario_is_a_forced_win_missed():
    """After the winning move seat 0 wins on every world it may be in, whatever the other seat plays
    (at random, or as the medium bot) and whatever the dice; the move played lost."""
    game, before, end, _ = missed_win_game()
    sample = coach.sampler(game, before, 0, Rng(1))
    rng = Rng(2)
    for k in range(60):
        world = sample(rng.spawn())
        world.apply(0, WINS)
        bots = {0: make_agent("medium", game), 1: RandomAgent(game) if k % 2 else make_agent("medium", game)}
        roll = rng.spawn()
        while not world.is_over():
            seat = world.to_act()[0]
            world.apply(seat, decide(bots[seat], world, seat, roll))
        assert world.winners() == [0]
    assert end.is_over() and end.winners() == [1]


def review_rows(game, history, seat, worlds=12):
    rows = []
    for step, move, state, s, action in coach.decisions(game, 2, SEED, {}, history, {seat}):
        row = coach.assess(game, state, s, action, Rng(coach.decision_seed(SEED, s, step)), worlds=worlds)
        rows.append({**row, "step": step, "move": move})
    return rows


def test_a_review_lists_the_missed_forced_win_first():
    game, _, _, history = missed_win_game()
    rows = review_rows(game, history, 0)
    found = coach.summary(rows)
    top = rows[found["ranked"][0]]
    assert top["step"] == STEP and top["played"] == LOSES
    assert top["preferred"] == WINS and top["before"] == 1.0 and top["swing"] >= 0.75
    assert found["blunders"][0] == found["ranked"][0]
    # every other decision gave up less
    assert all(rows[i]["swing"] < top["swing"] for i in found["ranked"][1:])
    assert [c["move"] for c in found["chart"]] == [r["move"] for r in rows]


def test_the_same_game_reviews_the_same_way():
    game, _, _, history = missed_win_game()
    short = history[:STEP + 1]
    assert review_rows(game, short, 0, worlds=6) == review_rows(game, short, 0, worlds=6)


def test_decisions_skip_forced_moves_and_count_moves_as_the_replay_does():
    game, _, end, history = missed_win_game()
    found = list(coach.decisions(game, 2, SEED, {}, history))
    replay = frames(game, 2, SEED, {}, history, "all")["frames"]
    assert found and len(found) < len(history)
    for step, move, state, seat, action in found:
        assert history[step] == {"seat": seat, "action": action}
        assert replay[move]["next"] == {"seat": seat, "action": action}
        assert len(playable(state.legal_actions(seat), game.undo_actions)) > 1
    assert {seat for _, _, _, seat, _ in found} == {0, 1}


def test_scripted_chance_is_not_a_move():
    """A companion table's history holds scripted chance ({"script": ...}): not a move, not a frame."""
    game = games.load("crypt")
    state = game.new_state(2, 4, {})
    history = []
    for _ in range(10):
        state.replay_step({"script": [4]})
        history.append({"script": [4]})
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        history.append({"seat": seat, "action": action})
    found = list(coach.decisions(game, 2, 4, {}, history))
    replay = frames(game, 2, 4, {}, history, "all")["frames"]
    assert found
    for step, move, _, seat, action in found:
        assert step == 2 * move + 1 and replay[move]["next"] == {"seat": seat, "action": action}


def test_a_move_as_good_as_any_stands():
    """Where nothing is significantly better, the move played is the one preferred: swing 0."""
    game, _, _, history = missed_win_game()
    rows = review_rows(game, history[:STEP + 3], 0, worlds=8)
    standing = [r for r in rows if r["preferred"] == r["played"]]
    assert standing and all(r["swing"] == 0 and r["before"] == r["after"] for r in standing)
    assert all(r["swing"] >= 0 for r in rows)


def test_a_hint_is_a_legal_move_with_a_chance_and_leaves_the_table_alone():
    for game_id, players in (("quartz", 3), ("midas", 2), ("pharaoh", 2)):
        game = games.load(game_id)
        state = game.new_state(players, 9, {})
        seat = state.to_act()[0]
        saved = state.to_json()
        found = coach.hint(game, state, seat, Rng(3), seconds=0.5)
        assert found["action"] in state.legal_actions(seat)
        assert 0.0 <= found["chance"] <= 1.0 and found["worlds"] >= coach.MIN_WORLDS
        assert state.to_json() == saved
        state.apply(seat, found["action"])


def test_the_hint_in_a_won_position_says_so():
    game, before, _, _ = missed_win_game()
    found = coach.hint(game, before, 0, Rng(4), seconds=1.0)
    assert found["action"] == WINS and found["chance"] == 1.0


def test_reviewers():
    assert coach.reviewers(games.load("crypt"))[0] == "hard"
