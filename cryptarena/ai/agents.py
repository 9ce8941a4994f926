"""Agents choose an action from what their seat may see: `act(view, legal, rng)`.

An agent never receives the state, only `state.view(seat)` and `state.legal_actions(seat)`, so it
cannot read a secret. Generic agents live here; a game's heuristic bots are reached through the
registry as `game.bots[name]`.
"""

from __future__ import annotations

from pathlib import Path
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


class Worlds:
    """What a search agent may ask of the table: full states consistent with its seat's view, every
    hidden part re-drawn (the game's `determinize`). It keeps one determinised copy, never the table
    itself, so nothing reachable from it holds a secret of another seat; each `sample(rng)` re-draws
    from that copy, which gives the same worlds as re-drawing from the table (a game's re-draw depends
    only on what the seat knows: tests/conformance/test_determinize_canonical.py)."""

    __slots__ = ("seat", "sides", "_base")

    def __init__(self, state, seat: int, rng: Rng, sides: list | None = None):
        self.seat = seat
        self.sides = sides
        self._base = state.determinize(seat, rng)

    def sample(self, rng: Rng):
        return self._base.determinize(self.seat, rng)


def decide(agent: Agent, state, seat: int, rng: Rng, sides: list | None = None) -> dict:
    """The agent's choice for `seat`: from its view and legal actions, plus, for a search agent
    (`wants_worlds`), a `Worlds` for that seat. The one way callers (simulations, the terminal, the
    server) ask an agent, so no caller hands a state to an agent."""
    view, legal = state.view(seat), state.legal_actions(seat)
    if getattr(agent, "wants_worlds", False) and len(legal) > 1:
        return agent.act(view, legal, rng, worlds=Worlds(state, seat, rng.spawn(), sides))
    return agent.act(view, legal, rng)


class EasyAgent:
    """The easy level: the game's heuristic bot's move half the time, a uniform legal move otherwise."""

    name = "easy"

    def __init__(self, game: Game, heuristic: Agent | None = None):
        self.game = game
        self.heuristic = heuristic if heuristic is not None else make_agent(medium_name(game), game)

    def act(self, view: dict, legal: list[dict], rng: Rng) -> dict:
        if len(legal) > 1 and rng.below(2):
            return legal[rng.below(len(legal))]
        return self.heuristic.act(view, legal, rng)


GENERIC = {"random": RandomAgent}
LEVELS = ("easy", "medium", "hard")
# above hard, only where the game ships learned weights (`Game.expert_file`: ai/value.py, ai/train.py)
EXPERT = "expert"


def medium_name(game: Game) -> str:
    """The game's best heuristic bot (its `medium_bot`, else "greedy", else its only bot), or random."""
    bots = getattr(game, "bots", {})
    named = getattr(game, "medium_bot", None)
    if named in bots:
        return named
    if "greedy" in bots:
        return "greedy"
    return next(iter(bots), "random")


def hard_agent(game: Game, seconds: float | None = None) -> Agent:
    """The hard level: a search with the game's settings (`Game.search_settings`). `algorithm`
    "improve" (default): the heuristic bot improved by roll-outs on sampled worlds (ai/improve.py:
    `worlds`, `width`, `depth`); "ismcts": ISMCTS (ai/ismcts.py: `iterations`, roll-out policy
    "heuristic" or "uniform" with its `rollout_mix`, `opponents` "search" or "heuristic", depths).
    Where a caller bounds thinking time (the server), at most `seconds` per decision as well."""
    settings = dict(getattr(game, "search_settings", {}) or {})
    algorithm = settings.pop("algorithm", "improve")
    heuristic = make_agent(medium_name(game), game)
    if algorithm == "improve":
        from .improve import ImprovementAgent

        return ImprovementAgent(game, heuristic, seconds=seconds, name="hard", **settings)
    from .ismcts import ISMCTSAgent, agent_policy

    rollout = settings.pop("rollout", "uniform")
    mix = settings.pop("rollout_mix", 0.0)
    modelled = settings.pop("opponents", "search")
    policy = lambda g: agent_policy(heuristic, mix)  # noqa: E731
    settings.setdefault("iterations", 300)
    return ISMCTSAgent(game, rollout=policy if rollout == "heuristic" else None,
                       opponents=policy if modelled == "heuristic" else None, seconds=seconds, name="hard", **settings)


def has_expert(game: Game) -> bool:
    path = getattr(game, "expert_file", None)
    return path is not None and Path(path).is_file()


def expert_agent(game: Game, seconds: float | None = None, value=None) -> Agent:
    """The expert level: hard's search (`search_settings`, then the game's `expert_settings` on top:
    more worlds, a shorter roll-out) judging a cut roll-out by a chance-to-win estimate learned by
    self-play (ai/value.py): `value` (a `LearnedValue`, as training passes) or the game's shipped
    `expert_file`."""
    from .improve import ImprovementAgent
    from .value import shipped

    if value is None and not has_expert(game):
        raise ValueError(f"unknown agent 'expert' for {game.id}; choose from {', '.join(agent_names(game))}")
    settings = dict(getattr(game, "search_settings", {}) or {})
    settings.pop("algorithm", None)
    settings.update(getattr(game, "expert_settings", {}) or {})
    return ImprovementAgent(game, make_agent(medium_name(game), game), seconds=seconds, name=EXPERT,
                            value=value if value is not None else shipped(game, game.expert_file), **settings)


def ismcts_agent(game: Game) -> Agent:
    from .ismcts import ISMCTSAgent

    return ISMCTSAgent(game)


def agent_names(game: Game) -> list[str]:
    """Every name `make_agent` takes: the three levels (and expert where the game ships its weights),
    the generic agents and the game's own bots."""
    return [*LEVELS, *([EXPERT] if has_expert(game) else []), *sorted({*GENERIC, "ismcts", *getattr(game, "bots", {})})]


def make_agent(name: str, game: Game, *, think_seconds: float | None = None) -> Agent:
    """An agent by name: a level (easy, medium, hard, expert where the game has one), a generic one (random, ismcts: plain search with
    uniform roll-outs), or one of the game's own bots."""
    if name == "easy":
        return EasyAgent(game)
    if name == "medium":  # the heuristic bot itself, under its own name
        return make_agent(medium_name(game), game)
    if name == "hard":
        return hard_agent(game, think_seconds)
    if name == EXPERT and has_expert(game):
        return expert_agent(game, think_seconds)
    if name == "ismcts":
        return ismcts_agent(game)
    if name in GENERIC:
        return GENERIC[name](game)
    bots = getattr(game, "bots", {})
    if name in bots:
        return bots[name](game)
    raise ValueError(f"unknown agent {name!r} for {game.id}; choose from {', '.join(agent_names(game))}")
