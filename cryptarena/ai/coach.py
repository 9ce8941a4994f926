"""Coaching from one seat's information: the move a stronger bot would play, and the seat's chance to win.

A hint at a table and a review of a finished game ask the same two questions of one decision of one
seat, and answer both on worlds re-drawn from that seat's view (`ai.agents.Worlds`: the game's
`determinize`, and the game's `search_belief` where it has one), never on the table itself:

- **Which move?** The reviewer bot (`hard`, or any agent name `make_agent` takes) decides as it would
  at a table, through `decide`, so it sees exactly what the seat sees.
- **What chance?** Each move is played on from the same sampled worlds with the same dice (common
  random numbers), every seat then played by the game's medium bot on its own view, to the end of the
  game (or, past `DEPTH` steps, judged by the game's `search_value`, else the score order). The share
  of those games the seat's side wins (a shared win counts its share) is the estimate: "your chance
  if everyone plays like the medium bot from here". Two tables that differ only in another seat's
  hidden parts give the same worlds, hence the same hint and the same review
  (tests/conformance/test_determinize_canonical.py).

A review's preferred move is, among the move played, the reviewer's choice, the medium bot's, the
game's own `search_candidates` and a few others, the one with the best chance on the same worlds,
where it beats the move played by more than `SIGNIFICANCE` standard errors of the paired
differences; otherwise the move played stands (a review must not call a move a mistake on noise).
"""

from __future__ import annotations

import math
import time
from typing import Callable, Iterator

from ..engine import Rng, action_key, derive_seed
from .agents import EXPERT, Worlds, decide, has_expert, make_agent, medium_name
from .improve import fork
from .ismcts import playable, rewards

DEPTH = 5000  # steps of a roll-out before the game's estimate judges it (games end long before)
SIGNIFICANCE = 2.0  # standard errors a better move must clear before a review calls the played one worse
WIDTH = 6  # moves a review compares at one decision
WORLDS = 24  # worlds a review plays each compared move on
MIN_WORLDS = 4  # at least this many, whatever the time


def reviewers(game) -> list[str]:
    """The bots that may review a game of `game` or give hints in it: hard, and expert where the game has one."""
    return ["hard", EXPERT] if has_expert(game) else ["hard"]


def sides_of(game, state) -> list | None:
    return game.seat_teams(state.players, state.options)


def sampler(game, state, seat: int, rng: Rng) -> Callable[[Rng], object]:
    """Worlds for `seat`: drawn from its view, weighed by the game's belief where it has one."""
    worlds = Worlds(state, seat, rng.spawn(), sides_of(game, state))
    belief = getattr(game, "search_belief", None)
    return belief(worlds.sample, seat) if belief is not None else worlds.sample


def play_on(game, world, seat: int, action: dict, stream: int, fresh, sides: list | None) -> float:
    """`seat`'s reward after `action` in `world`, every seat then played by its own fork of the medium
    bot, with the dice of `stream` (the same after every compared move)."""
    state = world.clone()
    state.rng = Rng(stream)
    roll = Rng(stream ^ 0x5DEECE66D)
    state.apply(seat, action)
    undo = game.undo_actions
    bots: dict[int, object] = {}
    steps = 0
    while not state.is_over() and steps < DEPTH:
        mover = state.to_act()[0]
        options = playable(state.legal_actions(mover), undo)
        if len(options) == 1:
            choice = options[0]
        else:
            bot = bots.get(mover)
            if bot is None:
                bot = bots[mover] = fork(fresh)
            choice = bot.act(state.view(mover), options, roll)
        state.apply(mover, choice)
        steps += 1
    return rewards(state, sides, getattr(game, "search_value", None))[seat]


def chances(game, state, seat: int, actions: list[dict], rng: Rng, *, worlds: int = WORLDS,
            seconds: float | None = None) -> list[list[float]]:
    """For each of `actions` (legal for `seat` now), the seat's reward on each sampled world after
    playing it: up to `worlds` worlds, fewer when `seconds` run out (never fewer than MIN_WORLDS)."""
    deadline = time.perf_counter() + seconds if seconds is not None else None
    sample = sampler(game, state, seat, rng)
    fresh = make_agent(medium_name(game), game)
    sides = sides_of(game, state)
    results: list[list[float]] = [[] for _ in actions]
    for k in range(worlds):
        if deadline is not None and k >= MIN_WORLDS and time.perf_counter() >= deadline:
            break
        world = sample(rng.spawn())
        stream = rng.next64()
        for i, action in enumerate(actions):
            results[i].append(play_on(game, world, seat, action, stream, fresh, sides))
    return results


def mean(row: list[float]) -> float:
    return sum(row) / len(row) if row else 0.0


def beats(better: list[float], worse: list[float], z: float = SIGNIFICANCE) -> bool:
    """`better` wins on the same worlds by more than `z` standard errors of the paired differences."""
    n = len(better)
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(better, worse)]
    m = sum(diffs) / n
    var = sum((d - m) ** 2 for d in diffs) / (n - 1)
    return m > 0 and m - z * math.sqrt(var / n) > 0


def hint(game, state, seat: int, rng: Rng, *, seconds: float = 2.0, reviewer: str = "hard",
         action: dict | None = None) -> dict:
    """The reviewer bot's move for `seat` now (or `action`, a move decided elsewhere: a lesson's) and
    the seat's estimated chance to win after it, in at most about `seconds` (half to choose, the rest
    to estimate). The state stays untouched."""
    start = time.perf_counter()
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to play now")
    if action is None:
        agent = make_agent(reviewer, game, think_seconds=seconds / 2)
        action = decide(agent, state, seat, rng.spawn(), sides_of(game, state))
    elif action not in legal:
        raise ValueError(f"{action} is not a move seat {seat} may make now")
    left = max(0.0, seconds - (time.perf_counter() - start))
    row = chances(game, state, seat, [action], rng, seconds=left)[0]
    return {"seat": seat, "action": action, "chance": round(mean(row), 3), "worlds": len(row),
            "reviewer": reviewer, "seconds": round(time.perf_counter() - start, 3)}


def candidates(game, state, seat: int, played: dict, preferred: dict, rng: Rng, width: int = WIDTH) -> list[dict]:
    """The moves a review compares: the one played, the reviewer's, the medium bot's, the game's own
    candidates, then others drawn at random, `width` in all (every move where there are fewer)."""
    legal = playable(state.legal_actions(seat), game.undo_actions)
    medium = decide(make_agent(medium_name(game), game), state, seat, rng.spawn(), sides_of(game, state))
    listed = [played, preferred, medium]
    own = getattr(game, "search_candidates", None)
    if own is not None:
        listed += own(state.view(seat), legal)
    others = list(legal)
    rng.shuffle(others)
    out: list[dict] = []
    seen: set[str] = set()
    for action in [*listed, *others]:
        key = action_key(action)
        if key in seen or action not in legal:
            continue
        seen.add(key)
        out.append(action)
        if len(out) >= width:
            break
    return out


def assess(game, state, seat: int, played: dict, rng: Rng, *, reviewer: str = "hard", worlds: int = WORLDS,
           width: int = WIDTH, think: float | None = None, seconds: float | None = None) -> dict:
    """One decision of `seat` in review: the reviewer's move (thinking at most `think` seconds), the
    compared moves' chances on the same worlds (at most `seconds` for those), the move preferred and
    the swing: the chance the move played gave up against it (0 where it stands)."""
    agent = make_agent(reviewer, game, think_seconds=think)
    choice = decide(agent, state, seat, rng.spawn(), sides_of(game, state))
    compared = candidates(game, state, seat, played, choice, rng, width)
    rows = chances(game, state, seat, compared, rng, worlds=worlds, seconds=seconds)
    means = [mean(r) for r in rows]
    best = max(range(len(compared)), key=lambda i: (means[i], -i))
    preferred = best if best != 0 and beats(rows[best], rows[0]) else 0
    return {"seat": seat, "played": played, "reviewer_move": choice, "preferred": compared[preferred],
            "before": round(means[preferred], 3), "after": round(means[0], 3),
            "swing": round(means[preferred] - means[0], 3), "worlds": len(rows[0]),
            "options": len(playable(state.legal_actions(seat), game.undo_actions)),
            "compared": [{"action": a, "chance": round(m, 3)} for a, m in zip(compared, means)]}


def decisions(game, players: int, seed: int, options: dict, history: list,
              seats: set[int] | None = None) -> Iterator[tuple[int, int, object, int, dict]]:
    """(step, move, state, seat, action) for every point of `history` where a seat of `seats` (all by
    default) chose among more than one move, take-backs aside: `step` indexes the history, `move` is
    the replay page's move number (frames count moves, not scripted chance), `state` the table just
    before that move (a copy: the caller may keep it)."""
    state = game.new_state(players, seed, options, keep_log=False)
    move = 0
    for step, entry in enumerate(history):
        if "script" not in entry:
            seat, action = entry["seat"], entry["action"]
            if (seats is None or seat in seats) and action["type"] not in game.undo_actions \
                    and len(playable(state.legal_actions(seat), game.undo_actions)) > 1:
                yield step, move, state.clone(), seat, action
            move += 1
        state.replay_step(entry)


def decision_seed(seed: int, seat: int, step: int) -> int:
    """A review's random stream at one decision: the same file reviews the same way every time."""
    return derive_seed(seed, "review", seat, step)


def summary(rows: list[dict], threshold: float = 0.05) -> dict:
    """What a review shows above its move list: the decisions by swing, biggest first ("blunders":
    those that gave up at least `threshold` of the chance to win), and the chance over the game."""
    ranked = sorted(range(len(rows)), key=lambda i: (-rows[i]["swing"], rows[i]["move"]))
    return {"blunders": [i for i in ranked if rows[i]["swing"] >= threshold],
            "ranked": ranked,
            "chart": [{"move": r["move"], "before": r["before"], "after": r["after"]} for r in rows],
            "agreed": sum(1 for r in rows if r["swing"] <= 0)}


__all__ = ["assess", "beats", "candidates", "chances", "decision_seed", "decisions", "hint", "mean", "play_on",
           "reviewers", "sampler", "summary"]
