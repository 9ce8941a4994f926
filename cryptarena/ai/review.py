"""A whole game's review for one seat, decision by decision, as the server's review worker and
`cryptarena review FILE` both run it (coach.py answers one decision; this walks a finished game).

The work is cut at decisions so that a caller can show progress and spread it: `seat_decisions`
lists what to review (cheap: the game replayed once), `review_decision` reviews one from a state's
JSON (a top-level function, so a worker process can run it), `review_result` puts the rows together
in the shape the API, the CLI's --json and the database share.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import games
from ..engine import Rng
from . import coach

THINK = 1.0  # seconds the reviewer thinks over one decision
SECONDS = 3.0  # at most this long estimating the compared moves' chances at one decision


@dataclass(frozen=True)
class Limits:
    """What one decision's review may spend: the reviewer's thinking, the worlds and moves compared."""
    think: float = THINK
    worlds: int = coach.WORLDS
    seconds: float = SECONDS
    width: int = coach.WIDTH


@dataclass(frozen=True)
class Decision:
    step: int  # index in the history
    move: int  # the replay page's move number (frame before the move)
    state: dict  # the table just before it, state.to_json()
    action: dict  # what the seat played


def check_reviewer(game, reviewer: str) -> None:
    """ValueError naming the reviewers this game has, if `reviewer` is not one of them."""
    names = coach.reviewers(game)
    if reviewer not in names:
        raise ValueError(f"{str(reviewer)[:32]!r} does not review {game.id}: its reviewers are {', '.join(names)}")


def seat_decisions(game, players: int, seed: int, options: dict, history: list, seat: int) -> list[Decision]:
    """Every decision of `seat` in the game, in order."""
    return [Decision(step, move, state.to_json(), action)
            for step, move, state, _seat, action in coach.decisions(game, players, seed, options, history, {seat})]


def review_decision(game_id: str, seed: int, seat: int, reviewer: str, decision: Decision, limits: Limits) -> dict:
    """One review row (coach.assess) with its step and move. Its random stream comes from the game's
    seed, the seat and the step, so it does not depend on which process runs it or in what order."""
    game = games.load(game_id)
    state = game.from_json(decision.state)
    row = coach.assess(game, state, seat, decision.action, Rng(coach.decision_seed(seed, seat, decision.step)),
                       reviewer=reviewer, worlds=limits.worlds, width=limits.width, think=limits.think,
                       seconds=limits.seconds)
    return {**row, "step": decision.step, "move": decision.move}


def review_result(game_id: str, players: int, seat: int, reviewer: str, rows: list[dict]) -> dict:
    """The review: the rows (`decisions`) and their summary (coach.summary)."""
    summary = coach.summary(rows)
    return {"game": game_id, "players": players, "seat": seat, "reviewer": reviewer, "decisions": rows, **summary}


__all__ = ["Decision", "Limits", "check_reviewer", "review_decision", "review_result", "seat_decisions"]
