"""Agents choose an action from what their seat may see: `act(view, legal, rng)`.

An agent never receives the state, only `state.view(seat)` and `state.legal_actions(seat)`, so it
cannot read a secret. Generic agents live here; a game's heuristic bots are reached through the
registry as `game.bots[name]`.
"""

from __future__ import annotations

from typing import Protocol

from ..engine import Rng
from ..games import Game


class Agent(Protocol):
    name: str

    def act(self, view: dict, legal: list[dict], rng: Rng) -> dict: ...


class RandomAgent:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, game: Game | None = None):
        self.game = game

    def act(self, view: dict, legal: list[dict], rng: Rng) -> dict:
        return legal[rng.below(len(legal))]


GENERIC = {"random": RandomAgent}


def agent_names(game: Game) -> list[str]:
    return sorted({*GENERIC, *getattr(game, "bots", {})})


def make_agent(name: str, game: Game) -> Agent:
    """An agent by name: a generic one, or one of the game's own bots."""
    if name in GENERIC:
        return GENERIC[name](game)
    bots = getattr(game, "bots", {})
    if name in bots:
        return bots[name](game)
    raise ValueError(f"unknown agent {name!r} for {game.id}; choose from {', '.join(agent_names(game))}")
